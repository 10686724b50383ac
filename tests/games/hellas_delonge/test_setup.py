"""Setup (spec §3): the deal, the initial map by chance and choice, and the first turn (spec test case 1)."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.hexmap import cell

from .builders import DARK, GAME, LIGHT, board_with, legal, play

DEAL = ("card Z1", "card P1", "card A1", "card Z2", "card P2", "card A2")


def dealt():
    s = GAME.new_state(2)
    assert s.phase == ph.C_DEAL
    return play(s, *DEAL)


def test_each_player_is_dealt_one_card_of_each_god():
    s = GAME.new_state(2)
    outcomes = s.chance_outcomes()
    # The first card comes from the Zeus deck, weighted by the count of each card (Thunderbolt 4 of 16).
    probs = {a.notation(): p for a, p in outcomes}
    assert probs["card Z2"] == pytest.approx(4 / 16) and probs["card Z6"] == pytest.approx(1 / 16)
    s = play(s, *DEAL)
    cat = s.cat
    assert [s.god_count(s.hand[p], g) for p in (0, 1) for g in range(3)] == [1] * 6
    assert s.hand[LIGHT][cat.card_by_id["Z1"]] == 1 and s.hand[DARK][cat.card_by_id["A2"]] == 1
    assert sum(s.pile) == 48 - 6
    assert s.phase == ph.C_SETUP_TILE


def test_case_1_a_temple_tile_is_set_aside_and_shuffled_back_after_setup():
    s = play(dealt(), "tile T20")
    assert s.phase == ph.C_SETUP_TILE  # set aside: draw again
    assert s.aside >> s.cat.tile_by_id["T20"] & 1
    assert not s.pool >> s.cat.tile_by_id["T20"] & 1
    assert any("T20" in line and "temple" in line for line in s.iter_log())
    # Eight placements, alternating from Light, each with a Greek and a ship.
    for i, tile in enumerate(("T01", "T04", "T08", "T12", "T15", "T17", "T02", "T05")):
        play(s, f"tile {tile}")
        assert s.cp == i % 2
        choice = s.legal_actions()[0]
        s.apply(choice)
        while s.phase == ph.SETUP_TURN:
            s.apply(s.legal_actions()[0])
    assert s.board.size == 9
    assert [s.cities(p) for p in (0, 1)] == [4, 4]
    assert s.gsup == [11, 11] and s.ssup == [6, 6]
    assert all(s.greeks[c] == 1 and s.ships[c] == 1 for c in range(1, 9))
    # T20 is back in the face-down stack; the game begins with Light.
    assert s.pool >> s.cat.tile_by_id["T20"] & 1 and not s.aside
    assert s.stack_size() == 23 - 8
    assert (s.turn, s.active, s.phase) == (1, LIGHT, ph.MAIN)


def test_first_placement_must_touch_the_dolphin():
    s = play(dealt(), "tile T01")
    assert s.cp == LIGHT
    sites = {(a.q, a.r) for a in s.legal_actions()}
    assert sites == {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
    with pytest.raises(IllegalAction, match="P2"):
        play(s, "at 2 0")


def test_rotations_are_chosen_when_a_tile_fits_several_ways():
    s = play(dealt(), "tile T12", "at 1 0")
    assert s.phase == ph.SETUP_TURN
    # T12 (LLLSSS) next to the dolphin only: every rotation with sea toward it (W, d3) is offered.
    assert legal(s) == ["turn 0", "turn 4", "turn 5"]
    with pytest.raises(IllegalAction, match=r"§5\.1 P3"):
        play(s, "turn 1")  # land on E, SE and W: land would face the dolphin
    play(s, "turn 4")
    assert s.board.tiles[1] == s.cat.tile_by_id["T12"] and s.board.rots[1] == 4


def test_a_tile_that_fits_nowhere_is_set_aside_and_setup_ends_if_nothing_fits():
    s = dealt()
    # A ring of tiles showing land outward: no tile can be laid anywhere any more (P3/P4).
    s.board = board_with(
        [
            ("T12", q, r, (d + 5) % 6)
            for d, (q, r) in enumerate([(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)])
        ]
    )
    assert all(not s.board.placements(t) for t in s.cat.tiles)
    s.pool = sum(1 << s.cat.tile_by_id[t] for t in ("T01", "T05"))
    play(s, "tile T01")
    assert any("fits nowhere" in line for line in s.iter_log())
    play(s, "tile T05")
    # The stack ran dry and no set-aside tile fits: setup ends early (spec §3 step 8) and play begins.
    assert (s.turn, s.active) == (1, LIGHT)
    assert s.pool == sum(1 << s.cat.tile_by_id[t] for t in ("T01", "T05"))


def test_setup_refills_from_set_aside_tiles_that_fit():
    s = dealt()
    ids = s.cat.tile_by_id
    s.pool = (1 << ids["T18"]) | (1 << ids["T01"])
    s.aside = 1 << ids["T02"]  # set aside earlier as unplaceable; it fits now
    play(s, "tile T18")  # a temple: aside
    assert s.phase == ph.C_SETUP_TILE
    play(s, "tile T01", "at 1 0")
    # The stack ran dry: the set-aside tiles without a temple come back (spec §3 step 8); T18 stays aside.
    assert s.phase == ph.C_SETUP_TILE
    assert s.pool == 1 << ids["T02"] and s.aside == 1 << ids["T18"]
    play(s, "tile T02")
    assert s.cp == DARK


def test_light_plays_no_card_in_his_first_turn():
    s = play(dealt())
    s.board = board_with([("T01", 1, 0, 0)])
    s.owned = [1 << 1, 0]
    s.greeks[1] = 1
    s.ships[1] = 1
    s.setup_count = 8
    s.pool = s.cat.all_tiles_mask & ~(1 << 0)
    s._start_turn()
    s._legal = None
    assert not any(a.notation().startswith("play") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="first turn"):
        play(s, "play Z1")
    assert cell(1, 0) in s.board.slot_at


def test_setup_needs_no_ship_majority_and_costs_no_ship():
    # Spec §3 step 5: Dark lays his first tile next to Light's city and its ship, with no ship of his own.
    s = play(dealt(), "tile T01", "at 1 0", "tile T02")
    assert s.cp == DARK and "at 1 -1" in legal(s) and "at 0 1" in legal(s)
    play(s, "at 1 -1")
    assert s.owner(2) == DARK and (s.greeks[2], s.ships[2]) == (1, 1)
    assert (s.ships[1], s.ssup[LIGHT], s.ssup[DARK]) == (1, 9, 9)


def test_setup_placement_turns_alternate_four_each():
    s = dealt()
    placers = []
    for tile in ("T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08"):
        play(s, f"tile {tile}")
        placers.append(s.cp)
        s.apply(s.legal_actions()[0])
        while s.phase == ph.SETUP_TURN:
            s.apply(s.legal_actions()[0])
    assert placers == [LIGHT, DARK] * 4
    assert [s.cities(p) for p in (LIGHT, DARK)] == [4, 4] and s.board.size == 9
