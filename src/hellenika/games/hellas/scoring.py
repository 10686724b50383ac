"""Scoring (spec §6): Yucata's live score (largest city, temples, statues, rings) and the end-only parts
(ring majority, marble), with the tie-break on leftover marble.

Live components are recomputed from the groups after every change, for every player (spec §6.2): a pillar
raises everyone whose city touches that temple, and merging two cities that touched the same statue can lower
a score. Computing them costs one pass over a player's few groups, so states cache them and drop the cache
whenever something that scores changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hellenika.games.hellas.cities import Group

if TYPE_CHECKING:
    from hellenika.games.hellas.board import Board
    from hellenika.games.hellas.components import Components

CATEGORIES = ("largest city", "temples", "statues", "rings", "ring majority", "marble")


def live_components(
    board: Board,
    comps: Components,
    groups: tuple[Group, ...],
    houses: int,
    palaces: int,
    pillars: Sequence[int],
    statues: int,
    rings: int,
) -> tuple[int, int, int, int]:
    """(largest city, temples, statues, rings) of one player (spec §6.1 items 1-4).

    Only cities score. A temple or statue counts once per city that touches it, and for every such city; of
    two equally large largest cities only one counts (it is a maximum, not a sum).
    """
    largest = temple_vp = statue_count = 0
    bits = board.temple_bits
    for members, reach in groups:
        if not (members & houses and members & palaces):
            continue
        size = members.bit_count()
        largest = max(largest, size)
        for t, bit in enumerate(bits):
            if reach & bit:
                temple_vp += pillars[t]
        if statues:
            statue_count += (reach & statues).bit_count()
    return largest, temple_vp, comps.statue_vp * statue_count, comps.ring_vp * rings


def ring_majority(comps: Components, rings: Sequence[int]) -> list[int]:
    """+3 to everyone tied for the most rings; nobody when nobody has a ring (spec §6.1 item 5, §8 Q7)."""
    best = max(rings)
    return [comps.ring_majority_vp if best > 0 and r == best else 0 for r in rings]


def marble_points(comps: Components, marble: int) -> int:
    """1 VP per 5 marble (spec §6.1 item 6)."""
    return marble // comps.marble_per_point


def leftover_marble(comps: Components, marble: int) -> int:
    """The tie-break: marble not converted into points (7 marble -> 2; spec §6.3)."""
    return marble % comps.marble_per_point
