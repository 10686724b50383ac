"""Limits that must hold across processes (server/core/limits.py), with two real ``hellenika serve``
processes on PostgreSQL and one Redis: one person's requests fired together (a barrier) half at each
process get no more verification mails, new tables or invitations than one process would allow."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg

from tests.server import cluster as processes
from tests.server.harness import Player


def together(calls: list[tuple[Player, str, dict[str, object]]]) -> Counter[int]:
    barrier = threading.Barrier(len(calls))

    def run(call: tuple[Player, str, dict[str, object]]) -> int:
        player, path, body = call
        barrier.wait(30)
        return player.post(path, body).status_code

    with ThreadPoolExecutor(len(calls)) as pool:
        return Counter(pool.map(run, calls))


def tabs(player: Player, nodes: list[processes.Node], count: int) -> list[Player]:
    """``count`` clients of the same person (their cookies), alternating between the processes."""
    made = []
    for index in range(count):
        tab = Player(nodes[index % len(nodes)])  # type: ignore[arg-type]
        tab.http.cookies = httpx.Cookies(player.http.cookies)
        tab.user = player.user
        made.append(tab)
    return made


def test_limits_hold_across_two_processes(postgres_url: str, tmp_path: Path) -> None:
    with processes.cluster(2, postgres_url, tmp_path) as group:
        first, second = group.nodes
        pia = first.player("pia")
        # Verification mails: five an hour, wherever they are asked for.
        calls = [
            (tab, "/api/me/email", {"email": f"pia{i}@example.org"})
            for i, tab in enumerate(tabs(pia, group.nodes, 20))
        ]
        assert together(calls) == Counter({200: 5, 429: 15})
        with psycopg.connect(processes.plain(postgres_url)) as conn:
            row = conn.execute(
                "SELECT count(*) FROM notification_outbox WHERE event = 'verify_email'"
            ).fetchone()
        assert row is not None and row[0] == 5
        # New tables: thirty an hour (tables left at once, so the cap of ten at once never bites).
        tia = second.player("tia")
        for tab in tabs(tia, group.nodes, 30):
            table = tab.create(game="hercules", players=2)
            tab.ok(tab.post(f"/api/tables/{table['id']}/leave"))
        for tab in tabs(tia, group.nodes, 2):
            refused = tab.post("/api/tables", {"game": "hercules", "players": 2})
            assert refused.status_code == 429 and "new tables an hour" in refused.json()["detail"]
        # Invitations: thirty an hour, each invitee one: ten tables of three, at the two processes in turn.
        ivo = first.player("ivo")
        guests = [f"guest{i}" for i in range(15)]
        for index, name in enumerate(guests):
            group.nodes[index % 2].player(name)
        ivo_tabs = tabs(ivo, group.nodes, 11)
        for index, tab in enumerate(ivo_tabs[:10]):
            invited = [guests[(3 * index + k) % 15] for k in range(3)]
            seats = [{"kind": "me"}] + [{"kind": "user", "user": name} for name in invited]
            table = tab.create(game="hercules", players=4, seats=seats)
            tab.ok(tab.post(f"/api/tables/{table['id']}/leave"))
        seats = [{"kind": "me"}, {"kind": "user", "user": guests[0]}]
        limited = ivo_tabs[10].post("/api/tables", {"game": "hercules", "players": 2, "seats": seats})
        assert limited.status_code == 429 and "invitations an hour" in limited.json()["detail"]
        group.assert_no_tracebacks()
