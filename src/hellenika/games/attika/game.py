"""The Attika game object: metadata, options, the component catalogue, and interned actions.

Actions are created once here and reused by every state (``legal_actions`` returns these shared, immutable
objects); hex-addressed actions are interned on first use, so the hot path allocates none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game
from hellenika.engine.options import OptionSpec, OptionValue
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.games.attika.actions import (
    ACTION_TYPES,
    BuildFromStorage,
    ChooseStartPlayer,
    DrawBoardTile,
    DrawBuilding,
    DrawCard,
    EndActions,
    EndTurn,
    PayCard,
    PlaceBuilding,
    PlaceTile,
    RevealBuilding,
    RotateTile,
    SpendAmphora,
    StoreBuilding,
    TurnStartTile,
)
from hellenika.games.attika.catalogue import LANDSCAPES, Group, Vector, load_catalogue
from hellenika.games.attika.costs import affordable_table, building_facts
from hellenika.games.attika.heuristics import EVALUATION_SCALE
from hellenika.games.attika.hexes import Hex, hex_of_code
from hellenika.games.attika.state import AttikaState
from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from rich.console import RenderableType


class _PlaceActions(dict[Hex, PlaceBuilding]):
    def __missing__(self, key: Hex) -> PlaceBuilding:
        action = self[key] = PlaceBuilding(key[0], key[1])
        return action


class _TileActions(dict[Hex, PlaceTile]):
    def __missing__(self, key: Hex) -> PlaceTile:
        action = self[key] = PlaceTile(key[0], key[1])
        return action


class _ActionsByCode(dict[int, Action]):
    """Hex-addressed actions by hex code (hexes.hex_code), as the board keeps its hexes in reading order."""

    def __init__(self, by_hex: Mapping[Hex, Action]) -> None:
        super().__init__()
        self.by_hex = by_hex

    def __missing__(self, key: int) -> Action:
        action = self[key] = self.by_hex[hex_of_code(key)]
        return action


def _group_span(group: Group) -> tuple[Group, int, int]:
    first, stop = group.members[0], group.members[-1] + 1
    if group.members == tuple(range(first, stop)):
        return group, first, stop
    return group, -1, -1


class AttikaGame(Game):
    name = "attika"
    title = "Attika"
    rules_version = "1.2"
    min_players = 2
    max_players = 4
    summary = (
        "Build your city-state on a growing map of Attica, or link two shrines "
        "(Marcel-André Casasola Merkle, 2003; Yucata rules)."
    )
    option_specs = (
        OptionSpec(
            "amphora_rule",
            "group",
            "when a completed group earns an amphora: its buildings linked among themselves (group) or "
            "all in one settlement (settlement)",
            choices=("group", "settlement"),
        ),
        OptionSpec(
            "start_rotation",
            "fixed",
            "start board tiles laid unturned (fixed) or each turned at random (random)",
            choices=("fixed", "random"),
        ),
    )
    action_types = ACTION_TYPES
    #: Progressive bias towards the heuristic's move. Attika's evaluation separates the moves of one decision
    #: by a few hundredths of a return, well inside UCB's exploration term, so at 1,000 iterations the search
    #: often preferred a move on noise. Against the heuristic, on the bar's seeds: generic defaults 57.1%
    #: over 77 games (17 of the first 28); ``bias=3`` 20 of the first 28 and 67.5% over the bar's 200;
    #: playouts to the searcher's next turn 10 of 20 (generic 14); ``horizon=12`` no better at 2.6x the
    #: cost. See docs/BOTS.md.
    search_defaults = {"bias": 3}

    def __init__(self) -> None:
        super().__init__()
        cat = self.catalogue = load_catalogue()
        self.draw_actions = tuple(DrawBuilding(k) for k in range(1 + cat.constants.normal_stacks))
        self.build_actions = tuple(BuildFromStorage(b.id) for b in cat.buildings)
        self.reveal_actions = tuple(RevealBuilding(b.id) for b in cat.buildings)
        self.pay_actions = tuple(PayCard(t) for t in LANDSCAPES)
        self.card_draws = tuple(DrawCard(t) for t in LANDSCAPES)
        self.tile_draws = tuple(DrawBoardTile(t.id) for t in cat.tiles)
        self.rotate_actions = tuple(RotateTile(k) for k in range(6))
        self.start_turns = tuple(TurnStartTile(k) for k in range(6))
        self.first_actions = tuple(ChooseStartPlayer(p) for p in range(self.max_players))
        self.store = StoreBuilding()
        self.amphora = SpendAmphora()
        self.end_actions = EndActions()
        self.pass_turn = EndTurn()
        self.place_actions = _PlaceActions()
        self.place_actions_by_code = _ActionsByCode(self.place_actions)
        self._tile_actions = _TileActions()
        self._tile_actions_by_code = _ActionsByCode(self._tile_actions)
        self.building_facts = building_facts(cat)
        # The least reductions with which a hand pays each building (costs.affordable_reductions), by the
        # hand's size and shape (costs.hand_key): one entry per key, filled as keys are met.
        self.affordable = affordable_table(cat)
        # Per building type: its group and, when the group's members are consecutive types, their range
        # (else -1, -1), for the group amphora check of every placement.
        self.group_spans = tuple(_group_span(cat.groups[b.group]) for b in cat.buildings)
        # Memos of the hot path, shared by every state of this game (their lists are never changed: states
        # hand out copies). The cards a payment step offers, by (hand, symbols still matchable, points owed);
        # the draws phase A offers, by the heights of the player's stacks.
        self.pay_offers: dict[tuple[Vector, Vector, int], list[Action]] = {}
        # The lists pay_offers holds, by the set of cards offered (bit t: card type t), shared by its entries.
        self.pay_lists: tuple[list[Action], ...] = tuple(
            [self.pay_actions[t] for t in range(4) if cards >> t & 1] for cards in range(16)
        )
        self.draw_offers: dict[tuple[int, ...], list[Action]] = {}
        # A hand's size and shape (costs.hand_key), by the hand.
        self.hand_keys: dict[Vector, tuple[int, int]] = {}

    def tile_action(self, centre: Hex) -> PlaceTile:
        return self._tile_actions[centre]

    def tile_actions(self, centres: Sequence[Hex]) -> list[Action]:
        """The "place the tile here" actions of ``centres``, in their order."""
        return list(map(self._tile_actions.__getitem__, centres))

    def tile_actions_at(self, codes: Sequence[int]) -> list[Action]:
        """:meth:`tile_actions` of the centres with these hex codes (``Board.centre_codes``)."""
        return list(map(self._tile_actions_by_code.__getitem__, codes))

    # engine protocol -------------------------------------------------------------

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        return [
            (2, {}),
            (3, {}),
            (4, {}),
            (2, {"amphora_rule": "settlement"}),
            (4, {"start_rotation": "random"}),
        ]

    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State:
        return AttikaState.new(self, players, options, log)

    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State:
        return AttikaState.from_json(self, players, options, data, log)

    #: A margin of about four buildings is "clearly ahead" (see ``heuristics.py`` for the calibration).
    evaluation_scale = EVALUATION_SCALE

    def evaluate(self, state: State, seat: int) -> float:
        from hellenika.games.attika.heuristics import evaluate

        return evaluate(state, seat)  # type: ignore[arg-type]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        from hellenika.games.attika.strategy import heuristic_action

        return heuristic_action(state, rng)  # type: ignore[arg-type]

    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        from hellenika.games.attika.render import render

        return render(state, seat, names)  # type: ignore[arg-type]
