"""Rewards after a Labour (spec §4.6): one Demigod (a), one Vase (b), one God card (c), column 12 (d)."""

from __future__ import annotations

import pytest

from hellenika.games.hercules.actions import PerformLabour, RevealDemigod, Roll, TakeDemigod, UseAbility
from tests.games.hercules.builders import (
    GOD_LAYOUT,
    act,
    board,
    expect_illegal,
    finish_turn,
    labours,
    new_game,
    owned,
    player,
    settle,
    spent,
    state_of,
)


def takes(s) -> set[str]:
    return {a.deck for a in s.legal_actions() if isinstance(a, TakeDemigod)}


def at_turn(dice, *, tops=None, **edits):
    """Seat 0 to play round 1 with ``dice``; ``edits`` go to the builder for seat 0."""
    s = new_game(2, tops=tops)
    if edits:
        s = player(s, 0, **edits)
    s.apply(Roll(0, (0, 1), dice))
    s.apply(Roll(1, (0, 1), (1, 1)))
    return s


# ------------------------------------------------------------------------------------------ a) Demigods


def test_case_04_hugo_divides():
    """Seed: Hugo rolls 5 and 1 and divides (5 ÷ 1 = 5): Aeolus, or Morpheus because it shows 5."""
    s = at_turn((5, 1), tops={"tyche": "TYC-02", "morpheus": "MOR-02"})
    s.apply(PerformLabour(0, 1, "/"))
    assert s.legal_actions() == [TakeDemigod("aeolus"), TakeDemigod("morpheus")]  # his choice, one card
    s.apply(TakeDemigod("morpheus"))
    assert owned(s, 0) == ["MOR-02"]
    st = state_of(s)
    assert st["tops"][2] == "AEO-01"  # Aeolus untouched
    assert st["tops"][5] is None  # the next Morpheus card is revealed by chance
    reveals = {a.card for a in s.legal_actions()}
    assert reveals == {"MOR-01", "MOR-04", "MOR-06"}  # the rest of the 2-player Morpheus stack
    s.apply(RevealDemigod("MOR-06"))
    assert state_of(s)["tops"][5] == "MOR-06"
    assert s.current_player() == 1


def test_case_04_hugo_only_one_eligible_is_taken_automatically():
    """If the top Morpheus shows 4, only Aeolus qualifies (engine: taken without a choice)."""
    s = at_turn((5, 1), tops={"tyche": "TYC-02", "morpheus": "MOR-01"})
    act(s, PerformLabour(0, 1, "/"))
    assert owned(s, 0) == ["AEO-01"]
    assert state_of(s)["tops"][5] == "MOR-01"


def test_case_04_hugo_multiplies():
    """Had he declared 5 × 1 = 5: Pan or Morpheus-5."""
    s = at_turn((5, 1), tops={"tyche": "TYC-02", "morpheus": "MOR-02"})
    s.apply(PerformLabour(0, 1, "x"))
    assert takes(s) == {"pan", "morpheus"}
    act(s, TakeDemigod("pan"))
    assert owned(s, 0) == ["PAN-01"]


def test_case_22_demigod_from_the_die_not_the_result():
    """(2,3) as 2 + 3 = 5; Tyche top 3, Morpheus top 5 → Hestia or Tyche-3, not Morpheus-5."""
    s = at_turn((2, 3), tops={"tyche": "TYC-03", "morpheus": "MOR-02"})
    s.apply(PerformLabour(0, 1, "+"))
    assert takes(s) == {"hestia", "tyche"}
    expect_illegal(s, TakeDemigod("morpheus"), "hercules §4.6a", "not eligible")
    act(s, TakeDemigod("tyche"))
    assert owned(s, 0) == ["TYC-03"]


def test_case_23_exhausted_stack():
    """÷ declared, Aeolus empty, no Tyche/Morpheus match → no Demigod card."""
    s = new_game(2, tops={"tyche": "TYC-01", "morpheus": "MOR-01"})
    s = board(s, tops={"aeolus": None})
    s.apply(Roll(0, (0, 1), (6, 3)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "/"))  # Labour 2
    assert owned(s, 0) == []
    assert state_of(s)["supply"][0] == 1
    assert s.current_player() == 1


def test_the_last_card_of_a_stack_leaves_it_empty():
    s = new_game(2, tops={"tyche": "TYC-02"})
    s = board(s, rests={"aeolus": []})
    s.apply(Roll(0, (0, 1), (6, 3)))
    s.apply(Roll(1, (0, 1), (1, 1)))
    s.apply(PerformLabour(0, 1, "/"))
    assert owned(s, 0) == ["AEO-01"]
    assert state_of(s)["tops"][2] is None
    assert s.current_player() == 1  # nothing to reveal


def test_the_demigod_choice_is_mandatory_and_only_between_eligible_stacks():
    s = at_turn((4, 1), tops={"tyche": "TYC-01", "morpheus": "MOR-01"})
    s.apply(PerformLabour(0, 1, "-"))  # Labour 3: Hecate, Tyche-1, Morpheus-4
    assert s.legal_actions() == [TakeDemigod("hecate"), TakeDemigod("tyche"), TakeDemigod("morpheus")]
    expect_illegal(s, TakeDemigod("hestia"), "hercules §4.6a", "not eligible")
    expect_illegal(s, PerformLabour(0, 1, "+"), "hercules §4.2")


def test_views_show_how_far_the_apprentice_moved_while_the_demigod_is_chosen():
    s = at_turn((4, 1), tops={"tyche": "TYC-01", "morpheus": "MOR-01"}, gone=[1, 2, 4, 5])
    assert state_of(s)["pos"][0] == 2
    s.apply(PerformLabour(0, 1, "-"))  # Labour 3: the Apprentice slides 2 -> 5, a Vase for 3 spaces to come
    assert state_of(s)["pos"][0] == 5
    assert [s.view(seat)["apprentice_advance"] for seat in (0, 1, None)] == [3, 3, 3]
    s.apply(TakeDemigod("hecate"))
    assert s.view(1)["apprentice_advance"] == 0


def test_take_demigod_outside_the_choice_is_illegal():
    s = at_turn((4, 1))
    expect_illegal(s, TakeDemigod("hestia"), "hercules §4.6a", "no Demigod card to choose")


def test_black_die_numbers_use_the_final_dice_values():
    """Spec §9 q11: after +1, dice (2,2) show (3,2) and Tyche-3 qualifies."""
    s = at_turn((2, 2), tops={"tyche": "TYC-03", "morpheus": "MOR-01"}, owned=["HES-01"], supply=1)
    s.apply(UseAbility("HES-01", 0))
    assert state_of(s)["dice"][0] == [3, 2]
    s.apply(PerformLabour(0, 1, "+"))
    assert takes(s) == {"hestia", "tyche"}


def test_the_white_die_counts_only_if_it_was_one_of_the_two_dice_used():
    tops = {"tyche": "TYC-01", "morpheus": "MOR-02"}
    s = at_turn((1, 1), tops=tops, owned=["PAN-02"], supply=1)
    act(s, UseAbility("PAN-02", 0), Roll(0, (2,), (5,)))
    with_white = s.clone()
    with_white.apply(PerformLabour(0, 2, "+"))  # 1 + 5 = 6
    assert takes(with_white) == {"hestia", "tyche", "morpheus"}
    s.apply(PerformLabour(0, 1, "+"))  # 1 + 1 = 2; the white 5 is not used
    assert takes(s) == {"hestia", "tyche"}


def test_a_new_card_arrives_unused_and_the_turn_is_over():
    """Spec §9 q21: cards arrive after the Labour, which ends the turn."""
    s = at_turn((6, 3), tops={"tyche": "TYC-02"})
    act(s, PerformLabour(0, 1, "+"))
    assert owned(s, 0) == ["HES-01"]
    assert spent(s, 0) == []
    assert s.current_player() == 1


# ------------------------------------------------------------------------------------------ b) Vases


def test_case_05_charlotte_vase():
    """Seed: Charlotte on 2, cubes 4-8 gone, 9 present; Labour 3 → column 8, 6 spaces, the 12-VP Vase."""
    s = new_game(2)
    labours(s, 0, [1, 2, 4, 5, 6, 7, 8])
    st = state_of(s)
    assert st["pos"][0] == 2
    cards_vp = s.score_breakdown()[0]["cards"]
    before = owned(s, 0)
    labours(s, 0, [3])
    st = state_of(s)
    assert st["pos"][0] == 8
    gained = [c for c in owned(s, 0) if c not in before]
    vases = [c for c in gained if c.startswith("VAS")]
    gods = [c for c in gained if c.startswith("GOD")]
    demigods = [c for c in gained if c not in vases + gods]
    assert vases == ["VAS-6A"]
    assert gods == [GOD_LAYOUT[7]]  # the God card above column 8
    assert demigods == ["PAN-01"]  # 3 x 1 declared: the top Pan card; one card of each type
    assert st["vases"][3] == []  # 2 players: the 6-space stack had only its top card
    assert s.score_breakdown()[0]["cards"] - cards_vp == 12 + 2 + 0  # vase 12, Ares 2, PAN-01 0


def slide_from_zero(advance: int, vases=None, **board_edits):
    """Seat 0 on column 0 with cubes 2..advance gone does Labour 1 and advances ``advance`` spaces."""
    s = new_game(4, tops={"tyche": "TYC-02", "morpheus": "MOR-01"})
    s = player(s, 0, gone=range(2, advance + 1))
    if vases is not None or board_edits:
        s = board(s, vases=vases, **board_edits)
    s.apply(Roll(0, (0, 1), (2, 2)))
    for p in (1, 2, 3):
        s.apply(Roll(p, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "/"))
    finish_turn(s, 0)
    assert state_of(s)["pos"][0] == advance
    return s


@pytest.mark.parametrize(
    ("advance", "vase"),
    [
        (3, "VAS-3A"),
        (4, "VAS-4A"),
        (5, "VAS-5A"),
        (6, "VAS-6A"),
        (7, "VAS-7A"),
        (8, "VAS-7A"),
        (11, "VAS-7A"),
    ],
)
def test_vase_stack_matches_spaces_advanced(advance, vase):
    s = slide_from_zero(advance)
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == [vase]
    # 4 players: the second card of that stack is now its top
    assert state_of(s)["vases"][min(advance, 7) - 3] == [vase[:-1] + "B"]


def test_case_11_vase_fallback():
    """Advance 5; stacks 5 and 4 empty, stack 3 has a card → the top of stack 3."""
    s = slide_from_zero(5, vases={4: [], 5: []})
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == ["VAS-3A"]


def test_case_11_vase_fallback_nothing_when_3_to_5_are_empty():
    """Stacks 3-5 empty → nothing (never a higher stack)."""
    s = slide_from_zero(5, vases={3: [], 4: [], 5: []})
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == []
    assert state_of(s)["vases"][3:] == [["VAS-6A", "VAS-6B"], ["VAS-7A", "VAS-7B"]]


def test_case_12_long_jump():
    """pos 0, cubes 2-10 gone; Labour 1 → pos 10, advanced 10; stack 7 (14 VP top); if empty 6, etc."""
    s = slide_from_zero(10)
    gained = owned(s, 0)
    assert [c for c in gained if c.startswith("VAS")] == ["VAS-7A"]
    assert s.score_breakdown()[0]["cards"] == 14 + 2  # VAS-7A and Hermes above column 10
    assert [c for c in gained if c.startswith("GOD")] == [GOD_LAYOUT[9]]

    s = slide_from_zero(10, vases={7: []})
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == ["VAS-6A"]
    s = slide_from_zero(10, vases={7: [], 6: []})
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == ["VAS-5A"]


def test_case_13_advance_two_gives_no_vase():
    s = slide_from_zero(2)
    assert [c for c in owned(s, 0) if c.startswith("VAS")] == []


# -------------------------------------------------------------------------------- c) Gods, d) column 12


def test_god_card_taken_face_up_at_the_stop():
    s = slide_from_zero(4)
    assert [c for c in owned(s, 0) if c.startswith("GOD")] == ["GOD-ATH"]
    assert spent(s, 0) == []
    assert state_of(s)["gods"][4] is None


def test_column_12_zeus_for_the_first_arrival_pantheon_for_later_ones():
    s = new_game(3, tops={"tyche": "TYC-02", "morpheus": "MOR-01"})
    for p in (0, 1):
        s = player(s, p, gone=range(1, 12))
    s.apply(Roll(0, (0, 1), (6, 6)))
    s.apply(Roll(1, (0, 1), (6, 6)))
    s.apply(Roll(2, (0, 1), (1, 1)))
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    assert state_of(s)["pos"][0] == 12
    assert "GOD-ZEU" in owned(s, 0)
    assert s.view(None)["last_round"] is True
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 1)
    assert "PTH-A" in owned(s, 1)
    assert state_of(s)["column12"] == ["PTH-B"]
    settle(s)
    assert s.score_breakdown()[0]["cards"] == 5
    assert s.score_breakdown()[1]["cards"] == 5
