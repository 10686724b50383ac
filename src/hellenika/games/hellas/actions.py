"""Hellas' actions: the decisions of a turn and the chance outcomes (setup, tile draws, the start player).

Spaces, quarries and temples are named by their ids: a space or quarry by ``"row,col"`` (``build house 3,4``,
``tile 0,5``), a temple by its slots (``pillar T8``), a track space by its id in the data file
(``choose palace``). Every decision is one short step: a temple action places its pillars one by one, the
house-and/or-square action its two pieces one by one, and a Mine marble action asks whether to draw at all
(``draw`` or ``decline``), then only when a drawn tile has a real choice of quarry (spec §4.6). A chosen
action may always be left undone (seed: "A player can also select an action and choose not to perform it"),
so Take three marble asks too (``take`` or ``decline``).
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.engine.actions import Action


@dataclass(frozen=True, slots=True)
class ChooseAction(Action):
    """Put an action marker on a free space of the action track and resolve it at once (spec §4.2)."""

    KIND = "choose"
    space: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build a house, square, palace (own colour) or a neutral statue on a free space (spec §4.5)."""

    KIND = "build"
    piece: str
    space: str


@dataclass(frozen=True, slots=True)
class Pillar(Action):
    """Place one pillar of a temple action; the first one pays for the action and takes its ring (§4.5)."""

    KIND = "pillar"
    temple: str


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Mine marble: put the drawn tile on this active quarry, whose top is lower (spec §4.6 step 2)."""

    KIND = "tile"
    quarry: str


@dataclass(frozen=True, slots=True)
class MoveWorker(Action):
    """Move the quarry worker to an empty quarry (spec §4.6 step 3b); also its random start (setup, §3.3)."""

    KIND = "worker"
    quarry: str


@dataclass(frozen=True, slots=True)
class DrawTiles(Action):
    """Mine marble, after the income: start drawing quarry tiles, then go on to four (spec §4.6 step 2).

    The alternative is ``decline`` (draw none); once a tile is drawn the draws are no longer optional.
    """

    KIND = "draw"


@dataclass(frozen=True, slots=True)
class TakeMarble(Action):
    """Take three marble: take them (the alternative is ``decline``, which leaves the action undone)."""

    KIND = "take"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not carry out (the rest of) the chosen action, or one's part of a shared one (spec §4.3)."""

    KIND = "decline"


# ---------------------------------------------------------------------- chance outcomes


@dataclass(frozen=True, slots=True)
class OpenQuarry(Action):
    """Setup: one of the three random coast quarries that get a starting tile (spec §3.2)."""

    KIND = "open"
    quarry: str


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The next quarry tile drawn from the face-down stack shows this number."""

    KIND = "reveal"
    tile: int


@dataclass(frozen=True, slots=True)
class StartPlayer(Action):
    """Setup: the random start player (spec §3.7)."""

    KIND = "start"
    seat: int


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseAction,
    Build,
    Pillar,
    PlaceTile,
    MoveWorker,
    Decline,
    DrawTiles,
    TakeMarble,
    OpenQuarry,
    Reveal,
    StartPlayer,
)
