"""Seat specs as the command line writes them: ``random``, ``greedy``, ``greedy:epsilon=0.2``.

The registry of bot kinds grows with the bots (ISMCTS, heuristic players); ``human`` is handled by the
interfaces, not here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenika.bots.greedy import GreedyBot
from hellenika.bots.heuristic import HeuristicBot
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.bots.policy import PolicyBot
from hellenika.bots.random_bot import RandomBot
from hellenika.engine.agent import Agent
from hellenika.engine.errors import InvalidOption

BOT_KINDS: dict[str, Callable[..., Agent]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
    "ismcts": ISMCTSBot,
    # A trained network (``policy`` plays the one shipped for the game, ``policy:path=FILE.npz`` a file's).
    "policy": PolicyBot,
}

# Levels for players: what a table's "bot level" means.
LEVELS: dict[str, str] = {
    "easy": "greedy:epsilon=0.5",
    "medium": "heuristic",
    "hard": "ismcts:seconds=1",
    "expert": "ismcts:seconds=5",
    # Only where a policy is shipped for the game and player count (hellenika.bots.policy.shipped_policies).
    "trained": "policy",
}


def _coerce(value: str) -> Any:
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``kind:key=value,key=value`` into the kind and its parameters."""
    kind, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise InvalidOption(f"bot parameters are written key=value; got {item!r} in {spec!r}")
        params[key.strip()] = _coerce(value.strip())
    return kind.strip(), params


def make_agent(spec: str) -> Agent:
    if spec in LEVELS:
        agent = make_agent(LEVELS[spec])
        agent.name = spec
        return agent
    kind, params = parse_spec(spec)
    factory = BOT_KINDS.get(kind)
    if factory is None:
        raise InvalidOption(f"unknown bot {kind!r}; bots: {', '.join([*BOT_KINDS, *LEVELS])}")
    try:
        agent = factory(**params)
    except TypeError as exc:
        raise InvalidOption(f"bad parameters for bot {kind!r}: {exc}") from None
    agent.name = spec  # the spec as written is the bot's identity in tables and records
    return agent
