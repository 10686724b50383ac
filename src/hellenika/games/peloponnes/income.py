"""Phases 5 and 6 (spec §4): population growth and income.

Income comes from the inhabitant track (coins and luxury goods by the board's income table, counted after
phase 5) and from the income boxes of the civilization and of every tile, finished or reserved. Port and
Temple of Apollo give one good or a coin of the owner's choice. Sikyon's -1 wood and -1 stone and a flipped
hero's loss are netted against this income, then the storage limits turn any excess into luxury goods.
Angelos has no income.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import FOOD, STONE, WOOD

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def population(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    cat = s.cat
    tiles = cat.tiles
    for p in range(s.num_players):
        grow = cat.civilizations[s.civ[p]].income_inhabitants
        for t in s.buildings[p]:
            grow += tiles[t].income_inhabitants
        for t in s.lands[p]:
            grow += tiles[t].income_inhabitants
        if grow:
            s.inh[p] += grow
            if s._events is not None:
                s.log(f"{who(p)}: population +{grow}, now {s.inh[p]}", p)


def income(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """Phase 6 begins: first the owners of Port / Temple of Apollo pick their goods (in turn order), then
    everything is paid out at once, so a pick can offset Sikyon's loss before the storage limits apply."""
    s.tasks.pop()
    s.tasks.append((step.INCOME_FINISH,))
    tiles = s.cat.tiles
    for p in reversed(s.order):
        s.picks[p] = 0
        pick = sum(tiles[t].income_choice for t in s.buildings[p]) + sum(
            tiles[t].income_choice for t in s.lands[p]
        )
        if pick:
            s.tasks.append((step.INCOME_CHOICE, p, pick))


# Picks are packed in one int per player: 5 bits per good, in INCOME_CHOICES order.
PICK_SHIFT = {"food": 0, "wood": 5, "stone": 10, "coin": 15}


def choice_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    return s.g.income_choices


def apply_choice(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, left = task
    s.tasks.pop()
    if left > 1:
        s.tasks.append((step.INCOME_CHOICE, p, left - 1))
    good = action.good  # type: ignore[attr-defined]
    s.picks[p] += 1 << PICK_SHIFT[good]
    if s._events is not None:
        s.log(f"{who(p)} picks 1 {good} as income", p)


def picked(s: PeloponnesState, p: int, good: str) -> int:
    return s.picks[p] >> PICK_SHIFT[good] & 31


def finish_income(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    cat = s.cat
    tiles = cat.tiles
    heroes = cat.heroes
    for p in range(s.num_players):
        col = s.cols[p]
        b = economy.band(s.inh[p])
        coins = col.income_coins[b]
        lux = col.income_luxury[b]
        civ = cat.civilizations[s.civ[p]]
        food, wood, stone = civ.income_food, civ.income_wood, civ.income_stone
        for t in s.buildings[p] + s.lands[p]:
            tile = tiles[t]
            food += tile.income_food
            wood += tile.income_wood
            stone += tile.income_stone
        if s.picks[p]:
            food += picked(s, p, "food")
            wood += picked(s, p, "wood")
            stone += picked(s, p, "stone")
            coins += picked(s, p, "coin")
            s.picks[p] = 0
        if s.flipped[p] and s.hero[p] >= 0:
            loss = heroes[s.hero[p]].flip_loss
            if loss == FOOD:
                food -= 1
            elif loss == WOOD:
                wood -= 1
            elif loss == STONE:
                stone -= 1
        s.coins[p] += coins
        s.lux[p] += lux
        extra = economy.add_goods(s, p, food, wood, stone)
        if s._events is not None:
            parts = [plural(coins, "coin")]
            if lux:
                parts.append(f"{lux} luxury")
            for amount, what in ((food, "food"), (wood, "wood"), (stone, "stone")):
                if amount:
                    parts.append(f"{amount:+d} {what}")
            text = f"{who(p)}: income {', '.join(parts)}"
            if extra:
                text += f" ({extra} over storage become luxury)"
            s.log(text, p)
