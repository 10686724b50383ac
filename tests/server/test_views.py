"""The cached table model is exactly ``table_model``, whatever order the states of a table are shown in."""

from __future__ import annotations

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import play_match
from hellenika.server.round.views import LogCache, cached_table_model
from hellenika.web.model import table_model


def test_cached_models_equal_table_model_in_any_order() -> None:
    game = games.get("attika")
    record = play_match(game, 2, [make_agent("random")] * 2, seed=5).record
    states = []
    state = game.new_state(2, record.options, log=True)
    for item in record.actions[:60]:
        state = state.clone(log=True)
        state.apply(game.action_from_json(item))
        states.append(state)
    names = ["ann", "bob"]
    cache = LogCache()
    # forward, then an older state (a request reading the current state while the next is being built),
    # then a state from another lineage (a rebuild after an undo), then forward again
    order = [*states[:30], states[10], states[29], states[40]]
    rebuilt = game.new_state(2, record.options, log=True)
    for item in record.actions[:20]:
        rebuilt.apply(game.action_from_json(item))
    order += [rebuilt, *states[30:]]
    for s in order:
        for seat in (0, 1, None):
            assert cached_table_model(s, seat, names, cache) == table_model(s, seat, names)
    assert cached_table_model(states[-1], 0, ["x", "y"], cache) == table_model(states[-1], 0, ["x", "y"])
