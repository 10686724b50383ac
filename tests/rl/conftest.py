"""Shared parameters of the rl suites: every registered game with each configuration it lists."""

from __future__ import annotations

import pytest

from hellenika import games
from hellenika.engine import Rng, State


def config_id(name: str, players: int, options: dict[str, object]) -> str:
    return f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


CONFIGS = [
    pytest.param(name, players, options, id=config_id(name, players, options))
    for name in games.names()
    for players, options in games.get(name).configurations()
]


def random_states(
    name: str, players: int, options: dict[str, object], seed: int, every: int = 1
) -> list[State]:
    """Snapshots of one seeded random game, one every ``every`` steps, the final state included."""
    game = games.get(name)
    state = game.new_state(players, options, log=False)
    rng = Rng(seed)
    out: list[State] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            out.append(state.clone())
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_unchecked(action)
        step += 1
    out.append(state)
    return out
