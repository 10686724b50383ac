"""``kill -9`` one of three real ``hellenika serve`` processes (issue 21): in a burst of moves no acknowledged
move is lost, the clients of the dead process reconnect to another one and go on, every remaining socket sees
every later move; and a bot whose turn was being thought on the killed process is taken over by another
one and moves once.

Three processes on one fresh PostgreSQL database and a private Redis (tests/server/cluster.py).
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.cluster import (
    Node,
    Watcher,
    action_rows,
    cluster,
    lease_holder,
    on,
    table_version,
    two_players_on,
)
from tests.server.harness import Player

PUSH_SECONDS = 1.0  # every socket sees a move within this of its answer
TAKE_OVER_SECONDS = 15.0  # bot_sweep_seconds 2 + BOT_STALE_SECONDS 2 + ~1 s of thinking, with slack


def assert_history_intact(database_url: str, table_id: str, acknowledged: list[int]) -> list[tuple[Any, ...]]:
    """Steps 0..n-1 each stored once, versions one apart, the table at the last one, every acknowledged
    version among them."""
    rows = action_rows(database_url, table_id)
    steps = [r[0] for r in rows]
    versions = [r[1] for r in rows]
    assert steps == list(range(len(rows))), f"steps missing or doubled: {steps}"
    assert versions == sorted(set(versions)) and all(b == a + 1 for a, b in itertools.pairwise(versions))
    assert table_version(database_url, table_id) == versions[-1]
    lost = sorted(set(acknowledged) - set(versions))
    assert not lost, f"acknowledged moves lost: versions {lost}"
    return rows


def play_one(player: Player, table_id: str, rng: random.Random) -> tuple[dict[str, Any], httpx.Response]:
    mine = player.state(table_id)
    assert mine["to_move"] == mine["seat"], mine
    return mine, player.move(table_id, mine["version"], rng.choice(mine["legal"])["action"])


@pytest.mark.slow
def test_kill_9_in_a_burst_loses_no_acknowledged_move_and_its_clients_go_on_elsewhere(
    tmp_path: Path, postgres_url: str
) -> None:
    rng = random.Random(21)
    with cluster(3, postgres_url, tmp_path) as c:
        n1, n2, n3 = c.nodes
        ann, bob, tid = two_players_on(n1, n2, "hercules", prefix="burst")
        spectator = n3.player("burst-watcher")
        by_seat = {ann.state(tid)["seat"]: ann, bob.state(tid)["seat"]: bob}
        assert sorted(by_seat) == [0, 1]
        # Each player's browser may reach any process: its cookies on each of them.
        clients = {node.name: {s: on(p, node) for s, p in by_seat.items()} for node in c.nodes}
        ws_ann = Watcher(ann, tid, "ann@node1")
        ws_bob = Watcher(bob, tid, "bob@node2")
        ws_watch = Watcher(spectator, tid, "watcher@node3")
        for ws in (ws_ann, ws_bob, ws_watch):
            ws.first_at_least(0, timeout=10)

        acknowledged: list[int] = []
        in_flight: dict[str, Any] = {}
        burst, kill_at = 16, 7
        targets = [n1, n2]
        for i in range(burst):
            alive = [n for n in targets if n.alive] or [n2, n3]
            node = alive[i % len(alive)]
            model = clients[n2.name][0].state(tid)
            if model["finished"]:
                break
            if model["to_move"] is None:
                time.sleep(0.05)
                continue
            player = clients[node.name][model["to_move"]]
            if i == kill_at:
                if node is not n1:  # make sure the move in flight goes to the process we kill
                    node, player = n1, clients[n1.name][model["to_move"]]

                mine = player.state(tid)
                action = rng.choice(mine["legal"])["action"]

                def send(player: Player = player, mine: dict[str, Any] = mine, action: Any = action) -> None:
                    try:
                        in_flight["answer"] = player.move(tid, mine["version"], action)
                    except httpx.HTTPError as exc:
                        in_flight["error"] = exc

                thread = threading.Thread(target=send)
                thread.start()
                # Somewhere in the request: before, during or after its commit (any outcome must hold up).
                delay = random.uniform(0.0, 0.02)
                time.sleep(delay)
                n1.kill9()
                thread.join(timeout=30)
                answer = in_flight.get("answer")
                if answer is not None and answer.status_code == 200:
                    acknowledged.append(answer.json()["version"])
                continue
            _mine, answer = play_one(player, tid, rng)
            assert answer.status_code == 200, answer.text
            acknowledged.append(answer.json()["version"])
        assert not n1.alive
        flight = in_flight.get("answer")
        outcome = flight.status_code if flight is not None else in_flight.get("error")
        print(
            f"\nburst: {len(acknowledged)} acknowledged; node1 killed {delay * 1000:.1f} ms into the move in "
            f"flight, which got {outcome!r}"
        )
        rows = assert_history_intact(postgres_url, tid, acknowledged)
        truth = rows[-1][1]

        # The page of the dead process sees its socket drop; it reconnects to another one and resyncs.
        ws_ann.wait_closed(timeout=10)
        seen = max(ws_ann.versions)
        ws_ann2 = Watcher(clients[n2.name][by_seat_of(by_seat, ann)], tid, "ann@node2")
        ws_ann2.send({"type": "sync", "version": seen})
        _t, current = ws_ann2.first_at_least(truth, timeout=PUSH_SECONDS * 3)
        assert current["version"] == truth and current["seat"] == by_seat_of(by_seat, ann)
        for ws in (ws_bob, ws_watch):  # the sockets of the living processes stayed open and caught up
            ws.first_at_least(truth, timeout=PUSH_SECONDS * 3)
            assert not ws.done

        # A few more moves, round-robin over the survivors: every remaining socket sees every one.
        latencies: list[float] = []
        for i in range(8):
            node = (n2, n3)[i % 2]
            model = clients[n2.name][0].state(tid)
            if model["finished"]:
                break
            _mine, answer = play_one(clients[node.name][model["to_move"]], tid, rng)
            assert answer.status_code == 200, answer.text
            answered = time.monotonic()
            version = answer.json()["version"]
            acknowledged.append(version)
            for ws in (ws_ann2, ws_bob, ws_watch):
                arrived, message = ws.first_at_least(version, timeout=PUSH_SECONDS * 3)
                assert message["version"] == version
                latencies.append(arrived - answered)
        assert max(latencies) < PUSH_SECONDS, latencies
        assert_history_intact(postgres_url, tid, acknowledged)
        assert ws_ann2.last["seat"] == by_seat_of(by_seat, ann)
        assert ws_bob.last["seat"] == by_seat_of(by_seat, bob) and ws_watch.last["seat"] is None
        print(f"after the kill: {len(latencies)} pushes, max {max(latencies) * 1000:.0f} ms")
        for ws in (ws_ann, ws_ann2, ws_bob, ws_watch):
            ws.close()
        c.assert_no_tracebacks()


def by_seat_of(by_seat: dict[int, Player], player: Player) -> int:
    return next(seat for seat, p in by_seat.items() if p is player)


def bot_is_to_move(model: dict[str, Any], bot_seat: int) -> bool:
    return not model["finished"] and model["to_move"] == bot_seat


@pytest.mark.slow
def test_a_bot_thinking_on_a_killed_process_is_taken_over_and_moves_once(
    tmp_path: Path, postgres_url: str
) -> None:
    rng = random.Random(7)
    with cluster(3, postgres_url, tmp_path) as c:
        n1, n2, n3 = c.nodes
        person = n1.player("solo")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "hard"}]  # hard: ISMCTS, 1 s a move
        tid = person.create(game="hercules", players=2, seats=seats)["id"]
        person.ok(person.post(f"/api/tables/{tid}/start"))
        there = {node.name: on(person, node) for node in c.nodes}
        ws2 = Watcher(there[n2.name], tid, "solo@node2")
        ws3 = Watcher(there[n3.name], tid, "solo@node3")
        human, bot = 0, 1
        killed: Node | None = None
        # Play the person's turns on node1 until a move hands the turn to the bot; then kill whoever thinks.
        for _ in range(200):
            model = person.state(tid)
            assert not model["finished"], "the game ended before a bot turn came"
            if model["to_move"] != human:
                time.sleep(0.05)
                continue
            _mine, answer = play_one(person, tid, rng)
            assert answer.status_code == 200, answer.text
            after = answer.json()["version"]
            if not bot_is_to_move(there[n2.name].state(tid), bot):
                continue
            holder = None
            deadline = time.monotonic() + 2
            while holder is None and time.monotonic() < deadline:
                holder = lease_holder(postgres_url, f"bot:{tid}", c.nodes)
                if holder is None:
                    time.sleep(0.01)
            if holder is None:  # the bot already moved (it thinks 1 s: this should not happen)
                continue
            rows_before = action_rows(postgres_url, tid)
            holder.kill9()
            killed_at = time.monotonic()
            killed = holder
            break
        assert killed is not None, "no bot turn was ever caught thinking"
        print(f"\nkilled {killed.name}, which held the bot's lease, at version {after}")
        # The bot was stopped mid-thought: nothing of it was stored (it thinks for a second).
        assert action_rows(postgres_url, tid) == rows_before
        survivors = [n for n in c.nodes if n.alive]
        watching = [ws for ws, node in ((ws2, n2), (ws3, n3)) if node.alive]
        _t, moved = watching[0].first_at_least(after + 1, timeout=TAKE_OVER_SECONDS)
        took = time.monotonic() - killed_at
        assert moved["version"] > after and moved["seat"] == human
        for ws in watching[1:]:  # every person's socket on a survivor sees it too
            ws.first_at_least(after + 1, timeout=PUSH_SECONDS * 3)
        print(f"the bot's move after the kill took {took:.1f} s (bound {TAKE_OVER_SECONDS} s)")
        rows = action_rows(postgres_url, tid)
        new = [r for r in rows if r[0] >= len(rows_before)]
        assert new and new[0][2] == bot and new[0][3] == "bot", new
        steps = [r[0] for r in rows]
        assert steps == list(range(len(rows))), "a step was stored twice or skipped"
        # Nobody else thinks for that bot any more: the new lease holder (if still thinking) is a survivor.
        holder = lease_holder(postgres_url, f"bot:{tid}", c.nodes)
        assert holder is None or holder in survivors
        # And the game goes on with the survivors: a few more turns of each, every bot step stored once.
        played = 0
        deadline = time.monotonic() + 60
        while played < 3 and time.monotonic() < deadline:
            model = there[survivors[0].name].state(tid)
            if model["finished"]:
                break
            if model["to_move"] != human:
                time.sleep(0.05)
                continue
            _mine, answer = play_one(there[survivors[played % 2].name], tid, rng)
            assert answer.status_code == 200, answer.text
            played += 1
        rows = action_rows(postgres_url, tid)
        assert [r[0] for r in rows] == list(range(len(rows)))
        assert table_version(postgres_url, tid) == rows[-1][1]
        for ws in (ws2, ws3):
            ws.close()
        c.assert_no_tracebacks()
