"""``hellenika serve --workers N`` as real processes: refused on SQLite and without Redis (exit 2, one line),
running on PostgreSQL + Redis (health, readiness, a session made on one worker honoured by the others, the
connections spread over the workers), and stopped by SIGTERM with exit status 0 in a few seconds, with one
worker and with two, a WebSocket open (closed by the server with 1012 or 1001)."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx
import pytest
import redis
import websockets.sync.client

REDIS_URL = os.environ.get("HELLENIKA_TEST_REDIS", "redis://127.0.0.1:6379/0")
STOP_SECONDS = 15


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without the settings of the developer's shell (database, Redis, HELLENIKA_*)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL") and not k.startswith("HELLENIKA_")
    }
    env.update(extra)
    return env


def serve_command(port: int, *options: str) -> list[str]:
    return [sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port), *options]


def redis_available() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


def stop(server: subprocess.Popen[bytes]) -> None:
    """Kill what is left of a server and its workers (after a failed test)."""
    if server.poll() is None:
        for pid in children(server.pid):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        server.kill()
    server.wait(timeout=30)


def children(pid: int) -> list[int]:
    """The direct child processes of ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def socket_owner(server_port: int, client_port: int, candidates: list[int]) -> int | None:
    """Which of ``candidates`` holds the server's end of the TCP connection from ``client_port``."""
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == client_port:
            inode = fields[9]
    if inode is None:
        return None
    for pid in candidates:
        with suppress(OSError):  # gone meanwhile
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) == f"socket:[{inode}]":
                        return pid
                except OSError:
                    continue
    return None


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        if server.poll() is not None:
            raise AssertionError(f"the server exited with {server.returncode}")
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError("the server did not answer")


def refused(tmp_path: Path, env: dict[str, str], *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        serve_command(free_port(), *options),
        check=False,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("how", ["option", "environment"])
def test_workers_refused_on_sqlite(tmp_path: Path, how: str) -> None:
    if how == "option":
        done = refused(tmp_path, clean_env(), "--workers", "2", "--redis-url", REDIS_URL)
    else:
        done = refused(tmp_path, clean_env(HELLENIKA_WORKERS="2", REDIS_URL=REDIS_URL))
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "hellenika serve: --workers 2 needs PostgreSQL (DATABASE_URL=postgresql+psycopg://...) and Redis "
        "(--redis-url or REDIS_URL): SQLite serves one process"
    )
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "var").exists()  # refused before anything was created


def test_workers_refused_on_postgres_without_redis(tmp_path: Path) -> None:
    env = clean_env(DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:5432/never_reached")
    done = refused(tmp_path, env, "--workers", "3")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "--workers 3 needs Redis (--redis-url or REDIS_URL)" in done.stderr
    assert "Traceback" not in done.stderr


def session_cookie(base: str, name: str) -> tuple[str, str]:
    """Register ``name``; returns (the Cookie header of its session, its CSRF token)."""
    with httpx.Client(base_url=base, timeout=30) as http:
        http.get("/api/games")
        csrf = http.cookies["hellenika_csrf"]
        answer = http.post(
            "/api/auth/register",
            json={"name": name, "password": "correct horse"},
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 201, answer.text
        return "; ".join(f"{k}={v}" for k, v in http.cookies.items()), csrf


def raw_get(port: int, path: str, cookie: str) -> tuple[socket.socket, str]:
    """A GET on a connection of its own, left open (to see which worker holds it); returns the status line."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n"
    conn.sendall(request.encode())
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = conn.recv(65536)
        if not chunk:
            break
        received += chunk
    return conn, received.split(b"\r\n", 1)[0].decode()


@contextmanager
def table_socket(base: str, cookie: str, csrf: str) -> Iterator[websockets.sync.client.ClientConnection]:
    """A table of hercules against a bot and its WebSocket, its first message read."""
    headers = {"Cookie": cookie, "X-CSRF-Token": csrf}
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    created = httpx.post(
        f"{base}/api/tables",
        json={"game": "hercules", "players": 2, "seats": seats},
        headers=headers,
        timeout=30,
    )
    assert created.status_code in (200, 201), created.text
    table = created.json()["table"]["id"]
    with websockets.sync.client.connect(
        f"ws://{base.removeprefix('http://')}/ws/tables/{table}",
        additional_headers={"Cookie": cookie},
        open_timeout=10,
    ) as ws:
        assert ws.recv(timeout=10)
        yield ws


def sigterm_and_wait(server: subprocess.Popen[bytes], ws: websockets.sync.client.ClientConnection) -> float:
    """SIGTERM the server; checks the socket is closed by the server as it goes away; returns the seconds."""
    started = time.monotonic()
    server.send_signal(signal.SIGTERM)
    with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=STOP_SECONDS)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code in (1001, 1012)  # going away / service restart
    assert server.wait(timeout=STOP_SECONDS) == 0
    return time.monotonic() - started


def test_one_worker_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        serve_command(port, "--register-limit", "100"),
        cwd=tmp_path,
        env=clean_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until_up(base, server)
        cookie, csrf = session_cookie(base, "single-1")
        with table_socket(base, cookie, csrf) as ws:
            seconds = sigterm_and_wait(server, ws)
        assert seconds < STOP_SECONDS
        assert server.stderr is not None
        log = server.stderr.read().decode()
        assert "Application shutdown complete." in log
        assert "garbage collector tuned" in log  # server/collector.py, once the app is built
        assert "Traceback" not in log
    finally:
        stop(server)


def test_two_workers_on_postgres_and_redis(tmp_path: Path, postgres_url: str) -> None:
    if not redis_available():
        pytest.skip(f"Redis is not running at {REDIS_URL}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    prefix = f"site-{secrets.token_hex(4)}"  # several sites can share one Redis
    options = (
        "--workers",
        "2",
        "--redis-url",
        REDIS_URL,
        "--redis-prefix",
        prefix,
        "--register-limit",
        "100",
    )
    with log.open("wb") as sink:
        server = subprocess.Popen(
            serve_command(port, *options),
            cwd=tmp_path,
            env=clean_env(DATABASE_URL=postgres_url),
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    held: list[socket.socket] = []
    try:
        wait_until_up(base, server)
        assert httpx.get(f"{base}/healthz", timeout=5).status_code == 200
        assert httpx.get(f"{base}/readyz", timeout=5).status_code == 200
        # Both workers listen for the other processes' notes on this site's own channel.
        listening = redis.Redis.from_url(REDIS_URL)
        try:
            deadline = time.monotonic() + 10
            while listening.pubsub_numsub(f"{prefix}:events")[0][1] < 2:
                assert time.monotonic() < deadline, "the workers never subscribed to the site's channel"
                time.sleep(0.05)
        finally:
            listening.close()
        # The supervisor's children: the two workers (besides multiprocessing's resource tracker).
        workers = [
            pid
            for pid in children(server.pid)
            if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        assert len(workers) == 2
        # A session made through one connection works on every other, whichever worker takes it: the
        # session lives in PostgreSQL, not in a worker's memory.
        cookie, csrf = session_cookie(base, "workers-1")
        owners = set()
        for _ in range(24):
            conn, status = raw_get(port, "/api/me", cookie)
            held.append(conn)
            assert status == "HTTP/1.1 200 OK"
            owner = socket_owner(port, conn.getsockname()[1], workers)
            assert owner in workers
            owners.add(owner)
        print(f"24 connections were served by {len(owners)} distinct worker(s); ", end="")
        # Which worker wins a race for the shared socket is the scheduler's choice (on a busy machine one may
        # take all 24). Freeze each worker in turn: the other one must then serve a new connection alone.
        for frozen in workers:
            (other,) = [pid for pid in workers if pid != frozen]
            os.kill(frozen, signal.SIGSTOP)
            try:
                conn, status = raw_get(port, "/api/me", cookie)
                held.append(conn)
                assert status == "HTTP/1.1 200 OK"
                assert socket_owner(port, conn.getsockname()[1], workers) == other
            finally:
                os.kill(frozen, signal.SIGCONT)
        print("stopped in ", end="")
        for conn in held:
            conn.close()
        with table_socket(base, cookie, csrf) as ws:
            seconds = sigterm_and_wait(server, ws)
        assert seconds < STOP_SECONDS
        print(f"{seconds:.1f} s")
        text = log.read_text()
        assert text.count("Application shutdown complete.") == 2
        assert text.count("garbage collector tuned") == 2  # in each worker process
        assert "Traceback" not in text
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    finally:
        for conn in held:
            conn.close()
        stop(server)


def test_settings_travel_to_the_workers_as_json() -> None:
    from hellenika.server import Settings
    from hellenika.server.factory import settings_from_json, settings_to_json

    settings = Settings(
        database_url="postgresql+psycopg://postgres@127.0.0.1/x",
        redis_url=REDIS_URL,
        secure_cookies=True,
        register_per_address=7,
        webhook_allowed_hosts=("hooks.example.org",),
        smtp_url=None,
    )
    text = settings_to_json(settings)
    assert "clock" not in text and "static_dir" not in text and "smtp_url" not in text  # defaults stay out
    assert settings_from_json(text) == settings
    assert settings_from_json("{}") == Settings()
    with pytest.raises(ValueError, match="unknown settings: clock"):
        settings_from_json('{"clock": 1}')
