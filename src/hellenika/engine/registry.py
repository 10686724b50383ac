"""A registry of games by name, importing each game package only when first asked for.

The list of games lives in :mod:`hellenika.games` (the engine must not import games); this module holds the
mechanics, so tests can register a toy game too.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from hellenika.engine.errors import UnknownGame

if TYPE_CHECKING:
    from hellenika.engine.game import Game


class Registry:
    """Maps names to ``"module:attribute"`` paths of Game instances, loaded lazily and cached."""

    def __init__(self, entries: dict[str, str] | None = None) -> None:
        self._paths: dict[str, str] = dict(entries or {})
        self._loaded: dict[str, Game] = {}

    def register(self, name: str, path: str) -> None:
        self._paths[name] = path
        self._loaded.pop(name, None)

    def names(self) -> list[str]:
        return list(self._paths)

    def get(self, name: str) -> Game:
        game = self._loaded.get(name)
        if game is not None:
            return game
        path = self._paths.get(name)
        if path is None:
            raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(self._paths)}")
        module_name, _, attribute = path.partition(":")
        loaded: Game = getattr(importlib.import_module(module_name), attribute)
        self._loaded[name] = loaded
        return loaded

    def all(self) -> list[Game]:
        return [self.get(name) for name in self._paths]
