"""Turn-based deadlines with an injected clock: on timeout a medium bot plays the late seat's turn, or the
late player forfeits (placed last; the others by the game's ranking; ratings updated)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import FakeClock, LiveServer
from tests.server.helpers import two_player_table


def test_a_bot_moves_for_a_late_player(server: LiveServer, clock: FakeClock) -> None:
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=2, on_timeout="bot")
    model = one.state(tid)
    table = model["table"]
    late = model["to_move"]
    assert table["turn_deadline"] is not None and table["on_timeout"] == "bot"
    assert server.call(server.services.master.check_deadlines()) == 0, "nothing is late yet"
    clock.advance(2 * 3600 + 1)
    assert server.call(server.services.master.check_deadlines()) == 1
    after = one.state(tid)
    assert after["version"] > model["version"]
    assert after["to_move"] != late or after["finished"]
    assert after["table"]["turn_deadline"] is not None and after["table"]["status"] == "playing"
    # The bot's move is marked as such: the late player cannot undo it.
    player = one if after["to_move"] == 0 else two
    if after["to_move"] == late:
        refused = player.post(f"/api/tables/{tid}/undo", {"version": after["version"]})
        assert refused.status_code == 422


def test_a_late_player_forfeits(server: LiveServer, clock: FakeClock) -> None:
    one, _two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    late = one.state(tid)["to_move"]
    clock.advance(3599)
    assert server.call(server.services.master.check_deadlines()) == 0
    clock.advance(2)
    assert server.call(server.services.master.check_deadlines()) == 1
    final = one.state(tid)
    assert final["finished"] and final["legal"] == [] and final["to_move"] is None
    table = final["table"]
    assert table["status"] == "finished" and table["result"]["forfeit"] == late
    assert table["result"]["places"][late] == 2 and table["result"]["places"][1 - late] == 1
    assert one.move(tid, final["version"], "rest").status_code == 409
    # Lost on time before anyone made 3 moves: not rated (tests/server/test_rating_rules.py has the rest).
    assert one.ok(one.get("/api/leaderboard/hercules"))["ratings"] == []
    assert table["result"]["rated"] is False
    assert table["result"]["not_rated"] == "not rated: lost on time before each player made 3 moves"
    record = one.ok(one.get(f"/api/tables/{tid}/record"))
    assert record["result"]["forfeit"] == late


def test_leaving_a_running_game_resigns(server: LiveServer) -> None:
    one, two, tid = two_player_table(server)
    table = two.ok(two.post(f"/api/tables/{tid}/leave"))["table"]
    assert table["status"] == "finished"
    assert table["result"]["forfeit"] == 1 and table["result"]["reason"] == "resigned"
    assert one.post(f"/api/tables/{tid}/leave").status_code == 409


def test_the_watcher_runs_in_the_background(make_server: Any, sqlite_url: str, clock: FakeClock) -> None:
    server: LiveServer = make_server(sqlite_url, deadline_poll_seconds=0.05)
    one, _two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    clock.advance(3601)
    for _ in range(200):
        if one.state(tid)["finished"]:
            break
        time.sleep(0.05)
    assert one.state(tid)["table"]["result"]["reason"] == "timeout"
