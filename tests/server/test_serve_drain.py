"""SIGTERM with keep-alive clients (cli/serve.py's drain): clients that keep sending on their keep-alive
connections, with pauses between requests, while ``hellenika serve`` is stopped. Every request is answered
or refused cleanly, and none is committed without an answer: each request registers an account of its own
name, so the database afterwards says which ones the server carried out."""

from __future__ import annotations

import random
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from hellenika.server.store.models import User
from tests.server.cluster import clean_env
from tests.server.redis_server import free_port
from tests.server.test_serve_workers import serve_command, wait_until_up

CLIENTS = 6


@dataclass
class Client:
    """One browser with its keep-alive connection: each request's name and what came of it."""

    index: int
    base: str
    answered: dict[str, int] = field(default_factory=dict)
    closing: list[str] = field(default_factory=list)  # answers that said Connection: close
    unanswered: dict[str, str] = field(default_factory=dict)  # name -> the error
    refused: int = 0

    def run(self, stop: threading.Event) -> None:
        rng = random.Random(self.index)
        with httpx.Client(base_url=self.base, timeout=30) as http:
            http.get("/api/games")  # the CSRF cookie
            csrf = http.cookies.get("hellenika_csrf") or ""
            count = 0
            while not stop.is_set():
                name = f"c{self.index}n{count}"
                count += 1
                try:
                    answer = http.post(
                        "/api/auth/register",
                        json={"name": name, "password": "correct horse"},
                        headers={"X-CSRF-Token": csrf},
                    )
                except httpx.ConnectError:  # nothing listens any more: refused before anything was sent
                    self.refused += 1
                    return
                except httpx.HTTPError as exc:
                    self.unanswered[name] = f"{type(exc).__name__}: {exc}"
                    continue
                self.answered[name] = answer.status_code
                if answer.headers.get("connection", "").lower() == "close":
                    self.closing.append(name)
                time.sleep(rng.uniform(0.0, 0.4))  # idle on the keep-alive connection meanwhile


def test_sigterm_answers_every_request_on_keep_alive_connections(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    database = tmp_path / "drain.db"
    url = f"sqlite:///{database}"
    server = subprocess.Popen(
        serve_command(port, "--register-limit", "100000", "--database-url", url),
        cwd=tmp_path,
        env=clean_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    stop = threading.Event()
    clients = [Client(i, base) for i in range(CLIENTS)]
    threads = [threading.Thread(target=c.run, args=(stop,), daemon=True) for c in clients]
    try:
        wait_until_up(base, server)
        for thread in threads:
            thread.start()
        time.sleep(2.0)
        with httpx.Client(base_url=base, timeout=10) as probe:  # a load balancer's kept-alive probe
            assert probe.get("/readyz").status_code == 200
            server.send_signal(signal.SIGTERM)
            time.sleep(0.5)
            draining = probe.get("/readyz")  # on its open connection: new ones are refused
            assert draining.status_code == 503 and draining.headers["connection"] == "close"
            with pytest.raises(httpx.ConnectError):
                httpx.get(f"{base}/readyz", timeout=10)
        assert server.wait(timeout=30) == 0
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
    assert server.stderr is not None
    log = server.stderr.read().decode()
    assert "Draining" in log and "Traceback" not in log

    engine = create_engine(url)
    with Session(engine) as session:
        names = set(session.scalars(select(User.name)))
    engine.dispose()
    for client in clients:
        assert client.answered, "a client had no answer at all"
        # Answered: committed exactly when the answer says so.
        for name, status in client.answered.items():
            assert (name in names) == (status == 201), (name, status)
        # Not answered: never committed, and only a connection closed before the request was read.
        for name, error in client.unanswered.items():
            assert name not in names, f"{name} was committed without an answer ({error})"
        assert not client.unanswered, client.unanswered
        # The drain told every client that kept sending to close its connection after an answer.
        assert client.closing, f"client {client.index} was never told to close"
