"""Card abilities (spec §4.4): paying for them, each card once per turn, the six effects, clamping."""

from __future__ import annotations

import pytest

from hellenika.engine import NotYourTurn
from hellenika.games.hercules.actions import (
    EndTurn,
    PerformLabour,
    Rest,
    RevealDemigod,
    Roll,
    TakeDemigod,
    UseAbility,
)
from tests.games.hercules.builders import (
    act,
    expect_illegal,
    expect_twin,
    finish_turn,
    labour_results,
    new_game,
    pass_turn,
    play_round,
    player,
    roll,
    snapshot,
    spent,
    state_of,
    uses,
)


def at_turn(dice, other=(1, 1), *, players: int = 2, **edits):
    """Seat 0 to play round 1 with ``dice`` after the builder gave it ``edits`` (cards, supply...)."""
    s = new_game(players)
    if edits:
        s = player(s, 0, **edits)
    roll(s, dice, other, *[(1, 1)] * (players - 2))
    assert s.current_player() == 0
    return s


def dice_of(s, p=0):
    return state_of(s)["dice"][p]


# ------------------------------------------------------------------------------------------ §10 cases


def test_case_08_clamp_and_flip():
    s = at_turn((6, 1), owned=["HES-01", "HEC-01", "AEO-01"], supply=3)
    assert set(uses(s)) == {
        UseAbility("HES-01", 1),  # +1 only on the 1
        UseAbility("HEC-01", 0),  # -1 only on the 6
        UseAbility("AEO-01", 0),
        UseAbility("AEO-01", 1),
    }
    expect_illegal(s, UseAbility("HES-01", 0), "hercules §4.4", "cannot go above 6")
    expect_illegal(s, UseAbility("HEC-01", 1), "hercules §4.4", "cannot go below 1")
    s.apply(UseAbility("AEO-01", 0))
    assert dice_of(s) == [1, 1]  # flip 6 → 1

    s = at_turn((2, 3), owned=["AEO-01", "GOD-POS"], supply=1)
    s.apply(UseAbility("AEO-01", 0))
    s.apply(UseAbility("GOD-POS", 1))
    assert dice_of(s) == [5, 4]  # flip 2 → 5 and 3 → 4


@pytest.mark.parametrize("face", range(1, 7))
def test_plus1_minus1_flip_on_every_face(face):
    s = at_turn((face, face), owned=["HES-01", "HEC-01", "AEO-01"], supply=3)
    offered = set(uses(s))
    assert (UseAbility("HES-01", 0) in offered) == (face < 6)
    assert (UseAbility("HEC-01", 0) in offered) == (face > 1)
    assert UseAbility("AEO-01", 0) in offered  # flip is always legal
    if face < 6:
        t = s.clone()
        t.apply(UseAbility("HES-01", 0))
        assert dice_of(t) == [face + 1, face]
    if face > 1:
        t = s.clone()
        t.apply(UseAbility("HEC-01", 1))
        assert dice_of(t) == [face, face - 1]
    s.apply(UseAbility("AEO-01", 1))
    assert dice_of(s) == [face, 7 - face]


def test_case_09_white_die():
    """(2,2) and WHITE rolls 5 → any 2 of {2, 2, 5}; never 3 dice; the die goes back after the turn."""
    s = at_turn((2, 2), owned=["PAN-01"], supply=1)
    s.apply(UseAbility("PAN-01", 0))
    assert s.is_chance_node()
    assert [a for a in s.legal_actions()] == [Roll(0, (2,), (v,)) for v in range(1, 7)]
    s.apply(Roll(0, (2,), (5,)))
    assert s.view(None)["white_die"] == {"value": 5, "holder": 0, "hero_used_this_round": False}
    assert labour_results(s) == {(7, "+"), (3, "-"), (10, "x"), (1, "/"), (4, "+"), (4, "x")}
    labours = [a for a in s.legal_actions() if isinstance(a, PerformLabour)]
    assert all(a.die_a != a.die_b for a in labours)  # always exactly two dice
    act(s, PerformLabour(0, 2, "x"))  # 2 × 5 = 10
    assert state_of(s)["cubes"][0] & (1 << 10) == 0
    assert s.view(None)["white_die"]["holder"] is None  # back on the board
    assert s.current_player() == 1
    expect_illegal(s, PerformLabour(0, 2, "+"), "hercules §4.4", "white die is not yours")


def test_case_10_no_cube_no_demigod_ability_but_gods_are_free():
    s = at_turn((3, 3), owned=["HES-01", "GOD-DEM"], supply=0)
    assert uses(s) == [UseAbility("GOD-DEM", 0), UseAbility("GOD-DEM", 1)]
    expect_illegal(s, UseAbility("HES-01", 0), "hercules §4.4", "costs a cube from your supply")
    s.apply(UseAbility("GOD-DEM", 0))
    assert dice_of(s) == [4, 3]
    assert spent(s, 0) == ["GOD-DEM"]
    assert state_of(s)["supply"][0] == 0


def test_paying_the_last_cube_blocks_the_other_demigods():
    s = at_turn((3, 3), owned=["HES-01", "HEC-01"], supply=1)
    s.apply(UseAbility("HEC-01", 0))
    assert state_of(s)["supply"][0] == 0
    assert uses(s) == []
    expect_illegal(s, UseAbility("HES-01", 0), "hercules §4.4", "costs a cube")


def test_case_25_copy():
    """A (1,2) uses MOR-01 on B's (6,2) → A shows (6,2) and may make 8, 4, 12 or 3."""
    s = at_turn((1, 2), (6, 2), owned=["MOR-01"], supply=1)
    assert uses(s) == [UseAbility("MOR-01", 1)]
    s.apply(UseAbility("MOR-01", 1))
    assert dice_of(s) == [6, 2]
    assert dice_of(s, 1) == [6, 2]
    assert state_of(s)["supply"][0] == 0
    assert spent(s, 0) == ["MOR-01"]
    assert labour_results(s) == {(8, "+"), (4, "-"), (12, "x"), (3, "/")}


def test_copy_sees_changes_made_on_an_earlier_turn_this_round():
    s = new_game(2, start=1)
    s = player(s, 1, owned=["HES-02"], supply=1)
    s = player(s, 0, owned=["GOD-APH"])
    roll(s, (1, 2), (5, 2))
    act(s, UseAbility("HES-02", 0), PerformLabour(0, 1, "+"))  # seat 1: (6,2), Labour 8
    if s.current_player() == 1:  # a Demigod choice (Hestia / Tyche-2)
        act(s, TakeDemigod("hestia"))
    assert s.current_player() == 0
    s.apply(UseAbility("GOD-APH", 1))
    assert dice_of(s) == [6, 2]


def test_copy_leaves_the_white_die_alone():
    s = at_turn((1, 2), (6, 2), owned=["PAN-01", "MOR-01"], supply=2)
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (3,)), UseAbility("MOR-01", 1))
    assert dice_of(s) == [6, 2]
    assert s.view(None)["white_die"] == {"value": 3, "holder": 0, "hero_used_this_round": False}


def test_copy_not_offered_when_it_changes_nothing():
    """Engine choice: copy targets giving your current dice (or another target's result) are not offered."""
    s = new_game(3)
    s = player(s, 0, owned=["MOR-01"], supply=1)
    roll(s, (1, 2), (1, 2), (1, 2))
    assert uses(s) == []
    s = new_game(3)
    s = player(s, 0, owned=["MOR-01"], supply=1)
    roll(s, (1, 2), (6, 2), (6, 2))
    assert uses(s) == [UseAbility("MOR-01", 1)]
    expect_illegal(s, UseAbility("MOR-01", 0), "hercules §4.4", "copy another participant")
    expect_twin(s, UseAbility("MOR-01", 2), UseAbility("MOR-01", 1))  # the same faces: played as the offered


# ------------------------------------------------------------------------------------------ paying and reuse


def test_demigod_costs_a_cube_and_is_used_once_per_turn():
    s = at_turn((3, 3), owned=["HES-01"], supply=2)
    s.apply(UseAbility("HES-01", 0))
    st = state_of(s)
    assert st["supply"][0] == 1
    assert spent(s, 0) == ["HES-01"]
    assert uses(s) == []
    expect_illegal(s, UseAbility("HES-01", 1), "hercules §4.4", "has a cube on it")
    # the cube stays on the card after the turn, and it remains unusable next round
    act(s, PerformLabour(0, 1, "+"))
    finish_turn(s, 0)
    pass_turn(s)
    roll(s, (3, 3), (1, 1))
    assert s.current_player() == 1
    pass_turn(s)
    assert spent(s, 0) == ["HES-01"]
    assert not [a for a in uses(s) if a.card == "HES-01"]


def test_god_is_turned_face_down_and_needs_no_cube():
    s = at_turn((3, 3), owned=["GOD-HEP"], supply=0)
    s.apply(UseAbility("GOD-HEP", 1))
    assert dice_of(s) == [3, 4]
    assert spent(s, 0) == ["GOD-HEP"]
    assert s.view(0)["participants"][0]["cards"][0]["face_down"] is True
    expect_illegal(s, UseAbility("GOD-HEP", 0), "hercules §4.4", "face down")


def test_same_ability_through_different_cards_in_one_turn():
    s = at_turn((1, 1), owned=["HES-01", "HES-02", "GOD-DEM"], supply=2)
    s.apply(UseAbility("HES-01", 0))
    s.apply(UseAbility("HES-02", 0))
    s.apply(UseAbility("GOD-DEM", 0))
    assert dice_of(s) == [4, 1]
    assert sorted(spent(s, 0)) == ["GOD-DEM", "HES-01", "HES-02"]
    assert state_of(s)["supply"][0] == 0


def test_identical_unused_cards_are_offered_once():
    s = at_turn((3, 3), owned=["HES-01", "HES-02", "GOD-POS", "GOD-ATH"], supply=2)
    offered = uses(s)
    assert [a.card for a in offered if a.card.startswith("HES")] == ["HES-01", "HES-01"]  # dice 0 and 1
    assert {a.card for a in offered if a.card.startswith("GOD")} == {"GOD-POS"}  # Athena = Poseidon
    expect_twin(s, UseAbility("HES-02", 0), UseAbility("HES-01", 0))  # the other one is played as it


def test_identical_cards_offer_the_lowest_id_even_if_acquired_later():
    s = new_game(2, tops={"hestia": "HES-02", "tyche": "TYC-02"})
    play_round(s, [(6, 3), (1, 1)], {0: [PerformLabour(0, 1, "+"), RevealDemigod("HES-01")]})
    play_round(s, [(6, 5), (1, 1)], {0: [PerformLabour(0, 1, "+")]})
    assert state_of(s)["owned"][0] == ["HES-01", "HES-02"]  # kept in catalogue order
    roll(s, (3, 3), (1, 1))
    assert s.current_player() == 0
    assert {a.card for a in uses(s)} == {"HES-01"}


def test_passive_cards_are_never_used():
    s = at_turn((3, 3), owned=["HES-10", "HES-07", "TYC-05"], supply=3)
    assert uses(s) == []
    expect_illegal(s, UseAbility("HES-10", 0), "hercules §4.4", "passive")
    expect_illegal(s, UseAbility("HES-07", 0), "hercules §4.4", "passive")


def test_only_own_cards_on_own_turn():
    s = at_turn((3, 3), owned=["HES-01"], supply=1)
    expect_illegal(s, UseAbility("HEC-01", 0), "hercules §4.4", "you do not own")
    expect_illegal(s, UseAbility("NOPE-1", 0), "hercules §8", "no card")
    before = snapshot(s)
    with pytest.raises(NotYourTurn):
        s.apply(UseAbility("HES-01", 0), seat=1)
    assert snapshot(s) == before


def test_using_a_card_removes_rest_and_offers_end_turn_only_without_a_labour():
    s = at_turn((3, 3), owned=["HES-01", "HEC-01"], supply=2)
    assert Rest() in s.legal_actions() and EndTurn() not in s.legal_actions()
    s.apply(UseAbility("HES-01", 0))  # (4, 3): Labours on the dice
    assert Rest() not in s.legal_actions() and EndTurn() not in s.legal_actions()
    s = at_turn((6, 5), gone=[1, 12], owned=["HES-01", "HEC-01"], supply=2)
    s.apply(UseAbility("HES-01", 1))  # (6, 6): no Labour; HEC-01 could still change a die
    assert Rest() not in s.legal_actions() and EndTurn() in s.legal_actions()


# ------------------------------------------------------------------------------------------ effects


def test_reroll_any_of_your_dice():
    s = at_turn((1, 1), owned=["TYC-01"], supply=1)
    assert uses(s) == [UseAbility("TYC-01", t) for t in (1, 2, 3)]  # die 1, die 2, both
    s.apply(UseAbility("TYC-01", 2))
    assert [a for a in s.legal_actions()] == [Roll(0, (1,), (v,)) for v in range(1, 7)]
    s.apply(Roll(0, (1,), (6,)))
    assert dice_of(s) == [1, 6]

    s = at_turn((1, 1), owned=["GOD-APO"])
    s.apply(UseAbility("GOD-APO", 3))
    assert len(s.legal_actions()) == 36
    s.apply(Roll(0, (0, 1), (4, 5)))
    assert dice_of(s) == [4, 5]


def test_reroll_may_include_the_white_die_while_in_use():
    s = at_turn((1, 1), owned=["PAN-01", "PAN-05"], supply=2)
    assert {a.target for a in uses(s) if a.card == "PAN-05"} == {1, 2, 3}
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (2,)))
    assert {a.target for a in uses(s) if a.card == "PAN-05"} == set(range(1, 8))
    s.apply(UseAbility("PAN-05", 4))  # the white die alone
    assert [a for a in s.legal_actions()] == [Roll(0, (2,), (v,)) for v in range(1, 7)]
    s.apply(Roll(0, (2,), (6,)))
    assert s.view(None)["white_die"] == {"value": 6, "holder": 0, "hero_used_this_round": False}
    expect_illegal(s, UseAbility("GOD-APO", 1), "hercules §4.4", "you do not own")


def test_a_second_white_ability_rerolls_the_white_die():
    s = at_turn((1, 1), owned=["PAN-01", "GOD-ARE"], supply=1)
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (3,)))
    assert UseAbility("GOD-ARE", 0) in uses(s)
    act(s, UseAbility("GOD-ARE", 0), Roll(0, (2,), (6,)))
    assert s.view(None)["white_die"] == {"value": 6, "holder": 0, "hero_used_this_round": False}
    assert (7, "+") in labour_results(s)


def test_plus_minus_flip_on_the_white_die_only_while_in_use():
    s = at_turn((3, 3), owned=["PAN-01", "HES-01", "HEC-01", "AEO-01"], supply=4)
    expect_illegal(s, UseAbility("HES-01", 2), "hercules §4.4", "white die is not yours")
    act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (2,)))
    assert {a.target for a in uses(s) if a.card == "HES-01"} == {0, 1, 2}
    s.apply(UseAbility("HES-01", 2))
    s.apply(UseAbility("AEO-01", 2))  # 3 → 4
    s.apply(UseAbility("HEC-01", 2))  # 4 → 3
    assert state_of(s)["white"] == 3
    assert dice_of(s) == [3, 3]


def test_abilities_in_any_order_then_a_labour():
    s = at_turn((1, 1), owned=["GOD-DEM", "HES-01", "AEO-01"], supply=2)
    act(s, UseAbility("AEO-01", 0), UseAbility("GOD-DEM", 1), UseAbility("HES-01", 1))  # (6, 3)
    assert dice_of(s) == [6, 3]
    act(s, PerformLabour(0, 1, "+"))
    assert state_of(s)["cubes"][0] & (1 << 9) == 0
    assert sorted(spent(s, 0)) == ["AEO-01", "GOD-DEM", "HES-01"]
    assert state_of(s)["supply"][0] == 1  # 2 - 2 paid + 1 from the Labour
