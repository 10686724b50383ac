"""Twins (docs/rules/hercules.md, "Twins are accepted"): a choice left out of ``legal_actions()`` because
an offered one is interchangeable with it (the same Labour on other dice, an identical card, the same copied
faces, an identical card's cube) is accepted and played as the offered one. What is really illegal still
raises, naming the rule.
"""

from __future__ import annotations

from hellenika.games.hercules.actions import PerformLabour, Rest, Roll, TakeBackCube, UseAbility
from tests.games.hercules.builders import (
    act,
    expect_illegal,
    expect_twin,
    new_game,
    player,
    roll,
    spent,
)


def at_turn(dice=(6, 3), *others, players: int = 2, **edits):
    """Seat 0 to play round 1 with ``dice`` (the others ``others``, default (1, 1)) and the ``edits``."""
    s = new_game(players)
    if edits:
        s = player(s, 0, **edits)
    faces = list(others) + [(1, 1)] * (players - 1 - len(others))
    roll(s, dice, *faces)
    assert s.current_player() == 0
    return s


def with_white_die(dice, white, **edits):
    """Seat 0 holds the white die showing ``white`` (Pan's ability used first)."""
    s = at_turn(dice, owned=["PAN-01"], supply=1, **edits)
    return act(s, UseAbility("PAN-01", 0), Roll(0, (2,), (white,)))


def test_the_same_labour_on_the_other_pair_of_dice_is_played_as_the_offered_one():
    # Dice 3 and 5 with the white die on 3: the pair (die 2, white) shows the faces of (die 1, die 2).
    s = with_white_die((3, 5), 3)
    expect_illegal(s, PerformLabour(1, 2, "x"), "hercules §4.3", "15 is not between 1 and 12")
    expect_twin(s, PerformLabour(1, 2, "+"), PerformLabour(0, 1, "+"))
    assert s.to_json()["state"]["cubes"][0] >> 8 & 1 == 0
    # The same faces, but that Labour is done: nothing stands for it.
    s = with_white_die((3, 5), 3, gone=[8])
    expect_illegal(s, PerformLabour(1, 2, "+"), "hercules §4.3", "labour 8 already done")


def test_a_labour_names_its_dice_in_either_order():
    s = at_turn((6, 3))
    expect_illegal(s, PerformLabour(1, 2, "+"), "hercules §4.4", "white die is not yours")
    expect_twin(s, PerformLabour(1, 0, "+"), PerformLabour(0, 1, "+"))
    s = with_white_die((3, 5), 3)
    expect_twin(s, PerformLabour(2, 0, "x"), PerformLabour(0, 2, "x"))


def test_an_identical_card_is_played_as_the_lowest_id():
    s = at_turn((3, 3), owned=["HES-01", "HES-02", "GOD-POS", "GOD-ATH"], supply=2)
    expect_illegal(s, UseAbility("HES-03", 0), "hercules §4.4", "you do not own")
    expect_twin(s, UseAbility("HES-02", 1), UseAbility("HES-01", 1))
    assert spent(s, 0) == ["HES-01"]
    # Now HES-02 is the unused one and offered itself; Athena stands for Poseidon (identical God cards).
    assert UseAbility("HES-02", 0) in s.legal_actions()
    expect_twin(s, UseAbility("GOD-ATH", 0), UseAbility("GOD-POS", 0))
    assert sorted(spent(s, 0)) == ["GOD-POS", "HES-01"]


def test_an_identical_card_stands_for_the_offered_one_only_where_it_may_be_used():
    s = at_turn((6, 3), owned=["HES-01", "HES-02"], supply=2)
    expect_illegal(s, UseAbility("HES-02", 0), "hercules §4.4", "cannot go above 6")
    expect_twin(s, UseAbility("HES-02", 1), UseAbility("HES-01", 1))
    s = at_turn((3, 3), owned=["HES-01", "HES-02"], spent=["HES-02"], supply=1)
    expect_illegal(s, UseAbility("HES-02", 0), "hercules §4.4", "has a cube on it")


def test_copying_the_same_faces_from_another_player_is_played_as_the_offered_copy():
    s = at_turn((1, 2), (6, 2), (6, 2), players=3, owned=["MOR-01"], supply=1)
    expect_illegal(s, UseAbility("MOR-01", 0), "hercules §4.4", "copy another participant")
    expect_twin(s, UseAbility("MOR-01", 2), UseAbility("MOR-01", 1))
    assert s.to_json()["state"]["dice"][0] == [6, 2]
    # Copying one's own faces changes nothing, so it is no twin of a copy (and is not offered).
    s = at_turn((1, 2), (6, 2), (1, 2), players=3, owned=["MOR-01"], supply=1)
    expect_illegal(s, UseAbility("MOR-01", 2), "hercules §4.4", "would leave yours as they are")


def test_the_cube_of_an_identical_card_is_taken_back_lowest_id_first():
    s = at_turn(owned=["HES-01", "HES-02", "HES-03"], spent=["HES-01", "HES-02"], supply=0)
    s.apply(Rest())
    expect_illegal(s, TakeBackCube("HES-03"), "hercules §4.7", "has no cube on it")
    expect_illegal(s, TakeBackCube("HES-04"), "hercules §4.7", "you own no Demigod card")
    expect_twin(s, TakeBackCube("HES-02"), TakeBackCube("HES-01"))
    assert spent(s, 0) == ["HES-02"]
