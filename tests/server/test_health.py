"""Liveness and readiness (server/http/health.py), and a database that goes away: a clear 503, nothing
written."""

from __future__ import annotations

import secrets
from typing import Any

import psycopg

from tests.server.conftest import PG_ADMIN
from tests.server.redis_server import RedisServer


def test_a_server_alone_is_live_and_ready(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url)
    client = server.player()
    assert client.ok(client.get("/healthz")) == {"status": "ok"}
    assert client.ok(client.get("/readyz")) == {"status": "ready", "checks": {"database": "ok"}}


def test_redis_away_is_reported_but_keeps_the_process_ready(make_server: Any, postgres_url: str) -> None:
    with RedisServer() as redis:
        server = make_server(postgres_url, redis_url=redis.url, redis_prefix=secrets.token_hex(4))
        client = server.player()
        assert client.ok(client.get("/readyz"))["checks"] == {"database": "ok", "redis": "ok"}
        redis.kill()
        answer = client.ok(client.get("/readyz"))
        assert answer["checks"] == {"database": "ok", "redis": "unavailable"}


def test_a_database_that_goes_away_answers_503_and_readyz_says_so(make_server: Any) -> None:
    name = f"hellenika_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    server = make_server(f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}")
    ann = server.player("ann")
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')  # every connection is cut, none comes back
    created = ann.post("/api/tables", {"game": "hercules", "players": 2})
    assert created.status_code == 503, created.text
    assert "database is unavailable" in created.json()["detail"] and created.headers["Retry-After"] == "5"
    ready = ann.get("/readyz")
    assert ready.status_code == 503 and ready.json()["checks"]["database"].startswith("unavailable")
    assert ann.get("/healthz").status_code == 200
