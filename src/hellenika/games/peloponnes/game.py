"""The Peloponnes game object: metadata, options, the catalogue, rule constants and interned actions.

Actions are created once here and reused by every state (``legal_actions`` returns these shared, immutable
objects), which keeps the hot path free of allocations. Rule constants from the data file are copied onto
the game as plain attributes so the rules modules read them without a dictionary lookup.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game
from hellenika.engine.options import OptionSpec, OptionValue
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.games.peloponnes.actions import (
    ACTION_TYPES,
    DISCOUNTS,
    INCOME_CHOICES,
    AbandonBuilding,
    Answer,
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Build,
    BuyStrength,
    ChooseIncome,
    Conquer,
    DealCivilization,
    DealColony,
    DealHero,
    DrawChit,
    FinishBuilding,
    Hire,
    MakeOffer,
    MoveBid,
    NoOffer,
    OfferCoins,
    Pass,
    RedirectChit,
    RemoveTile,
    Reserve,
    RevealTile,
    SaveTile,
    TakeTile,
    UseOdysseus,
    Withdraw,
)
from hellenika.games.peloponnes.catalogue import load_catalogue
from hellenika.games.peloponnes.state import PeloponnesState
from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from rich.console import RenderableType

MAX_PARTICIPANTS = 9  # 8 seats, or 1 seat and Angelos
RANKS = ("hoplite", "lokhagos", "syntagmatarkhis", "stratigos")


class PeloponnesGame(Game):
    name = "peloponnes"
    title = "Peloponnes"
    #: 1.1: the repeat rule compares a chit with the one revealed just before it.
    #: 1.2: a reserved building, and a tile struck by Earthquake or Tempest, its owner can pay for must be
    #: paid for ("every unfinished building must be built"); only with means for some does he choose.
    rules_version = "1.2"
    min_players = 1
    max_players = 8
    summary = (
        "Build a Greek city-state in 8 rounds of bidding (Bernd Eisenstein, Irongames 2009); "
        "Heroes & Colonies expansion, negotiation variant, solo vs Angelos."
    )
    option_specs = (
        OptionSpec(
            "expansion",
            False,
            "Heroes & Colonies: heroes, colonies, strength, internal conflict, Persians, Sikyon; 1-8 players",
        ),
        OptionSpec(
            "negotiation",
            False,
            "with the expansion: players trade colonies and heroes for coins before the game",
            players=(2, 8),
            needs="expansion",
        ),
        OptionSpec(
            "angelos",
            "hoplite",
            "solo with the expansion: the rank of Angelos, the automatic opponent",
            choices=RANKS,
            players=(1, 1),
            needs="expansion",
        ),
    )
    action_types = ACTION_TYPES

    def __init__(self) -> None:
        super().__init__()
        cat = self.catalogue = load_catalogue()
        k = cat.constants
        self.rounds: int = k["rounds"]
        self.surcharge: int = k["conquest_surcharge"]
        self.pass_coins: int = k["pass_compensation"]
        self.strength_cap: int = k["strength_cap"]
        self.cloverleaf_value: int = k["cloverleaf_value"]
        self.mercenary_cost: int = k["mercenary_cost"]
        self.decline_loss: int = k["decline_loss"]
        self.disaster_threshold: int = k["disaster_threshold"]
        self.persian_attacks: tuple[int, ...] = tuple(k["persian_attacks"])
        self.chits_per_round = (k["chits_per_round_base"], k["chits_per_round_expansion"])
        self.land_strength_food: int = k["land_strength_food"]
        self.building_strength_wood: int = k["building_strength_wood"]
        self.building_strength_stone: int = k["building_strength_stone"]
        self.market_coins_per_pp: int = k["market_coins_per_pp"]
        heroes = cat.hero_by_id
        self.ACHILLES = heroes["achilles"]
        self.ANDROMEDA = heroes["andromeda"]
        self.ARIADNE = heroes["ariadne"]
        self.DAEDALUS = heroes["daedalus"]
        self.HECTOR = heroes["hector"]
        self.HELEN = heroes["helen"]
        self.ODYSSEUS = heroes["odysseus"]
        self.PENELOPE = heroes["penelope"]
        self.SISYPHUS = heroes["sisyphus"]
        self.TANTALUS = heroes["tantalus"]
        # Interned actions.
        ids = [t.id for t in cat.tiles]
        self.bid_on = [BidOn(i) for i in ids]
        self.conquer = [Conquer(i) for i in ids]
        self.move_bid = [MoveBid(i) for i in ids]
        self.take = [TakeTile(i) for i in ids]
        self.remove = [RemoveTile(i) for i in ids]
        self.save_tile = [(SaveTile(i, False), SaveTile(i, True)) for i in ids]
        self.finish = [{d: FinishBuilding(i, d) for d in DISCOUNTS} for i in ids]
        self.abandon = [AbandonBuilding(i) for i in ids]
        self.build = {d: Build(d) for d in DISCOUNTS}
        self.reserve = Reserve()
        self.strength_choices: list[Action] = [BuyStrength(True), BuyStrength(False)]
        self.income_choices: list[Action] = [ChooseIncome(g) for g in INCOME_CHOICES]
        self.ariadne_choices: list[Action] = [RedirectChit(True), RedirectChit(False)]
        self.odysseus_choices: list[Action] = [UseOdysseus(True), UseOdysseus(False)]
        self.answers: list[Action] = [Answer(True), Answer(False)]
        self.pass_ = Pass()
        self.withdraw = Withdraw()
        self.no_offer = NoOffer()
        self.make_offer = [MakeOffer(q) for q in range(MAX_PARTICIPANTS)]
        self._amounts = [BidAmount(i) for i in range(120)]
        self._hires = [Hire(i) for i in range(120)]
        self._offer_coins = [OfferCoins(i) for i in range(120)]
        self._clovers = [AssignCloverleaves(i) for i in range(60)]
        self.deal_civ = [
            [DealCivilization(p, c.id) for c in cat.civilizations] for p in range(MAX_PARTICIPANTS)
        ]
        self.deal_hero = [[DealHero(p, h.id) for h in cat.heroes] for p in range(MAX_PARTICIPANTS)]
        self.deal_colony = [[DealColony(p, c.id) for c in cat.colonies] for p in range(MAX_PARTICIPANTS)]
        self.reveal = [RevealTile(i) for i in ids]
        self.draw_chit = [DrawChit(c.id) for c in cat.chits]

    # interned number choices -----------------------------------------------------

    def amounts_between(self, low: int, high: int) -> list[Action]:
        if high < len(self._amounts):
            return list(self._amounts[low : high + 1])
        return [BidAmount(i) for i in range(low, high + 1)]

    def hires_upto(self, high: int) -> list[Action]:
        if high < len(self._hires):
            return list(self._hires[: high + 1])
        return [Hire(i) for i in range(high + 1)]

    def offer_coins_upto(self, high: int) -> list[Action]:
        if high < len(self._offer_coins):
            return list(self._offer_coins[: high + 1])
        return [OfferCoins(i) for i in range(high + 1)]

    def clovers_upto(self, high: int) -> list[Action]:
        if high < len(self._clovers):
            return list(self._clovers[: high + 1])
        return [AssignCloverleaves(i) for i in range(high + 1)]

    # engine protocol -------------------------------------------------------------

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """1-5 players with the base game, 1-8 with the expansion's rules (spec §1)."""
        return (1, 8) if options.get("expansion") else (1, 5)

    def validate(self, players: int, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        # Which options apply where (negotiation: 2-8 players with the expansion; Angelos' rank: solo with
        # the expansion) is declared on the options themselves, and the engine refuses them elsewhere.
        return super().validate(players, options)

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        base: list[tuple[int, dict[str, OptionValue]]] = [(n, {}) for n in range(1, 6)]
        expansion: list[tuple[int, dict[str, OptionValue]]] = [(n, {"expansion": True}) for n in range(1, 9)]
        ranks: list[tuple[int, dict[str, OptionValue]]] = [
            (1, {"expansion": True, "angelos": rank}) for rank in RANKS[1:]
        ]
        negotiation: list[tuple[int, dict[str, OptionValue]]] = [
            (n, {"expansion": True, "negotiation": True}) for n in (2, 5)
        ]
        return base + expansion + ranks + negotiation

    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State:
        return PeloponnesState.new(self, players, options, log)

    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State:
        return PeloponnesState.from_json(self, players, options, data, log)

    #: A projected margin of about 8 points is "clearly ahead". Fitted on heuristic self-play: the squared
    #: error of tanh(margin / scale) against the final returns is lowest at 7-8 in the 2-player base game,
    #: 7-9 with 3-5 players (opponents counted pairwise, see ``estimate_returns``) and 6-8 solo against
    #: Angelos; the 2-player expansion game, with its swingier conflicts, would take 11-14.
    evaluation_scale = 8.0
    solitaire_scale = 30.0  # base solitaire scores are about 25-35 (docs/BOTS.md)

    def evaluate(self, state: State, seat: int) -> float:
        from hellenika.games.peloponnes.heuristics import evaluate

        return evaluate(state, seat)  # type: ignore[arg-type]

    def estimate_returns(self, state: State) -> list[float]:
        """As the engine's, but with several opponents each is counted on his own, as the returns are
        (pairwise wins minus losses): the mean of tanh(projected margin over him / scale). With one
        opponent (or Angelos) this is exactly tanh(evaluate / scale)."""
        if state.is_terminal() or state.num_participants < 3:
            return super().estimate_returns(state)
        from hellenika.games.peloponnes.heuristics import values

        vals = values(state)  # type: ignore[arg-type]
        scale = self.evaluation_scale
        n = len(vals)
        return [
            sum(math.tanh((vals[p] - vals[q]) / scale) for q in range(n) if q != p) / (n - 1)
            for p in range(state.num_players)
        ]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        from hellenika.games.peloponnes.strategy import heuristic_action

        return heuristic_action(state, rng)  # type: ignore[arg-type]

    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        from hellenika.games.peloponnes.render import render

        return render(state, seat, names)  # type: ignore[arg-type]
