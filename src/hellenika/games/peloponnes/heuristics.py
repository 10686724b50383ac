"""A quick evaluation of a Peloponnes position for one seat, used by the greedy bot.

The score is the lower of power and population points, so a position is worth its current lower side plus a
share of the higher one (balance can still be restored), plus the goods that will turn into tiles, food for
the next supply round and strength for the conflicts. A tile bid on or won but not yet placed counts as
owned, and a bid being named (the tile chosen, the coins not yet) counts as made at the least amount, so a
one-step look-ahead sees what a bid is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.peloponnes import economy, scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.bidding import least_bid

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

HIGHER_SIDE = 0.5
COIN = 0.1  # on top of the coins' power points: they buy tiles
WOOD_STONE = 0.25
FOOD = 0.3
LUXURY = 0.12
STRENGTH = 0.25
PENDING = 0.9  # a bid may still be outbid
RESERVED = 0.6  # per wood/stone still owed on a reserved building
HUNGER = 0.8  # share of an unfed inhabitant's population points counted as lost already
INCOME = 0.12  # per good of income a round, per round left


def _with_cloverleaves(s: PeloponnesState, p: int, pp: float, pop: float) -> tuple[float, float]:
    """The lower and higher side with the cloverleaves as assigned (or, before that, as best assigned)."""
    value = s.g.cloverleaf_value
    clovers = s.clovers[p]
    k = s.clover_power[p]
    if k < 0 or k > clovers:
        k = scoring.best_split(round(pp), round(pop), clovers, value)
    a, b = pp + value * k, pop + value * (clovers - k)
    return min(a, b), max(a, b)


def _hungry(s: PeloponnesState, p: int) -> int:
    """Inhabitants that the food in store, the luxury goods and one more round of food income cannot feed."""
    tiles = s.cat.tiles
    income = s.cat.civilizations[s.civ[p]].income_food
    for t in s.buildings[p] + s.lands[p]:
        income += tiles[t].income_food
    feedable = s.food[p] + s.lux[p] // s.cols[p].luxury_rate + max(0, income)
    if s.hero[p] == s.g.PENELOPE:
        feedable += 2
    return max(0, s.inh[p] - feedable * s.cols[p].inhabitants_per_food)


def position_value(s: PeloponnesState, p: int) -> float:
    power, population = scoring.parts(s, p)
    pp = float(sum(power.values()))
    pop = float(sum(population.values()))
    if p == s.angelos:
        low, high = _with_cloverleaves(s, p, pp, pop)
        return low + HIGHER_SIDE * high + STRENGTH * s.strength[p]
    tiles = s.cat.tiles
    points = s.cols[p].inhabitant_points
    pending = -1
    credit = PENDING
    if s.won[p] >= 0:
        pending, credit = s.won[p], 1.0
    elif 0 <= s.bid_slot[p] < len(s.row):
        pending = s.row[s.bid_slot[p]]
    extra_coins = 0
    if s.tasks and s.tasks[-1][0] == step.AMOUNT and s.tasks[-1][1] == p:
        pending = s.tasks[-1][2]
        extra_coins = least_bid(s, p, s.row.index(pending))
    if pending >= 0:
        tile = tiles[pending]
        if tile.is_building:
            coins_left = economy.coin_capacity(s, p) - extra_coins
            buildable = coins_left >= s.cols[p].reserve_coins or economy.can_afford(
                s, p, tile.cost_wood, tile.cost_stone, 0, extra_coins
            )
            if not buildable:
                credit = 0.0
            else:
                pp -= RESERVED * (tile.cost_wood + tile.cost_stone)
        pp += credit * (tile.pp + tile.gain_coins / 3)
        pop += credit * max(0, tile.gain_inhabitants) * points
        produce = credit * (tile.income_food + tile.income_wood + tile.income_stone + tile.income_choice)
    else:
        produce = 0.0
    pop -= HUNGER * points * _hungry(s, p)
    low, high = _with_cloverleaves(s, p, pp, pop)
    coins = s.coins[p] - extra_coins
    if s.tasks and s.tasks[-1][0] == step.ANSWER:  # a pending offer counts as accepted
        _, target, _, offerer, offered = s.tasks[-1]
        coins += offered if p == target else -offered if p == offerer else 0
    owed = 0
    for t in s.buildings[p]:
        if s.unfinished[p] >> t & 1:
            owed += tiles[t].cost_wood + tiles[t].cost_stone
    for t in s.buildings[p] + s.lands[p]:
        tile = tiles[t]
        produce += tile.income_food + tile.income_wood + tile.income_stone + tile.income_choice
    rounds_left = max(0, s.g.rounds - s.round)
    return (
        low
        + HIGHER_SIDE * high
        + COIN * coins
        + WOOD_STONE * (s.wood[p] + s.stone[p])
        + FOOD * s.food[p]
        + LUXURY * s.lux[p]
        + STRENGTH * s.strength[p]
        + INCOME * produce * rounds_left
        - RESERVED * owed
        - (extra_coins / 3 if extra_coins else 0)
    )


def evaluate(s: PeloponnesState, seat: int) -> float:
    values = [position_value(s, p) for p in range(s.n)]
    if s.n == 1:
        return values[0]
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)
