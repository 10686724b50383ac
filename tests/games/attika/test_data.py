"""The component data (spec §2, §3.3, §9): the loader checks the rulebook's totals and the reconstruction's
stated properties, so a replaced data file that breaks them fails here."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from hellenika.games.attika.board import Board
from hellenika.games.attika.catalogue import BLANK, load_catalogue
from hellenika.games.attika.hexes import (
    DIRECTIONS,
    distance,
    distinct_rotations,
    footprint,
    neighbours,
    rotated_symbols,
)

CAT = load_catalogue()


def test_thirty_buildings_six_main_in_seven_groups():
    assert CAT.total_buildings == 30
    assert sum(b.copies for b in CAT.buildings if b.main) == 6
    sizes = {g.id: g.size for g in CAT.groups}
    assert sizes == {
        "defense": 4,
        "supply": 4,
        "streets": 4,
        "shipping": 4,
        "mint": 2,
        "vineyard": 2,
        "city": 10,
    }
    # Six groups have exactly one main building; streets have none (spec §2.1).
    for g in CAT.groups:
        mains = [b for b in g.members if CAT.buildings[b].main]
        assert len(mains) == (0 if g.id == "streets" else 1), g.id


def test_seed_names_and_the_defense_group():
    defense = CAT.groups[CAT.buildings[CAT.by_id["QUARRY"]].group]
    names = sorted(CAT.buildings[b].name for b in defense.members)
    assert names == ["Fortress", "Quarry", "Tower"] and CAT.building("TOWER").copies == 2
    for name in ("TEMPLE", "THEATER", "ORACLE", "HARBOR", "SHIP", "VINEYARD", "VINTNER", "GRAINFIELD"):
        assert name in CAT.by_id


def test_arrows_form_trees_rooted_at_the_main_buildings():
    for b in CAT.buildings:
        if b.main:
            assert b.pred == -1, b.id
        elif b.is_street:
            assert b.pred == b.index
        else:
            assert b.pred >= 0 and CAT.buildings[b.pred].group == b.group, b.id
            root = b
            while root.pred >= 0:
                root = CAT.buildings[root.pred]
            assert root.main
    chains = {
        "FORTRESS": "QUARRY",
        "TOWER": "FORTRESS",
        "GRAINFIELD": "WELL",
        "MILL": "GRAINFIELD",
        "VILLAGE": "MILL",
        "SHIP": "HARBOR",
        "VINTNER": "VINEYARD",
        "MINT": "SILVERMINE",
    }
    for b, pred in chains.items():
        assert CAT.buildings[CAT.building(b).pred].id == pred


def test_printed_costs_use_the_four_types_evenly():
    totals = [0, 0, 0, 0]
    for b in CAT.buildings:
        if not b.is_street:
            for t in range(4):
                totals[t] += b.cost[t] * b.copies
            n = sum(b.cost)
            assert (3 <= n <= 4) if b.main else (2 <= n <= 3), b.id
    assert totals == [17, 17, 17, 17]
    assert CAT.building("STREET").generic == 5 and CAT.constants.street_cost == 5


def test_board_tiles_symbols_and_uniqueness():
    assert len(CAT.tiles) == 22
    counts = Counter()
    per_tile = Counter()
    for tile in CAT.tiles:
        assert len(tile.symbols) == 7
        symbols = [s for s in tile.symbols if s != BLANK]
        per_tile[len(symbols)] += 1
        counts.update(symbols)
    assert sum(counts.values()) == 68 and all(counts[t] == 17 for t in range(4))
    assert per_tile == {2: 4, 3: 12, 4: 6}
    pictures = {tuple(t.symbols) for t in CAT.tiles}
    assert len(pictures) == 22


def test_constants():
    k = CAT.constants
    assert k.hand_sizes == (4, 5, 6, 7)
    assert (k.draws_per_turn, k.builds_per_turn, k.cards_for_full_pass) == (2, 3, 3)
    assert (k.amphorae, k.cards_per_type) == (15, 15)
    assert k.main_stack + k.normal_stacks * k.normal_stack_size == 30


def test_rotation_turns_slots_clockwise():
    # Spec §3.1: after rotation k, slot i (direction i-1) lies in direction (i-1-k) mod 6.
    symbols = (9, 0, 1, 2, 3, 4, 5)  # slot i shows i-1
    for k in range(6):
        placed = rotated_symbols(symbols, k)
        assert placed[0] == 9
        for i in range(1, 7):
            assert placed[1 + (i - 1 - k) % 6] == i - 1
    # One step clockwise on screen (r down) takes E to SE.
    assert rotated_symbols(symbols, 1)[1 + 5] == 0 and DIRECTIONS[5] == (0, 1)
    assert distinct_rotations((0, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK)) == (0,)
    assert distinct_rotations((0, 1, BLANK, BLANK, 1, BLANK, BLANK)) == (0, 1, 2)
    assert distance((0, 0), (3, -2)) == 3 and distance((-2, 1), (7, -2)) == 9


def _layout_board(players: int) -> Board:
    board = Board.empty(CAT.layouts[players].shrines)
    for i, centre in enumerate(CAT.layouts[players].centres):
        board = board.with_tile(CAT.tiles[i], centre, 0)
    return board


def _buildings_to_connect(board: Board, a: int, b: int) -> int:
    """Fewest board hexes in a chain from a hex next to shrine a to a hex next to shrine b."""
    starts = [h for h in board.shrine_neighbours(a)]
    goal = set(board.shrine_neighbours(b))
    dist = {h: 1 for h in starts}
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        if h in goal:
            return dist[h]
        for n in neighbours(h):
            if n in board.index and n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    raise AssertionError("shrines not connected")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_layouts(players):
    layout = CAT.layouts[players]
    assert len(layout.centres) == {2: 4, 3: 6, 4: 8}[players] and len(layout.shrines) == players
    board = _layout_board(players)
    assert board.size == 7 * len(layout.centres)  # no overlaps
    # Gap-free: every pair of tiles is joined through board hexes.
    assert board.is_connected(board.full)
    for k in range(players):
        assert len(board.shrine_neighbours(k)) == 2
        assert layout.shrines[k] not in board.index
    pairs = {
        (a, b): _buildings_to_connect(board, a, b) for a in range(players) for b in range(a + 1, players)
    }
    assert min(pairs.values()) >= 8
    if players == 4:
        assert sorted(pairs.values()) == [8, 8, 8, 8, 9, 12]


def test_spec_shrine_touches():
    expected = {
        2: [[(-1, 1), (-1, 0)], [(6, -2), (6, -1)]],
        3: [[(-3, 7), (-3, 6)], [(0, -1), (1, -1)], [(5, 2), (4, 3)]],
        4: [[(-1, 1), (-1, 0)], [(2, -7), (3, -7)], [(5, 2), (4, 3)], [(7, -4), (6, -3)]],
    }
    for players, touches in expected.items():
        board = _layout_board(players)
        for k, hexes in enumerate(touches):
            assert sorted(board.shrine_neighbours(k)) == sorted(hexes)


def test_tile_centres_are_the_hexes_at_distance_two():
    board = _layout_board(2)
    blocked = set(board.cells) | set(board.shrines)
    expected = set()
    for q in range(-12, 16):
        for r in range(-12, 12):
            hexes = footprint((q, r))
            if all(h not in blocked for h in hexes) and any(
                n in blocked for h in hexes for n in neighbours(h)
            ):
                expected.add((q, r))
    assert set(board.tile_centres()) == expected
    assert all(board.tile_fits(h) for h in expected)


# The spec's tables, copied verbatim (§9.1: id, group, main, copies, cost, free after; §9.2: C E NE NW W
# SW SE), so a data file that drifts from the spec fails here.
SPEC_BUILDINGS = """
QUARRY defense yes 1 MMH -
FORTRESS defense no 1 MMF QUARRY
TOWER defense no 2 MF FORTRESS
WELL supply yes 1 WWH -
GRAINFIELD supply no 1 WH WELL
MILL supply no 1 WFH GRAINFIELD
VILLAGE supply no 1 FHH MILL
HARBOR shipping yes 1 WWFF -
SHIP shipping no 3 WF HARBOR
SILVERMINE mint yes 1 MMW -
MINT mint no 1 MH SILVERMINE
VINEYARD vineyard yes 1 HHW -
VINTNER vineyard no 1 FH VINEYARD
AGORA city yes 1 MHF -
TEMPLE city no 1 MMW AGORA
ORACLE city no 1 MWH TEMPLE
STATUE city no 1 MH TEMPLE
TAVERN city no 1 WF AGORA
THEATER city no 1 HFW TAVERN
ODEON city no 1 WH THEATER
GYMNASIUM city no 1 FHM AGORA
STADIUM city no 1 HMF GYMNASIUM
ACADEMY city no 1 MFW GYMNASIUM
STREET streets no 4 5* STREET
"""

SPEC_TILES = """
T01 . M . . W F F      T12 . H M . F . .
T02 . F . . . W .      T13 . . H M . . M
T03 . M . . . W W      T14 . H . . . H .
T04 W M . . . F H      T15 . . H M . . H
T05 . . . . H F F      T16 W . F H F . .
T06 . . F M . H .      T17 . . M . W W .
T07 . W F . . . H      T18 F M . . . M W
T08 . M . . M . F      T19 . W . F M . .
T09 M . . W F . .      T20 H W . . W . .
T10 W M H H . . .      T21 . H H F W . .
T11 . . . M W . .      T22 . . F H . . .
"""


def test_buildings_match_the_spec_table():
    rows = [line.split() for line in SPEC_BUILDINGS.strip().splitlines()]
    assert [b.id for b in CAT.buildings] == [row[0] for row in rows]
    for ident, group, main, copies, cost, pred in rows:
        b = CAT.building(ident)
        assert CAT.groups[b.group].id == group and b.main == (main == "yes") and b.copies == int(copies)
        if cost == "5*":
            assert b.is_street and b.generic == 5
        else:
            assert b.cost == tuple(cost.count(t) for t in "WMFH"), ident
        assert (CAT.buildings[b.pred].id if b.pred >= 0 else "-") == pred, ident


def test_tiles_match_the_spec_table():
    spec = {}
    for line in SPEC_TILES.strip().splitlines():
        for chunk in (line[:20], line[20:]):
            ident, *symbols = chunk.split()
            spec[ident] = tuple(BLANK if s == "." else "WMFH".index(s) for s in symbols)
    assert {t.id: tuple(t.symbols) for t in CAT.tiles} == spec


def test_start_layouts_match_the_spec_table():
    assert CAT.layouts[2].centres == ((0, 0), (3, -2), (2, 1), (5, -1))
    assert CAT.layouts[2].shrines == ((-2, 1), (7, -2))
    assert CAT.layouts[3].centres == ((0, 0), (2, 1), (4, 2), (-1, 3), (1, 4), (-2, 6))
    assert CAT.layouts[3].shrines == ((-4, 7), (1, -2), (5, 3))
    assert CAT.layouts[4].centres == ((0, 0), (2, 1), (4, 2), (1, -3), (3, -2), (2, -6), (4, -5), (6, -4))
    assert CAT.layouts[4].shrines == ((-2, 1), (3, -8), (5, 3), (7, -3))
