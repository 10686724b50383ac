"""Final scoring (spec §5): card VP, symbol majorities, complete sets, cubes in supply; and the tie-breaks.

Scores are computed from per-participant symbol counts and card VP that the state keeps up to date, so live
scores cost a few additions. A symbol type nobody has gives no majority (spec §9 q9).
"""

from __future__ import annotations

from collections.abc import Sequence

MAJORITY_VP = 5
SET_VP = 5


def majorities_won(symbols: Sequence[Sequence[int]]) -> list[int]:
    """How many symbol majorities each participant holds (shared majorities count for everyone tied)."""
    won = [0] * len(symbols)
    for t in range(len(symbols[0]) if symbols else 0):
        best = max(s[t] for s in symbols)
        if best > 0:
            for p, s in enumerate(symbols):
                if s[t] == best:
                    won[p] += 1
    return won


def breakdown(
    card_vp: Sequence[int], symbols: Sequence[Sequence[int]], supply: Sequence[int]
) -> list[dict[str, float]]:
    majorities = majorities_won(symbols)
    return [
        {
            "cards": card_vp[p],
            "majorities": MAJORITY_VP * majorities[p],
            "sets": SET_VP * min(symbols[p]),
            "cubes": supply[p],
        }
        for p in range(len(card_vp))
    ]


def totals(card_vp: Sequence[int], symbols: Sequence[Sequence[int]], supply: Sequence[int]) -> list[float]:
    majorities = majorities_won(symbols)
    return [
        card_vp[p] + MAJORITY_VP * majorities[p] + SET_VP * min(symbols[p]) + supply[p]
        for p in range(len(card_vp))
    ]
