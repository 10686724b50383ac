"""Work that must run once across all server processes: a bot's turn, a deadline sweep, the outbox drain.

A :class:`Lease` is held by one process at a time. On PostgreSQL it is a session-level advisory lock
(``pg_try_advisory_lock``) on a connection of its own, held for as long as the work runs: when the process
dies, its connections drop and PostgreSQL lets go of the lock at once, so another process can take the work
over (the deadline watcher of every process looks for a bot that should be moving). Nothing is ever decided by
the lease alone: a move still commits only if the table's version is the one it was computed from (the
fencing token), so even a process that lost its lease while paused can never apply a move twice.

One process (SQLite, ``make run``) uses :class:`LocalLocks`: the same interface over a set of names.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import anyio.to_thread
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from hellenika.server.store.locks import lock_key

if TYPE_CHECKING:
    from sqlalchemy import Connection

log = logging.getLogger("hellenika.server.core.coordination")


class Lease:
    """A held lock; ``release`` (or leaving ``async with``) lets it go. Releasing twice is harmless."""

    def __init__(self, locks: LocalLocks, name: str) -> None:
        self._locks = locks
        self.name = name
        self.held = True

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

    async def try_hold(self, name: str) -> Lease | None:
        """A lease on ``name``, or None if someone holds it now (never waits)."""
        if name in self._held:
            return None
        self._held.add(name)
        return Lease(self, name)

    async def _release(self, lease: Lease) -> None:
        self._held.discard(lease.name)

    async def close(self) -> None:
        self._held.clear()


class _PgLease(Lease):
    connection: Connection


class PgLocks(LocalLocks):
    """Leases as PostgreSQL advisory locks, each on its own connection (no pool: a lease is a connection)."""

    def __init__(self, database_url: str) -> None:
        super().__init__()
        self.engine = create_engine(database_url, poolclass=NullPool)

    async def try_hold(self, name: str) -> Lease | None:
        if name in self._held:  # one lease per name in this process too (a session lock is re-entrant)
            return None
        self._held.add(name)
        try:
            connection = await anyio.to_thread.run_sync(self._lock, lock_key(name))
        except BaseException:
            self._held.discard(name)
            raise
        if connection is None:
            self._held.discard(name)
            return None
        lease = _PgLease(self, name)
        lease.connection = connection
        return lease

    def _lock(self, key: int) -> Connection | None:
        connection = self.engine.connect()
        try:
            got = connection.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar()
            connection.commit()
        except BaseException:
            connection.close()
            raise
        if not got:
            connection.close()
            return None
        return connection

    async def _release(self, lease: Lease) -> None:
        self._held.discard(lease.name)
        connection = getattr(lease, "connection", None)
        if connection is not None:
            await anyio.to_thread.run_sync(self._unlock, connection, lock_key(lease.name))

    @staticmethod
    def _unlock(connection: Connection, key: int) -> None:
        try:
            connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})
            connection.commit()
        except Exception as exc:  # the connection is gone: PostgreSQL released the lock with it
            log.warning("could not release advisory lock %s: %s", key, exc)
        finally:
            connection.close()

    async def close(self) -> None:
        await super().close()
        await anyio.to_thread.run_sync(self.engine.dispose)


def make_locks(database_url: str, is_sqlite: bool) -> LocalLocks:
    """Advisory locks on PostgreSQL; in-process leases on SQLite (one process only)."""
    return LocalLocks() if is_sqlite else PgLocks(database_url)
