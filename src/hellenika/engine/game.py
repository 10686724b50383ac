"""The immutable description of a game: metadata, options, component data, and a factory for states.

A ``Game`` is created once per process (the registry caches it) and shared by every state, so component data
loaded from the game's data files lives here and states refer to it by id. Subclasses fill in the class
attributes and the underscore methods.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from hellenika.engine.actions import Action, ActionCodec
from hellenika.engine.errors import HellenikaError, InvalidOption, RecordError
from hellenika.engine.options import OptionSpec, OptionValue, applicable, check_applicable, validate_options
from hellenika.engine.rng import Rng
from hellenika.engine.state import History, State
from hellenika.i18n import ENGLISH, LANGUAGES
from hellenika.i18n.catalogue import directory_name

if TYPE_CHECKING:
    from rich.console import RenderableType


class Game(ABC):
    """Base class of every registered game."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]]
    summary: ClassVar[str] = ""

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)
        self.action_type_set = frozenset(self.action_types)

    # ------------------------------------------------------------------ creating states

    def validate(self, players: int, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Check the player count and options together; return complete, typed options."""
        opts = validate_options(self.option_specs, options)
        low, high = self.player_range(opts)
        if not isinstance(players, int) or not low <= players <= high:
            raise InvalidOption(
                f"{self.title} is played by {low} to {high} players with these options; got {players}"
            )
        check_applicable(self.option_specs, players, opts)
        return opts

    def shown_options(self, players: int, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        """The options of a table that apply at its player count (what a table's settings show)."""
        return applicable(self.option_specs, players, options)

    def player_range(self, options: Mapping[str, OptionValue]) -> tuple[int, int]:
        """Player counts allowed with these (validated) options; games with expansions override it."""
        return self.min_players, self.max_players

    def players_text(self) -> str:
        """Player counts for listings, e.g. ``1-5 (up to 8 with options)`` when options widen the range."""
        low, high = self.player_range(validate_options(self.option_specs, None))
        text = f"{low}-{high}" if low != high else str(low)
        if (low, high) != (self.min_players, self.max_players):
            text += f" ({self.min_players}-{self.max_players} with options)"
        return text

    def new_state(self, players: int, options: Mapping[str, Any] | None = None, *, log: bool = True) -> State:
        """A new game at its first node (usually a chance node dealing the setup)."""
        return self._new_state(players, self.validate(players, options), log)

    @abstractmethod
    def _new_state(self, players: int, options: dict[str, OptionValue], log: bool) -> State: ...

    # ------------------------------------------------------------------ actions

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return self.codec.from_json(data)

    # ------------------------------------------------------------------ serialisation

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = False) -> State:
        """Restore a state saved with :meth:`State.to_json` (its history included)."""
        if data.get("game") != self.name:
            raise RecordError(f"this state is of game {data.get('game')!r}, not {self.name!r}")
        if data.get("rules_version") != self.rules_version:
            raise RecordError(
                f"state saved under rules version {data.get('rules_version')!r}; "
                f"this is {self.rules_version!r}"
            )
        try:
            players = data["players"]
            options = self.validate(players, data.get("options"))
            state = self._state_from_json(players, options, data["state"], log)
            hist: History = None
            count = 0
            for item in data.get("history", []):
                hist = (self.action_from_json(item), hist)
                count += 1
        except HellenikaError as exc:
            raise RecordError(f"cannot restore this {self.name} state: {exc}") from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"cannot restore this {self.name} state: malformed data ({exc!r})") from None
        state._hist = hist
        state._nhist = count
        return state

    @abstractmethod
    def _state_from_json(
        self, players: int, options: dict[str, OptionValue], data: Mapping[str, Any], log: bool
    ) -> State: ...

    # ------------------------------------------------------------------ for bots and interfaces

    #: Typical size of an :meth:`evaluate` margin that is "clearly winning": ``estimate_returns`` maps a
    #: margin of this size to about 0.76 (tanh 1).
    evaluation_scale: ClassVar[float] = 10.0
    #: Typical final score of a solitaire without an automated opponent (returns = tanh(score / this)).
    solitaire_scale: ClassVar[float] = 20.0

    #: ISMCTS parameters that suit this game better than the generic ones (``c``, ``horizon``, ``bias``,
    #: ``until_turn``; see bots/ismcts.py), each measured against the heuristic; a seat spec overrides them.
    search_defaults: ClassVar[Mapping[str, float]] = {}

    def evaluate(self, state: State, seat: int) -> float:
        """A quick heuristic value of ``state`` for ``seat`` (higher is better), for greedy bots and search.

        The default is the seat's current score minus the best other participant's.
        """
        scores = state.scores()
        others = [s for p, s in enumerate(scores) if p != seat]
        return scores[seat] - (max(others) if others else 0.0)

    def estimate_returns(self, state: State) -> list[float]:
        """Expected :meth:`State.returns` per seat, in [-1, 1], for search that stops before the end.

        Exact at terminal states; otherwise ``tanh(evaluate / evaluation_scale)`` per seat.
        """
        if state.is_terminal():
            return state.returns()
        scale = self.evaluation_scale
        return [math.tanh(self.evaluate(state, seat) / scale) for seat in range(state.num_players)]

    def heuristic_action(self, state: State, rng: Rng) -> Action:
        """The game's heuristic choice for the seat deciding at ``state`` (a decision node).

        It drives the ``heuristic`` bot and the playouts of search, so it must be fast: rules of thumb from
        the game's strategy, not a search. ``state`` is a determinized sample when a bot calls it, so it may
        read the whole state. The default picks uniformly among the legal actions.
        """
        legal = state.legal_actions()
        return legal[rng.randbelow(len(legal))]

    @abstractmethod
    def render(
        self, state: State, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
    ) -> RenderableType:
        """A Rich renderable of the state as ``seat`` sees it, for the terminal; ``names`` of participants;
        its words in ``lang`` (a game whose picture has no messages yet shows English)."""

    def rules_text(self, lang: str = ENGLISH) -> str:
        """Our rules summary (Markdown), printed by ``hellenika rules``: the game package's
        ``rules.<lang>.md`` (``rules.de.md``, ``rules.zh_Hant.md``), else its English ``rules.md``."""
        package = resources.files(type(self).__module__.rpartition(".")[0])
        for name in (f"rules.{directory_name(lang)}.md", "rules.md"):
            path = package.joinpath(name)
            if path.is_file():
                return path.read_text(encoding="utf-8")
        raise FileNotFoundError(f"{self.name} has no rules.md")

    def rules_languages(self) -> list[str]:
        """The languages our rules summary of this game is written in (English always)."""
        package = resources.files(type(self).__module__.rpartition(".")[0])
        return [ENGLISH] + [
            lang for lang in LANGUAGES[1:] if package.joinpath(f"rules.{directory_name(lang)}.md").is_file()
        ]

    def configurations(self) -> list[tuple[int, dict[str, OptionValue]]]:
        """The (players, options) combinations worth covering in tests, simulations and benchmarks.

        The default is every player count with default options; games add their variants.
        """
        return [(n, {}) for n in range(self.min_players, self.max_players + 1)]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} v{self.rules_version}>"
