"""The board (spec §2): columns 0-12, each participant's row of cubes as a bitmask, Apprentice movement.

Bit c of a participant's cube mask is set while their cube is still on column c (1..12). Column 0 is the
start space. The invariant of spec §2 (an Apprentice stands on the last column before its next cube) is what
:func:`slide` maintains.
"""

from __future__ import annotations

ALL_CUBES = sum(1 << c for c in range(1, 13))
LAST_COLUMN = 12
VASE_MIN, VASE_MAX = 3, 7  # vase stacks by spaces advanced; 7 means seven or more
HADES = 1  # participant index of Hades in solo


def slide(cubes: int, pos: int) -> int:
    """Where an Apprentice on ``pos`` stops: before the next remaining cube, or on column 12 (spec §4.5)."""
    rest = cubes >> (pos + 1)
    if rest == 0:
        return LAST_COLUMN
    return pos + (rest & -rest).bit_length() - 1


def columns_left(cubes: int) -> list[int]:
    return [c for c in range(1, 13) if cubes >> c & 1]
