"""Turning final scores and tie-break keys into places and utilities, the same way for every game.

Places use competition ranking: equal keys share a place and the next place is skipped (1, 1, 3). Utilities
for search and learning come from the places: each seat gets (wins - losses) / (opponents) over pairwise
comparisons, which lies in [-1, 1], sums to zero and scores a shared place as a draw.

A game that ends by a forfeit (a seat resigns or runs out of time on the server) is not over by its rules, so
its places come from :func:`forfeit_places`: the others by the game's rank keys, the forfeiting seat last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hellenika.engine.state import State


def places_from_keys(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Competition places (1 = best) for participants whose rank keys compare higher-is-better."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def pairwise_utilities(places: Sequence[int], seats: int) -> list[float]:
    """Utility per seat in [-1, 1] from the places of all participants (seats first, then any automata)."""
    n = len(places)
    if n < 2:
        return [0.0] * seats
    out = []
    for i in range(seats):
        wins = sum(1 for j in range(n) if j != i and places[i] < places[j])
        losses = sum(1 for j in range(n) if j != i and places[i] > places[j])
        out.append((wins - losses) / (n - 1))
    return out


def forfeit_places(state: State, seat: int) -> list[int]:
    """Places when ``seat`` forfeits: the others by the game's rank keys, the forfeiting seat last."""
    others = [p for p in range(state.num_participants) if p != seat]
    others_places = places_from_keys([state.rank_key(p) for p in others])
    places = [0] * state.num_participants
    for p, place in zip(others, others_places, strict=True):
        places[p] = place
    places[seat] = state.num_participants
    return places
