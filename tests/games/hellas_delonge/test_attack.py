"""Attacks (spec §6) and the Ares cards: spec test cases 15-22, 24, 27 and 28, and the seed's attack rules."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, LIGHT, legal, pass_turn, play, position

# A = T12 at (1,0) shows land to SW; B = T08 turned 5 at (0,1) shows land to NE: one land edge between.
A_LAND = ("T12", 1, 0, 0)
B_LAND = ("T08", 0, 1, 5)
C_SEA = ("T01", -1, 1, 0)  # an island SW of the dolphin: a sea edge with B
X_SEA = ("T01", 1, -1, 0)  # an island NE of the dolphin: a sea edge with A
G_SEA = ("T02", 0, -1, 0)  # an island NW of the dolphin: a sea edge with X


def resolve(s):
    assert s.phase == ph.CALLOFF and s.cp == LIGHT
    return play(s, "resolve")


def test_case_15_a_land_attack_wins_on_equal_numbers():
    s = position([(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)])
    assert "attack 2" in legal(s)
    play(s, "attack 2")
    assert s.sources == (1,) and legal(s) == ["commit 1", "commit 2"]
    play(s, "commit 2")
    assert not s.nat_sea and s.strengths() == (2, 2)
    resolve(s)
    assert s.owner(2) == LIGHT and s.greeks[2] == 2 and s.greeks[1] == 1
    assert s.gsup[DARK] == 15 and s.ssup[DARK] == 10  # the defender's Greeks and ship went to his supply


def test_case_16_a_sea_attack_needs_one_more():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*X_SEA, DARK, 2, 1), (*G_SEA, LIGHT, 3, 1)]
    s = play(position(tiles), "attack 2")
    assert s.sources == (1, 3)
    play(s, "commit 2", "commit 0")
    assert s.nat_sea
    resolve(s)
    assert s.owner(2) == DARK and s.greeks[2] == 2
    assert s.greeks[1] == 1 and s.gsup[LIGHT] == 15 - 6 + 2  # both attackers went to the supply
    s = play(position(tiles), "attack 2", "commit 2", "commit 1")
    resolve(s)
    assert s.owner(2) == LIGHT and s.greeks[2] == 3


def test_case_17_a_mixed_force_is_a_sea_attack_unless_beachhead():
    tiles = [(*A_LAND, LIGHT, 2, 1), (*B_LAND, DARK, 2, 1), (*C_SEA, LIGHT, 2, 1)]
    s = play(position(tiles), "attack 2")
    assert s.sources == (1, 3)
    play(s, "commit 1", "commit 1")
    assert s.nat_sea and not s.attack_would_win()
    resolve(s)
    assert s.owner(2) == DARK
    s = play(position(tiles, hands=(("A4",), ())), "attack 2", "commit 1", "commit 1")
    assert s.phase == ph.COMBAT and s.cp == LIGHT and legal(s) == ["play A4", "pass"]
    play(s, "play A4")
    assert s.beach and not s.is_sea_attack()
    resolve(s)
    assert s.owner(2) == LIGHT and s.greeks[2] == 2


def test_case_18_rocky_coast_and_beachhead_cancel():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)]
    s = play(position(tiles, hands=(("A4",), ("A5",))), "attack 2", "commit 2")
    # Light opens the window; Beachhead would change nothing on a land attack, so he can only pass.
    assert s.cp == LIGHT and legal(s) == ["pass"]
    play(s, "pass")
    assert s.cp == DARK and legal(s) == ["play A5", "pass"]
    play(s, "play A5")
    assert s.is_sea_attack() and not s.attack_would_win()
    assert s.cp == LIGHT and legal(s) == ["play A4", "pass"]
    play(s, "play A4")
    assert s.beach and s.rocky and not s.is_sea_attack()
    resolve(s)
    assert s.owner(2) == LIGHT


def test_case_19_a_source_keeps_one_greek():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 1, 1), (*C_SEA, LIGHT, 1, 1)]
    s = play(position(tiles), "attack 2")
    assert s.sources == (1,)  # city 3 holds a single Greek: it cannot send any
    assert legal(s) == ["commit 1", "commit 2"]
    with pytest.raises(IllegalAction, match="at most 2"):
        play(s, "commit 3")


def test_case_20_tiles_next_to_the_dolphin_attack_by_sea():
    s = play(position([("T01", 1, 0, 0, LIGHT, 3, 1), ("T02", -1, 0, 0, DARK, 1, 1)]), "attack 2", "commit 1")
    assert s.nat_sea and s.strengths() == (1, 1) and not s.attack_would_win()
    resolve(s)
    assert s.owner(2) == DARK


def test_attacks_need_a_link():
    tiles = [("T01", 1, 0, 0, LIGHT, 3, 1), ("T02", 3, -1, 0, DARK, 1, 1)]
    s = position(tiles, hands=(("Z3",), ()))
    assert not any(a.startswith("attack") for a in legal(s))
    with pytest.raises(IllegalAction, match="linked"):
        play(s, "attack 2")


def test_case_21_conquest_overflow_and_ships():
    far = ("T05", 3, -2, 0, DARK, 1, 0)  # so that Dark keeps a city
    tiles = [(*A_LAND, LIGHT, 3, 3), (*B_LAND, DARK, 2, 2), (*C_SEA, LIGHT, 3, 3), (*G_SEA, LIGHT, 1, 3), far]
    s = play(position(tiles), "attack 2")
    assert s.sources == (1, 3)  # city 4 has no Greek to spare
    play(s, "commit 2", "commit 2")
    assert s.ssup[LIGHT] == 1
    resolve(s)
    assert (s.gsup[DARK], s.ssup[DARK]) == (14, 10)  # Dark's 2 Greeks and 2 ships went home
    assert s.greeks[2] == 3 and s.gsup[LIGHT] == 15 - 7 + 1  # three move in, one goes to the supply
    assert s.phase == ph.FLEET and legal(s) == ["fleet 1", "fleet 0"]
    play(s, "fleet 1")
    assert s.ships[2] == 1 and s.ssup[LIGHT] == 0
    tiles[3] = (*G_SEA, LIGHT, 1, 1)
    s = play(position(tiles), "attack 2", "commit 2", "commit 2")
    resolve(s)
    assert legal(s) == ["fleet 2", "fleet 1", "fleet 0"]  # up to the defender's 2 ships


def test_case_22_restricted_regroup_after_a_conquest():
    tiles = [
        (*A_LAND, LIGHT, 3, 3),
        (*B_LAND, DARK, 2, 2),
        (*C_SEA, LIGHT, 3, 2),
        ("T05", 3, -2, 0, DARK, 1, 0),
    ]
    s = play(position(tiles), "attack 2", "commit 2", "commit 1", "resolve", "fleet 0")
    assert s.phase == ph.REGROUP and s.rg_dest == 2
    with pytest.raises(IllegalAction, match="only move into the new city 2"):
        play(s, "march 3 1")
    play(s, "sail 1 2")
    assert s.ships[2] == 1 and s.ships[1] == 2


def test_a_lost_attack_sends_the_attackers_home_and_ends_the_turn():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 3, 1)]
    s = play(position(tiles), "attack 2", "commit 2", "resolve")
    assert s.owner(2) == DARK and s.greeks[2] == 3 and s.greeks[1] == 1
    assert s.gsup[LIGHT] == 15 - 1 and s.active == DARK  # no regroup


def test_case_24_call_off_after_stand_firm():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*X_SEA, DARK, 1, 1)]
    s = play(position(tiles, hands=((), ("A2",))), "attack 2", "commit 2")
    assert s.nat_sea and s.attack_would_win()
    assert s.phase == ph.COMBAT and s.cp == DARK  # Light holds no Ares card: his turn in the window passes
    play(s, "play A2")
    assert s.strengths() == (2, 2) and not s.attack_would_win()
    assert legal(s) == ["resolve", "calloff"]
    play(s, "calloff")
    assert s.greeks[1] == 3 and s.greeks[2] == 1 and s.gsup[LIGHT] == 12  # no losses
    assert s.active == DARK  # no regroup, the turn ended


def test_the_combat_window_alternates_until_two_passes():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)]
    s = play(position(tiles, hands=(("A1", "A1"), ("A2", "A2"))), "attack 2", "commit 1")
    order = []
    for choice in ("play A1", "play A2", "pass", "play A2", "play A1"):
        order.append(s.cp)
        play(s, choice)
    assert order == [LIGHT, DARK, LIGHT, DARK, LIGHT]  # a pass does not stop a player playing later
    # Neither holds an Ares card any more: their turns pass by themselves and the window closes.
    assert s.phase == ph.CALLOFF and s.strengths() == (3, 4)


def test_battle_fury_can_be_cancelled_by_thunderbolt():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)]
    s = play(position(tiles, hands=(("A1",), ("Z2",))), "attack 2", "commit 1", "play A1")
    assert s.phase == ph.RESPOND and s.cp == DARK
    play(s, "play Z2")
    assert s.fury == 0 and s.phase == ph.CALLOFF


def test_case_27_forced_march_from_an_unlinked_city():
    tiles = [(*A_LAND, LIGHT, 1, 1), (*B_LAND, DARK, 2, 1), ("T03", 3, -2, 0, LIGHT, 3, 1)]
    s = position(tiles, hands=(("A3",), ()))
    assert "attack 2" in legal(s)  # only through Forced March
    play(s, "attack 2")
    # Forced March was the only way to go on, so it was played; city 3 is the only unlinked source.
    assert s.fm_city == 3 and s.discards[s.cat.card_by_id["A3"]] == 1
    assert legal(s) == ["commit 1", "commit 2"]
    play(s, "commit 2")
    assert s.nat_sea  # all attackers came by Forced March
    resolve(s)
    assert s.owner(2) == DARK and s.greeks[3] == 1


def test_forced_march_is_offered_before_the_first_commit():
    tiles = [(*A_LAND, LIGHT, 2, 1), (*B_LAND, DARK, 2, 1), ("T03", 3, -2, 0, LIGHT, 3, 1)]
    s = play(position(tiles, hands=(("A3",), ())), "attack 2")
    assert legal(s) == ["play A3", "commit 1"]
    play(s, "play A3")
    assert s.phase == ph.A_COMMIT and s.sources == (1, 3)
    play(s, "commit 1", "commit 2")
    assert not s.nat_sea and s.strengths() == (3, 2)  # the land Greek sets the type


def test_case_28_orderly_retreat():
    tiles = [
        (*A_LAND, LIGHT, 3, 1),
        (*B_LAND, DARK, 3, 1),
        (*C_SEA, LIGHT, 3, 1),
        ("T02", -1, 0, 0, DARK, 2, 0),
        ("T03", 0, -1, 0, DARK, 3, 0),
    ]
    s = play(position(tiles, hands=((), ("A6",))), "attack 2", "commit 2", "commit 2")
    assert (
        s.phase == ph.COMBAT and s.cp == DARK and legal(s) == ["pass"]
    )  # an Ares card: asked, nothing to play
    play(s, "pass", "resolve")
    assert s.phase == ph.RETREAT_WINDOW and s.cp == DARK
    play(s, "play A6")
    assert s.greeks[4] == 3 and s.greeks[5] == 3  # one withdrew to the only room
    assert s.gsup[DARK] == 15 - 6 - 0 and s.ssup[DARK] == 10  # two to the supply, the ship too
    assert s.owner(2) == LIGHT and s.greeks[2] == 3


def test_second_strike_and_tired_greeks():
    # Light A (1,0) and E (0,-1); Dark B (0,1) and D (-1,1). All four border the dolphin.
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 1, 1), (*C_SEA, DARK, 1, 0), (*G_SEA, LIGHT, 3, 0)]
    s = play(position(tiles, hands=(("A7",), ())), "attack 2")
    assert s.sources == (1, 4)
    play(s, "commit 2", "commit 0", "pass", "resolve", "fleet 0", "done")
    assert s.owner(2) == LIGHT and s.tired[2] == 2 and s._spare(2) == 0
    assert s.phase == ph.END and "play A7" in legal(s)
    play(s, "play A7")
    # One target left (city 3); the Greeks that took city 2 may not attack again: only city 4 sends.
    assert s.phase == ph.A_COMMIT and s.target == 3 and s.sources == (4,)
    play(s, "commit 2", "resolve")  # nobody holds an Ares card any more: no window
    assert s.owner(3) == LIGHT


def test_second_strike_is_not_offered_without_fresh_greeks():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 1, 1), (*C_SEA, DARK, 1, 0)]
    s = play(position(tiles, hands=(("A7",), ())), "attack 2", "commit 2", "pass", "resolve", "fleet 0")
    assert s.phase == ph.REGROUP
    play(s, "done")
    # No city of Light's with fresh Greeks is linked to Dark's last city: END offers nothing and passes.
    assert s.active == DARK and s.hand[LIGHT][s.cat.card_by_id["A7"]] == 1


def test_migration_after_a_failed_attack():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 3, 1), (*C_SEA, LIGHT, 1, 0)]
    s = play(position(tiles, hands=(("Z7", "Z3"), ())), "attack 2", "commit 2")
    play(s, "resolve")
    # After a failure only Migration may be played (no free-timing Levy), then the turn ends.
    assert s.phase == ph.END and legal(s) == ["play Z7", "end"]
    play(s, "play Z7")
    assert s.phase == ph.REGROUP and s.rg_dest == -1
    play(s, "sail 1 3")  # nothing else can move: the regroup and the turn end by themselves
    assert s.active == DARK and s.ships[3] == 1


def test_the_dolphin_cannot_be_attacked():
    s = position([(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)], hands=(("Z3",), ()))
    with pytest.raises(IllegalAction, match="not an enemy city"):
        play(s, "attack 0")


def test_defender_without_an_ares_card_is_not_asked():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*B_LAND, DARK, 2, 1)]
    s = play(position(tiles, hands=((), ("Z2", "P5"))), "attack 2", "commit 2")
    assert s.phase == ph.CALLOFF  # nobody holds an Ares card: no window at all
    pass_turn(s)


def test_q4_a_sea_attack_needs_no_ships():
    # Light's island at (1,0) has 3 Greeks and no ship; Dark's at (-1,0) 1 Greek: linked through the dolphin.
    tiles = [("T01", 1, 0, 0, LIGHT, 3, 0), ("T02", -1, 0, 0, DARK, 1, 0), ("T03", 3, -2, 0, DARK, 1, 0)]
    s = play(position(tiles), "attack 2", "commit 2")
    assert s.nat_sea and s.strengths() == (2, 1) and s.attack_would_win()
    resolve(s)
    assert s.owner(2) == LIGHT and s.greeks[2] == 2 and s.ships[2] == 0


def test_modifiers_change_the_comparison_not_the_pieces():
    # Spec §6.2-7: 2 Greeks by sea against 2 lose; with Battle Fury 3 >= 2 + 1 wins, but only 2 move in.
    tiles = [(*A_LAND, LIGHT, 3, 1), (*X_SEA, DARK, 2, 1), ("T05", -1, 1, 0, DARK, 1, 0)]
    s = play(position(tiles, hands=(("A1",), ())), "attack 2", "commit 2")
    assert s.nat_sea and not s.attack_would_win()
    play(s, "play A1")
    assert s.strengths() == (3, 2) and s.attack_would_win()
    resolve(s)
    assert s.owner(2) == LIGHT and s.greeks[2] == 2 and s.greeks[1] == 1
    assert s.gsup[LIGHT] == 15 - 3 and s.gsup[DARK] == 15 - 1
    # Stand Firm: 3 by land against 2 + 1 still wins on equal numbers; Dark loses his 2 real Greeks, no more.
    tiles = [
        (*A_LAND, LIGHT, 3, 1),
        (*B_LAND, DARK, 2, 1),
        (*C_SEA, LIGHT, 2, 1),
        ("T05", 3, -2, 0, DARK, 1, 0),
    ]
    s = play(position(tiles, hands=((), ("A2",))), "attack 2", "commit 2", "commit 0", "play A2")
    assert not s.nat_sea and s.strengths() == (2, 3) and not s.attack_would_win()
    resolve(s)
    assert s.owner(2) == DARK and s.greeks[2] == 2  # the defender's count is unchanged
    assert s.greeks[1] == 1 and s.gsup[LIGHT] == 15 - 3  # the 2 attackers went to the supply


def test_the_attacker_must_send_at_least_one_greek():
    tiles = [(*A_LAND, LIGHT, 3, 1), (*X_SEA, DARK, 2, 1), (*G_SEA, LIGHT, 3, 1)]
    s = play(position(tiles), "attack 2", "commit 0")
    assert legal(s) == ["commit 1", "commit 2"]  # the last source must send one if none has yet
    with pytest.raises(IllegalAction, match="at least one Greek"):
        play(s, "commit 0")
    assert s.commits == (0,)


def test_a_lost_sea_attack_with_more_than_three_attackers():
    # Seed III.3 B and H: more than 3 may attack; all of them go to the supply when the attack fails.
    tiles = [(*A_LAND, LIGHT, 3, 1), (*X_SEA, DARK, 3, 1), (*G_SEA, LIGHT, 3, 1)]
    s = play(position(tiles, hands=((), ("A2", "A2"))), "attack 2", "commit 2", "commit 2")
    assert sum(s.commits) == 4
    play(s, "play A2", "play A2")  # D = 3 + 2; sea: 4 < 6
    resolve(s)
    assert s.owner(2) == DARK and s.greeks[2] == 3
    assert s.greeks[1] == 1 and s.greeks[3] == 1 and s.gsup[LIGHT] == 15 - 2
