"""Taking the cube and moving the Apprentice (spec §2 invariant, §4.5); the God card at the stop (§4.6c)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.games.hercules.actions import PerformLabour, Roll
from tests.games.hercules.builders import (
    GOD_LAYOUT,
    LABOUR_DICE,
    act,
    cubes_mask,
    finish_turn,
    invariant_pos,
    labour_action,
    labours,
    new_game,
    owned,
    play_round,
    player,
    state_of,
)

BASE = new_game(2)


def god_at(column: int) -> str:
    return GOD_LAYOUT[column - 1]


def kinds_of(cards: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"god": [], "vase": [], "demigod": [], "other": []}
    for c in cards:
        if c[:3] in ("HES", "PAN", "AEO", "HEC", "TYC", "MOR"):
            key = "demigod"
        elif c.startswith("VAS"):
            key = "vase"
        elif c.startswith("GOD") and c != "GOD-ZEU":
            key = "god"
        else:
            key = "other"  # Zeus and the Pantheon cards of column 12
        out[key].append(c)
    return out


def test_case_02_laura_movement():
    """Seed: Laura on column 6, no cubes on 7 and 8 after Labour 7, cube on 9: she stops on 8."""
    s = new_game(2)
    labours(s, 0, [8, 1, 2, 3, 4, 5, 6])
    st_ = state_of(s)
    assert st_["pos"][0] == 6
    assert st_["cubes"][0] == cubes_mask([1, 2, 3, 4, 5, 6, 8])
    before = owned(s, 0)
    labours(s, 0, [7])
    st_ = state_of(s)
    assert st_["pos"][0] == 8  # advanced 2
    gained = kinds_of([c for c in owned(s, 0) if c not in before])
    assert gained["vase"] == []  # fewer than 3 spaces: no Vase (case 13)
    assert gained["god"] == [god_at(8)]  # the God card above column 8
    assert st_["gods"][8] is None


def test_case_03_laura_god_hephaestus():
    """Seed: Laura on 4, cube 6 already gone, cube 7 present; Labour 5 → column 6 and Hephaestus."""
    s = new_game(2)
    labours(s, 0, [6, 1, 2, 3, 4])
    assert state_of(s)["pos"][0] == 4
    assert state_of(s)["gods"][6] == "GOD-HEP"
    before = owned(s, 0)
    labours(s, 0, [5])
    assert state_of(s)["pos"][0] == 6
    gained = kinds_of([c for c in owned(s, 0) if c not in before])
    assert gained["god"] == ["GOD-HEP"]
    assert gained["vase"] == []
    # taken face up: not used, and usable from the next turn
    assert "GOD-HEP" not in state_of(s)["spent"][0]


def test_case_13_short_move_no_vase():
    """Advance exactly 2 spaces → no Vase."""
    s = player(BASE.clone(), 0, gone=[2])
    s.apply(Roll(0, (0, 1), (2, 2)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "/"))  # Labour 1
    finish_turn(s, 0)
    assert state_of(s)["pos"][0] == 2
    assert kinds_of(owned(s, 0))["vase"] == []
    assert kinds_of(owned(s, 0))["god"] == [god_at(2)]


def test_case_14_no_move():
    """pos 3 with cube 4 present; Labour 10 → the Apprentice stays on 3: no Vase, no God card."""
    s = new_game(2)
    labours(s, 0, [1, 2, 3])
    assert state_of(s)["pos"][0] == 3
    before = owned(s, 0)
    labours(s, 0, [10])
    st_ = state_of(s)
    assert st_["pos"][0] == 3
    assert st_["cubes"][0] == cubes_mask([1, 2, 3, 10])
    assert st_["supply"][0] == 4  # the cube still went to the supply
    gained = kinds_of([c for c in owned(s, 0) if c not in before])
    assert gained["god"] == [] and gained["vase"] == []
    assert len(gained["demigod"]) == 1


def test_no_god_card_without_moving_even_under_a_god():
    """Spec §4.6c / §9 q8: a God card needs advanced ≥ 1 (position made by editing: a God above pos 3)."""
    s = player(BASE.clone(), 0, gone=[1, 2, 3])
    assert state_of(s)["gods"][3] == god_at(3)
    s.apply(Roll(0, (0, 1), (5, 5)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "+"))  # Labour 10, no movement
    finish_turn(s, 0)
    assert state_of(s)["pos"][0] == 3
    assert state_of(s)["gods"][3] == god_at(3)
    assert not any(c.startswith("GOD") for c in owned(s, 0))


def test_columns_passed_over_give_nothing():
    s = player(BASE.clone(), 0, gone=[2, 3, 4])
    s.apply(Roll(0, (0, 1), (2, 2)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "/"))  # Labour 1: slides 0 → 4
    finish_turn(s, 0)
    st_ = state_of(s)
    assert st_["pos"][0] == 4
    assert [c for c in owned(s, 0) if c.startswith("GOD")] == [god_at(4)]
    assert st_["gods"][1:4] == [god_at(1), god_at(2), god_at(3)]


def test_case_15_god_race():
    """B stops on column 6 after A already took the God card there → B gets nothing."""
    s = new_game(2)
    a, b = 0, 1
    for k in range(1, 7):  # A does Labour k in round k, B does Labour k-1 (B rests in round 1)
        dice = [LABOUR_DICE[k][0], LABOUR_DICE[k - 1][0] if k > 1 else (1, 1)]
        moves = {a: [labour_action(k)[1]]}
        if k > 1:
            moves[b] = [labour_action(k - 1)[1]]
        play_round(s, dice, moves)
    assert state_of(s)["pos"] == [6, 5]
    assert [c for c in owned(s, a) if c.startswith("GOD")] == list(GOD_LAYOUT[:6])
    play_round(s, [(1, 1), LABOUR_DICE[6][0]], {b: [labour_action(6)[1]]})  # B reaches 6
    st_ = state_of(s)
    assert st_["pos"][b] == 6
    assert st_["gods"][6] is None
    assert [c for c in owned(s, b) if c.startswith("GOD")] == []


def test_other_players_cubes_and_pawns_never_block():
    s = new_game(2)
    labours(s, 1, [2, 3])  # seat 1 keeps cube 1
    labours(s, 0, [2, 3, 1])  # seat 0 slides past columns where seat 1's cubes or pawn are
    assert state_of(s)["pos"] == [3, 0]


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    done=st.frozensets(st.integers(min_value=1, max_value=12), max_size=11),
    pick=st.integers(min_value=0, max_value=11),
)
def test_apprentice_slide_keeps_the_section_2_invariant(done, pick):
    remaining = [c for c in range(1, 13) if c not in done]
    r = remaining[pick % len(remaining)]
    s = player(BASE.clone(), 0, gone=done)
    old = state_of(s)["pos"][0]
    other_before = (state_of(s)["cubes"][1], state_of(s)["pos"][1])
    gods_before = state_of(s)["gods"]
    faces, action = labour_action(r)
    s.apply(Roll(0, (0, 1), faces))
    s.apply(Roll(1, (0, 1), (1, 1)))
    act(s, action)
    finish_turn(s, 0)
    st_ = state_of(s)
    mask = cubes_mask({*done, r})
    new = st_["pos"][0]
    assert st_["cubes"][0] == mask
    assert new == invariant_pos(mask)  # spec §2 invariant
    assert new >= old  # never left
    if r > old + 1:
        assert new == old  # a cube further right does not move the Apprentice
    advanced = new - old
    cards = kinds_of(owned(s, 0))
    assert len(cards["demigod"]) <= 1
    assert len(cards["vase"]) == (1 if advanced >= 3 else 0)
    expected_god = [gods_before[new]] if advanced >= 1 and new <= 11 and gods_before[new] else []
    assert cards["god"] == expected_god
    assert cards["other"] == (["GOD-ZEU"] if new == 12 else [])
    assert (st_["cubes"][1], st_["pos"][1]) == other_before
