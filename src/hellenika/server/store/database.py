"""The database engine and the two ways the server reaches it.

SQLite (the default, under ``./var``) runs in WAL mode with a busy timeout, and all its writes go through
one writer thread: SQLite takes one writer at a time anyway, and queueing them in-process avoids its
sleep-and-retry busy handler, which would add milliseconds to a move under load. PostgreSQL
(``postgresql+psycopg://...``) gets a small pool of writer threads. Reads run in the default thread pool.
Either way no database call runs on the event loop.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio.to_thread
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from hellenika.server.store.migrate import upgrade

T = TypeVar("T")


def make_engine(database_url: str) -> Engine:
    """An engine with the settings each backend needs (WAL and busy timeout for SQLite)."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            # Enough for every worker thread, so connections are kept rather than opened and closed.
            pool_size=48,
            max_overflow=16,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # No pre-ping: it costs a round trip on every transaction (a third of a move's time in the database).
    # A connection the server lost fails its statement instead, which answers 503 (errors.py), and
    # SQLAlchemy then drops every pooled connection older than the failure, so the next request reconnects.
    return create_engine(url, pool_size=10, max_overflow=10)


class Store:
    """The database of one server: engine, session factory, writer threads; migrated on creation."""

    def __init__(self, database_url: str, *, migrate: bool = True) -> None:
        self.url = database_url
        self.engine = make_engine(database_url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        if migrate:
            upgrade(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = ThreadPoolExecutor(
            max_workers=1 if self.is_sqlite else 4, thread_name_prefix="hellenika-db-writer"
        )

    def session(self) -> Session:
        return self.sessions()

    async def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` with a session in a worker thread (for queries)."""
        return await anyio.to_thread.run_sync(self._in_session, fn)

    async def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in one transaction on a writer thread: committed if it returns, rolled back if not."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, functools.partial(self._in_transaction, fn))

    def _in_session(self, fn: Callable[[Session], T]) -> T:
        with self.sessions() as session:
            return fn(session)

    def _in_transaction(self, fn: Callable[[Session], T]) -> T:
        with self.sessions() as session, session.begin():
            return fn(session)

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        self.engine.dispose()
