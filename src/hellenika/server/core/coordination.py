"""Work that must run once across all server processes: a bot's turn, a deadline sweep, the outbox drain.

A :class:`Lease` is held by one process at a time. Nothing is ever decided by the lease alone: a move still
commits only if the table's version is the one it was computed from (the fencing token), so even a process
that lost its lease while paused can never apply a move twice. Three kinds, picked by :func:`make_locks`:

- :class:`LocalLocks`: one process (SQLite, ``make run``), a set of names.
- :class:`PgLocks`: PostgreSQL session advisory locks (``pg_try_advisory_lock``), all of a process's on ONE
  dedicated connection (not one per lease: a process with many bot tables would hold as many connections).
  When the process dies the connection drops and PostgreSQL lets go of every lock at once, so another
  process takes the work over. When the connection is lost under a living process, every lease it held is
  marked lost (``held`` false, ``lost`` true) and the next lease opens a new connection.
- :class:`RowLocks`: rows of the ``leases`` table (owner, ``expires_at``, renewal), for a pooler in
  transaction mode (PgBouncer; ``Settings.database_pooler``), which hands each transaction any server
  connection, so a session lock would be taken on one and released (or not) on another. A lease lasts
  ``ttl`` seconds (15) on the database's clock and is renewed every third of that; one not renewed in time
  (its process died or lost the database) may be taken by anyone, and its holder finds it lost at the next
  renewal.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from hellenika.server.store.locks import lock_key

if TYPE_CHECKING:
    from sqlalchemy import Connection
    from sqlalchemy.orm import Session

    from hellenika.server.store import Store

log = logging.getLogger("hellenika.server.core.coordination")
T = TypeVar("T")

#: How long a row lease lasts without renewal (seconds); renewed every third of it.
ROW_LEASE_SECONDS = 15.0


class Lease:
    """A held lock; ``release`` (or leaving ``async with``) lets it go. Releasing twice is harmless."""

    def __init__(self, locks: LocalLocks, name: str) -> None:
        self._locks = locks
        self.name = name
        self.held = True
        #: Taken away by the store (a lost connection, an expired row), not released by us.
        self.lost = False

    def mark_lost(self) -> None:
        self.held = False
        self.lost = True

    async def release(self) -> None:
        if self.held:
            self.held = False
            await self._locks._release(self)

    async def __aenter__(self) -> Lease:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.release()


class LocalLocks:
    """Leases within one process."""

    def __init__(self) -> None:
        self._held: set[str] = set()
        self._leases: dict[str, Lease] = {}

    async def try_hold(self, name: str) -> Lease | None:
        """A lease on ``name``, or None if someone holds it now (never waits)."""
        if name in self._held:
            return None
        self._held.add(name)
        return self._made(name)

    def _made(self, name: str) -> Lease:
        lease = Lease(self, name)
        self._leases[name] = lease
        return lease

    async def _release(self, lease: Lease) -> None:
        self._forget(lease.name)

    def _forget(self, name: str) -> None:
        self._held.discard(name)
        self._leases.pop(name, None)

    def _lose_all(self) -> None:
        for lease in list(self._leases.values()):
            lease.mark_lost()
        self._held.clear()
        self._leases.clear()

    async def close(self) -> None:
        self._held.clear()
        self._leases.clear()


class PgLocks(LocalLocks):
    """Advisory locks, all on one connection of their own (no pool), used from one thread in turn."""

    def __init__(self, database_url: str) -> None:
        super().__init__()
        self.engine = create_engine(database_url, poolclass=NullPool)
        self._connection: Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hellenika-leases")
        #: Times the lease connection was lost under us (each loses every lease held).
        self.losses = 0

    async def _on_thread(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, functools.partial(fn, *args))

    def _scalar(self, sql: str, key: int) -> Any:
        """One statement on the lease connection (on its thread), opened first if need be. A failure drops
        the connection (the caller marks every lease lost)."""
        if self._connection is None or self._connection.closed:
            self._connection = self.engine.connect()
        try:
            value = self._connection.execute(text(sql), {"k": key}).scalar()
            self._connection.commit()
            return value
        except BaseException:
            self._drop()
            raise

    def _drop(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.invalidate()
                self._connection.close()
        self._connection = None

    async def try_hold(self, name: str) -> Lease | None:
        if name in self._held:  # one lease per name in this process too (a session lock is re-entrant)
            return None
        self._held.add(name)
        try:
            got = await self._on_thread(self._scalar, "SELECT pg_try_advisory_lock(:k)", lock_key(name))
        except BaseException:
            self._held.discard(name)
            self._connection_lost()
            raise
        if not got:
            self._held.discard(name)
            return None
        return self._made(name)

    def _connection_lost(self) -> None:
        """The connection went (its locks with it): every lease of this process is lost."""
        if self._leases:
            self.losses += 1
            log.warning("leases: lost the lease connection; %d lease(s) lost", len(self._leases))
        self._lose_all()

    async def check(self) -> bool:
        """Whether the lease connection still works (a lost one marks every lease lost)."""
        if not self._leases:
            return True
        try:
            await self._on_thread(self._scalar, "SELECT :k", 1)
            return True
        except Exception:
            self._connection_lost()
            return False

    async def _release(self, lease: Lease) -> None:
        self._forget(lease.name)
        try:
            await self._on_thread(self._scalar, "SELECT pg_advisory_unlock(:k)", lock_key(lease.name))
        except Exception as exc:  # the connection is gone: PostgreSQL released the lock with it
            log.warning("could not release advisory lock %s: %s", lease.name, exc)
            self._connection_lost()

    async def close(self) -> None:
        await super().close()
        await self._on_thread(self._drop)
        self._thread.shutdown(wait=True)
        await asyncio.to_thread(self.engine.dispose)


_TAKE = text(
    "INSERT INTO leases (name, owner, expires_at, renewed_at)"
    " VALUES (:name, :owner, EXTRACT(EPOCH FROM clock_timestamp()) + :ttl,"
    " EXTRACT(EPOCH FROM clock_timestamp()))"
    " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,"
    " renewed_at = excluded.renewed_at"
    " WHERE leases.expires_at < EXTRACT(EPOCH FROM clock_timestamp())"
    " RETURNING owner"
)
_RENEW = text(
    "UPDATE leases SET expires_at = EXTRACT(EPOCH FROM clock_timestamp()) + :ttl,"
    " renewed_at = EXTRACT(EPOCH FROM clock_timestamp())"
    " WHERE owner = :owner AND name = ANY(:names) AND expires_at >= EXTRACT(EPOCH FROM clock_timestamp())"
    " RETURNING name"
)
_GIVE_BACK = text("DELETE FROM leases WHERE name = :name AND owner = :owner")


class RowLocks(LocalLocks):
    """Leases as rows with an owner and an expiry, renewed by a task while held (PostgreSQL)."""

    def __init__(self, store: Store, ttl: float = ROW_LEASE_SECONDS) -> None:
        super().__init__()
        self.store = store
        self.ttl = ttl
        #: This process's name on its rows.
        self.owner = secrets.token_hex(8)
        self._renewer: asyncio.Task[None] | None = None

    async def try_hold(self, name: str) -> Lease | None:
        if name in self._held:
            return None
        self._held.add(name)
        params = {"name": name, "owner": self.owner, "ttl": self.ttl}
        try:
            got = await self.store.write(lambda session: session.execute(_TAKE, params).scalar())
        except BaseException:
            self._held.discard(name)
            raise
        if got != self.owner:
            self._held.discard(name)
            return None
        lease = self._made(name)
        if self._renewer is None or self._renewer.done():
            self._renewer = asyncio.get_running_loop().create_task(self._renew_loop(), name="lease-renewer")
        return lease

    async def renew(self) -> int:
        """Extend every lease held; a row someone else took (it expired) marks its lease lost. Answers how
        many were renewed."""
        names = list(self._leases)
        if not names:
            return 0
        params = {"names": names, "owner": self.owner, "ttl": self.ttl}

        def work(session: Session) -> set[str]:
            return set(session.execute(_RENEW, params).scalars())

        kept = await self.store.write(work)
        for name in names:
            lease = self._leases.get(name)
            if name not in kept and lease is not None:
                log.warning("leases: %s expired before it was renewed; lost", name)
                lease.mark_lost()
                self._forget(name)
        return len(kept)

    async def _renew_loop(self) -> None:
        while self._leases:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.renew()
            except Exception as exc:  # the database is away: the rows expire unless it returns in time
                log.warning("leases: renewal failed (%s)", exc)

    async def _release(self, lease: Lease) -> None:
        self._forget(lease.name)
        params = {"name": lease.name, "owner": self.owner}
        try:
            await self.store.write(lambda session: session.execute(_GIVE_BACK, params))
        except Exception as exc:  # the row expires by itself
            log.warning("leases: could not give back %s: %s", lease.name, exc)

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        for lease in list(self._leases.values()):
            await lease.release()
        await super().close()


def make_locks(store: Store, pooler: bool = False) -> LocalLocks:
    """In-process leases on SQLite (one process only); on PostgreSQL advisory locks on one connection, or
    rows of ``leases`` behind a pooler in transaction mode (``Settings.database_pooler``)."""
    if store.is_sqlite:
        return LocalLocks()
    return RowLocks(store) if pooler else PgLocks(store.lease_url)
