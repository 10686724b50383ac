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

Three habits keep a hobby player from exploiting it (docs/BOTS.md, "Search habits"):

- **Progressive bias on wide choices**: at a decision with ``wide`` or more legal actions (a space, a tile,
  a pillar: about 20 in Hellas) the heuristic's choice gets ``wide_bias / (visits + 1)`` on its UCB score
  even when the game sets no ``bias``, so the visits a wide choice gets are not spread thin over
  near-equal placements while a lone "decline" collects them.
- **The final move by value among near-equal children**: the most visited child is the default, but any
  child with at least ``final_share`` of its visits (and ``FINAL_MIN_VISITS``) whose mean value is higher
  is preferred; visit counts decide only between children the search could not tell apart.
- **Playing on for the score when the result looks settled**: each leaf's reward is ``(1 - margin)`` times
  the game's returns (or their estimate) plus ``margin`` times ``tanh(evaluate / (4 * evaluation_scale))``,
  a much wider margin scale, so a lost (or won) position still prefers the better score instead of every
  move being worth -1.00.

A **guide** (``guide=``, an object with ``priors(state, legal) -> list[float]`` and ``values(state) ->
list[float]``; :class:`hellenika.rl.expert.NetworkGuide` is a trained policy-value network) turns the search
into the AlphaZero recipe over determinized worlds: its priors add ``prior_weight * p / (visits + 1)`` to each
child's UCB score, and its values replace the playout at every new leaf.

Budget: ``iterations`` or ``seconds`` (wall clock, checked every few iterations). With an iteration budget the
search is a pure function of the seed; with a time budget it depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.errors import InvalidOption
from hellenika.engine.game import Game
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State

TIME_CHECK_EVERY = 16
#: Search parameters for a game that sets none of its own (:attr:`Game.search_defaults` overrides them, and
#: a seat spec overrides both).
GENERIC_DEFAULTS: dict[str, float] = {
    "c": 0.7,
    "horizon": 4,
    "bias": 0.0,
    "until_turn": 0,
    "wide": 10,
    "wide_bias": 3.0,
    "final_share": 0.5,
    "margin": 0.1,
}
#: A child needs this many visits before its value may overrule the most visited child's.
FINAL_MIN_VISITS = 30
#: The score term of a leaf's reward uses a margin scale this many times the game's evaluation scale.
MARGIN_SCALE = 4.0


class Node:
    """One decision in the tree. ``value`` sums the rewards of ``mover``, the seat whose move led here.

    ``hint`` is the game heuristic's choice at this node (computed once, in the first sample that reaches
    it); progressive bias favours it while its visits are few.
    """

    __slots__ = ("available", "children", "hint", "mover", "priors", "value", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 1
        self.value = 0.0
        self.hint: Action | None = None
        self.priors: dict[Action, float] | None = None

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
    capping it; ``wide`` and ``wide_bias`` the progressive bias at wide choices; ``final_share`` which
    children may win the final choice by value; ``margin`` the weight of the score term in every reward
    (0 = off).
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
        wide: int | None = None,
        wide_bias: float | None = None,
        final_share: float | None = None,
        margin: float | None = None,
        guide: Any = None,
        prior_weight: float = 2.0,
    ) -> None:
        if iterations < 1 and seconds <= 0:
            raise InvalidOption("ismcts needs iterations >= 1 or seconds > 0")
        if rollout not in ("heuristic", "random"):
            raise InvalidOption("ismcts rollout must be 'heuristic' or 'random'")
        self.iterations = iterations
        self.seconds = seconds
        if margin is not None and not 0.0 <= margin < 1.0:
            raise InvalidOption("ismcts margin must be in [0, 1)")
        if final_share is not None and not 0.0 < final_share <= 1.0:
            raise InvalidOption("ismcts final_share must be in (0, 1]")
        given = {
            "c": c,
            "horizon": horizon,
            "bias": bias,
            "until_turn": until_turn,
            "wide": wide,
            "wide_bias": wide_bias,
            "final_share": final_share,
            "margin": margin,
        }
        self._given = {k: v for k, v in given.items() if v is not None}
        self.rollout = rollout
        self.guide = guide
        self.prior_weight = prior_weight
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
        self.wide = int(params["wide"])
        self.wide_bias = float(params["wide_bias"])
        self.final_share = float(params["final_share"])
        self.margin = float(params["margin"])

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
        return SearchResult(self.final_choice(moves), moves, count, elapsed)

    def final_choice(self, moves: list[MoveStats]) -> Action:
        """The move to play from the root's statistics (most visited first): the best mean value among the
        children with at least ``final_share`` of the top visit count (and ``FINAL_MIN_VISITS``), the most
        visited on a tie."""
        top = moves[0]
        floor = max(FINAL_MIN_VISITS, self.final_share * top.visits)
        best = top
        for move in moves[1:]:
            if move.visits < floor:
                break
            if move.value > best.value:
                best = move
        return best.action

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
            bias = self.bias if self.bias or len(legal) < self.wide else self.wide_bias
            if self.guide is not None and node.priors is None:
                node.priors = dict(zip(legal, self.guide.priors(state, legal), strict=True))
            if node.hint is None and (bias or self.guided):
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
            for a in legal:
                child = children[a]
                child.available += 1
                score = child.value / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if bias and a == hint:
                    score += bias / (child.visits + 1)
                priors = node.priors
                if priors is not None:
                    score += self.prior_weight * priors.get(a, 0.0) / (child.visits + 1)
                if score > best_score:
                    best_score, best, best_action = score, child, a
            state.apply_unchecked(best_action)
            path.append(best)
            node = best
        if state.is_terminal():
            rewards = self.leaf_rewards(state, True)
        elif self.guide is not None:
            rewards = self.guide.values(state)
        else:
            rewards = self.playout(state, rng)
        for n in path:
            n.visits += 1
            n.value += rewards[n.mover]

    def leaf_rewards(self, state: State, terminal: bool) -> list[float]:
        """The reward per seat at the end of a playout: the returns (exact at the end, else the game's
        estimate) blended with the wide-scale score term (see the module docstring). Where the game keeps
        the engine's own ``estimate_returns``, both come from one ``evaluate`` per seat."""
        game = state.game
        m = self.margin
        n = state.num_players
        if m <= 0.0:
            return state.returns() if terminal else game.estimate_returns(state)
        scale = game.evaluation_scale
        margins = [game.evaluate(state, seat) for seat in range(n)]
        if terminal:
            base = state.returns()
        elif type(game).estimate_returns is Game.estimate_returns:
            base = [math.tanh(x / scale) for x in margins]
        else:
            base = game.estimate_returns(state)
        wide = MARGIN_SCALE * scale
        return [(1.0 - m) * b + m * math.tanh(x / wide) for b, x in zip(base, margins, strict=True)]

    def _expansion_choice(self, node: Node, untried: list[Action], rng: Rng) -> Action:
        if node.priors is not None:
            priors = node.priors
            return max(untried, key=lambda x: priors.get(x, 0.0))
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
                return self.leaf_rewards(state, True)
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if (0 <= horizon <= decisions) or (player == root_seat and others_moved):
                return self.leaf_rewards(state, False)
            if player != root_seat:
                others_moved = True
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                decisions += 1
                action = legal[rng.randbelow(len(legal))] if use_random else policy(state, rng)
            state.apply_unchecked(action)
