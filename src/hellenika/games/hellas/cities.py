"""Villages and cities (spec §5): one player's connected groups of houses, squares and palaces.

A group is a pair ``(members, reach)`` of bitmasks over the board's cells: the group's pieces, and every cell
next to one of them. Groups only ever grow or merge (pieces are never removed), so a new piece joins exactly
the groups whose members touch it (:func:`add_piece`); no flood fill of the board is needed per action.
``reach`` answers the scoring questions: a city touches a temple or statue iff its cell is in ``reach``.

- village: a group with a house and no palace; city: a group with a house and a palace (spec §5);
- a group without a house (lone palaces and squares) is neither and scores nothing;
- other players' pieces, statues, temples and quarries never connect anything (spec §8 Q11).
"""

from __future__ import annotations

from collections.abc import Sequence

Group = tuple[int, int]  # (members, reach)


def add_piece(groups: tuple[Group, ...], cell: int, nbr: Sequence[int]) -> tuple[Group, ...]:
    """The groups after the owner builds on ``cell``: it joins (and merges) every group it touches."""
    near = nbr[cell]
    members = 1 << cell
    reach = near
    rest = []
    for group in groups:
        if group[0] & near:
            members |= group[0]
            reach |= group[1]
        else:
            rest.append(group)
    rest.append((members, reach))
    return tuple(rest)


def groups_of(pieces: int, nbr: Sequence[int]) -> tuple[Group, ...]:
    """All groups of a set of pieces, found from scratch (loading a saved state; tests cross-check it)."""
    out = []
    left = pieces
    while left:
        seed = left & -left
        members = seed
        frontier = seed
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            grow = nbr[low.bit_length() - 1] & left & ~members
            members |= grow
            frontier |= grow
        left &= ~members
        reach = 0
        m = members
        while m:
            low = m & -m
            m ^= low
            reach |= nbr[low.bit_length() - 1]
        out.append((members, reach))
    return tuple(out)


def is_city(members: int, houses: int, palaces: int) -> bool:
    return bool(members & houses) and bool(members & palaces)


def is_village(members: int, houses: int, palaces: int) -> bool:
    return bool(members & houses) and not members & palaces
