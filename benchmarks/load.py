"""Load benchmark of the web server (a benchmark, not a test): one server on SQLite in a subprocess, many
concurrent games of scripted players (HTTP + WebSocket clients) and server-side bots.

Measures decisions per second (moves by players and bots, chance excluded, counted from the database) and the
latency of a player's move: from sending the POST until every seat's WebSocket of that table has received
the new version. Run:

    .venv/bin/python benchmarks/load.py --games 100 --seconds 30

``--servers N`` starts N ``hellenika serve`` processes on N ports instead, on one PostgreSQL database (a
fresh ``hellenika_load_<random>`` on 127.0.0.1:5432, dropped afterwards, unless ``--database-url`` names one)
and one Redis (``--redis-url``, default ``$REDIS_URL`` or redis://127.0.0.1:6379/0); the scripted players are
spread over the servers round-robin (player 1 on server 1, player 2 on server 2, ...), so with ``--bots 0``
the two players of a table sit on different processes and every move must cross from one to the other:

    .venv/bin/python benchmarks/load.py --servers 2 --bots 0 --games 100 --think 1 --seconds 30

``--route random`` sends each move to a server chosen at random (a balancer without table affinity), while
each seat's WebSocket stays where it opened: every process then moves tables whose sockets it does not hold.

Traffic goes to 127.0.0.1 only; the run is bounded in time and count and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
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

    def __init__(self, base: str, name: str, everywhere: list[str] | None = None) -> None:
        self.base = base
        self.name = name
        self.http = httpx.AsyncClient(base_url=base, timeout=60)
        #: With ``--route random``: every server's address; moves go to one of them at random.
        self.everywhere = everywhere or []
        self.anywhere: list[httpx.AsyncClient] = []
        self.rng = random.Random(name)

    async def register(self) -> None:
        await self.http.get("/api/games")
        answer = await self.post("/api/auth/register", {"name": self.name, "password": PASSWORD})
        answer.raise_for_status()
        self.anywhere = [
            httpx.AsyncClient(base_url=base, timeout=60, cookies=httpx.Cookies(self.http.cookies))
            for base in self.everywhere
        ]

    async def post_move(self, path: str, body: Any) -> httpx.Response:
        """A move, to this seat's server or (``--route random``) to any server."""
        if not self.anywhere:
            return await self.post(path, body)
        client = self.rng.choice(self.anywhere)
        csrf = client.cookies.get("hellenika_csrf") or ""
        try:
            return await client.post(path, json=body, headers={"X-CSRF-Token": csrf})
        except (httpx.ReadError, httpx.RemoteProtocolError):
            return await client.post(path, json=body, headers={"X-CSRF-Token": csrf})

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
                answer = await self.seats[index].post_move(
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
                self.stats.sent_at.append(sent - self.stats.started)
            else:
                still.append((version, sent))
        self.pending = still


class Stats:
    def __init__(self) -> None:
        self.started = 0.0  # perf_counter, wall clock and server CPU when play began (after registration)
        self.wall_start = 0.0
        self.cpu_start = 0.0
        self.cpu_end = 0.0  # server CPU when the measured window closed
        self.cpu_start_each: list[float] = []  # the same per server (--servers)
        self.cpu_end_each: list[float] = []
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # seconds into the run each latency's move was sent
        self.posted = 0
        self.refused = 0
        self.games = 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def decisions_between(db: Path | str, start: float, stop: float) -> tuple[int, int]:
    """(decisions, all actions) stored between two wall-clock times, in a SQLite file or on PostgreSQL."""
    decisions_sql = "SELECT count(*) FROM actions WHERE seat >= 0 AND created_at BETWEEN %s AND %s"
    actions_sql = "SELECT count(*) FROM actions WHERE created_at BETWEEN %s AND %s"
    if isinstance(db, str):  # a PostgreSQL URL
        import psycopg

        with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://", 1)) as conn:
            decisions = conn.execute(decisions_sql, (start, stop)).fetchone()[0]  # type: ignore[index]
            actions = conn.execute(actions_sql, (start, stop)).fetchone()[0]  # type: ignore[index]
        return int(decisions), int(actions)
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        decisions = conn.execute(decisions_sql.replace("%s", "?"), (start, stop)).fetchone()[0]
        actions = conn.execute(actions_sql.replace("%s", "?"), (start, stop)).fetchone()[0]
    return int(decisions), int(actions)


async def run(args: argparse.Namespace, bases: list[str], server_pids: list[int]) -> Stats:
    stats = Stats()
    humans = 2 if args.bots == 0 else 1
    tag = f"{secrets.token_hex(2)}-" if args.servers else ""  # names unique on a database that is kept
    players = iter(range(args.games * humans))  # round-robin over the servers, player by player
    seats = [
        [
            Seat(
                bases[next(players) % len(bases)],
                f"load-{tag}{g}-{s}",
                bases if args.route == "random" else None,
            )
            for s in range(humans)
        ]
        for g in range(args.games)
    ]
    flat = [s for group in seats for s in group]
    for i in range(0, len(flat), 10):  # registration (argon2) is not what we measure
        await asyncio.gather(*(s.register() for s in flat[i : i + 10]))
    stats.started, stats.wall_start = time.perf_counter(), time.time()
    stats.cpu_start_each = [cpu_seconds(pid) for pid in server_pids]
    stats.cpu_start = sum(stats.cpu_start_each)
    end = time.monotonic() + args.seconds
    games = [Game(i, seats[i], args.bots, stats, args.game, end, args.think) for i in range(args.games)]

    async def close_window() -> None:
        await asyncio.sleep(args.seconds)
        stats.cpu_end_each = [cpu_seconds(pid) for pid in server_pids]
        stats.cpu_end = sum(stats.cpu_end_each)

    window = asyncio.create_task(close_window())
    await asyncio.gather(*(g.run() for g in games), return_exceptions=False)
    await window
    for s in flat:
        await s.http.aclose()
        for client in s.anywhere:
            await client.aclose()
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
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds at the start left out of the steady latencies"
    )
    parser.add_argument("--bots", type=int, default=1, help="bot seats per game (0: two scripted players)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a scripted player waits before moving (0: at once, the server saturated)",
    )
    parser.add_argument("--port", type=int, default=0, help="use a server already running on this port")
    parser.add_argument("--db", type=Path, default=None, help="that server's SQLite file (to count moves)")
    parser.add_argument(
        "--servers",
        type=int,
        default=0,
        help="start this many server processes on PostgreSQL + Redis, players spread over them (0: one "
        "server on SQLite)",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="with --servers: the PostgreSQL database (default: a fresh one on 127.0.0.1, dropped after)",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        help="with --servers: the Redis of the servers ('none': one server on PostgreSQL without Redis, the "
        "single-process path, to compare the cross-process path's cost with)",
    )
    parser.add_argument(
        "--route",
        choices=("seat", "random"),
        default="seat",
        help="with --servers: where a player's moves go: their own server (seat), or any at random",
    )
    args = parser.parse_args()
    if args.servers and args.port:
        parser.error("--servers starts its own servers; --port names one already running")
    if args.redis_url == "none" and args.servers > 1:
        parser.error("several servers need Redis (--redis-url none is for one server)")
    if args.database_url and not args.database_url.startswith("postgresql"):
        parser.error("--servers needs PostgreSQL: --database-url postgresql+psycopg://...")

    workdir = Path(tempfile.mkdtemp(prefix="hellenika-load-"))
    db: Path | str = args.db or workdir / "load.db"
    fresh_database = None
    if args.servers:
        db = args.database_url or ""
        if not db:
            fresh_database = f"hellenika_load_{secrets.token_hex(4)}"
            admin("CREATE DATABASE", fresh_database)
            db = f"postgresql+psycopg://postgres@127.0.0.1:5432/{fresh_database}"
    ports = [free_port() for _ in range(args.servers)] if args.servers else [args.port or free_port()]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    servers: list[subprocess.Popen[bytes]] = []
    try:
        for index, port in enumerate(ports):
            if args.port:  # an external server (e.g. under a profiler); a placeholder keeps the code simple
                command = [sys.executable, "-c", "import time; time.sleep(3600)"]
            else:
                command = [sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(port)]
                command += ["--register-limit", "100000", "--bot-pause", "0"]  # capacity, not pacing
                if args.servers:
                    command += ["--database-url", str(db)]
                    if args.redis_url != "none":
                        command += ["--redis-url", args.redis_url]
                else:
                    command += ["--database-url", f"sqlite:///{db}"]
            servers.append(
                subprocess.Popen(
                    command,
                    stdout=subprocess.DEVNULL,
                    stderr=open(workdir / f"server-{index + 1}.log", "w"),  # noqa: SIM115
                )
            )
        for base in bases:
            for _ in range(300):
                try:
                    httpx.get(f"{base}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
        stats = asyncio.run(run(args, bases, [server.pid for server in servers]))
        # Count only the measured window (games still finishing after it are not part of the rate).
        elapsed = min(time.perf_counter() - stats.started, args.seconds)
        wall_start, wall_stop = stats.wall_start, stats.wall_start + elapsed
        cpu_used = stats.cpu_end - stats.cpu_start
        decisions, actions = decisions_between(db, wall_start, wall_stop)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        if fresh_database:
            admin("DROP DATABASE IF EXISTS", fresh_database, " WITH (FORCE)")
    lat = sorted(stats.latencies)
    p50, p99 = percentiles(lat)
    # The first seconds hold every table's creation, start and first moves at once (a burst no steady site
    # sees): the steady figures leave them out.
    steady = sorted(x for x, at in zip(stats.latencies, stats.sent_at, strict=True) if at >= args.warmup)
    steady50, steady99 = percentiles(steady)
    where = "one server on SQLite"
    if args.servers:
        redis = "without Redis" if args.redis_url == "none" else "+ Redis"
        where = f"{args.servers} server process(es) on PostgreSQL {redis}, players round-robin"
        if args.route == "random":
            where += ", moves to a random server"
    print(
        f"{args.games} concurrent {args.game} games ({args.bots} bot seat(s) each, players think "
        f"{args.think:g} s on average), {elapsed:.1f} s, {where}"
    )
    print(f"moves (decisions by players and bots): {decisions}  -> {decisions / elapsed:.0f} moves/s")
    print(f"all actions incl. chance: {actions}  -> {actions / elapsed:.0f} actions/s")
    print(f"player moves posted: {stats.posted} (refused {stats.refused}); games finished: {stats.games}")
    print(f"latency POST -> every seat's WebSocket has the version: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(
        f"  after the first {args.warmup:g} s: p50 {steady50:.1f} ms, p99 {steady99:.1f} ms "
        f"({len(steady)} moves)"
    )
    windows = []
    for start in range(0, int(args.seconds), 10):
        inside = sorted(
            x for x, at in zip(stats.latencies, stats.sent_at, strict=True) if start <= at < start + 10
        )
        if inside:
            windows.append(
                f"{start}-{start + 10} s: {len(inside)} moves, p99 {percentiles(inside)[1]:.0f} ms"
            )
    print("  by window: " + "; ".join(windows))
    print(f"server CPU: {cpu_used:.1f} s over {elapsed:.1f} s ({cpu_used / elapsed:.0%} of one core)")
    if len(servers) > 1:
        each = [end - start for start, end in zip(stats.cpu_start_each, stats.cpu_end_each, strict=True)]
        print("  per server: " + ", ".join(f"{cpu:.1f} s" for cpu in each))
    if decisions and cpu_used > 0:
        per_move = cpu_used / decisions * 1000
        print(f"server CPU per move: {per_move:.2f} ms (one whole core: ~{1000 / per_move:.0f} moves/s)")
    print(f"load generator CPU: {time.process_time():.1f} s; machine load average {os.getloadavg()[0]:.1f}")


def percentiles(ordered: list[float]) -> tuple[float, float]:
    """p50 and p99 in ms of sorted seconds (nan when empty)."""
    if not ordered:
        return float("nan"), float("nan")
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def admin(statement: str, name: str, suffix: str = "") -> None:
    """CREATE or DROP a database on the local PostgreSQL (user postgres, as the tests use)."""
    import psycopg

    url = os.environ.get("HELLENIKA_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'{statement} "{name}"{suffix}')  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
