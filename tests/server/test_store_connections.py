"""The settings every PostgreSQL connection of the server carries, and the pooler mode (store/outage.py's
``pg_connect_args``, store/database.py): statement limits on a direct connection, none and no prepared
statements behind a pooler, migrations on the direct URL, the leases' address with the same limits."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import create_engine, inspect

from hellenika.server.store import Store
from tests.server.conftest import PG_ADMIN


@pytest.fixture
def second_database(postgres_url: str) -> Iterator[str]:
    name = f"hellenika_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_direct_connection_carries_the_statement_limits_and_prepares(postgres_url: str) -> None:
    store = Store(postgres_url, timeout=5.0)
    try:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "30s"
            assert connection.exec_driver_sql("SHOW idle_in_transaction_session_timeout").scalar() == "1min"
            raw = connection.connection.dbapi_connection
            assert raw is not None and raw.prepare_threshold == 5  # psycopg's default
    finally:
        store.close()


def test_behind_a_pooler_nothing_session_wide_and_migrations_and_leases_on_the_direct_url(
    postgres_url: str, second_database: str
) -> None:
    # ``pooled`` stands for PgBouncer's address, ``second_database`` for PostgreSQL itself.
    pooled, direct = postgres_url, second_database
    store = Store(pooled, timeout=5.0, pooler=True, direct_url=direct)
    try:
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "0"
            raw = connection.connection.dbapi_connection
            assert raw is not None and raw.prepare_threshold is None
            assert not inspect(connection).has_table("tables"), "the migrations ran on the pooled address"
        lease = create_engine(store.lease_url)
        try:
            with lease.connect() as connection:
                assert (
                    connection.exec_driver_sql("SELECT current_database()").scalar() == direct.rsplit("/")[-1]
                )
                assert inspect(connection).has_table("tables"), "the migrations ran on the direct address"
                # The leases' connections carry the limits and the keepalives (in the address's query).
                assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "30s"
        finally:
            lease.dispose()
        assert "keepalives=1" in store.lease_url and "connect_timeout=3" in store.lease_url
    finally:
        store.close()
