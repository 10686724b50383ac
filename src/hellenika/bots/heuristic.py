"""The heuristic player: each game's own rules of thumb (:meth:`Game.heuristic_action`), played on a
determinized sample of what the seat may know. Fast, decent, and the policy of search playouts."""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng


class HeuristicBot:
    name = "heuristic"

    def choose(self, observation: Observation, rng: Rng) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = observation.sample_state(rng)
        return state.game.heuristic_action(state, rng)
