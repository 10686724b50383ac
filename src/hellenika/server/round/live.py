"""The state cache: a started table in memory, and what every part of the master shares.

:class:`MasterBase` names the attributes and methods the master's parts (:mod:`pushes`, :mod:`bots`,
:mod:`deadlines`) use of each other, so each part type-checks on its own;
:class:`hellenika.server.round.master. Master` is all of them together.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from hellenika.engine.agent import Agent
from hellenika.engine.game import Game
from hellenika.engine.state import State
from hellenika.server.round.moves import BY_TIMEOUT
from hellenika.server.round.views import LogCache
from hellenika.server.tables import TableInfo

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from hellenika.engine.actions import Action
    from hellenika.server.core.config import Settings
    from hellenika.server.core.coordination import LocalLocks
    from hellenika.server.core.fanout import Fanout
    from hellenika.server.core.hub import Hub
    from hellenika.server.store import Store
    from hellenika.server.tables import Clock

T = TypeVar("T")


class LiveTable:
    """A started table in memory: its info, its current state (with the log) and who made each action."""

    def __init__(self, info: TableInfo, game: Game, state: State, meta: list[tuple[int, str]]) -> None:
        self.info = info
        self.game = game
        self.state = state
        self.meta = meta  # (seat, by) of every action in the history
        self.lock = asyncio.Lock()
        self.agents: dict[tuple[int, str], Agent] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.log = LogCache()
        self.log.timeout_steps.update(step for step, (_seat, by) in enumerate(meta) if by == BY_TIMEOUT)

    def names(self) -> list[str]:
        return self.info.seat_names() + self.state.participant_names()[self.info.players :]


class MasterBase:
    """What the master's parts share (set up by ``Master.__init__``)."""

    store: Store
    settings: Settings
    locks: LocalLocks
    fanout: Fanout
    hub: Hub
    live: dict[str, LiveTable]
    closed: bool
    _tasks: set[asyncio.Task[Any]]

    if TYPE_CHECKING:

        async def live_table(self, table_id: str) -> LiveTable: ...

        async def _commit(
            self,
            live: LiveTable,
            seat: int,
            action: Action | Callable[[], Action],
            by: str,
            *,
            behind_ok: bool = False,
            received: float | None = None,
        ) -> None: ...

        async def _forfeit(
            self, live: LiveTable, seat: int, reason: str, *, clock: Clock | None = None
        ) -> None: ...

        @staticmethod
        def _with_rating(info: TableInfo, meta: list[tuple[int, str]], forfeit: str | None) -> TableInfo: ...

        async def _vacation_waits(self, live: LiveTable, seat: int, now: float) -> bool: ...

        async def expire(self, live: LiveTable, now: float) -> bool: ...

        async def _write(self, table_id: str, write: Callable[[Session], T]) -> T: ...

        async def publish(self, live: LiveTable) -> None: ...

        def publish_table(self, info: TableInfo) -> None: ...

        def offer_table(self, info: TableInfo) -> None: ...

        def announce(
            self, info: TableInfo, news: dict[str, Any] | None = None, *, noted: bool = False
        ) -> None: ...

        async def catch_up(self, live: LiveTable) -> bool: ...

        def forget(self, table_id: str) -> None: ...

        async def _load(self, table_id: str) -> LiveTable: ...

        def kick_bots(self, live: LiveTable) -> None: ...

        def spawn(self, coroutine: Any) -> asyncio.Task[Any]: ...

        async def _bot_move(
            self, live: LiveTable, seat: int, level: str
        ) -> Action | Callable[[], Action]: ...
