"""Two submissions of the same move at the same moment: exactly one is applied, the other is told the table
moved on, and the database holds one action row for that step (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from typing import Any

import httpx
from sqlalchemy import func, select

from hellenika.server.store.models import ActionRow
from tests.server.harness import LiveServer, Player
from tests.server.helpers import two_player_table


def race(mover: Player, table_id: str, version: int, action: Any) -> list[httpx.Response]:
    """Send the same move twice, released together by a barrier."""
    barrier = threading.Barrier(2)
    answers: list[httpx.Response] = []

    def submit() -> None:
        barrier.wait()
        answers.append(mover.move(table_id, version, action))

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_the_same_move_twice_at_once_is_applied_once(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    for _round in range(3):
        model = one.state(tid)
        mover = one if model["to_move"] == 0 else two
        mine = mover.state(tid)
        steps_before = server.services.master.live[tid].state.version
        answers = race(mover, tid, mine["version"], mine["legal"][0]["action"])
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        with server.services.store.session() as session:
            query = select(func.count()).where(ActionRow.table_id == tid, ActionRow.step == steps_before)
            assert session.scalar(query) == 1
        applied = next(a for a in answers if a.status_code == 200).json()["version"]
        assert one.state(tid)["version"] == applied


def test_the_database_guard_stops_a_second_server(make_server: Any, database_url: str) -> None:
    """Two servers on one database (each with its own cache and locks): the move both accept in memory is
    stored once; the loser answers 409, drops its stale copy and reloads the winner's game."""
    first: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(first)
    second: LiveServer = make_server(database_url)
    model = one.state(tid)
    seat = model["to_move"]
    name = "p-one" if seat == 0 else "p-two"
    here = one if seat == 0 else two
    there = second.player()
    there.ok(there.post("/api/auth/login", {"name": name, "password": "correct horse"}))
    mine = here.state(tid)
    assert there.state(tid)["version"] == mine["version"]  # both servers now hold the table in memory
    action = mine["legal"][0]["action"]
    assert here.move(tid, mine["version"], action).status_code == 200
    late = there.move(tid, mine["version"], action)
    assert late.status_code == 409 and "changed meanwhile" in late.json()["detail"]
    with first.services.store.session() as session:
        steps = first.services.master.live[tid].state.version
        assert session.scalar(select(func.count()).where(ActionRow.table_id == tid)) == steps
    assert there.state(tid)["version"] == here.state(tid)["version"], "the second server reloaded"
