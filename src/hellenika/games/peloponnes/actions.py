"""Peloponnes' actions: the decisions of a round and the chance outcomes (deals, tile reveals, chit draws).

Tiles are named by their printed id (``A12``), civilizations, heroes and colonies by their id (``sparta``).
A bid is two short steps: the tile (``bid A12``), then the coins (``amount 3``). Every other decision is one
step with a handful of options. Chance outcomes are actions too, so a record is just its list of actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.engine.actions import Action

DISCOUNTS = ("none", "wood", "stone")  # Daedalus builds for 2 wood or 2 stone less (spec §7.1)
INCOME_CHOICES = ("food", "wood", "stone", "coin")  # Port and Temple of Apollo (spec §4 phase 6)

# ---------------------------------------------------------------------- bidding (spec §4 phase 2)


@dataclass(frozen=True, slots=True)
class BidOn(Action):
    """Choose a tile of the regular row to bid on (free, or outbidding its bidder); the amount follows."""

    KIND = "bid"
    tile: str


@dataclass(frozen=True, slots=True)
class BidAmount(Action):
    """The coins of the bid just started."""

    KIND = "amount"
    coins: int


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """Take a tile of the conquest row at its minimum bid plus the surcharge; nobody can contest it."""

    KIND = "conquer"
    tile: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Bid on nothing this round (+1 coin)."""

    KIND = "pass"


@dataclass(frozen=True, slots=True)
class MoveBid(Action):
    """Outbid: move the unchanged bid to a free tile of the regular row."""

    KIND = "move"
    tile: str


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Outbid: take the coins back (+1 coin compensation) and get no tile this round."""

    KIND = "withdraw"


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    """Solo: buy one tile of either row at its printed minimum bid (spec §9)."""

    KIND = "take"
    tile: str


# ---------------------------------------------------------------------- adding tiles (phase 4)


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build the new building now, paying its wood and stone (``discount``: Daedalus' 2 less)."""

    KIND = "build"
    discount: str


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Build later: put a coin (Leptis Magna: 3) on the building; finish it in the next supply round."""

    KIND = "reserve"


@dataclass(frozen=True, slots=True)
class BuyStrength(Action):
    """Expansion: pay 1 wood + 1 stone (building built now) or 2 food (land) for strength = its PP."""

    KIND = "strength"
    buy: bool


@dataclass(frozen=True, slots=True)
class ChooseIncome(Action):
    """Port / Temple of Apollo: this round's income box gives one of food, wood, stone or a coin."""

    KIND = "income"
    good: str


# ---------------------------------------------------------------------- disasters (phase 7, §6)


@dataclass(frozen=True, slots=True)
class RedirectChit(Action):
    """Ariadne: send the chit just drawn under the second stack and draw another (once a round)."""

    KIND = "ariadne"
    redirect: bool


@dataclass(frozen=True, slots=True)
class UseOdysseus(Action):
    """Odysseus: put his coin on his tile to escape this disaster or Persian defeat (once a game)."""

    KIND = "odysseus"
    use: bool


@dataclass(frozen=True, slots=True)
class SaveTile(Action):
    """Earthquake / Tempest: pay for this tile (``save yes``) or let it go (``save no``)."""

    KIND = "save"
    tile: str
    save: bool


@dataclass(frozen=True, slots=True)
class RemoveTile(Action):
    """Second Persian defeat: which of your tied highest-PP tiles is lost."""

    KIND = "remove"
    tile: str


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Hire mercenaries at 1 coin each: +1 strength and +1 population point each (spec §6.4)."""

    KIND = "hire"
    count: int


# ---------------------------------------------------------------------- supply rounds (§5)


@dataclass(frozen=True, slots=True)
class FinishBuilding(Action):
    """Supply round: pay a reserved building's cost and take its coins back."""

    KIND = "finish"
    tile: str
    discount: str


@dataclass(frozen=True, slots=True)
class AbandonBuilding(Action):
    """Supply round: give up a reserved building (its coins come back, the tile goes to the box)."""

    KIND = "abandon"
    tile: str


# ---------------------------------------------------------------------- negotiation variant (§3.3)


@dataclass(frozen=True, slots=True)
class MakeOffer(Action):
    """Offer coins to another player for his colony (colony round) or hero (hero round)."""

    KIND = "offer"
    target: int


@dataclass(frozen=True, slots=True)
class NoOffer(Action):
    KIND = "no-offer"


@dataclass(frozen=True, slots=True)
class OfferCoins(Action):
    """The coins offered (0 up to all of your coins)."""

    KIND = "coins"
    coins: int


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """The player asked accepts (coins change hands, the two swap) or refuses the offer."""

    KIND = "answer"
    accept: bool


# ---------------------------------------------------------------------- scoring (§8)


@dataclass(frozen=True, slots=True)
class AssignCloverleaves(Action):
    """How many cloverleaves count as 2 power points each; the rest count as 2 population points."""

    KIND = "clovers"
    power: int


# ---------------------------------------------------------------------- chance outcomes


@dataclass(frozen=True, slots=True)
class DealCivilization(Action):
    KIND = "civ"
    participant: int
    civ: str


@dataclass(frozen=True, slots=True)
class DealHero(Action):
    KIND = "hero"
    participant: int
    hero: str


@dataclass(frozen=True, slots=True)
class DealColony(Action):
    KIND = "colony"
    participant: int
    colony: str


@dataclass(frozen=True, slots=True)
class RevealTile(Action):
    """The next tile of the current stack is turned up (phase 1)."""

    KIND = "reveal"
    tile: str


@dataclass(frozen=True, slots=True)
class DrawChit(Action):
    """The next disaster chit is drawn (phase 7)."""

    KIND = "chit"
    chit: str


ACTION_TYPES: tuple[type[Action], ...] = (
    BidOn,
    BidAmount,
    Conquer,
    Pass,
    MoveBid,
    Withdraw,
    TakeTile,
    Build,
    Reserve,
    BuyStrength,
    ChooseIncome,
    RedirectChit,
    UseOdysseus,
    SaveTile,
    RemoveTile,
    Hire,
    FinishBuilding,
    AbandonBuilding,
    MakeOffer,
    NoOffer,
    OfferCoins,
    Answer,
    AssignCloverleaves,
    DealCivilization,
    DealHero,
    DealColony,
    RevealTile,
    DrawChit,
)
