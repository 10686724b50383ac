"""``hellenika serve`` as ``make run`` starts it on a fresh clone (SQLite under ./var, created, migrated), and
its options for running behind a proxy over HTTPS: ``--forwarded-allow-ips``, ``--secure-cookies`` and
``--register-limit``, each also read from its environment variable."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from hellenika.cli.serve import ensure_sqlite_folder
from hellenika.server import collector


def test_ensure_sqlite_folder(tmp_path: Path) -> None:
    ensure_sqlite_folder(f"sqlite:///{tmp_path / 'a' / 'b' / 'x.db'}")
    assert (tmp_path / "a" / "b").is_dir()
    ensure_sqlite_folder("postgresql+psycopg://postgres@127.0.0.1/nothing")  # left alone
    ensure_sqlite_folder("sqlite://")  # in memory


def test_serve_starts_with_sqlite_under_var(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    server = subprocess.Popen(
        [sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(300):
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
        assert answer.status_code == 200
        assert (tmp_path / "var" / "hellenika.db").is_file()
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


@contextmanager
def serving(tmp_path: Path, *options: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """``hellenika serve`` in a subprocess on a free port with the given options; yields its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    environment = {
        k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("HELLENIKA_")
    }
    environment.update(env or {})
    command = [sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port), *options]
    server = subprocess.Popen(command, cwd=tmp_path, env=environment, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/api/games", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def register(base: str, name: str, forwarded_for: str) -> httpx.Response:
    """A registration from a fresh client that carries its cookies by hand (httpx keeps Secure ones for
    https only) and claims to be ``forwarded_for``."""
    with httpx.Client(base_url=base, timeout=30) as http:
        csrf = http.get("/api/games").headers["set-cookie"].split(";")[0].split("=", 1)[1]
        headers = {"X-CSRF-Token": csrf, "Cookie": f"hellenika_csrf={csrf}", "X-Forwarded-For": forwarded_for}
        return http.post(
            "/api/auth/register", json={"name": name, "password": "correct horse"}, headers=headers
        )


def check_proxy_and_secure_options(base: str) -> None:
    assert "; Secure" in httpx.get(f"{base}/api/games", timeout=5).headers["set-cookie"]
    first = register(base, "proxied-1", "203.0.113.1")
    assert first.status_code == 201
    assert "; secure" in first.headers["set-cookie"].lower()
    assert register(base, "proxied-2", "203.0.113.1").status_code == 429  # --register-limit 1
    assert register(base, "proxied-3", "203.0.113.2").status_code == 201  # the proxy's word is taken


def test_serve_options_for_a_proxy_and_https(tmp_path: Path) -> None:
    options = ("--forwarded-allow-ips", "127.0.0.1", "--secure-cookies", "--register-limit", "1")
    with serving(tmp_path, *options) as base:
        check_proxy_and_secure_options(base)


def test_serve_options_from_the_environment(tmp_path: Path) -> None:
    env = {
        "HELLENIKA_FORWARDED_ALLOW_IPS": "127.0.0.1",
        "HELLENIKA_SECURE_COOKIES": "1",
        "HELLENIKA_REGISTER_LIMIT": "1",
    }
    with serving(tmp_path, env=env) as base:
        check_proxy_and_secure_options(base)


def test_serve_trusts_no_forwarded_header_by_default(tmp_path: Path) -> None:
    with serving(tmp_path, "--register-limit", "1") as base:
        assert "secure" not in httpx.get(f"{base}/api/games", timeout=5).headers["set-cookie"].lower()
        assert register(base, "local-1", "203.0.113.1").status_code == 201
        # The claimed address is not believed: it is 127.0.0.1 again, whose one registration is used.
        assert register(base, "local-2", "203.0.113.2").status_code == 429


def test_the_collector_tuning_freezes_start_up_and_raises_the_thresholds() -> None:
    probe = (
        "import gc, json; from hellenika.server import collector; "
        "before = gc.get_threshold(); changed = collector.tune(); "
        "print(json.dumps([changed, list(before), list(gc.get_threshold()), gc.get_freeze_count()]))"
    )
    tuned = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    changed, before, after, frozen = json.loads(tuned.stdout)
    assert changed and after == list(collector.THRESHOLDS) and after != before
    assert frozen > 10_000  # the imported modules and their objects
    env = {**os.environ, collector.ENV: "default"}
    kept = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    changed, before, after, frozen = json.loads(kept.stdout)
    assert not changed and after == before and frozen == 0
