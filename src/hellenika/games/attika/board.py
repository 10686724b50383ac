"""The map (spec §3, §7): board hexes, their symbols and neighbours, the shrines, and how the map grows.

A :class:`Board` is immutable and shared by every state cloned from the one that built it; placing a board
tile makes a new one (copy-on-write), which happens at most 22 times a game. Board hexes get dense indices
0..N-1 in the order they were laid, so a set of hexes is one Python int (bit i = hex i): the hot path works
on these bitmasks (emptiness, a player's buildings, reductions, settlements).

Shrines are not board hexes (spec §2): nobody builds on them and they link nothing. Each shrine keeps the mask
of board hexes next to it, for the shrine victory (§8).
"""

from __future__ import annotations

from bisect import bisect, bisect_left, insort
from collections.abc import Iterator
from operator import itemgetter
from typing import Any

from hellenika.games.attika.catalogue import BLANK, Tile
from hellenika.games.attika.hexes import DIRECTIONS, Hex, distance, footprint, neighbours, rotated_symbols

_third = itemgetter(2)
FEW = 8  # few_in_reading_order: masks of up to this many hexes
_reading_key = itemgetter(1, 0)  # (r, q): row by row, then left to right
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
# the slots next to each slot (ascending, and as a mask of slots); the hexes at distance 2, each with the
# slots it touches (likewise); the hexes at distance 3, each with its neighbours at distance 2.
_SLOTS = {h: k for k, h in enumerate(footprint((0, 0)))}
_INNER: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_SLOTS[n] for n in neighbours(h) if n in _SLOTS)) for h in _SLOTS
)
_INNER_MASKS: tuple[int, ...] = tuple(sum(1 << k for k in ks) for ks in _INNER)
_OUTER: tuple[tuple[Hex, tuple[int, ...], int], ...] = tuple(
    (h, slots, sum(1 << k for k in slots))
    for h, slots in ((h, tuple(sorted(_SLOTS[n] for n in neighbours(h) if n in _SLOTS))) for h in _RING_2)
)
_RING_3_NEAR: tuple[tuple[Hex, frozenset[Hex]], ...] = tuple((h, frozenset(inner)) for h, inner in _RING_3)
# What Board._grown works out: everything but the symbols, the tiles and the memos.
_GEOMETRY = (
    "cells",
    "index",
    "nbrs",
    "nbm",
    "full",
    "shrines",
    "shrine_adj",
    "shrine_any",
    "_keys",
    "order",
    "blocked",
    "ring1",
    "ring2",
    "_centre_keys",
)
# The geometry of the start layouts, by (shrines, centres laid before, centre): see Board.with_tile.
_START_GEOMETRY: dict[tuple[tuple[Hex, ...], tuple[Hex, ...], Hex], Board] = {}
_SHIFTED: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _shifted(base: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``_INNER`` and the slots of ``_OUTER`` as board hexes, for a tile whose first hex is ``base``."""
    shifted = _SHIFTED.get(base)
    if shifted is None:
        inner = tuple(tuple(base + k for k in ks) for ks in _INNER)
        outer = tuple(tuple(base + k for k in slots) for _, slots, _ in _OUTER)
        shifted = _SHIFTED[base] = (inner, outer)
    return shifted


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """The hexes on the table. Never mutated once built; :meth:`with_tile` returns a new board."""

    __slots__ = (
        "_adjacent",
        "_centre_keys",
        "_keys",
        "_pick",
        "anysym",
        "blocked",
        "cells",
        "full",
        "index",
        "nbm",
        "nbrs",
        "order",
        "place_order",
        "ring1",
        "ring2",
        "shrine_adj",
        "shrine_any",
        "shrines",
        "symbol",
        "symm",
        "tiles",
        "view_parts",
    )

    cells: tuple[Hex, ...]  # coordinates of hex i
    index: dict[Hex, int]
    symbol: tuple[int, ...]  # landscape type of hex i, or BLANK
    nbrs: tuple[tuple[int, ...], ...]  # board neighbours of hex i
    nbm: tuple[int, ...]  # the same as a mask
    symm: tuple[int, int, int, int]  # hexes showing each landscape type
    anysym: int  # hexes showing any symbol
    full: int  # every board hex
    shrines: tuple[Hex, ...]
    shrine_adj: tuple[int, ...]  # board hexes next to each shrine
    shrine_any: int  # board hexes next to some shrine
    tiles: tuple[tuple[int, int, int, int], ...]  # (tile index, centre q, centre r, rotation) in laying order
    _centre_keys: tuple[tuple[int, int, Hex], ...]  # (r, q, hex) of the tile centres (ring2), sorted
    _adjacent: dict[int, int]  # adjacent_cached's memo (of this board's geometry only)
    _keys: tuple[tuple[int, int, int], ...]  # (r, q, index) sorted: the reading order
    place_order: list[Any] | None  # each hex's "place" action, in reading order; filled by states
    _pick: tuple[str, Any] | None  # for in_reading_order: the format of a mask, and the picker
    order: tuple[int, ...]  # hex indices in reading order (row r, then q), for lists people read
    # Sets of hexes, never changed once the board is built (with_tile copies them).
    blocked: set[Hex]  # board hexes and shrines: what a new tile may not cover
    ring1: set[Hex]  # free hexes next to a blocked one
    ring2: set[Hex]  # free hexes at distance exactly 2 from the blocked ones: where a tile may go
    view_parts: Any  # the view's JSON of what this board holds (view.py), built by the first view of it

    @classmethod
    def empty(cls, shrines: tuple[Hex, ...]) -> Board:
        b = cls.__new__(cls)
        b.cells = ()
        b.index = {}
        b.symbol = ()
        b.nbrs = ()
        b.nbm = ()
        b.symm = (0, 0, 0, 0)
        b.anysym = 0
        b.full = 0
        b.shrines = shrines
        b.shrine_adj = tuple(0 for _ in shrines)
        b.shrine_any = 0
        b.tiles = ()
        b.order = ()
        b._keys = ()
        b.place_order = None
        b._pick = None
        b._adjacent = {}
        b.view_parts = None
        b.blocked = set(shrines)
        b.ring1 = {n for h in shrines for n in neighbours(h)} - b.blocked
        b.ring2 = {n for h in b.ring1 for n in neighbours(h)} - b.blocked - b.ring1
        b._centre_keys = tuple(sorted((r, q, (q, r)) for q, r in b.ring2))
        return b

    @property
    def size(self) -> int:
        return len(self.cells)

    def is_free(self, h: Hex) -> bool:
        """Neither a board hex nor a shrine: a board tile may cover it (spec §7)."""
        return h not in self.index and h not in self.shrines

    def with_tile(self, tile: Tile, centre: Hex, rotation: int, *, start: bool = False) -> Board:
        """The board with ``tile`` laid centred on ``centre`` (the caller checked it fits).

        The geometry (:meth:`_grown`) does not depend on the tile: for a tile of the start layout
        (``start``), where every game lays its tiles on the same centres, it is worked out once and shared.
        """
        if start:
            key = (self.shrines, tuple((q, r) for _, q, r, _ in self.tiles), centre)
            geometry = _START_GEOMETRY.get(key)
            if geometry is None:
                geometry = _START_GEOMETRY[key] = self._grown(centre)
            b = Board.__new__(Board)
            for name in _GEOMETRY:
                setattr(b, name, getattr(geometry, name))
        else:
            b = self._grown(centre)
        base = len(self.cells)
        symbols = rotated_symbols(tile.symbols, rotation)
        b.symbol = self.symbol + symbols
        symm = list(self.symm)
        anysym = self.anysym
        for i, sym in enumerate(symbols):
            if sym != BLANK:
                symm[sym] |= 1 << (base + i)
                anysym |= 1 << (base + i)
        b.symm = (symm[0], symm[1], symm[2], symm[3])
        b.anysym = anysym
        b.tiles = (*self.tiles, (tile.index, centre[0], centre[1], rotation))
        b.place_order = None
        b._pick = None
        b._adjacent = {}
        b.view_parts = None
        return b

    def _grown(self, centre: Hex) -> Board:
        """A board with only the geometry (``_GEOMETRY``) of this one with a tile centred on ``centre``.

        Only what the new hexes touch is recomputed: their own neighbours, the old hexes next to them, the
        shrines next to them, and the rings of free hexes around the blocked ones (for tile centres). Which
        hexes of the footprint touch which hexes around it is the same for every centre (``_INNER``,
        ``_OUTER``), so laying a tile only looks up the twelve hexes around it.
        """
        q0, r0 = centre
        hexes = footprint(centre)
        base = len(self.cells)
        index = self.index.copy()
        for i, h in enumerate(hexes):
            index[h] = base + i
        nbrs = list(self.nbrs)
        nbm = list(self.nbm)
        get = self.index.get
        blocked_before = self.blocked
        # Each old hex next to the tile gains the new hexes it touches (after its old neighbours, in ascending
        # order, as every neighbour tuple is); ``old_of[k]``: the old hexes next to new hex k. ``near``: the
        # free hexes around the tile (and their offsets from the centre), for the rings below.
        old_of: list[list[int]] = [[], [], [], [], [], [], []]
        near: set[Hex] = set()
        near_offsets: set[Hex] = set()
        inner_at, outer_at = _shifted(base)
        for (offset, slots, slot_mask), gained in zip(_OUTER, outer_at, strict=True):
            h = (q0 + offset[0], r0 + offset[1])
            j = get(h)
            if j is None:
                if h not in blocked_before:
                    near.add(h)
                    near_offsets.add(offset)
                continue
            nbrs[j] = nbrs[j] + gained
            nbm[j] |= slot_mask << base
            for k in slots:
                old_of[k].append(j)
        for k in range(7):
            old = old_of[k]
            old.sort()
            mask = _INNER_MASKS[k] << base
            for j in old:
                mask |= 1 << j
            nbrs.append((*old, *inner_at[k]))
            nbm.append(mask)
        shrine_adj = list(self.shrine_adj)
        for k, (sq, sr) in enumerate(self.shrines):
            if abs(sq - q0) + abs(sr - r0) + abs(sq + sr - q0 - r0) <= 4:  # within distance 2 of the centre
                for dq, dr in DIRECTIONS:
                    j = index.get((sq + dq, sr + dr))
                    if j is not None and j >= base:
                        shrine_adj[k] |= 1 << j
        b = Board.__new__(Board)
        b.cells = self.cells + hexes
        b.index = index
        b.nbrs = tuple(nbrs)
        b.nbm = tuple(nbm)
        b.full = (1 << len(b.cells)) - 1
        b.shrines = self.shrines
        b.shrine_adj = tuple(shrine_adj)
        b.shrine_any = self.shrine_any
        for adj in shrine_adj:
            b.shrine_any |= adj
        # Reading order: the new hexes inserted into the old order (the sort keys and the order side by side).
        keys = list(self._keys)
        order = list(self.order)
        for i, (q, r) in enumerate(hexes):
            key = (r, q, base + i)
            at = bisect(keys, key)
            keys.insert(at, key)
            order.insert(at, base + i)
        b._keys = tuple(keys)
        b.order = tuple(order)
        # Tile centres: a hex at distance exactly 2 from the blocked hexes (see tile_centres). Only hexes
        # near the new tile change rings.
        # Each set is copied (cheap: stored hashes are reused) and then changed only where the tile is: the
        # rings were free of blocked hexes and of each other, so only the new and the nearby hexes move.
        # The tile covers the hexes within distance 1 of its centre; those at distance 2 not blocked are new
        # in ring1 (``near``); of those at distance 3, the ones next to ``near`` may be new in ring2.
        blocked = b.blocked = set(blocked_before)
        blocked.update(hexes)
        ring1 = b.ring1 = set(self.ring1)
        ring1.difference_update(hexes)
        ring1.update(near)
        ring2 = b.ring2 = set(self.ring2)
        gone = [h for h in hexes if h in ring2]
        gone += [h for h in near if h in ring2]
        ring2.difference_update(gone)
        added = []
        for (dq, dr), inner in _RING_3_NEAR:
            if not near_offsets.isdisjoint(inner):
                h = (q0 + dq, r0 + dr)
                if h not in blocked and h not in ring1 and h not in ring2:
                    ring2.add(h)
                    added.append(h)
        # The centres in reading order, kept sorted: those that left the ring out, the new ones in.
        centre_keys = list(self._centre_keys)
        for q, r in gone:
            del centre_keys[bisect_left(centre_keys, (r, q, (q, r)))]
        for h in added:
            insort(centre_keys, (h[1], h[0], h))
        b._centre_keys = tuple(centre_keys)
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
        hex is at distance <= 2: the centres are the hexes at distance exactly 2, kept up to date as
        ``ring2`` (and in reading order as ``_centre_keys``).
        """
        return list(map(_third, self._centre_keys))

    # ------------------------------------------------------------------ masks

    def in_reading_order(self, mask: int) -> tuple[int, ...]:
        """For each hex in reading order, 1 if it is in ``mask`` (a non-empty board's), else 0: the selectors
        with which :func:`itertools.compress` picks the items of ``mask``'s hexes from a list in reading
        order. All of it runs in C (the mask written in binary, the digits picked in reading order), which
        beats testing each hex's bit in Python once the board has a few tiles."""
        pick = self._pick
        if pick is None:
            size = len(self.cells)
            pick = self._pick = (f"0{size}b", itemgetter(*[size - 1 - c for c in self.order]))
        spec, getter = pick
        picked: tuple[int, ...] = getter(format(mask, spec).encode().translate(_BIT_VALUES))
        return picked

    def few_in_reading_order(self, mask: int) -> list[Hex]:
        """The hexes of ``mask`` in reading order, one by one: for a mask of a few hexes (up to ``FEW``),
        where this beats :meth:`in_reading_order`, which looks at every hex of the board."""
        cells = self.cells
        hexes = []
        while mask:
            low = mask & -mask
            hexes.append(cells[low.bit_length() - 1])
            mask ^= low
        hexes.sort(key=_reading_key)
        return hexes

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
        """:meth:`adjacent`, memoised on this board (``_adjacent``): for the masks asked at every decision,
        such as where a player's buildings of one type stand (free building next to them, spec §5.4)."""
        cache = self._adjacent
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
