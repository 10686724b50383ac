"""Attika's actions: the decisions of a turn (spec §4-§7) and the chance outcomes.

Big choices come in short steps: which building (``build TOWER``), then where (``place 3 -4``), then the
cards one at a time (``pay M``); an expansion tile's place (``tile 3 -4``), then its turn (``rotate 2``).
Hexes are axial coordinates q r (spec §3.1). Stacks are 0 (main buildings) and 1-3.
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.engine.actions import Action


@dataclass(frozen=True, slots=True)
class DrawBuilding(Action):
    """Draw the top building of one of your stacks (spec §4.1, draw mode)."""

    KIND = "draw"
    stack: int


@dataclass(frozen=True, slots=True)
class BuildFromStorage(Action):
    """Take a building from your storage board to build it (spec §4.1, build mode)."""

    KIND = "build"
    building: str


@dataclass(frozen=True, slots=True)
class PlaceBuilding(Action):
    """Build the building in hand (drawn or from storage) on a board space (spec §5)."""

    KIND = "place"
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class StoreBuilding(Action):
    """Put the building just drawn on your storage board instead of building it (spec §4.1)."""

    KIND = "store"


@dataclass(frozen=True, slots=True)
class PayCard(Action):
    """Pay one landscape card, W M F or H, towards the building being built (spec §5.3)."""

    KIND = "pay"
    card: str


@dataclass(frozen=True, slots=True)
class SpendAmphora(Action):
    """Return an amphora: one more draw or build in phase A, one landscape card in phase B (spec §4)."""

    KIND = "amphora"


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """Stop drawing or building and take the landscape cards for the actions forgone (spec §4.2)."""

    KIND = "end"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish phase B without returning (more) amphorae for cards."""

    KIND = "pass"


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Lay the board tile just drawn centred on hex q r (spec §7)."""

    KIND = "tile"
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class RotateTile(Action):
    """Turn the tile being laid ``rotation`` x 60° clockwise (0-5; spec §3.1)."""

    KIND = "rotate"
    rotation: int


# ---------------------------------------------------------------------- chance outcomes


@dataclass(frozen=True, slots=True)
class DrawBoardTile(Action):
    """The next board tile from the face-down stack (set-up and expansion)."""

    KIND = "boardtile"
    tile: str


@dataclass(frozen=True, slots=True)
class TurnStartTile(Action):
    """Set-up with random rotation: how the start tile just drawn is turned (spec §10 Q6)."""

    KIND = "turn"
    rotation: int


@dataclass(frozen=True, slots=True)
class ChooseStartPlayer(Action):
    """Set-up: who starts (the rules let the players choose; we draw)."""

    KIND = "first"
    seat: int


@dataclass(frozen=True, slots=True)
class RevealBuilding(Action):
    """The building on top of the stack being drawn from (set-up: face up onto the storage board)."""

    KIND = "reveal"
    building: str


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """A landscape card drawn from the supply: W, M, F or H."""

    KIND = "card"
    card: str


ACTION_TYPES: tuple[type[Action], ...] = (
    DrawBuilding,
    BuildFromStorage,
    PlaceBuilding,
    StoreBuilding,
    PayCard,
    SpendAmphora,
    EndActions,
    EndTurn,
    PlaceTile,
    RotateTile,
    DrawBoardTile,
    TurnStartTile,
    ChooseStartPlayer,
    RevealBuilding,
    DrawCard,
)
