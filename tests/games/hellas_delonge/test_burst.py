"""Burst of Strength (spec §4.1) and the card draw limits (§8.1): spec test cases 6, 7, 8 and 9."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, LIGHT, legal, pass_turn, play, position

# Light: T18 (temple island) at (1,0) and T19 (temple) at (-1,0); Dark: T20 (temple) at (0,1), T01 at (0,-1).
TEMPLES = [
    ("T18", 1, 0, 0, LIGHT, 1, 1),
    ("T19", -1, 0, 1, LIGHT, 1, 1),
    ("T20", 0, 1, 0, DARK, 1, 1),
    ("T01", 0, -1, 0, DARK, 1, 1),
]


def test_case_6_more_temples_give_a_fourth_action():
    s = play(position(TEMPLES), "burst")
    assert (s.temples_of(LIGHT), s.temples_of(DARK)) == (2, 1)
    assert s.burst_left == 4


def test_case_6_equal_temples_give_three():
    tiles = [*TEMPLES[:1], ("T19", -1, 0, 1, DARK, 1, 1), *TEMPLES[2:]]
    s = play(position(tiles), "burst")
    assert (s.temples_of(LIGHT), s.temples_of(DARK)) == (1, 2)
    assert s.burst_left == 3
    tiles = [*TEMPLES[:1], ("T02", -1, 0, 0, LIGHT, 1, 1), *TEMPLES[2:]]
    s = play(position(tiles), "burst")
    assert (s.temples_of(LIGHT), s.temples_of(DARK)) == (1, 1)
    assert s.burst_left == 3


def test_case_6_favour_of_olympus_adds_one():
    s = play(position(TEMPLES, hands=(("Z4",), ())), "burst")
    assert "play Z4" in legal(s)
    play(s, "play Z4")
    assert s.burst_left == 5
    assert "play Z4" not in legal(s)
    with pytest.raises(IllegalAction, match="§8"):
        play(position(TEMPLES, hands=(("Z4",), ())), "play Z4")  # Burst only


def test_burst_actions_recruit_build_and_draw():
    s = play(position(TEMPLES), "burst", "recruit 1", "build 1")
    assert s.greeks[1] == 2 and s.ships[1] == 2
    assert s.gsup[LIGHT] == 15 - 3 and s.ssup[LIGHT] == 10 - 3
    play(s, "draw ares")
    assert s.phase == ph.C_DRAW_CARD
    play(s, "card A1")
    assert s.fresh[LIGHT][s.cat.card_by_id["A1"]] == 1 and not s.hand[LIGHT][s.cat.card_by_id["A1"]]
    assert s.burst_left == 1
    play(s, "stop")  # the last action is forfeited; a full regroup follows (spec §4.1-5)
    assert s.phase == ph.REGROUP and s.rg_dest == -1 and s.burst_left == 0
    assert "march 1 2" in legal(s) and "sail 1 2" in legal(s)


def test_recruit_and_build_need_supply():
    tiles = [("T18", 1, 0, 0, LIGHT, 1, 1), ("T20", 0, 1, 0, DARK, 1, 1)]
    s = position(tiles)
    s.gsup[LIGHT] = 0
    s.ssup[LIGHT] = 0
    s._legal = None
    play(s, "burst")
    assert not any(a.startswith(("recruit", "build")) for a in legal(s))
    with pytest.raises(IllegalAction, match="no Greek in your supply"):
        play(s, "recruit 1")
    with pytest.raises(IllegalAction, match="no ship in your supply"):
        play(s, "build 1")


def test_case_7_recruit_cap_while_ships_may_still_be_built():
    tiles = [("T18", 1, 0, 0, LIGHT, 3, 1), ("T19", -1, 0, 1, LIGHT, 3, 3), ("T20", 0, 1, 0, DARK, 1, 1)]
    s = play(position(tiles), "burst")
    options = legal(s)
    assert not any(a.startswith("recruit") for a in options)
    assert "build 1" in options and "build 2" not in options
    with pytest.raises(IllegalAction, match="already holds 3 Greeks"):
        play(s, "recruit 1")
    with pytest.raises(IllegalAction, match="already has 3 ships"):
        play(s, "build 2")


def test_case_8_draw_limits():
    s = play(position(TEMPLES, hands=(("A1", "A2", "A4", "Z3", "Z5"), ())), "burst")
    assert "draw ares" not in legal(s)
    with pytest.raises(IllegalAction, match="3 ares"):
        play(s, "draw ares")
    assert "draw zeus" in legal(s)
    play(s, "draw zeus", "card Z2")
    # One Zeus card pending makes three: a second Zeus draw is illegal (3 per god, pending included).
    assert "draw zeus" not in legal(s)
    with pytest.raises(IllegalAction, match="3 zeus"):
        play(s, "draw zeus")
    # Hand 6 + 1 pending = 7: no further draw at all.
    s = play(position(TEMPLES, hands=(("A1", "A2", "Z3", "Z5", "P1", "P4"), ())), "burst", "draw poseidon")
    play(s, "card P2")
    assert s.hand_size(LIGHT) == 7
    assert not any(a.startswith("draw") for a in legal(s))
    with pytest.raises(IllegalAction, match="7 cards"):
        play(s, "draw ares")


def test_case_9_cards_drawn_this_turn_are_not_playable_this_turn():
    s = play(position(TEMPLES), "burst", "draw zeus", "card Z3")  # Levy, a free-timing card
    assert "play Z3" not in legal(s)
    with pytest.raises(IllegalAction, match="entered your hand this turn"):
        play(s, "play Z3")
    # At the end of the turn it joins the hand: playable on the next turn.
    while s.active == LIGHT:
        s.apply(s.legal_actions()[-1])  # stop, done, end
    assert s.hand[LIGHT][s.cat.card_by_id["Z3"]] == 1 and not any(s.fresh[LIGHT])


def test_case_9_under_double_action_the_drawn_card_serves_the_attack():
    # Light A (1,0) with 3 Greeks is land-linked to Dark B (0,1) with 2.
    tiles = [("T12", 1, 0, 0, LIGHT, 3, 1), ("T08", 0, 1, 5, DARK, 2, 1)]
    s = play(position(tiles, hands=(("Z1",), ())), "play Z1")
    assert s.da_stage == 1
    assert s.phase == ph.BURST  # the Burst comes first: the only choice, so it starts at once
    play(s, "draw ares", "card A1", "stop")
    assert s.hand[LIGHT][s.cat.card_by_id["A1"]] == 1  # joined the hand at once
    # The full regroup may follow the Burst; then the second action: Voyage or Attack.
    if s.phase == ph.REGROUP:
        play(s, "done")
    assert s.phase == ph.MAIN and "burst" not in legal(s)
    play(s, "attack 2", "commit 1")
    assert s.phase == ph.COMBAT and s.cp == LIGHT
    assert "play A1" in legal(s)
    play(s, "play A1")
    assert s.strengths() == (2, 2)


def test_an_empty_deck_is_rebuilt_from_its_discards():
    s = position(TEMPLES)
    cat = s.cat
    zeus = cat.god_ranges[0]
    pile, discards = list(s.pile), list(s.discards)
    for t in zeus:
        discards[t], pile[t] = pile[t], 0
    s.pile, s.discards = tuple(pile), tuple(discards)
    play(s, "burst", "draw zeus")
    assert sum(s.pile[zeus.start : zeus.stop]) == 16 and not any(s.discards[zeus.start : zeus.stop])
    assert any("shuffled into a new deck" in line for line in s.iter_log())


def test_a_god_with_no_card_left_cannot_be_drawn():
    s = position(TEMPLES)
    zeus = s.cat.god_ranges[0]
    s.pile = tuple(0 if t in zeus else n for t, n in enumerate(s.pile))
    s._legal = None
    play(s, "burst")
    assert "draw zeus" not in legal(s)
    with pytest.raises(IllegalAction, match="empty"):
        play(s, "draw zeus")


def test_under_double_action_a_drawn_card_joins_the_hand_at_once():
    s = play(position(TEMPLES, hands=(("Z1",), ())), "play Z1", "draw zeus", "card Z4")
    assert s.phase == ph.BURST and "play Z4" in legal(s)  # playable in the same Burst (docs/rules)
    before = s.burst_left
    play(s, "play Z4")
    assert s.burst_left == before + 1


def test_burst_is_always_allowed_even_with_nothing_to_do():
    # Spec §4-2: every city holds 3 Greeks and 3 ships and the hand is full: the Burst is still a choice.
    tiles = [("T18", 1, 0, 0, LIGHT, 3, 3), ("T01", 0, 1, 0, DARK, 1, 1)]
    hand = ("A1", "A2", "A4", "P1", "P4", "P5", "Z2")
    s = position(tiles, hands=(hand, ()), stack=[])
    assert "burst" in legal(s) and "voyage" not in legal(s)
    play(s, "burst")
    assert s.burst_left == 4  # one temple against none
    assert legal(s) == ["stop"]  # asked all the same: he may hold a Favour of Olympus, for all Dark can tell
    play(s, "stop")
    assert s.active == DARK


def test_a_ship_may_be_built_at_a_city_without_ships():
    tiles = [("T18", 1, 0, 0, LIGHT, 1, 0), ("T20", 0, 1, 0, DARK, 1, 1)]
    s = position(tiles)
    assert s.phase == ph.BURST  # no ship, so no Voyage, and no Attack: the Burst is the only choice
    assert "build 1" in legal(s)
    play(s, "build 1")
    assert s.ships[1] == 1 and s.ssup[LIGHT] == 9


def test_the_temple_count_is_taken_when_the_burst_is_chosen():
    # Seed III.1: a temple is controlled with Greeks in its city. Dark holds 2 temples, Light 1: 3 actions.
    tiles = [("T18", 1, 0, 0, LIGHT, 1, 1), ("T19", -1, 0, 1, DARK, 1, 1), ("T20", 0, 1, 0, DARK, 1, 1)]
    s = play(position(tiles), "burst")
    assert s.burst_left == 3
    pass_turn(s)
    play(s, "burst")
    assert s.active == DARK and s.burst_left == 4
