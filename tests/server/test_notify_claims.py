"""A mail's claim in the outbox outlasts its send (server/notify/worker.py): a slow SMTP server (aiosmtpd
holding the RCPT command until the test lets it go) never lets another drain send the mail a second time
while the first still sends (its claim is renewed), a result is recorded only under the claim that sent it,
and a server killed mid-send lets its claim lapse so another process delivers the mail exactly once."""

from __future__ import annotations

import asyncio
import collections
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from hellenika.server.notify.worker import SENDING, SUPPRESSED, claim, claim_seconds
from hellenika.server.store.models import OutboxRow
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.notify_support import SmtpSink, eventually, free_port, link_in
from tests.server.test_notify_durability import Remote, local
from tests.server.test_notify_mail import drain, mail_server, outbox, table_with, verified


class _Slow:
    """aiosmtpd's handler: keeps what it accepted; while the sink holds, a RCPT waits (without blocking the
    SMTP server's loop) until it is let go."""

    def __init__(self, sink: SlowSmtp) -> None:
        self.sink = sink

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:  # noqa: N802
        if self.sink.holding:
            self.sink.held.set()
            while self.sink.holding:
                await asyncio.sleep(0.02)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        import email
        import email.policy

        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.sink.lock:
            self.sink.messages.append(message)  # type: ignore[arg-type]
        return "250 OK"


class SlowSmtp(SmtpSink):
    def __init__(self) -> None:
        super().__init__()
        self.holding = False
        self.held = threading.Event()

    def start(self) -> SlowSmtp:
        self.controller = Controller(_Slow(self), hostname="127.0.0.1", port=self.port, ready_timeout=10)
        self.controller.start()
        return self


@pytest.fixture
def slow() -> Iterator[SlowSmtp]:
    smtp = SlowSmtp().start()
    yield smtp
    smtp.holding = False
    smtp.stop()


def test_a_slow_send_keeps_its_claim_and_is_sent_once(
    make_server: Any, sqlite_url: str, slow: SlowSmtp, clock: FakeClock
) -> None:
    first = mail_server(make_server, sqlite_url, slow, smtp_timeout_seconds=30)
    second = mail_server(make_server, sqlite_url, slow, smtp_timeout_seconds=30)
    ann, bo = first.player("ann"), first.player("bo")
    verified(first, slow, bo, "bo@example.org")
    slow.holding = True
    table_with(ann, bo)  # bo's invitation: one outbox row
    sending = asyncio.run_coroutine_threadsafe(first.services.notifier.drain(), first.loop)
    assert slow.held.wait(20), "the first drain never reached the SMTP server"
    (row,) = [r for r in outbox(first) if r.event == "invited"]
    assert row.status == SENDING and row.attempts == 1
    # Past the first claim's end (on the server's clock): the claim is renewed while the mail is sent ...
    clock.advance(claim_seconds(30) + 1)
    eventually(lambda: outbox(first)[-1].next_attempt_at > clock.now, what="the claim renewed")
    # ... so the other server's drain finds nothing to take.
    assert drain(second) == 0
    assert outbox(second)[-1].attempts == 1
    slow.holding = False
    assert sending.result(timeout=30) == 1
    (row,) = [r for r in outbox(first) if r.event == "invited"]
    assert row.status == "sent" and row.attempts == 1
    assert [m["To"] for m in slow.messages] == ["bo@example.org"]


def test_a_result_is_recorded_only_under_its_claim(
    make_server: Any, sqlite_url: str, slow: SlowSmtp, clock: FakeClock
) -> None:
    server: LiveServer = mail_server(make_server, sqlite_url, slow)
    ann, bo = server.player("cy"), server.player("di")
    verified(server, slow, bo, "di@example.org")
    table_with(ann, bo)
    store = server.services.store
    with store.session() as session, session.begin():
        (stale,) = claim(session, clock.now, 10, "email", 5.0)
    clock.advance(6)  # that claim lapsed: another drain takes the row
    with store.session() as session, session.begin():
        (taken,) = claim(session, clock.now, 10, "email", 5.0)
    assert (stale.id, stale.attempts, taken.attempts) == (taken.id, 1, 2)
    notifier = server.services.notifier
    server.call(notifier._mark(stale, SUPPRESSED, "the turn was over"))  # the first drain's late verdict
    row = outbox(server)[-1]
    assert row.status == SENDING and row.attempts == 2 and row.last_error is None
    server.call(notifier._mark(taken, "sent", None))
    assert outbox(server)[-1].status == "sent"


def serve(folder: Path, port: int, database_url: str, smtp: SmtpSink, log: Path) -> subprocess.Popen[bytes]:
    """``hellenika serve`` with a 2 s SMTP timeout (a mail's claim: 14 s) and a fast drain."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("HELLENIKA_")}
    command = [
        sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port),
        "--database-url", database_url, "--register-limit", "1000", "--smtp-url", smtp.url,
        "--public-url", "http://hellenika.test", "--notify-poll", "0.1", "--smtp-timeout", "2",
    ]  # fmt: skip
    with log.open("ab") as sink:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=sink, stderr=subprocess.STDOUT)
    for _ in range(600):
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the server did not answer")


def _rows(database_url: str) -> list[OutboxRow]:
    engine = create_engine(database_url)
    try:
        with Session(engine) as session:
            return list(session.scalars(select(OutboxRow).order_by(OutboxRow.id)))
    finally:
        engine.dispose()


def test_a_server_killed_mid_send_delivers_once_after_all(
    tmp_path: Path, sqlite_url: str, slow: SlowSmtp
) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    process = serve(tmp_path, port, sqlite_url, slow, log)
    others: list[subprocess.Popen[bytes]] = []
    try:
        remote = Remote(port)
        ann, bo = Player(remote), Player(remote)  # type: ignore[arg-type]
        ann.register("ann")
        bo.register("bo")
        headers = {"X-CSRF-Token": bo.csrf}
        bo.ok(bo.http.post("/api/me/email", json={"email": "bo@example.org"}, headers=headers))
        bo.ok(bo.http.put("/api/me/settings", json={"quiet_minutes": 0}, headers=headers))
        (verify,) = slow.wait(1)
        assert bo.get(local(link_in(verify, "/verify-email"))).status_code == 200
        slow.messages.clear()
        slow.holding = True
        ann.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "bo"}])
        assert slow.held.wait(30), "the server never reached the SMTP server"
        process.kill()  # SIGKILL in the middle of the send: the RCPT is still unanswered
        process.wait(timeout=30)
        slow.holding = False
        (row,) = [r for r in _rows(sqlite_url) if r.event == "invited"]
        assert row.status == SENDING and row.attempts == 1
        # Another process (here the same command again) takes the row over once the claim has lapsed.
        others.append(serve(tmp_path, free_port(), sqlite_url, slow, log))
        eventually(
            lambda: [r.status for r in _rows(sqlite_url) if r.event == "invited"] == ["sent"],
            timeout=60,
            what="the invitation sent",
        )
        time.sleep(1.0)  # time for a duplicate to show
        ids = collections.Counter(m["Message-ID"] for m in slow.messages)
        assert list(ids.values()) == [1], ids
        (row,) = [r for r in _rows(sqlite_url) if r.event == "invited"]
        assert row.attempts == 2 and ids == {f"<hellenika.outbox.{row.id}@localhost>": 1}
    finally:
        for each in [process, *others]:
            each.kill()
            each.wait(timeout=30)
