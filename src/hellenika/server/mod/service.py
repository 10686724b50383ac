"""The server's operators: reports about people, suspended accounts, stuck tables.

Who is an admin is people's to say (server/people/roles.py). Every admin route answers 403 to anyone else.

- **Reports.** Anyone logged in may report another person (``POST /api/reports``: why, and optionally the
  table and chat line it is about); at most ``REPORTS_PER_HOUR`` an hour, counted under the reporter's turn
  (store/locks.py ``take_turn``) so concurrent reports cannot pass it. Admins list them, open ones first, and
  mark them dealt with.
- **Suspension.** An admin suspends an account for some days with a reason: its sessions end at once (its open
  WebSockets close, on every process) and logging in is refused until then (a login in flight meanwhile is
  refused too: people/accounts.py); lifting it ends it early. What it started in the lobby is taken back in
  the same transaction (lobby/withdraw.py): its waiting match requests are cancelled, its tables not started
  deleted with their invitations, its invitations and seats at other tables not started opened. Its seats
  in started games stay: deadlines and the timeout bot treat them as any absent player's.
- **Stuck tables.** Tables where nothing happened for a while (playing, or still waiting for people), oldest
  first. An admin removes the seat a playing game waits for (a forfeit with reason ``removed``, never rated:
  "alice was removed by the server's admin; bob wins.") or deletes a table that never started.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, aliased

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.lobby import Withdrawn, take_back
from hellenika.server.people import Accounts, UserPublic, is_admin, require_admin, user_id_of
from hellenika.server.round import Master
from hellenika.server.store import Store
from hellenika.server.store.locks import take_turn
from hellenika.server.store.models import AuthSession, GameTable, Report, User
from hellenika.server.tables import PLAYING, WAITING, iso, load_infos, read_table

#: Reports one person may file an hour.
REPORTS_PER_HOUR = 10


class Admin:
    """Reports, suspensions and stuck tables of one server (see the module docstring)."""

    def __init__(self, store: Store, settings: Settings, accounts: Accounts, master: Master) -> None:
        self.store = store
        self.settings = settings
        self.accounts = accounts
        self.master = master

    # ------------------------------------------------------------------ reports

    async def report(
        self, user: UserPublic, name: str, reason: str, table_id: str | None, message_id: int | None
    ) -> dict[str, Any]:
        text = " ".join(reason.split())
        if not text:
            raise ApiError(422, "say why you report this person")
        now = self.settings.clock()

        def write(session: Session) -> dict[str, Any]:
            take_turn(session, f"reports:{user.id}")
            reported, shown = user_id_of(session, name, missing=422)
            if reported == user.id:
                raise ApiError(422, "you cannot report yourself")
            hour_ago = now - 3600.0
            recent = session.scalar(
                select(func.count())
                .select_from(Report)
                .where(Report.reporter_id == user.id, Report.created_at > hour_ago)
            )
            if (recent or 0) >= REPORTS_PER_HOUR:
                raise ApiError(429, f"at most {REPORTS_PER_HOUR} reports an hour; an admin reads them all")
            if table_id is not None and session.get(GameTable, table_id) is None:
                raise ApiError(422, f"no table {table_id!r}")
            row = Report(
                reporter_id=user.id,
                reported_id=reported,
                table_id=table_id,
                message_id=message_id,
                reason=text,
                created_at=now,
            )
            session.add(row)
            session.flush()
            return {"id": row.id, "user": shown, "reason": text, "created_at": iso(now)}

        return await self.store.write(write)

    async def reports(self, user: UserPublic, limit: int = 100) -> list[dict[str, Any]]:
        """Reports, open ones first, newest first within each (admins only)."""
        reporter, reported, resolver = aliased(User), aliased(User), aliased(User)

        def read(session: Session) -> list[dict[str, Any]]:
            require_admin(session, user)
            rows = session.execute(
                select(Report, reporter.name, reported.name, resolver.name)
                .join(reporter, reporter.id == Report.reporter_id)
                .join(reported, reported.id == Report.reported_id)
                .outerjoin(resolver, resolver.id == Report.resolved_by)
                .order_by(Report.resolved_at.is_not(None), Report.id.desc())
                .limit(limit)
            )
            return [
                {
                    "id": r.id,
                    "reporter": by,
                    "user": about,
                    "reason": r.reason,
                    "table": r.table_id,
                    "message": r.message_id,
                    "created_at": iso(r.created_at),
                    "resolved_at": iso(r.resolved_at),
                    "resolved_by": resolved,
                }
                for r, by, about, resolved in rows
            ]

        return await self.store.read(read)

    async def resolve(self, user: UserPublic, report_id: int) -> None:
        now = self.settings.clock()

        def write(session: Session) -> None:
            require_admin(session, user)
            done = session.execute(
                update(Report)
                .where(Report.id == report_id, Report.resolved_at.is_(None))
                .values(resolved_at=now, resolved_by=user.id)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                found = session.get(Report, report_id)
                raise ApiError(
                    404 if found is None else 409, f"report {report_id} is gone or dealt with already"
                )

        await self.store.write(write)

    # ------------------------------------------------------------------ suspension

    async def suspend(self, user: UserPublic, name: str, days: int, reason: str) -> dict[str, Any]:
        """Suspend an account for ``days`` days: its sessions end now (and its sockets close everywhere)."""
        now = self.settings.clock()
        until = now + days * 86_400

        def write(session: Session) -> tuple[str, list[str], Withdrawn]:
            require_admin(session, user)
            target, shown = user_id_of(session, name)
            if target == user.id:
                raise ApiError(422, "you cannot suspend yourself")
            if is_admin(session, target):
                raise ApiError(
                    422, "an admin cannot be suspended; revoke the role first (hellenika admin revoke)"
                )
            # The row first (held until the commit), then its sessions: a login that added one meanwhile
            # has committed by then, and one still to come sees the suspension (people/accounts.py).
            session.execute(
                update(User)
                .where(User.id == target)
                .values(suspended_until=until, suspended_reason=" ".join(reason.split()) or None)
            )
            hashes = list(
                session.scalars(select(AuthSession.token_hash).where(AuthSession.user_id == target))
            )
            session.execute(delete(AuthSession).where(AuthSession.user_id == target))
            return shown, hashes, take_back(session, target)

        shown, hashes, taken = await self.store.write(write)
        for digest in hashes:  # as a logout would, on this process and every other one
            self.accounts.forget_session(digest)
            await self.master.hub.close_session(digest)
            self.master.fanout.session_closed(digest)
        for info in taken.opened:
            self.master.publish_table(info)
        for table_id in taken.deleted:
            self.master.forget(table_id)
        return {
            "user": shown,
            "suspended_until": iso(until),
            "sessions_ended": len(hashes),
            "requests_cancelled": taken.requests,
            "tables_withdrawn": len(taken.deleted),
            "seats_opened": len(taken.opened),
        }

    async def unsuspend(self, user: UserPublic, name: str) -> dict[str, Any]:
        def write(session: Session) -> str:
            require_admin(session, user)
            target, shown = user_id_of(session, name)
            session.execute(
                update(User).where(User.id == target).values(suspended_until=None, suspended_reason=None)
            )
            return shown

        return {"user": await self.store.write(write), "suspended_until": None}

    # ------------------------------------------------------------------ stuck tables

    async def stuck(self, user: UserPublic, hours: float) -> list[dict[str, Any]]:
        """Tables quiet for at least ``hours``: playing (since the last move) or waiting (since created)."""
        before = self.settings.clock() - hours * 3600

        def read(session: Session) -> list[dict[str, Any]]:
            require_admin(session, user)
            quiet = func.coalesce(GameTable.last_move_at, GameTable.started_at, GameTable.created_at)
            ids = list(
                session.scalars(
                    select(GameTable.id)
                    .where(GameTable.status.in_((PLAYING, WAITING)), quiet <= before)
                    .order_by(quiet)
                    .limit(200)
                )
            )
            return [info.to_json(user.id) for info in load_infos(session, ids)]

        return await self.store.read(read)

    async def remove_seat(self, user: UserPublic, table_id: str, seat: int | None) -> dict[str, Any]:
        """End a stuck game by removing a seat (default: the one it waits for), or delete a table that never
        started; answers the table (null when deleted)."""
        await self.store.read(lambda session: require_admin(session, user))
        master = self.master
        status = (await read_table(self.store, table_id)).status
        if status == WAITING:

            def drop(session: Session) -> None:
                done = session.execute(
                    delete(GameTable).where(GameTable.id == table_id, GameTable.status == WAITING)
                )
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    raise ApiError(409, "the table started meanwhile; look again")

            await self.store.write(drop)
            master.forget(table_id)
            return {"table": None}
        info = await master.remove_seat(table_id, seat)
        return {"table": info.to_json(user.id)}
