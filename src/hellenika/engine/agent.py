"""What a player (human or bot) is given to decide, and the protocol it implements.

A bot receives an :class:`Observation`: its seat, its view, the legal actions and their labels. It never gets
the true state; :meth:`Observation.sample_state` hands it a *determinized* copy (hidden parts resampled),
which
is all that search needs. So a bot cannot cheat by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from hellenika.i18n import ENGLISH

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from hellenika.engine.actions import Action
    from hellenika.engine.game import Game
    from hellenika.engine.rng import Rng
    from hellenika.engine.state import State
    from hellenika.i18n import Msg


class Observation:
    """One decision for one seat. The view is computed only if asked for (random bots never do)."""

    __slots__ = ("_legal", "_state", "_view", "seat")

    def __init__(self, state: State, seat: int, legal: list[Action] | None = None) -> None:
        self._state = state
        self.seat = seat
        self._legal = legal
        self._view: dict[str, Any] | None = None

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def num_players(self) -> int:
        """The table's player count (public: every view implies it)."""
        return self._state.num_players

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (public: chosen before the game by all)."""
        return dict(self._state.options)

    @property
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return self._legal

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def label(self, action: Action) -> str:
        return self._state.label(action)

    def label_msg(self, action: Action) -> Msg:
        """The label as a message, for the reader's language."""
        return self._state.label_msg(action)

    def check(self, action: Action) -> Action:
        """Raise the error applying ``action`` would raise (IllegalAction naming the rule); answer the action
        it would play (itself, or the offered action it is a twin of)."""
        return self._state.check(action, self.seat)

    def render(self, names: Sequence[str] | None = None, lang: str = ENGLISH) -> RenderableType:
        """The game's terminal picture of this seat's view."""
        return self._state.game.render(self._state, self.seat, names, lang)

    def log(self, names: Sequence[str] | None = None, lang: str = ENGLISH) -> list[str]:
        """The game log so far as this seat may read it (empty when the state keeps no log)."""
        return list(self._state.iter_log(names, self.seat, lang=lang))

    def sample_state(self, rng: Rng) -> State:
        """A state consistent with this seat's information: the true one with hidden parts resampled.

        The sample carries no history and no log: the true history holds every chance outcome, hidden draws
        included, and the sample is a hypothetical world anyway.
        """
        sample = self._state.determinize(self.seat, rng)
        sample._forget_past()
        return sample


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, observation: Observation, rng: Rng) -> Action: ...
