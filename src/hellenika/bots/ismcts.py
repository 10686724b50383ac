"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Every iteration samples a world consistent with what the searching seat knows
(:meth:`Observation.sample_state`: hidden cards re-dealt, nothing of the true state read), then walks one tree
shared by all samples. The tree is *open loop*: an edge is a decision, and whatever chance happens between two
decisions is sampled afresh each time, so dice and draws never split the tree. A child is only considered when
its action is legal in the current sample, and its UCB exploration term counts how often it was *available*
rather than how often its parent was visited (the ISMCTS correction for actions that are not always legal).

Rewards are vectors, one entry per seat: each node keeps the sum of the reward of the seat that chose the move
leading to it, so every seat maximises its own result (multi-player, general-sum). A playout continues with a
policy (the game's heuristic or uniform random) for ``horizon`` decisions, then the position is scored with
:meth:`Game.estimate_returns` (exact returns if the game ended). Decisions with a single legal action do not
become tree nodes. New children are expanded in the order the game's heuristic suggests, when ``guided``.

Budget: ``iterations`` or ``seconds`` (wall clock, checked every few iterations). With an iteration budget the
search is a pure function of the seed; with a time budget it depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.errors import InvalidOption
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State

TIME_CHECK_EVERY = 16
#: Search parameters for a game that sets none of its own (:attr:`Game.search_defaults` overrides them, and
#: a seat spec overrides both).
GENERIC_DEFAULTS: dict[str, float] = {"c": 0.7, "horizon": 4, "bias": 0.0, "until_turn": 0}


class Node:
    """One decision in the tree. ``value`` sums the rewards of ``mover``, the seat whose move led here.

    ``hint`` is the game heuristic's choice at this node (computed once, in the first sample that reaches
    it); progressive bias favours it while its visits are few.
    """

    __slots__ = ("available", "children", "hint", "mover", "value", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 1
        self.value = 0.0
        self.hint: Action | None = None

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class MoveStats:
    action: Action
    visits: int
    value: float  # mean reward for the deciding seat, in [-1, 1]


@dataclass(frozen=True)
class SearchResult:
    best: Action
    moves: list[MoveStats]  # most visited first
    iterations: int
    seconds: float

    def stats_for(self, action: Action) -> MoveStats | None:
        return next((m for m in self.moves if m.action == action), None)


class ISMCTSBot:
    """ISMCTS with a heuristic playout policy and evaluation cut-off.

    Parameters (all settable from a seat spec, e.g. ``ismcts:iterations=2000,horizon=6``; ``c``,
    ``horizon``, ``bias`` and ``until_turn`` left unset take the game's :attr:`Game.search_defaults`, then
    :data:`GENERIC_DEFAULTS`):
    ``iterations`` (default 1000) or ``seconds`` (a time budget instead); ``c`` the exploration constant;
    ``horizon`` the number of playout decisions before the position is evaluated (0 = evaluate the new leaf
    at once; a negative value plays to the end); ``rollout`` ``heuristic`` or ``random``; ``guided`` (1/0)
    expand children in the heuristic's order first; ``bias`` progressive bias towards the heuristic's
    choice: ``bias / (visits + 1)`` is added to its UCB score, so the search leaves the heuristic's move only
    for one it finds clearly better; ``until_turn`` (1/0) ends a playout as soon as the searching seat is
    about to decide again after another seat has moved (a consistent point to evaluate), ``horizon`` still
    capping it.
    """

    def __init__(
        self,
        iterations: int = 1000,
        seconds: float = 0.0,
        c: float | None = None,
        horizon: int | None = None,
        rollout: str = "heuristic",
        guided: int = 1,
        bias: float | None = None,
        until_turn: int | None = None,
        name: str | None = None,
    ) -> None:
        if iterations < 1 and seconds <= 0:
            raise InvalidOption("ismcts needs iterations >= 1 or seconds > 0")
        if rollout not in ("heuristic", "random"):
            raise InvalidOption("ismcts rollout must be 'heuristic' or 'random'")
        self.iterations = iterations
        self.seconds = seconds
        given = {"c": c, "horizon": horizon, "bias": bias, "until_turn": until_turn}
        self._given = {k: v for k, v in given.items() if v is not None}
        self.rollout = rollout
        self.guided = bool(guided)
        self._configured_for = ""
        self._configure(GENERIC_DEFAULTS)
        self._root_seat = -1
        if name is None:
            budget = f"seconds={seconds:g}" if seconds > 0 else f"iterations={iterations}"
            name = f"ismcts:{budget}"
        self.name = name

    def _configure(self, game_defaults: dict[str, float]) -> None:
        params = {**GENERIC_DEFAULTS, **game_defaults, **self._given}
        self.c = float(params["c"])
        self.horizon = int(params["horizon"])
        self.bias = float(params["bias"])
        self.until_turn = bool(params["until_turn"])

    # ------------------------------------------------------------------ the Agent protocol

    def choose(self, observation: Observation, rng: Rng) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self.search(observation, rng).best

    # ------------------------------------------------------------------ search

    def search(self, observation: Observation, rng: Rng) -> SearchResult:
        """Run the search and return the root's statistics (used by ``analyze`` too)."""
        root_legal = observation.legal_actions
        self._root_seat = observation.seat
        game = observation.game
        if self._configured_for != game.name:
            self._configure(dict(game.search_defaults))
            self._configured_for = game.name
        root = Node(-1)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds > 0 else math.inf
        limit = self.iterations if self.seconds <= 0 else 1 << 62
        count = 0
        while count < limit:
            if count % TIME_CHECK_EVERY == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, observation.sample_state(rng), rng)
            count += 1
        elapsed = time.perf_counter() - start
        moves = [
            MoveStats(a, root.children[a].visits, root.children[a].mean())
            if a in root.children
            else MoveStats(a, 0, 0.0)
            for a in root_legal
        ]
        moves.sort(key=lambda m: (-m.visits, -m.value))
        best = moves[0].action
        return SearchResult(best, moves, count, elapsed)

    def _iterate(self, root: Node, state: State, rng: Rng) -> None:
        node = root
        path: list[Node] = []
        expanded = False
        c = self.c
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if player == TERMINAL:
                break
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_unchecked(legal[0])
                continue
            if expanded:
                break
            children = node.children
            if node.hint is None and (self.bias or self.guided):
                node.hint = state.game.heuristic_action(state, rng)
            untried = [a for a in legal if a not in children]
            if untried:
                action = self._expansion_choice(node, untried, rng)
                child = Node(player)
                children[action] = child
                for a in legal:
                    other = children.get(a)
                    if other is not None and other is not child:
                        other.available += 1
                state.apply_unchecked(action)
                path.append(child)
                node = child
                expanded = True
                continue
            best = children[legal[0]]
            best_action = legal[0]
            best_score = -math.inf
            hint = node.hint
            bias = self.bias
            for a in legal:
                child = children[a]
                child.available += 1
                score = child.value / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if bias and a == hint:
                    score += bias / (child.visits + 1)
                if score > best_score:
                    best_score, best, best_action = score, child, a
            state.apply_unchecked(best_action)
            path.append(best)
            node = best
        rewards = self.playout(state, rng) if not state.is_terminal() else state.returns()
        for n in path:
            n.visits += 1
            n.value += rewards[n.mover]

    def _expansion_choice(self, node: Node, untried: list[Action], rng: Rng) -> Action:
        if self.guided and node.hint in untried:
            return node.hint
        return untried[rng.randbelow(len(untried))]

    def playout(self, state: State, rng: Rng) -> list[float]:
        """Play on with the playout policy for ``horizon`` decisions; return (estimated) returns per seat."""
        game = state.game
        policy: Callable[[State, Rng], Action] = game.heuristic_action
        use_random = self.rollout == "random"
        decisions = 0
        horizon = self.horizon
        root_seat = self._root_seat if self.until_turn else -99
        others_moved = False
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if (0 <= horizon <= decisions) or (player == root_seat and others_moved):
                return game.estimate_returns(state)
            if player != root_seat:
                others_moved = True
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                decisions += 1
                action = legal[rng.randbelow(len(legal))] if use_random else policy(state, rng)
            state.apply_unchecked(action)
