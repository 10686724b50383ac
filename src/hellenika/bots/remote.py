"""A bot's decision as a plain function of plain data, for a worker process (or a Ray task) to run.

The server thinks for its searching bots off the process that serves people (server/core/thinkers.py): it
sends the game's name, the state's JSON, the seat, the level and the bot's generator's state, and gets the
chosen action's JSON back. A spawned worker imports this module and the games, never the server.

The generator's state travels as the integer it is (:class:`hellenika.engine.rng.Rng` keeps one), so a
decision in a worker is the decision the same bot would make in the serving process: the choice depends only
on the state, the seat, the level and that integer.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, TypeVar

from hellenika.engine.agent import Agent, Observation
from hellenika.engine.rng import Rng

T = TypeVar("T")


@functools.lru_cache(maxsize=32)
def _agent(level: str) -> Agent:
    """One agent per level (or bot spec) in a worker: a policy's weights and a search's settings are loaded
    once."""
    from hellenika.bots.specs import make_agent

    return make_agent(level)


def rng_from_state(state: int) -> Rng:
    """A generator continuing from ``state`` (an :class:`Rng`'s ``state``)."""
    rng = Rng(0)
    rng.state = state
    return rng


def decide_from_json(
    game: str, state_json: dict[str, Any], seat: int, level: str, seed: int
) -> dict[str, Any]:
    """The bot of ``level``'s choice for ``seat`` at the state ``state_json`` of ``game``, as the action's
    JSON; ``seed`` is the state of the bot's generator (see the module docstring)."""
    from hellenika import games

    state = games.get(game).state_from_json(state_json)
    action = _agent(level).choose(Observation(state, seat), rng_from_state(seed))
    return action.to_json()


def call(fn: Callable[..., T], *args: Any) -> T:
    """A Ray task's body (server/core/thinkers.py): the job itself, so a Ray worker imports this module
    and the job's, never the server."""
    return fn(*args)


def worker_pid() -> int:
    """The process a job runs in (tests check that a pool's jobs do not run in the serving process)."""
    return os.getpid()


def warm(game: str) -> None:
    """Load ``game`` (its data and rules) in a worker ahead of its first job."""
    from hellenika import games

    games.get(game)


def lower_priority() -> None:
    """A worker process's start: behind the serving process for the CPU (a niceness of 10), so a person's
    move is served before a bot's thinking."""
    import contextlib

    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)
