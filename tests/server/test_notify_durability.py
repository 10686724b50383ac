"""The outbox survives a crash: with the SMTP server down, notifications wait in the outbox (tried and
backing off); the server is killed with SIGKILL, the SMTP server comes back, the server is started again on
the same database, and every notification arrives exactly once (checked by the Message-ID, which is the
outbox row's). ``hellenika serve`` runs as a subprocess, as in production."""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.server.harness import Player
from tests.server.helpers import grant_admin
from tests.server.notify_support import SmtpSink, eventually, free_port, link_in

PUBLIC = "http://hellenika.test"


class Remote:
    """What ``Player`` needs of a server: its base URL and port."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"


def serve(folder: Path, port: int, database_url: str, smtp: SmtpSink, log: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("HELLENIKA_")}
    command = [
        sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port),
        "--database-url", database_url, "--register-limit", "1000",
        "--smtp-url", smtp.url, "--public-url", PUBLIC,
        "--notify-poll", "0.1", "--notify-retry-seconds", "0.5",
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


def local(link: str) -> str:
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def outbox(admin: Player) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = admin.ok(admin.get("/api/admin/outbox?limit=500"))["outbox"]
    return rows


def test_kill_9_with_notifications_in_the_outbox(tmp_path: Path, database_url: str) -> None:
    smtp = SmtpSink().start()
    port = free_port()
    log = tmp_path / "server.log"
    process = serve(tmp_path, port, database_url, smtp, log)
    try:
        remote = Remote(port)
        admin = Player(remote)  # type: ignore[arg-type]
        admin.register("root")
        grant_admin(database_url, "root")  # as `hellenika admin grant root` on the host
        ann, bo = Player(remote), Player(remote)  # type: ignore[arg-type]
        ann.register("ann")
        bo.register("bo")
        for player, address in ((ann, "ann@example.org"), (bo, "bo@example.org")):
            headers = {"X-CSRF-Token": player.csrf}
            player.ok(player.http.post("/api/me/email", json={"email": address}, headers=headers))
            player.ok(player.http.put("/api/me/settings", json={"quiet_minutes": 0}, headers=headers))
        smtp.wait(2)
        for player, address in ((ann, "ann@example.org"), (bo, "bo@example.org")):
            (message,) = smtp.to(address)
            assert player.get(local(link_in(message, "/verify-email"))).status_code == 200
        smtp.stop()
        smtp.messages.clear()

        # Three invitations, three started games: notifications with nowhere to go.
        for _ in range(3):
            table = ann.create(
                game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "bo"}]
            )
            bo.ok(bo.post(f"/api/tables/{table['id']}/accept"))
            ann.ok(ann.post(f"/api/tables/{table['id']}/start"))

        def waiting() -> list[dict[str, Any]]:
            return [r for r in outbox(admin) if r["event"] != "verify_email"]

        eventually(
            lambda: len(waiting()) == 6 and all(r["attempts"] >= 1 for r in waiting()),
            what="every notification tried once",
        )
        queued = waiting()
        assert all(r["status"] in ("pending", "sending") for r in queued)
        assert any("SMTP 127.0.0.1" in (r["last_error"] or "") for r in queued)
        assert smtp.messages == []
        process.kill()  # SIGKILL: no shutdown, no cleanup
        process.wait(timeout=30)

        smtp.start()  # back on the same port
        process = serve(tmp_path, port, database_url, smtp, log)
        eventually(
            lambda: all(r["status"] == "sent" for r in waiting()), timeout=90, what="every notification sent"
        )
        time.sleep(1.0)  # time for a duplicate to show
        ids = collections.Counter(m["Message-ID"] for m in smtp.messages)
        expected = {f"<hellenika.outbox.{r['id']}@localhost>" for r in queued}
        assert set(ids) == expected and set(ids.values()) == {1}, ids
        subjects = collections.Counter(m["Subject"] for m in smtp.messages)
        assert subjects["ann invites you to Hercules"] == 3
        assert subjects["Your turn in Hercules"] == 3
    finally:
        process.kill()
        process.wait(timeout=30)
        smtp.stop()
