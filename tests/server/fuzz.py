"""Schemathesis' command line against a real server: every phase (examples, coverage, fuzzing, stateful),
every check, logged in with the CSRF header, on SQLite or PostgreSQL.

The test (tests/server/test_schemathesis.py) runs it with a few examples per operation on both databases;
a longer run is ``.venv/bin/python -m tests.server.fuzz --examples 300 --database postgresql`` (figures in
docs/WEB.md). The server is started here, in this process, as the tests start one; schemathesis runs as
its own process, as against a deployed server. Its settings are ``schemathesis.toml`` beside this file, its
login hook ``fuzz_hooks.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import play_match
from hellenika.server import Settings
from tests.server.harness import LiveServer, Player

CONFIG = Path(__file__).with_name("schemathesis.toml")
ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse"
PG_ADMIN = os.environ.get("HELLENIKA_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


@dataclass
class Outcome:
    returncode: int
    output: str
    report: dict[str, Any]
    seconds: float


#: Settings of a server for fuzzing, besides its database: cheap hashing (schemathesis registers many
#: accounts) and no background deadline task.
FUZZ_SETTINGS: dict[str, Any] = {
    "deadline_poll_seconds": 0,
    "argon2_time_cost": 1,
    "argon2_memory_kib": 1024,
    "argon2_parallelism": 1,
    # Every request comes from 127.0.0.1, the login hook's too, and the fuzzer also tries the fuzzing user's
    # name with other passwords: the login limits would lock the hook out (test_rate_limits covers them).
    "register_per_address": 1_000_000,
    "login_failures": 1_000_000,
    "login_failures_per_address": 1_000_000,
    # "Think harder" hints in a thread: a worker process takes seconds to start on a loaded machine, past the
    # fuzzer's 10 s read timeout (the process is tested in test_security_learning).
    "hint_workers": 0,
    "bot_workers": 0,
}


def seed_server(server: LiveServer) -> Player:
    """A logged-in user with a running table, a waiting one, a finished one and a replay to find."""
    user = server.player(f"fuzzer-{secrets.token_hex(3)}", PASSWORD)
    running = user.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])
    user.ok(user.post(f"/api/tables/{running['id']}/start"))
    user.create(game="hellas", players=3)
    record = play_match(games.get("peloponnes"), 2, [make_agent("random")] * 2, seed=2).record.to_json()
    user.ok(user.post("/api/replays", record), 201)
    return user


def run_schemathesis(
    server: LiveServer,
    user: Player,
    *,
    examples: int,
    seed: int = 1,
    workers: int = 1,
    max_time: int | None = None,
) -> Outcome:
    """Run ``schemathesis run`` against ``server`` as ``user``; answers its exit code, output and report."""
    assert user.user is not None
    environment = dict(
        os.environ,
        SCHEMATHESIS_HOOKS="tests.server.fuzz_hooks",
        PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
        HELLENIKA_FUZZ_BASE=server.base,
        HELLENIKA_FUZZ_USER=user.user["name"],
        HELLENIKA_FUZZ_PASSWORD=PASSWORD,
    )
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            str(Path(sys.executable).with_name("schemathesis")),
            "--config-file",
            str(CONFIG),
            "run",
            f"{server.base}/api/openapi.json",
            "--checks",
            "all",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--max-examples",
            str(examples),
            "--seed",
            str(seed),
            "--workers",
            str(workers),
            "--report",
            "json",
            "--report-json-path",
            str(report),
            "--no-color",
        ]
        if max_time is not None:
            command += ["--max-time", str(max_time)]
        started = time.monotonic()
        done = subprocess.run(
            command, capture_output=True, text=True, check=False, timeout=3000, env=environment, cwd=folder
        )
        seconds = time.monotonic() - started
        data = json.loads(report.read_text()) if report.exists() else {}
    return Outcome(done.returncode, done.stdout + done.stderr, data, seconds)


def _database(kind: str) -> tuple[str, str | None]:
    if kind == "sqlite":
        folder = tempfile.mkdtemp(prefix="hellenika-fuzz-")
        return f"sqlite:///{folder}/fuzz.db", None
    name = f"hellenika_fuzz_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}", name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-time", type=int, default=None)
    args = parser.parse_args()
    url, pg_name = _database(args.database)
    server = LiveServer(Settings(database_url=url, **FUZZ_SETTINGS)).start()
    try:
        outcome = run_schemathesis(
            server,
            seed_server(server),
            examples=args.examples,
            seed=args.seed,
            workers=args.workers,
            max_time=args.max_time,
        )
    finally:
        server.stop()
        if pg_name is not None:
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
    print(outcome.output)
    print(f"{args.database}: exit {outcome.returncode} in {outcome.seconds:.0f} s")
    sys.exit(outcome.returncode)


if __name__ == "__main__":
    main()
