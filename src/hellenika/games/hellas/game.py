"""The Hellas game object: metadata, the components and both board sides, and interned actions.

Actions are created once here, per board side, and reused by every state (``legal_actions`` returns these
shared, immutable objects indexed by cell, quarry or temple number), which keeps the hot path free of
allocations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.game import Game
from hellenika.engine.options import OptionValue
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.games.hellas.actions import (
    ACTION_TYPES,
    Build,
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    OpenQuarry,
    Pillar,
    PlaceTile,
    Reveal,
    StartPlayer,
    TakeMarble,
)
from hellenika.games.hellas.board import Board, board_for, load_boards
from hellenika.games.hellas.components import PIECES, load_components
from hellenika.games.hellas.heuristics import EVALUATION_SCALE
from hellenika.games.hellas.state import HellasState
from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from rich.console import RenderableType


@dataclass(frozen=True, slots=True)
class BoardActions:
    """The interned actions of one board side, indexed by cell (builds), quarry or temple number."""

    build: tuple[tuple[Build, ...], ...]  # [piece][cell] (only building spaces are ever offered)
    tile: tuple[PlaceTile, ...]
    worker: tuple[MoveWorker, ...]
    open: tuple[OpenQuarry, ...]
    pillar: tuple[Pillar, ...]


def _board_actions(board: Board) -> BoardActions:
    quarry_ids = [board.cells[c].id for c in board.quarries]
    return BoardActions(
        build=tuple(tuple(Build(name, cell.id) for cell in board.cells) for name in PIECES),
        tile=tuple(PlaceTile(q) for q in quarry_ids),
        worker=tuple(MoveWorker(q) for q in quarry_ids),
        open=tuple(OpenQuarry(q) for q in quarry_ids),
        pillar=tuple(Pillar(t.id) for t in board.temples),
    )


class HellasGame(Game):
    name = "hellas"
    title = "Hellas (Dorra)"
    rules_version = "1.2"
    min_players = 2
    max_players = 4
    summary = (
        "Build villages, cities, temples and statues on a Greek island with marble from the quarries "
        "(Stefan Dorra, White Goblin Games 2016; Yucata rules)."
    )
    action_types = ACTION_TYPES
    evaluation_scale = EVALUATION_SCALE

    def __init__(self) -> None:
        super().__init__()
        comps = self.components = load_components()
        self.boards = load_boards()
        self.tables = {name: _board_actions(board) for name, board in self.boards.items()}
        self.costs = comps.costs
        self.tile_yield = comps.tile_yield
        self.decline = Decline()
        self.draw = DrawTiles()
        self.take = TakeMarble()
        self.choose_actions = tuple(ChooseAction(space.id) for space in comps.track)
        self.space_index = {space.id: space.index for space in comps.track}
        groups: dict[int, list[int]] = {}
        for space in comps.track:
            groups.setdefault(space.group, []).append(space.index)
        self.track_groups = tuple(tuple(spaces) for spaces in groups.values())
        self.reveal_actions = {v: Reveal(v) for v in comps.tiles}
        self.start_actions = tuple(StartPlayer(p) for p in range(self.max_players))

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        """2 players (Pegasus side), 3 and 4 (Minotaur). Hellas has no variants: the seed's Yucata rules
        differ from the box only in live scoring, public marble and the marble tie-break, which we play."""
        return [(2, {}), (3, {}), (4, {})]

    def board_for(self, players: int) -> Board:
        return board_for(players)

    # engine protocol -------------------------------------------------------------

    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State:
        return HellasState.new(self, players, options, log)

    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State:
        return HellasState.from_json(self, players, options, data, log)

    def evaluate(self, state: State, seat: int) -> float:
        from hellenika.games.hellas.heuristics import evaluate

        return evaluate(state, seat)  # type: ignore[arg-type]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        from hellenika.games.hellas.strategy import heuristic_action

        return heuristic_action(state, rng)  # type: ignore[arg-type]

    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        from hellenika.games.hellas.render import render

        return render(state, seat, names, lang)  # type: ignore[arg-type]
