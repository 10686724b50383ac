"""Solo mode against Hades (spec §7): his automatic turn, the white die, the two end conditions, scoring."""

from __future__ import annotations

import pytest

from hellenika.engine import CHANCE
from hellenika.games.hercules.actions import PerformLabour, Rest, Roll, UseAbility
from tests.games.hercules.builders import (
    GOD_LAYOUT,
    act,
    board,
    cubes_mask,
    finish_turn,
    new_game,
    owned,
    pass_turn,
    player,
    roll,
    settle,
    state_of,
)

HADES = 1


def first_places(s) -> list[int]:
    return [p for p, place in enumerate(s.ranking()) if place == 1]


def hades_turn(s, white: int):
    """After the hero's turn: Hades rolls the white die, then his turn runs by itself."""
    assert s.is_chance_node()
    assert s.legal_actions() == [Roll(HADES, (2,), (v,)) for v in range(1, 7)]
    s.apply(Roll(HADES, (2,), (white,)))
    return settle(s)


def solo(hades_die: int, hero_dice=(1, 1), *, white: int = 3, hades=None, hero=None, **board_edits):
    """Round 1 of a solo game: the hero (Pegasus) to play; Hades has rolled ``hades_die``."""
    s = new_game(1, white=white)
    if hades:
        s = player(s, HADES, **hades)
    if hero:
        s = player(s, 0, **hero)
    if board_edits:
        s = board(s, **board_edits)
    roll(s, hero_dice, (hades_die,))
    assert s.current_player() == 0
    return s


def test_hades_moves_from_the_start_space_and_takes_his_cube():
    """Case 29a: Hades lands on 5 with his cube there → takes the cube; turn ends (no God card, no slide)."""
    s = solo(5)
    pass_turn(s)
    hades_turn(s, 2)  # steals the top of stack 2 (Pan)
    st = state_of(s)
    assert st["pos"][HADES] == 5
    assert st["cubes"][HADES] == cubes_mask([5])
    assert st["supply"][HADES] == 1
    assert owned(s, HADES) == ["PAN-01", "HADES"]  # catalogue order
    assert st["gods"][5] == GOD_LAYOUT[4]
    assert st["pegasus"] == HADES  # Pegasus alternates
    assert s.current_player() == CHANCE  # round 2's roll


def test_case_28_solo_wrap():
    """Hades at column 10 rolls 4 → lands on column 2 (11, 12, 1, 2)."""
    s = solo(4, hades={"gone": [], "pos": 10})
    pass_turn(s)
    hades_turn(s, 1)
    st = state_of(s)
    assert st["pos"][HADES] == 2
    assert st["cubes"][HADES] == cubes_mask([2])


def test_case_29_solo_cases():
    # a) lands on 5 with his cube there: covered above; here from column 3 with a 2
    s = solo(2, hades={"gone": [1, 2, 3], "pos": 3})
    pass_turn(s)
    hades_turn(s, 1)
    assert state_of(s)["pos"][HADES] == 5
    assert state_of(s)["cubes"][HADES] == cubes_mask([1, 2, 3, 5])

    # b) lands on 7: no cube, a God card → takes it, end (no slide)
    s = solo(6, hades={"gone": [7], "pos": 1})
    pass_turn(s)
    hades_turn(s, 1)
    st = state_of(s)
    assert st["pos"][HADES] == 7
    assert "GOD-ART" in owned(s, HADES)
    assert st["gods"][7] is None
    assert st["supply"][HADES] == 1  # unchanged: no cube taken

    # c) lands on 3: no cube, no card, next cube on 9 → slides to 8 (5 spaces) → Vase of stack 5
    s = solo(3, hades={"gone": [3, 4, 5, 6, 7, 8]}, gods={3: None})
    pass_turn(s)
    hades_turn(s, 1)
    st = state_of(s)
    assert st["pos"][HADES] == 8
    assert [c for c in owned(s, HADES) if c.startswith("VAS")] == ["VAS-5A"]
    assert st["gods"][8] == GOD_LAYOUT[7]  # no God card where his slide ends (spec §9 q15)
    assert st["supply"][HADES] == 6  # unchanged: no cube taken


def test_case_29_solo_slide_vase_fallback():
    s = solo(3, hades={"gone": [3, 4, 5, 6, 7, 8]}, gods={3: None}, vases={5: []})
    pass_turn(s)
    hades_turn(s, 1)
    assert [c for c in owned(s, HADES) if c.startswith("VAS")] == ["VAS-4A"]


def test_hades_short_slide_gives_no_vase():
    s = solo(3, hades={"gone": [3, 4]}, gods={3: None})
    pass_turn(s)
    hades_turn(s, 1)
    assert state_of(s)["pos"][HADES] == 4
    assert not [c for c in owned(s, HADES) if c.startswith("VAS")]


def test_hades_lands_on_12_without_a_cube_and_takes_zeus():
    """Spec §7 case 2 on column 12 (literal reading, §9 q14): Zeus; the game does not end for that."""
    s = solo(2, hades={"gone": [12], "pos": 10})
    pass_turn(s)
    hades_turn(s, 1)
    st = state_of(s)
    assert st["pos"][HADES] == 12
    assert "GOD-ZEU" in owned(s, HADES)
    assert st["column12"] == ["PTH-A"]
    assert s.view(None)["last_round"] is False


def test_hero_reaching_12_after_hades_took_zeus_takes_the_pantheon_and_ends():
    s = solo(1, (6, 6), hero={"gone": range(1, 12)}, hades={"owned": ["HADES", "GOD-ZEU"]})
    assert state_of(s)["column12"] == ["PTH-A"]
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert "PTH-A" in owned(s, 0)
    assert s.view(None)["last_round"] is True
    hades_turn(s, 1)  # the hero had Pegasus: Hades still plays
    assert s.is_terminal()


def test_hero_reaching_12_with_column_12_emptied_by_hades_still_ends_the_game():
    s = solo(1, (6, 6), hero={"gone": range(1, 12)}, hades={"owned": ["HADES", "GOD-ZEU", "PTH-A"]})
    assert state_of(s)["column12"] == []
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert not [c for c in owned(s, 0) if c in ("GOD-ZEU", "PTH-A")]
    assert s.view(None)["last_round"] is True
    hades_turn(s, 1)
    assert s.is_terminal()


def test_hero_reaching_12_takes_zeus_and_hades_finishes_the_round():
    s = solo(1, (6, 6), hero={"gone": range(1, 12)})
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert "GOD-ZEU" in owned(s, 0)
    assert not s.is_terminal()
    hades_turn(s, 4)
    assert s.is_terminal()
    assert state_of(s)["pos"][HADES] == 1


def test_hero_reaching_12_while_hades_holds_pegasus_ends_the_game_at_once():
    s = solo(1)
    pass_turn(s)
    hades_turn(s, 1)  # round 1
    s = player(s, 0, gone=range(1, 12))
    roll(s, (6, 6), (2,))
    s.apply(Roll(HADES, (2,), (2,)))  # round 2: Hades first
    settle(s)
    assert s.current_player() == 0
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert s.is_terminal()
    assert "GOD-ZEU" in owned(s, 0)


def test_case_30_solo_white_die():
    """The hero holds Pegasus, uses WHITE and ends the turn with the white die at 4 → Hades does not roll;
    he steals the top Hecate (stack 4)."""
    s = solo(2, (1, 1), hero={"owned": ["PAN-01"], "supply": 1})
    assert s.view(0)["white_die"]["hero_used_this_round"] is False
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (4,)))
    assert s.view(0)["white_die"]["hero_used_this_round"] is True  # the hero sees Hades will not roll
    act(s, PerformLabour(0, 1, "+"))  # a Labour the dice give must be performed once a card is used
    finish_turn(s, 0)
    settle(s)  # Hades' whole turn ran without a roll
    assert owned(s, HADES) == ["HEC-01", "HADES"]
    assert state_of(s)["white"] == 4
    assert state_of(s)["pos"][HADES] == 2
    assert state_of(s)["round"] == 2


def test_case_30_white_die_at_6_with_morpheus_empty_steals_nothing():
    s = solo(2, (1, 1), hero={"owned": ["PAN-01"], "supply": 1}, tops={"morpheus": None})
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (6,)), PerformLabour(0, 2, "+"))  # 1 + 6 = 7
    finish_turn(s, 0)
    settle(s)
    assert owned(s, HADES) == ["HADES"]
    assert state_of(s)["pos"][HADES] == 2


def test_hades_rolls_the_white_die_when_the_hero_did_not_use_it():
    s = solo(2, white=4)
    pass_turn(s)
    hades_turn(s, 5)  # a roll is due although the die already shows 4
    assert owned(s, HADES) == ["TYC-01", "HADES"]  # stack 5; the number on the card does not matter


def test_hades_rolls_when_the_hero_used_the_white_die_without_pegasus():
    """Round 2: Hades holds Pegasus and plays first; the hero's white die use is after his turn."""
    s = solo(1)
    pass_turn(s)
    hades_turn(s, 1)
    s = player(s, 0, owned=["PAN-02"], supply=1)
    roll(s, (1, 1), (2,))
    assert s.is_chance_node() and s.legal_actions()[0] == Roll(HADES, (2,), (1,))  # Hades rolls first
    s.apply(Roll(HADES, (2,), (3,)))
    settle(s)
    assert s.current_player() == 0
    act(s, UseAbility("PAN-02", 0), Roll(0, (2,), (6,)), PerformLabour(0, 2, "+"))  # 1 + 6 = 7
    finish_turn(s, 0)
    # round 3: the hero holds Pegasus again; no white die use yet this round, so Hades will roll
    roll(s, (1, 1), (1,))
    pass_turn(s)
    assert s.legal_actions() == [Roll(HADES, (2,), (v,)) for v in range(1, 7)]


def test_case_31_solo_end_hades_takes_his_12th_cube_while_holding_pegasus():
    s = solo(1)
    pass_turn(s)
    hades_turn(s, 1)  # round 1: Hades to column 1, takes cube 1
    s = player(s, HADES, gone=[c for c in range(1, 13) if c != 5], pos=0)
    roll(s, (6, 3), (5,))
    s.apply(Roll(HADES, (2,), (1,)))  # round 2: Hades first
    settle(s)
    assert state_of(s)["cubes"][HADES] == 0
    assert s.view(None)["last_round"] is True
    assert s.current_player() == 0  # the hero still takes this round's turn
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert s.is_terminal()


def test_hades_takes_his_12th_cube_after_the_hero_ends_the_game_at_once():
    s = solo(5, hades={"gone": [c for c in range(1, 13) if c != 5], "pos": 0})
    pass_turn(s)
    hades_turn(s, 1)
    assert s.is_terminal()


def test_hades_never_decides_and_pegasus_alternates():
    s = solo(3)
    deciders, holders = set(), []
    for _ in range(4):
        holders.append(state_of(s)["pegasus"])
        while True:
            if s.current_player() >= 0:
                deciders.add(s.current_player())
                pass_turn(s)
                continue
            first = s.legal_actions()[0]
            if isinstance(first, Roll) and first.participant == 0:
                break  # the next round's Phase 1
            s.apply(first)  # Hades' white die or a Demigod reveal
        roll(s, (1, 1), (3,))
    assert deciders == {0}
    assert holders == [0, 1, 0, 1]


def test_solo_copy_uses_hades_die_and_the_white_die():
    s = solo(6, (1, 2), white=3, hero={"owned": ["MOR-01"], "supply": 1})
    s.apply(UseAbility("MOR-01", HADES))
    assert state_of(s)["dice"][0] == [6, 3]


def test_solo_scoring_and_ranking():
    s = new_game(1)
    s = player(s, 0, owned=["HES-02", "HEC-01", "VAS-3A"], supply=2, gone=range(1, 5))
    s = player(s, HADES, owned=["HADES", "HES-01", "GOD-ART", "PAN-08"], supply=3, gone=[2, 7, 9], pos=9)
    # hero: PLUS 1 (shared), MINUS 1 (shared with Artemis), card 6, cubes 2 → 6 + 10 + 2 = 18
    # Hades: PLUS 1, MINUS 1, TIMES 1, cards 2 + 2, cubes 3 → 4 + 15 + 3 = 22
    assert s.score_breakdown() == [
        {"cards": 6, "majorities": 10, "sets": 0, "cubes": 2},
        {"cards": 4, "majorities": 15, "sets": 0, "cubes": 3},
    ]
    assert s.ranking() == [2, 1]
    assert first_places(s) == [HADES] and s.winners() == []  # the leader; no winner before the end


@pytest.mark.parametrize(
    ("hero_pos", "hades_pos", "places"), [(5, 5, [1, 1]), (5, 9, [2, 1]), (6, 5, [1, 2])]
)
def test_solo_ties_use_hades_column_and_a_full_tie_is_a_draw(hero_pos, hades_pos, places):
    s = new_game(1)
    s = player(s, 0, owned=["VAS-3A"], supply=1, gone=range(1, hero_pos + 1))
    s = player(s, HADES, owned=["HADES", "VAS-4B"], supply=1, gone=[], pos=hades_pos)
    assert s.scores() == [7, 7]
    assert s.ranking() == places


def test_solo_hero_rests_normally():
    s = solo(1, hero={"owned": ["HES-01", "GOD-APO"], "spent": ["HES-01", "GOD-APO"], "supply": 0})
    s.apply(Rest())
    act(s, *[a for a in s.legal_actions() if a.KIND == "release"])
    assert s.current_player() == 0
    s.apply(next(a for a in s.legal_actions() if a.KIND == "refresh"))
    assert s.is_chance_node()
    assert state_of(s)["spent"][0] == []


def test_a_full_tie_played_to_the_end_is_a_draw():
    """Spec §9 q19: the hero takes Zeus on column 12; Hades (his cubes all in supply, on column 11) rolls 1,
    lands on 12 and takes the Pantheon card. 17 VP each, both on column 12, no majorities, 12 cubes each:
    a draw, shared first place, return 0."""
    s = solo(
        1,
        (6, 6),
        hero={"gone": range(1, 12)},
        hades={"gone": range(1, 13), "pos": 11, "supply": 12},
        tops={"hestia": None},  # no Demigod for 6 + 6 (Tyche shows 1, Morpheus 4) and nothing to steal
    )
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    hades_turn(s, 1)  # stack 1 (Hestia) is empty: no steal
    assert s.is_terminal()
    assert owned(s, 0) == ["GOD-ZEU"]
    assert owned(s, HADES) == ["PTH-A", "HADES"]
    assert state_of(s)["pos"] == [12, 12]
    assert s.score_breakdown() == [{"cards": 5, "majorities": 0, "sets": 0, "cubes": 12}] * 2
    assert s.ranking() == [1, 1]
    assert s.winners() == [0, HADES]
    assert s.returns() == [0.0]
