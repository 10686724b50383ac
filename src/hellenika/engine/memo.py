"""Values built once per object, for the parts of views that never change (printed component data).

Catalogues, component sets and board sides are loaded once per process and never change, so whatever a view
derives from them alone can be built on first use and shared by every later view. They are looked up by
identity: they need not be hashable, and hashing a whole catalogue by value would cost more than it saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BuiltOnce(Generic[K, V]):
    """``memo(obj)`` is ``build(obj)``, computed on the first call for that very object and kept."""

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[K], V]) -> None:
        self._build = build
        self._built: dict[int, tuple[K, V]] = {}

    def __call__(self, key: K) -> V:
        found = self._built.get(id(key))
        if found is None or found[0] is not key:  # the key object itself is kept, so its id is not reused
            found = self._built[id(key)] = (key, self._build(key))
        return found[1]
