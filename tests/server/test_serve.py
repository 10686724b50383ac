"""``hellenika serve`` as ``make run`` starts it on a fresh clone: SQLite under ./var, created, migrated."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from hellenika.cli.serve import ensure_sqlite_folder


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
