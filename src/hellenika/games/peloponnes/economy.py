"""A player's goods: storage limits, payments with luxury goods, the income table (spec §2.1, §4, §10.6).

Wood, stone and food have storage limits set by the player mat or colony board; whatever a player would get
beyond them turns into luxury goods one for one. Luxury goods stand in for a missing coin or good when paying:
two for one (Naukratis: one for one). These helpers are the only code that touches those rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

# Income bands by inhabitants: 0-2, 3-4, 5-7, 8-10, 11-13, 14-16, 17-19, 20+ (spec §10.6).
BAND = (0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7)


def band(inhabitants: int) -> int:
    return BAND[inhabitants] if inhabitants < 20 else 7


def coin_capacity(s: PeloponnesState, p: int) -> int:
    """Coins a player can pay, counting luxury goods at the exchange rate."""
    return s.coins[p] + s.lux[p] // s.cols[p].luxury_rate


def pay_coins(s: PeloponnesState, p: int, amount: int) -> int:
    """Pay ``amount`` coins, coins first and luxury for the rest; returns the luxury spent."""
    coins = s.coins[p]
    if coins >= amount:
        s.coins[p] = coins - amount
        return 0
    lux = (amount - coins) * s.cols[p].luxury_rate
    s.coins[p] = 0
    s.lux[p] -= lux
    return lux


def shortfall(s: PeloponnesState, p: int, wood: int, stone: int, food: int = 0, coins: int = 0) -> int:
    """Luxury goods needed on top of the player's own goods to pay this; more than owned = unaffordable."""
    short = 0
    if wood > s.wood[p]:
        short += wood - s.wood[p]
    if stone > s.stone[p]:
        short += stone - s.stone[p]
    if food > s.food[p]:
        short += food - s.food[p]
    if coins > s.coins[p]:
        short += coins - s.coins[p]
    return short * s.cols[p].luxury_rate


def can_afford(s: PeloponnesState, p: int, wood: int, stone: int, food: int = 0, coins: int = 0) -> bool:
    return shortfall(s, p, wood, stone, food, coins) <= s.lux[p]


def pay(s: PeloponnesState, p: int, wood: int, stone: int, food: int = 0, coins: int = 0) -> None:
    """Pay goods (own goods first, luxury for what is missing). Call only when affordable."""
    s.lux[p] -= shortfall(s, p, wood, stone, food, coins)
    s.wood[p] = max(0, s.wood[p] - wood)
    s.stone[p] = max(0, s.stone[p] - stone)
    s.food[p] = max(0, s.food[p] - food)
    s.coins[p] = max(0, s.coins[p] - coins)


def store(s: PeloponnesState, p: int) -> int:
    """Enforce the storage limits: goods below 0 become 0, goods above the limit become luxury (1:1).

    Returns the luxury gained, for the log.
    """
    col = s.cols[p]
    extra = 0
    for goods, limit in ((s.wood, col.max_wood), (s.stone, col.max_stone), (s.food, col.max_food)):
        value = goods[p]
        if value > limit:
            extra += value - limit
            goods[p] = limit
        elif value < 0:
            goods[p] = 0
    s.lux[p] += extra
    return extra


def add_goods(s: PeloponnesState, p: int, food: int, wood: int, stone: int) -> int:
    """Gain goods with the storage limits applied; returns the luxury the overflow gave."""
    s.food[p] += food
    s.wood[p] += wood
    s.stone[p] += stone
    return store(s, p)
