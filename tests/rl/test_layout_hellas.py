"""Hellas' laid-out vector: values land in the right block, row and cell (see hellenika.rl.layouts.hellas)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from hellenika.games.hellas.board import board_for
from hellenika.games.hellas.components import load_components
from hellenika.games.hellas.phases import NAMES
from hellenika.rl.layout import encode, encoder_of
from tests.rl.conftest import random_states


def blocks_of(players: int, view: dict[str, Any]) -> dict[str, np.ndarray]:
    encoder = encoder_of("hellas", players)
    return encoder.layout.views(encode(encoder, view))


def first_view(players: int, phase: str, seat: int | None, seed: int = 1) -> dict[str, Any]:
    """A deep copy of ``seat``'s view of the first snapshot of a seeded random game in ``phase``."""
    for state in random_states("hellas", players, {}, seed=seed):
        view = state.view(seat)
        if view["phase"] == phase:
            return copy.deepcopy(view)
    raise LookupError(phase)


def test_shapes_follow_the_board_side_of_the_player_count() -> None:
    comps = load_components()
    for players in (2, 3, 4):
        board = board_for(players)
        layout = encoder_of("hellas", players).layout
        shapes = {b.name: b.shape for b in layout.blocks}
        assert shapes["pieces"] == (players, 3, len(board.building_cells))
        assert shapes["quarry_state"] == (len(board.quarries), 3)
        assert shapes["temple_pillars"] == shapes["action_pillars_from"] == (len(board.temples),)
        assert shapes["track_markers"] == (len(comps.track), players)
        assert shapes["tile_stack"] == (len(comps.tiles),)
        assert shapes["phase"] == (len(NAMES),)
    assert encoder_of("hellas", 2).layout.size == 1035


def test_player_rows_are_seat_relative() -> None:
    view = first_view(3, "choosing an action", seat=1)
    for p, marble in enumerate((11, 22, 33)):
        view["players"][p]["marble"] = marble
        view["players"][p]["score"] = 100 + p
    view["markers_left"] = [4, 5, 6]
    view["start_player"], view["next_start_player"], view["active"] = 2, None, 0
    view["to_move"] = 0
    b = blocks_of(3, view)
    # seat 1 observes: rows are seats 1, 2, 0
    assert b["resources"][:, 0].tolist() == [22, 33, 11]
    assert b["resources"][:, 5].tolist() == [5, 6, 4]
    assert b["score"].tolist() == [101, 102, 100]
    assert b["roles"].tolist() == [[0, 1, 0], [0, 0, 0], [0, 0, 1]]
    assert b["to_move"].tolist() == [0, 0, 1, 0, 0]


def test_spectator_sees_what_seat_zero_sees() -> None:
    for state in random_states("hellas", 2, {}, seed=4, every=7):
        assert np.array_equal(
            encode(encoder_of("hellas", 2), state.view(None)), encode(encoder_of("hellas", 2), state.view(0))
        )


def test_pieces_groups_and_statues_land_on_their_cells() -> None:
    board = board_for(2)
    cell = {board.cells[c].id: i for i, c in enumerate(board.building_cells)}
    view = first_view(2, "choosing an action", seat=1)
    a, b_, c, s = list(cell)[
        :4
    ]  # four building spaces (adjacency does not matter: groups come from the view)
    view["pieces"] = [
        {"space": a, "piece": "house", "owner": 0},
        {"space": b_, "piece": "palace", "owner": 0},
        {"space": c, "piece": "square", "owner": 1},
        {"space": s, "piece": "statue", "owner": None},
    ]
    view["players"][0]["groups"] = [
        {"kind": "city", "spaces": [a, b_], "size": 2, "temples": ["T4", "T6"], "statues": [s]}
    ]
    view["players"][1]["groups"] = [
        {"kind": "none", "spaces": [c], "size": 1, "temples": ["T6"], "statues": []}
    ]
    blk = blocks_of(2, view)
    # seat 1 observes: its row is 0, seat 0's row is 1
    assert blk["pieces"][1, 0, cell[a]] == 1 and blk["pieces"][1, 2, cell[b_]] == 1
    assert blk["pieces"][0, 1, cell[c]] == 1 and blk["pieces"].sum() == 3
    assert blk["statues"][cell[s]] == 1 and blk["statues"].sum() == 1
    assert blk["group_kind"][1, 2, [cell[a], cell[b_]]].tolist() == [1, 1]
    assert blk["group_kind"][0, 0, cell[c]] == 1 and blk["group_kind"].sum() == 3
    assert blk["group_size"][1, cell[a]] == 2 and blk["group_size"][0, cell[c]] == 1
    t4, t6 = board.temple_by_id["T4"], board.temple_by_id["T6"]
    assert blk["group_temples"][1, 2, [t4, t6]].tolist() == [1, 1]
    assert blk["group_temples"][0, 0, t6] == 1 and blk["group_temples"].sum() == 3
    assert blk["group_statues"].tolist() == [[0, 0, 0], [0, 0, 1]]


def test_phase_chance_quarries_and_tile_stack() -> None:
    view = first_view(2, "mining: drawing a tile", seat=0)
    blk = blocks_of(2, view)
    assert blk["phase"].tolist() == [float(name == "mining: drawing a tile") for name in NAMES]
    assert blk["to_move"].tolist() == [0, 0, 1, 0]
    assert blk["tile_stack"].sum() == view["tile_stack"]["count"] == blk["supply"][3]
    first_tile = load_components().tiles[0]
    for v in view["tile_stack"]["tiles"]:
        assert blk["tile_stack"][v - first_tile] == 1
    for q, quarry in enumerate(view["quarries"]):
        state = ("empty", "active", "closed").index(quarry["state"])
        assert blk["quarry_state"][q].tolist() == [float(i == state) for i in range(3)]
        assert blk["quarry_top"][q] == (quarry["top"] or 0)
        assert blk["quarry_yield"][q] == (quarry["yield"] or 0)
        assert blk["quarry_tiles"][q] == quarry["tiles"]
        assert blk["quarry_worker"][q] == quarry["worker"]
    assert blk["quarry_state"][:, 1].sum() == 3  # three active quarries between actions
    space = [s.id for s in load_components().track].index(view["current_action"]["space"])
    assert blk["action_space"].tolist() == [float(i == space) for i in range(len(load_components().track))]


@pytest.mark.parametrize(("phase", "seed"), [("placing pillars", 0), ("mining: placing a tile", 2)])
def test_action_progress(phase: str, seed: int) -> None:
    view = first_view(2, phase, seat=0, seed=seed)
    current = view["current_action"]
    blk = blocks_of(2, view)
    assert blk["action_progress"].tolist() == [
        0,
        0,
        current["pillars_due"] or 0,
        current["tiles_placed"] or 0,
        current["drawn_tile"] or 0,
    ]
    assert blk["action_progress"][2 if phase == "placing pillars" else 4] > 0
    assert blk["action_chooser"][(current["chosen_by"] - 0) % 2] == 1
    assert not blk["action_pillars_from"].any()  # no pillar placed yet in either phase's first snapshot
    temples = [t.id for t in board_for(2).temples]
    view["current_action"]["pillars_from"] = temples[1]
    assert blocks_of(2, view)["action_pillars_from"].tolist() == [float(i == 1) for i in range(len(temples))]


def test_final_places_and_score_parts() -> None:
    final = random_states("hellas", 3, {}, seed=0, every=1000)[-1]
    view = final.view(2)
    blk = blocks_of(3, view)
    assert blk["phase"][NAMES.index("game over")] == 1 and blk["to_move"][4] == 1
    for p in range(3):
        r = (p - 2) % 3
        assert blk["places"][r, view["places"][p] - 1] == 1
        assert blk["score_parts"][r].sum() == pytest.approx(view["players"][p]["score"])
    assert blk["places"].sum() == 3
