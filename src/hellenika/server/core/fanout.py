"""Fan-out across server processes: after a commit, a short note on Redis pub/sub reaches every other process.

A note says only *what* changed, never how it looks to anyone: ``("table", table id, version)`` after a move,
a start, an undo or a forfeit, ``("session", token hash)`` after a logout, ``("chat", "<table>/<id>")``
after a chat line (server/chat/service.py: each process reads the row and filters it for its own readers). A
process that holds WebSockets for that table brings its own state up to date from the database (the truth) and
pushes each socket the model of its own seat, so no seat's model ever travels on a channel another seat's
socket could read.

A move's note also carries its *news*: the table's new column values (never its seed) and the action rows
it wrote, as the database holds them. A process whose cached state stands at the version the move started
from applies them as they are and skips the database read (a thread hop and two queries per move and
process); one that is anywhere else reads the database as before. Redis is inside the servers' trust
boundary, as PostgreSQL is: the actions are the same rows, never a seat's model or a page's message.

Redis is a help, not the truth. Publishing never fails a move: when Redis is down the note is dropped (and
logged), pages resync by polling, and the listener reconnects by itself with back-off; after each reconnect it
calls ``on_reconnect`` so the process re-checks the tables it serves (what it missed meanwhile). One process
alone (SQLite, ``make run``) uses :class:`Fanout`, which tells nobody and needs nothing.

**A second channel on PostgreSQL** (core/pgnotes.py): on PostgreSQL every note also goes out by
LISTEN/NOTIFY, a move's from inside its own transaction (:meth:`Fanout.commit_note`), so live play goes on
while Redis is down and a process that dies right after a commit has still told the others. Each note
carries an ``id`` (a table note's is its version); the receiver counts each ``(kind, key, version, id)``
once, whichever channel brought it first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from hellenika.server.core.pgnotes import PgNotes, notify_in

if TYPE_CHECKING:
    import redis.asyncio
    from sqlalchemy.orm import Session

log = logging.getLogger("hellenika.server.core.fanout")

#: The one channel every process listens on (a prefix keeps several sites apart on one Redis).
CHANNEL = "events"
TABLE, SESSION, USER, CHAT = "table", "session", "user", "chat"
#: Back-off between reconnection attempts, in seconds: doubled from the first to the last.
RETRY_FIRST, RETRY_LAST = 0.05, 2.0
#: How many delivered notes the receiver remembers to count a second channel's copy once.
SEEN = 4096


@dataclass(frozen=True, slots=True)
class Note:
    """What changed: a table (``key`` = table id, with its new ``version``) or a session (token hash)."""

    kind: str
    key: str
    version: int = 0
    #: With a table note after a move: what the move wrote (see :func:`merge_news`), so a process whose
    #: cache stands at ``news["from"]`` applies it without reading the database. None: read it.
    news: dict[str, Any] | None = None


NoteHandler = Callable[[Note], Awaitable[None]]
Callback = Callable[[], Awaitable[None]]


class Fanout:
    """One process: nothing to tell anyone, always healthy. The base of :class:`RedisFanout`."""

    #: Whether notes reach other processes (the server refuses ``--workers`` > 1 without it).
    shared = False

    async def start(self, on_note: NoteHandler, on_reconnect: Callback) -> None:
        """Begin delivering other processes' notes to ``on_note``."""

    def commit_note(self, session: Session, table_id: str, version: int, news: dict[str, Any] | None) -> bool:
        """Inside a move's transaction (a writer thread): send its note with the commit where the database
        can (PostgreSQL's NOTIFY); answers whether it did (then ``table_changed(..., noted=True)``)."""
        return False

    def table_changed(
        self, table_id: str, version: int, news: dict[str, Any] | None = None, *, noted: bool = False
    ) -> None:
        """Tell the other processes that ``table_id`` is now at ``version`` (never waits: queued), with what
        changed since the version before if the caller gives it (``news``). ``noted``: the commit already
        sent it on the database's channel (:meth:`commit_note`)."""

    def session_closed(self, session_hash: str) -> None:
        """Tell the other processes to close the sockets of a session that logged out (queued)."""

    def user_changed(self, user_id: int) -> None:
        """Tell the other processes that what their tables show of a person changed (a vacation; queued)."""

    def chat_posted(self, table_id: str, message_id: int) -> None:
        """Tell the other processes that a chat line was stored (queued; one note per line, never merged)."""

    async def flush(self) -> None:
        """Send what is queued now (``close`` does; tests wait on it)."""

    async def ready(self) -> bool:
        """Whether the fan-out works right now (``/readyz``)."""
        return True

    async def close(self) -> None:
        """Stop listening and let go of connections."""


class RedisFanout(Fanout):
    """Notes over Redis pub/sub (redis-py's asyncio client), tagged with this process's ``origin``."""

    shared = True

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "hellenika",
        origin: str | None = None,
        database_url: str | None = None,
    ) -> None:
        """``database_url``: a PostgreSQL database whose LISTEN/NOTIFY is the second channel."""
        import redis.asyncio as aioredis

        self._url = url
        self.channel = f"{prefix}:{CHANNEL}"
        #: This process's tag: a process ignores the notes it published itself.
        self.origin = origin or secrets.token_hex(8)
        self._client: redis.asyncio.Redis = aioredis.Redis.from_url(
            url, socket_connect_timeout=1.0, socket_timeout=2.0, health_check_interval=10
        )
        self._listener: asyncio.Task[None] | None = None
        #: Set while the listener is subscribed (tests wait on it).
        self.subscribed = asyncio.Event()
        self.dropped = 0
        #: Notes waiting for the publisher: (kind, key) -> version, so a table moved twice meanwhile is
        #: announced once, at its newest version. One task sends them in one pipeline (one round trip and
        #: one connection, instead of a task and a pooled connection per note).
        self._outgoing: dict[tuple[str, str], tuple[int, str]] = {}
        #: The news of the table notes waiting (merged as their notes are; None once it cannot be).
        self._news: dict[str, dict[str, Any] | None] = {}
        self._wake = asyncio.Event()
        self._publisher: asyncio.Task[None] | None = None
        self.batches = 0
        #: The second channel (PostgreSQL), or None (SQLite has no other process to tell).
        self.pg: PgNotes | None = PgNotes(database_url, f"{prefix}_events") if database_url else None
        self._seen: OrderedDict[tuple[str, str, int, str], None] = OrderedDict()
        self._on_note: NoteHandler | None = None
        #: Notes handed on, and copies that a second channel brought again (counted once).
        self.delivered = 0
        self.duplicates = 0

    async def start(self, on_note: NoteHandler, on_reconnect: Callback) -> None:
        self._on_note = on_note
        self._listener = asyncio.create_task(self._listen(on_reconnect), name="fanout-listener")
        if self.pg is not None:
            await self.pg.start(self._receive, on_reconnect)

    def _body(self, kind: str, key: str, version: int, note_id: str) -> dict[str, Any]:
        return {"kind": kind, "key": key, "version": version, "origin": self.origin, "id": note_id}

    def _queue(self, kind: str, key: str, version: int = 0, *, noted: bool = False) -> None:
        note_id = str(version) if kind == TABLE else secrets.token_hex(6)
        held = self._outgoing.get((kind, key))
        if held is None or held[0] <= version:
            self._outgoing[(kind, key)] = (version, note_id)
        if self.pg is not None and not noted:
            body = self._body(kind, key, version, note_id)
            news = self._news.get(key) if kind == TABLE else None
            if news is not None and news["to"] == version:
                body["news"] = news
            self.pg.send(body)
        self._wake.set()
        if self._publisher is None or self._publisher.done():  # started by the first note
            self._publisher = asyncio.get_running_loop().create_task(
                self._publish_loop(), name="fanout-publisher"
            )

    async def _publish_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.flush()

    async def flush(self) -> None:
        """Send every waiting note (Redis down: they are dropped and logged; the database has the truth)."""
        if not self._outgoing:
            return
        notes, self._outgoing = self._outgoing, {}
        news, self._news = self._news, {}
        bodies = []
        for (kind, key), (version, note_id) in notes.items():
            note = self._body(kind, key, version, note_id)
            found = news.get(key) if kind == TABLE else None
            if found is not None and found["to"] == version:
                note["news"] = found
            bodies.append(orjson.dumps(note))
        for attempt in (1, 2):  # a pooled connection Redis closed (it restarted) fails once: try a new one
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    for body in bodies:
                        pipe.publish(self.channel, body)
                    self.batches += 1  # round trips (counted before, as the notes may arrive first)
                    await pipe.execute()
                return
            except Exception as exc:  # Redis down must never fail a move
                if attempt == 2:
                    self.dropped += len(bodies)
                    log.warning(
                        "fan-out: %d note(s) not published (%s); other processes resync by polling",
                        len(bodies),
                        exc,
                    )

    def commit_note(self, session: Session, table_id: str, version: int, news: dict[str, Any] | None) -> bool:
        if self.pg is None:
            return False
        body = self._body(TABLE, table_id, version, str(version))
        if news is not None:
            body["news"] = news
        notify_in(session, self.pg.channel, body)
        return True

    def table_changed(
        self, table_id: str, version: int, news: dict[str, Any] | None = None, *, noted: bool = False
    ) -> None:
        waiting = (TABLE, table_id) in self._outgoing
        self._news[table_id] = merge_news(self._news.get(table_id), news) if waiting else news
        self._queue(TABLE, table_id, version, noted=noted)

    def session_closed(self, session_hash: str) -> None:
        self._queue(SESSION, session_hash)

    def user_changed(self, user_id: int) -> None:
        self._queue(USER, str(user_id))

    def chat_posted(self, table_id: str, message_id: int) -> None:
        self._queue(CHAT, f"{table_id}/{message_id}", message_id)

    async def ready(self) -> bool:
        try:
            return bool(await self._client.ping())
        except Exception:  # any failure means not ready
            return False

    async def _receive(self, data: Any) -> None:
        """A message from either channel: parsed, and handed on unless the other channel brought it first."""
        parsed = self._parse(data)
        if parsed is None or self._on_note is None:
            return
        note, note_id = parsed
        seen = (note.kind, note.key, note.version, note_id)
        if seen in self._seen:
            self.duplicates += 1
            return
        self._seen[seen] = None
        if len(self._seen) > SEEN:
            self._seen.popitem(last=False)
        self.delivered += 1
        await _quietly(self._on_note, note)

    async def _listen(self, on_reconnect: Callback) -> None:
        delay = RETRY_FIRST
        first = True
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self.subscribed.set()
                delay = RETRY_FIRST
                if not first:
                    log.info("fan-out: listening again on %s", self.channel)
                    await _quietly(on_reconnect)
                first = False
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None:
                        await self._receive(message.get("data"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a lost connection: retry with back-off
                if self.subscribed.is_set():
                    log.warning("fan-out: lost Redis (%s); retrying", exc)
                self.subscribed.clear()
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_LAST)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _parse(self, data: Any) -> tuple[Note, str] | None:
        """A note from another process and its id, or None (our own, or not one of ours)."""
        try:
            raw = orjson.loads(data)
            if raw.get("origin") == self.origin:
                return None
            kind, key, version = raw["kind"], raw["key"], int(raw.get("version", 0))
            note_id = str(raw.get("id", version))
        except (orjson.JSONDecodeError, TypeError, KeyError, ValueError, AttributeError):
            log.warning("fan-out: ignored a message that is not a note")
            return None
        if kind not in (TABLE, SESSION, USER, CHAT) or not isinstance(key, str):
            return None
        news = raw.get("news") if kind == TABLE else None
        return Note(kind, key, version, news if isinstance(news, dict) else None), note_id

    async def close(self) -> None:
        for task in (self._publisher, self._listener):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.flush()  # what was announced before the end still goes out
        await self._client.aclose()
        if self.pg is not None:
            await self.pg.close()


def merge_news(first: dict[str, Any] | None, then: dict[str, Any] | None) -> dict[str, Any] | None:
    """Two moves' news announced by one note: the actions of both, the table as the second left it.

    A move's news is ``{"from": version, "to": version, "table": {column: value}, "actions": [[step, seat,
    by, action], ...]}``. News that do not follow each other (a change without news came between) merge to
    None, and the note then sends none: its readers read the database, as they would without news.
    """
    if first is None or then is None or first["to"] != then["from"]:
        return None
    return {**then, "from": first["from"], "actions": [*first["actions"], *then["actions"]]}


async def _quietly(callback: Callable[..., Awaitable[None]], *args: Any) -> None:
    """Run a handler; its failure is logged and never stops the listener."""
    try:
        await callback(*args)
    except Exception:
        log.exception("fan-out: a handler failed")


def make_fanout(redis_url: str | None, prefix: str = "hellenika", database_url: str | None = None) -> Fanout:
    """Redis pub/sub when a URL is given (with PostgreSQL's NOTIFY as a second channel when
    ``database_url`` is a PostgreSQL database), else the one-process fan-out."""
    if not redis_url:
        return Fanout()
    pg = database_url if database_url and database_url.startswith("postgresql") else None
    return RedisFanout(redis_url, prefix=prefix, database_url=pg)
