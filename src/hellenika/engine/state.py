"""The mutable game state every game derives from, and the bookkeeping it shares.

Modelled on OpenSpiel: a game writes a few underscore methods (``_legal_actions``, ``chance_outcomes``,
``_apply``, ``_why_illegal``, the serialisation pair) and this base class does the rest: dispatching between
decision, chance and terminal nodes, checked and unchecked application, history, event log, ranking, records.

Whose decision it is: :meth:`State.current_player` returns a seat (0-based), :data:`CHANCE` or
:data:`TERMINAL`. Simultaneous steps are always made sequential by the game.

Participants and seats: seats are the players that make decisions. A game may also have automated
participants that score but never decide (Hercules' Hades); they are numbered after the seats.

History is kept as a persistent linked list so that :meth:`State.clone` costs O(1) for it; bots clone states
millions of times.
"""

from __future__ import annotations

import hashlib
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from hellenika.engine.actions import Action
from hellenika.engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from hellenika.engine.events import Event
from hellenika.engine.results import pairwise_utilities, places_from_keys
from hellenika.engine.rng import Rng
from hellenika.i18n import ENGLISH, Msg, render

if TYPE_CHECKING:
    from hellenika.engine.game import Game

CHANCE: Final = -1
TERMINAL: Final = -2

History = tuple[Action, "History"] | None


class State(ABC):
    """A game in progress. Mutable; copy with :meth:`clone`."""

    __slots__ = ("_events", "_hist", "_nhist", "game", "num_players", "options")

    game: Game
    num_players: int
    options: dict[str, Any]

    def _init_base(self, game: Game, num_players: int, options: dict[str, Any], log: bool) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self._hist: History = None
        self._nhist = 0
        self._events: list[Event] | None = [] if log else None

    def _copy_base_into(self, other: State, log: bool = False) -> None:
        other.game = self.game
        other.num_players = self.num_players
        other.options = self.options
        other._hist = self._hist
        other._nhist = self._nhist
        other._events = list(self._events) if (log and self._events is not None) else None

    # ------------------------------------------------------------------ what a game implements

    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal decisions at a decision node, in a deterministic order."""

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Outcomes and probabilities at a chance node (probabilities sum to 1)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action. Called only with actions that are legal here."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> IllegalAction:
        """Explain, naming the rule, why a well-formed action is not legal here."""

    @abstractmethod
    def clone(self, *, log: bool = False) -> State:
        """An independent copy. The log is copied only when ``log`` is true (search does not need it)."""

    @abstractmethod
    def _state_json(self) -> dict[str, Any]:
        """Everything needed to restore this state exactly (loaded by ``Game._state_from_json``)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-serialisable, hidden parts absent.

        Read-only: views share the parts that never change (printed component data, built once), so a caller
        that edits a view edits a copy (``copy.deepcopy``).
        """

    def label(self, action: Action) -> str:
        """A plain-words label for an action legal here, e.g. ``"Labour 9: 6 + 3"``: :meth:`label_msg` in
        English. A game overrides this or :meth:`label_msg` (one of the two)."""
        return render(self.label_msg(action), ENGLISH)

    def label_msg(self, action: Action) -> Msg:
        """The label of an action legal here as a message, for each reader's language."""
        return Msg.literal(self.label(action))

    @abstractmethod
    def scores(self) -> list[float]:
        """Current score of every participant (seats, then automata); final once terminal."""

    @abstractmethod
    def score_breakdown(self) -> list[dict[str, float]]:
        """Per participant, the score by category; the values add up to :meth:`scores`."""

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        """Higher is better: the score first, then the game's tie-breaks. Equal keys share a place."""
        return (self.scores()[participant],)

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy in which everything ``seat`` cannot see is resampled consistently with what it saw.

        Perfect-information games (and games whose secrets are drawn lazily as chance) return a clone.
        """
        return self.clone()

    def turn_key(self) -> Hashable:
        """What tells one turn of a seat from its next: equal for every decision of the turn in progress,
        different once the same seat begins another (Hercules' Pegasus can give a seat the last turn of a
        round and the first of the next; a solo player plays every turn).

        A turn is the run of decisions one seat makes before play passes on (placing, paying and storing in
        one Attika turn; a bid and its amount in Peloponnes). Interfaces count turns by :meth:`current_turn`
        (the server's clocks add their bonus per turn, and its timeout bot plays exactly the late seat's
        turn). The default, for games where a seat never takes two turns in a row, says nothing: turns then
        change with :meth:`turn_owner`.
        """
        return None

    def turn_owner(self) -> int:
        """Whose turn it is: the seat to move, except while another seat reacts inside that turn (Hellas
        (Delonge) asks the other player whether to play a card in the active player's turn), when it is the
        seat whose turn goes on."""
        return self.current_player()

    def current_turn(self) -> tuple[int, Hashable]:
        """The turn in progress, ``(turn_owner(), turn_key())``: two decision points are in one turn exactly
        when these are equal."""
        return (self.turn_owner(), self.turn_key())

    @property
    def num_participants(self) -> int:
        return self.num_players

    def participant_names(self) -> list[str]:
        return [f"Player {i + 1}" for i in range(self.num_players)]

    # ------------------------------------------------------------------ node type and legal actions

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal decisions, or the chance outcomes at a chance node, or nothing once the game is over."""
        player = self.current_player()
        if player >= 0:
            return self._legal_actions()
        if player == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return []

    def sample_chance(self, rng: Rng) -> Action:
        """Draw a chance outcome with its probability. Games with huge outcome sets override this."""
        outcomes = self.chance_outcomes()
        if len(outcomes) == 1:
            return outcomes[0][0]
        index = rng.weighted_index([p for _, p in outcomes])
        return outcomes[index][0]

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action, seat: int | None = None) -> Action:
        """Apply an action after checking it; on any error the state is unchanged.

        ``seat`` (optional) is who submits it: a wrong seat raises :class:`NotYourTurn`. Answers the action
        played: ``action`` itself, or the offered action it is a twin of (see :meth:`check`), which is also
        what the history and so the record hold.
        """
        played = self.check(action, seat)
        self.apply_unchecked(played)
        return played

    def check(self, action: Action, seat: int | None = None) -> Action:
        """Raise the error :meth:`apply` would raise, without changing anything; answer the action it plays.

        Interchangeable choices (two stacks alike, identical cards, equal spaces) are offered once, but a
        player who picks the other one has made a legal move: an action that the game calls a twin of an
        offered one (:meth:`_twin`) is accepted and played as the offered one, with the same result and the
        same record. Only what is really illegal raises.
        """
        player = self.current_player()
        if player == TERMINAL:
            raise GameOver()
        if seat is not None and seat != player:
            raise NotYourTurn(seat, player)
        if not isinstance(action, Action) or type(action) not in self.game.action_type_set:
            raise InvalidAction(f"{action!r} is not an action of {self.game.name}")
        if self.is_legal(action):
            return action
        if player >= 0:
            twin = self._twin(action)
            if twin is not None and self.is_legal(twin):
                return twin
        raise self._why_illegal(action)

    def _twin(self, action: Action) -> Action | None:
        """The offered action that ``action`` (not offered itself) is interchangeable with, or None.

        Games whose legal actions leave out interchangeable choices override this (most with
        :meth:`_twin_by_effect`); only decisions ask it, never chance. The answer is checked for legality by
        :meth:`check`.
        """
        return None

    def _twin_by_effect(
        self, action: Action, effect: Callable[[Any, Action], object | None]
    ) -> Action | None:
        """The offered action of ``action``'s type with the same ``effect(state, action)``, or None.

        ``effect`` names what a choice does here as far as its twins are concerned (None: the actor cannot
        choose it at all). The error path only, so walking the legal actions is fine.
        """
        key = effect(self, action)
        if key is None:
            return None
        for offered in self.legal_actions():
            if offered != action and type(offered) is type(action) and effect(self, offered) == key:
                return offered
        return None

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for bots walking :meth:`legal_actions`: no checks at all."""
        self._hist = (action, self._hist)
        self._nhist += 1
        self._apply(action)

    # ------------------------------------------------------------------ history, log, versions

    def _forget_past(self) -> None:
        """Drop the history and log (for determinized samples); the version count stays."""
        self._hist = None
        self._events = None

    @property
    def version(self) -> int:
        """Number of actions applied so far; the server uses it to reject stale moves."""
        return self._nhist

    def history(self) -> list[Action]:
        out: list[Action] = []
        node = self._hist
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def _emit(
        self, text: str | Msg, actor: int | None = None, audience: tuple[int, ...] | None = None
    ) -> None:
        """Add a log line, a message (or a literal string); games call this only when ``logging``."""
        if self._events is not None:
            self._events.append(Event.of(self._nhist - 1, text, actor, audience))

    @property
    def logging(self) -> bool:
        return self._events is not None

    @property
    def events(self) -> list[Event]:
        return list(self._events or ())

    def visible_events(self, seat: int | None, *, omniscient: bool = False) -> list[Event]:
        """The log as ``seat`` may read it (None: a spectator; ``omniscient`` for finished-game review, which
        reads every secret in full and so skips their public halves)."""
        if omniscient:
            return [e for e in self._events or () if not e.is_public_half]
        return [e for e in self._events or () if e.visible_to(seat)]

    def iter_log(
        self,
        names: Sequence[str] | None = None,
        seat: int | None = None,
        *,
        omniscient: bool = False,
        lang: str = ENGLISH,
    ) -> Iterator[str]:
        names = names or self.participant_names()
        for event in self.visible_events(seat, omniscient=omniscient):
            yield event.render(names, lang)

    # ------------------------------------------------------------------ results

    def ranking(self) -> list[int]:
        """Place of every participant (1 = first; shared places are equal)."""
        return places_from_keys([self.rank_key(p) for p in range(self.num_participants)])

    def returns(self) -> list[float]:
        """Utility per seat in [-1, 1] (zero until the game ends).

        From the places when there are opponents (pairwise wins minus losses); in a solitaire with no
        automated opponent, where no place can be won, from the score: ``tanh(score / solitaire_scale)``.
        """
        if not self.is_terminal():
            return [0.0] * self.num_players
        if self.num_participants == 1:
            return [math.tanh(self.scores()[0] / self.game.solitaire_scale)]
        return pairwise_utilities(self.ranking(), self.num_players)

    def end_reason(self) -> str | None:
        """How a finished game ended, in plain words, when a safety net of the engine ended it rather than
        the game's own rules (e.g. ``"ended by the stall rule after 160 turns"``); None for the game's normal
        end, and while it is still being played. Shown with the result wherever it is shown, and kept in
        records (:mod:`hellenika.engine.record`). :meth:`end_reason_msg` in English."""
        msg = self.end_reason_msg()
        return None if msg is None else render(msg, ENGLISH)

    def end_reason_msg(self) -> Msg | None:
        """:meth:`end_reason` as a message, for each reader's language."""
        return None

    def score_heading(self, category: str) -> Msg:
        """The heading of a :meth:`score_breakdown` category, for each reader's language (the keys stay the
        language-neutral names records keep)."""
        return Msg.literal(category)

    def winners(self) -> list[int]:
        """Participants in first place once the game is over (several when they share it); ``[]`` while it
        is still being played, so the current leader is never mistaken for a result (:meth:`ranking` gives
        the standing at any time)."""
        if not self.is_terminal():
            return []
        return [p for p, place in enumerate(self.ranking()) if place == 1]

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "players": self.num_players,
            "options": dict(self.options),
            "history": [a.to_json() for a in self.history()],
            "state": self._state_json(),
        }

    def digest(self) -> str:
        """A short fingerprint of the full state, for checking replays byte for byte."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} players={self.num_players} step={self._nhist}>"
