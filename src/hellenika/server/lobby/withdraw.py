"""Taking back what a person started in the lobby, when an admin suspends them (server/mod/service.py).

A suspension ends the person's sessions; this ends what they had set going, so it does not go on without
them, in the suspension's own transaction:

- their **waiting match requests** are cancelled (the matcher also skips a suspended person's requests, for
  one filed in the same moment: matchmaking.py);
- the **tables they created that have not started** are deleted, with the invitations they sent there, and
  the notifications of those invitations not delivered yet are withdrawn;
- **invitations to them** and **their seats at other tables that have not started** become open seats, as
  a decline or a leave would make them.

Started games are left as they are: deadlines and the timeout bot treat the seat as any absent player's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from hellenika.server.lobby.matchmaking import CANCELLED, WAITING_REQUEST
from hellenika.server.notify import withdraw_for_tables
from hellenika.server.store.models import GameTable, MatchRequest, Seat
from hellenika.server.tables import INVITED, OPEN, USER, WAITING, TableInfo, load_infos


@dataclass
class Withdrawn:
    """What a suspension took back: tables whose seats opened (to push), tables deleted, requests."""

    opened: list[TableInfo] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    requests: int = 0


def take_back(session: Session, user_id: int) -> Withdrawn:
    """Cancel the person's match requests, delete their tables not started, and open their seats and
    invitations at other tables not started (see the module docstring)."""
    found = Withdrawn()
    done = session.execute(
        update(MatchRequest)
        .where(MatchRequest.user_id == user_id, MatchRequest.status == WAITING_REQUEST)
        .values(status=CANCELLED)
    )
    found.requests = int(getattr(done, "rowcount", 0) or 0)
    found.deleted = list(
        session.scalars(
            select(GameTable.id).where(GameTable.creator_id == user_id, GameTable.status == WAITING)
        )
    )
    if found.deleted:
        withdraw_for_tables(session, found.deleted, "the table was withdrawn: its creator was suspended")
        session.execute(delete(GameTable).where(GameTable.id.in_(found.deleted), GameTable.status == WAITING))
    waiting = select(GameTable.id).where(GameTable.status == WAITING)
    opened = list(
        session.scalars(
            select(Seat.table_id)
            .where(Seat.user_id == user_id, Seat.kind.in_((USER, INVITED)), Seat.table_id.in_(waiting))
            .distinct()
        )
    )
    if opened:
        session.execute(
            update(Seat)
            .where(Seat.user_id == user_id, Seat.kind.in_((USER, INVITED)), Seat.table_id.in_(opened))
            .values(kind=OPEN, user_id=None, level=None)
        )
        found.opened = load_infos(session, sorted(opened))
    return found
