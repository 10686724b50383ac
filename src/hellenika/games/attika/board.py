"""The map (spec §3, §7): board hexes, their symbols and neighbours, the shrines, and how the map grows.

A :class:`Board` is immutable and shared by every state cloned from the one that built it; placing a board
tile makes a new one (copy-on-write), which happens at most 22 times a game. Board hexes get dense indices
0..N-1 in the order they were laid, so a set of hexes is one Python int (bit i = hex i): the hot path works
on these bitmasks (emptiness, a player's buildings, reductions, settlements).

Shrines are not board hexes (spec §2): nobody builds on them and they link nothing. Each shrine keeps the mask
of board hexes next to it, for the shrine victory (§8).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import compress, filterfalse
from operator import attrgetter, itemgetter, not_
from typing import Any

from hellenika.games.attika.catalogue import BLANK, Tile
from hellenika.games.attika.hexes import (
    DIRECTIONS,
    Hex,
    distance,
    footprint,
    hex_code,
    hex_of_code,
    neighbours,
    rotated_symbols,
)

FEW = 24  # few_in_reading_order: masks of up to this many hexes
_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")  # binary digits to the bytes 0 and 1


def _ring(k: int) -> list[Hex]:
    return [(q, r) for q in range(-k, k + 1) for r in range(-k, k + 1) if distance((0, 0), (q, r)) == k]


# Offsets from a tile's centre: the hexes at distance 2, and those at distance 3 with their neighbours at
# distance 2 (Board.with_tile: where the rings of free hexes can change).
_RING_2: tuple[Hex, ...] = tuple(_ring(2))
_RING_3: tuple[tuple[Hex, tuple[Hex, ...]], ...] = tuple(
    (h, tuple(n for n in neighbours(h) if n in _RING_2)) for h in _ring(3)
)


# The footprint of a tile (slots 0-6: centre, E, NE, NW, W, SW, SE) seen from its centre, for with_tile:
# the slots next to each slot, as a mask of slots (``_INNER_MASKS``); the hexes at distance 2 (``_OUTER``:
# the hex code's offset, the slots it touches, and as a mask); for each set of those that are free (a 12-bit
# mask over ``_OUTER``), the code offsets of the hexes at distance 3 next to one of them (``_ring_3_near``).
_SLOTS = {h: k for k, h in enumerate(footprint((0, 0)))}
_FOOT_CODES: tuple[int, ...] = tuple(hex_code(h) - hex_code((0, 0)) for h in _SLOTS)
_INNER_MASKS: tuple[int, ...] = tuple(
    sum(1 << _SLOTS[n] for n in neighbours(h) if n in _SLOTS) for h in _SLOTS
)
_OUTER: tuple[tuple[Hex, int, tuple[int, ...], int], ...] = tuple(
    (h, hex_code(h) - hex_code((0, 0)), slots, sum(1 << k for k in slots))
    for h, slots in ((h, tuple(sorted(_SLOTS[n] for n in neighbours(h) if n in _SLOTS))) for h in _RING_2)
)
_OUTER_CODES: tuple[int, ...] = tuple(outer[1] for outer in _OUTER)
_OUTER_BITS: tuple[int, ...] = tuple(1 << i for i in range(len(_OUTER)))
_ALL_OUTER = (1 << len(_OUTER)) - 1
_RING_3_MASKS = tuple(
    (hex_code(h) - hex_code((0, 0)), sum(1 << k for k, outer in enumerate(_OUTER) if outer[0] in inner))
    for h, inner in _RING_3
)


@lru_cache(maxsize=1 << len(_OUTER))
def _ring_3_near(near: int) -> tuple[int, ...]:
    """For a set of the hexes at distance 2 (a mask over ``_OUTER``), the code offsets of the hexes at
    distance 3 next to one of them (memoised on demand: building all 4,096 made the import slow)."""
    return tuple(code for code, touched in _RING_3_MASKS if near & touched)


# What Board._grown works out: everything but the symbols, the tiles and the memos.
_GEOMETRY = ("codes", "where", "nbm", "full", "edge", "shrines", "shrine_adj", "shrine_any", "rings")
_geometry_of = attrgetter(*_GEOMETRY)
# The geometry of the start layouts, by (shrines, centres laid before, centre): see Board.with_tile.
_START_GEOMETRY: dict[tuple[tuple[Hex, ...], tuple[Hex, ...], Hex], tuple[Any, ...]] = {}
_EMPTY: dict[tuple[Hex, ...], Board] = {}  # Board.empty, by shrines
_Shifted = tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]]
_SHIFTED: dict[int, _Shifted] = {}  # by the first hex of a tile: at most one per tile a game can lay


def _shifted(base: int) -> _Shifted:
    """For a tile whose first hex is ``base``: ``_INNER_MASKS`` as masks of board hexes, and ``_OUTER`` as
    (the slots it touches, their mask of board hexes)."""
    shifted = _SHIFTED.get(base)
    if shifted is None:
        masks = tuple(mask << base for mask in _INNER_MASKS)
        outer = tuple((slots, slot_mask << base) for _, _, slots, slot_mask in _OUTER)
        shifted = _SHIFTED[base] = (masks, outer)
    return shifted


@lru_cache(maxsize=256)
def _symbol_masks(symbols: tuple[int, ...]) -> tuple[tuple[int, int, int, int], int]:
    """The slots of a tile showing each landscape type, and those showing any, as masks (memoised: a tile
    shows at most six pictures, 22 tiles)."""
    masks = [0, 0, 0, 0]
    for k, sym in enumerate(symbols):
        if sym != BLANK:
            masks[sym] |= 1 << k
    return (masks[0], masks[1], masks[2], masks[3]), masks[0] | masks[1] | masks[2] | masks[3]


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """The hexes on the table. Never mutated once built; :meth:`with_tile` returns a new board.

    What only people and bots read (the hexes as coordinates, the neighbours as tuples, the reading order) is
    worked out from the codes when first asked and kept (each a whole tuple or dict assigned at once, so two
    threads reading one board at worst both work it out): laying a tile copies only what play needs.
    """

    __slots__ = (
        "_cells",
        "_index",
        "_nbrs",
        "_order",
        "_pick",
        "_reading_codes",
        "adjacent_memo",
        "anysym",
        "codes",
        "edge",
        "full",
        "nbm",
        "place_order",
        "rings",
        "shrine_adj",
        "shrine_any",
        "shrines",
        "symbol",
        "symm",
        "tiles",
        "view_parts",
        "where",
    )

    codes: tuple[int, ...]  # the hex code (hexes.hex_code) of hex i
    # By hex code: the board hex's index, or ~k for shrine k (what a new tile may not cover).
    where: dict[int, int]
    # By hex code, the free hexes near the blocked ones (board hexes and shrines): False for those next to
    # one, True for those at distance exactly 2 (where a tile may go).
    rings: dict[int, bool]
    symbol: tuple[int, ...]  # landscape type of hex i, or BLANK
    nbm: tuple[int, ...]  # board neighbours of hex i, as a mask
    symm: tuple[int, int, int, int]  # hexes showing each landscape type
    anysym: int  # hexes showing any symbol
    full: int  # every board hex
    edge: int  # the old hexes next to the tile laid last (before it was laid)
    shrines: tuple[Hex, ...]
    shrine_adj: tuple[int, ...]  # board hexes next to each shrine
    shrine_any: int  # board hexes next to some shrine
    tiles: tuple[tuple[int, int, int, int], ...]  # (tile index, centre q, centre r, rotation) in laying order
    adjacent_memo: dict[int, int]  # adjacent_cached's memo (of this board's geometry only; read by costs.py)
    place_order: list[Any] | None  # each hex's "place" action, in reading order; filled by states
    _pick: tuple[str, Any] | None  # for in_reading_order: the format of a mask, and the picker
    view_parts: Any  # the view's JSON of what this board holds (view.py), built by the first view of it
    # Worked out when first asked (see the class docstring): cells, index, nbrs, order, reading_codes.
    _cells: tuple[Hex, ...] | None
    _index: dict[Hex, int] | None
    _nbrs: tuple[tuple[int, ...], ...] | None
    _order: tuple[int, ...] | None
    _reading_codes: tuple[int, ...] | None

    @classmethod
    def empty(cls, shrines: tuple[Hex, ...]) -> Board:
        """The board before any tile, around ``shrines``: built once per layout and shared (it is never
        mutated; its memos are of its own geometry)."""
        b = _EMPTY.get(shrines)
        if b is None:
            b = _EMPTY[shrines] = cls._empty(shrines)
        return b

    @classmethod
    def _empty(cls, shrines: tuple[Hex, ...]) -> Board:
        b = cls.__new__(cls)
        b.codes = ()
        b.symbol = ()
        b.nbm = ()
        b.symm = (0, 0, 0, 0)
        b.anysym = 0
        b.full = 0
        b.edge = 0
        b.shrines = shrines
        b.shrine_adj = tuple(0 for _ in shrines)
        b.shrine_any = 0
        b.tiles = ()
        b._forget()
        blocked = set(shrines)
        ring1 = {n for h in shrines for n in neighbours(h)} - blocked
        ring2 = {n for h in ring1 for n in neighbours(h)} - blocked - ring1
        b.where = {hex_code(h): ~k for k, h in enumerate(shrines)}
        b.rings = {**dict.fromkeys(map(hex_code, ring1), False), **dict.fromkeys(map(hex_code, ring2), True)}
        return b

    def _forget(self) -> None:
        """No memo and nothing worked out yet (a new board)."""
        self.place_order = None
        self._pick = None
        self.adjacent_memo = {}
        self.view_parts = None
        self._cells = None
        self._index = None
        self._nbrs = None
        self._order = None
        self._reading_codes = None

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def cells(self) -> tuple[Hex, ...]:
        """The coordinates of hex i."""
        cells = self._cells
        if cells is None:
            cells = self._cells = tuple(map(hex_of_code, self.codes))
        return cells

    @property
    def index(self) -> dict[Hex, int]:
        """The board hex at each coordinate pair."""
        index = self._index
        if index is None:
            index = self._index = dict(zip(self.cells, range(len(self.codes)), strict=True))
        return index

    @property
    def nbrs(self) -> tuple[tuple[int, ...], ...]:
        """The board neighbours of hex i, ascending (``nbm`` as tuples)."""
        nbrs = self._nbrs
        if nbrs is None:
            nbrs = self._nbrs = tuple(tuple(iter_bits(mask)) for mask in self.nbm)
        return nbrs

    @property
    def reading_codes(self) -> tuple[int, ...]:
        """The hex codes sorted: the reading order (row r, then q)."""
        keys = self._reading_codes
        if keys is None:
            keys = self._reading_codes = tuple(sorted(self.codes))
        return keys

    @property
    def order(self) -> tuple[int, ...]:
        """Hex indices in reading order (row r, then q), for lists people read."""
        order = self._order
        if order is None:
            where = self.where
            order = self._order = tuple(map(where.__getitem__, self.reading_codes))
        return order

    def is_free(self, h: Hex) -> bool:
        """Neither a board hex nor a shrine: a board tile may cover it (spec §7)."""
        return hex_code(h) not in self.where

    def with_tile(self, tile: Tile, centre: Hex, rotation: int, *, start: bool = False) -> Board:
        """The board with ``tile`` laid centred on ``centre`` (the caller checked it fits).

        The geometry (:meth:`_grown`) does not depend on the tile: for a tile of the start layout
        (``start``), where every game lays its tiles on the same centres, it is worked out once and shared.
        """
        if start:
            key = (self.shrines, tuple((q, r) for _, q, r, _ in self.tiles), centre)
            geometry = _START_GEOMETRY.get(key)
            if geometry is None:
                geometry = _START_GEOMETRY[key] = _geometry_of(self._grown(centre))
            b = Board.__new__(Board)
            (
                b.codes,
                b.where,
                b.nbm,
                b.full,
                b.edge,
                b.shrines,
                b.shrine_adj,
                b.shrine_any,
                b.rings,
            ) = geometry  # in the order of _GEOMETRY
        else:
            b = self._grown(centre)
        base = len(self.codes)
        symbols = rotated_symbols(tile.symbols, rotation)
        b.symbol = self.symbol + symbols
        (w, m, f, h), anysym = _symbol_masks(symbols)
        sw, sm, sf, sh = self.symm
        b.symm = (sw | w << base, sm | m << base, sf | f << base, sh | h << base)
        b.anysym = self.anysym | anysym << base
        b.tiles = (*self.tiles, (tile.index, centre[0], centre[1], rotation))
        b._forget()
        return b

    def _grown(self, centre: Hex) -> Board:
        """A board with only the geometry (``_GEOMETRY``) of this one with a tile centred on ``centre``.

        Only what the new hexes touch is recomputed: their neighbours, the old hexes next to them, the
        shrines next to them, and the rings of free hexes around the blocked ones (for tile centres). Which
        hexes of the footprint touch which hexes around it is the same for every centre (``_INNER_MASKS``,
        ``_OUTER``), so laying a tile looks up the twelve hexes around it in one pass (``map`` over ``where``)
        and walks only the few of them that are blocked. Everything is by hex code: no coordinate pair is
        made, and the two dicts copied hold the same int objects as ``codes`` and one another.
        """
        code = hex_code(centre)
        codes = tuple(map(code.__add__, _FOOT_CODES))
        base = len(self.codes)
        inner_masks, outer_at = _shifted(base)
        new_nbm = list(inner_masks)
        where_before = self.where
        around = tuple(map(code.__add__, _OUTER_CODES))
        taken = tuple(map(where_before.__contains__, around))
        near = list(compress(around, map(not_, taken)))  # free hexes at distance 2: new next to a blocked one
        near_bits = _ALL_OUTER ^ sum(compress(_OUTER_BITS, taken))
        # Each old hex next to the tile gains the new hexes it touches, and they gain it.
        nbm = list(self.nbm)
        shrine_adj = self.shrine_adj
        shrine_any = self.shrine_any
        edge = 0
        for c, (slots, slot_mask) in compress(zip(around, outer_at, strict=True), taken):
            j = where_before[c]
            if j < 0:  # shrine ~j: the new hexes next to it are those the tile has next to this hex
                adj = list(shrine_adj)
                adj[~j] |= slot_mask
                shrine_adj = tuple(adj)
                shrine_any |= slot_mask
                continue
            nbm[j] |= slot_mask
            bit = 1 << j
            edge |= bit
            for k in slots:
                new_nbm[k] |= bit
        nbm += new_nbm
        b = Board.__new__(Board)
        b.codes = self.codes + codes
        where = b.where = where_before.copy()
        where.update(zip(codes, range(base, base + 7), strict=True))
        b.nbm = tuple(nbm)
        b.full = (1 << len(b.codes)) - 1
        b.edge = edge
        b.shrines = self.shrines
        b.shrine_adj = shrine_adj
        b.shrine_any = shrine_any
        # Tile centres: the free hexes at distance exactly 2 from the blocked ones (see tile_centres). Only
        # hexes near the new tile change rings: the tile covers the hexes within distance 1 of its centre
        # (they leave the rings); those at distance 2 not blocked are now next to a blocked one (``near``);
        # of those at distance 3, the ones next to ``near`` that are not blocked nor next to an old blocked
        # hex are now at distance 2. (filterfalse looks up the few candidates in C.)
        rings = b.rings = self.rings.copy()
        pop = rings.pop
        for c in codes:
            pop(c, None)
        rings.update(dict.fromkeys(near, False))
        rings.update(
            dict.fromkeys(
                filterfalse(
                    rings.__contains__,
                    filterfalse(where.__contains__, map(code.__add__, _ring_3_near(near_bits))),
                ),
                True,
            )
        )
        return b

    # ------------------------------------------------------------------ expansion (spec §7)

    def touches(self, h: Hex) -> bool:
        """Is hex ``h`` next to a board hex or a shrine?"""
        return any(not self.is_free(n) for n in neighbours(h))

    def tile_fits(self, centre: Hex) -> bool:
        """A tile centred here overlaps nothing and touches the board or a shrine (spec §7)."""
        hexes = footprint(centre)
        return all(self.is_free(h) for h in hexes) and any(self.touches(h) for h in hexes)

    def tile_centres(self) -> list[Hex]:
        """Every centre where the next board tile may go, in reading order (row r, then q).

        A tile centred on x covers x and its neighbours, so it overlaps nothing iff every blocked hex (board
        or shrine) is at distance >= 2 from x, and one of its hexes touches a blocked one iff some blocked
        hex is at distance <= 2: the centres are the hexes at distance exactly 2, kept up to date in
        ``rings`` (:meth:`centre_codes` in reading order).
        """
        return list(map(hex_of_code, self.centre_codes()))

    def centre_codes(self) -> list[int]:
        """The codes (hexes.hex_code) of :meth:`tile_centres`, in the same order."""
        rings = self.rings
        return sorted(compress(rings, rings.values()))

    # ------------------------------------------------------------------ masks

    def in_reading_order(self, mask: int) -> tuple[int, ...]:
        """For each hex in reading order, 1 if it is in ``mask`` (a non-empty board's), else 0: the selectors
        with which :func:`itertools.compress` picks the items of ``mask``'s hexes from a list in reading
        order. All of it runs in C (the mask written in binary, the digits picked in reading order), which
        beats testing each hex's bit in Python once the board has a few tiles."""
        pick = self._pick
        if pick is None:
            size = len(self.codes)
            pick = self._pick = (f"0{size}b", itemgetter(*[size - 1 - c for c in self.order]))
        spec, getter = pick
        picked: tuple[int, ...] = getter(format(mask, spec).encode().translate(_BIT_VALUES))
        return picked

    def few_in_reading_order(self, mask: int) -> list[Hex]:
        """The hexes of ``mask`` in reading order, one by one: for a mask of a few hexes (up to ``FEW``),
        where this beats :meth:`in_reading_order`, which looks at every hex of the board."""
        return list(map(hex_of_code, self.few_codes_in_reading_order(mask)))

    def few_codes_in_reading_order(self, mask: int) -> list[int]:
        """:meth:`few_in_reading_order` as hex codes (which sort in reading order)."""
        codes = self.codes
        out = []
        while mask:
            low = mask & -mask
            out.append(codes[low.bit_length() - 1])
            mask ^= low
        out.sort()
        return out

    def adjacent(self, mask: int) -> int:
        """Board hexes next to any hex of ``mask``."""
        nbm = self.nbm
        out = 0
        while mask:
            low = mask & -mask
            out |= nbm[low.bit_length() - 1]
            mask ^= low
        return out

    def adjacent_cached(self, mask: int) -> int:
        """:meth:`adjacent`, memoised on this board (``adjacent_memo``): for the masks asked at every
        decision, such as where a player's buildings of one type stand (free building next to them, §5.4)."""
        cache = self.adjacent_memo
        out = cache.get(mask)
        if out is None:
            if len(cache) >= 4096:
                cache.clear()
            out = cache[mask] = self.adjacent(mask)
        return out

    def is_connected(self, mask: int) -> bool:
        """Do the hexes of ``mask`` form one chain by adjacency among themselves?"""
        if not mask:
            return True
        nbm = self.nbm
        seen = frontier = mask & -mask
        while frontier:
            grow = 0
            while frontier:
                low = frontier & -frontier
                grow |= nbm[low.bit_length() - 1]
                frontier ^= low
            frontier = grow & mask & ~seen
            seen |= frontier
        return seen == mask

    def shrines_touched(self, mask: int) -> int:
        """How many different shrines have a board hex of ``mask`` next to them."""
        if not mask & self.shrine_any:
            return 0
        return sum(1 for adj in self.shrine_adj if adj & mask)

    def shrine_neighbours(self, k: int) -> list[Hex]:
        return [self.cells[c] for c in iter_bits(self.shrine_adj[k])]


def direction_of(a: Hex, b: Hex) -> int:
    """Index in DIRECTIONS of neighbour b seen from a (a and b must be adjacent)."""
    return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
