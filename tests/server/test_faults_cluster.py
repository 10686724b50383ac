"""Two real ``hellenika serve`` processes through database outages while scripted players move (``make
faults``; marked ``long_faults``, so ``make test`` leaves it out: it runs for about a minute).

A private PostgreSQL cluster (tests/server/postgres_server.py) under two processes and a private Redis
(tests/server/cluster.py). Three tables, each played by two people whose requests alternate between the
processes, as a balancer without stickiness sends them. The database is frozen (SIGSTOP), stopped cleanly,
and killed (SIGKILL, then crash recovery), with play in between. What must hold: no acknowledged move lost,
none stored twice (steps once each, versions one apart, user rows no more than the acknowledged moves plus
the answers that said the change may have been made), no HTTP 500, both processes up at the end, each
outage logged once per process at its start (a restart may add one for the pool's dead connections), and
play resumes after each outage. The times to recover are printed, not asserted.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from tests.server import postgres_server
from tests.server.cluster import Node, action_rows, cluster, on, two_players_on
from tests.server.harness import Player
from tests.server.postgres_server import PostgresServer
from tests.server.test_multiprocess_kill import assert_history_intact

pytestmark = [
    pytest.mark.long_faults,
    pytest.mark.skipif(not postgres_server.available(), reason="PostgreSQL's programs are not installed"),
]

TABLES = 3
PLAY_SECONDS = 4.0
OUTAGE_SECONDS = 6.0


class Table:
    """One table's two players on each process, and what its moves were answered."""

    def __init__(self, table_id: str, clients: list[dict[int, Player]]) -> None:
        self.id = table_id
        self.clients = clients  # per process: seat -> the player's browser on that process
        self.acknowledged: list[int] = []
        self.statuses: Counter[int] = Counter()
        self.maybe_made = 0  # 503s that said the change may have been made
        self.errors = 0  # requests that got no HTTP answer at all
        self.last_ok = 0.0

    def play(self, stop: threading.Event, seed: int) -> None:
        rng = random.Random(seed)
        turn = 0
        while not stop.is_set():
            turn += 1
            by_seat = self.clients[turn % len(self.clients)]
            try:
                model = by_seat[0].get(f"/api/tables/{self.id}/state")
                self.statuses[model.status_code] += 1
                if model.status_code != 200:
                    time.sleep(0.2)
                    continue
                state = model.json()
                if state["finished"]:
                    return
                seat = state["to_move"]
                if seat not in by_seat:
                    time.sleep(0.02)
                    continue
                own = by_seat[seat].get(f"/api/tables/{self.id}/state")
                self.statuses[own.status_code] += 1
                if own.status_code != 200:
                    time.sleep(0.2)
                    continue
                mine = own.json()
                if mine["to_move"] != seat:
                    continue
                answer = by_seat[seat].move(self.id, mine["version"], rng.choice(mine["legal"])["action"])
            except httpx.HTTPError:
                self.errors += 1
                time.sleep(0.2)
                continue
            self.statuses[answer.status_code] += 1
            if answer.status_code == 200:
                self.acknowledged.append(answer.json()["version"])
                self.last_ok = time.monotonic()
            elif answer.status_code == 503:
                if "may have been made" in answer.json().get("detail", ""):
                    self.maybe_made += 1
                time.sleep(0.2)


def wait_all_moved(tables: list[Table], since: float, limit: float = 60) -> float:
    """Seconds from ``since`` until every table has had a move acknowledged after it."""
    end = since + limit
    while time.monotonic() < end:
        if all(t.last_ok > since for t in tables):
            return max(t.last_ok for t in tables) - since
        time.sleep(0.05)
    raise AssertionError(f"play did not resume within {limit} s of the database's return")


def test_two_processes_through_freeze_stop_and_kill_lose_and_double_nothing(tmp_path: Path) -> None:
    with PostgresServer() as pg:
        url = pg.create_database()
        with cluster(2, url, tmp_path) as c:
            nodes: list[Node] = c.nodes
            tables: list[Table] = []
            for k in range(TABLES):
                one, two, tid = two_players_on(nodes[0], nodes[1], "hercules", prefix=f"fault{k}")
                seats = {one.state(tid)["seat"]: one, two.state(tid)["seat"]: two}
                tables.append(Table(tid, [{s: on(p, node) for s, p in seats.items()} for node in nodes]))
            stop = threading.Event()
            threads = [
                threading.Thread(target=t.play, args=(stop, i), daemon=True) for i, t in enumerate(tables)
            ]
            for thread in threads:
                thread.start()
            recovered: dict[str, float] = {}
            try:
                time.sleep(PLAY_SECONDS)
                for fault, end in (("freeze", pg.thaw), ("stop", pg.start), ("kill", pg.start)):
                    getattr(pg, fault)()
                    time.sleep(OUTAGE_SECONDS)
                    end()
                    back = time.monotonic()
                    recovered[fault] = wait_all_moved(tables, back)
                    time.sleep(PLAY_SECONDS)
            finally:
                stop.set()
                for thread in threads:
                    thread.join(30)

            statuses = sum((t.statuses for t in tables), Counter())
            logs = {n.name: n.log.read_text() for n in nodes}
            print(
                "\nrecovery after the database returned: "
                + ", ".join(f"{k} {v:.2f} s" for k, v in recovered.items())
                + f"; answers {dict(statuses)}; no answer {sum(t.errors for t in tables)}; "
                f"acknowledged {sum(len(t.acknowledged) for t in tables)}; "
                f"'may have been made' {sum(t.maybe_made for t in tables)}; "
                + "; ".join(
                    f"{name}: {text.count('database unavailable')} outage lines, "
                    f"{text.count('Traceback')} tracebacks"
                    for name, text in logs.items()
                )
            )
            assert statuses[500] == 0, c.logs()
            assert all(n.alive for n in nodes)
            for table in tables:
                assert table.acknowledged, "a table never moved"
                assert_history_intact(url, table.id, table.acknowledged)  # nothing lost, no step twice
                user_rows = [r for r in action_rows(url, table.id) if r[3] == "user"]
                doubled = len(user_rows) - len(table.acknowledged) - table.maybe_made - table.errors
                assert doubled <= 0, f"{doubled} user moves stored that no answer accounts for"
            for name, text in logs.items():
                outages = text.count("database unavailable")
                assert 1 <= outages <= 6, f"{name} logged {outages} outage lines:\n{text[-4000:]}"
