"""The greedy player: tries every legal action on a determinized copy and keeps the best by the game's
heuristic (:meth:`Game.evaluate`), breaking ties at random.

When an action leads to a chance node (a roll, a draw), the value is averaged over a few sampled outcomes,
so a re-roll is judged by what it is likely to give rather than by the position before the dice land.
``epsilon`` makes it play a random move now and then (the "easy" level).
"""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, State

CHANCE_SAMPLES = 6
MAX_CHANCE_DEPTH = 8


class GreedyBot:
    def __init__(self, epsilon: float = 0.0, samples: int = CHANCE_SAMPLES) -> None:
        self.epsilon = epsilon
        self.samples = samples
        self.name = "greedy" if epsilon == 0 else f"greedy:epsilon={epsilon:g}"

    def choose(self, observation: Observation, rng: Rng) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and rng.random() < self.epsilon:
            return legal[rng.randbelow(len(legal))]
        seat = observation.seat
        base = observation.sample_state(rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = self._value_after(base, action, seat, rng)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[rng.randbelow(len(best))]

    def _value_after(self, base: State, action: Action, seat: int, rng: Rng) -> float:
        state = base.clone()
        state.apply_unchecked(action)
        if state.current_player() != CHANCE:
            return state.game.evaluate(state, seat)
        total = 0.0
        for _ in range(self.samples):
            sample = state.clone()
            depth = 0
            while sample.current_player() == CHANCE and depth < MAX_CHANCE_DEPTH:
                sample.apply_unchecked(sample.sample_chance(rng))
                depth += 1
            total += sample.game.evaluate(sample, seat)
        return total / self.samples
