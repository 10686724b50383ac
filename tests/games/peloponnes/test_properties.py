"""Properties that hold at every step of any game (Hypothesis over seeds, configurations and lengths)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine import Rng

from .builders import CAT, GAME

CONFIGS = GAME.configurations()


def check_invariants(s) -> None:
    for p in range(s.n):
        for name in ("coins", "wood", "stone", "food", "lux", "inh", "strength", "clovers", "mercs"):
            assert getattr(s, name)[p] >= 0, (name, p)
        assert s.strength[p] <= 29
    if s.current_player() >= 0:  # between steps the storage limits hold
        for p in range(s.num_players):
            col = s.cols[p]
            assert s.wood[p] <= col.max_wood and s.stone[p] <= col.max_stone and s.food[p] <= col.max_food
    # Every tile is in exactly one place at most: a stack, a row, a civilization (the others left the game).
    places = Counter()
    for stack in s.stack_left:
        places.update(stack)
    places.update(t for t in s.row if t >= 0)
    places.update(t for t in s.conq if t >= 0)
    for p in range(s.n):
        places.update(s.buildings[p])
        places.update(s.lands[p])
        assert s.unfinished[p] & ~sum(1 << t for t in s.buildings[p]) == 0
    places.update(s.arow)
    places.update(t for t in s.won if t >= 0)
    assert all(n == 1 for n in places.values())
    # Chits: face down + placed + known under stack 2 + the one in Ariadne's hand = all of them.
    blank = CAT.chit_by_id["blank"]
    blank_placed = int(s.pool[blank] == 0 and blank not in s.under2 and s.drawn != blank)
    in_hand = 1 if s.drawn >= 0 else 0
    assert s.s1 + s.s2 == sum(s.pool)
    assert sum(s.pool) + sum(s.placed) + blank_placed + len(s.under2) + in_hand == sum(CAT.chit_pool(s.exp))
    # The score adds up.
    for score, parts in zip(s.scores(), s.score_breakdown(), strict=True):
        assert abs(sum(parts.values()) - score) < 1e-9


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32))
def test_invariants_hold_along_random_games(config, seed):
    players, options = CONFIGS[config]
    s = GAME.new_state(players, options, log=False)
    rng = Rng(seed)
    while not s.is_terminal():
        check_invariants(s)
        if s.is_chance_node():
            s.apply_unchecked(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randbelow(len(legal))])
    check_invariants(s)
    assert s.round == 8 and not s.tasks


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_clone_and_json_restore_continue_identically(config, seed, steps):
    players, options = CONFIGS[config]
    s = GAME.new_state(players, options, log=False)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_unchecked(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randbelow(len(legal))])
    copies = [s.clone(), GAME.state_from_json(s.to_json())]
    for copy in copies:
        assert copy.legal_actions() == s.legal_actions() and copy.current_player() == s.current_player()
        assert copy.view(None) == s.view(None)
