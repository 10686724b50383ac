"""A quick evaluation of a Hellas position for one seat, used by the greedy bot.

The live score (largest city, temples, statues, rings) plus what the position promises before the game ends:
marble (worth its end value, 1 VP per 5, and more while there is time to spend it), the income of houses next
to active quarries, villages that one palace would turn into scoring cities, and the ring majority as things
stand. The weights shrink as the game runs out, so late in round 3 only real points count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hellas.components import PALACE

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState

MARBLE_END = 0.2  # 1 VP per 5 marble at the end
MARBLE_SPENDABLE = 0.4  # extra value of marble while it can still be built with (tuned in self-play)
INCOME_WEIGHT = 0.8  # marble per Mine action from the houses next to active quarries
VILLAGE_WEIGHT = 0.45  # share of a village's city value counted before it has a palace
PALACE_ALONE_WEIGHT = 0.3


def time_left(s: HellasState) -> float:
    """Share of the game's turns still to come (1 at the start, 0 at the end)."""
    markers = s.comps.markers[s.n]
    total = s.n * sum(markers)
    done = s.n * sum(markers[: s.round - 1]) + s.turn
    return max(0.0, 1.0 - done / total)


def player_value(s: HellasState, p: int, left: float) -> float:
    city, temples, statues, rings = s.live_scores()[p]
    value = float(city + temples + statues + rings)
    value += s.marble[p] * (MARBLE_END + MARBLE_SPENDABLE * left)
    if left <= 0:
        return value
    b = s.b
    houses = s.houses[p]
    yields = s.g.tile_yield
    income = 0
    for q in s.active_q:
        k = (houses & b.quarry_nbr[q]).bit_count()
        if k:
            income += k * yields[s.piles[q][-1]]
    value += income * INCOME_WEIGHT * left
    palaces = s.palaces[p]
    palaces_left = s.pieces_left(p, PALACE) > 0
    for members, reach in s.groups[p]:
        has_house = members & houses
        has_palace = members & palaces
        if has_house and has_palace:
            continue
        pillars = sum(s.pillars[t] for t, bit in enumerate(b.temple_bits) if reach & bit)
        promise = members.bit_count() + pillars + s.comps.statue_vp * (reach & s.statues).bit_count()
        if has_house and palaces_left:
            value += VILLAGE_WEIGHT * left * promise
        elif has_palace:
            value += PALACE_ALONE_WEIGHT * left * promise
    return value


def evaluate(s: HellasState, seat: int) -> float:
    left = time_left(s)
    values = [player_value(s, p, left) for p in range(s.n)]
    best_rings = max(s.rings)
    if best_rings > 0:
        leaders = [p for p in range(s.n) if s.rings[p] == best_rings]
        for p in leaders:
            values[p] += s.comps.ring_majority_vp / len(leaders) ** 0.5
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return values[seat] - best_other
