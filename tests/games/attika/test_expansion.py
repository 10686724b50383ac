"""Board expansion (spec §7; cases 25, 26, 30): the draw that empties a stack adds a board tile once the drawn
building is resolved; the player lays it anywhere touching the board or a shrine, turned at will."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.attika.hexes import footprint
from hellenika.games.attika.phases import ACTIONS, DRAWN, TILE_DRAW, TILE_PLACE, TILE_ROTATE

from .builders import FIXTURE_B, MAINS, NORMALS, act, at, legal, position

LAST_MAIN = ["AGORA", *NORMALS[3:]]  # the main stack holds one building; stacks 1-3 hold 7 each


def test_case_25_the_last_main_building_then_a_board_tile():
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None])
    act(state, "draw 0", "reveal AGORA")
    assert state.phase == DRAWN and state.stacks[0][0] == 0
    act(state, "store")
    assert state.phase == TILE_DRAW  # only now: the drawn building came first
    assert {a.tile for a, _ in state.chance_outcomes()} == {"T04", *(f"T{i:02}" for i in range(6, 23))}
    act(state, "boardtile T10")
    assert state.phase == TILE_PLACE and state.current_player() == 0
    centres = [(int(a.split()[1]), int(a.split()[2])) for a in legal(state)]
    for centre in centres:  # each touches the board or a shrine and overlaps nothing
        hexes = footprint(centre)
        assert all(state.board.is_free(h) for h in hexes)
        assert any(state.board.touches(h) for h in hexes)
    act(state, "tile -4 2")
    assert state.phase == TILE_ROTATE and legal(state) == [f"rotate {k}" for k in range(6)]
    act(state, "rotate 3")
    assert state.phase == ACTIONS and state.board.size == 35 and (-4, 2) in state.board.index
    assert state.board.tiles[-1][1:] == (-4, 2, 3) and "draw 1" in legal(state)  # the turn goes on


def test_case_25_no_tile_left_the_turn_just_continues():
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None], tiles_left=[])
    act(state, "draw 0", "reveal AGORA", "store")
    assert state.phase == ACTIONS and state.board.size == 28 and "draw 1" in legal(state)


def test_case_26_overlapping_or_detached_tiles_are_rejected():
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None])
    act(state, "draw 0", "reveal AGORA", "store", "boardtile T10")
    for notation, words in (
        ("tile 1 0", "cover the board hex"),
        ("tile -3 1", "cover the shrine"),
        ("tile -10 10", "must touch the board or a shrine"),
    ):
        with pytest.raises(IllegalAction) as info:
            act(state, notation)
        assert info.value.rule == "attika §7" and words in info.value.reason


def test_holes_are_allowed():
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None])
    act(state, "draw 0", "reveal AGORA", "store", "boardtile T10")
    # Centred on (2,-4) it touches the tile at (3,-2) and leaves a gap at (1,-2), between it and (0,0).
    assert "tile 2 -4" in legal(state)
    act(state, "tile 2 -4", "rotate 0")
    board = state.board
    assert (1, -2) not in board.index and (1, -3) in board.index and (1, -1) in board.index


def test_case_30_a_drawn_grain_field_next_to_the_well_is_free_then_the_board_grows():
    content = [*(m for m in MAINS if m != "WELL"), "GRAINFIELD", *NORMALS[10:]]
    state = position(
        tiles=FIXTURE_B, buildings=[(0, 0, 0, "WELL")], in_stacks=[content, None], stacks=[[5, 1, 7, 7], None]
    )
    act(state, "draw 1", "reveal GRAINFIELD")
    assert "place 1 0" in legal(state)
    act(state, "place 1 0")
    assert at(state, 1, 0) == (0, "GRAINFIELD") and state.phase == TILE_DRAW


def test_the_new_tile_can_be_built_on_by_later_actions_of_the_turn():
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None], hands=["WWWWWWW", ""])
    act(state, "draw 0", "reveal AGORA", "store", "boardtile T10", "tile -4 2", "rotate 0")
    act(state, "draw 1", "reveal STREET")
    assert "place -4 2" in legal(state)


def test_at_most_four_expansions_per_player():
    content = ["AGORA", "TOWER", "SHIP", "MILL"]
    state = position(tiles=FIXTURE_B, in_stacks=[content, None], stacks=[[1, 1, 1, 1], None], amphorae=[2, 0])
    grown = 0
    for stack, building in enumerate(("AGORA", "TOWER", "SHIP", "MILL")):
        act(state, f"draw {stack}", f"reveal {building}")
        if state.phase == DRAWN:
            act(state, "store")
        assert state.phase == TILE_DRAW
        act(state, f"boardtile T{10 + stack}")
        act(state, legal(state)[0])
        if state.phase == TILE_ROTATE:
            act(state, "rotate 0")
        grown += 1
        if stack == 1:
            act(state, "amphora")
        if stack == 2:
            act(state, "amphora")
    assert grown == 4 and state.stacks[0] == (0, 0, 0, 0) and state.board.size == 28 + 28
    assert state.actor == 1  # four draws, no amphora left: the turn is over; no stack can ever empty again
