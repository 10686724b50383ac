"""A database that hangs, stops or comes back, under a real server (store/database.py, store/outage.py).

Each test runs the server on a private PostgreSQL cluster (tests/server/postgres_server.py) and freezes it
(SIGSTOP: connections stay open and nothing answers) or stops it. What must hold: a request answers 503
with ``Retry-After`` within the store's timeout rather than hanging, and then at once while the database is
out; nothing half-written; a socket is accepted and closed with 1013 and a retry hint rather than refused
with a 500 or dropped; one log line when an outage starts and one when it ends, never a traceback per
request; the pool never holds more connections than it is given. The bounds on time are wide (seconds over
the timeout): without the timeout these requests would wait for as long as the database stays frozen.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server import postgres_server
from tests.server.harness import LiveServer, Player, receive
from tests.server.helpers import two_player_table, wait_turn
from tests.server.postgres_server import PostgresServer

pytestmark = [
    pytest.mark.faults,
    pytest.mark.xdist_group("faults"),  # one private cluster per worker: keep them on one
    pytest.mark.skipif(not postgres_server.available(), reason="PostgreSQL's programs are not installed"),
]

TIMEOUT = 2.0  # the store's timeout in these tests (the default is 5 s)


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresServer]:
    with PostgresServer() as server:
        yield server


@pytest.fixture
def database(cluster: PostgresServer) -> Iterator[str]:
    """A fresh database on the private cluster, which is answering again after the test whatever it did."""
    name = f"hellenika_faults_{secrets.token_hex(4)}"
    url = cluster.create_database(name)
    try:
        yield url
    finally:
        cluster.thaw()
        if not (cluster.data / "postmaster.pid").exists():
            cluster.start()


class Records(logging.Handler):
    """Every record of the server's loggers and uvicorn's (which does not pass its records to the root)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def messages(self, text: str) -> list[str]:
        return [r.getMessage() for r in self.records if text in r.getMessage()]

    def tracebacks(self) -> list[str]:
        return [f"{r.name}: {r.getMessage()}" for r in self.records if r.exc_info]


@pytest.fixture
def logs() -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("hellenika", "uvicorn", "uvicorn.error")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        if lg.name == "hellenika":
            lg.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.removeHandler(handler)
            lg.setLevel(level)


def serve(make_server: Any, url: str, **settings: Any) -> LiveServer:
    """A server with the short timeout, without the notification drain (its loop is another part's and
    logs its own failures) and, unless asked for, the matcher."""
    values: dict[str, Any] = {"matchmaking_poll_seconds": 0, "notify_poll_seconds": 0, **settings}
    server: LiveServer = make_server(url, database_timeout_seconds=TIMEOUT, **values)
    return server


def timed(call: Any) -> tuple[Any, float]:
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


def wait_ready(player: Player, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while player.get("/readyz").status_code != 200:
        assert time.monotonic() < end, "the server did not become ready again"
        time.sleep(0.1)


def my_move(player: Player, table_id: str) -> tuple[int, Any]:
    model = wait_turn(player, table_id)
    return model["version"], model["legal"][0]["action"]


def test_a_frozen_database_answers_503_within_the_timeout_and_recovers(
    make_server: Any, database: str, cluster: PostgresServer, logs: Records
) -> None:
    # The deadline watcher and the matcher run too: through the outage they log no traceback and go on.
    server = serve(make_server, database, deadline_poll_seconds=0.5, matchmaking_poll_seconds=0.5)
    first, second, table_id = two_player_table(server)
    mover = first if first.state(table_id)["to_move"] == first.state(table_id)["seat"] else second
    version, action = my_move(mover, table_id)

    cluster.freeze()
    answer, took = timed(lambda: mover.move(table_id, version, action))
    assert answer.status_code == 503, answer.text
    assert took < TIMEOUT + 3, f"the move waited {took:.1f} s on a frozen database"
    assert int(answer.headers["Retry-After"]) >= 1 and "nothing was changed" in answer.json()["detail"]
    # Now refused at once, without a thread or a connection: readiness too.
    again, took = timed(lambda: mover.move(table_id, version, action))
    assert again.status_code == 503 and took < 1.5, (again.status_code, took)
    ready, took = timed(lambda: mover.get("/readyz"))
    assert ready.status_code == 503 and took < 1.5, (ready.text, took)
    assert ready.json()["checks"]["database"].startswith("unavailable")
    assert mover.get("/healthz").status_code == 200
    for _ in range(10):
        assert mover.move(table_id, version, action).status_code == 503

    # Twelve refused calls, one line: the outage is logged when it starts, not per request.
    assert len(logs.messages("database unavailable")) == 1, logs.messages("database")
    cluster.thaw()
    wait_ready(mover)
    # The move that timed out was rolled back when the database came back: the same move at the same version
    # is accepted now, once.
    assert mover.state(table_id)["version"] == version
    mover.ok(mover.move(table_id, version, action))
    assert mover.state(table_id)["version"] > version
    # Every outage logged ends with one line too (on a loaded machine a slow call after the thaw can open a
    # second, short one: it is logged the same way).
    started, ended = logs.messages("database unavailable"), logs.messages("database answering again")
    assert len(started) == len(ended) >= 1, logs.messages("database")
    assert logs.tracebacks() == []


def test_a_stopped_database_closes_sockets_with_1013_and_a_retry_hint(
    make_server: Any, database: str, cluster: PostgresServer, logs: Records
) -> None:
    # With Redis the processes share tables, and a socket's resync reads the database.
    server = serve(
        make_server, database, redis_url="redis://127.0.0.1:6379/0", redis_prefix=secrets.token_hex(4)
    )
    first, _second, table_id = two_player_table(server)
    watching = first.socket(table_id)
    assert receive(watching)["type"] == "state"

    cluster.stop()
    # An open socket whose resync meets the outage: a close frame with the hint, not a dropped connection.
    watching.send('{"type": "sync", "version": 0}')
    with pytest.raises(ConnectionClosed) as closed:
        receive(watching, timeout=TIMEOUT + 5)
    assert closed.value.rcvd is not None, "closed without a close frame"
    assert closed.value.rcvd.code == 1013 and "retry in" in closed.value.rcvd.reason, closed.value.rcvd
    # A new socket is accepted (no HTTP 500 at the handshake) and closed the same way; a page is answered 503.
    for _ in range(5):
        fresh = first.socket(table_id)
        with pytest.raises(ConnectionClosed) as closed:
            receive(fresh, timeout=TIMEOUT + 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013, closed.value.rcvd
        assert "retry in" in closed.value.rcvd.reason
    created = first.post("/api/tables", {"game": "hercules", "players": 2})
    assert created.status_code == 503 and created.headers["Retry-After"], created.text

    cluster.start()
    wait_ready(first)
    reopened = first.socket(table_id)
    assert receive(reopened)["type"] == "state"
    reopened.close()
    assert len(logs.messages("database unavailable")) == 1, logs.messages("database")
    assert logs.tracebacks() == []


def test_the_pool_holds_at_most_its_size_and_overflow(
    make_server: Any, database: str, cluster: PostgresServer
) -> None:
    server = serve(make_server, database, database_pool_size=2, database_pool_overflow=1)
    name = database.rsplit("/", 1)[1]
    players = [server.player(f"pool-{i}") for i in range(6)]
    for player in players:
        player.create(game="hercules", players=2)
    most = 0
    stop = threading.Event()

    def load(player: Player) -> None:
        while not stop.is_set():
            player.ok(player.get("/api/tables"))

    threads = [threading.Thread(target=load, args=(p,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    with psycopg.connect(cluster.admin_url, autocommit=True) as admin:
        for _ in range(100):
            count = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchone()
            most = max(most, count[0] if count else 0)
            time.sleep(0.02)
    stop.set()
    for thread in threads:
        thread.join(10)
    assert 1 <= most <= 3, f"{most} connections for a pool of 2 + 1"
    with server.services.store.engine.connect() as connection:
        assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "30s"
        assert connection.exec_driver_sql("SHOW idle_in_transaction_session_timeout").scalar() == "1min"
