"""Attika's components, loaded once from ``data/*.toml`` into a frozen catalogue (spec §2, §3.3, §9).

States refer to buildings, groups and board tiles by their index here. The catalogue also precomputes what
the hot path needs: each building's cost as a vector over the four landscape types, the reductions that can
lower it (spec §5.2), its predecessor for free building (§5.4), and which stack pool it is drawn from.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import product

LANDSCAPES = ("W", "M", "F", "H")
LANDSCAPE_NAMES = ("water", "mountain", "forest", "hill")
CARD_INDEX = {letter: t for t, letter in enumerate(LANDSCAPES)}  # LANDSCAPES.index, as one dict lookup
BLANK = -1
MAIN_STACK = 0  # stack 0 holds the main buildings, stacks 1-3 the others (spec §3.2 step 5)


def landscape_index(letter: str) -> int:
    return BLANK if letter == "." else LANDSCAPES.index(letter)


Vector = tuple[int, int, int, int]
Reduction = tuple[Vector, Vector, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Group:
    index: int
    id: str
    name: str
    members: tuple[int, ...]  # building type indices
    size: int  # tiles in the group (copies counted)


@dataclass(frozen=True, slots=True)
class Building:
    index: int
    id: str
    name: str
    german: str
    short: str
    tag: str
    group: int
    main: bool
    copies: int
    cost: Vector  # symbols needed per landscape type (all zero for streets)
    generic: int  # cards of any type (streets: 5; other buildings: 0)
    pred: int  # the building whose arrow points here, -1 for none (streets: themselves)
    reconstructed: tuple[str, ...]
    # Every way the cost can shrink (spec §5.2), fewest reductions first: (d, R - d, the reduction masks to
    # AND for spaces giving at least d; see reductions.py).
    reductions: tuple[Reduction, ...]

    @property
    def is_street(self) -> bool:
        return self.generic > 0

    def cost_text(self) -> str:
        if self.is_street:
            return f"{self.generic} any"
        return "".join(LANDSCAPES[t] * n for t, n in enumerate(self.cost))


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str
    symbols: tuple[int, ...]  # centre, E, NE, NW, W, SW, SE at rotation 0; BLANK or a landscape index

    def text(self) -> str:
        return " ".join("." if s == BLANK else LANDSCAPES[s] for s in self.symbols)


@dataclass(frozen=True, slots=True)
class Layout:
    players: int
    centres: tuple[tuple[int, int], ...]
    shrines: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Constants:
    hand_sizes: tuple[int, ...]
    draws_per_turn: int
    builds_per_turn: int
    cards_for_full_pass: int
    street_cost: int
    amphorae: int
    cards_per_type: int
    main_stack: int
    normal_stacks: int
    normal_stack_size: int
    buildings_to_win: int


@dataclass(frozen=True)
class Catalogue:
    buildings: tuple[Building, ...]
    groups: tuple[Group, ...]
    tiles: tuple[Tile, ...]
    layouts: dict[int, Layout]
    constants: Constants
    by_id: dict[str, int]
    tile_by_id: dict[str, int]
    street: int  # index of the street type
    copies: tuple[int, ...]  # per building type
    mains: tuple[int, ...]  # main building types
    normals: tuple[int, ...]  # the others
    max_level: int  # the most symbols of one type any cost needs (2): reduction masks go this deep
    max_points: int  # the most payment points a cost is worth before surcharge (2 x 4 symbols)

    def building(self, building_id: str) -> Building:
        return self.buildings[self.by_id[building_id]]

    @property
    def total_buildings(self) -> int:
        return sum(self.copies)


def _cost_vector(text: str) -> tuple[Vector, int]:
    if text.endswith("*"):
        return (0, 0, 0, 0), int(text[:-1])
    counts = [0, 0, 0, 0]
    for letter in text:
        counts[LANDSCAPES.index(letter)] += 1
    return (counts[0], counts[1], counts[2], counts[3]), 0


def _reductions(cost: tuple[int, int, int, int], levels: int) -> tuple[Reduction, ...]:
    out = []
    for d in product(*(range(n + 1) for n in cost)):
        rest = (cost[0] - d[0], cost[1] - d[1], cost[2] - d[2], cost[3] - d[3])
        masks = tuple(t * levels + d[t] - 1 for t in range(4) if d[t])
        out.append(((d[0], d[1], d[2], d[3]), rest, masks))
    out.sort(key=lambda item: (sum(item[0]), item[0]))
    return tuple(out)


def _read(name: str) -> dict:  # type: ignore[type-arg]
    return tomllib.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())


@cache
def load_catalogue() -> Catalogue:
    data = _read("buildings.toml")
    group_ids = [g["id"] for g in data["group"]]
    by_id = {b["id"]: i for i, b in enumerate(data["building"])}
    costs = [_cost_vector(b["cost"]) for b in data["building"]]
    levels = max(max(cost) for cost, _ in costs)
    buildings = []
    for i, b in enumerate(data["building"]):
        cost, generic = costs[i]
        buildings.append(
            Building(
                index=i,
                id=b["id"],
                name=b["name"],
                german=b["german"],
                short=b["short"],
                tag=b["tag"],
                group=group_ids.index(b["group"]),
                main=b["main"],
                copies=b["copies"],
                cost=cost,
                generic=generic,
                pred=by_id[b["free_after"]] if b["free_after"] else -1,
                reconstructed=tuple(b["reconstructed"]),
                reductions=_reductions(cost, levels),
            )
        )
    groups = tuple(
        Group(
            index=gi,
            id=g["id"],
            name=g["name"],
            members=tuple(b.index for b in buildings if b.group == gi),
            size=sum(b.copies for b in buildings if b.group == gi),
        )
        for gi, g in enumerate(data["group"])
    )
    tiles = tuple(
        Tile(i, t["id"], tuple(landscape_index(s) for s in t["symbols"].split()))
        for i, t in enumerate(_read("tiles.toml")["tile"])
    )
    setup = _read("setup.toml")
    layouts = {
        lay["players"]: Layout(
            lay["players"],
            tuple((q, r) for q, r in lay["centres"]),
            tuple((q, r) for q, r in lay["shrines"]),
        )
        for lay in setup["layout"]
    }
    c = setup["constants"]
    constants = Constants(
        hand_sizes=tuple(c["hand_sizes"]),
        draws_per_turn=c["draws_per_turn"],
        builds_per_turn=c["builds_per_turn"],
        cards_for_full_pass=c["cards_for_full_pass"],
        street_cost=c["street_cost"],
        amphorae=c["amphorae"],
        cards_per_type=c["cards_per_type"],
        main_stack=c["main_stack"],
        normal_stacks=c["normal_stacks"],
        normal_stack_size=c["normal_stack_size"],
        buildings_to_win=c["buildings_to_win"],
    )
    street = next(b.index for b in buildings if b.is_street)
    return Catalogue(
        buildings=tuple(buildings),
        groups=groups,
        tiles=tiles,
        layouts=layouts,
        constants=constants,
        by_id=by_id,
        tile_by_id={t.id: t.index for t in tiles},
        street=street,
        copies=tuple(b.copies for b in buildings),
        mains=tuple(b.index for b in buildings if b.main),
        normals=tuple(b.index for b in buildings if not b.main),
        max_level=levels,
        max_points=max(2 * sum(b.cost) for b in buildings),
    )
