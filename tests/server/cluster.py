"""Real ``hellenika serve`` processes sharing one PostgreSQL database and one Redis, for the tests of issue 21
that kill a process with SIGKILL or play whole games across processes.

Each :class:`Node` is one ``hellenika serve --port P --database-url URL --redis-url URL`` subprocess. The
CLI has no option for the Redis key prefix (``Settings.redis_prefix``), so every cluster gets a private
``redis-server`` of its own (:class:`tests.server.redis_server.RedisServer`) and tests never hear each other.
A :class:`Watcher` reads a table WebSocket in a thread of its own and timestamps every message, so a test
can ask when a socket first saw a version (and measure the push latency) without blocking on it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import redis

from hellenika.server.store.locks import lock_key
from tests.server.harness import Player
from tests.server.redis_server import RedisServer, free_port

STARTUP_SECONDS = 90


def clean_env() -> dict[str, str]:
    """The environment without the developer's database, Redis and HELLENIKA_* settings."""
    return {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL") and not k.startswith("HELLENIKA_")
    }


class Node:
    """One ``hellenika serve`` process (what ``Player`` needs of a server: ``base`` and ``port``)."""

    def __init__(self, name: str, database_url: str, redis_url: str, folder: Path) -> None:
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        command = [
            sys.executable, "-m", "hellenika.cli.app", "serve", "--port", str(self.port),
            "--database-url", database_url, "--redis-url", redis_url, "--register-limit", "100000",
        ]  # fmt: skip
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(
                command, cwd=folder, env=clean_env(), stdout=sink, stderr=subprocess.STDOUT
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if not self.alive:
                raise AssertionError(f"{self.name} exited: {self.log.read_text()[-3000:]}")
            with suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/readyz", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not become ready: {self.log.read_text()[-3000:]}")

    def kill9(self) -> None:
        """As a crash: SIGKILL, no shutdown of any kind."""
        if self.alive:
            self.process.kill()
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.alive:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)

    def player(self, name: str) -> Player:
        player = Player(self)  # type: ignore[arg-type]
        player.register(name)
        return player

    def __repr__(self) -> str:
        return f"<Node {self.name} :{self.port} pid {self.pid}>"


@dataclass
class Cluster:
    nodes: list[Node]
    redis: RedisServer
    database_url: str

    def assert_no_tracebacks(self) -> None:
        """No process logged an exception (a killed one's log ends where it died)."""
        for node in self.nodes:
            text = node.log.read_text()
            assert "Traceback" not in text, f"{node.name} logged an exception:\n{text[-4000:]}"

    def logs(self) -> str:
        return "\n".join(f"--- {n.name}\n{n.log.read_text()[-4000:]}" for n in self.nodes)


@contextmanager
def cluster(count: int, database_url: str, folder: Path) -> Iterator[Cluster]:
    """``count`` server processes on ``database_url`` and a private Redis; all killed afterwards."""
    with RedisServer() as redis_server:
        nodes: list[Node] = []
        try:
            nodes.extend(Node(f"node{i + 1}", database_url, redis_server.url, folder) for i in range(count))
            for node in nodes:
                node.wait_until_up()
            # Every process has subscribed to the notes (ready does not say so): count the subscribers.
            client = redis.Redis.from_url(redis_server.url)
            deadline = time.monotonic() + 30
            while dict(client.pubsub_numsub("hellenika:events")).get(b"hellenika:events", 0) < count:
                assert time.monotonic() < deadline, "not every server subscribed to Redis"
                time.sleep(0.05)
            client.close()
            yield Cluster(nodes, redis_server, database_url)
        finally:
            for node in nodes:
                with suppress(Exception):
                    node.stop()


def on(player: Player, node: Node) -> Player:
    """The same browser (its cookies) talking to another process, as a balancer without stickiness would."""
    other = Player(node)  # type: ignore[arg-type]
    other.http.cookies = httpx.Cookies(player.http.cookies)
    other.user = player.user
    return other


def two_players_on(
    first: Node, second: Node, game: str, prefix: str = "p", players: int = 2
) -> tuple[Player, Player, str]:
    """A started two-person table: the first player registered and creating on ``first``, the second
    registered and accepting on ``second``; answers (first, second, table id)."""
    one = first.player(f"{prefix}-one")
    two = second.player(f"{prefix}-two")
    seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "user", "user": f"{prefix}-two"}]
    created = one.create(game=game, players=players, seats=seats)
    two.ok(two.post(f"/api/tables/{created['id']}/accept"))
    one.ok(one.post(f"/api/tables/{created['id']}/start"))
    return one, two, created["id"]


# ------------------------------------------------------------------ WebSockets read in the background


class Watcher:
    """A table WebSocket read by a thread: every message with its arrival time (``time.monotonic``)."""

    def __init__(self, player: Player, table_id: str, name: str = "") -> None:
        self.name = name or player.server.base
        self.ws = player.socket(table_id)
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.closed: BaseException | None = None
        self.done = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while True:
                text = self.ws.recv()
                arrived = time.monotonic()
                with self._cond:
                    self.messages.append((arrived, json.loads(text)))
                    self._cond.notify_all()
        except BaseException as exc:  # closed by the server, the peer died, or closed by us
            self.closed = exc
        finally:
            with self._cond:
                self.done = True
                self._cond.notify_all()

    @property
    def last(self) -> dict[str, Any]:
        with self._cond:
            return self.messages[-1][1] if self.messages else {}

    @property
    def versions(self) -> list[int]:
        with self._cond:
            return [m.get("version", -1) for _t, m in self.messages]

    def first_at_least(self, version: int, timeout: float) -> tuple[float, dict[str, Any]]:
        """(arrival time, message) of the first message at ``version`` or later; fails after ``timeout``."""
        end = time.monotonic() + timeout
        with self._cond:
            while True:
                for arrived, message in self.messages:
                    if message.get("version", -1) >= version and message.get("type") == "state":
                        return arrived, message
                left = end - time.monotonic()
                if left <= 0 or self.done:
                    raise AssertionError(
                        f"{self.name}: no model at version >= {version} within {timeout} s "
                        f"(saw {[m.get('version') for _t, m in self.messages][-8:]}, closed={self.closed!r})"
                    )
                self._cond.wait(left)

    def wait_closed(self, timeout: float) -> BaseException | None:
        end = time.monotonic() + timeout
        with self._cond:
            while not self.done:
                left = end - time.monotonic()
                assert left > 0, f"{self.name}: the socket stayed open"
                self._cond.wait(left)
        return self.closed

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def close(self) -> None:
        with suppress(Exception):
            self.ws.close()
        self._thread.join(timeout=5)


# ------------------------------------------------------------------ the truth, read from PostgreSQL


def plain(database_url: str) -> str:
    return database_url.replace("postgresql+psycopg://", "postgresql://", 1)


def action_rows(database_url: str, table_id: str) -> list[tuple[int, int, int, str]]:
    """(step, version, seat, by) of every stored action of the table, by step."""
    with psycopg.connect(plain(database_url)) as conn:
        rows = conn.execute(
            "SELECT step, version, seat, by FROM actions WHERE table_id = %s ORDER BY step", (table_id,)
        ).fetchall()
    return [(int(s), int(v), int(seat), str(by)) for s, v, seat, by in rows]


def table_version(database_url: str, table_id: str) -> int:
    with psycopg.connect(plain(database_url)) as conn:
        row = conn.execute("SELECT version FROM tables WHERE id = %s", (table_id,)).fetchone()
    assert row is not None
    return int(row[0])


def lease_holder(database_url: str, name: str, nodes: list[Node]) -> Node | None:
    """The process holding the advisory lock of lease ``name`` (server/core/coordination.py), or None: the
    lock's backend's client port, mapped to the process owning that TCP socket (Linux /proc)."""
    key = lock_key(name) & 0xFFFFFFFFFFFFFFFF
    with psycopg.connect(plain(database_url)) as conn:
        row = conn.execute(
            "SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = %s"
            " AND l.objid::bigint = %s AND l.objsubid = 1",
            (key >> 32, key & 0xFFFFFFFF),
        ).fetchone()
    if row is None or row[0] is None:
        return None
    return socket_owner(int(row[0]), [n for n in nodes if n.alive])


def socket_owner(local_port: int, nodes: list[Node]) -> Node | None:
    """Which node holds the client end of a TCP connection from ``local_port`` to PostgreSQL (5432)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == local_port and fields[2].endswith(":1538"):
                    inodes.add(f"socket:[{fields[9]}]")
    for node in nodes:
        with suppress(OSError):
            for fd in Path(f"/proc/{node.pid}/fd").iterdir():
                with suppress(OSError):
                    if os.readlink(fd) in inodes:
                        return node
    return None


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]
