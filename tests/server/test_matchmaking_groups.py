"""The matcher's choice of groups (``choose_groups``), against the plain search it replaced: seat the best of
the groups that start at each free request, then look at every free request again. The two must choose the
same groups in the same order for any pool (people asking twice, blocks, ratings close and far, requests
old and new), so the faster search changes nobody's table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.server.lobby.matchmaking import Waiting, choose_groups, spread_allowed

NOW = 10_000.0


def plain_search(
    waiting: list[Waiting], size: int, now: float, blocked: set[tuple[int, int]]
) -> list[list[Waiting]]:
    """The straightforward greedy search: every round, every free request's group, the best one seated."""
    pool = sorted(waiting, key=lambda w: (w.ordinal, w.created_at, w.id))
    groups: list[list[Waiting]] = []
    taken: set[int] = set()
    while True:
        best: tuple[float, float, list[Waiting]] | None = None
        free = [w for w in pool if w.id not in taken]
        for start in range(len(free)):
            group: list[Waiting] = []
            for candidate in free[start:]:
                if any(candidate.user_id == w.user_id for w in group):
                    continue
                if any((candidate.user_id, w.user_id) in blocked or (w.user_id, candidate.user_id) in blocked
                       for w in group):  # fmt: skip
                    continue
                group.append(candidate)
                if len(group) == size:
                    break
            if len(group) < size:
                continue
            spread = group[-1].ordinal - group[0].ordinal
            if any(spread > spread_allowed(w.created_at, now) for w in group):
                continue
            oldest = min(w.created_at for w in group)
            if best is None or (spread, oldest) < (best[0], best[1]):
                best = (spread, oldest, group)
        if best is None:
            return groups
        groups.append(best[2])
        taken.update(w.id for w in best[2])


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[Waiting], int, set[tuple[int, int]]]:
    size = draw(st.integers(2, 4))
    people = draw(st.integers(1, 14))
    count = draw(st.integers(0, 30))
    # Ratings on a coarse grid, so that equal spreads and equal waits (the tie-breaks) come up often.
    ordinal = st.integers(0, 40).map(lambda x: x / 2)
    created = st.integers(0, 30).map(lambda m: NOW - 60.0 * m)
    waiting = [
        Waiting(i, draw(st.integers(0, people - 1)), draw(ordinal), draw(created)) for i in range(count)
    ]
    pairs = st.tuples(st.integers(0, people - 1), st.integers(0, people - 1))
    blocked = set(draw(st.lists(pairs, max_size=6)))
    return waiting, size, blocked


@settings(max_examples=400, deadline=None)
@given(pools())
def test_the_groups_are_those_of_the_plain_search(
    case: tuple[list[Waiting], int, set[tuple[int, int]]],
) -> None:
    waiting, size, blocked = case
    assert choose_groups(waiting, size, NOW, blocked) == plain_search(waiting, size, NOW, blocked)


def test_a_large_pool_is_seated_whole_as_the_plain_search_seats_it() -> None:
    """600 people asking at once, ratings spread wide, some blocks: the same groups as the plain search, and
    everyone whose rating finds a partner within the spread is seated, once."""
    waiting = [Waiting(i, i, (i * 37) % 600 / 20.0, NOW - (i % 7) * 60.0) for i in range(600)]
    blocked = {(i, i + 1) for i in range(0, 600, 9)}
    groups = choose_groups(waiting, 2, NOW, blocked)
    assert groups == plain_search(waiting, 2, NOW, blocked)
    seated = [w.id for g in groups for w in g]
    assert len(seated) == len(set(seated)) >= 598
