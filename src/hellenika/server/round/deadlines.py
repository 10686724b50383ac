"""The deadline watcher and vacations: every table whose clock has run out (``turn_deadline``, the moment
the running seat's time ends, or the end of the others' time to decide about it) is handed to the timing part
(server/round/timing.py), unless its person is on a vacation the deadline fell in (server/round/vacations.py),
which stops a turn-based clock for its days. The mixin is part of
:class:`hellenika.server.round.master.Master`; the background watcher runs :meth:`Deadlines.check_deadlines`
and sleeps until the nearest deadline (at most ``Settings.deadline_poll_seconds``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from hellenika.server.core.errors import ApiError, log_failure
from hellenika.server.round.clocks import paused
from hellenika.server.round.live import LiveTable, MasterBase
from hellenika.server.round.moves import Conflict
from hellenika.server.round.vacations import covering, moved_deadline
from hellenika.server.store import StoreUnavailable
from hellenika.server.store.models import GameTable
from hellenika.server.tables import PLAYING, WAITING, vacations_at

log = logging.getLogger("hellenika.server")

#: The watcher never sleeps less than this between two looks (a deadline a few ms away waits that long).
MIN_SLEEP = 0.02


class Deadlines(MasterBase):
    """Deadlines and vacations (a part of the master)."""

    async def check_deadlines(self) -> int:
        """Handle every turn whose deadline has passed (a bot moves for the seat, or it forfeits).

        Called by the background watcher, and directly by tests with an injected clock. Answers how many
        timeouts were handled.
        """
        now = self.settings.clock()
        # Several processes: one sweep at a time (the others find the lease taken and skip this round).
        lease = await self.locks.try_hold("deadlines")
        if lease is None:
            return 0
        try:
            return await self._check_deadlines(now)
        finally:
            await lease.release()

    async def _check_deadlines(self, now: float) -> int:
        await self._expire_vacations(now)

        def due(session: Session) -> list[str]:
            return list(
                session.scalars(
                    select(GameTable.id).where(
                        GameTable.status == PLAYING,
                        GameTable.turn_deadline.is_not(None),
                        GameTable.turn_deadline <= now,
                    )
                )
            )

        handled = 0
        for table_id in await self.store.read(due):
            try:
                if self.fanout.shared:  # a deadline moved by another process changes no version: reload
                    self.forget(table_id)
                live = await self.live_table(table_id)
                async with live.lock:
                    if await self.expire(live, now):
                        handled += 1
                self.kick_bots(live)
                task = live.bot_task
                if task is not None and not task.done():  # the timeout bot's turn, played before the next
                    await asyncio.wait([task])
            except (ApiError, StoreUnavailable) as exc:
                log_failure(log, exc, "deadline of table %s could not be handled", table_id)
        return handled

    async def _vacation_waits(self, live: LiveTable, seat: int, now: float) -> bool:
        """Whether the late seat's deadline waits for a vacation (server/round/vacations.py; lock held): while
        the person is on a vacation the deadline fell in, yes; once it is over, the deadline moves to its end
        plus the time that was left (and waits on, if that is still ahead)."""
        info = live.info
        user_id = info.seats[seat].user_id
        deadline = info.turn_deadline
        if user_id is None or deadline is None or not info.time_control.turn_based:
            return False

        def read(session: Session) -> tuple[float, float] | None:
            found = covering(session, user_id, deadline)
            return None if found is None else (found.starts_at, found.ends_at)

        found = await self.store.read(read)
        if found is None:
            return False
        starts_at, ends_at = found
        if ends_at > now:
            return True
        control = info.time_control  # the time left is at most a whole allowance (a turn's, or a full bank)
        moved = moved_deadline(deadline, starts_at, ends_at, control.cap or control.base)
        if moved <= now:
            return False
        clock = info.clock if info.clock is None else paused(info.clock, moved - deadline)
        updated = info.with_changes(turn_deadline=moved, clock=clock)
        stored = None if clock is None else clock.stored()

        def write(session: Session) -> None:
            done = session.execute(
                update(GameTable)
                .where(GameTable.id == info.id, GameTable.version == info.version)
                .values(turn_deadline=moved, clock=stored)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict

        await self._write(info.id, write)
        live.info = updated
        self.announce(updated)
        await self.publish(live)
        return True

    async def vacations_changed(self, user_id: int) -> None:
        """A person's vacation started or ended: their seats at live tables show it (and are pushed)."""
        now = self.settings.clock()
        away = await self.store.read(lambda session: vacations_at(session, {user_id}, now))
        for live in list(self.live.values()):
            await self._set_vacation(live, user_id, away.get(user_id))

    async def _expire_vacations(self, now: float) -> None:
        """Vacations that ended by the clock no longer show on the seats of live tables."""
        for live in list(self.live.values()):
            for s in live.info.seats:
                if s.vacation_until is not None and s.vacation_until <= now and s.user_id is not None:
                    await self._set_vacation(live, s.user_id, None)

    async def _set_vacation(self, live: LiveTable, user_id: int, until: float | None) -> None:
        seats = live.info.seats
        if not any(s.user_id == user_id and s.vacation_until != until for s in seats):
            return
        async with live.lock:
            changed = tuple(
                dataclasses.replace(s, vacation_until=until) if s.user_id == user_id else s
                for s in live.info.seats
            )
            live.info = live.info.with_changes(seats=changed)
            if live.info.status == WAITING:
                self.publish_table(live.info)
            else:
                await self.publish(live)

    async def watch_deadlines(self) -> None:
        """The background task: handle what is due, then sleep until the nearest deadline of any table (any
        process may have set it), at most ``deadline_poll_seconds``: a clock that runs out here or at a table
        another process served (it may have died) is handled within that much of its time."""
        poll = self.settings.deadline_poll_seconds
        while not self.closed:
            wait = poll
            try:
                await self.check_deadlines()
                nearest = await self.store.read(_nearest_deadline)
                if nearest is not None:
                    wait = min(poll, max(0.0, nearest - self.settings.clock()))
            except Exception as exc:
                log_failure(log, exc, "deadline check failed")
            await asyncio.sleep(max(wait, MIN_SLEEP))


def _nearest_deadline(session: Session) -> float | None:
    found: float | None = session.scalar(
        select(func.min(GameTable.turn_deadline)).where(GameTable.status == PLAYING)
    )
    return found
