"""Hellas' actions: every decision of a turn, as short steps, and the chance outcomes (card and tile draws).

Cities are named by their number (the slot of their tile: 1, 2, ... in placement order; 0 is the dolphin);
empty map positions by axial coordinates ``q r``; cards by type id (``Z2``); tiles by id (``T05``); gods by
name (``zeus``). A choice is split where it would otherwise be long: a placement is a site (``at``) and then,
if the tile fits there in several ways, a rotation (``turn``); an attack is a target (``attack``), then one
``commit`` per source city; a regroup is one ``march`` or ``sail`` per piece moved, then ``done``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.engine.actions import Action

# ---------------------------------------------------------------------- the turn (spec §4)


@dataclass(frozen=True, slots=True)
class ChooseBurst(Action):
    """Burst of Strength: 3 (or 4) small actions (spec §4.1)."""

    KIND = "burst"


@dataclass(frozen=True, slots=True)
class ChooseVoyage(Action):
    """Voyage: draw a tile and try to lay it (spec §5)."""

    KIND = "voyage"


@dataclass(frozen=True, slots=True)
class ChooseAttack(Action):
    """Attack the enemy city ``city`` (spec §6); the force is committed next, city by city."""

    KIND = "attack"
    city: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    KIND = "end"


# ---------------------------------------------------------------------- Burst of Strength (spec §4.1)


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    KIND = "recruit"
    city: int


@dataclass(frozen=True, slots=True)
class BuildShip(Action):
    KIND = "build"
    city: int


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw the top card of a god's deck (it cannot be played this turn)."""

    KIND = "draw"
    god: str


@dataclass(frozen=True, slots=True)
class StopBurst(Action):
    """Forfeit the Burst actions left."""

    KIND = "stop"


# ---------------------------------------------------------------------- regrouping (spec §7)


@dataclass(frozen=True, slots=True)
class MoveGreek(Action):
    KIND = "march"
    source: int
    city: int


@dataclass(frozen=True, slots=True)
class MoveShip(Action):
    KIND = "sail"
    source: int
    city: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish a regroup, or a Levy or Shipwrights placement."""

    KIND = "done"


# ---------------------------------------------------------------------- placing tiles (spec §3, §5)


@dataclass(frozen=True, slots=True)
class PlaceAt(Action):
    """Lay the drawn tile at the empty position (q, r); a rotation follows if it fits in several ways."""

    KIND = "at"
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class Rotate(Action):
    """Lay the tile with ``k`` clockwise steps of rotation."""

    KIND = "turn"
    k: int


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Voyage: draw the tile (after any card played before the draw)."""

    KIND = "explore"


@dataclass(frozen=True, slots=True)
class UseTile(Action):
    """Sea Chart: use this one of the two drawn tiles; the other goes under the stack."""

    KIND = "use"
    tile: str


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """Declare the voyage failed: the tile goes under the stack (spec §5.2, FAQ)."""

    KIND = "giveup"


@dataclass(frozen=True, slots=True)
class PayShip(Action):
    """Pay the voyage with a ship from this city next to the new tile."""

    KIND = "pay"
    city: int


@dataclass(frozen=True, slots=True)
class SettleFrom(Action):
    """With no Greek in the supply, the new city's Greek comes from this city (2 or more Greeks)."""

    KIND = "settle"
    city: int


# ---------------------------------------------------------------------- attacking (spec §6)


@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Send ``count`` Greeks from the source city being asked."""

    KIND = "commit"
    count: int


@dataclass(frozen=True, slots=True)
class ForcedSource(Action):
    """Forced March: this unlinked city joins the attack as a source."""

    KIND = "forced"
    city: int


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    KIND = "resolve"


@dataclass(frozen=True, slots=True)
class CallOff(Action):
    """Cancel the attack after the card window: nothing moves, the turn ends (spec §6.2-3)."""

    KIND = "calloff"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Orderly Retreat: one defending Greek withdraws to this city."""

    KIND = "retreat"
    city: int


@dataclass(frozen=True, slots=True)
class Fleet(Action):
    """After a conquest: place ``count`` ships from the supply at the conquered city."""

    KIND = "fleet"
    count: int


# ---------------------------------------------------------------------- god cards (spec §8)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    KIND = "play"
    card: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play nothing in a reaction or combat window."""

    KIND = "pass"


@dataclass(frozen=True, slots=True)
class LevyGreek(Action):
    """Levy: a Greek into ``city`` from the supply (``source`` -1) or, if it is empty, from ``source``."""

    KIND = "levy"
    city: int
    source: int


@dataclass(frozen=True, slots=True)
class LaunchShip(Action):
    """Shipwrights: a ship to ``city`` from the supply (``source`` -1) or, if it is empty, from ``source``."""

    KIND = "launch"
    city: int
    source: int


@dataclass(frozen=True, slots=True)
class OrderTile(Action):
    """Oracle: this tile goes next from the top (the first chosen is the top tile)."""

    KIND = "order"
    tile: str


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card of this type to get back within the hand limits (spec §8.1-1)."""

    KIND = "discard"
    card: str


# ---------------------------------------------------------------------- chance outcomes


@dataclass(frozen=True, slots=True)
class CardDrawn(Action):
    """A god card comes off a deck (the deal, a Burst draw)."""

    KIND = "card"
    card: str


@dataclass(frozen=True, slots=True)
class TileDrawn(Action):
    """A tile comes off the stack and is revealed (identical tiles are one outcome)."""

    KIND = "tile"
    tile: str


@dataclass(frozen=True, slots=True)
class CardStolen(Action):
    """Hermes' Theft: the card taken at random from the opponent's hand."""

    KIND = "steal"
    card: str


@dataclass(frozen=True, slots=True)
class TilePeeked(Action):
    """Oracle: a tile the player looks at on top of the stack (seen by him only)."""

    KIND = "peek"
    tile: str


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseBurst,
    ChooseVoyage,
    ChooseAttack,
    EndTurn,
    Recruit,
    BuildShip,
    DrawCard,
    StopBurst,
    MoveGreek,
    MoveShip,
    Done,
    PlaceAt,
    Rotate,
    Explore,
    UseTile,
    GiveUp,
    PayShip,
    SettleFrom,
    Commit,
    ForcedSource,
    Resolve,
    CallOff,
    Retreat,
    Fleet,
    PlayCard,
    Pass,
    LevyGreek,
    LaunchShip,
    OrderTile,
    Discard,
    CardDrawn,
    TileDrawn,
    CardStolen,
    TilePeeked,
)
