"""Hex geometry (spec §3.1): pointy-top axial coordinates (q, r), r growing downward, and tile rotation.

Directions are in the spec's slot order E, NE, NW, W, SW, SE. A board tile centred at c covers c and its six
neighbours whatever its rotation; rotation only decides which of its symbols lies where.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def neighbours(h: Hex) -> Iterator[Hex]:
    q, r = h
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def footprint(centre: Hex) -> tuple[Hex, ...]:
    """The seven hexes a board tile centred here covers: the centre, then E, NE, NW, W, SW, SE."""
    q, r = centre
    return (centre, (q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1))


# A hex as one int, for the sets of hexes the board keeps as it grows: ``(r + _OFFSET) * CODE_WIDTH + q +
# _OFFSET``. Codes sort like hexes in reading order (row r, then q), and a neighbour's code is the hex's
# plus a constant per direction. Every board hex of a game lies within 128 of the origin (22 tiles each
# centred at most 3 beyond the board before it), so a row needs 257 codes. The width is not a power of two:
# an int hashes to itself and Python's sets and dicts pick a slot by its low bits, so with 256 the rows of
# a board fell on the same few slots (every fourth row on one) and lookups probed long chains; with 331
# (prime) the rows of a board spread over the table.
CODE_WIDTH = 331
_OFFSET = 128


def hex_code(h: Hex) -> int:
    return (h[1] + _OFFSET) * CODE_WIDTH + h[0] + _OFFSET


def hex_of_code(code: int) -> Hex:
    r, q = divmod(code, CODE_WIDTH)
    return (q - _OFFSET, r - _OFFSET)


@lru_cache(maxsize=1024)
def rotated_symbols(symbols: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """The tile's symbols as they lie on the footprint (centre, E, NE, ...) after turning it ``rotation``
    times 60° clockwise: slot i (direction i-1) ends up in direction (i-1-k) mod 6 (spec §3.1). Memoised
    (22 tiles, 6 rotations)."""
    ring = [0] * 6
    for i in range(6):
        ring[(i - rotation) % 6] = symbols[1 + i]
    return (symbols[0], *ring)


@lru_cache(maxsize=1024)
def distinct_rotations(symbols: tuple[int, ...]) -> tuple[int, ...]:
    """Rotations 0-5 that give different pictures, lowest first (a symmetric tile offers fewer)."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for k in range(6):
        picture = rotated_symbols(symbols, k)
        if picture not in seen:
            seen.add(picture)
            out.append(k)
    return tuple(out)


def format_hex(h: Hex) -> str:
    return f"{h[0]},{h[1]}"
