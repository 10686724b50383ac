"""Building the table models the server sends, fast: the same models as ``hellenika.web.model.table_model``,
with the log rendered once per event instead of once per push.

A game log grows by a few lines per action but a model carries all of it, and rendering every line for every
seat on every push was most of the cost of a move. ``LogCache`` keeps each event's rendered entry; the model
is ``table_model`` itself, run on the state with its log hidden, and the cached entries the seat may read are
put in its place. The hidden-information test compares every payload with ``table_model`` directly.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, cast

from hellenika.engine.events import Event
from hellenika.engine.state import State
from hellenika.web.model import log_entry, table_model


class _WithoutLog:
    """The state as ``table_model`` sees it, with an empty log (the cache supplies the real one)."""

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def visible_events(self, seat: int | None, *, omniscient: bool = False) -> list[Event]:
        return []


class LogCache:
    """Rendered log entries of one table's events, append-only while the game goes forward.

    A state whose events extend the cached ones (the next state after a move: clones share the Event
    objects) only renders its new lines; any other (an undo, a restart) starts the cache again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list[Event] = []
        self._entries: list[dict[str, Any]] = []
        self._names: tuple[str, ...] = ()
        #: History steps a bot played for a late player (``by == "timeout"``): their lines are marked. The
        #: master adds a step before committing the action, so its lines are rendered marked.
        self.timeout_steps: set[int] = set()

    def entries(self, state: State, names: Sequence[str]) -> tuple[list[Event], list[dict[str, Any]]]:
        """The state's events and their rendered entries (lists the caller must not change).

        The cache may already hold more events than ``state`` (the next state is being built on the writer
        thread while a request reads the current one): a prefix is served as it is.
        """
        events = state.events
        count = len(events)
        with self._lock:
            known = len(self._events)
            same_names = tuple(names) == self._names
            if same_names and count <= known and (count == 0 or events[count - 1] is self._events[count - 1]):
                return self._events[:count], self._entries[:count]
            if not same_names or (
                known > 0 and (count < known or events[known - 1] is not self._events[known - 1])
            ):
                self._events, self._entries, self._names, known = [], [], tuple(names), 0
            for event in events[known:]:
                self._events.append(event)
                self._entries.append(log_entry(event, names, event.step in self.timeout_steps))
            return self._events[:count], self._entries[:count]


def cached_table_model(state: State, seat: int | None, names: Sequence[str], log: LogCache) -> dict[str, Any]:
    """Exactly ``table_model(state, seat, names)``, with the log's rendering cached."""
    model = table_model(cast(State, _WithoutLog(state)), seat, names)
    events, entries = log.entries(state, names)
    model["log"] = [entry for entry, event in zip(entries, events, strict=True) if event.visible_to(seat)]
    return model
