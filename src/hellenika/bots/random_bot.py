"""The uniformly random player: the baseline every other bot must beat, and the benchmark's driver."""

from __future__ import annotations

from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng


class RandomBot:
    name = "random"

    def choose(self, observation: Observation, rng: Rng) -> Action:
        legal = observation.legal_actions
        return legal[rng.randbelow(len(legal))]
