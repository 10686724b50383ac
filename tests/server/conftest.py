"""Fixtures of the server tests: a fresh database per test (SQLite, and PostgreSQL where the store is
parametrised), a running server on it, an injectable clock."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from hellenika.server import Settings
from tests.server.harness import FakeClock, LiveServer

PG_ADMIN = os.environ.get("HELLENIKA_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


def _pg_available() -> bool:
    try:
        with psycopg.connect(PG_ADMIN, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hellenika.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh database ``hellenika_test_<random>`` on 127.0.0.1:5432, dropped afterwards."""
    if not _pg_available():
        pytest.skip("PostgreSQL is not running on 127.0.0.1:5432")
    name = f"hellenika_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """The store fixture parametrised over both backends."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_server(clock: FakeClock) -> Iterator[object]:
    """A factory of running servers (several may share a database, one after the other); all are stopped."""
    servers: list[LiveServer] = []

    def make(database_url: str, **settings: object) -> LiveServer:
        values: dict[str, object] = {
            "database_url": database_url,
            "clock": clock,
            "deadline_poll_seconds": 0,
            # Cheap hashing: tests register many users; the default cost is covered by test_accounts.
            "argon2_time_cost": 1,
            "argon2_memory_kib": 1024,
            "argon2_parallelism": 1,
            # Many accounts from 127.0.0.1; the strict default is covered by test_rate_limits.
            "register_per_address": 10_000,
            # Bots move at once; their pause at live tables is covered by test_bot_pause.
            "bot_pause_seconds": 0,
            # Searches in a thread (no process start-up); the pool is covered by test_thinkers.
            "bot_workers": 0,
        }
        values.update(settings)
        server = LiveServer(Settings(**values)).start()  # type: ignore[arg-type]
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def server(make_server: object, sqlite_url: str) -> LiveServer:
    """A server on SQLite (tests that do not need both backends)."""
    return make_server(sqlite_url)  # type: ignore[operator,no-any-return]
