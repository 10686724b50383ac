"""What the store says when the database does not answer: :class:`StoreUnavailable` (answered 503 with
``Retry-After`` by core/errors.py, a socket closed with 1013), which errors mean an outage rather than a bad
statement, the connection settings that make a hung PostgreSQL fail fast, and :class:`Outage`, which logs an
outage once when it starts and once when it ends instead of a traceback per request.

Why fail fast: PostgreSQL frozen for 20 s (SIGSTOP, a stuck disk, a partition that drops packets) used to
hold every move for 21 s and every ``/readyz`` for 22 s, and worker threads piled up waiting for it. A
stopped database already failed at once (connection refused); a hung one now does too (store/database.py).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from sqlalchemy.exc import DBAPIError, OperationalError

log = logging.getLogger("hellenika.server.store")

#: The first ``Retry-After`` of an outage (seconds); longer outages ask clients to wait longer.
RETRY_SECONDS = 5

#: SQLSTATEs of PostgreSQL that mean "not answering now" rather than "this statement is wrong": connection
#: exceptions (class 08), shutting down or starting up, too many connections, the database gone.
OUTAGE_STATES = frozenset({"57P01", "57P02", "57P03", "53300", "53400", "3D000"})


class StoreUnavailable(Exception):
    """The database cannot serve this call now; nothing of it was written unless ``detail`` says it may have
    been. ``retry_after`` is the clients' hint in seconds."""

    def __init__(self, detail: str, retry_after: int = RETRY_SECONDS) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after = retry_after


def is_outage(exc: BaseException) -> bool:
    """Whether ``exc`` (from PostgreSQL through psycopg) means the database is not answering: a lost or
    refused connection, a server shutting down, too many connections. A deadlock or a statement timeout is
    not one."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    if not isinstance(exc, OperationalError):
        return False
    orig = exc.orig
    if not type(orig).__module__.startswith("psycopg"):
        return False  # SQLite's OperationalError is "database is locked" and the like: a busy file
    state = getattr(orig, "sqlstate", None)
    return state is None or state.startswith("08") or state in OUTAGE_STATES


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (psycopg's messages go on for lines)."""
    orig = getattr(exc, "orig", None) or exc
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0][:200]


def pg_connect_args(timeout: float | None, *, pooler: bool = False) -> dict[str, Any]:
    """libpq settings of every PostgreSQL connection of the server.

    ``connect_timeout`` bounds a connection attempt (a frozen server accepts the TCP connection and never
    answers); TCP keepalives and ``tcp_user_timeout`` notice a peer that vanished (a host down, packets
    dropped) in seconds rather than the kernel's 15 minutes; ``statement_timeout`` and
    ``idle_in_transaction_session_timeout`` end, on the server's side, a statement or an open transaction a
    process left behind. Behind PgBouncer in transaction mode (``pooler``) no session-level setting may be
    sent (the server connection is shared; set PgBouncer's ``query_timeout`` and ``idle_transaction_timeout``
    instead) and no statement is prepared (the next transaction may run on another server connection)."""
    args: dict[str, Any] = {
        "connect_timeout": 3 if timeout is None else max(1, min(10, round(timeout * 0.6))),
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 5,
        "keepalives_count": 3,
        "tcp_user_timeout": 15_000,  # milliseconds: unacknowledged data this long means the peer is gone
    }
    if pooler:
        args["prepare_threshold"] = None
    else:
        args["options"] = "-c statement_timeout=30000 -c idle_in_transaction_session_timeout=60000"
    return args


class Outage:
    """The database's state as this process saw it last: answering, or out since when. The first failure of
    an outage and the first success after it are logged (one line each); everything in between is quiet."""

    def __init__(self, logger: logging.Logger = log) -> None:
        self.log = logger
        self._lock = threading.Lock()
        self.since: float | None = None
        #: Outages seen since the process started (tests and /readyz read it).
        self.count = 0

    @property
    def active(self) -> bool:
        return self.since is not None

    def down(self, why: str) -> None:
        with self._lock:
            if self.since is not None:
                return
            self.since = time.monotonic()
            self.count += 1
        self.log.warning("database unavailable: %s", why)

    def up(self) -> None:
        with self._lock:
            since, self.since = self.since, None
        if since is not None:
            self.log.warning("database answering again after %.1f s", time.monotonic() - since)

    def retry_after(self) -> int:
        """The clients' hint: 5 s for the first half-minute of an outage, then 10, then 30 after 2 minutes, so
        pages left open through a long outage do not all knock every 5 s."""
        since = self.since
        lasted = 0.0 if since is None else time.monotonic() - since
        if lasted < 30:
            return RETRY_SECONDS
        return 10 if lasted < 120 else 30
