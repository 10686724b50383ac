"""The Hellas (Delonge) observation layout: the map bound, exact block values, rotation by seat."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from hellenika.engine import Rng
from hellenika.games.hellas_delonge.components import load_catalogue
from hellenika.games.hellas_delonge.hexmap import DELTA, Board, cell, distance, qr
from hellenika.rl.layout import encode, encode_state, encoder_of
from hellenika.rl.layouts import hellas_delonge as layout
from tests.rl.conftest import random_states

ENCODER = encoder_of("hellas_delonge", 2)
CAT = load_catalogue()


def blocks_of(view: dict[str, Any]) -> dict[str, np.ndarray]:
    return ENCODER.layout.views(encode(ENCODER, view))


def cell_of(q: int, r: int) -> int:
    return layout.grid_cells(layout.map_radius(len(CAT.tiles))).index((q, r))


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return random_states("hellas_delonge", 2, {}, seed=4, every=1)


def test_the_map_bound_comes_from_the_tile_count() -> None:
    assert len(CAT.tiles) == 23
    assert layout.map_radius(23) == 12
    assert len(layout.grid_cells(12)) == 1 + 3 * 12 * 13 == 469
    assert ENCODER.layout.blocks[0].shape == (469,)


def _max_reach(tiles: int) -> int:
    """Brute force over every set of cells laid by the anchoring rule alone (P2): the farthest distance."""
    origin = cell(0, 0)
    frontier: set[frozenset[int]] = {frozenset({origin})}
    best = 0
    for _ in range(tiles):
        nxt: set[frozenset[int]] = set()
        for laid in frontier:
            for c in {c + d for c in laid for d in DELTA} - laid:
                near = [c + d for d in DELTA if c + d in laid]
                if origin in near or len(near) >= 2:
                    nxt.add(laid | {c})
                    best = max(best, distance(c))
        frontier = nxt
    return best


@pytest.mark.parametrize("tiles", [1, 2, 3, 4, 5])
def test_the_bound_is_the_farthest_the_anchoring_rule_reaches(tiles: int) -> None:
    assert _max_reach(tiles) == layout.map_radius(tiles)


def test_a_two_wide_strip_reaches_the_bound() -> None:
    """The bound is tight: islands laid in turn along two rows are always anchored (by the engine's sites)."""
    island = CAT.tile("T01")
    board = Board.initial()
    # Next to the dolphin at (1, 0) and (1, -1); then (k + 1, -1) and (k + 1, 0) in turn, each next to the
    # two tiles laid before it.
    strip = [(1, 0), (1, -1)]
    for k in range(1, 12):
        strip += [(k + 1, -1), (k + 1, 0)]
    strip = strip[:23]
    assert len(strip) == 23
    for q, r in strip:
        site = board.site_at[cell(q, r)]
        assert site.anchored
        board = board.place(island, site.cell, 0, 0)
    assert max(distance(c) for c in board.cells) == 12
    cells = set(layout.grid_cells(12))
    assert all(qr(c) in cells for c in board.cells)


def test_map_and_players_rotate_with_the_seat(states: list[Any]) -> None:
    state = states[len(states) // 2]
    for seat in (0, 1):
        view = state.view(seat)
        b = blocks_of(view)
        for entry in view["map"]:
            c = cell_of(entry["q"], entry["r"])
            assert b["map_tile"][c] == 1
            assert b["map_greeks"][c] == entry["greeks"] and b["map_ships"][c] == entry["ships"]
            land = [d for d in range(6) if entry["edges"][d] == "L"]
            assert list(np.flatnonzero(b["map_land"][:, c])) == land
            if entry["owner"] is not None:
                assert b["map_owner"][(entry["owner"] - seat) % 2, c] == 1
        assert b["map_tile"].sum() == len(view["map"])
        for p in view["players"]:
            row = (p["seat"] - seat) % 2
            assert b["players_pieces"][row, 0] == p["cities"]
            assert b["players_pieces"][row, 3] == p["greek_supply"]
            assert b["players_record_cities"][row] == p["record_cities"] >= p["cities"]
            assert b["players_colour"][row].tolist() == ([1, 0] if p["seat"] == 0 else [0, 1])
            assert b["players_cards_by_god"][row].tolist() == list(p["cards_by_god"].values())
        assert b["active"][(view["active"] - seat) % 2] == 1
    spectator = blocks_of(state.view(None))
    assert np.array_equal(spectator["players_pieces"], blocks_of(state.view(0))["players_pieces"])
    assert not spectator["hand_playable"].any() and not spectator["your_turn"].any()


def test_hand_cards_and_phase_land_in_their_columns(states: list[Any]) -> None:
    view = copy.deepcopy(states[len(states) // 2].view(1))
    view["hand"] = {"playable": {"Z2": 2, "A7": 1}, "drawn_this_turn": {"P1": 1}}
    view["known_opponent_cards"] = {"P5": 1}
    view["phase"] = "attack: card window"
    view["to_move"] = "chance"
    view["chain"] = [{"player": 0, "card": "A1"}, {"player": 1, "card": "Z2"}, {"player": 0, "card": "Z2"}]
    b = blocks_of(view)
    ids = [c.id for c in CAT.cards]
    assert b["hand_playable"][ids.index("Z2")] == 2 and b["hand_playable"][ids.index("A7")] == 1
    assert b["hand_playable"].sum() == 3
    assert b["hand_drawn_this_turn"][ids.index("P1")] == 1
    assert b["known_opponent_cards"][ids.index("P5")] == 1
    names = list(dict.fromkeys(layout.ph.NAMES))
    assert np.flatnonzero(b["phase"]).tolist() == [names.index("attack: card window")]
    assert b["to_move"].tolist() == [0, 0, 1, 0]
    # Seat 0 played Battle Fury: the opponent's row for seat 1; two Thunderbolts answered it.
    assert np.argwhere(b["chain_card"]).tolist() == [[1, ids.index("A1")]]
    assert b["chain_answers"][0] == 2


def test_cities_named_by_number_mark_their_cell(states: list[Any]) -> None:
    view = copy.deepcopy(next(s.view(0) for s in states if len(s.view(0)["map"]) >= 5))
    where = [cell_of(e["q"], e["r"]) for e in view["map"]]
    view["attack"] = {
        "target": 4,
        "sources": [{"city": 1, "greeks": 2}, {"city": 2, "greeks": None}],
        "forced_march_city": 3,
        "sea": True,
        "battle_fury": 2,
        "stand_firm": 1,
        "beachhead": False,
        "rocky_coast": True,
        "attacker_strength": 4,
        "defender_strength": 3,
    }
    view["voyage"] = {"tile": "T05", "favourable_winds": True, "free_passage": False, "new_city": 2}
    view["regroup"] = {"into": 3}
    view["site"] = [-2, 1]
    b = blocks_of(view)
    assert np.flatnonzero(b["map_attack_target"]).tolist() == [where[4]]
    assert b["map_attack_sources"][[where[1], where[2]]].tolist() == [1, 1]
    assert b["map_attack_greeks"][where[1]] == 2 and b["map_attack_greeks"].sum() == 2
    assert np.flatnonzero(b["map_forced_march"]).tolist() == [where[3]]
    assert np.flatnonzero(b["map_new_city"]).tolist() == [where[2]]
    assert np.flatnonzero(b["map_regroup_into"]).tolist() == [where[3]]
    assert np.flatnonzero(b["map_site"]).tolist() == [cell_of(-2, 1)]
    assert b["attack_kind"].tolist() == [0, 1]
    assert b["attack_cards"].tolist() == [2, 1, 0, 1]
    assert b["attack_strength"].tolist() == [4, 3]
    assert np.flatnonzero(b["voyage_tile"]).tolist() == [CAT.tile_by_id["T05"]]
    assert b["voyage_cards"].tolist() == [1, 0]


def test_stack_order_and_places(states: list[Any]) -> None:
    view = copy.deepcopy(states[-1].view(1))
    view["stack"] = {
        "tiles": 5,
        "under": ["T09", "T02"],
        "top_known": {"tiles": ["T07", "T03"], "in_order": True},
    }
    view["oracle_order"] = ["T11"]
    b = blocks_of(view)
    t = CAT.tile_by_id
    assert b["stack_tiles"][0] == 5
    assert b["stack_under"][t["T09"]] == 1 and b["stack_under"][t["T02"]] == 2 and b["stack_under"].sum() == 3
    assert np.argwhere(b["stack_top_order"]).tolist() == [[0, t["T07"]], [1, t["T03"]]]
    assert b["stack_top_known"].sum() == 2
    assert np.argwhere(b["oracle_order"]).tolist() == [[0, t["T11"]]]
    view["stack"]["top_known"]["in_order"] = False
    assert not blocks_of(view)["stack_top_order"].any()
    # The game is over: places seen from seat 1 put seat 1's place first.
    assert b["game_over"][0] == 1
    assert b["places"].tolist() == [view["places"][1], view["places"][0]]


def test_a_cell_beyond_the_bound_is_an_error(states: list[Any]) -> None:
    view = copy.deepcopy(states[-1].view(0))
    view["map"][1]["q"] = 13
    with pytest.raises(KeyError):
        blocks_of(view)


def test_the_rare_blocks_are_set_in_random_play(states: list[Any]) -> None:
    """Every block listed in MAY_STAY_ZERO carries information: three seeded random games set each one."""
    seen: set[str] = set()
    more = (random_states("hellas_delonge", 2, {}, seed=seed, every=1) for seed in (20, 25))
    for game in (states, *more):
        for state in game:
            for seat in (0, 1):
                b = blocks_of(state.view(seat))
                seen |= {name for name in layout.MAY_STAY_ZERO if b[name].any()}
    assert seen == set(layout.MAY_STAY_ZERO)


def test_reading_the_state_writes_the_views_vector_where_the_secrets_show(states: list[Any]) -> None:
    """``fill_state`` reads the state's secrets (hands by type, cards known of the other, the Oracle's tiles)
    only as the view does: in the two games that set every rare block (the test above), at every step, for
    both seats and the spectator, it writes what ``fill`` writes from the view; and a state resampled where
    the seat cannot see (``determinize``) gives the seat the same vector read from the state."""
    rng = Rng(23)
    compared = 0
    for game in (states, random_states("hellas_delonge", 2, {}, seed=20, every=1)):
        for step, state in enumerate(game):
            for seat in (0, 1, None):
                direct = encode_state(ENCODER, state, seat)
                assert np.array_equal(direct, encode(ENCODER, state.view(seat))), f"step {step}, seat {seat}"
                if seat is not None and step % 5 == 0:
                    other = state.determinize(seat, rng)
                    assert np.array_equal(encode_state(ENCODER, other, seat), direct), (
                        f"seat {seat} sees a secret"
                    )
                compared += 1
    assert compared > 1000
