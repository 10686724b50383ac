"""The outbox: rows written in the same transaction as the change that causes them, so a notification is
queued exactly when the change commits (a rolled-back move queues nothing, a committed one cannot lose it).

``enqueue_for_table(session, before, after, now)`` is the one call the master (a move's commit, a start, a
forfeit) and the lobby (a table created with invitations) make. It decides who must hear what:

- **your_turn**: the person now to move, when the turn has just passed to them (a start, another seat's
  move, a bot's); a seat that goes on deciding is not told again.
- **game_over**: every person seated, when the table has just finished (by the rules, a resignation or a
  timeout).
- **invited**: every invitee of a table just created.

Each notification gets one row per channel the person has on (a verified e-mail address, a webhook URL),
with a unique ``dedupe_key`` (user, channel, event, table, turn): the INSERT skips a key that exists, so a
retried transaction or a second check never doubles a notification. E-mail rows of a person who chose the
daily digest are ``held`` for it instead of ``pending``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from hellenika.server.notify.prefs import (
    DEADLINE_SOON,
    EMAIL,
    GAME_OVER,
    INVITED,
    YOUR_TURN,
    Prefs,
    insert_ignoring,
    prefs_for,
)
from hellenika.server.store.models import OutboxRow
from hellenika.server.tables import FINISHED, PLAYING, USER, WAITING, TableInfo
from hellenika.server.tables import INVITED as INVITED_SEAT

PENDING, SENDING, SENT, LOGGED = "pending", "sending", "sent", "logged"
SUPPRESSED, HELD, DIGESTED, FAILED = "suppressed", "held", "digested", "failed"


def table_payload(info: TableInfo) -> dict[str, Any]:
    """What a message about this table says (kept in the row: the words are made at delivery)."""
    return {
        "table_id": info.id,
        "game": info.game,
        "names": info.seat_names(),
        "creator": info.creator_name,
        "version": info.version,
        "to_move": info.to_move,
        "turn_deadline": info.turn_deadline,
        "result": info.result,
    }


def wanted(before: TableInfo | None, after: TableInfo) -> list[tuple[int, str, str]]:
    """(user id, event, turn key) of everyone who must hear of the change from ``before`` to ``after``."""
    found: list[tuple[int, str, str]] = []
    if after.status == PLAYING and after.to_move is not None:
        turn_passed = before is None or before.status != PLAYING or before.to_move != after.to_move
        seat = after.seats[after.to_move] if after.to_move < len(after.seats) else None
        if turn_passed and seat is not None and seat.kind == USER and seat.user_id is not None:
            found.append((seat.user_id, YOUR_TURN, str(after.version)))
    if after.status == FINISHED and (before is None or before.status != FINISHED):
        found.extend((s.user_id, GAME_OVER, "") for s in after.seats if s.kind == USER and s.user_id)
    if after.status == WAITING and before is None:
        found.extend((s.user_id, INVITED, "") for s in after.seats if s.kind == INVITED_SEAT and s.user_id)
    return found


def dedupe_key(user_id: int, channel: str, event: str, table_id: str, turn: str) -> str:
    return f"{event}:{table_id}:{turn}:{user_id}:{channel}"


def rows_for(
    prefs: Prefs, event: str, table_id: str | None, turn: str, payload: dict[str, Any], now: float
) -> list[dict[str, Any]]:
    """The outbox rows of one notification for one person, one per channel they have on."""
    if not prefs.wants(event):
        return []
    rows = []
    for channel in prefs.channels():
        held = channel == EMAIL and prefs.digest
        rows.append(
            {
                "user_id": prefs.user_id,
                "channel": channel,
                "event": event,
                "table_id": table_id,
                "dedupe_key": dedupe_key(prefs.user_id, channel, event, table_id or "-", turn),
                "payload": {**payload, "event": event},
                "status": HELD if held else PENDING,
                "attempts": 0,
                "next_attempt_at": now,
                "created_at": now,
            }
        )
    return rows


def insert_rows(session: Session, rows: list[dict[str, Any]]) -> int:
    """Insert outbox rows, skipping any whose dedupe key exists; answers how many are new."""
    return insert_ignoring(session, OutboxRow, rows, ["dedupe_key"])


def enqueue_for_table(session: Session, before: TableInfo | None, after: TableInfo, now: float) -> int:
    """Queue the notifications of a table change, in the caller's transaction (see the module docstring).

    Costs nothing (no query) when nobody is to be told; answers the number of rows queued."""
    targets = wanted(before, after)
    if not targets:
        return 0
    prefs = prefs_for(session, [user_id for user_id, _, _ in targets])
    payload = table_payload(after)
    rows: list[dict[str, Any]] = []
    for user_id, event, turn in targets:
        person = prefs.get(user_id)
        if person is not None:
            rows.extend(rows_for(person, event, after.id, turn, payload, now))
    return insert_rows(session, rows)


def enqueue_deadline_soon(session: Session, info: TableInfo, prefs: Prefs, now: float) -> int:
    """Queue "your deadline is near" for the person to move at ``info`` (once per turn: the turn's deadline
    is in the key)."""
    turn = str(int(info.turn_deadline or 0))
    rows = rows_for(prefs, DEADLINE_SOON, info.id, turn, table_payload(info), now)
    return insert_rows(session, rows)


def withdraw_for_tables(session: Session, table_ids: list[str], why: str) -> int:
    """Mark the undelivered notifications about these tables ``suppressed`` (tables taken away before their
    invitations went out: a suspended person's); answers how many."""
    if not table_ids:
        return 0
    done = session.execute(
        update(OutboxRow)
        .where(OutboxRow.table_id.in_(table_ids), OutboxRow.status.in_((PENDING, HELD)))
        .values(status=SUPPRESSED, last_error=why[:500])
    )
    return int(getattr(done, "rowcount", 0) or 0)
