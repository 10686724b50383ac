"""The arithmetic of a Labour (spec §4.3): +, −, ×, ÷ on two dice, result 1..12, each Labour once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.games.hercules.actions import PerformLabour, Rest, Roll
from tests.games.hercules.builders import (
    act,
    expect_illegal,
    labour_results,
    labours,
    new_game,
    play_round,
    player,
    started,
    state_of,
)

FACES = st.integers(min_value=1, max_value=6)
BASE = new_game(2)  # at the round-1 roll; cloned for every example


def brute_force(a: int, b: int, done: frozenset[int] = frozenset()) -> set[tuple[int, str]]:
    """Spec §4.3 written out: larger op smaller, a whole number 1..12, own cube still on that column."""
    hi, lo = max(a, b), min(a, b)
    candidates = [(hi + lo, "+"), (hi - lo, "-"), (hi * lo, "x")]
    if hi % lo == 0:
        candidates.append((hi // lo, "/"))
    return {(r, op) for r, op in candidates if 1 <= r <= 12 and r not in done}


def at_turn(a: int, b: int, done: frozenset[int] = frozenset()):
    s = BASE.clone(log=True)
    if done:
        s = player(s, 0, gone=done)
    s.apply(Roll(0, (0, 1), (a, b)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    assert s.current_player() == 0
    return s


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("b", range(1, 7))
def test_labour_table_equals_brute_force_for_every_pair_of_faces(a, b):
    s = at_turn(a, b)
    assert labour_results(s) == brute_force(a, b)
    # only the two coloured dice exist without the white die, and each operation is offered once
    offered = [x for x in s.legal_actions() if isinstance(x, PerformLabour)]
    assert all((x.die_a, x.die_b) == (0, 1) for x in offered)
    assert len({x.op for x in offered}) == len(offered)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(a=FACES, b=FACES, done=st.frozensets(st.integers(min_value=1, max_value=12)))
def test_labours_already_done_are_never_offered(a, b, done):
    s = at_turn(a, b, done)
    assert labour_results(s) == brute_force(a, b, done)


def test_case_01_julia():
    """Seed: Julia rolls 6 and 3 having done Labour 3: 9 (+) and 2 (÷); not 3 (−, done), not 18 (×)."""
    s = new_game(2)
    play_round(s, [(2, 1), (1, 1)], {0: [PerformLabour(0, 1, "+")]})  # round 1: Labour 3 = 2 + 1
    assert state_of(s)["cubes"][0] & (1 << 3) == 0
    s.apply(Roll(0, (0, 1), (6, 3)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    s.apply(Rest())  # seat 1 holds Pegasus in round 2 and passes
    assert s.current_player() == 0
    assert labour_results(s) == {(9, "+"), (2, "/")}
    expect_illegal(s, PerformLabour(0, 1, "-"), "hercules §4.3", "labour 3 already done")
    expect_illegal(s, PerformLabour(0, 1, "x"), "hercules §4.3", "18 is not between 1 and 12")
    s.apply(PerformLabour(0, 1, "/"))
    st_ = state_of(s)
    assert st_["cubes"][0] & (1 << 2) == 0  # the cube of Labour 2 went to her supply
    assert st_["supply"][0] == 2


def test_case_24_equal_dice():
    """(4,4): + → 8 and ÷ → 1 are legal; − → 0 and × → 16 are not."""
    s = started(2, [(4, 4)])
    assert labour_results(s) == {(8, "+"), (1, "/")}
    expect_illegal(s, PerformLabour(0, 1, "-"), "hercules §4.3", "= 0 is not between 1 and 12")
    expect_illegal(s, PerformLabour(0, 1, "x"), "hercules §4.3", "= 16 is not between 1 and 12")


def test_subtraction_and_division_are_larger_by_smaller_whatever_the_die_order():
    s = started(2, [(2, 6)])
    assert labour_results(s) == {(8, "+"), (4, "-"), (12, "x"), (3, "/")}
    s.apply(PerformLabour(0, 1, "-"))
    assert state_of(s)["cubes"][0] & (1 << 4) == 0


def test_division_must_be_exact():
    s = started(2, [(5, 2)])
    assert labour_results(s) == {(7, "+"), (3, "-"), (10, "x")}
    expect_illegal(s, PerformLabour(0, 1, "/"), "hercules §4.3", "5 / 2 is not a whole number")


def test_same_result_with_two_operations_is_two_choices():
    """2,2 → 4 may be declared as + or × (the declared operation matters for the Demigod reward)."""
    s = started(2, [(2, 2)])
    assert {op for r, op in labour_results(s) if r == 4} == {"+", "x"}


def test_each_labour_once_per_game_and_players_never_block_each_other():
    s = new_game(2)
    labours(s, 0, [9])  # round 1: seat 0 does Labour 9 with 6 + 3
    s.apply(Roll(0, (0, 1), (6, 3)))
    s.apply(Roll(1, (0, 1), (6, 3)))
    assert s.current_player() == 1  # round 2: seat 1 holds Pegasus
    assert (9, "+") in labour_results(s)  # seat 1's own cube on 9 is still there
    act(s, PerformLabour(0, 1, "+"))
    assert s.current_player() == 0
    assert (9, "+") not in labour_results(s)  # seat 0 did 9 already
    expect_illegal(s, PerformLabour(0, 1, "+"), "hercules §4.3", "labour 9 already done")


def test_a_labour_combines_two_different_dice():
    s = started(2, [(3, 3)])
    expect_illegal(s, PerformLabour(0, 0, "+"), "hercules §4.3", "two different dice")
    expect_illegal(s, PerformLabour(0, 1, "%"), "hercules §4.3", "unknown operation")
    expect_illegal(s, PerformLabour(0, 5, "+"), "hercules §4.3", "there is no die 6")


def test_the_white_die_cannot_be_used_without_taking_it():
    s = started(2, [(3, 3)])
    expect_illegal(s, PerformLabour(0, 2, "+"), "hercules §4.4", "white die is not yours")


def test_no_legal_labour_leaves_only_rest():
    """(6,6) with Labour 12 done and 1 done: nothing fits, so the only choice is to Rest (pass)."""
    s = new_game(2)
    s = player(s, 0, gone=[1, 12])
    s.apply(Roll(0, (0, 1), (6, 6)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    assert s.legal_actions() == [Rest()]
