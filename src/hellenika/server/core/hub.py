"""The open WebSocket connections of each table, and how a message reaches them without waiting on anyone.

Every message for a table is complete (a whole table model, or the whole table JSON), so a connection only
ever needs the newest one: ``offer`` replaces whatever is still unsent, and the connection's own sender task
writes it. A slow or stalled browser therefore never delays a move or the other seats, and never piles up a
queue. Messages carry the table version, and an older one never replaces a newer one.

Chat lines (server/chat/service.py) are not complete states: each one counts, so they wait in a small FIFO of
their own (``offer_chat``), sent in order by the same sender task. A connection that lets ``CHAT_QUEUE`` of
them pile up unsent loses the queue and is sent ``{"type": "chat_reload"}`` instead, on which the page reads
the history again: nothing is dropped without the page knowing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import WebSocket

log = logging.getLogger("hellenika.server")


#: The most chat lines one connection holds unsent (then it is told to reload the chat's history).
def dumps(data: Any) -> str:
    """A message's JSON text, as every socket message is written."""
    return orjson.dumps(data).decode()


def dumps_bytes(data: Any) -> bytes:
    return orjson.dumps(data)


CHAT_QUEUE = 64
CHAT_RELOAD = '{"type":"chat_reload"}'


class Connection:
    """One browser's WebSocket on one table, as one user (or anonymous)."""

    def __init__(self, websocket: WebSocket, user_id: int | None, session: str | None = None) -> None:
        self.websocket = websocket
        self.user_id = user_id
        #: The SHA-256 of the session token it was opened with: logging out closes it.
        self.session = session
        #: Opened with the table's invitation token (``?invite=``): reads a private table's chat.
        self.invited = False
        #: Where it came from (its address key), for the caps of anonymous sockets (round/socket.py).
        self.address: str | None = None
        self._pending: str | None = None
        self._pending_version = -1
        self._sent_version = -1
        self._chat: deque[str] = deque()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._sender())

    def offer(self, text: str, version: int) -> None:
        """Queue ``text`` (replacing an unsent older message) unless something newer was sent already."""
        if version < max(self._sent_version, self._pending_version):
            return
        self._pending = text
        self._pending_version = version
        self._wake.set()

    def offer_chat(self, text: str) -> None:
        """Queue a chat line after the others (never replacing one); too many unsent: a reload note."""
        if len(self._chat) >= CHAT_QUEUE:
            self._chat.clear()
            text = CHAT_RELOAD
        self._chat.append(text)
        self._wake.set()

    @property
    def sent_version(self) -> int:
        return self._sent_version

    async def _sender(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                text, self._pending = self._pending, None
                if text is not None:
                    version = self._pending_version
                    await self.websocket.send_text(text)
                    self._sent_version = max(self._sent_version, version)
                while self._chat:
                    await self.websocket.send_text(self._chat.popleft())
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under us; the receive loop notices and cleans up
            log.debug("websocket send failed", exc_info=True)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


class Hub:
    """Connections by table id, and how many each person (or, for anonymous ones, each address) holds."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}
        self._per_owner: dict[tuple[str, object], int] = {}
        #: Called with a person's id when they open their first socket in this process (core/presence.py
        #: marks them present at once).
        self.on_arrival: Callable[[int], None] | None = None

    @staticmethod
    def _owner(connection: Connection) -> tuple[str, object]:
        if connection.user_id is not None:
            return ("user", connection.user_id)
        return ("address", connection.address)

    def add(self, table_id: str, connection: Connection) -> None:
        connections = self._tables.setdefault(table_id, set())
        if connection not in connections:
            connections.add(connection)
            owner = self._owner(connection)
            held = self._per_owner.get(owner, 0)
            self._per_owner[owner] = held + 1
            if held == 0 and owner[0] == "user" and self.on_arrival is not None:
                self.on_arrival(connection.user_id)  # type: ignore[arg-type]

    def admit(self, table_id: str, connection: Connection, per_user: int, per_address: int) -> bool:
        """Add the connection unless its person already holds ``per_user`` sockets in this process (an
        anonymous one: its address ``per_address``); checked and counted in one step."""
        owner = self._owner(connection)
        most = per_user if owner[0] == "user" else per_address
        if self._per_owner.get(owner, 0) >= most:
            return False
        self.add(table_id, connection)
        return True

    def held(self, user_id: int | None, address: str | None = None) -> int:
        """How many sockets this person holds (``user_id`` None: this address's anonymous visitors)."""
        owner: tuple[str, object] = ("user", user_id) if user_id is not None else ("address", address)
        return self._per_owner.get(owner, 0)

    def remove(self, table_id: str, connection: Connection) -> None:
        connections = self._tables.get(table_id)
        if connections is not None and connection in connections:
            connections.discard(connection)
            owner = self._owner(connection)
            left = self._per_owner.get(owner, 1) - 1
            if left > 0:
                self._per_owner[owner] = left
            else:
                self._per_owner.pop(owner, None)
            if not connections:
                del self._tables[table_id]

    def connections(self, table_id: str) -> list[Connection]:
        return list(self._tables.get(table_id, ()))

    def has(self, table_id: str) -> bool:
        return bool(self._tables.get(table_id))

    def user_connected(self, user_id: int) -> bool:
        """Whether this person has a live WebSocket on any table (the quiet rule of notifications)."""
        return self._per_owner.get(("user", user_id), 0) > 0

    def users(self) -> set[int]:
        """The people with at least one socket in this process (core/presence.py marks them present)."""
        return {owner for kind, owner in self._per_owner if kind == "user"}  # type: ignore[misc]

    def sessions(self) -> dict[str, int]:
        """The sessions (token hashes) the open sockets were opened with, and whose they are: re-checked
        against the database (people/accounts.py) so a logout no note announced still closes them."""
        found: dict[str, int] = {}
        for connections in self._tables.values():
            for connection in connections:
                if connection.session is not None and connection.user_id is not None:
                    found[connection.session] = connection.user_id
        return found

    async def close_session(self, session: str, code: int = 4401, reason: str = "logged out") -> int:
        """Close every connection opened with this session (its owner logged out); answers how many.

        A socket keeps the identity it was opened with, so without this a page left open after logging out
        would go on receiving that seat's private model."""
        closed = 0
        for table_id, connections in list(self._tables.items()):
            for connection in [c for c in connections if c.session == session]:
                self.remove(table_id, connection)
                await connection.stop()
                with contextlib.suppress(Exception):
                    await connection.websocket.close(code=code, reason=reason)
                closed += 1
        return closed

    async def close_all(self) -> None:
        for connections in list(self._tables.values()):
            for connection in list(connections):
                await connection.stop()
                with contextlib.suppress(Exception):
                    await connection.websocket.close(code=1001)
        self._tables.clear()
        self._per_owner.clear()
