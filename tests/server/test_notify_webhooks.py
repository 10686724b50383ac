"""Webhooks against a real HTTP receiver on 127.0.0.1: the Discord/Slack-compatible body and its
HMAC-SHA256 signature, retries with back-off after failures, private addresses refused by default (SSRF),
and a slow receiver never delaying a move."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from hellenika.server.store.models import OutboxRow
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.notify_support import WebhookReceiver, eventually

PUBLIC = "http://hellenika.test"


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    hook = WebhookReceiver().start()
    yield hook
    hook.stop()


def csrf(player: Player) -> dict[str, str]:
    return {"X-CSRF-Token": player.csrf}


def hook_server(make_server: Any, database_url: str, **settings: Any) -> LiveServer:
    values: dict[str, Any] = {
        "public_url": PUBLIC,
        "notify_poll_seconds": 0,
        "notify_retry_seconds": 5,
        "webhook_allow_private": True,
    }
    values.update(settings)
    server: LiveServer = make_server(database_url, **values)
    return server


def with_hook(player: Player, url: str) -> str:
    answer = player.ok(
        player.http.put(
            "/api/me/settings",
            json={"webhook_url": url, "by_webhook": True, "quiet": False},
            headers=csrf(player),
        )
    )
    return str(answer["webhook_secret"])


def invite(first: Player, second: Player) -> str:
    table = first.create(
        game="hercules",
        players=2,
        seats=[{"kind": "me"}, {"kind": "user", "user": second.user["name"]}],  # type: ignore[index]
    )
    return str(table["id"])


def drain(server: LiveServer) -> int:
    return server.call(server.services.notifier.drain())


def rows(server: LiveServer) -> list[OutboxRow]:
    with server.services.store.session() as session:
        return list(session.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def test_the_body_and_its_signature(make_server: Any, database_url: str, receiver: WebhookReceiver) -> None:
    server = hook_server(make_server, database_url)
    one, two = server.player("rho"), server.player("sig")
    secret = with_hook(two, receiver.url)
    table_id = invite(one, two)
    drain(server)
    ((headers, raw),) = receiver.wait(1)
    expected = "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
    assert headers["X-Hellenika-Signature"] == expected
    assert headers["X-Hellenika-Event"] == "invited" and headers["Content-Type"] == "application/json"
    body = json.loads(raw)
    assert body["content"] == body["text"] == f"rho invites you to Hercules: {PUBLIC}/tables/{table_id}"
    assert body["event"] == "invited" and body["user"] == "sig"
    assert body["table"]["id"] == table_id and body["table"]["url"] == f"{PUBLIC}/tables/{table_id}"
    assert headers["X-Hellenika-Delivery"] == str(body["delivery"])
    (row,) = rows(server)
    assert row.status == "sent" and row.channel == "webhook"


def test_failures_back_off_then_succeed_once(
    make_server: Any, sqlite_url: str, receiver: WebhookReceiver, clock: FakeClock
) -> None:
    server = hook_server(make_server, sqlite_url)
    one, two = server.player("tau"), server.player("ups")
    with_hook(two, receiver.url)
    receiver.statuses = [500, 503]
    invite(one, two)
    drain(server)
    (row,) = rows(server)
    assert row.status == "pending" and row.last_error == "the receiver answered HTTP 500"
    assert row.next_attempt_at == clock.now + 5
    drain(server)
    assert len(receiver.requests) == 1  # not due yet
    clock.advance(5)
    drain(server)
    (row,) = rows(server)
    assert row.attempts == 2 and row.next_attempt_at == clock.now + 10
    clock.advance(10)
    drain(server)
    clock.advance(1000)
    drain(server)
    assert len(receiver.requests) == 3
    (row,) = rows(server)
    assert row.status == "sent" and row.attempts == 3


def test_private_addresses_are_refused_by_default(
    make_server: Any, sqlite_url: str, receiver: WebhookReceiver
) -> None:
    server = hook_server(make_server, sqlite_url, webhook_allow_private=False)
    one, two = server.player("phi"), server.player("chi")
    with_hook(two, receiver.url)
    invite(one, two)
    drain(server)
    (row,) = rows(server)
    assert row.status == "failed" and "private or local address" in (row.last_error or "")
    assert receiver.requests == []


def test_a_slow_receiver_never_delays_a_move(
    make_server: Any, sqlite_url: str, receiver: WebhookReceiver
) -> None:
    server = hook_server(make_server, sqlite_url, notify_poll_seconds=0.05, webhook_timeout_seconds=3)
    receiver.delay = 2.0
    one, two = server.player("psi"), server.player("ome")
    for player in (one, two):
        with_hook(player, receiver.url)
    table = invite(one, two)
    two.ok(two.post(f"/api/tables/{table}/accept"))
    one.ok(one.post(f"/api/tables/{table}/start"))
    eventually(lambda: len(receiver.requests) >= 1, what="the first webhook post")
    slowest = 0.0
    for _ in range(6):
        model = one.state(table)
        player = one if model["to_move"] == model["seat"] else two
        mine = player.state(table)
        began = time.monotonic()
        player.ok(player.move(table, mine["version"], mine["legal"][0]["action"]))
        slowest = max(slowest, time.monotonic() - began)
    assert slowest < 1.0, f"a move took {slowest:.2f} s while webhooks were slow"
