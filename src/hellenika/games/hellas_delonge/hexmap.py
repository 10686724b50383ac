"""The hex map (spec §2.1, §5.1, §6.1): coordinates, the placed tiles, adjacency, links and legal placements.

Axial coordinates (q, r), pointy-top; the dolphin tile sits at (0, 0). A cell is packed into one int,
``(q + R) * W + (r + R)``, so a neighbour is ``cell + DELTA[d]``.

The map changes only when a tile is placed (at most 23 times a game), so :class:`Board` is an immutable
snapshot shared by every clone of a state and replaced on placement. It precomputes what the rules ask of the
map again and again: per placed tile (a *slot*: 0 is the dolphin, 1, 2, ... in placement order, and a city's
number for people) the land mask by direction, the adjacent slots, the land- and sea-linked slots (§6.1), the
temples, and the *frontier*: every empty cell next to the map with the mask of its placed neighbours and the
land those neighbours show it. Legal placements of a tile shape (§5.1 P1-P4) are cached per board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import or_
from typing import Any, NamedTuple

from hellenika.games.hellas_delonge.components import Rotation, Tile, rotate

R = 16  # far beyond the reach of 23 tiles, each needing two placed neighbours
W = 2 * R + 1
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # d0 E, d1 SE, d2 SW, d3 W, d4 NW, d5 NE
DELTA = tuple(dq * W + dr for dq, dr in DIRS)
ORIGIN = R * W + R
DOLPHIN = 0  # the dolphin's slot
MAX_SLOTS = 24  # the dolphin and 23 land tiles
ZERO_SLOTS = (0,) * MAX_SLOTS  # a state's tired Greeks when none are (shared, so tested by identity)
#: Per direction: d, the cell offset, the direction back (Board.place).
_AROUND = tuple((d, DELTA[d], (d + 3) % 6) for d in range(6))


def cell(q: int, r: int) -> int:
    return (q + R) * W + (r + R)


def qr(c: int) -> tuple[int, int]:
    return c // W - R, c % W - R


def _distance(c: int) -> int:
    q, r = qr(c)
    return (abs(q) + abs(r) + abs(q + r)) // 2


_DISTANCE = tuple(_distance(c) for c in range(W * W))


def distance(c: int) -> int:
    """Hex distance from the dolphin."""
    return _DISTANCE[c]


def in_range(q: int, r: int) -> bool:
    return -R < q < R and -R < r < R and distance(cell(q, r)) < R - 1


class _Bits(dict[int, tuple[int, ...]]):
    """The set bits of each mask, lowest first, filled in as masks come up (the same few come up again and
    again). Started over past :data:`BITS_LIMIT` masks, so a long-running process (a server, a batch of a
    million games) keeps a bounded memo: about 20,000 distinct masks come up in 1,000 random games, a miss
    each the first time (the first games of a process pay them), so a miss is a few byte lookups."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) >= BITS_LIMIT:
            self.clear()
        if 0 <= mask < 1 << 32:  # every mask of slots or tiles
            b0, b1, b2, b3 = _BYTE_BITS
            bits = b0[mask & 255] + b1[mask >> 8 & 255] + b2[mask >> 16 & 255] + b3[mask >> 24]
        else:
            out = []
            m = mask
            while m:
                low = m & -m
                out.append(low.bit_length() - 1)
                m ^= low
            bits = tuple(out)
        self[mask] = bits
        return bits


def _byte_bits() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The set bits of every byte value, lowest first, as bit numbers of the first to the fourth byte of a
    mask: each value's lowest bit, then the bits of the value without it (found earlier in the row)."""
    rows = []
    for k in range(4):
        row: list[tuple[int, ...]] = [()]
        for b in range(1, 256):
            row.append((8 * k + (b & -b).bit_length() - 1, *row[b & (b - 1)]))
        rows.append(tuple(row))
    return tuple(rows)


_BYTE_BITS = _byte_bits()


def nth_bit(mask: int, k: int) -> int:
    """The number of the ``k``-th lowest set bit of ``mask`` (from 0; ``k`` below its bit count): a byte at a
    time by the table up to 32 bits, not a bit at a time (a tile drawn from the stack)."""
    if 0 <= mask < 1 << 32:
        for row in _BYTE_BITS:
            bits = row[mask & 255]
            if k < len(bits):
                return bits[k]
            k -= len(bits)
            mask >>= 8
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


BITS_LIMIT = 200_000
_BITS = _Bits()
#: ``iter_bits(mask)``: the set bits of ``mask``, lowest first. The memo's own lookup, so a mask seen before
#: costs no Python call at all (the hot path of every loop over cities).
iter_bits = _BITS.__getitem__


class _Fitting(dict[int, tuple[int, ...]]):
    """The distinct rotations (k values) with which a tile shape fits a site, by (shape, the site's placed
    neighbours, the land they show it) packed as ``shape << 12 | neighbours << 6 | land``: at most 64 x 64
    entries a shape. Filled in as keys come up, from the rotations of each shape met (``rotations``)."""

    def __init__(self) -> None:
        super().__init__()
        self.rotations: dict[int, tuple[Rotation, ...]] = {}

    def __missing__(self, key: int) -> tuple[int, ...]:
        nbrs = key >> 6 & 63
        req = key & 63
        ks = self[key] = tuple(
            rot.k
            for rot in self.rotations[key >> 12]
            if (rot.land & nbrs) == req and all(reg & nbrs for reg in rot.regions)
        )
        return ks


_FITTING = _Fitting()


class Site(NamedTuple):
    """An empty cell next to the map: its placed neighbours by direction and the land they show it.

    A named tuple, as every placement makes a few (quicker to build than a frozen dataclass); sites sort by
    cell, their first field, which no two share."""

    cell: int
    neighbours: int  # bit d: a placed tile lies in direction d
    land: int  # bit d: that tile's facing edge is land
    anchored: bool  # next to the dolphin, or two or more placed neighbours (P2)
    slots: int  # mask of the adjacent placed slots (for ship counts, §5.1 V1-V2)

    @property
    def q(self) -> int:
        return qr(self.cell)[0]

    @property
    def r(self) -> int:
        return qr(self.cell)[1]


@dataclass(slots=True)
class Board:
    """The map after some tiles are laid. Never changed once made (a tile laid makes a new board), apart from
    its memos: a plain slotted dataclass rather than a frozen one, whose ``__init__`` costs a call a field
    (a board is made at every tile laid)."""

    cells: tuple[int, ...]  # per slot
    tiles: tuple[int, ...]  # per slot: catalogue tile index, -1 for the dolphin
    rots: tuple[int, ...]
    land: tuple[int, ...]  # per slot, by direction
    adj: tuple[int, ...]  # per slot, mask of adjacent slots
    landlink: tuple[int, ...]  # per slot, mask of land-linked slots (§6.1)
    sealink: tuple[int, ...]  # per slot, mask of sea-linked (and not land-linked) slots
    linked: tuple[int, ...]  # per slot, landlink | sealink: every linked slot (links)
    temples: int  # mask of temple slots
    slot_at: dict[int, int]
    frontier: tuple[Site, ...]
    site_at: dict[int, Site]
    anchored: tuple[Site, ...]  # the frontier's anchored sites (P2), where a tile may go
    fit_keys: tuple[int, ...]  # per anchored site: neighbours << 6 | land (its part of a _FITTING key)
    _placements: dict[int, tuple[tuple[Site, tuple[int, ...]], ...]] = field(
        default_factory=dict, compare=False
    )
    # TurnMixin.can_grow by the mask of the tiles left in the stack.
    grows: dict[int, bool] = field(default_factory=dict, compare=False)
    # The view's fixed part of each slot's entry (view.py), filled by the first view of this board.
    view_slots: list[dict[str, Any]] = field(default_factory=list, compare=False)

    @classmethod
    def initial(cls) -> Board:
        return cls._build((ORIGIN,), (-1,), (0,), (0,), 0)

    @property
    def size(self) -> int:
        """Placed tiles, the dolphin included."""
        return len(self.cells)

    def place(self, tile: Tile, c: int, k: int, land: int) -> Board:
        """A new board with ``tile`` laid at cell ``c`` with rotation ``k`` (land mask ``land``).

        Incremental: only the new slot's neighbours and the frontier around it change (``_build`` does the
        whole map and is the reference the tests compare this with).
        """
        n = len(self.cells)
        bit = 1 << n
        slot_at = self.slot_at.copy()
        slot_at[c] = n
        adj = [*self.adj, 0]
        landlink = [*self.landlink, 0]
        sealink = [*self.sealink, 0]
        site_at = self.site_at.copy()
        site_at.pop(c, None)
        adj_n = land_n = sea_n = 0  # the new slot's masks
        for d, delta, back in _AROUND:
            nc = c + delta
            j = slot_at.get(nc)
            if j is not None:
                adj_n |= 1 << j
                adj[j] |= bit
                if j:
                    if land >> d & 1:
                        land_n |= 1 << j
                        landlink[j] |= bit
                    else:
                        sea_n |= 1 << j
                        sealink[j] |= bit
                continue
            if _DISTANCE[nc] >= R - 1:
                continue
            old = site_at.get(nc)
            if old is None:
                nbrs, req, slots = 1 << back, (land >> d & 1) << back, bit
            else:
                nbrs = old.neighbours | 1 << back
                req = old.land | (land >> d & 1) << back
                slots = old.slots | bit
            site_at[nc] = _site((nc, nbrs, req, bool(slots & 1) or nbrs.bit_count() >= 2, slots))
        if adj_n & 1:  # next to the dolphin: sea-linked through it to the others there
            for i in iter_bits(adj[DOLPHIN]):
                if i != n and not land_n >> i & 1:
                    sea_n |= 1 << i
                    sealink[i] |= bit
        adj[n] = adj_n
        landlink[n] = land_n
        sealink[n] = sea_n
        return _board(
            (*self.cells, c),
            (*self.tiles, tile.index),
            (*self.rots, k),
            (*self.land, land),
            tuple(adj),
            tuple(landlink),
            tuple(sealink),
            self.temples | bit if tile.temple else self.temples,
            slot_at,
            tuple(map(site_at.__getitem__, sorted(site_at))),  # by cell (ints sort quicker than sites)
            site_at,
        )

    @classmethod
    def _build(
        cls,
        cells: tuple[int, ...],
        tiles: tuple[int, ...],
        rots: tuple[int, ...],
        land: tuple[int, ...],
        temples: int,
    ) -> Board:
        n = len(cells)
        slot_at = {c: i for i, c in enumerate(cells)}
        adj = [0] * n
        landlink = [0] * n
        sealink = [0] * n
        for i, c in enumerate(cells):
            for d in range(6):
                j = slot_at.get(c + DELTA[d])
                if j is None:
                    continue
                adj[i] |= 1 << j
                if i and j:
                    if land[i] >> d & 1:
                        landlink[i] |= 1 << j
                    else:
                        sealink[i] |= 1 << j
        # Tiles next to the dolphin are sea-linked through it, unless they share a land edge (land counts).
        ring = adj[DOLPHIN]
        for i in iter_bits(ring):
            sealink[i] |= ring & ~(1 << i) & ~landlink[i]
        sites: dict[int, list[int]] = {}
        for i, c in enumerate(cells):
            for d in range(6):
                nc = c + DELTA[d]
                if nc in slot_at:
                    continue
                entry = sites.setdefault(nc, [0, 0, 0])
                back = (d + 3) % 6
                entry[0] |= 1 << back
                if land[i] >> d & 1:
                    entry[1] |= 1 << back
                entry[2] |= 1 << i
        frontier = []
        for nc in sorted(sites):
            nbrs, req, slots = sites[nc]
            if distance(nc) >= R - 1:
                continue
            anchored = bool(slots & 1) or nbrs.bit_count() >= 2
            frontier.append(Site(nc, nbrs, req, anchored, slots))
        return _board(
            cells,
            tiles,
            rots,
            land,
            tuple(adj),
            tuple(landlink),
            tuple(sealink),
            temples,
            slot_at,
            tuple(frontier),
            {s.cell: s for s in frontier},
        )

    def fits(self, tile: Tile, site: Site, k: int) -> bool:
        """P1-P4 for ``tile`` at ``site`` with rotation ``k`` (any k, not only a distinct one)."""
        if not site.anchored:
            return False
        land, regions = rotate(tile.edges, tile.regions, k)
        nbrs = site.neighbours
        return (land & nbrs) == site.land and all(reg & nbrs for reg in regions)

    def placements(self, tile: Tile) -> tuple[tuple[Site, tuple[int, ...]], ...]:
        """Every anchored site where ``tile`` fits (P1-P4), with its legal distinct rotations (k values)."""
        shape = tile.shape
        cached = self._placements.get(shape)
        if cached is not None:
            return cached
        if shape not in _FITTING.rotations:
            _FITTING.rotations[shape] = tile.rotations
        # The rotations that fit depend only on the shape and the site's neighbours and their land: each
        # anchored site's part of the _FITTING key is worked out once per board (fit_keys).
        base = shape << 12
        fitting = _FITTING
        out = []
        for site, key in zip(self.anchored, self.fit_keys, strict=True):
            ks = fitting[base | key]
            if ks:
                out.append((site, ks))
        result = tuple(out)
        self._placements[shape] = result
        return result

    def fits_somewhere(self, tile: Tile) -> bool:
        """Whether ``tile`` fits at some anchored site (``placements`` not empty), stopping at the first."""
        cached = self._placements.get(tile.shape)
        if cached is not None:
            return bool(cached)
        shape = tile.shape
        if shape not in _FITTING.rotations:
            _FITTING.rotations[shape] = tile.rotations
        base = shape << 12
        fitting = _FITTING
        for key in self.fit_keys:  # noqa: SIM110 (a loop is quicker than any() over a generator)
            if fitting[base | key]:
                return True
        return False

    def links(self, slot: int) -> int:
        return self.linked[slot]


#: A site from its five fields in a tuple: the named tuple's own constructor is a Python call more.
_site = partial(tuple.__new__, Site)


def _board(
    cells: tuple[int, ...],
    tiles: tuple[int, ...],
    rots: tuple[int, ...],
    land: tuple[int, ...],
    adj: tuple[int, ...],
    landlink: tuple[int, ...],
    sealink: tuple[int, ...],
    temples: int,
    slot_at: dict[int, int],
    frontier: tuple[Site, ...],
    site_at: dict[int, Site],
) -> Board:
    """A new board with its derived parts (``linked``, ``anchored``, ``fit_keys``) and empty memos."""
    anchored = []
    keys = []
    for site in frontier:
        if site.anchored:
            anchored.append(site)
            keys.append(site.neighbours << 6 | site.land)
    return Board(
        cells,
        tiles,
        rots,
        land,
        adj,
        landlink,
        sealink,
        tuple(map(or_, landlink, sealink)),
        temples,
        slot_at,
        frontier,
        site_at,
        tuple(anchored),
        tuple(keys),
        {},
        {},
        [],
    )
