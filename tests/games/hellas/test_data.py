"""The component data (spec §2, §4.4, §7): counts from the rulebook, the reconstructed boards' design checks
and the adjacency facts the other tests rely on (spec §7.4)."""

from __future__ import annotations

import pytest

from hellenika.games.hellas.board import (
    COAST,
    INTERIOR,
    QUARRY,
    TEMPLE,
    axial,
    board_for,
    build_board,
    load_boards,
)
from hellenika.games.hellas.components import (
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_MARBLE,
    K_MINE,
    K_PALACE,
    K_STATUE,
    K_TEMPLE,
    load_components,
)

BOARDS = load_boards()
MINOTAUR = BOARDS["minotaur"]
PEGASUS = BOARDS["pegasus"]


def test_supply_matches_the_rulebook_counts():
    c = load_components()
    assert (c.houses, c.squares, c.palaces) == (12, 3, 3)  # per player
    assert (c.statues, c.pillars, c.rings) == (3, 30, 14)
    assert c.start_marble == 10
    assert c.costs == ((1, 2), (1, 2), (5, 7), (0, 7))  # house, square, palace, statue (coast, interior)
    assert (c.ring_vp, c.ring_majority_vp, c.statue_vp, c.marble_per_point) == (2, 3, 3, 5)


def test_markers_per_player_and_round():
    c = load_components()
    assert c.markers == {2: (6, 6, 5), 3: (4, 4, 3), 4: (3, 3, 2)}
    for players, counts in c.markers.items():
        assert players * counts[0] == 12  # the 12 purple markers are dealt out evenly
        assert counts[2] == counts[0] - 1


def test_quarry_tiles_one_to_forty_with_rising_yield():
    c = load_components()
    assert c.tiles == tuple(range(1, 41))
    assert [c.tile_yield[v] for v in (1, 13, 14, 27, 28, 40)] == [1, 1, 2, 2, 3, 3]
    # the seed's examples: tops 12 / 18 / 31 yield 1 / 2 / 3
    assert [c.tile_yield[v] for v in (12, 18, 31)] == [1, 2, 3]
    assert c.mine_draws == 4


def test_action_track_composition():
    track = load_components().track
    kinds = [space.kind for space in track]
    assert len(track) == 12
    assert kinds.count(K_HOUSE) == 3
    assert kinds.count(K_HOUSE_SQUARE) == kinds.count(K_PALACE) == 1
    assert kinds.count(K_MINE) == 2
    assert kinds.count(K_STATUE) == kinds.count(K_MARBLE) == 1
    temples = sorted((s.pillars, s.cost) for s in track if s.kind == K_TEMPLE)
    assert temples == [(2, 4), (3, 6), (5, 10)]
    shared = {s.kind for s in track if s.shared}
    assert shared == {K_HOUSE, K_HOUSE_SQUARE, K_PALACE, K_MINE}
    statue = next(s for s in track if s.kind == K_STATUE)
    marble = next(s for s in track if s.kind == K_MARBLE)
    assert statue.cost == 7 and marble.gain == 3
    # interchangeable spaces share a group: three house spaces, two mines
    groups = {}
    for space in track:
        groups.setdefault(space.group, []).append(space.id)
    assert sorted(len(g) for g in groups.values()) == [1, 1, 1, 1, 1, 1, 1, 2, 3]


def test_minotaur_counts():
    b = MINOTAUR
    assert len(b.cells) == 93
    assert b.count(COAST) == 32 and b.count(INTERIOR) == 44
    assert b.count(QUARRY, coast=True) == 7 and b.count(QUARRY, coast=False) == 5
    assert [t.slots for t in b.temples] == [4, 5, 6, 7, 8]
    assert b.pillar_slots == 30 == load_components().pillars
    assert b.players == (3, 4)


def test_pegasus_counts():
    b = PEGASUS
    assert len(b.cells) == 66
    assert b.count(COAST) == 26 and b.count(INTERIOR) == 26
    assert b.count(QUARRY, coast=True) == 6 and b.count(QUARRY, coast=False) == 4
    assert [t.slots for t in b.temples] == [4, 5, 6, 8]
    assert b.pillar_slots == 23
    assert b.players == (2,)


def test_board_side_by_player_count():
    assert board_for(2) is PEGASUS
    assert board_for(3) is board_for(4) is MINOTAUR


@pytest.mark.parametrize(
    ("board", "coast_quarries", "interior_quarries", "temples"),
    [
        (
            MINOTAUR,
            {(5, 0), (9, 2), (-1, 5), (6, 5), (6, 8), (-1, 9), (1, 10)},
            {(3, 2), (7, 3), (3, 5), (0, 7), (5, 7)},
            {4: (6, 2), 5: (1, 8), 6: (4, 6), 7: (1, 5), 8: (4, 3)},
        ),
        (
            PEGASUS,
            {(4, 0), (8, 2), (-1, 4), (5, 4), (6, 6), (0, 8)},
            {(4, 2), (2, 4), (0, 5), (4, 6)},
            {4: (3, 5), 5: (2, 7), 6: (6, 2), 8: (1, 3)},
        ),
    ],
)
def test_special_fields_in_axial_coordinates(board, coast_quarries, interior_quarries, temples):
    cells = board.cells
    assert {axial(cells[c].row, cells[c].col) for c in board.quarries if cells[c].coast} == coast_quarries
    assert {
        axial(cells[c].row, cells[c].col) for c in board.quarries if not cells[c].coast
    } == interior_quarries
    assert {t.slots: axial(cells[t.cell].row, cells[t.cell].col) for t in board.temples} == temples


@pytest.mark.parametrize("board", [MINOTAUR, PEGASUS], ids=["minotaur", "pegasus"])
def test_design_checks_of_the_reconstructed_boards(board):
    cells = board.cells
    # all building spaces form one connected region
    start = board.building_cells[0]
    seen = {start}
    frontier = [start]
    while frontier:
        c = frontier.pop()
        for d in board.nbr_cells[c]:
            if cells[d].is_building and d not in seen:
                seen.add(d)
                frontier.append(d)
    assert seen == set(board.building_cells)
    special = [c.index for c in cells if c.kind in (QUARRY, TEMPLE)]
    for c in special:
        # no quarry or temple touches another; each has at least three building neighbours
        assert not any(d in special for d in board.nbr_cells[c])
        assert sum(cells[d].is_building for d in board.nbr_cells[c]) >= 3
    for t in board.temples:
        assert not cells[t.cell].coast  # temples are interior


def test_letters_must_agree_with_the_derived_coast():
    with pytest.raises(ValueError, match="derived coast"):
        build_board("bad", "Bad", (2,), ("ci", "ii"))  # every cell of a 2x2 island touches the edge
    with pytest.raises(ValueError, match="unknown letter"):
        build_board("bad", "Bad", (2,), ("cx",))


def _near(board, space):
    return {board.cells[d].id for d in board.nbr_cells[board.index_of[space]]}


def test_adjacency_facts_of_spec_7_4():
    b = MINOTAUR
    assert _near(b, "0,5") == {"0,4", "0,6", "1,4", "1,5"}
    assert b.cell("0,4").kind == COAST and b.cell("0,6").kind == COAST
    assert b.cell("1,4").kind == INTERIOR and b.cell("1,5").kind == INTERIOR
    assert {"0,5", "2,4"} <= _near(b, "1,4")
    assert {"7,3", "9,3", "8,5"} <= _near(b, "8,4")
    assert {"2,7", "3,5"} <= _near(b, "2,6")
    assert {"2,6", "2,7"} <= _near(b, "1,6")
    assert {"2,7", "3,5"} <= _near(b, "3,6")
    assert {"3,6", "2,7", "3,8"} <= _near(b, "3,7")
    assert _near(b, "4,4") == {"3,3", "3,4", "4,3", "4,5", "5,4", "5,3"}
    assert "3,4" in _near(b, "3,3")
    assert "5,4" not in _near(b, "3,4")
    assert {"3,4", "5,4", "3,5", "5,5", "4,4"} <= _near(b, "4,5")
    assert "5,4" in _near(b, "6,4")
    assert "10,6" in _near(b, "10,5")
    assert b.cell("10,5").kind == COAST
