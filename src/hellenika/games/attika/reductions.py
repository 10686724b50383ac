"""The landscape reductions of every empty space, kept up to date as buildings and tiles are placed.

Spec §5.2 and §5.5: a building's cost drops by the symbol on its space and on every *empty* adjacent space;
a street's by every symbol there. For each empty space the engine needs, per landscape type, how many such
symbols it has (capped at the most any cost needs, 2), and the total over all types (capped at the street
cost, 5). Both are kept as "at least k" bitmasks over board hexes:

- ``red[t * L + k - 1]``: empty spaces with at least k symbols of type t around them (t: W M F H, k 1..L);
- ``red[4 * L + k - 1]``: empty spaces with at least k symbols of any type (k 1..street cost).

So the spaces where a cost loses, say, one M and one H are an AND of two masks, and placing a building only
touches its six neighbours (a covered symbol stops counting). Bits of occupied spaces are left stale: every
query masks with the empty spaces first.
"""

from __future__ import annotations

from itertools import repeat
from operator import and_, or_

from hellenika.games.attika.board import Board
from hellenika.games.attika.catalogue import BLANK


def size(levels: int, street_levels: int) -> int:
    return 4 * levels + street_levels


def counts_at(board: Board, c: int, empty: int) -> tuple[int, int, int, int, int]:
    """Symbols of each type on space ``c`` and its empty neighbours, and their total."""
    around = board.nbm[c] & empty
    own = board.symbol[c]
    symm = board.symm
    w = (around & symm[0]).bit_count() + (own == 0)
    m = (around & symm[1]).bit_count() + (own == 1)
    f = (around & symm[2]).bit_count() + (own == 2)
    h = (around & symm[3]).bit_count() + (own == 3)
    return w, m, f, h, w + m + f + h


def set_cells(red: list[int], board: Board, cells: int, empty: int, levels: int) -> None:
    """Recompute the masks of the spaces of ``cells`` (a mask) from scratch (used at set-up and when a tile
    is laid): their bits are cleared from every mask, then set in the masks of the levels each one reaches."""
    tiers = _tiers(levels, len(red) - 4 * levels)
    nbm = board.nbm
    symbol = board.symbol
    sw, sm, sf, sh = board.symm
    added = [0] * len(red)
    rest = cells
    while rest:
        bit = rest & -rest
        rest ^= bit
        c = bit.bit_length() - 1
        around = nbm[c] & empty
        code = (
            (around & sw).bit_count()
            + ((around & sm).bit_count() << 3)
            + ((around & sf).bit_count() << 6)
            + ((around & sh).bit_count() << 9)
            + _OWN_CODE[symbol[c] + 1]
        )
        for i in tiers[code]:
            added[i] |= bit
    # red[i] & ~cells | added[i] for every i, in C
    red[:] = map(or_, map(and_, red, repeat(~cells)), added)


# A space's counts of W, M, F, H symbols (each 0-7: its own and its six neighbours') as one int, 3 bits
# each: ``w + (m << 3) + (f << 6) + (h << 9)``. Its own symbol adds ``_OWN_CODE[symbol + 1]`` (BLANK: 0).
_OWN_CODE = (0, 1, 1 << 3, 1 << 6, 1 << 9)
_TIERS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _tiers(levels: int, street_levels: int) -> tuple[tuple[int, ...], ...]:
    """For set_cells: by the code of a space's counts (``_OWN_CODE``), the masks it is in: ``t * levels +
    k - 1`` for each type t with at least k symbols (k up to ``levels``), and ``4 * levels + k - 1`` for at
    least k symbols in all (k up to ``street_levels``)."""
    key = (levels, street_levels)
    tiers = _TIERS.get(key)
    if tiers is None:
        # Built from each type's part and the total's part. A space and its six neighbours show at most 7
        # symbols in all, so only the codes of counts summing to 7 or less are worked out (330 of 4,096).
        part = [[tuple(t * levels + k for k in range(min(n, levels))) for n in range(8)] for t in range(4)]
        total = [tuple(4 * levels + k for k in range(min(n, street_levels))) for n in range(8)]
        w, m, f, h = part
        table: list[tuple[int, ...]] = [()] * 4096
        for d in range(8):
            for c in range(8 - d):
                for b in range(8 - d - c):
                    for a in range(8 - d - c - b):
                        table[a + (b << 3) + (c << 6) + (d << 9)] = (
                            w[a] + m[b] + f[c] + h[d] + total[a + b + c + d]
                        )
        tiers = _TIERS[key] = tuple(table)
    return tiers


def occupy(red: list[int], board: Board, c: int, empty_after: int, levels: int) -> None:
    """Space ``c`` has just been built on: its symbol no longer reduces anything around it."""
    s = board.symbol[c]
    if s == BLANK:
        return
    symm_s = board.symm[s]
    anysym = board.anysym
    nbm = board.nbm
    symbol = board.symbol
    street_base = 4 * levels
    street_levels = len(red) - street_base
    rest = nbm[c] & empty_after  # the empty neighbours
    while rest:
        low = rest & -rest
        rest ^= low
        n = low.bit_length() - 1
        around = nbm[n] & empty_after
        bit = ~low
        # The count of type s at n drops from old to old - 1: n leaves the "at least old" mask.
        old = (around & symm_s).bit_count() + (symbol[n] == s) + 1
        if old <= levels:
            red[s * levels + old - 1] &= bit
        old_total = (around & anysym).bit_count() + (symbol[n] != BLANK) + 1
        if old_total <= street_levels:
            red[street_base + old_total - 1] &= bit


def at_least(red: list[int], indices: tuple[int, ...], region: int) -> int:
    """Spaces of ``region`` in every mask of ``indices`` (a reduction vector's level masks)."""
    for i in indices:
        region &= red[i]
    return region


def total_at_least(red: list[int], k: int, region: int, levels: int) -> int:
    """Spaces of ``region`` with at least ``k`` symbols of any type (streets)."""
    if k <= 0:
        return region
    street_levels = len(red) - 4 * levels
    if k > street_levels:
        return 0
    return region & red[4 * levels + k - 1]
