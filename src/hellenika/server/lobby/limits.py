"""How many tables and invitations one person may set going: each new table is listed for everyone and each
invitation may send a mail or a webhook, so neither may come in floods.

- **Per hour** (429 with ``Retry-After``): ``Settings.tables_per_hour`` new tables, and
  ``invitations_per_hour`` invitations (each invitee counts one). Sliding windows checked and counted at once,
  shared by every process through Redis when there is one (core/limits.py). A table refused afterwards (a
  block, a cap below) gives its events back.
- **At once** (409): ``tables_waiting_per_user`` tables not started that the person created and still sits
  at, and ``invitations_per_pair`` unanswered invitations from one person to the same person. Counted in the
  creating transaction under the creator's turn (store/locks.py ``take_turn``), so concurrent requests cannot
  both pass the last place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import Taken, make_limiter
from hellenika.server.store.locks import take_turn
from hellenika.server.store.models import GameTable, Seat
from hellenika.server.tables import INVITED, USER, WAITING


class LobbyLimits:
    """The lobby's limits of one server (see the module docstring)."""

    def __init__(self, settings: Settings, redis: Any = None) -> None:
        self.settings = settings
        clock, prefix = settings.clock, settings.redis_prefix
        self.tables = make_limiter(
            redis, "tables", clock, settings.tables_per_hour, 3600.0, "new tables an hour", prefix=prefix
        )
        self.invitations = make_limiter(
            redis,
            "invitations",
            clock,
            settings.invitations_per_hour,
            3600.0,
            "invitations an hour",
            prefix=prefix,
        )

    async def take(self, user_id: int, invitations: int) -> Taken:
        """Count a new table and its invitations in the hour's windows (429 when one is full)."""
        taken = Taken()
        await taken.take(self.tables, str(user_id))
        if invitations:
            try:
                await taken.take(self.invitations, str(user_id), invitations)
            except BaseException:
                await taken.give_back()
                raise
        return taken

    def check_at_once(self, session: Session, user_id: int, invitees: Iterable[int]) -> None:
        """409 when the creator sits at too many tables not started, or has too many invitations unanswered
        by one of ``invitees``; in the creating transaction, under the creator's turn."""
        take_turn(session, f"lobby:{user_id}")
        waiting = select(GameTable.id).where(GameTable.creator_id == user_id, GameTable.status == WAITING)
        sitting = session.scalar(
            select(func.count())
            .select_from(Seat)
            .where(Seat.user_id == user_id, Seat.kind == USER, Seat.table_id.in_(waiting))
        )
        most = self.settings.tables_waiting_per_user
        if (sitting or 0) >= most:
            raise ApiError(
                409, f"you sit at {most} tables of yours that have not started; start or leave one first"
            )
        others = sorted(set(invitees) - {user_id})
        if not others:
            return
        rows = session.execute(
            select(Seat.user_id, func.count())
            .where(Seat.kind == INVITED, Seat.user_id.in_(others), Seat.table_id.in_(waiting))
            .group_by(Seat.user_id)
        )
        pair = self.settings.invitations_per_pair
        if any(count >= pair for _user, count in rows):
            raise ApiError(
                409,
                f"at most {pair} of your invitations to one person may wait for an answer; "
                "wait until they answer one",
            )
