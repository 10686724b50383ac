"""Peloponnes' components, loaded once from ``data/components.toml`` into a frozen catalogue (spec §2, §10).

States refer to tiles, civilizations, heroes, colonies and chits by their index here; everything printed on a
component is read from the catalogue, never copied into a state. The catalogue also precomputes the small
tables the hot path needs (land income masks, protection masks, the chit pool of each edition).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

# Goods, as indices and as bits of a land's income mask (the land placement rule, spec §4.4).
FOOD, WOOD, STONE = 0, 1, 2
GOOD_NAMES = ("food", "wood", "stone")

# Disasters, in the data file's order.
PLAGUE, DROUGHT, EARTHQUAKE, TEMPEST, DECLINE, PERSIANS = range(6)
NO_DISASTER = -1

BUILDING, LAND = "building", "land"


@dataclass(frozen=True, slots=True)
class Tile:
    """A building or land tile: bid, power points, build cost, one-time gains, income, abilities."""

    index: int
    id: str
    name: str
    kind: str
    stack: int  # 0 = A, 1 = B, 2 = C
    min_bid: int
    pp: int
    cost_wood: int
    cost_stone: int
    gain_inhabitants: int
    gain_coins: int
    gain_food: int
    gain_wood: int
    gain_stone: int
    gain_luxury: int
    income_food: int
    income_wood: int
    income_stone: int
    income_inhabitants: int
    income_choice: int
    protects: int  # bitmask over disasters
    free_land: bool
    market: bool
    supply: bool

    @property
    def is_building(self) -> bool:
        return self.kind == BUILDING

    @property
    def is_land(self) -> bool:
        return self.kind == LAND

    @property
    def income_mask(self) -> int:
        """Which goods this tile's income box shows (bit FOOD, WOOD, STONE); for the placement rule."""
        return (
            (1 << FOOD if self.income_food > 0 else 0)
            | (1 << WOOD if self.income_wood > 0 else 0)
            | (1 << STONE if self.income_stone > 0 else 0)
        )

    def cost_text(self) -> str:
        parts = []
        if self.cost_wood:
            parts.append(f"{self.cost_wood} wood")
        if self.cost_stone:
            parts.append(f"{self.cost_stone} stone")
        return " + ".join(parts) or "nothing"

    def gain_text(self) -> str:
        parts = []
        if self.gain_inhabitants:
            parts.append(f"{self.gain_inhabitants:+d} inh")
        for amount, what in (
            (self.gain_coins, "coins"),
            (self.gain_food, "food"),
            (self.gain_wood, "wood"),
            (self.gain_stone, "stone"),
            (self.gain_luxury, "luxury"),
        ):
            if amount:
                parts.append(f"+{amount} {what}")
        return ", ".join(parts)

    def income_text(self) -> str:
        parts = []
        for amount, what in (
            (self.income_food, "food"),
            (self.income_wood, "wood"),
            (self.income_stone, "stone"),
            (self.income_inhabitants, "inh"),
        ):
            if amount:
                parts.append(f"{amount} {what}")
        if self.income_choice:
            parts.append("1 of choice")
        return ", ".join(parts)

    def short(self) -> str:
        """``Bridge A12``: how the log names a tile once its reveal has told its statistics."""
        return f"{self.name} {self.id}"

    def describe(self) -> str:
        """``Bridge A12 (building, min 1, 4 PP, cost 2 wood, +2 inh, income 1 food)``: the reveal and the
        choices say it in full; later log lines name the tile only (:meth:`short`)."""
        bits = [self.kind, f"min {self.min_bid}", f"{self.pp} PP"]
        if self.is_building:
            bits.append(f"cost {self.cost_text()}")
        gain = self.gain_text()
        if gain:
            bits.append(gain)
        income = self.income_text()
        if income:
            bits.append(f"income {income}")
        return f"{self.name} {self.id} ({', '.join(bits)})"


@dataclass(frozen=True, slots=True)
class Civilization:
    index: int
    id: str
    name: str
    number: int
    coins: int
    food: int
    wood: int
    stone: int
    inhabitants: int
    income_food: int
    income_wood: int
    income_stone: int
    income_inhabitants: int
    protects: int
    expansion: bool


@dataclass(frozen=True, slots=True)
class Hero:
    index: int
    id: str
    name: str
    coins: int
    food: int
    inhabitants: int
    strength: int
    pp: int
    flip_loss: int  # a good index, or -1
    solo_cloverleaves: int
    ability: str


@dataclass(frozen=True, slots=True)
class Colony:
    """A colony board (or the base game's player mat): storage, income table and special rules."""

    index: int
    id: str
    name: str
    max_wood: int
    max_stone: int
    max_food: int
    income_coins: tuple[int, ...]
    income_luxury: tuple[int, ...]
    inhabitant_points: int
    coins_per_pp: int
    turn_position: str  # "first", "last" or ""
    reserve_coins: int
    free_land: bool
    luxury_rate: int
    inhabitants_per_food: int
    drought_half: bool
    earthquake_cost: int
    tempest_cost: int
    decline_all: bool
    wins_solo_ties: bool
    base: bool
    summary: str


@dataclass(frozen=True, slots=True)
class Chit:
    index: int
    id: str
    disaster: int  # NO_DISASTER for the blank chit
    value: int  # Persian chits: their strength value
    count: int
    expansion: bool


@dataclass(frozen=True, slots=True)
class Rank:
    index: int
    id: str
    name: str
    civilization: bool
    hero: bool


@dataclass(frozen=True)
class Catalogue:
    constants: dict[str, Any]
    disasters: tuple[tuple[str, str, str], ...]  # (id, name, effect)
    tiles: tuple[Tile, ...]
    civilizations: tuple[Civilization, ...]
    heroes: tuple[Hero, ...]
    colonies: tuple[Colony, ...]  # index 0 is the base game's player mat
    chits: tuple[Chit, ...]
    ranks: tuple[Rank, ...]
    tile_by_id: dict[str, int]
    civ_by_id: dict[str, int]
    hero_by_id: dict[str, int]
    colony_by_id: dict[str, int]
    chit_by_id: dict[str, int]
    stacks: tuple[tuple[int, ...], ...]  # tile indices of stacks A, B, C

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[self.tile_by_id[tile_id]]

    def chit_pool(self, expansion: bool) -> tuple[int, ...]:
        """How many chits of each kind are in the game (the Persian chits only with the expansion)."""
        return tuple(c.count if expansion or not c.expansion else 0 for c in self.chits)

    def civilizations_in(self, expansion: bool) -> tuple[int, ...]:
        return tuple(c.index for c in self.civilizations if expansion or not c.expansion)

    @property
    def mat(self) -> int:
        return next(c.index for c in self.colonies if c.base)

    @property
    def colony_boards(self) -> tuple[int, ...]:
        return tuple(c.index for c in self.colonies if not c.base)


def _mask(names: list[str], disaster_ids: list[str]) -> int:
    return sum(1 << disaster_ids.index(name) for name in names)


@cache
def load_catalogue() -> Catalogue:
    data = tomllib.loads(resources.files(__package__).joinpath("data/components.toml").read_text())
    disaster_ids = [d["id"] for d in data["disaster"]]
    tiles = tuple(
        Tile(
            index=i,
            id=t["id"],
            name=t["name"],
            kind=t["kind"],
            stack="ABC".index(t["id"][0]),
            min_bid=t["min_bid"],
            pp=t["pp"],
            cost_wood=t.get("cost_wood", 0),
            cost_stone=t.get("cost_stone", 0),
            gain_inhabitants=t.get("gain_inhabitants", 0),
            gain_coins=t.get("gain_coins", 0),
            gain_food=t.get("gain_food", 0),
            gain_wood=t.get("gain_wood", 0),
            gain_stone=t.get("gain_stone", 0),
            gain_luxury=t.get("gain_luxury", 0),
            income_food=t.get("income_food", 0),
            income_wood=t.get("income_wood", 0),
            income_stone=t.get("income_stone", 0),
            income_inhabitants=t.get("income_inhabitants", 0),
            income_choice=t.get("income_choice", 0),
            protects=_mask(t.get("protects", []), disaster_ids),
            free_land=t.get("free_land", False),
            market=t.get("market", False),
            supply=t.get("supply", False),
        )
        for i, t in enumerate(sorted(data["tile"], key=lambda t: t["id"]))
    )
    civilizations = tuple(
        Civilization(
            index=i,
            id=c["id"],
            name=c["name"],
            number=c["number"],
            coins=c.get("coins", 0),
            food=c.get("food", 0),
            wood=c.get("wood", 0),
            stone=c.get("stone", 0),
            inhabitants=c.get("inhabitants", 0),
            income_food=c.get("income_food", 0),
            income_wood=c.get("income_wood", 0),
            income_stone=c.get("income_stone", 0),
            income_inhabitants=c.get("income_inhabitants", 0),
            protects=_mask(c.get("protects", []), disaster_ids),
            expansion=c.get("expansion", False),
        )
        for i, c in enumerate(data["civilization"])
    )
    heroes = tuple(
        Hero(
            index=i,
            id=h["id"],
            name=h["name"],
            coins=h.get("coins", 0),
            food=h.get("food", 0),
            inhabitants=h.get("inhabitants", 0),
            strength=h.get("strength", 0),
            pp=h["pp"],
            flip_loss=GOOD_NAMES.index(h["flip_loss"]) if "flip_loss" in h else -1,
            solo_cloverleaves=h["solo_cloverleaves"],
            ability=h["ability"],
        )
        for i, h in enumerate(data["hero"])
    )
    constants = data["constants"]
    colonies = tuple(
        Colony(
            index=i,
            id=c["id"],
            name=c["name"],
            max_wood=c["max_wood"],
            max_stone=c["max_stone"],
            max_food=c["max_food"],
            income_coins=tuple(c["income_coins"]),
            income_luxury=tuple(c["income_luxury"]),
            inhabitant_points=c["inhabitant_points"],
            coins_per_pp=c["coins_per_pp"],
            turn_position=c.get("turn_position", ""),
            reserve_coins=c.get("reserve_coins", constants["reserve_coins"]),
            free_land=c.get("free_land", False),
            luxury_rate=c.get("luxury_rate", constants["luxury_rate"]),
            inhabitants_per_food=c.get("inhabitants_per_food", 1),
            drought_half=c.get("drought", "") == "half",
            earthquake_cost=c.get("earthquake_cost", 1),
            tempest_cost=c.get("tempest_cost", 1),
            decline_all=c.get("decline", "") == "all",
            wins_solo_ties=c.get("wins_solo_ties", False),
            base=c.get("base", False),
            summary=c["summary"],
        )
        for i, c in enumerate(data["colony"])
    )
    chits = tuple(
        Chit(
            index=i,
            id=c["id"],
            disaster=disaster_ids.index(c["disaster"]) if c["disaster"] else NO_DISASTER,
            value=c.get("value", 0),
            count=c["count"],
            expansion=c.get("expansion", False),
        )
        for i, c in enumerate(data["chit"])
    )
    ranks = tuple(
        Rank(index=i, id=r["id"], name=r["name"], civilization=r["civilization"], hero=r["hero"])
        for i, r in enumerate(data["rank"])
    )
    return Catalogue(
        constants=constants,
        disasters=tuple((d["id"], d["name"], d["effect"]) for d in data["disaster"]),
        tiles=tiles,
        civilizations=civilizations,
        heroes=heroes,
        colonies=colonies,
        chits=chits,
        ranks=ranks,
        tile_by_id={t.id: t.index for t in tiles},
        civ_by_id={c.id: c.index for c in civilizations},
        hero_by_id={h.id: h.index for h in heroes},
        colony_by_id={c.id: c.index for c in colonies},
        chit_by_id={c.id: c.index for c in chits},
        stacks=tuple(tuple(t.index for t in tiles if t.stack == s) for s in range(3)),
    )
