"""The registered games. ``hellenika.games.get("hercules")`` returns the immutable Game.

Each game lives in its own package and is imported only when first used.
"""

from __future__ import annotations

from hellenika.engine.game import Game
from hellenika.engine.registry import Registry

REGISTRY = Registry(
    {
        "hercules": "hellenika.games.hercules:GAME",
        "hellas": "hellenika.games.hellas:GAME",
        "attika": "hellenika.games.attika:GAME",
        "hellas_delonge": "hellenika.games.hellas_delonge:GAME",
        "peloponnes": "hellenika.games.peloponnes:GAME",
    }
)


def get(name: str) -> Game:
    return REGISTRY.get(name)


def names() -> list[str]:
    return REGISTRY.names()


def all_games() -> list[Game]:
    return REGISTRY.all()
