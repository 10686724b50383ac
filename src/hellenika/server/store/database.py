"""The database engine and the two ways the server reaches it.

SQLite (the default, under ``./var``) runs in WAL mode with a busy timeout, and all its writes go through
one writer thread: SQLite takes one writer at a time anyway, and queueing them in-process avoids its
sleep-and-retry busy handler, which would add milliseconds to a move under load. PostgreSQL
(``postgresql+psycopg://...``) gets a small pool of writer threads and as many reader threads as the pool
has connections left, so threads never pile up waiting for connections. No database call runs on the event
loop.

**Outages (PostgreSQL).** Every call has ``timeout`` seconds (waiting for a thread included). A call that
runs past it is answered :class:`StoreUnavailable` (503) at once, its transaction is rolled back when the
database returns, and the store is marked *hung*: every call is then refused at once, with no thread and no
connection spent on it, until a probe on its own thread gets an answer to ``SELECT 1``. A call that fails
with a lost or refused connection does the same, so a stopped database is not knocked at by every request
either. The outage is logged once when it starts and once when it ends (store/outage.py). Connections carry
a connect timeout, TCP keepalives and server-side statement limits (``pg_connect_args``).

**Connections.** The pool holds ``pool_size`` connections and ``pool_overflow`` more at peak, per process;
behind PgBouncer in transaction mode (``pooler``) no session-level setting is sent and nothing is
prepared, and migrations (and, in services.py, the leases' session locks) use ``direct_url``.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import URL, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool

from hellenika.server.store.migrate import upgrade
from hellenika.server.store.outage import Outage, StoreUnavailable, first_line, is_outage, pg_connect_args

T = TypeVar("T")

#: Seconds between two probes of a database that does not answer.
PROBE_SECONDS = 1.0


def make_engine(
    database_url: str | URL,
    *,
    timeout: float | None = None,
    pool_size: int = 6,
    pool_overflow: int = 4,
    pooler: bool = False,
) -> Engine:
    """An engine with the settings each backend needs (WAL and busy timeout for SQLite; timeouts,
    keepalives and a pool of ``pool_size`` + ``pool_overflow`` for PostgreSQL)."""
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
    return create_engine(
        url,
        pool_size=pool_size,
        max_overflow=pool_overflow,
        pool_timeout=timeout if timeout is not None else 30,
        connect_args=pg_connect_args(timeout, pooler=pooler),
    )


# The states of one call, as its thread and its waiter agree on them (under the call's lock): a call the
# waiter gave up on before it committed is rolled back; one given up on while committing may have committed.
QUEUED, RUNNING, COMMITTING, DONE, ABANDONED = range(5)


class _Call:
    __slots__ = ("lock", "state")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.state = QUEUED

    def move(self, state: int) -> None:
        """The thread's step; raises :class:`_Abandoned` if the waiter gave up first."""
        with self.lock:
            if self.state == ABANDONED:
                raise _Abandoned
            self.state = state


class _Abandoned(Exception):
    """Raised in a thread whose waiter has gone: the transaction rolls back."""


class Store:
    """The database of one server: engine, session factory, writer and reader threads; migrated on creation.

    ``timeout`` (seconds, PostgreSQL only; None: none) bounds every call, as the module's docstring says."""

    def __init__(
        self,
        database_url: str,
        *,
        migrate: bool = True,
        timeout: float | None = None,
        pool_size: int = 6,
        pool_overflow: int = 4,
        pooler: bool = False,
        direct_url: str | None = None,
    ) -> None:
        self.url = database_url
        self.direct_url = direct_url or database_url
        self.pooler = pooler
        self.engine = make_engine(
            database_url, timeout=timeout, pool_size=pool_size, pool_overflow=pool_overflow, pooler=pooler
        )
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self.timeout = None if self.is_sqlite else timeout
        self.outage = Outage()
        if migrate:
            self.migrate()
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        connections = pool_size + pool_overflow
        writers = 1 if self.is_sqlite else max(1, min(4, connections // 2))
        self._writer = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="hellenika-db-writer")
        # Readers get the connections the writers leave: more threads would only wait for a connection.
        readers = 40 if self.is_sqlite else max(1, connections - writers)
        self._reader = ThreadPoolExecutor(max_workers=readers, thread_name_prefix="hellenika-db-reader")
        self._hung = False
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self._probe_engine: Engine | None = None

    def migrate(self) -> None:
        """Bring the schema up to date, on ``direct_url`` (a pooler in transaction mode would do, but the
        migrations are the one place that may need a session of its own)."""
        if self.direct_url == self.url:
            upgrade(self.engine)
            return
        engine = create_engine(self.direct_url, poolclass=NullPool, connect_args=pg_connect_args(None))
        try:
            upgrade(engine)
        finally:
            engine.dispose()

    @property
    def lease_url(self) -> str:
        """The address of the leases' own connections (session-level advisory locks: never through a pooler
        in transaction mode), with this store's connect timeout and keepalives in its query."""
        if self.is_sqlite:
            return self.url
        url = make_url(self.direct_url)
        args = {k: str(v) for k, v in pg_connect_args(self.timeout).items() if k != "prepare_threshold"}
        return url.update_query_dict(args).render_as_string(hide_password=False)

    @property
    def hung(self) -> bool:
        """Whether calls are refused at once until the probe hears from the database."""
        return self._hung

    def session(self) -> Session:
        return self.sessions()

    async def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` with a session on a reader thread (for queries)."""
        return await self._call(self._reader, self._in_session, fn)

    async def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn`` in one transaction on a writer thread: committed if it returns, rolled back if not."""
        return await self._call(self._writer, self._in_transaction, fn)

    async def ping(self) -> None:
        """``SELECT 1``, under the same rules as every call (readiness)."""
        await self.read(lambda session: session.execute(text("SELECT 1")).scalar())

    # ------------------------------------------------------------------ calls and their timeouts

    async def _call(
        self, pool: ThreadPoolExecutor, work: Callable[[Callable[[Session], T], _Call], T], fn: Any
    ) -> T:
        if self._hung:
            raise self._refusal()
        call = _Call()
        future: Future[T] = pool.submit(work, fn, call)
        waiter = asyncio.wrap_future(future)
        try:
            if self.timeout is None:
                return await waiter
            try:
                # asyncio.wait neither cancels the call when the time is up nor wraps it in a task.
                done, _pending = await asyncio.wait((waiter,), timeout=self.timeout)
            except asyncio.CancelledError:  # the request went away: the call finishes on its own
                waiter.add_done_callback(_consume)
                raise
            if done:
                return waiter.result()
            return await self._timed_out(call, future, waiter)
        except SQLAlchemyError as exc:
            if not self.is_sqlite and is_outage(exc):
                self._mark_down(first_line(exc))
                # The connection lost during the commit itself: the commit may have been made.
                raise (self._unconfirmed() if call.state == COMMITTING else self._refusal()) from exc
            raise

    async def _timed_out(self, call: _Call, future: Future[T], waiter: asyncio.Future[T]) -> T:
        with call.lock:
            state = call.state
            if state != DONE:
                call.state = ABANDONED
        if state == DONE:  # it finished as the time ran out
            return await waiter
        future.cancel()  # still queued: never runs
        waiter.add_done_callback(_consume)
        seconds = f"{self.timeout:g}"
        if state == QUEUED:  # every thread busy: the database may be slow, it is not known to be hung
            raise StoreUnavailable(
                f"the server is busy: the database did not take this request within {seconds} s; "
                "nothing was changed, try again soon",
                self.outage.retry_after(),
            )
        self._mark_down(f"a call got no answer within {seconds} s")
        if state == COMMITTING:
            raise self._unconfirmed()
        raise self._refusal()

    def _unconfirmed(self) -> StoreUnavailable:
        return StoreUnavailable(
            "the database did not confirm the change; it may have been made: reload before trying again",
            self.outage.retry_after(),
        )

    def _refusal(self) -> StoreUnavailable:
        return StoreUnavailable(
            "the database is unavailable; nothing was changed, try again soon", self.outage.retry_after()
        )

    def _in_session(self, fn: Callable[[Session], T], call: _Call) -> T:
        call.move(RUNNING)
        for attempt in range(2):
            try:
                with self.sessions() as session:
                    result = fn(session)
                break
            except DBAPIError as exc:
                # A read on a connection the database dropped (it restarted) is read again once, on a new
                # connection: nothing was written, and the pool has dropped its old connections.
                if attempt or not exc.connection_invalidated:
                    raise
        call.move(DONE)
        return result

    def _in_transaction(self, fn: Callable[[Session], T], call: _Call) -> T:
        call.move(RUNNING)
        with self.sessions() as session, session.begin():
            result = fn(session)
            call.move(COMMITTING)  # the waiter gave up? then _Abandoned rolls this back
        call.move(DONE)
        return result

    # ------------------------------------------------------------------ hung: refused until the probe answers

    def _mark_down(self, why: str) -> None:
        with self._lock:
            if self._hung or self._closed.is_set():
                return
            self._hung = True
        self.outage.down(why)
        threading.Thread(target=self._probe, name="hellenika-db-probe", daemon=True).start()

    def _probe(self) -> None:
        """``SELECT 1`` on a connection of its own (the pool's may all be stuck) until it answers."""
        if self._probe_engine is None:
            self._probe_engine = create_engine(
                self.url, poolclass=NullPool, connect_args=pg_connect_args(self.timeout, pooler=self.pooler)
            )
        while not self._closed.is_set():
            started = time.monotonic()
            try:
                with self._probe_engine.connect() as connection:
                    connection.execute(text("SELECT 1"))
            except SQLAlchemyError:
                self._closed.wait(max(0.0, PROBE_SECONDS - (time.monotonic() - started)))
                continue
            with self._lock:
                self._hung = False
            self.outage.up()
            return

    def close(self) -> None:
        self._closed.set()
        self._writer.shutdown(wait=not self._hung)
        self._reader.shutdown(wait=not self._hung)
        self.engine.dispose()
        if self._probe_engine is not None:
            self._probe_engine.dispose()


def _consume(future: asyncio.Future[Any]) -> None:
    """Retrieve an abandoned call's outcome, so asyncio does not log "exception was never retrieved"."""
    if not future.cancelled():
        future.exception()
