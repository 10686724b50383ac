"""Setting up Attika positions for the rules tests, through the public API: a position is written as the
JSON a saved game has and loaded with ``Game.state_from_json``; play then goes on with checked ``apply``.

Fixture F (spec §11): the board is only tile T04 at (0,0), rotation 0 (W M . . . F H). Fixture B: the
2-player start layout of spec §3.3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hellenika import games
from hellenika.engine import IllegalAction
from hellenika.games.attika.catalogue import LANDSCAPES
from hellenika.games.attika.phases import ACTIONS, BUILD_MODE, DRAW_MODE, NO_MODE
from hellenika.games.attika.state import AttikaState

GAME = games.get("attika")
CAT = GAME.catalogue

FIXTURE_F = (("T04", 0, 0, 0),)
FIXTURE_B = (("T01", 0, 0, 0), ("T02", 3, -2, 0), ("T03", 2, 1, 0), ("T05", 5, -1, 0))
MODES = {"none": NO_MODE, "draw": DRAW_MODE, "build": BUILD_MODE}
MAINS = [b.id for b in CAT.buildings if b.main for _ in range(b.copies)]
NORMALS = [b.id for b in CAT.buildings if not b.main for _ in range(b.copies)]


def cards(text: str) -> list[int]:
    """ "WMM" -> [1, 2, 0, 0]."""
    return [text.count(t) for t in LANDSCAPES]


def position(
    players: int = 2,
    *,
    tiles: Sequence[tuple[str, int, int, int]] = FIXTURE_F,
    buildings: Iterable[tuple[int, int, int, str]] = (),
    hands: Sequence[str] | None = None,
    storage: Sequence[Sequence[str]] | None = None,
    actor: int = 0,
    mode: str = "none",
    used: int = 0,
    extra: int = 0,
    amphorae: Sequence[int] | None = None,
    supply: int = 15,
    deck: Sequence[int] | None = None,
    discard: str = "",
    stacks: Sequence[Sequence[int] | None] | None = None,
    in_stacks: Sequence[Sequence[str] | None] | None = None,
    tiles_left: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
) -> AttikaState:
    """A position at the start of ``actor``'s phase A (or later in the turn with ``mode``/``used``).

    A player's buildings not on the board and not in storage are in their stacks, unless ``in_stacks``
    lists the stacks' content (the rest is then out of the position). Stack heights default to the main
    buildings in the main stack and the others split evenly; given heights must match the content.
    """
    saved = GAME.new_state(players, options).to_json()
    saved["history"] = []
    st = saved["state"]
    buildings = list(buildings)
    hands = list(hands or [""] * players)
    storage = [list(x) for x in (storage or [[] for _ in range(players)])]
    unseen = []
    heights = []
    for p in range(players):
        counts = {b.id: b.copies for b in CAT.buildings}
        for _, _, owner, b in buildings:
            if owner == p:
                counts[b] -= 1
        for b in storage[p]:
            counts[b] -= 1
        assert all(n >= 0 for n in counts.values()), f"player {p} has too many of a building"
        listed = in_stacks[p] if in_stacks is not None else None
        if listed is not None:
            listed_counts = {b: list(listed).count(b) for b in set(listed)}
            assert all(counts[b] >= n for b, n in listed_counts.items()), f"player {p}: not available"
            counts = listed_counts
        unseen.append({b: n for b, n in counts.items() if n})
        mains = sum(n for b, n in unseen[p].items() if CAT.building(b).main)
        normals = sum(n for b, n in unseen[p].items() if not CAT.building(b).main)
        given = stacks[p] if stacks is not None else None
        if given is None:
            given = [mains, *(normals // 3 + (1 if i < normals % 3 else 0) for i in range(3))]
        assert given[0] == mains and sum(given[1:]) == normals, f"player {p}: heights do not fit the content"
        heights.append(list(given))
    in_hands = [sum(cards(h)[t] for h in hands) for t in range(4)]
    dis = cards(discard)
    if deck is None:
        deck = [15 - in_hands[t] - dis[t] for t in range(4)]
    used_tiles = {t for t, *_ in tiles}
    st.update(
        phase=ACTIONS,
        cp=actor,
        actor=actor,
        first=0,
        turn=0,
        mode=MODES[mode],
        used=used,
        extra=extra,
        idle=0,
        board_tiles=[list(t) for t in tiles],
        tiles_left=list(tiles_left)
        if tiles_left is not None
        else [t.id for t in CAT.tiles if t.id not in used_tiles],
        buildings=sorted([list(b) for b in buildings]),
        hands=[cards(h) for h in hands],
        deck=list(deck),
        discard=dis,
        amphorae=list(amphorae or [0] * players),
        amphora_supply=supply,
        storage=[{b: s.count(b) for b in set(s)} for s in storage],
        unseen=unseen,
        stacks=heights,
        pending=None,
        drawn_stack=-1,
        expand=False,
        pay_cell=None,
        pay_owed=[0, 0, 0, 0],
        pay_points=0,
        paid=[0, 0, 0, 0],
        cards_due=0,
        resume=0,
        tile=None,
        setup_step=0,
        setup_sub=0,
        winner=-1,
        win_reason="",
    )
    state = GAME.state_from_json(saved, log=True)
    assert isinstance(state, AttikaState)
    return state


def act(state: AttikaState, *notations: str) -> AttikaState:
    """Apply actions (decisions or chance outcomes) by notation, each fully checked."""
    for text in notations:
        state.apply(GAME.parse_action(text))
    return state


def legal(state: AttikaState) -> list[str]:
    return [a.notation() for a in state.legal_actions()]


def hand(state: AttikaState, p: int) -> str:
    return "".join(LANDSCAPES[t] * n for t, n in enumerate(state.hands[p]))


def at(state: AttikaState, q: int, r: int) -> tuple[int, str] | None:
    """(owner, building id) on hex q,r, or None."""
    c = state.board.index[(q, r)]
    for p in range(state.n):
        for b in range(state.types):
            if state.tmask[p * state.types + b] >> c & 1:
                return p, CAT.buildings[b].id
    return None


def payments(state: AttikaState, place: str) -> set[str]:
    """Every payment the card steps can lead to once ``place`` (e.g. ``"place 0 0"``) is chosen, as strings
    in W M F H order ("" when nothing is paid), by walking all the choices."""
    from hellenika.games.attika.phases import PAY

    out: set[str] = set()
    p = state.actor
    start = state.hands[p]

    def walk(s: AttikaState) -> None:
        if s.phase != PAY:
            now = s.hands[p]
            out.add("".join(LANDSCAPES[t] * (start[t] - now[t]) for t in range(4)))
            return
        for action in s.legal_actions():
            nxt = s.clone()
            nxt.apply(action)
            walk(nxt)

    first = state.clone()
    first.apply(GAME.parse_action(place))
    walk(first)
    return out


def pay_all(state: AttikaState) -> AttikaState:
    """Finish a payment in progress with the first card offered each time."""
    from hellenika.games.attika.phases import PAY

    while state.phase == PAY:
        state.apply(state.legal_actions()[0])
    return state


def expect_twin(state: AttikaState, twin: str, offered: str) -> AttikaState:
    """``twin`` is not offered but stands for ``offered``: ``check`` answers ``offered`` (changing nothing),
    and applying ``twin`` leaves the state, history and log exactly as applying ``offered`` does (``state``
    is then that)."""
    twin_action, offered_action = GAME.parse_action(twin), GAME.parse_action(offered)
    assert twin not in legal(state) and offered in legal(state), f"{twin} left out, {offered} offered"
    before = state.to_json()
    assert state.check(twin_action, state.current_player()) == offered_action
    assert state.to_json() == before
    expected = state.clone(log=True)
    expected.apply(offered_action)
    assert state.apply(twin_action, state.current_player()) == offered_action
    assert state.to_json() == expected.to_json() and state.digest() == expected.digest()
    assert state.history() == expected.history() and state.history()[-1] == offered_action
    assert [e.to_json() for e in state.events] == [e.to_json() for e in expected.events]
    return state


def expect_illegal(state: AttikaState, notation: str, rule: str, words: str) -> None:
    """``notation`` is refused naming ``attika <rule>`` (the reason containing ``words``); nothing changes."""
    before = state.to_json()
    action = GAME.parse_action(notation)
    for attempt in (state.check, state.apply):
        try:
            attempt(action, state.current_player())
        except IllegalAction as error:
            assert error.rule == f"attika {rule}" and words in error.reason, error
        else:
            raise AssertionError(f"{notation} was accepted")
    assert state.to_json() == before
