"""Voyages (spec §5): V1/V2, payment, settling, failure, Storm and the Poseidon cards; spec cases 10-14."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.hexmap import cell

from .builders import DARK, LIGHT, legal, pass_turn, play, position

# Light island at (1,0) and Dark island at (1,-1), two ships each: the site (2,-1) touches both.
TIE = [("T01", 1, 0, 0, LIGHT, 1, 2), ("T02", 1, -1, 0, DARK, 1, 2)]


def sites(s):
    return [a for a in legal(s) if a.startswith("at ")]


def test_case_10_a_tie_in_ships_is_not_enough_without_favourable_winds():
    s = play(position(TIE, stack=["T03"]), "voyage", "tile T03")
    assert s.phase == ph.V_SITE
    assert "at 2 -1" not in sites(s)
    assert "at 0 1" in sites(s)  # next to Light's ships only
    with pytest.raises(IllegalAction, match=r"V2.*2 ship.*opponent 2"):
        play(s, "at 2 -1")
    # Holding a Poseidon card, Light is asked about Sea Chart first: he may only explore (draw the tile).
    s = play(position(TIE, stack=["T03"], hands=(("P1",), ())), "voyage")
    assert s.phase == ph.V_PREP and legal(s) == ["explore"]
    play(s, "explore", "tile T03")
    assert "play P1" in legal(s)
    play(s, "play P1")
    assert s.v_winds and "at 2 -1" in sites(s) and "play P1" not in legal(s)
    play(s, "at 2 -1")
    assert s.owner(3) == LIGHT and s.board.cells[3] == cell(2, -1)
    assert s.greeks[3] == 1 and s.ships[1] == 1  # paid from the only neighbour with a Light ship


def test_case_11_favourable_winds_still_needs_an_own_ship():
    tiles = [
        ("T01", 1, 0, 0, LIGHT, 1, 0),
        ("T02", 1, -1, 0, DARK, 1, 0),
        ("T03", -1, 0, 0, LIGHT, 1, 1),
        ("T18", -1, 1, 0, DARK, 1, 1),
    ]
    s = play(position(tiles, stack=["T04"], hands=(("P1",), ())), "voyage", "explore", "tile T04", "play P1")
    assert s.v_winds
    assert "at -2 1" in sites(s)  # a 1-1 tie now suffices
    with pytest.raises(IllegalAction, match="V1"):
        play(s, "at 2 -1")  # 0 against 0: no Light ship next to it


def test_case_12_payment_and_the_new_city():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"]), "voyage", "tile T03")
    assert s._ship_counts(LIGHT, s.board.site_at[cell(0, 1)].slots) == (1, 0)  # before payment
    play(s, "at 0 1")
    assert s.owner(3) == LIGHT and s.greeks[3] == 1 and s.ships[3] == 0
    assert s.ships[1] == 0 and s.ssup[LIGHT] == 10  # the ship went back to the supply
    assert s.gsup[LIGHT] == 15 - 2


def test_case_12_settler_from_a_city_when_the_supply_is_empty():
    tiles = [("T01", 1, 0, 0, LIGHT, 2, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = position(tiles, stack=["T03"])
    s.gsup[LIGHT] = 0
    s._legal = None
    play(s, "voyage", "tile T03", "at 0 1")
    assert s.greeks[1] == 1 and s.greeks[3] == 1 and s.gsup[LIGHT] == 0


def test_case_12_no_greek_to_settle_means_no_voyage():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = position(tiles, stack=["T03"])
    s.gsup[LIGHT] = 0
    s._legal = None
    assert "voyage" not in legal(s)
    with pytest.raises(IllegalAction, match="no Greek can settle"):
        play(s, "voyage")


def test_voyage_needs_a_ship_on_the_map_and_a_tile():
    # (Light holds a Levy so that Burst is not his only choice, which would start at once.)
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 0), ("T02", -1, 0, 0, DARK, 1, 1)]
    s = position(tiles, stack=["T03"], hands=(("Z3",), ()))
    assert s.phase == ph.MAIN and "voyage" not in legal(s)
    with pytest.raises(IllegalAction, match="needs one of your ships on the map"):
        play(s, "voyage")
    s = position(
        [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 1)], stack=[], hands=(("Z3",), ())
    )
    with pytest.raises(IllegalAction, match="stack is empty"):
        play(s, "voyage")


def test_case_13_a_tile_that_fits_nowhere_fails_the_voyage():
    # T23's two sea edges are not side by side, but the only Light sites face two sea edges side by side.
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 3)]
    s = play(position(tiles, stack=["T23", "T03"]), "voyage", "tile T23")
    t23 = s.cat.tile_by_id["T23"]
    assert s.bottom == (t23,)  # face down under the stack, no new draw
    assert s.ships[1] == 1 and s.ssup[LIGHT] == 9  # no ship lost
    assert s.active == DARK  # no regroup: the turn is over
    assert s.stack_size() == 2


def test_giving_up_is_allowed_even_when_a_site_exists():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"]), "voyage", "tile T03")
    assert sites(s) and "giveup" in legal(s)
    play(s, "giveup")
    assert s.bottom == (s.cat.tile_by_id["T03"],) and s.active == DARK and s.ships[1] == 1


def test_tiles_under_the_stack_come_back_last_in_order():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03", "T23"]), "voyage", "tile T23")  # fails: under the stack
    assert s.bottom == (s.cat.tile_by_id["T23"],)
    pass_turn(s)  # Dark
    play(s, "voyage")
    assert [a.notation() for a, _ in s.chance_outcomes()] == ["tile T03"]  # the unknown part first
    play(s, "tile T03", "giveup")
    assert s.bottom == (s.cat.tile_by_id["T23"], s.cat.tile_by_id["T03"])
    pass_turn(s)
    play(s, "voyage")
    assert [a.notation() for a, _ in s.chance_outcomes()] == ["tile T23"]  # then the bottom, in order


def test_case_14_storm_and_thunderbolt_chains():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    # Dark's Storm alone: the voyage fails as in case 13.
    s = play(position(tiles, stack=["T03"], hands=((), ("P5",))), "voyage", "tile T03", "at 0 1")
    assert s.phase == ph.STORM and s.cp == DARK
    assert legal(s) == ["play P5", "pass"]
    play(s, "play P5")
    assert s.board.size == 3 and s.bottom == (s.cat.tile_by_id["T03"],) and s.ships[1] == 1
    assert s.active == DARK
    # Light answers with a Thunderbolt: the Storm is cancelled and the voyage succeeds.
    s = play(position(tiles, stack=["T03"], hands=(("Z2",), ("P5",))), "voyage", "tile T03", "at 0 1")
    play(s, "play P5")
    assert s.phase == ph.RESPOND and s.cp == LIGHT
    play(s, "play Z2")
    assert s.owner(3) == LIGHT and s.ships[1] == 0
    # Dark answers that Thunderbolt with his own: last in, first out, so the Storm takes effect.
    s = play(position(tiles, stack=["T03"], hands=(("Z2",), ("P5", "Z2"))), "voyage", "tile T03", "at 0 1")
    play(s, "play P5", "play Z2")
    assert s.phase == ph.RESPOND and s.cp == DARK
    play(s, "play Z2")
    assert s.board.size == 3 and s.active == DARK  # the voyage failed
    assert s.discards[s.cat.card_by_id["Z2"]] == 2 and s.discards[s.cat.card_by_id["P5"]] == 1


def test_storm_window_opens_on_any_poseidon_card_and_passing_lets_the_voyage_go():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"], hands=((), ("P1",))), "voyage", "tile T03", "at 0 1")
    # Dark holds no Storm, only a Poseidon card: he is asked all the same (his hand stays hidden).
    assert s.phase == ph.STORM and legal(s) == ["pass"]
    play(s, "pass")
    assert s.owner(3) == LIGHT
    # Without any Poseidon card there is no window at all.
    s = play(position(tiles, stack=["T03"], hands=((), ("A1",))), "voyage", "tile T03", "at 0 1")
    assert s.owner(3) == LIGHT


def test_sea_chart_draws_two_and_puts_the_other_under():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03", "T23", "T05"], hands=(("P2",), ())), "voyage")
    assert s.phase == ph.V_PREP and legal(s) == ["play P2", "explore"]
    play(s, "play P2", "tile T03", "tile T23")
    assert s.phase == ph.V_CHOOSE and legal(s) == ["use T03", "use T23"]
    play(s, "use T03")
    assert s.bottom == (s.cat.tile_by_id["T23"],)
    play(s, "at 0 1")
    assert s.owner(3) == LIGHT


def test_free_passage_waives_the_ship():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"], hands=(("P4",), ())), "voyage", "explore", "tile T03", "at 0 1")
    assert s.phase == ph.V_PAY and legal(s) == ["pay 1", "play P4"]
    play(s, "play P4")
    assert s.ships[1] == 1 and s.owner(3) == LIGHT


def test_the_paying_ship_is_chosen_among_neighbours():
    # (2,-1) touches two Light islands with ships; Dark has none there.
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", 1, -1, 0, LIGHT, 1, 2), ("T03", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T05"]), "voyage", "tile T05", "at 2 -1")
    if s.phase == ph.V_TURN:
        play(s, legal(s)[0])
    assert s.phase == ph.V_PAY and legal(s) == ["pay 1", "pay 2"]
    with pytest.raises(IllegalAction, match="next to the new tile"):
        play(s, "pay 3")
    play(s, "pay 2")
    assert s.ships[2] == 1 and s.ships[1] == 1


def test_second_voyage_after_a_successful_one():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 3), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(
        position(tiles, stack=["T03", "T18"], hands=(("P3",), ())), "voyage", "explore", "tile T03", "at 0 1"
    )
    # He may hold a Free Passage, for all Dark can tell: the single payment is asked.
    assert s.phase == ph.V_PAY and legal(s) == ["pay 1"]
    play(s, "pay 1")
    # The restricted regroup into the new city comes first (a ship may sail in), then Second Voyage.
    assert s.phase == ph.REGROUP and s.rg_dest == 3
    play(s, "done")
    assert s.phase == ph.END and "play P3" in legal(s)
    play(s, "play P3")
    assert s.phase == ph.C_TILE
    play(s, "tile T18")
    assert s.phase == ph.V_SITE


def test_restricted_regroup_after_a_voyage_moves_only_into_the_new_city():
    tiles = [("T01", 1, 0, 0, LIGHT, 3, 3), ("T04", 2, 0, 3, LIGHT, 2, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03"]), "voyage", "tile T03", "at 0 1")
    assert s.phase == ph.REGROUP and s.rg_dest == 4
    options = legal(s)
    assert {"march 1 4", "march 2 4", "sail 1 4", "sail 2 4", "done"} <= set(options)
    assert "march 1 2" not in options
    with pytest.raises(IllegalAction, match="only move into the new city 4"):
        play(s, "march 1 2")


def test_q5_ships_across_a_land_edge_count_for_v1_and_v2():
    # Light A = T12 at (1,0) shows land to SW, towards the site (0,1); Dark's island at (-1,1) shows it sea.
    # T04 turned 5 fits (0,1) with its land edge against A's: A's ships count all the same (spec Q5).
    light, dark = ("T12", 1, 0, 0, LIGHT, 1, 1), ("T01", -1, 1, 0, DARK, 1, 1)
    s = play(position([light, dark], stack=["T04"]), "voyage", "tile T04")
    site = s.board.site_at[cell(0, 1)]
    assert site.land == 1 << 5 and s._ship_counts(LIGHT, site.slots) == (1, 1)
    assert "at 0 1" not in sites(s)  # 1 against 1: V2 needs more
    with pytest.raises(IllegalAction, match=r"V2.*1 ship\(s\) and the opponent 1"):
        play(s, "at 0 1")
    s = play(position([(*light[:-1], 2), dark], stack=["T04"]), "voyage", "tile T04")
    assert "at 0 1" in sites(s)
    play(s, "at 0 1")  # 2 against 1 across the land edge: V1 and V2 hold
    assert s.owner(3) == LIGHT and s.board.rots[3] == 5
    assert s.ships[1] == 1 and s.ssup[LIGHT] == 9  # the ship was paid from A, across the land edge


def test_the_voyage_draws_one_tile_and_shows_it_to_both():
    tiles = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
    s = play(position(tiles, stack=["T03", "T05", "T12"]), "voyage")
    assert s.phase == ph.C_TILE and {a.notation() for a, _ in s.chance_outcomes()} == {
        "tile T03",
        "tile T05",
        "tile T12",
    }
    play(s, "tile T05")
    assert s.stack_size() == 2
    assert s.view(DARK)["voyage"]["tile"] == "T05" and s.view(DARK)["drawn_tiles"] == ["T05"]
