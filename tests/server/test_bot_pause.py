"""Bots pause between their decisions at a live table where a person sits (``Settings.bot_pause_seconds``), so
the person can follow them one move at a time: each decision is its own commit and its own push.

Measured through the pushes a person's WebSocket receives: with a pause of 0.6 s, consecutive bot decisions
arrive about 0.6 s apart (the median) and never below 0.4 s: lower bounds the pause itself produces, whatever
the machine's speed (less only the uneven delivery of two pushes on a loaded machine). With 0, or at a
turn-based table, the bots do not wait: the gaps stay far below the pause, a bound only a real wait breaks.
"""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import LiveServer, Player, receive

PAUSE = 0.6
BOT_DECISIONS = 6  # consecutive bot pushes measured per table


def _bot_table(server: LiveServer, name: str, mode: str) -> tuple[Player, str]:
    """A Hercules table of one person and one bot; the person is seated, nothing started yet."""
    person = server.player(name)
    created = person.create(
        game="hercules", players=2, mode=mode, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    )
    return person, str(created["id"])


def _arrivals(person: Player, table_id: str, wanted: int) -> list[tuple[float, dict[str, Any]]]:
    """Start the table and play the person's turns (first choice) while recording when each push of a
    state arrives, until ``wanted`` consecutive-bot gaps were seen or the game ended."""
    stamps: list[tuple[float, dict[str, Any]]] = []
    with person.socket(table_id) as ws:
        person.ok(person.post(f"/api/tables/{table_id}/start"))
        end = time.monotonic() + 120
        while time.monotonic() < end:
            message = receive(ws, timeout=30)
            if message.get("type") != "state":
                continue
            stamps.append((time.monotonic(), message))
            if len(_bot_gaps(stamps)) >= wanted or message["finished"]:
                break
            if message["to_move"] == message["seat"] and message["legal"]:
                person.ok(person.move(table_id, message["version"], message["legal"][0]["action"]))
    return stamps


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = receive(ws)
        if message.get("type") == "state":
            return message


def _bot_gaps(stamps: list[tuple[float, dict[str, Any]]]) -> list[float]:
    """Seconds between two consecutive bot decisions' pushes: both pushes follow one that showed the bot to
    move, so each is a bot's commit and no person's move (nor the start's push) lies between them."""
    pushes = []  # a resync resending a version already seen is left out
    for t, m in stamps:
        if not pushes or m["version"] > pushes[-1][1]["version"]:
            pushes.append((t, m))
    gaps = []
    for (_, before), (t0, m0), (t1, _m1) in zip(pushes, pushes[1:], pushes[2:], strict=False):
        bot = 1 - m0["seat"]
        if before["to_move"] == bot and m0["to_move"] == bot and not m0["finished"]:
            gaps.append(t1 - t0)
    return gaps


def test_bot_decisions_arrive_one_at_a_time_with_the_pause(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, bot_pause_seconds=PAUSE)
    person, table_id = _bot_table(server, "follower", "live")
    stamps = _arrivals(person, table_id, BOT_DECISIONS)
    gaps = _bot_gaps(stamps)
    assert len(gaps) >= BOT_DECISIONS, gaps
    # Each gap is the pause at least, less how much later the first push of the two reached the socket than
    # the second (a loaded machine delays deliveries unevenly): never far below the pause, mostly above it.
    assert min(gaps) >= PAUSE - 0.2, gaps
    assert sorted(gaps)[len(gaps) // 2] >= PAUSE - 0.05, gaps


def test_without_a_pause_bots_do_not_wait(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, bot_pause_seconds=0)
    person, table_id = _bot_table(server, "hurried", "live")
    gaps = _bot_gaps(_arrivals(person, table_id, BOT_DECISIONS))
    assert len(gaps) >= BOT_DECISIONS, gaps
    # Easy bots choose in milliseconds: with no pause most consecutive decisions come well inside one.
    assert sorted(gaps)[len(gaps) // 2] < PAUSE / 2, gaps


def test_turn_based_tables_never_pause(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, bot_pause_seconds=5.0)
    person, table_id = _bot_table(server, "patient", "turn-based")
    gaps = _bot_gaps(_arrivals(person, table_id, BOT_DECISIONS))
    assert len(gaps) >= BOT_DECISIONS, gaps
    assert max(gaps) < 5.0, gaps


def test_the_pause_holds_no_lock_other_tables_go_on(make_server: Any, sqlite_url: str) -> None:
    """While one table's bot waits out a long pause, another table's person reads and moves at once."""
    server = make_server(sqlite_url, bot_pause_seconds=30.0)
    waiting, slow_table = _bot_table(server, "slowbot", "live")
    with waiting.socket(slow_table) as ws:
        waiting.ok(waiting.post(f"/api/tables/{slow_table}/start"))
        first = _state(ws)
        # Play until the bot is to move: its decision now waits 30 s.
        while first["to_move"] == first["seat"]:
            waiting.ok(waiting.move(slow_table, first["version"], first["legal"][0]["action"]))
            first = _state(ws)
        assert first["to_move"] == 1
        started = time.monotonic()
        # The same table answers reads at once (the pause holds no lock), and so does another table.
        assert waiting.state(slow_table)["version"] == first["version"]
        other = server.player("elsewhere")
        table = other.create(game="hercules", players=2, mode="turn-based",
                             seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])  # fmt: skip
        other.ok(other.post(f"/api/tables/{table['id']}/start"))
        model = other.state(table["id"])
        for _ in range(3):
            while model["to_move"] != model["seat"] and not model["finished"]:
                time.sleep(0.02)
                model = other.state(table["id"])
            other.ok(other.move(table["id"], model["version"], model["legal"][0]["action"]))
            model = other.state(table["id"])
        assert time.monotonic() - started < 30.0
        assert waiting.state(slow_table)["version"] == first["version"]  # still waiting out its pause
