"""Load benchmark of the web server (a benchmark, not a test): one server on SQLite in a subprocess, many
concurrent games of scripted players (HTTP + WebSocket clients) and server-side bots.

Measures decisions per second (moves by players and bots, chance excluded, counted from the database) and the
latency of a player's move: from sending the POST until every seat's WebSocket of that table has received
the new version. Run:

    .venv/bin/python benchmarks/load.py --games 100 --seconds 30

Traffic goes to 127.0.0.1 only; the run is bounded in time and count and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

PASSWORD = "load-test-password"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Seat:
    """One scripted player: an HTTP client with its session and a WebSocket on its table."""

    def __init__(self, base: str, name: str) -> None:
        self.base = base
        self.name = name
        self.http = httpx.AsyncClient(base_url=base, timeout=60)

    async def register(self) -> None:
        await self.http.get("/api/games")
        answer = await self.post("/api/auth/register", {"name": self.name, "password": PASSWORD})
        answer.raise_for_status()

    async def post(self, path: str, body: Any) -> httpx.Response:
        csrf = self.http.cookies.get("hellenika_csrf") or ""
        try:
            return await self.http.post(path, json=body, headers={"X-CSRF-Token": csrf})
        except (httpx.ReadError, httpx.RemoteProtocolError):
            # A kept-alive connection the server closed while idle (uvicorn: after 5 s): send it again.
            return await self.http.post(path, json=body, headers={"X-CSRF-Token": csrf})

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())


class Game:
    """One table being played again and again until the time is up."""

    def __init__(
        self, index: int, seats: list[Seat], bots: int, stats: Stats, game: str, end: float, think: float
    ) -> None:
        self.index = index
        self.think = think
        self.seats = seats
        self.bots = bots
        self.stats = stats
        self.game = game
        self.end = end
        self.rng = random.Random(index)
        self.table_id = ""
        self.seen: dict[int, int] = {}  # seat -> newest version its socket received
        self.pending: list[tuple[int, float]] = []  # (version, sent at) of moves not yet seen by all
        self.changed = asyncio.Event()

    async def run(self) -> None:
        while time.monotonic() < self.end:
            await self.play_one()

    async def play_one(self) -> None:
        host = self.seats[0]
        seats: list[dict[str, Any]] = [{"kind": "me"}]
        seats += [{"kind": "user", "user": s.name} for s in self.seats[1:]]
        seats += [{"kind": "bot", "level": "medium"}] * self.bots
        created = await host.post("/api/tables", {"game": self.game, "players": len(seats), "seats": seats})
        created.raise_for_status()
        self.table_id = created.json()["table"]["id"]
        self.seen = {}
        self.pending = []
        sockets = []
        for seat in self.seats:
            ws = await websockets.connect(
                f"ws://{seat.base.removeprefix('http://')}/ws/tables/{self.table_id}",
                additional_headers={"Cookie": seat.cookie_header()},
                max_size=None,
            )
            sockets.append(ws)
        for seat in self.seats[1:]:  # each invitee accepts their seat before the start
            (await seat.post(f"/api/tables/{self.table_id}/accept", {})).raise_for_status()
        (await host.post(f"/api/tables/{self.table_id}/start", {})).raise_for_status()
        readers = [asyncio.create_task(self.read(i, ws)) for i, ws in enumerate(sockets)]
        try:
            # A reader stops at the end of the game, or at its first message after the time is up; one
            # waiting for a seat that has stopped would wait for ever, so the time limit ends them all.
            await asyncio.wait(readers, timeout=max(0.0, self.end - time.monotonic()) + 10)
        finally:
            for reader in readers:
                reader.cancel()
            for ws in sockets:
                await ws.close()
            self.stats.games += 1

    async def read(self, index: int, ws: Any) -> None:
        """React to this seat's pushes: note versions (for latencies) and move when it is my turn."""
        last_moved = -1
        async for text in ws:
            message = orjson.loads(text)
            if message.get("type") != "state":
                continue
            version = message["version"]
            self.seen[index] = max(self.seen.get(index, -1), version)
            self.settle()
            if message["finished"] or time.monotonic() > self.end:
                return
            if message["to_move"] == message["seat"] and message["legal"] and version > last_moved:
                last_moved = version
                choice = self.rng.choice(message["legal"])
                if self.think > 0:  # a person takes a moment; newer pushes wait in the socket meanwhile
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                sent = time.perf_counter()
                answer = await self.seats[index].post(
                    f"/api/tables/{self.table_id}/moves", {"version": version, "action": choice["action"]}
                )
                if answer.status_code == 200:
                    self.pending.append((answer.json()["version"], sent))
                    self.stats.posted += 1
                    self.settle()
                else:
                    self.stats.refused += 1

    def settle(self) -> None:
        """Record the latency of every pending move that every seat's socket has now seen."""
        if not self.pending or len(self.seen) < len(self.seats):
            return
        low = min(self.seen.values())
        now = time.perf_counter()
        still = []
        for version, sent in self.pending:
            if low >= version:
                self.stats.latencies.append(now - sent)
            else:
                still.append((version, sent))
        self.pending = still


class Stats:
    def __init__(self) -> None:
        self.started = 0.0  # perf_counter, wall clock and server CPU when play began (after registration)
        self.wall_start = 0.0
        self.cpu_start = 0.0
        self.cpu_end = 0.0  # server CPU when the measured window closed
        self.latencies: list[float] = []
        self.posted = 0
        self.refused = 0
        self.games = 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def decisions_between(db: Path, start: float, stop: float) -> tuple[int, int]:
    """(decisions, all actions) stored between two wall-clock times."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        decisions = conn.execute(
            "SELECT count(*) FROM actions WHERE seat >= 0 AND created_at BETWEEN ? AND ?", (start, stop)
        ).fetchone()[0]
        actions = conn.execute(
            "SELECT count(*) FROM actions WHERE created_at BETWEEN ? AND ?", (start, stop)
        ).fetchone()[0]
    return int(decisions), int(actions)


async def run(args: argparse.Namespace, base: str, server_pid: int) -> Stats:
    stats = Stats()
    humans = 2 if args.bots == 0 else 1
    seats = [[Seat(base, f"load-{g}-{s}") for s in range(humans)] for g in range(args.games)]
    flat = [s for group in seats for s in group]
    for i in range(0, len(flat), 10):  # registration (argon2) is not what we measure
        await asyncio.gather(*(s.register() for s in flat[i : i + 10]))
    stats.started, stats.wall_start, stats.cpu_start = (
        time.perf_counter(),
        time.time(),
        cpu_seconds(server_pid),
    )
    end = time.monotonic() + args.seconds
    games = [Game(i, seats[i], args.bots, stats, args.game, end, args.think) for i in range(args.games)]

    async def close_window() -> None:
        await asyncio.sleep(args.seconds)
        stats.cpu_end = cpu_seconds(server_pid)

    window = asyncio.create_task(close_window())
    await asyncio.gather(*(g.run() for g in games), return_exceptions=False)
    await window
    for s in flat:
        await s.http.aclose()
    return stats


def main() -> None:
    # A SIGTERM (e.g. from `timeout`) unwinds like Ctrl-C, so the server subprocess is always stopped.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured duration")
    parser.add_argument("--game", default="hercules")
    parser.add_argument("--bots", type=int, default=1, help="bot seats per game (0: two scripted players)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a scripted player waits before moving (0: at once, the server saturated)",
    )
    parser.add_argument("--port", type=int, default=0, help="use a server already running on this port")
    parser.add_argument("--db", type=Path, default=None, help="that server's SQLite file (to count moves)")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="hellenika-load-"))
    db = args.db or workdir / "load.db"
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    if args.port:  # an external server (e.g. under a profiler); a placeholder process keeps the code simple
        command = [sys.executable, "-c", "import time; time.sleep(3600)"]
    else:
        command = [sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port)]
        command += ["--database-url", f"sqlite:///{db}", "--register-limit", "100000"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=open(workdir / "server.log", "w"),  # noqa: SIM115
    )
    try:
        for _ in range(200):
            try:
                httpx.get(f"{base}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        stats = asyncio.run(run(args, base, server.pid))
        # Count only the measured window (games still finishing after it are not part of the rate).
        elapsed = min(time.perf_counter() - stats.started, args.seconds)
        wall_start, wall_stop = stats.wall_start, stats.wall_start + elapsed
        cpu_used = stats.cpu_end - stats.cpu_start
    finally:
        server.terminate()
        server.wait(timeout=30)
    decisions, actions = decisions_between(db, wall_start, wall_stop)
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(
        f"{args.games} concurrent {args.game} games ({args.bots} bot seat(s) each, players think "
        f"{args.think:g} s on average), {elapsed:.1f} s"
    )
    print(f"moves (decisions by players and bots): {decisions}  -> {decisions / elapsed:.0f} moves/s")
    print(f"all actions incl. chance: {actions}  -> {actions / elapsed:.0f} actions/s")
    print(f"player moves posted: {stats.posted} (refused {stats.refused}); games finished: {stats.games}")
    print(f"latency POST -> every seat's WebSocket has the version: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"server CPU: {cpu_used:.1f} s over {elapsed:.1f} s ({cpu_used / elapsed:.0%} of one core)")
    if decisions and cpu_used > 0:
        per_move = cpu_used / decisions * 1000
        print(f"server CPU per move: {per_move:.2f} ms (one whole core: ~{1000 / per_move:.0f} moves/s)")
    print(f"load generator CPU: {time.process_time():.1f} s; machine load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
