"""Hercules' actions: the decisions of a turn and the chance outcomes (rolls, reveals, the god layout).

Dice are named by slot: 0 and 1 are the player's coloured dice, 2 is the white die (only while that player
holds it this turn). ``UseAbility.target`` depends on the ability: a die slot for +1, -1 and flip; a bitmask
of die slots for re-roll; a seat for copy; 0 for the white die.
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.engine.actions import Action

WHITE_SLOT = 2
OPERATIONS = ("+", "-", "x", "/")


@dataclass(frozen=True, slots=True)
class PerformLabour(Action):
    """Combine two dice with an operation; the result is the Labour done (spec §4.3)."""

    KIND = "labour"
    die_a: int
    die_b: int
    op: str


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use a Demigod card (pay a cube) or a God card (turn it face down) (spec §4.4)."""

    KIND = "use"
    card: str
    target: int


@dataclass(frozen=True, slots=True)
class TakeDemigod(Action):
    """Choose which eligible Demigod stack to take the top card from after a Labour (spec §4.6a)."""

    KIND = "take"
    deck: str


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Rest instead of a Labour; allowed only if no card was used this turn (spec §4.7)."""

    KIND = "rest"


@dataclass(frozen=True, slots=True)
class TakeBackCube(Action):
    """While resting: take the cube off one Demigod card back into supply (up to three)."""

    KIND = "release"
    card: str


@dataclass(frozen=True, slots=True)
class RefreshGod(Action):
    """While resting: turn one used God card face up again (not in the simplified variant)."""

    KIND = "refresh"
    card: str


@dataclass(frozen=True, slots=True)
class FinishRest(Action):
    KIND = "done"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn without a Labour after using cards (spec §4.2, option D)."""

    KIND = "end"


# ---------------------------------------------------------------------- chance outcomes


@dataclass(frozen=True, slots=True)
class RevealDemigod(Action):
    """The next card of a Demigod stack comes to the top."""

    KIND = "reveal"
    card: str


@dataclass(frozen=True, slots=True)
class PlaceGod(Action):
    """Setup: the God card laid above a column."""

    KIND = "god"
    column: int
    card: str


@dataclass(frozen=True, slots=True)
class ChooseStartPlayer(Action):
    """Setup: who takes the Pegasus card first (the rulebook says the oldest; we draw at random)."""

    KIND = "start"
    seat: int


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Dice of one participant rolled: ``dice`` are slots, ``values`` their new faces."""

    KIND = "roll"
    participant: int
    dice: tuple[int, ...]
    values: tuple[int, ...]


ACTION_TYPES: tuple[type[Action], ...] = (
    PerformLabour,
    UseAbility,
    TakeDemigod,
    Rest,
    TakeBackCube,
    RefreshGod,
    FinishRest,
    EndTurn,
    RevealDemigod,
    PlaceGod,
    ChooseStartPlayer,
    Roll,
)
