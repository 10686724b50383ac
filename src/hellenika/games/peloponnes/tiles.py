"""Phase 4 (spec §4 phase 4): adding the won tiles to the civilizations, in the new turn order.

A land goes to the right of the rightmost land. A building is built now (its wood and stone, luxury goods
making up what is missing; Daedalus pays 2 wood or 2 stone less) or reserved with a coin (Leptis Magna: 3
coins; luxury goods may be exchanged for them, as in every payment) to be finished in the next supply
round; a building its owner can do neither for goes to the box. Then the tile's one-time gains (Andromeda:
+3 coins on tiles showing a coin; Helen: +1 inhabitant on land), then, with the expansion, the optional
strength purchase: 1 wood + 1 stone with a building built now, 2 food with a land, for as much strength as
the tile's power points (Achilles: +2), up to 29.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import Build

if TYPE_CHECKING:
    from hellenika.games.peloponnes.catalogue import Tile
    from hellenika.games.peloponnes.state import PeloponnesState


def build_costs(s: PeloponnesState, p: int, tile: Tile) -> list[tuple[str, int, int]]:
    """(discount, wood, stone) variants of a building's cost: one, or Daedalus' two."""
    wood, stone = tile.cost_wood, tile.cost_stone
    if s.hero[p] != s.g.DAEDALUS:
        return [("none", wood, stone)]
    out = []
    if wood:
        out.append(("wood", max(0, wood - 2), stone))
    if stone:
        out.append(("stone", wood, max(0, stone - 2)))
    return out or [("none", wood, stone)]


def cost_for(s: PeloponnesState, p: int, tile: Tile, discount: str) -> tuple[int, int]:
    for name, wood, stone in build_costs(s, p, tile):
        if name == discount:
            return wood, stone
    return tile.cost_wood, tile.cost_stone


def add_tile(s: PeloponnesState, task: tuple[int, ...]) -> None:
    p = task[1]
    s.tasks.pop()
    t = s.won[p]
    s.won[p] = -1
    tile = s.cat.tiles[t]
    if tile.kind == "land":
        s.lands[p] = (*s.lands[p], t)
        if s._events is not None:
            s.log(f"{who(p)} adds the land {tile.name} {tile.id}", p)
        gain(s, p, tile)
        if can_buy_strength(s, p, tile):
            s.tasks.append((step.STRENGTH, p, t))
        return
    if build_legal(s, (step.BUILD, p, t)):
        s.tasks.append((step.BUILD, p, t))
        return
    if s._events is not None:
        s.log(f"{who(p)} can neither build nor reserve {tile.name} {tile.id}: it goes to the box", p)


def build_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    _, p, t = task
    g = s.g
    tile = s.cat.tiles[t]
    out: list[Action] = [
        g.build[discount]
        for discount, wood, stone in build_costs(s, p, tile)
        if economy.can_afford(s, p, wood, stone)
    ]
    if economy.coin_capacity(s, p) >= s.cols[p].reserve_coins:
        out.append(g.reserve)
    return out


def apply_build(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, t = task
    s.tasks.pop()
    tile = s.cat.tiles[t]
    s.buildings[p] = (*s.buildings[p], t)
    if type(action) is Build:
        wood, stone = cost_for(s, p, tile, action.discount)
        economy.pay(s, p, wood, stone)
        if s._events is not None:
            s.log(f"{who(p)} builds {tile.name} {tile.id}", p)
        gain(s, p, tile)
        if can_buy_strength(s, p, tile):
            s.tasks.append((step.STRENGTH, p, t))
    else:
        coins = s.cols[p].reserve_coins
        economy.pay_coins(s, p, coins)  # (luxury goods may be exchanged for the coin)
        s.unfinished[p] |= 1 << t
        if s._events is not None:
            s.log(f"{who(p)} reserves {tile.name} {tile.id} with {plural(coins, 'coin')} on it", p)
        gain(s, p, tile)


def gain(s: PeloponnesState, p: int, tile: Tile) -> None:
    """The tile's one-time gains (top right), with the heroes' bonuses and the storage limits."""
    inh = tile.gain_inhabitants
    if tile.kind == "land" and s.hero[p] == s.g.HELEN:
        inh += 1
    coins = tile.gain_coins
    if coins and s.hero[p] == s.g.ANDROMEDA:
        coins += 3
    s.inh[p] = max(0, s.inh[p] + inh)
    s.coins[p] += coins
    s.lux[p] += tile.gain_luxury
    extra = 0
    if tile.gain_food or tile.gain_wood or tile.gain_stone:
        extra = economy.add_goods(s, p, tile.gain_food, tile.gain_wood, tile.gain_stone)
    if s._events is not None:
        text = tile.gain_text()
        if inh != tile.gain_inhabitants or coins != tile.gain_coins:
            text += " (hero bonus)" if text else "hero bonus"
        if extra:
            text += f"; {extra} over storage become luxury"
        if text:
            s.log(f"{who(p)} gains {text}", p)


# ---------------------------------------------------------------------- strength (expansion)


def strength_cost(tile: Tile, g: object) -> tuple[int, int, int]:
    """(wood, stone, food) of a strength purchase: 1 + 1 with a building, 2 food with a land."""
    if tile.kind == "land":
        return 0, 0, g.land_strength_food  # type: ignore[attr-defined]
    return g.building_strength_wood, g.building_strength_stone, 0  # type: ignore[attr-defined]


def can_buy_strength(s: PeloponnesState, p: int, tile: Tile) -> bool:
    if not s.exp or s.strength[p] >= s.g.strength_cap:
        return False
    wood, stone, food = strength_cost(tile, s.g)
    return economy.can_afford(s, p, wood, stone, food)


def strength_gain(s: PeloponnesState, p: int, tile: Tile) -> int:
    return tile.pp + (2 if s.hero[p] == s.g.ACHILLES else 0)


def strength_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    return s.g.strength_choices


def apply_strength(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, t = task
    s.tasks.pop()
    if not action.buy:  # type: ignore[attr-defined]
        return
    tile = s.cat.tiles[t]
    wood, stone, food = strength_cost(tile, s.g)
    economy.pay(s, p, wood, stone, food)
    old = s.strength[p]
    s.strength[p] = min(s.g.strength_cap, old + strength_gain(s, p, tile))
    if s._events is not None:
        s.log(f"{who(p)} buys strength with {tile.name} {tile.id}: {old} -> {s.strength[p]}", p)


def remove_tile(s: PeloponnesState, p: int, t: int) -> None:
    """A tile leaves a civilization (disaster, Persians, abandoned); a reserved building's coins go back."""
    if t in s.buildings[p]:
        b = s.buildings[p]
        i = b.index(t)
        s.buildings[p] = b[:i] + b[i + 1 :]
        if s.unfinished[p] >> t & 1:
            s.unfinished[p] &= ~(1 << t)
            s.coins[p] += s.cols[p].reserve_coins
    else:
        lands = s.lands[p]
        i = lands.index(t)
        s.lands[p] = lands[:i] + lands[i + 1 :]
