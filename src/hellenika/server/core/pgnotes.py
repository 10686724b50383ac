"""The second channel of the fan-out: PostgreSQL's LISTEN/NOTIFY, for when Redis is down.

Redis pub/sub carries the notes between processes (core/fanout.py); when it is down they were lost and the
pages fell back to their 15 s resync. PostgreSQL is up whenever a move can commit at all, so every note also
goes out here:

- **A move's note is sent in the move's own transaction** (:func:`notify_in`, ``SELECT pg_notify(...)``):
  PostgreSQL delivers it when, and only if, the transaction commits. A process that dies right after its
  commit, before its Redis publisher ran, has therefore still told everyone.
- **Other notes** (a session closed, a person changed, a chat line, a start or an undo) are sent by a
  publisher task on a connection of its own, as Redis's are.

One connection listens (autocommit, ``LISTEN``), reconnecting by itself with back-off; after a reconnect it
calls ``on_reconnect`` like the Redis listener does, since notes sent meanwhile were lost. The fan-out hands
both channels' notes to one receiver that counts each ``(kind, key, version, id)`` once (core/fanout.py).

A NOTIFY payload is at most 8000 bytes: a body above ``MAX_PAYLOAD`` goes without its news (the readers
read the database, as they would without news). SQLite has no such channel and needs none (one process).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import text
from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    import psycopg
    from sqlalchemy.orm import Session

log = logging.getLogger("hellenika.server.core.pgnotes")

#: PostgreSQL refuses payloads of 8000 bytes or more; news is left out above this.
MAX_PAYLOAD = 7900
RETRY_FIRST, RETRY_LAST = 0.05, 2.0
_NOTIFY = text("SELECT pg_notify(:channel, :body)")

Receiver = Callable[[bytes], Awaitable[None]]
Callback = Callable[[], Awaitable[None]]


def libpq_url(database_url: str) -> str:
    """The SQLAlchemy URL as psycopg takes it (``postgresql+psycopg://`` -> ``postgresql://``)."""
    url = make_url(database_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def fit(body: dict[str, Any]) -> bytes:
    """The note's JSON, without its news if it would not fit a NOTIFY payload."""
    data = orjson.dumps(body)
    if len(data) > MAX_PAYLOAD and "news" in body:
        data = orjson.dumps({k: v for k, v in body.items() if k != "news"})
    return data


def notify_in(session: Session, channel: str, body: dict[str, Any]) -> None:
    """Send ``body`` on ``channel`` when (and if) the session's transaction commits."""
    session.execute(_NOTIFY, {"channel": channel, "body": fit(body).decode()})


class PgNotes:
    """LISTEN on one connection, NOTIFY from another (both psycopg async, autocommit)."""

    def __init__(self, database_url: str, channel: str) -> None:
        self.url = libpq_url(database_url)
        self.channel = channel
        self.listening = asyncio.Event()
        self.received = 0
        self.dropped = 0
        self._listener: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self._outgoing: list[bytes] = []
        self._wake = asyncio.Event()
        self._sender: psycopg.AsyncConnection[Any] | None = None

    async def start(self, receive: Receiver, on_reconnect: Callback) -> None:
        self._listener = asyncio.create_task(self._listen(receive, on_reconnect), name="pgnotes-listener")

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=2, keepalives=1, keepalives_idle=5
        )

    async def _listen(self, receive: Receiver, on_reconnect: Callback) -> None:
        from psycopg import sql

        delay = RETRY_FIRST
        first = True
        while True:
            connection = None
            try:
                connection = await self._connect()
                await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                self.listening.set()
                delay = RETRY_FIRST
                if not first:
                    log.info("pg notes: listening again on %s", self.channel)
                    await _quietly(on_reconnect)
                first = False
                async for notice in connection.notifies():
                    self.received += 1
                    await _quietly(receive, notice.payload.encode())
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a lost connection: retry with back-off
                if self.listening.is_set():
                    log.warning("pg notes: lost the listening connection (%s); retrying", exc)
                self.listening.clear()
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_LAST)
            finally:
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await connection.close()

    def send(self, body: dict[str, Any]) -> None:
        """Queue a note for the publisher (never waits; PostgreSQL down: dropped and logged)."""
        self._outgoing.append(fit(body))
        self._wake.set()
        if self._publisher is None or self._publisher.done():
            loop = asyncio.get_running_loop()
            self._publisher = loop.create_task(self._publish(), name="pgnotes-publisher")

    async def _publish(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.flush()

    async def flush(self) -> None:
        if not self._outgoing:
            return
        bodies, self._outgoing = self._outgoing, []
        for attempt in (1, 2):  # a connection PostgreSQL closed fails once: try a new one
            try:
                if self._sender is None or self._sender.closed:
                    self._sender = await self._connect()
                async with self._sender.transaction():  # one round trip's worth: all or none
                    for body in bodies:
                        await self._sender.execute("SELECT pg_notify(%s, %s)", (self.channel, body.decode()))
                return
            except Exception as exc:
                with contextlib.suppress(Exception):
                    if self._sender is not None:
                        await self._sender.close()
                self._sender = None
                if attempt == 2:
                    self.dropped += len(bodies)
                    log.warning("pg notes: %d note(s) not sent (%s)", len(bodies), exc)

    async def close(self) -> None:
        for task in (self._publisher, self._listener):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        with contextlib.suppress(Exception):
            await self.flush()
        if self._sender is not None:
            with contextlib.suppress(Exception):
                await self._sender.close()


async def _quietly(callback: Callable[..., Awaitable[None]], *args: Any) -> None:
    try:
        await callback(*args)
    except Exception:
        log.exception("pg notes: a handler failed")
