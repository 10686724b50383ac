"""Hellas' components, loaded once from ``data/tiles.toml`` and ``data/cards.toml`` into a frozen catalogue.

States refer to tiles and card types by their index here and never copy their data. The catalogue also
precomputes what the hot path needs (spec §2.1-§2.2, §8.3):

- per tile, its *distinct* rotations with the land mask and the sea-region masks by direction (a tile whose
  rotations look alike, such as an island, offers one rotation, so interchangeable choices come once);
- *shape classes*: tiles that are identical in every rule-relevant way (T01-T03 are three equal islands). A
  tile draw is a chance node over the classes still in the stack, weighted by how many of each are left;
- per card type, its god and the index range of each god's types (types are ordered god by god).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

GODS = ("zeus", "poseidon", "ares")
GOD_NAMES = {"zeus": "Zeus", "poseidon": "Poseidon", "ares": "Ares"}
A_GOD_CARD = {"zeus": "a Zeus card", "poseidon": "a Poseidon card", "ares": "an Ares card"}
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")  # d0..d5, clockwise (spec §2.1)

HAND_LIMIT = 7  # spec §8.1-1
GOD_LIMIT = 3
GREEKS_PER_PLAYER = 15  # spec §2
SHIPS_PER_PLAYER = 10
CITY_CAP = 3  # Greeks per city and ships per city (spec §2.3)


@dataclass(frozen=True, slots=True)
class Rotation:
    """One distinct way to lay a tile: ``k`` clockwise steps; masks are by direction (bit d = direction d)."""

    k: int
    land: int
    regions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str
    edges: str  # e0..e5 at rotation 0
    temple: bool
    bridge: bool
    regions: tuple[tuple[int, ...], ...]  # edge indices at rotation 0
    reconstructed: bool
    shape: int  # index of the first tile with the same rule-relevant data
    rotations: tuple[Rotation, ...]  # the distinct rotations, lowest k first

    @property
    def land_edges(self) -> int:
        return self.edges.count("L")

    def describe(self) -> str:
        """``T12 (land on 3 edges)``, ``T18 (island, temple)``."""
        n = self.land_edges
        kind = "island" if n == 0 else f"land on {n} edge{'s' if n > 1 else ''}"
        extras = [kind]
        if self.bridge:
            extras.append("bridge")
        if len(self.regions) > 1:
            extras.append(f"{len(self.regions)} bodies of water")
        if self.temple:
            extras.append("temple")
        return f"{self.id} ({', '.join(extras)})"


@dataclass(frozen=True, slots=True)
class CardType:
    index: int
    id: str
    god: int  # index into GODS
    name: str
    count: int
    timing: str  # own, opp, any
    window: str
    effect: str
    text: str
    reconstructed: bool

    def describe(self) -> str:
        return f"{self.name} ({GOD_NAMES[GODS[self.god]]})"


@dataclass(frozen=True)
class Catalogue:
    tiles: tuple[Tile, ...]
    dolphin: Tile
    tile_by_id: dict[str, int]
    cards: tuple[CardType, ...]
    card_by_id: dict[str, int]
    card_by_effect: dict[str, int]
    god_ranges: tuple[range, ...]  # the card-type indices of each god
    deck_sizes: tuple[int, ...]  # cards per god

    @property
    def all_tiles_mask(self) -> int:
        return (1 << len(self.tiles)) - 1

    def tile(self, tile_id: str) -> Tile:
        return self.tiles[self.tile_by_id[tile_id]]

    def card(self, card_id: str) -> CardType:
        return self.cards[self.card_by_id[card_id]]

    def full_deck(self) -> tuple[int, ...]:
        """Counts per card type of all 48 cards."""
        return tuple(c.count for c in self.cards)


@cache
def rotate(edges: str, regions: tuple[tuple[int, ...], ...], k: int) -> tuple[int, tuple[int, ...]]:
    """Land mask and sorted region masks, by direction, of a tile laid with rotation ``k`` (spec §2.1).
    Memoised: a few dozen tiles and six rotations."""
    land = sum(1 << d for d in range(6) if edges[(d - k) % 6] == "L")
    masks = tuple(sorted(sum(1 << ((i + k) % 6) for i in region) for region in regions))
    return land, masks


def _distinct_rotations(edges: str, regions: tuple[tuple[int, ...], ...]) -> tuple[Rotation, ...]:
    seen: dict[tuple[int, tuple[int, ...]], int] = {}
    for k in range(6):
        key = rotate(edges, regions, k)
        seen.setdefault(key, k)
    return tuple(Rotation(k, land, masks) for (land, masks), k in sorted(seen.items(), key=lambda kv: kv[1]))


def _check_tile(tile_id: str, edges: str, regions: tuple[tuple[int, ...], ...]) -> None:
    """The data's own invariants (spec §2.1): 6 edges of L/S; regions partition exactly the sea edges."""
    if len(edges) != 6 or set(edges) - {"L", "S"}:
        raise ValueError(f"tile {tile_id}: edges must be six of L/S, got {edges!r}")
    sea = sorted(i for i in range(6) if edges[i] == "S")
    listed = sorted(i for region in regions for i in region)
    if sea != listed:
        raise ValueError(f"tile {tile_id}: sea regions {regions} do not partition its sea edges {sea}")


@cache
def load_catalogue() -> Catalogue:
    files = resources.files(__package__)
    tdata = tomllib.loads(files.joinpath("data/tiles.toml").read_text())
    cdata = tomllib.loads(files.joinpath("data/cards.toml").read_text())
    tiles: list[Tile] = []
    shapes: dict[tuple[object, ...], int] = {}
    for i, t in enumerate(tdata["tile"]):
        regions = tuple(tuple(r) for r in t["regions"])
        _check_tile(t["id"], t["edges"], regions)
        key = (t["edges"], t["temple"], t["bridge"], regions)
        shape = shapes.setdefault(key, i)
        tiles.append(
            Tile(
                index=i,
                id=t["id"],
                edges=t["edges"],
                temple=t["temple"],
                bridge=t["bridge"],
                regions=regions,
                reconstructed=t.get("reconstructed", False),
                shape=shape,
                rotations=_distinct_rotations(t["edges"], regions),
            )
        )
    d = tdata["dolphin"]
    dregions = tuple(tuple(r) for r in d["regions"])
    dolphin = Tile(
        -1, d["id"], d["edges"], False, False, dregions, False, -1, _distinct_rotations(d["edges"], dregions)
    )
    god_index = {g["id"]: i for i, g in enumerate(cdata["god"])}
    if tuple(god_index) != GODS:
        raise ValueError(f"cards.toml must list the gods {GODS} in this order")
    cards: list[CardType] = []
    for c in sorted(cdata["card"], key=lambda c: god_index[c["god"]]):
        cards.append(
            CardType(
                index=len(cards),
                id=c["id"],
                god=god_index[c["god"]],
                name=c["name"],
                count=c["count"],
                timing=c["timing"],
                window=c["window"],
                effect=c["effect"],
                text=c["text"],
                reconstructed=c.get("reconstructed", True),
            )
        )
    ranges = []
    for g in range(len(GODS)):
        members = [c.index for c in cards if c.god == g]
        ranges.append(range(members[0], members[-1] + 1))
    by_effect = {c.effect: c.index for c in cards}
    if len(by_effect) != len(cards):
        raise ValueError("every card type needs its own effect key")
    return Catalogue(
        tiles=tuple(tiles),
        dolphin=dolphin,
        tile_by_id={t.id: t.index for t in tiles},
        cards=tuple(cards),
        card_by_id={c.id: c.index for c in cards},
        card_by_effect=by_effect,
        god_ranges=tuple(ranges),
        deck_sizes=tuple(sum(cards[i].count for i in r) for r in ranges),
    )
