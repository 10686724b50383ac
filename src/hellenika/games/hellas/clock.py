"""How much of a Hellas game is left, and what marble, income and would-be cities are worth at that point:
the :class:`Clock` the heuristic player's :class:`~hellenika.games.hellas.model.Model` reads (spec §4: rounds,
action markers and the track's spaces). It depends only on the round, the turn and the track, so it is cached
by those: search asks for it at every decision of every playout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hellenika.games.hellas.components import K_HOUSE, K_HOUSE_SQUARE, K_MINE, K_PALACE, K_TEMPLE

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState

# ---------------------------------------------------------------- weights (tuned in play against greedy)

MARBLE_END = 0.2  # 1 VP per 5 marble at the end
MARBLE_SPEND = 1.0  # extra value of a marble while it can still buy houses, palaces, temples and statues
INCOME_W = 1.3  # share of a house's projected income that counts
VILLAGE_W = 0.25  # share of a village's city value counted before it has a palace
PALACE_ALONE_W = 0.35  # share of a lone palace's city value counted before a house joins it
TEMPLE_ODDS = 0.6  # chance that a temple space still to come is used
CACHE_LIMIT = 100_000  # clocks kept (one per round, turn and track)


@dataclass(frozen=True, slots=True)
class Clock:
    """How much game is left, and what marble, income and would-be cities are worth at this point."""

    left: float  # share of the game's turns still to come
    mines: float  # Mine marble actions still expected
    pillars: float  # pillars still expected from temple actions
    mv: float  # VP per marble held
    iv: float  # VP per marble of income per Mine action
    palace_odds: float  # chance that a palace may still join a village (palace actions to come)
    house_odds: float  # chance that a house may still join a lone palace (house actions to come)
    vw: float  # share of a village's city value counted now
    pw: float  # share of a lone palace's city value counted now


_CLOCKS: dict[tuple[int, int, int, tuple[int, ...]], Clock] = {}


def clock(s: HellasState) -> Clock:
    """The :class:`Clock` of a position. Spaces still free this round count as far as the turns left can
    use them; later rounds count as far as their markers cover the track."""
    track = s.track
    key = (s.n, s.round, s.turn, track)
    ck = _CLOCKS.get(key)
    if ck is None:
        if len(_CLOCKS) > CACHE_LIMIT:
            _CLOCKS.clear()
        comps = s.comps
        spaces = comps.track
        markers = comps.markers[s.n]
        total = s.n * sum(markers)
        done = s.n * sum(markers[: s.round - 1]) + s.turn
        left = max(0.0, 1.0 - done / total)
        free_spaces = sum(1 for owner in track if owner < 0)
        turns_left = s.n * s.markers - (len(track) - free_spaces)  # a space being resolved is used
        now = min(1.0, turns_left / free_spaces) if free_spaces else 0.0
        later = sum(min(1.0, s.n * m / len(spaces)) for m in markers[s.round :])
        mines = pillars = palaces = houses = 0.0
        for i, sp in enumerate(spaces):
            expected = (now if track[i] < 0 else 0.0) + later
            if sp.kind == K_MINE:
                mines += expected
            elif sp.kind == K_TEMPLE:
                pillars += expected * sp.pillars * TEMPLE_ODDS
            elif sp.kind == K_PALACE:
                palaces += expected
            elif sp.kind in (K_HOUSE, K_HOUSE_SQUARE):
                houses += expected
        mv = MARBLE_END + MARBLE_SPEND * left
        iv = mines * (MARBLE_END + MARBLE_SPEND * left * 0.5) * INCOME_W
        palace_odds = min(1.0, palaces)
        house_odds = min(1.0, houses / 2)
        vw = VILLAGE_W * palace_odds
        pw = PALACE_ALONE_W * house_odds
        ck = _CLOCKS[key] = Clock(left, mines, pillars, mv, iv, palace_odds, house_odds, vw, pw)
    return ck
