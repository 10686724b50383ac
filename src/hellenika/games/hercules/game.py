"""The Hercules game object: metadata, options, the card catalogue, and interned actions.

Actions are created once here and reused by every state (``legal_actions`` returns these shared, immutable
objects), which keeps the hot path free of allocations.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game
from hellenika.engine.options import OptionSpec, OptionValue
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.games.hercules.actions import (
    ACTION_TYPES,
    OPERATIONS,
    EndTurn,
    FinishRest,
    PerformLabour,
    PlaceGod,
    RefreshGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from hellenika.games.hercules.cards import DEMIGOD, GOD, load_catalogue
from hellenika.games.hercules.state import HerculesState
from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from rich.console import RenderableType


class HerculesGame(Game):
    name = "hercules"
    title = "Hercules"
    #: 1.1: after using a card, a Labour the dice give must be performed ("choose 1 ... and carry it out").
    rules_version = "1.1"
    min_players = 1
    max_players = 4
    summary = "Dice and arithmetic race through the 12 Labours (Fábio Lima, MEBO Games 2022); solo vs Hades."
    option_specs = (
        OptionSpec(
            "variant",
            "standard",
            "simplified: God cards laid face down, without abilities",
            choices=("standard", "simplified"),
        ),
    )
    action_types = ACTION_TYPES
    #: About this margin of estimated final score over the average opponent means "clearly ahead": the scale
    #: that fits tanh(evaluate / scale) best (least squares) to the final returns of positions from heuristic
    #: games, some 45,000 per sample: 23-25.5 with 2 players, 22-26.5 with 3, 23-23.5 with 4, 24-25.5 solo
    #: (18-20 in the simplified variant). Early positions are less certain (about 30), late ones more (17-20).
    evaluation_scale = 24.0
    #: ISMCTS playouts of 12 heuristic decisions (about a round) before the evaluation: at 1,000 iterations
    #: against the heuristic, the generic 4 won 50% (20 games, margin -5 VP) and 12 won 80% (first 10 of the
    #: bar's games, +8.5 VP); full playouts lost the first two games badly. See docs/BOTS.md.
    search_defaults = {"horizon": 12}

    def __init__(self) -> None:
        super().__init__()
        cat = self.catalogue = load_catalogue()
        self.card_index = cat.by_id
        self.deck_index = {d.id: d.index for d in cat.decks}
        self.solo_deck = {d.solo_number: d.index for d in cat.decks}
        self.deck_of_operation = {d.operation: d.index for d in cat.decks if d.operation}
        self.labour_actions = {
            (a, b, op): PerformLabour(a, b, op) for a, b in ((0, 1), (0, 2), (1, 2)) for op in OPERATIONS
        }
        self.take_actions = [TakeDemigod(d.id) for d in cat.decks]
        self.rest = Rest()
        self.end_turn = EndTurn()
        self.finish_rest = FinishRest()
        self._reveal = [RevealDemigod(c.id) for c in cat.cards]
        self._release = [TakeBackCube(c.id) for c in cat.cards]
        self._refresh = [RefreshGod(c.id) for c in cat.cards]
        # Per-card tables for the hot path (indexed by catalogue index).
        self.use_kind = cat.use_kinds()
        self.equivalence = cat.equivalence_classes()
        self.ability = tuple(c.ability for c in cat.cards)
        self.demigod_mask = cat.mask_of(DEMIGOD)
        self.god_mask = cat.mask_of(GOD)
        # Every UseAbility that can exist: targets are die slots 0-2, re-roll masks 1-7, or seats 0-3.
        self.use_table = [
            [UseAbility(c.id, target) for target in range(8)] if c.is_active else [] for c in cat.cards
        ]

    # interned actions ----------------------------------------------------------

    def reveal_action(self, card: int) -> RevealDemigod:
        return self._reveal[card]

    def release_action(self, card: int) -> TakeBackCube:
        return self._release[card]

    def refresh_action(self, card: int) -> RefreshGod:
        return self._refresh[card]

    def place_god_action(self, column: int, card: int) -> PlaceGod:
        return _place_god(column, self.catalogue.cards[card].id)

    def roll_outcomes(self, participant: int, slots: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
        """Every face combination of a roll, equally likely: one tuple per participant and slots, shared."""
        return _roll_outcomes(participant, slots)

    # engine protocol -------------------------------------------------------------

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        standard: list[tuple[int, dict[str, OptionValue]]] = [(n, {}) for n in range(1, 5)]
        return [*standard, (1, {"variant": "simplified"}), (3, {"variant": "simplified"})]

    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State:
        return HerculesState.new(self, players, options, log)

    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State:
        return HerculesState.from_json(self, players, options, data, log)

    def evaluate(self, state: State, seat: int) -> float:
        from hellenika.games.hercules.heuristics import evaluate

        return evaluate(state, seat)  # type: ignore[arg-type]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        from hellenika.games.hercules.strategy import heuristic_action

        return heuristic_action(state, rng)  # type: ignore[arg-type]

    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        from hellenika.games.hercules.render import render

        return render(state, seat, names, lang)  # type: ignore[arg-type]


@cache
def _place_god(column: int, card_id: str) -> PlaceGod:
    return PlaceGod(column, card_id)


@cache
def _roll_outcomes(participant: int, slots: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    p = 1.0 / 6 ** len(slots)
    return tuple(
        (Roll(participant, slots, values), p) for values in itertools.product(range(1, 7), repeat=len(slots))
    )
