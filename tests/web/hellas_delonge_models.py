"""Table models of Hellas (Delonge) at chosen moments, for the board tests beyond the generated fixtures.

Seeded heuristic games are played until the seat to move may take an action of a given kind; the table model
is built for that seat (or a spectator) exactly as the server and the fixtures build it.
"""

from __future__ import annotations

from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.web.model import table_model

NAMES = ["Player 1", "Player 2"]


def model_with(
    kind: str, *, spectator: bool = False, seeds: range = range(12), skip: int = 0
) -> dict[str, Any]:
    """The first position (after ``skip`` earlier ones) where the seat to move may take a ``kind`` action."""
    game = games.get("hellas_delonge")
    for seed in seeds:
        state = game.new_state(2, {})
        bot = make_agent("heuristic")
        rng = Rng(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng))
                continue
            if kind in {action.KIND for action in state.legal_actions()}:
                return table_model(state, None if spectator else player, NAMES)
            state.apply(bot.choose(Observation(state, player), rng))
    raise LookupError(f"no position with a {kind!r} action in seeds {seeds}")
