"""Hellas' components, costs, scoring values, marker counts, quarry tiles and action track (spec §2, §4.4).

Loaded once from ``data/components.toml`` into a frozen :class:`Components`. The code reads numbers only from
here, so the reconstructed parts (the tile yields, the composition of the track) can be replaced by editing
the data file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

HOUSE, SQUARE, PALACE, STATUE = 0, 1, 2, 3
PIECES = ("house", "square", "palace", "statue")
PIECE_CODE = {name: code for code, name in enumerate(PIECES)}

# Track space kinds, as small ints for the hot path.
K_HOUSE, K_HOUSE_SQUARE, K_PALACE, K_MINE, K_TEMPLE, K_STATUE, K_MARBLE = range(7)
KINDS = ("house", "house_square", "palace", "mine", "temple", "statue", "marble")
BUILD_KINDS = (K_HOUSE, K_HOUSE_SQUARE, K_PALACE)


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One action space (spec §4.4). ``group`` is shared by interchangeable spaces (same kind, numbers and
    sharing): the first free one is offered, another is accepted as it (twins.py)."""

    index: int
    id: str
    kind: int
    shared: bool
    cost: int = 0  # temple and statue actions
    pillars: int = 0  # temple actions: exactly this many pillars
    gain: int = 0  # take-marble action
    group: int = 0

    @property
    def is_temple(self) -> bool:
        return self.kind == K_TEMPLE

    def short_title(self) -> str:
        """A few words for the track display."""
        if self.kind == K_TEMPLE:
            return f"Temple {self.pillars} pillars ({self.cost})"
        if self.kind == K_STATUE:
            return f"Statue ({self.cost})"
        if self.kind == K_MARBLE:
            return f"Take {self.gain} marble"
        return ("House", "House and/or square", "Palace", "Mine marble")[self.kind]

    def title(self) -> str:
        """The action's name in plain words, as the track shows it."""
        if self.kind == K_HOUSE:
            return "Build a house"
        if self.kind == K_HOUSE_SQUARE:
            return "Build a house and/or a square"
        if self.kind == K_PALACE:
            return "Build a palace"
        if self.kind == K_MINE:
            return "Mine marble"
        if self.kind == K_TEMPLE:
            return f"Temple: {self.pillars} pillars for {self.cost} marble"
        if self.kind == K_STATUE:
            return f"Build a statue ({self.cost} marble)"
        return f"Take {self.gain} marble"


@dataclass(frozen=True, slots=True)
class Components:
    houses: int
    squares: int
    palaces: int
    statues: int
    pillars: int
    rings: int
    start_marble: int
    costs: tuple[tuple[int, int], ...]  # by piece code: (coast, interior); 0 = not allowed there
    ring_vp: int
    ring_majority_vp: int
    statue_vp: int
    marble_per_point: int
    markers: dict[int, tuple[int, ...]]  # players -> markers per player in each round
    tiles: tuple[int, ...]  # every tile number, ascending
    tile_yield: tuple[int, ...]  # indexed by tile number (0 unused)
    mine_draws: int
    track: tuple[TrackSpace, ...]

    @property
    def rounds(self) -> int:
        return len(next(iter(self.markers.values())))

    def pieces_of(self, piece: int) -> int:
        return (self.houses, self.squares, self.palaces, self.statues)[piece]

    def space(self, space_id: str) -> TrackSpace:
        for space in self.track:
            if space.id == space_id:
                return space
        raise KeyError(space_id)


@cache
def load_components() -> Components:
    data = tomllib.loads(resources.files(__package__).joinpath("data/components.toml").read_text())
    supply = data["supply"]
    costs = data["costs"]
    scoring = data["scoring"]
    tiles = data["tiles"]
    numbers = tuple(range(tiles["first"], tiles["last"] + 1))
    yields = [0] * (tiles["last"] + 1)
    for band in tiles["bands"]:
        for v in range(band["from"], band["to"] + 1):
            yields[v] = band["marble"]
    if any(yields[v] <= 0 for v in numbers):
        raise ValueError("components.toml: every quarry tile needs a marble yield")
    groups: dict[tuple[object, ...], int] = {}
    track = []
    for i, raw in enumerate(data["track"]):
        kind = KINDS.index(raw["kind"])
        key = (
            kind,
            bool(raw.get("shared", False)),
            raw.get("cost", 0),
            raw.get("pillars", 0),
            raw.get("gain", 0),
        )
        group = groups.setdefault(key, len(groups))
        track.append(
            TrackSpace(
                i,
                raw["id"],
                kind,
                bool(raw.get("shared", False)),
                raw.get("cost", 0),
                raw.get("pillars", 0),
                raw.get("gain", 0),
                group,
            )
        )
    return Components(
        houses=supply["houses"],
        squares=supply["squares"],
        palaces=supply["palaces"],
        statues=supply["statues"],
        pillars=supply["pillars"],
        rings=supply["rings"],
        start_marble=supply["start_marble"],
        costs=tuple((costs[name][0], costs[name][1]) for name in PIECES),
        ring_vp=scoring["ring"],
        ring_majority_vp=scoring["ring_majority"],
        statue_vp=scoring["statue"],
        marble_per_point=scoring["marble_per_point"],
        markers={int(k): tuple(v) for k, v in data["markers"].items()},
        tiles=numbers,
        tile_yield=tuple(yields),
        mine_draws=tiles["mine_draws"],
        track=tuple(track),
    )
