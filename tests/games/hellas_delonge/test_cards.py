"""God cards (spec §8): timing, the first turn, Thunderbolt chains, and the effects not covered elsewhere."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, LIGHT, legal, pass_turn, play, position

TILES = [
    ("T01", 1, 0, 0, LIGHT, 1, 1),
    ("T02", 0, 1, 0, LIGHT, 2, 0),
    ("T03", -1, 0, 0, DARK, 1, 0),
]


def test_case_25_light_plays_nothing_in_his_first_turn_but_dark_may_react():
    s = position(TILES, turn=1, hands=(("Z3", "Z2"), ("P5",)), stack=["T05"])
    assert s.turn == 1 and s.barred(LIGHT)
    assert not any(a.startswith("play") for a in legal(s))
    with pytest.raises(IllegalAction, match="first turn"):
        play(s, "play Z3")
    play(s, "voyage", "tile T05")
    site = next(a for a in legal(s) if a.startswith("at "))
    play(s, site)
    while s.phase == ph.V_TURN:
        play(s, legal(s)[0])
    assert s.phase == ph.STORM and s.cp == DARK
    play(s, "play P5")
    # Light may not answer with his Thunderbolt in his first turn: the Storm stands.
    assert s.active == DARK and s.board.size == 4
    assert s.hand[LIGHT][s.cat.card_by_id["Z2"]] == 1


def test_opponent_turn_cards_cannot_be_played_on_your_own_turn():
    s = position(TILES, hands=(("P5", "A2", "Z3"), ()))
    assert "play P5" not in legal(s) and "play A2" not in legal(s)
    with pytest.raises(IllegalAction, match="only in the opponent's turn"):
        play(s, "play P5")


def test_a_card_for_one_action_cannot_serve_another():
    s = position(TILES, hands=(("P1", "A1", "Z3"), ()))
    with pytest.raises(IllegalAction, match="Voyage"):
        play(s, "play P1")
    play(s, "burst")
    with pytest.raises(IllegalAction, match="combat card window"):
        play(s, "play A1")


def test_levy_places_two_greeks_and_may_stop():
    s = play(position(TILES, hands=(("Z3",), ())), "play Z3")
    assert s.phase == ph.LEVY and legal(s) == ["levy 1 -1", "levy 2 -1", "done"]
    play(s, "levy 1 -1", "levy 1 -1")
    assert s.greeks[1] == 3 and s.gsup[LIGHT] == 15 - 5
    assert s.phase == ph.MAIN  # back to choosing the action
    s = play(position(TILES, hands=(("Z3",), ())), "play Z3", "levy 2 -1", "done")
    assert s.greeks[2] == 3 and s.phase == ph.MAIN


def test_levy_takes_from_other_cities_when_the_supply_is_empty():
    s = position(TILES, hands=(("Z3",), ()))
    s.gsup[LIGHT] = 0
    s._legal = None
    play(s, "play Z3")
    assert legal(s) == ["levy 1 2", "done"]  # city 2 keeps one
    with pytest.raises(IllegalAction, match="name one of your cities"):
        play(s, "levy 1 -1")
    play(s, "levy 1 2", "done")
    assert (s.greeks[1], s.greeks[2]) == (2, 1) and s.phase == ph.MAIN


def test_shipwrights_places_two_ships():
    s = play(position(TILES, hands=(("P6",), ())), "play P6", "launch 2 -1", "launch 2 -1")
    assert s.ships[2] == 2 and s.ssup[LIGHT] == 10 - 3


def test_thunderbolt_cancels_an_own_turn_card():
    s = play(position(TILES, hands=(("Z3", "A1"), ("Z2",))), "play Z3")
    assert s.phase == ph.RESPOND and s.cp == DARK and legal(s) == ["play Z2", "pass"]
    play(s, "play Z2")
    assert s.phase == ph.MAIN and s.greeks[1] == 1  # the Levy had no effect
    assert s.discards[s.cat.card_by_id["Z3"]] == 1


def test_the_cancel_window_opens_on_any_zeus_card():
    s = play(position(TILES, hands=(("Z3", "A1"), ("Z6",))), "play Z3")
    assert s.phase == ph.RESPOND and legal(s) == ["pass"]  # Dark's hand is not given away
    play(s, "pass")
    assert s.phase == ph.LEVY
    s = play(position(TILES, hands=(("Z3", "A1"), ("P1",))), "play Z3")
    assert s.phase == ph.LEVY  # no Zeus card: no window


def test_double_action_can_be_cancelled_and_the_turn_goes_on():
    s = play(position(TILES, hands=(("Z1", "A1"), ("Z2",))), "play Z1", "play Z2")
    assert s.da_stage == 0 and s.phase == ph.MAIN and "voyage" in legal(s)


def _after_double_action_burst(s):
    play(s, "play Z1", "stop")
    if s.phase == ph.REGROUP:
        play(s, "done")
    return s


def test_double_action_second_action_must_be_taken_when_it_can():
    """Double Action: "a Burst of Strength, then a Voyage or an Attack" (the seed: the cards drawn serve "the
    Voyage or Attack chosen afterwards"); the turn ends without one only when neither can be taken."""
    s = _after_double_action_burst(position(TILES, hands=(("Z1",), ())))
    assert s.phase == ph.MAIN and s.da_stage == 2
    assert "burst" not in legal(s) and "end" not in legal(s)
    assert "voyage" in legal(s) and "attack 3" in legal(s)
    with pytest.raises(
        IllegalAction, match=r"§8\.3 Z1: Double Action gives a Burst of Strength, then a Voyage"
    ):
        play(s, "end")


def test_double_action_turn_ends_when_no_second_action_can_be_taken():
    spare_none = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", 0, 1, 0, LIGHT, 1, 0), ("T03", -1, 0, 0, DARK, 1, 0)]
    s = _after_double_action_burst(position(spare_none, hands=(("Z1",), ()), stack=[]))
    assert s.active == DARK  # no tile to draw, no Greek to spare: the turn ended by itself


def test_double_action_an_attack_only_forced_march_allows_does_not_bind_the_player():
    # City 4 (3 Greeks) is linked to no enemy city: only a Forced March could send it, and playing a card is
    # the player's choice, so the turn may still end.
    tiles = [
        ("T01", 1, 0, 0, LIGHT, 1, 1),
        ("T02", 0, 1, 0, LIGHT, 1, 0),
        ("T03", -1, 0, 0, DARK, 1, 0),
        ("T04", 2, 0, 0, LIGHT, 3, 0),
    ]
    s = _after_double_action_burst(position(tiles, hands=(("Z1", "A3"), ()), stack=[]))
    assert s.phase == ph.MAIN and s.da_stage == 2
    assert "attack 3" in legal(s) and "end" in legal(s) and "voyage" not in legal(s)


def test_hermes_theft_takes_a_random_card_unusable_this_turn():
    s = play(position(TILES, hands=(("Z5",), ("A2", "A2"))), "play Z5")
    assert s.phase == ph.C_STEAL
    assert [(a.notation(), p) for a, p in s.chance_outcomes()] == [("steal A2", 1.0)]
    play(s, "steal A2")
    cat = s.cat
    a2 = cat.card_by_id["A2"]
    assert s.fresh[LIGHT][a2] == 1 and s.hand[DARK][a2] == 1
    assert s.known[DARK][a2] == 1  # Dark knows Light holds it
    assert any("took from {p1} is Stand Firm" in e.text and e.audience == (LIGHT, DARK) for e in s.events)
    assert any(e.text.endswith("took a card from {p1}") and e.audience is None for e in s.events)
    assert not any("Stand Firm" in line for line in s.iter_log(seat=None))  # a spectator never reads it
    pass_turn(s)
    assert s.hand[LIGHT][a2] == 1


def test_theft_over_the_limit_makes_the_thief_discard():
    s = play(position(TILES, hands=(("Z5", "A1", "A4", "A7"), ("A2",))), "play Z5", "steal A2")
    assert s.phase == ph.DISCARD and s.cp == LIGHT
    assert legal(s) == ["discard A1", "discard A2", "discard A4", "discard A7"]
    play(s, "discard A2")
    assert s.held_of_god(LIGHT, 2) == 3 and s.discards[s.cat.card_by_id["A2"]] == 1
    assert s.known[DARK][s.cat.card_by_id["A2"]] == 0
    assert s.phase == ph.MAIN


def test_theft_needs_an_opponent_card():
    s = position(TILES, hands=(("Z5", "Z3"), ()))
    assert "play Z5" not in legal(s)


def test_oracle_looks_at_three_and_reorders():
    s = play(position(TILES, hands=(("Z6", "Z3"), ()), stack=["T05", "T12", "T18", "T20"]), "play Z6")
    assert s.phase == ph.C_PEEK
    play(s, "peek T12", "peek T18", "peek T05")
    assert s.phase == ph.ORACLE and legal(s) == ["order T05", "order T12", "order T18"]
    assert any("T12, T18, T05" in e.text and e.audience == (LIGHT,) for e in s.events)
    assert not any("T12" in line for line in s.iter_log(seat=DARK))
    play(s, "order T18", "order T05")
    cat = s.cat
    assert s.top == tuple(cat.tile_by_id[t] for t in ("T18", "T05", "T12")) and s.top_order == LIGHT
    # Light's view shows the order; Dark's shows nothing of it.
    assert s.view(LIGHT)["stack"]["top_known"] == {"tiles": ["T18", "T05", "T12"], "in_order": True}
    assert "top_known" not in s.view(DARK)["stack"]
    play(s, "voyage")
    assert [a.notation() for a, _ in s.chance_outcomes()] == ["tile T18"]


def test_oracle_with_a_short_stack_takes_the_tiles_under_it():
    s = position(TILES, hands=(("Z6", "Z3"), ()), stack=["T05"])
    s.bottom = (s.cat.tile_by_id["T12"],)
    s.pool = 1 << s.cat.tile_by_id["T05"]
    play(s, "play Z6", "peek T05")
    assert s.phase == ph.ORACLE and len(s.top) == 2 and not s.bottom


def test_migration_is_only_after_a_voyage_or_attack():
    s = play(position(TILES, hands=(("Z7",), ())), "burst", "stop")
    if s.phase == ph.REGROUP:
        play(s, "done")
    # Migration cannot be played after a Burst. Light is still asked at the end of the turn, since he may hold
    # an Oracle or a Levy for all Dark can tell, but only to end it.
    assert s.phase == ph.END and legal(s) == ["end"]
    play(s, "end")
    assert s.active == DARK


def test_theft_after_the_victim_spent_his_last_card_takes_nothing():
    s = play(position(TILES, hands=(("Z5", "Z2"), ("Z2",))), "play Z5", "play Z2", "play Z2")
    # Light's Thunderbolt cancelled Dark's: the Theft stands, but Dark has no card left to take.
    assert s.hand_size(DARK) == 0 and s.phase == ph.MAIN
    assert s.hand_size(LIGHT) == 0


def test_free_timing_cards_come_after_the_regroup_not_during_it():
    # Spec §8.1-9 and docs/rules: Levy before the action, between Burst actions and at the end of the turn.
    tiles = [("T01", 1, 0, 0, LIGHT, 2, 1), ("T02", 0, 1, 0, LIGHT, 1, 0), ("T03", -1, 0, 0, DARK, 1, 0)]
    s = position(tiles, hands=(("Z3",), ()))
    assert "play Z3" in legal(s)
    play(s, "burst")
    assert "play Z3" in legal(s)
    play(s, "stop")
    assert s.phase == ph.REGROUP and "play Z3" not in legal(s)
    with pytest.raises(IllegalAction, match="no voyage or combat is under way"):
        play(s, "play Z3")
    play(s, "done")
    assert s.phase == ph.END and legal(s) == ["play Z3", "end"]
    play(s, "play Z3", "levy 2 -1", "levy 2 -1")
    assert s.greeks[2] == 3 and s.gsup[LIGHT] == 15 - 5
    assert s.active == DARK  # nothing left to do or play: the turn ended by itself


def test_shipwrights_take_ships_from_other_cities_when_the_supply_is_empty():
    # Seed V-G: with no ship in the supply, the ships come from other own cities (which need keep none).
    s = position(
        [("T01", 1, 0, 0, LIGHT, 1, 3), ("T02", 0, 1, 0, LIGHT, 1, 0), ("T03", -1, 0, 0, DARK, 1, 0)]
    )
    s.ssup[LIGHT] = 0
    s._legal = None
    s.hand[LIGHT] = tuple(int(c.id == "P6") for c in s.cat.cards)
    play(s, "play P6")
    assert legal(s) == ["launch 2 1", "done"]
    play(s, "launch 2 1", "launch 2 1")
    assert (s.ships[1], s.ships[2], s.ssup[LIGHT]) == (1, 2, 0)


def test_a_played_card_goes_face_up_to_its_god_s_discard_pile():
    s = play(position(TILES, hands=(("Z3",), ())), "play Z3")
    z3 = s.cat.card_by_id["Z3"]
    assert s.discards[z3] == 1 and not s.hand[LIGHT][z3]
    assert s.view(DARK)["decks"]["zeus"]["discards"] == {"Z3": 1}
