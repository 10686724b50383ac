"""The heuristic player (strategy.py) and the position estimate (heuristics.py): legal and deterministic
choices, each rule of thumb on a constructed position, and an evaluation that ranks positions sensibly."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.bots import HeuristicBot
from hellenika.engine import Observation, Rng
from hellenika.games.hercules import heuristics, strategy
from hellenika.games.hercules.actions import (
    PerformLabour,
    RefreshGod,
    Rest,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from tests.games.hercules.builders import (
    GAME,
    act,
    board,
    edit,
    new_game,
    player,
    roll,
)

CONFIGS = [
    (1, "standard"),
    (1, "simplified"),
    (2, "standard"),
    (2, "simplified"),
    (3, "standard"),
    (4, "standard"),
]
NO_GODS = {column: None for column in range(1, 12)}


def choose(s):
    """The heuristic choice with a cold memo (as a fresh process would see it)."""
    strategy._last[0] = None
    return GAME.heuristic_action(s, Rng(1))


def labour_result(s, action):
    """The Labour number a PerformLabour action makes in ``s``."""
    p = s.current_player()
    faces = [*s.to_json()["state"]["dice"][p], s.to_json()["state"]["white"]]
    hi, lo = sorted((faces[action.die_a], faces[action.die_b]), reverse=True)
    return {"+": hi + lo, "-": hi - lo, "x": hi * lo, "/": hi // lo}[action.op]


def decision_states(players, variant, seed, limit=400):
    """Decision states of a game played half by the heuristic, half at random (so odd positions occur)."""
    s = GAME.new_state(players, {"variant": variant}, log=False)
    rng = Rng(seed)
    out = []
    for _ in range(limit):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        out.append(s.clone())
        legal = s.legal_actions()
        action = choose(s) if rng.random() < 0.5 else legal[rng.randbelow(len(legal))]
        s.apply(action)
    return out


# ---------------------------------------------------------------------------------------------- contract


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32))
def test_heuristic_always_returns_a_legal_action(config, seed):
    players, variant = config
    for s in decision_states(players, variant, seed):
        action = choose(s)
        assert action in s.legal_actions()
        s.check(action)  # the checked path accepts it too (no twin of an offered action)


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_heuristic_bot_finishes_games(players, variant):
    s = GAME.new_state(players, {"variant": variant}, log=False)
    rng = Rng(players)
    bot = HeuristicBot()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(bot.choose(Observation(s, s.current_player()), rng))
    assert s.round <= 40


def test_heuristic_is_deterministic_and_ignores_the_rng():
    states = decision_states(3, "standard", 7)
    first = [GAME.heuristic_action(s, Rng(1)) for s in states]
    # Another generator, the states in reverse order (the per-turn memo must not leak between states).
    again = [GAME.heuristic_action(s, Rng(99)) for s in reversed(states)]
    assert first == list(reversed(again))
    assert first == [choose(s) for s in states]


def test_choices_do_not_depend_on_earlier_calls(monkeypatch):
    """As in a search playout: decide on a live state and let it play on; then, on a copy of the position it
    left, change the dice with an ability and decide. The per-turn memo must give what a cold start gives.
    (Abilities are not looked at, so that the first decision leaves most values to be computed later.)"""
    monkeypatch.setattr(strategy, "GOOD_ENOUGH", -1e9)
    rng = Rng(12)
    checked = 0
    for _ in range(4):
        s = GAME.new_state(2, log=False)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            copy = s.clone()
            s.apply(GAME.heuristic_action(s, rng))  # the memo holds values made from a state that moved on
            tweaks = [a for a in copy.legal_actions() if isinstance(a, UseAbility) and a.target < 2]
            if tweaks:
                copy.apply(tweaks[0])  # +1, -1, flip or copy: new faces, the same turn
                if copy.current_player() >= 0:
                    assert GAME.heuristic_action(copy, rng) == choose(copy.clone())
                    checked += 1
    assert checked > 10


def test_heuristic_does_not_change_the_state():
    for s in decision_states(2, "standard", 3, limit=120):
        before = s.digest()
        choose(s)
        assert s.digest() == before


# ------------------------------------------------------------------------------------------ rules of thumb


def test_takes_the_labour_that_moves_the_apprentice_4_for_a_vase_over_ones_that_move_it_0():
    s = player(new_game(2), 0, gone=[2, 3, 4])  # the Apprentice waits on 0 in front of cube 1
    roll(s, (4, 3), (1, 1))  # 4 - 3 = 1 (jump to 4: Vase and God), 4 + 3 = 7, 4 x 3 = 12 (no move)
    action = choose(s)
    assert isinstance(action, PerformLabour)
    assert labour_result(s, action) == 1


def test_in_the_last_round_cashes_the_jump():
    s = player(new_game(2), 0, gone=[2, 3, 4, 5, 6])
    s = player(s, 1, gone=range(1, 12))
    s = edit(s, lambda st_: st_.update(end_triggered=True))
    roll(s, (4, 3), (1, 1))
    assert labour_result(s, choose(s)) == 1


def test_prefers_the_rare_number_when_neither_labour_moves_far():
    s = board(new_game(2), gods=NO_GODS)  # no God card to chase: only rarity and the card differ
    roll(s, (6, 5), (1, 1))  # 6 + 5 = 11 (2 rolls in 36) or 6 - 5 = 1 (a one-step move)
    assert labour_result(s, choose(s)) == 11
    turn = strategy._Turn(s, 0)
    # Without moves, Vases or Gods, the value of a cube grows with its rarity: 11 is by far the hardest.
    assert turn.result(11) > max(turn.result(r) for r in range(1, 13) if r != 11)
    assert turn.result(7) > turn.result(2)


def test_chooses_the_demigod_that_completes_a_set():
    s = new_game(2, tops={"hestia": "HES-10", "tyche": "TYC-05"})  # 2 VP, or die + bonus divide
    s = player(s, 0, owned=["HES-01", "HEC-01", "PAN-01"], supply=0)  # plus, minus, times
    roll(s, (2, 3), (1, 1))
    act(s, PerformLabour(0, 1, "+"))  # 5 with a 2: Hestia or Tyche [2]
    assert set(s.legal_actions()) == {TakeDemigod("hestia"), TakeDemigod("tyche")}
    assert choose(s) == TakeDemigod("tyche")


def test_declares_the_operation_for_the_better_card():
    # 2, 2 makes 4 by + (Hestia) or x (Pan): with the cube 1 gone, 2 / 2 and 2 - 2 make nothing new.
    s = new_game(2, tops={"hestia": "HES-01", "pan": "PAN-08"})  # +1 ability, or 2 VP
    s = player(s, 0, gone=[1], owned=["HES-02", "HES-03"], supply=1)  # two +1 already
    s = board(s, gods=NO_GODS)
    roll(s, (2, 2), (1, 1))
    assert choose(s) == PerformLabour(0, 1, "x")


def test_uses_an_ability_to_turn_a_roll_with_no_labour_into_one():
    s = player(new_game(2), 0, gone=[1, 12], owned=["HEC-01"], supply=2)
    roll(s, (6, 6), (1, 1))  # 12 and 1 are done: nothing on the dice
    action = choose(s)
    assert isinstance(action, UseAbility) and action.card == "HEC-01"


def test_keeps_the_ability_when_a_good_labour_is_on_the_dice():
    s = player(new_game(2), 0, owned=["HEC-01"], supply=2)
    roll(s, (4, 3), (1, 1))
    assert isinstance(choose(s), PerformLabour)


def test_rests_when_no_ability_can_make_a_labour():
    s = player(new_game(2), 0, gone=[1, 10, 12], owned=["MOR-01"], supply=2)
    roll(s, (5, 5), (6, 6))  # 10 and 1 done; copying 6, 6 gives 12 and 1, done too
    assert UseAbility("MOR-01", 1) in s.legal_actions()
    assert choose(s) == Rest()


def test_rest_takes_back_the_best_cube_then_the_best_god():
    cards = ["HES-06", "HEC-01", "GOD-APH", "GOD-APO"]  # white die, -1, copy, re-roll
    s = player(new_game(2), 0, gone=[1, 10, 12], owned=cards, spent=cards, supply=1)
    roll(s, (5, 5), (6, 6))
    assert choose(s) == Rest()
    act(s, Rest())
    assert choose(s) == TakeBackCube("HES-06")
    act(s, TakeBackCube("HES-06"))
    assert choose(s) == TakeBackCube("HEC-01")
    act(s, TakeBackCube("HEC-01"))
    assert choose(s) == RefreshGod("GOD-APO")


# ---------------------------------------------------------------------------------------------- evaluate


def test_evaluate_is_zero_sum_and_prefers_the_clearly_better_position():
    s = roll(new_game(3), (1, 2), (3, 4), (5, 6))
    assert sum(GAME.evaluate(s, p) for p in range(3)) == pytest.approx(0.0)
    base = GAME.evaluate(s, 0)
    richer = player(s, 0, owned=["VAS-7A", "GOD-APO"], supply=4)
    assert GAME.evaluate(richer, 0) > base + 10
    assert GAME.evaluate(richer, 1) < GAME.evaluate(s, 1)
    # A long jump ready (cubes 2-8 done, 1 to fill) is worth the Vase waiting for it.
    planned = player(s, 0, gone=[2, 3, 4, 5, 6, 7, 8], supply=0)
    no_vases = board(planned, vases={spaces: [] for spaces in range(3, 8)})
    assert GAME.evaluate(planned, 0) > GAME.evaluate(no_vases, 0) + 5


def test_evaluate_counts_the_race_and_a_lost_turn():
    s = roll(new_game(2), (1, 2), (3, 4))
    ahead = player(s, 0, gone=range(3, 13), supply=0)  # only 1 and 2 to do, the easiest numbers
    behind = player(s, 0, gone=[1, 2], supply=0)
    assert GAME.evaluate(ahead, 0) > GAME.evaluate(behind, 0) + 5
    # The same position before and after seat 0 passes: the turn it lost is worth something.
    s = player(new_game(2), 0, gone=[2, 3])
    roll(s, (4, 4), (1, 1))
    before = GAME.evaluate(s, 0)
    act(s, Rest())
    assert GAME.evaluate(s, 0) < before


def test_evaluate_is_the_exact_margin_at_the_end():
    s = GAME.new_state(2, log=False)
    rng = Rng(4)
    while not s.is_terminal():
        s.apply(s.sample_chance(rng) if s.is_chance_node() else choose(s))
    scores = s.scores()
    assert GAME.evaluate(s, 0) == scores[0] - scores[1]
    assert GAME.estimate_returns(s) == s.returns()


def test_estimated_returns_stay_in_range():
    for s in decision_states(4, "standard", 11, limit=200):
        assert all(-1.0 <= r <= 1.0 for r in GAME.estimate_returns(s))


@settings(max_examples=200, deadline=None)
@given(
    counts=st.lists(st.tuples(*[st.integers(0, 6)] * 5), min_size=2, max_size=4),
    data=st.data(),
)
def test_unit_gain_is_the_change_in_symbol_value(counts, data):
    """One more symbol: my sets and majority chance go up, the best opponent's majority chance down."""
    p = data.draw(st.integers(0, len(counts) - 1))
    t = data.draw(st.integers(0, 4))
    symbols = tuple(counts)
    mine = symbols[p]
    more = tuple(c + (i == t) for i, c in enumerate(mine))
    best = max(o[t] for i, o in enumerate(symbols) if i != p)
    expected = (
        heuristics.set_value(more)
        - heuristics.set_value(mine)
        + heuristics.majority_value(more[t], best)
        - heuristics.majority_value(mine[t], best)
        - (heuristics.majority_value(best, more[t]) - heuristics.majority_value(best, mine[t]))
    )
    assert heuristics.unit_gains(symbols, p)[t] == pytest.approx(expected)


def test_race_table():
    t = heuristics.tables()
    assert t.turns[0] == 0.0
    for r in range(1, 13):
        assert t.turns[(1 << r) >> 1] == pytest.approx(1 / t.p_roll[r])  # one cube left: wait for it
    assert t.p_roll[11] == pytest.approx(2 / 36)
    # Taking a cube never makes the row slower to clear.
    for index, r in itertools.product(range(1, 4096), range(1, 13)):
        cubes = index << 1
        if cubes >> r & 1:
            assert t.turns[(cubes & ~(1 << r)) >> 1] <= t.turns[index] + 1e-9
    assert math.isclose(sum(p for p, _, _ in t.outcomes), 1.0)
