"""The island (spec §7): both board sides loaded once from ``data/boards.toml`` into frozen boards.

A board is a set of land cells on a hex grid (pointy-top, odd-r offset coordinates, spec §7.1). States
refer to cells by index; everything about a cell (coast or interior, quarry, temple, its neighbours) is read
from the board. The hot path works on bitmasks over cell indices: a player's houses, the free spaces and
each cell's neighbourhood are Python ints, so "which houses touch this quarry" is one ``&`` and a
``bit_count``.

Why bitmasks and neighbourhood masks: cities are updated incrementally (no flood fill per action).
A group of pieces is kept as (members, reach), ``reach`` being the union of its cells' neighbourhoods; a new
piece joins exactly the groups whose members touch it, and temple and statue adjacency is ``reach & mask``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

SEA = "."
COAST, INTERIOR, QUARRY, TEMPLE = "coast", "interior", "quarry", "temple"
LETTERS = {"c": COAST, "i": INTERIOR, "Q": QUARRY, "q": QUARRY}


def neighbours(row: int, col: int) -> tuple[tuple[int, int], ...]:
    """The six neighbours of (row, col) in odd-r offset coordinates (spec §7.1)."""
    if row & 1:
        return (
            (row, col - 1),
            (row, col + 1),
            (row - 1, col),
            (row - 1, col + 1),
            (row + 1, col),
            (row + 1, col + 1),
        )
    return (
        (row, col - 1),
        (row, col + 1),
        (row - 1, col - 1),
        (row - 1, col),
        (row + 1, col - 1),
        (row + 1, col),
    )


def axial(row: int, col: int) -> tuple[int, int]:
    """Axial (q, r) of an offset cell, as the spec's tables list them."""
    return col - (row - (row & 1)) // 2, row


@dataclass(frozen=True, slots=True)
class Cell:
    index: int
    row: int
    col: int
    id: str  # "row,col"
    kind: str  # coast | interior | quarry | temple
    coast: bool  # touches the sea or the edge of the grid (for quarries: a coast quarry)
    slots: int = 0  # temples: pillar slots

    @property
    def is_building(self) -> bool:
        return self.kind in (COAST, INTERIOR)


@dataclass(frozen=True, slots=True)
class Temple:
    index: int
    cell: int
    slots: int
    id: str  # "T4": named by its slots, which are different on each side


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the board with everything the rules ask of it precomputed."""

    name: str
    title: str
    players: tuple[int, ...]
    rows: tuple[str, ...]
    cells: tuple[Cell, ...]
    index_of: dict[str, int]
    at: dict[tuple[int, int], int]  # (row, col) -> cell index
    nbr: tuple[int, ...]  # per cell: bitmask of adjacent land cells
    nbr_cells: tuple[tuple[int, ...], ...]
    building: int  # mask of building spaces (coast and interior)
    coast_building: int
    interior_building: int
    building_cells: tuple[int, ...]
    is_coast: tuple[bool, ...]
    quarries: tuple[int, ...]  # quarry number -> cell index
    quarry_of: dict[int, int]  # cell index -> quarry number
    quarry_is_coast: tuple[bool, ...]
    quarry_nbr: tuple[int, ...]  # quarry number -> mask of the cells touching it
    temples: tuple[Temple, ...]
    temple_of: dict[int, int]  # cell index -> temple number
    temple_bits: tuple[int, ...]  # temple number -> its cell's bit
    temple_by_id: dict[str, int]

    @property
    def pillar_slots(self) -> int:
        return sum(t.slots for t in self.temples)

    def cell(self, space: str) -> Cell:
        return self.cells[self.index_of[space]]

    def count(self, kind: str, *, coast: bool | None = None) -> int:
        return sum(1 for c in self.cells if c.kind == kind and (coast is None or c.coast == coast))


def _derived_coast(rows: tuple[str, ...], row: int, col: int) -> bool:
    for r, c in neighbours(row, col):
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])) or rows[r][c] == SEA:
            return True
    return False


def build_board(name: str, title: str, players: tuple[int, ...], rows: tuple[str, ...]) -> Board:
    """Turn the row strings into a board, checking the letters against the derived coast (spec §7.1)."""
    cells: list[Cell] = []
    at: dict[tuple[int, int], int] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == SEA:
                continue
            coast = _derived_coast(rows, r, c)
            if ch in LETTERS:
                kind = LETTERS[ch]
                if (ch in "cQ" and not coast) or (ch in "iq" and coast):
                    raise ValueError(
                        f"{name} board: {r},{c} is marked {ch!r} but the derived coast is {coast}"
                    )
                slots = 0
            elif ch.isdigit():
                kind, slots = TEMPLE, int(ch)
            else:
                raise ValueError(f"{name} board: unknown letter {ch!r} at {r},{c}")
            at[r, c] = len(cells)
            cells.append(Cell(len(cells), r, c, f"{r},{c}", kind, coast, slots))
    nbr_cells = tuple(
        tuple(sorted(at[rc] for rc in neighbours(cell.row, cell.col) if rc in at)) for cell in cells
    )
    nbr = tuple(sum(1 << i for i in ns) for ns in nbr_cells)

    def mask(pred: Callable[[Cell], bool]) -> int:
        return sum(1 << cell.index for cell in cells if pred(cell))

    quarries = tuple(cell.index for cell in cells if cell.kind == QUARRY)
    temple_cells = sorted((cell for cell in cells if cell.kind == TEMPLE), key=lambda cell: cell.slots)
    temples = tuple(
        Temple(i, cell.index, cell.slots, f"T{cell.slots}") for i, cell in enumerate(temple_cells)
    )
    if len({t.id for t in temples}) != len(temples):
        raise ValueError(f"{name} board: two temples have the same number of slots")
    return Board(
        name=name,
        title=title,
        players=players,
        rows=rows,
        cells=tuple(cells),
        index_of={cell.id: cell.index for cell in cells},
        at=at,
        nbr=nbr,
        nbr_cells=nbr_cells,
        building=mask(lambda x: x.is_building),
        coast_building=mask(lambda x: x.kind == COAST),
        interior_building=mask(lambda x: x.kind == INTERIOR),
        building_cells=tuple(cell.index for cell in cells if cell.is_building),
        is_coast=tuple(cell.coast for cell in cells),
        quarries=quarries,
        quarry_of={c: q for q, c in enumerate(quarries)},
        quarry_is_coast=tuple(cells[c].coast for c in quarries),
        quarry_nbr=tuple(nbr[c] for c in quarries),
        temples=temples,
        temple_of={t.cell: t.index for t in temples},
        temple_bits=tuple(1 << t.cell for t in temples),
        temple_by_id={t.id: t.index for t in temples},
    )


@cache
def load_boards() -> dict[str, Board]:
    data = tomllib.loads(resources.files(__package__).joinpath("data/boards.toml").read_text())
    return {
        name: build_board(name, side["title"], tuple(side["players"]), tuple(side["rows"]))
        for name, side in data.items()
    }


def board_for(players: int) -> Board:
    """Minotaur for 3-4 players, Pegasus for 2 (spec §3.1), as the data file says."""
    for board in load_boards().values():
        if players in board.players:
            return board
    raise ValueError(f"no board side for {players} players")
