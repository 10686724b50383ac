"""*Play again*: a finished table offers its players a new one with the same game, options and seats.

``POST /api/tables/{id}/again`` (a person who sat at the finished game) creates the new table: the same
game, player count, options, mode, deadline, timeout rule, privacy and rated flag, and the same seats rotated
by one (the old seat 1 becomes the new seat 0, and so on), so the first player changes. Bots keep their seat
and level. The caller sits down at once; every other person gets an *invitation* (the lobby's consent flow,
hellenika.server.lobby.service: an invited seat is nobody's until its person accepts), so nobody is seated by
someone else's click. When the last invitation is accepted the table starts by itself
(:func:`start_when_ready`, called by the accept route); a declined seat opens, and then the table is an
ordinary one that its creator starts once the seat is filled. A table whose other seats are all bots starts at
once.

The link old -> new is a row of ``table_successors`` keyed by the old table, so a second call (another
player, or a double click) answers the same new table; two calls at once make one table (the second insert
of the key fails, its transaction rolls back, and it reads the first one's).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika.server.core.errors import ApiError
from hellenika.server.lobby.service import add_table, new_id
from hellenika.server.notify import enqueue_for_table
from hellenika.server.people import UserPublic, refuse_blocked_invitations
from hellenika.server.round import Master
from hellenika.server.store.models import GameTable, TableSuccessor
from hellenika.server.tables import (
    BOT,
    FINISHED,
    INVITED,
    OPEN,
    USER,
    WAITING,
    TableInfo,
    load_info,
    read_table,
)


def rotated_seats(old: TableInfo, caller_id: int) -> list[dict[str, Any]]:
    """The new table's seat rows: the old seats moved one place forward (seat i takes old seat i + 1), bots
    kept, the caller seated, every other person invited (a seat whose account is gone is open)."""
    rows: list[dict[str, Any]] = []
    count = len(old.seats)
    for index in range(count):
        source = old.seats[(index + 1) % count]
        if source.kind == BOT:
            rows.append({"seat": index, "kind": BOT, "user_id": None, "level": source.level or "medium"})
        elif source.kind == USER and source.user_id == caller_id:
            rows.append({"seat": index, "kind": USER, "user_id": caller_id, "level": None})
        elif source.kind in (USER, INVITED) and source.user_id is not None:
            rows.append({"seat": index, "kind": INVITED, "user_id": source.user_id, "level": None})
        else:
            rows.append({"seat": index, "kind": OPEN, "user_id": None, "level": None})
    return rows


def _successor(session: Session, table_id: str) -> TableInfo | None:
    found = session.scalar(select(TableSuccessor.next_table_id).where(TableSuccessor.table_id == table_id))
    return None if found is None else load_info(session, found)


async def next_table(master: Master, table_id: str) -> TableInfo | None:
    """The table *Play again* made from this one (read from the database), or None; 404 unknown table."""

    def read(session: Session) -> tuple[bool, TableInfo | None]:
        exists = session.scalar(select(GameTable.id).where(GameTable.id == table_id)) is not None
        return exists, _successor(session, table_id) if exists else None

    exists, found = await master.store.read(read)
    if not exists:
        raise ApiError(404, f"no table {table_id!r}")
    return found


async def play_again(master: Master, table_id: str, user: UserPublic) -> tuple[TableInfo, bool]:
    """The new table for the players of the finished ``table_id`` (created now, or the one already made);
    answers it and whether this call created it."""
    old = await master.store.read(lambda session: load_info(session, table_id))
    if old is None:
        raise ApiError(404, f"no table {table_id!r}")
    if old.seat_of(user.id) is None:
        raise ApiError(403, "only a player of this game can play it again")
    if old.status != FINISHED:
        raise ApiError(409, "the game is not over yet: play again once it has finished")
    if old.next_table is not None:
        existing = await master.store.read(lambda session: load_info(session, old.next_table or ""))
        if existing is not None:
            return existing, False
    rows = rotated_seats(old, user.id)
    names = {s.user_id: s.user_name or "" for s in old.seats if s.user_id is not None}
    invitees = [UserPublic(r["user_id"], names[r["user_id"]]) for r in rows if r["kind"] == INVITED]
    now = master.settings.clock()
    new_table = new_id()

    def write(session: Session) -> tuple[TableInfo, bool]:
        existing = _successor(session, table_id)
        if existing is not None:
            return existing, False
        refuse_blocked_invitations(session, user, invitees)  # 403 naming a block, as the lobby's create
        add_table(
            session,
            new_table,
            rows,
            now,
            game=old.game,
            players=old.players,
            options=dict(old.options),
            mode=old.mode,
            deadline_hours=old.deadline_hours,
            time_control=old.time_control.stored() if old.time_control.clocked else None,
            on_timeout=old.on_timeout,
            private=old.private,
            rated=old.rated,
            hints=old.hints,
            creator_id=user.id,
        )
        session.add(
            TableSuccessor(table_id=table_id, next_table_id=new_table, created_by=user.id, created_at=now)
        )
        session.flush()
        info = load_info(session, new_table)
        assert info is not None
        enqueue_for_table(session, None, info, now)  # the invitations' notifications, in this transaction
        return info, True

    try:
        info, created = await master.store.write(write)
    except IntegrityError:  # another player's Play again won the race: theirs is the new table
        found = await master.store.read(lambda session: _successor(session, table_id))
        if found is None:
            raise ApiError(409, "the table changed meanwhile; try again") from None
        info, created = found, False
    if created:
        await _tell_old_table(master, table_id, info.id)
        info = await start_when_ready(master, info)
    return info, created


async def _tell_old_table(master: Master, table_id: str, new_table: str) -> None:
    """Show the offer at the finished table: its cached info learns ``next_table`` and its sockets get their
    models again (same version: a page redraws the result with the offer)."""
    live = master.live.get(table_id)
    if live is None:
        return
    async with live.lock:
        live.info = live.info.with_changes(next_table=new_table)
    await master.publish(live)


async def start_when_ready(master: Master, info: TableInfo) -> TableInfo:
    """Start a *Play again* table once every seat is taken and every invitation accepted (the accept route
    calls this after each accept); any other table, or one still waiting for someone, is left as it is."""
    if info.status != WAITING or any(s.kind in (OPEN, INVITED) for s in info.seats):
        return info
    is_again = await master.store.read(
        lambda session: session.scalar(
            select(TableSuccessor.table_id).where(TableSuccessor.next_table_id == info.id)
        )
    )
    if is_again is None:
        return info
    try:
        return await master.start(info.id, UserPublic(info.creator_id, info.creator_name))
    except ApiError as exc:
        if exc.status != 409:  # started meanwhile (two last accepts at once): show it as it is now
            raise
        live = master.live.get(info.id)
        return live.info if live is not None else await read_table(master.store, info.id)
