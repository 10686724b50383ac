"""Capacity benchmark of the web server (a benchmark, not a test): what one move costs the serving processes,
and how much a person's move suffers from bots thinking, in one run. Its figures are docs/WEB.md "Capacity".

1. **CPU per move, 1 and 2 server processes.** Tables of two scripted people (no bots) play Hercules as fast
   as they can; the serving processes' CPU time (``/proc``) over the moves made. With 2 processes (one
   PostgreSQL database, Redis between them) each table's two people sit on different processes, so every
   move crosses from one to the other. Each move is its POST and one state read by the client.
2. **A person's move with bots thinking.** One server process; the same people's tables, alone, then beside
   ``--bot-tables`` tables of two hard bots each (bots only: every bot decision is a 1 s search), with the
   bot pool on (``bot_workers`` 2, worker processes at a lower priority) and, for comparison, off
   (``bot_workers`` 0: the searches in the serving process's threads, as before the pool). The person's
   move is the POST's round trip; p50 and p99.

Servers run as ``uvicorn hellenika.server.factory:app_from_env`` subprocesses with their Settings in
``HELLENIKA_SETTINGS`` (tables of bots only need ``allow_tables_without_creator``, which the CLI does not
offer), on a fresh PostgreSQL database ``hellenika_capacity_<random>`` (127.0.0.1:5432, dropped afterwards)
and the Redis at ``$REDIS_URL`` or 127.0.0.1:6379 under a private prefix. Run:

    .venv/bin/python benchmarks/capacity.py --seconds 20 --tables 4 --bot-tables 20

Traffic goes to 127.0.0.1 only; each phase is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg

PASSWORD = "capacity-password"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@contextlib.contextmanager
def database() -> Iterator[str]:
    name = f"hellenika_capacity_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server:
    """One serving process with the given Settings."""

    def __init__(self, settings: dict[str, Any], folder: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("HELLENIKA_") and k != "DATABASE_URL"}
        env["HELLENIKA_SETTINGS"] = json.dumps(settings)
        command = [
            sys.executable, "-m", "uvicorn", "hellenika.server.factory:app_from_env", "--factory",
            "--port", str(self.port), "--log-level", "warning", "--ws", "websockets-sansio",
        ]  # fmt: skip
        self.log = folder / f"server-{self.port}.log"
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(
                command, cwd=folder, env=env, stdout=sink, stderr=subprocess.STDOUT
            )
        end = time.monotonic() + 120
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            if time.monotonic() > end:
                raise SystemExit("the server did not start")
            time.sleep(0.2)

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)


class Person:
    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.http = httpx.AsyncClient(base_url=base, timeout=60)

    async def register(self) -> None:
        await self.http.get("/api/games")
        (await self.post("/api/auth/register", {"name": self.name, "password": PASSWORD})).raise_for_status()

    async def post(self, path: str, body: Any) -> httpx.Response:
        csrf = self.http.cookies.get("hellenika_csrf") or ""
        try:
            return await self.http.post(path, json=body, headers={"X-CSRF-Token": csrf})
        except (httpx.ReadError, httpx.RemoteProtocolError):  # a keep-alive connection closed while idle
            return await self.http.post(path, json=body, headers={"X-CSRF-Token": csrf})


class Stats:
    def __init__(self) -> None:
        self.moves = 0
        self.latencies: list[float] = []


async def two_people(a: Person, b: Person, stats: Stats, end: float) -> None:
    """Tables of a and b, one after another, each move the first legal one, until the time is up."""
    while time.monotonic() < end:
        created = await a.post(
            "/api/tables",
            {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": b.name}]},
        )
        created.raise_for_status()
        table = created.json()["table"]["id"]
        (await b.post(f"/api/tables/{table}/accept", {})).raise_for_status()
        (await a.post(f"/api/tables/{table}/start", {})).raise_for_status()
        people = {0: a, 1: b}
        seat = 0
        while time.monotonic() < end:
            person = people[seat]
            model = (await person.http.get(f"/api/tables/{table}/state")).json()
            if model["finished"]:
                break
            if model["to_move"] != model["seat"]:
                seat = model["to_move"] if model["to_move"] in people else 1 - seat
                continue
            started = time.perf_counter()
            answer = await person.post(
                f"/api/tables/{table}/moves",
                {"version": model["version"], "action": model["legal"][0]["action"]},
            )
            if answer.status_code == 200:
                stats.latencies.append(time.perf_counter() - started)
                stats.moves += 1


async def bot_tables(host: Person, count: int) -> None:
    """``count`` tables of two hard bots each, started (they play on by themselves)."""
    for _ in range(count):
        seats = [{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}]
        created = await host.post("/api/tables", {"game": "hercules", "players": 2, "seats": seats})
        created.raise_for_status()
        table = created.json()["table"]["id"]
        (await host.post(f"/api/tables/{table}/start", {})).raise_for_status()


async def play(
    servers: list[Server], tables: int, seconds: float, bots: int, tag: str, mark: list[float]
) -> Stats:
    """Register the people (and start the bot tables), note the servers' CPU in ``mark``, then play."""
    people = []
    for i in range(tables):
        a = Person(servers[0].base, f"{tag}a{i}")
        b = Person(servers[1 % len(servers)].base, f"{tag}b{i}")
        await a.register()
        await b.register()
        people.append((a, b))
    if bots:
        host = Person(servers[0].base, f"{tag}host")
        await host.register()
        await bot_tables(host, bots)
        await asyncio.sleep(3.0)  # the pool's workers start and every bot table is thinking
    mark.append(sum(s.cpu() for s in servers))
    stats = Stats()
    await asyncio.gather(*(two_people(a, b, stats, time.monotonic() + seconds) for a, b in people))
    for a, b in people:
        await a.http.aclose()
        await b.http.aclose()
    return stats


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def base_settings(url: str, prefix: str) -> dict[str, Any]:
    return {
        "database_url": url,
        "register_per_address": 1_000_000,
        "allow_tables_without_creator": True,
        "bot_pause_seconds": 0,
        "tables_per_hour": 1_000_000,
        "tables_waiting_per_user": 1_000_000,
        "redis_prefix": prefix,
        # Cheap password hashing: the people register before the measured part, but on the same CPU.
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "argon2_parallelism": 1,
    }


def cpu_phase(processes: int, tables: int, seconds: float, folder: Path, redis_url: str) -> dict[str, Any]:
    with database() as url:
        settings = base_settings(url, f"cap{secrets.token_hex(3)}")
        if processes > 1:
            settings["redis_url"] = redis_url
        servers = [Server(settings, folder)]
        servers += [Server(settings, folder) for _ in range(processes - 1)]  # after the first migrated
        try:
            mark: list[float] = []
            stats = asyncio.run(play(servers, tables, seconds, 0, f"p{processes}", mark))
            after = sum(s.cpu() for s in servers)
            before = mark[0]
        finally:
            for server in servers:
                server.stop()
    # Table creations and starts are in it too: one per game, against a game's hundreds of moves.
    return {
        "processes": processes,
        "moves": stats.moves,
        "cpu_ms_per_move": 1000 * (after - before) / stats.moves,
    }


def latency_phase(bots: int, workers: int, tables: int, seconds: float, folder: Path) -> dict[str, Any]:
    with database() as url:
        settings = base_settings(url, f"cap{secrets.token_hex(3)}")
        settings["bot_workers"] = workers
        server = Server(settings, folder)
        try:
            mark: list[float] = []
            stats = asyncio.run(play([server], tables, seconds, bots, f"l{bots}w{workers}", mark))
            serving = server.cpu() - mark[0]
        finally:
            server.stop()
    return {
        "bot_tables": bots,
        "bot_workers": workers,
        "moves": stats.moves,
        "p50_ms": 1000 * statistics.median(stats.latencies),
        "p99_ms": 1000 * percentile(stats.latencies, 0.99),
        "serving_cpu_ms_per_move": 1000 * serving / max(1, stats.moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per phase")
    parser.add_argument("--tables", type=int, default=4, help="tables of two people per phase")
    parser.add_argument("--bot-tables", type=int, default=20, help="tables of two hard bots beside them")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--skip-in-process", action="store_true", help="leave out the run without the pool")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"hellenika-capacity-{secrets.token_hex(3)}"
    folder.mkdir(parents=True)
    cpu = [cpu_phase(n, args.tables, args.seconds, folder, args.redis_url) for n in (1, 2)]
    print("CPU per move (the serving processes, people only)")
    print(f"{'processes':>10} {'moves':>7} {'CPU ms/move':>12}")
    for row in cpu:
        print(f"{row['processes']:>10} {row['moves']:>7} {row['cpu_ms_per_move']:>12.1f}")
    runs = [(0, 2), (args.bot_tables, 2)]
    if not args.skip_in_process:
        runs.append((args.bot_tables, 0))
    latency = [latency_phase(b, w, args.tables, args.seconds, folder) for b, w in runs]
    print()
    print("A person's move (POST round trip, one server process)")
    head = ("bot tables", "bot pool", "moves", "p50 ms", "p99 ms", "serving CPU ms/move")
    print(f"{head[0]:>10} {head[1]:>14} {head[2]:>7} {head[3]:>8} {head[4]:>8} {head[5]:>20}")
    for row in latency:
        pool = f"{row['bot_workers']} workers" if row["bot_workers"] else "off (threads)"
        print(
            f"{row['bot_tables']:>10} {pool:>14} {row['moves']:>7} {row['p50_ms']:>8.1f}"
            f" {row['p99_ms']:>8.1f} {row['serving_cpu_ms_per_move']:>20.1f}"
        )
    if args.json:
        args.json.write_text(json.dumps({"cpu": cpu, "latency": latency}, indent=2))


if __name__ == "__main__":
    main()
