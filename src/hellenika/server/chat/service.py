"""A table's chat: messages stored with the table, read over HTTP, live over the table's WebSocket.

**Channels.** A seated player writes in ``players``; anyone else logged in (a spectator, an invitee who has
not accepted) in ``spectators``, which the players' page can hide; a player may also write to the
spectators. ``system`` lines ("bob joined", "alice resigned", "the game started", "ann lost on time") have no
author and are written by the lobby's and the master's code paths right after their commit
(:func:`system_line`). A public table's chat is read by everyone, visitors included, every channel.

**Private tables.** The chat of a private table is for its people only: the seated players, the invitees
by name who have not answered yet, its creator (:func:`members`), and whoever holds its invitation link (the
table's ``invite`` token, as for joining: the link's invited spectators). Anyone else, logged in or not, is
refused its history and its posting with 403 though they hold the table's id, and their sockets get no line
of it, live or from another process. So a person someone blocked cannot read that person's lines at a
private table by logging out either (at a public table the chat is public, as the table is).

**Who reads whom.** A reader never gets the lines of people they muted or blocked, nor of people who blocked
them (:mod:`hellenika.server.people.social`), neither in the history nor live.

**Limits.** Text is stripped and 1..500 characters (else 422); each person may send
``RATE_LIMIT`` messages in ``RATE_WINDOW`` seconds (429 with ``Retry-After``), a window shared by every
process through Redis when there is one (:mod:`hellenika.server.core.limits`).

**Live.** A message goes to this process's sockets of the table at once, each reader filtered, through the
connection's chat queue (a FIFO: chat lines are never coalesced like models, hub.py). Other processes hear a
note ``("chat", "<table>/<message id>")`` on Redis (fanout.py) and read the row from the database, then filter
for their own readers: no text for one reader ever travels on a channel another could read.

**Replays.** ``version`` is the table's revision when the line was written; a finished table's history gives
each line its ``step`` too (the actions with a version up to it), so the replay shows it at its moment.
"""

from __future__ import annotations

import bisect
import logging
import secrets
from typing import Any, Protocol

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError, log_failure
from hellenika.server.core.fanout import CHAT, Fanout, Note
from hellenika.server.core.hub import Hub, dumps
from hellenika.server.core.limits import LocalLimiter, SharedLimiter
from hellenika.server.people import UserPublic, hidden_authors, readers_not_reading
from hellenika.server.store import Store
from hellenika.server.store.models import ActionRow, ChatMessage, GameTable, Seat, User
from hellenika.server.tables import FINISHED, INVITED, USER, TableInfo, iso, load_info

log = logging.getLogger("hellenika.server.chat.service")


class Room(Protocol):
    """What chat needs of the tables' round (the master is one): the table's sockets, the store, the settings
    and the notes to other processes. Chat sits below the round, so it names these parts, not the master."""

    hub: Hub
    store: Store
    settings: Settings
    fanout: Fanout


PLAYERS, SPECTATORS, SYSTEM = "players", "spectators", "system"
CHANNELS = (PLAYERS, SPECTATORS, SYSTEM)
MAX_TEXT = 500
#: Messages per person within the window (then 429).
RATE_LIMIT = 8
RATE_WINDOW = 10.0
#: The most messages one history answer holds (the newest ones).
MAX_HISTORY = 500


def message_json(
    row_id: int,
    channel: str,
    author: UserPublic | None,
    text: str,
    version: int,
    created_at: float,
    step: int | None = None,
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "id": row_id,
        "channel": channel,
        "author": author.to_json() if author is not None else None,
        "text": text,
        "version": version,
        "created_at": iso(created_at),
    }
    if step is not None:
        message["step"] = step
    return message


def _insert(
    session: Session, table_id: str, author: UserPublic | None, channel: str, text: str, now: float
) -> dict[str, Any]:
    version = session.scalar(select(GameTable.version).where(GameTable.id == table_id))
    if version is None:
        raise ApiError(404, f"no table {table_id!r}")
    row = ChatMessage(
        table_id=table_id,
        author_id=author.id if author else None,
        channel=channel,
        text=text,
        version=version,
        created_at=now,
    )
    session.add(row)
    session.flush()
    return message_json(row.id, channel, author, text, version, now)


def members(session: Session, table_id: str, invite: str | None = None) -> set[int] | None:
    """Who may read and write a private table's chat (its seated players, its invitees, its creator); None
    for a public table, or when ``invite`` is the table's invitation token (everyone). 404: no such table."""
    columns = (GameTable.private, GameTable.creator_id, GameTable.invite_token)
    table = session.execute(select(*columns).where(GameTable.id == table_id)).first()
    if table is None:
        raise ApiError(404, f"no table {table_id!r}")
    if not table.private or invite_matches(invite, table.invite_token):
        return None
    people = select(Seat.user_id).where(
        Seat.table_id == table_id, Seat.kind.in_((USER, INVITED)), Seat.user_id.is_not(None)
    )
    found = {user_id for user_id in session.scalars(people) if user_id is not None}
    found.add(table.creator_id)
    return found


def invite_matches(given: str | None, token: str) -> bool:
    """Whether ``given`` is the table's invitation token (compared as bytes in constant time)."""
    return given is not None and secrets.compare_digest(given.encode(), token.encode())


def refuse_outsider(people: set[int] | None, user: UserPublic | None) -> None:
    """403 for someone who is not one of a private table's people (``people`` None: a public table)."""
    if people is not None and (user is None or user.id not in people):
        raise ApiError(403, "this table is private: its chat is for its players and invitees only")


def _deliver_to(
    master: Room, table_id: str, message: dict[str, Any], hidden: set[int], people: set[int] | None
) -> None:
    text = dumps({"type": "chat", "message": message})
    for connection in master.hub.connections(table_id):
        reader = connection.user_id
        if people is not None and not connection.invited and (reader is None or reader not in people):
            continue  # a private table's line, and this socket is not one of its people's
        if reader is None or reader not in hidden:
            connection.offer_chat(text)


async def deliver(master: Room, table_id: str, message: dict[str, Any]) -> None:
    """Offer ``message`` to this process's sockets of the table that may read it."""
    connections = master.hub.connections(table_id)
    if not connections:
        return
    author = message.get("author")
    readers = {c.user_id for c in connections if c.user_id is not None}

    def read(session: Session) -> tuple[set[int] | None, set[int]]:
        people = members(session, table_id)
        if author is None:
            return people, set()
        return people, readers_not_reading(session, int(author["id"]), readers)

    try:
        people, hidden = await master.store.read(read)
    except ApiError:  # the table is gone
        return
    _deliver_to(master, table_id, message, hidden, people)


async def system_line(master: Room, table_id: str, text: str) -> None:
    """Write a system line ("bob joined") after the change it reports was committed, and send it out. A
    failure is logged, never raised: the change itself has happened."""
    now = master.settings.clock()
    try:
        message = await master.store.write(lambda s: _insert(s, table_id, None, SYSTEM, text[:MAX_TEXT], now))
        await deliver(master, table_id, message)
        if master.fanout.shared:
            master.fanout.chat_posted(table_id, int(message["id"]))
    except Exception as exc:
        log_failure(log, exc, "chat: the system line %r of table %s was not written", text, table_id)


async def forfeit_line(master: Room, table_id: str, name: str, reason: str) -> None:
    """The system line of a forfeit: "alice resigned", "alice lost on time"."""
    await system_line(master, table_id, f"{name} {'lost on time' if reason == 'timeout' else 'resigned'}")


def _people_of(info: TableInfo) -> set[int]:
    """A table's people as :func:`members` counts them, from a table already read."""
    found = {s.user_id for s in info.seats if s.kind in (USER, INVITED) and s.user_id is not None}
    found.add(info.creator_id)
    return found


class Chat:
    """Posting and reading a table's chat, and the other processes' chat notes."""

    def __init__(self, master: Room, redis: Any = None) -> None:
        self.master = master
        settings = master.settings
        if redis is None:
            self.limiter: LocalLimiter = LocalLimiter(
                settings.clock, RATE_LIMIT, RATE_WINDOW, "chat messages"
            )
        else:
            self.limiter = SharedLimiter(
                redis,
                "chat",
                settings.clock,
                RATE_LIMIT,
                RATE_WINDOW,
                "chat messages",
                prefix=settings.redis_prefix,
            )

    async def post(
        self,
        table_id: str,
        user: UserPublic,
        text: str,
        channel: str | None = None,
        invite: str | None = None,
    ) -> dict[str, Any]:
        """Store and send one message; answers it. 422 empty or too long text, 404 no table, 403 the players'
        channel for someone not seated, 429 too many messages."""
        text = text.strip()
        if not text:
            raise ApiError(422, "text: a message needs some text")
        if len(text) > MAX_TEXT:
            raise ApiError(422, f"text: a message is at most {MAX_TEXT} characters ({len(text)} given)")
        if channel not in (None, PLAYERS, SPECTATORS):
            raise ApiError(422, "channel: players or spectators")
        store = self.master.store
        info = await store.read(lambda s: load_info(s, table_id))
        if info is None:
            raise ApiError(404, f"no table {table_id!r}")
        if info.private and not invite_matches(invite, info.invite_token):
            refuse_outsider(_people_of(info), user)
        seated = info.seat_of(user.id) is not None
        if channel is None:
            channel = PLAYERS if seated else SPECTATORS
        elif channel == PLAYERS and not seated:
            raise ApiError(403, "only the players of this table write in the players' channel")
        await self.limiter.take(str(user.id))
        now = self.master.settings.clock()
        chosen = channel
        message = await store.write(lambda s: _insert(s, table_id, user, chosen, text, now))
        await deliver(self.master, table_id, message)
        if self.master.fanout.shared:
            self.master.fanout.chat_posted(table_id, int(message["id"]))
        return message

    async def history(
        self,
        table_id: str,
        reader: UserPublic | None,
        after: int | None = None,
        limit: int = MAX_HISTORY,
        invite: str | None = None,
    ) -> list[dict[str, Any]]:
        """The table's messages the reader may read, oldest first: the newest ``limit`` of them, or those
        after the message ``after``. A finished table's messages carry their replay ``step``."""

        def read(session: Session) -> list[dict[str, Any]]:
            # 404 no table, 403 an outsider of a private one
            refuse_outsider(members(session, table_id, invite), reader)
            table = session.execute(select(GameTable.status).where(GameTable.id == table_id)).first()
            if table is None:
                raise ApiError(404, f"no table {table_id!r}")
            query = (
                select(ChatMessage, User.name)
                .outerjoin(User, User.id == ChatMessage.author_id)
                .where(ChatMessage.table_id == table_id)
            )
            if after is not None:
                query = query.where(ChatMessage.id > after)
            if reader is not None:
                query = query.where(
                    or_(
                        ChatMessage.author_id.is_(None),
                        ChatMessage.author_id.not_in(select(hidden_authors(reader.id).c.uid)),
                    )
                )
            rows = list(session.execute(query.order_by(ChatMessage.id.desc()).limit(limit)))
            rows.reverse()
            versions: list[int] | None = None
            if table.status == FINISHED:
                versions = list(
                    session.scalars(
                        select(ActionRow.version)
                        .where(ActionRow.table_id == table_id)
                        .order_by(ActionRow.version)
                    )
                )
            answer = []
            for row, name in rows:
                author = UserPublic(row.author_id, name) if row.author_id is not None and name else None
                step = bisect.bisect_right(versions, row.version) if versions is not None else None
                answer.append(
                    message_json(row.id, row.channel, author, row.text, row.version, row.created_at, step)
                )
            return answer

        return await self.master.store.read(read)

    async def on_note(self, note: Note) -> None:
        """Another process stored a message: read it and send it to our readers (filtered for each)."""
        if note.kind != CHAT:
            return
        table_id = note.key.rsplit("/", 1)[0]
        if not self.master.hub.has(table_id):
            return
        message_id = note.version

        def read(session: Session) -> dict[str, Any] | None:
            found = session.execute(
                select(ChatMessage, User.name)
                .outerjoin(User, User.id == ChatMessage.author_id)
                .where(ChatMessage.id == message_id, ChatMessage.table_id == table_id)
            ).first()
            if found is None:
                return None
            row, name = found
            author = UserPublic(row.author_id, name) if row.author_id is not None and name else None
            return message_json(row.id, row.channel, author, row.text, row.version, row.created_at)

        message = await self.master.store.read(read)
        if message is not None:
            await deliver(self.master, table_id, message)
