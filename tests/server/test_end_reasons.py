"""Why a game ended, said the same way everywhere a result is shown: the table model (winner line and score
table), the ``table`` JSON (lobby cards), the replay's last step; and the timeout bot's moves marked in the
log (web/results.py, docs/WEB.md "End reasons")."""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import FakeClock, LiveServer
from tests.server.helpers import play_out, two_player_table

MARK = " (played by the timeout bot)"


def _check(server: LiveServer) -> int:
    return server.call(server.services.master.check_deadlines())


def test_a_forfeit_on_time_says_who_lost_on_time_everywhere(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    late = one.state(tid)["to_move"]
    loser, winner = ("p-one", "p-two") if late == 0 else ("p-two", "p-one")
    clock.advance(3601)
    assert _check(server) == 1
    for player in (one, two):
        model = player.state(tid)
        # The model: finished, the scores at the time, why it ended; never a bare "wins" without a reason.
        assert model["finished"] and model["scores"] is not None and model["places"][late] == 2
        assert model["end_reason"] == f"{loser} lost on time"
        assert model["end_text"] == f"{loser} lost on time; {winner} wins."
        assert model["forfeit"] == late
        table = model["table"]
        assert table["end_text"] == f"{loser} lost on time; {winner} wins."
        assert table["result"]["reason"] == "timeout" and table["result"]["end_text"] == table["end_text"]
    # The lobby's lists carry the same words (the cards show them).
    listed = one.ok(one.get("/api/tables", params={"status": "finished"}))["tables"]
    assert [t["end_text"] for t in listed if t["id"] == tid] == [f"{loser} lost on time; {winner} wins."]
    # The replay's last step shows the result as the table did; the record says the forfeit.
    replay = one.ok(one.get(f"/api/replays/{tid}"))
    assert replay["finished"] and replay["end_text"] == f"{loser} lost on time; {winner} wins."
    assert replay["replay"]["end_text"] == replay["end_text"] and replay["forfeit"] == late
    assert replay["places"] == model["places"]
    record = one.ok(one.get(f"/api/tables/{tid}/record"))
    assert record["result"]["forfeit"] == late and record["result"]["reason"] == "timeout"


def test_a_resignation_says_who_resigned(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    table = two.ok(two.post(f"/api/tables/{tid}/leave"))["table"]
    assert table["end_text"] == "p-two resigned; p-one wins."
    model = one.state(tid)
    assert model["end_reason"] == "p-two resigned" and model["end_text"] == "p-two resigned; p-one wins."
    assert model["breakdown"] is not None and model["forfeit"] == 1
    listed = one.ok(one.get("/api/tables", params={"status": "finished"}))["tables"]
    assert next(t for t in listed if t["id"] == tid)["end_text"] == "p-two resigned; p-one wins."
    # Restarted (the table rebuilt from the database), it still says so.
    server.services.master.forget(tid)
    assert one.state(tid)["end_text"] == "p-two resigned; p-one wins."
    # Its record, uploaded, replays to the same words (the record's result says the forfeit).
    record = one.ok(one.get(f"/api/tables/{tid}/record"))
    uploaded = one.ok(one.post("/api/replays", record), 201)["id"]
    replay = one.ok(one.get(f"/api/replays/{uploaded}"))
    assert replay["replay"]["result"]["forfeit_claimed"] is True
    assert replay["end_text"] == replay["replay"]["end_text"] == "p-two resigned; p-one wins."


def test_a_normal_end_shows_the_winner_line(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    table = host.create(game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    tid = table["id"]
    host.ok(host.post(f"/api/tables/{tid}/start"))
    final = play_out({0: host}, tid, seed=8)
    names = final["names"]
    winners = [names[i] for i, place in enumerate(final["places"]) if place == 1]
    expected = f"{winners[0]} wins." if len(winners) == 1 else f"{' and '.join(winners)} share first place."
    assert final["end_reason"] is None and final["end_text"] == expected
    assert final["table"]["end_text"] == expected and "forfeit" not in final
    assert host.ok(host.get(f"/api/replays/{tid}"))["end_text"] == expected


def test_the_stall_rule_end_is_named(make_server: Any, database_url: str) -> None:
    """Two medium bots at Hellas (Delonge) with ``stall`` 1 end by the stall rule within a few dozen turns
    (the backstop: 10 turns with no new record of cities). A table may rarely end by the printed rules; the
    next one is tried then."""
    server: LiveServer = make_server(database_url, allow_tables_without_creator=True)
    host = server.player("organiser")
    for _attempt in range(5):
        bots = [{"kind": "bot", "level": "medium"}, {"kind": "bot", "level": "medium"}]
        table = host.create(game="hellas_delonge", players=2, seats=bots, options={"stall": 1})
        tid = table["id"]
        host.ok(host.post(f"/api/tables/{tid}/start"))
        end = time.monotonic() + 60
        model = host.state(tid)
        while not model["finished"]:
            assert time.monotonic() < end, "the bots did not finish"
            time.sleep(0.05)
            model = host.state(tid)
        if model["end_reason"]:
            break
    else:
        raise AssertionError("no game ended by the stall rule")
    assert model["end_reason"].startswith("ended by the stall rule after ")
    assert model["end_text"].endswith(f" The game {model['end_reason']}.")
    info = host.ok(host.get(f"/api/tables/{tid}"))["table"]
    assert info["end_text"] == model["end_text"] and info["result"]["end_reason"] == model["end_reason"]
    # Two seats of one bot level are one player: nobody to rate against.
    assert info["result"]["rated"] is False
    assert info["result"]["not_rated"] == "not rated: fewer than two players to rate"
    listed = host.ok(host.get("/api/tables", params={"status": "finished"}))["tables"]
    assert next(t for t in listed if t["id"] == tid)["end_text"] == model["end_text"]
    assert host.ok(host.get(f"/api/replays/{tid}"))["end_text"] == model["end_text"]


def test_moves_the_timeout_bot_made_are_marked_in_the_log(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=2, on_timeout="bot")
    before = one.state(tid)
    late = before["to_move"]
    assert not any(line["text"].endswith(MARK) for line in before["log"])
    clock.advance(2 * 3600 + 1)
    assert _check(server) == 1
    for player in (one, two):
        log = player.state(tid)["log"]
        marked = [line for line in log if line.get("by") == "timeout"]
        assert marked, "the late seat's lines say the timeout bot played them"
        assert all(line["text"].endswith(MARK) and line["step"] >= before["version"] for line in marked)
        assert all(line["actor"] in (late, None) for line in marked)
        unmarked = [line for line in log if line["step"] < before["version"]]
        assert all("by" not in line and not line["text"].endswith(MARK) for line in unmarked)
    # Rebuilt from the database (the action rows say who moved), the marks stay.
    expected = [line for line in one.state(tid)["log"] if line.get("by") == "timeout"]
    server.services.master.forget(tid)
    assert [line for line in one.state(tid)["log"] if line.get("by") == "timeout"] == expected
    # And the replay of the finished table marks them too.
    two.ok(two.post(f"/api/tables/{tid}/leave"))
    replay = one.ok(one.get(f"/api/replays/{tid}"))
    assert [line for line in replay["log"] if line.get("by") == "timeout"] == expected
