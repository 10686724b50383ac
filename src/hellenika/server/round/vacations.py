"""Vacations (BGA-like): a person pauses their turn deadlines for some days, at most
``Settings.vacation_days_per_year`` days (20) per calendar year.

- ``POST /api/me/vacation {"days": n}`` starts one now, for ``n`` days; ``DELETE /api/me/vacation`` ends the
  running one early. A vacation counts in the calendar year (UTC) it starts in, by its length in whole days
  rounded up: a planned one by its planned length, one ended early by the days it ran (ended within its
  first day: one day, or none when ended in the same minute it began, a mistake).
- While a person is on vacation the deadline watcher lets their turns wait (``Master.check_deadlines``).
  When it ends, a deadline that fell inside it is moved to the vacation's end plus the time the person had
  left when the vacation began (never more than the table's full time per move); a deadline that falls
  after the vacation's end is left as it is. One rule, checked only when a deadline passes.
- Seats show it: ``on_vacation_until`` in the ``table`` JSON (tables.py).
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.people import UserPublic
from hellenika.server.store import Store
from hellenika.server.store.locks import take_turn
from hellenika.server.store.models import Vacation
from hellenika.server.tables import iso

DAY = 86_400.0
#: A vacation ended within this many seconds of its start counts no day (started by mistake).
GRACE_SECONDS = 60.0


def year_bounds(now: float) -> tuple[float, float]:
    """The calendar year (UTC) holding ``now``, as [start, end) seconds since the epoch."""
    year = dt.datetime.fromtimestamp(now, dt.UTC).year
    start = dt.datetime(year, 1, 1, tzinfo=dt.UTC).timestamp()
    end = dt.datetime(year + 1, 1, 1, tzinfo=dt.UTC).timestamp()
    return start, end


def days_of(vacation: Vacation) -> int:
    """The days a vacation counts: its length in days, rounded up (none if ended in its first minute)."""
    length = vacation.ends_at - vacation.starts_at
    if length <= GRACE_SECONDS:
        return 0
    return math.ceil(length / DAY - 1e-9)


def running(session: Session, user_id: int, now: float) -> Vacation | None:
    """The vacation this person is on at ``now``, if any."""
    return session.scalar(
        select(Vacation)
        .where(Vacation.user_id == user_id, Vacation.starts_at <= now, Vacation.ends_at > now)
        .order_by(Vacation.ends_at.desc())
        .limit(1)
    )


def days_used(session: Session, user_id: int, now: float) -> int:
    start, end = year_bounds(now)
    rows = session.scalars(
        select(Vacation).where(
            Vacation.user_id == user_id, Vacation.starts_at >= start, Vacation.starts_at < end
        )
    )
    return sum(days_of(v) for v in rows)


def covering(session: Session, user_id: int, at: float) -> Vacation | None:
    """The vacation of this person during which the moment ``at`` fell (the latest ending one)."""
    return session.scalar(
        select(Vacation)
        .where(Vacation.user_id == user_id, Vacation.starts_at <= at, Vacation.ends_at > at)
        .order_by(Vacation.ends_at.desc())
        .limit(1)
    )


def moved_deadline(deadline: float, starts_at: float, ends_at: float, full_seconds: float) -> float:
    """A deadline that fell inside the vacation [starts_at, ends_at): its end plus the time left when it
    began (at most the table's full time per move)."""
    left = min(max(deadline - starts_at, 0.0), full_seconds)
    return ends_at + left


class Vacations:
    """The vacation routes' work; the master is told when a person's seats change."""

    def __init__(self, store: Store, settings: Settings, master: Any) -> None:
        self.store = store
        self.settings = settings
        self.master = master

    def _answer(self, session: Session, user_id: int, now: float) -> dict[str, Any]:
        current = running(session, user_id, now)
        per_year = self.settings.vacation_days_per_year
        used = days_used(session, user_id, now)
        return {
            "vacation": None
            if current is None
            else {"starts_at": iso(current.starts_at), "ends_at": iso(current.ends_at)},
            "days_per_year": per_year,
            "days_used": used,
            "days_left": max(0, per_year - used),
        }

    async def status(self, user: UserPublic) -> dict[str, Any]:
        now = self.settings.clock()
        return await self.store.read(lambda session: self._answer(session, user.id, now))

    async def start(self, user: UserPublic, days: int) -> dict[str, Any]:
        now = self.settings.clock()

        def write(session: Session) -> dict[str, Any]:
            take_turn(session, f"vacation:{user.id}")  # two starts at once: one vacation, days counted once
            current = running(session, user.id, now)
            if current is not None:
                raise ApiError(409, f"you are already on vacation until {iso(current.ends_at)}; end it first")
            per_year = self.settings.vacation_days_per_year
            left = max(0, per_year - days_used(session, user.id, now))
            if days > left:
                raise ApiError(
                    422,
                    f"you have {left} vacation day{'' if left == 1 else 's'} left this year "
                    f"({per_year} a year); asked for {days}",
                )
            session.add(Vacation(user_id=user.id, starts_at=now, ends_at=now + days * DAY, created_at=now))
            session.flush()
            return self._answer(session, user.id, now)

        answer = await self.store.write(write)
        await self.master.vacations_changed(user.id)
        self.master.fanout.user_changed(user.id)  # and on the other processes' tables
        return answer

    async def end(self, user: UserPublic) -> dict[str, Any]:
        now = self.settings.clock()

        def write(session: Session) -> dict[str, Any]:
            current = running(session, user.id, now)
            if current is None:
                raise ApiError(409, "you are not on vacation")
            current.ends_at = now
            session.flush()
            return self._answer(session, user.id, now)

        answer = await self.store.write(write)
        await self.master.vacations_changed(user.id)
        self.master.fanout.user_changed(user.id)  # and on the other processes' tables
        return answer
