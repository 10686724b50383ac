"""Clocks at real tables with an injected clock (server/round/endings.py, clocks.py): the timeout bot plays
exactly the late seat's turn (once it played the next one too), a live clock charges each seat from the
receipt of the previous move to the receipt of its own and adds the increment per turn, a live timeout asks
the other player, the third timeout forfeits, both players voting to abandon ends the game unrated, a rated
table always has a clock, vacations stop a turn-based clock, and records and replays keep each decision's
time."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from hellenika.server.store.models import ActionRow, ConductEvent
from tests.server.harness import FakeClock, LiveServer
from tests.server.helpers import play_out, two_player_table


def _conduct(server: LiveServer, table_id: str) -> list[tuple[int, str]]:
    def read(session: Any) -> list[tuple[int, str]]:
        rows = session.execute(
            select(ConductEvent.user_id, ConductEvent.kind)
            .where(ConductEvent.table_id == table_id)
            .order_by(ConductEvent.id)
        )
        return [(r.user_id, r.kind) for r in rows]

    return server.call(server.services.store.read(read))


def _by(server: LiveServer, table_id: str) -> list[tuple[int, str]]:
    def read(session: Any) -> list[tuple[int, str]]:
        rows = session.execute(
            select(ActionRow.seat, ActionRow.by)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.step)
        )
        return [(r.seat, r.by) for r in rows]

    return server.call(server.services.store.read(read))


def test_the_timeout_bot_plays_exactly_the_late_seats_turn(server: LiveServer, clock: FakeClock) -> None:
    """Hercules for two: whoever plays second in round 1 plays first in round 2, two turns in a row. Away for
    one deadline, that player loses one turn to the bot, not two (the bot once played both)."""
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=0.01, on_timeout="bot")
    players = {0: one, 1: two}
    model = one.state(tid)
    first = model["to_move"]
    late = 1 - first
    while (model := players[first].state(tid))["to_move"] == first:  # the first player's round-1 turn
        players[first].ok(players[first].move(tid, model["version"], model["legal"][0]["action"]))
    assert model["to_move"] == late and model["table"]["clock"]["running"] == late
    clock.advance(0.01 * 3600 + 1)
    assert server.call(server.services.master.check_deadlines()) == 1
    after = one.state(tid)
    rows = _by(server, tid)
    assert [seat for seat, by in rows if by == "timeout"], "the bot played for the late seat"
    assert all(seat == late for seat, by in rows if by == "timeout")
    # Round 2 begins with the late seat: its own turn now, its clock running with a fresh allowance.
    assert after["to_move"] == late, "the late seat's next turn is its own again"
    table = after["table"]
    assert table["clock"]["running"] == late and table["clock"]["timeouts"] == [
        1 if s == late else 0 for s in (0, 1)
    ]
    assert table["clock"]["remaining"][late] == 0.01 * 3600
    assert server.call(server.services.master.check_deadlines()) == 0, "nothing more is late"
    assert one.state(tid)["version"] == after["version"]
    late_user = players[late].get("/api/me").json()["user"]["id"]
    assert _conduct(server, tid) == [(late_user, "timeout")]


def test_a_live_clock_charges_receipt_to_receipt_and_adds_the_increment_per_turn(
    server: LiveServer, clock: FakeClock
) -> None:
    one, two, tid = two_player_table(
        server, game="hellas", time_control={"kind": "live", "minutes": 10, "increment": 7}
    )
    players = {0: one, 1: two}
    model = one.state(tid)
    table = model["table"]
    assert table["time_control"]["label"] == "10+7" and table["rated"] is True
    seat = model["to_move"]
    assert table["clock"]["remaining"] == [600.0, 600.0] and table["clock"]["running"] == seat
    clock.advance(30)
    assert one.state(tid)["table"]["clock"]["remaining"][seat] == 570.0, "shown as of the server's now"
    decisions = 0
    while (model := players[seat].state(tid))["to_move"] == seat and not model["finished"]:
        players[seat].ok(players[seat].move(tid, model["version"], model["legal"][0]["action"]))
        decisions += 1
        clock.advance(5)
    shown = one.state(tid)["table"]["clock"]
    # 30 s before the first decision, 5 s before each later one of the turn, then 7 s once for the turn.
    spent = 30 + 5 * (decisions - 1)
    assert shown["remaining"][seat] == 600 - spent + 7
    assert shown["running"] == 1 - seat and shown["remaining"][1 - seat] == 600 - 5
    times = [
        r
        for r in server.call(server.services.master.record(server.services.master.live[tid]))["clock"][
            "times"
        ]
        if r
    ]
    assert [t[0] for t in times] == [seat] * decisions
    assert times[0][1] == 30.0 and times[-1][2] == 600 - spent + 7


def test_a_live_timeout_asks_the_other_player_who_may_end_the_game(
    server: LiveServer, clock: FakeClock
) -> None:
    one, two, tid = two_player_table(server, time_control={"kind": "live", "minutes": 1, "increment": 0})
    players = {0: one, 1: two}
    late = one.state(tid)["to_move"]
    clock.advance(59)
    assert server.call(server.services.master.check_deadlines()) == 0
    clock.advance(2)
    assert server.call(server.services.master.check_deadlines()) == 1
    table = one.state(tid)["table"]
    assert table["clock"]["expired"] == late and table["clock"]["running"] is None
    refused = players[late].post(f"/api/tables/{tid}/timeout", {"decision": "bot"})
    assert refused.status_code == 403, refused.text
    ended = players[1 - late].ok(players[1 - late].post(f"/api/tables/{tid}/timeout", {"decision": "end"}))
    result = ended["table"]["result"]
    assert (
        ended["table"]["status"] == "finished" and result["forfeit"] == late and result["reason"] == "timeout"
    )
    assert result["places"][late] == 2 and "lost on time" in ended["table"]["end_text"]
    again = players[1 - late].post(f"/api/tables/{tid}/timeout", {"decision": "bot"})
    assert again.status_code == 409
    late_user = players[late].get("/api/me").json()["user"]["id"]
    assert _conduct(server, tid) == [(late_user, "timeout"), (late_user, "forfeit")]


def test_nobody_answering_lets_the_bot_play_and_the_late_player_may_still_move(
    make_server: Any, sqlite_url: str, clock: FakeClock
) -> None:
    server = make_server(sqlite_url, timeout_decision_seconds=30)
    one, _two, tid = two_player_table(server, time_control={"kind": "live", "minutes": 1, "increment": 5})
    late = one.state(tid)["to_move"]
    clock.advance(61)
    assert server.call(server.services.master.check_deadlines()) == 1
    assert one.state(tid)["table"]["turn_deadline"] is not None, "the others' time to decide"
    clock.advance(31)
    server.call(server.services.master.check_deadlines())
    after = one.state(tid)
    assert after["table"]["clock"]["expired"] is None
    assert any(by == "timeout" for _, by in _by(server, tid)), "the bot played the turn"
    assert after["table"]["clock"]["remaining"][late] == 5.0, "0 plus the turn's increment"

    # Another table: the late player comes back while the other decides, and moves: the question is over.
    three, four, other = two_player_table(server, prefix="q", time_control={"kind": "live", "minutes": 1})
    players = {0: three, 1: four}
    late = three.state(other)["to_move"]
    clock.advance(61)
    server.call(server.services.master.check_deadlines())
    assert three.state(other)["table"]["clock"]["expired"] == late
    model = players[late].state(other)
    players[late].ok(players[late].move(other, model["version"], model["legal"][0]["action"]))
    assert players[late].state(other)["table"]["clock"]["expired"] is None


def test_the_third_timeout_forfeits(server: LiveServer, clock: FakeClock) -> None:
    """Both players away: each deadline, the seat to move times out and the bot plays its turn, until a seat
    runs out a third time and forfeits."""
    one, _two, tid = two_player_table(server, game="hellas", mode="turn-based", deadline_hours=1)
    for sweeps in range(1, 10):
        late = one.state(tid)["to_move"]
        clock.advance(3601)
        assert server.call(server.services.master.check_deadlines()) == 1
        model = one.state(tid)
        timeouts = model["table"]["clock"]["timeouts"]
        if model["finished"]:
            break
        assert sum(timeouts) == sweeps
    result = model["table"]["result"]
    assert result["reason"] == "timeout" and result["forfeit"] == late
    assert timeouts[late] == 2, "two turns played by the bot, then the third timeout forfeits"


def test_both_players_voting_to_abandon_ends_the_game_unrated(server: LiveServer) -> None:
    one, two, tid = two_player_table(server, game="attika")
    voted = one.ok(one.post(f"/api/tables/{tid}/abandon", {"vote": True}))["table"]
    assert voted["abandon_votes"] == [0] and voted["status"] == "playing"
    model = one.state(tid)
    mover = one if model["to_move"] == 0 else two
    mover.ok(mover.move(tid, model["version"], mover.state(tid)["legal"][0]["action"]))
    assert one.state(tid)["table"]["abandon_votes"] == [], "a move takes the votes back"
    one.ok(one.post(f"/api/tables/{tid}/abandon", {"vote": True}))
    one.ok(one.post(f"/api/tables/{tid}/abandon", {"vote": False}))
    assert one.state(tid)["table"]["abandon_votes"] == []
    one.ok(one.post(f"/api/tables/{tid}/abandon", {"vote": True}))
    ended = two.ok(two.post(f"/api/tables/{tid}/abandon", {"vote": True}))["table"]
    assert ended["status"] == "finished" and ended["result"]["abandoned"] is True
    assert ended["result"]["rated"] is False and ended["result"]["places"] is None
    assert ended["end_text"] == "The players agreed to abandon the game; nobody wins."
    final = one.state(tid)
    assert final["finished"] and final["end_text"] == ended["end_text"]
    assert {kind for _, kind in _conduct(server, tid)} == {"abandoned"}
    assert two.post(f"/api/tables/{tid}/abandon", {"vote": True}).status_code == 409
    record = one.ok(one.get(f"/api/tables/{tid}/record"))
    assert record["clock"]["time_control"]["kind"] == "live"


def test_time_controls_as_asked_and_a_rated_table_always_has_a_clock(server: LiveServer) -> None:
    ann = server.player("ann")

    def make(**body: Any) -> Any:
        return ann.post("/api/tables", {"game": "hercules", "players": 2, **body})

    def control(**body: Any) -> dict[str, Any]:
        answer = ann.ok(make(**body), 201)["table"]
        return {"label": answer["time_control"]["label"], "hours": answer["deadline_hours"]}

    assert control() == {"label": "10+10", "hours": None}, "the game's normal live speed"
    assert control(rated=False) == {"label": "no clock", "hours": None}
    assert control(mode="turn-based") == {"label": "3 days a move", "hours": 72.0}
    assert control(mode="turn-based", deadline_hours=5) == {"label": "5 hours a move", "hours": 5.0}
    assert control(mode="turn-based", time_control={"kind": "bank", "moves_per_day": 2}) == {
        "label": "2 moves a day",
        "hours": 12.0,
    }
    assert control(time_control={"kind": "live", "minutes": 3, "increment": 2}) == {
        "label": "3+2",
        "hours": None,
    }
    for body, words in (
        ({"time_control": {"kind": "none"}}, "a rated table always has a clock"),
        ({"time_control": {"kind": "bank", "moves_per_day": 1}}, "turn-based"),
        ({"mode": "turn-based", "time_control": {"kind": "live", "minutes": 5}}, "live clock"),
        ({"time_control": {"kind": "live"}}, "needs minutes"),
        (
            {"mode": "turn-based", "deadline_hours": 3, "time_control": {"kind": "per-move", "hours": 3}},
            "either",
        ),
    ):
        refused = make(**body)
        assert refused.status_code == 422 and words in refused.json()["detail"], (body, refused.text)
    assert make(time_control={"kind": "live", "minutes": 0}).status_code == 422
    assert make(time_control={"kind": "sudden"}).status_code == 422


def test_a_vacation_stops_a_turn_based_clock(server: LiveServer, clock: FakeClock) -> None:
    one, two, tid = two_player_table(
        server, game="hellas", mode="turn-based", time_control={"kind": "bank", "moves_per_day": 1}
    )
    players = {0: one, 1: two}
    late = one.state(tid)["to_move"]
    bank = 3 * 86400.0
    clock.advance(86400)  # a day of the bank gone
    assert one.state(tid)["table"]["clock"]["remaining"][late] == bank - 86400
    players[late].ok(players[late].post("/api/me/vacation", {"days": 5}))
    clock.advance(3 * 86400)  # past the bank's end, inside the vacation
    assert server.call(server.services.master.check_deadlines()) == 0
    clock.advance(3 * 86400)  # the vacation is over: the two days that were left run again from its end
    assert server.call(server.services.master.check_deadlines()) == 0
    shown = one.state(tid)["table"]["clock"]["remaining"][late]
    assert abs(shown - (bank - 86400 - 86400)) < 1.0, shown


def test_records_and_replays_keep_each_decisions_time(server: LiveServer, clock: FakeClock) -> None:
    one, two, tid = two_player_table(server, game="hellas", time_control={"kind": "live", "minutes": 30})
    final = play_out({0: one, 1: two}, tid, seed=2)
    assert final["finished"]
    record = one.ok(one.get(f"/api/tables/{tid}/record"))
    times = record["clock"]["times"]
    assert len(times) == len(record["actions"])
    assert all(entry is None or len(entry) == 3 for entry in times)
    assert sum(1 for entry in times if entry) > 10
    replay_id = one.ok(one.post("/api/replays", record), 201)["id"]
    again = one.ok(one.get(f"/api/replays/{replay_id}/record"))
    assert again["clock"] == record["clock"], "an upload keeps the clock"
    step = next(i for i, entry in enumerate(times) if entry) + 1
    shown = one.ok(one.get(f"/api/replays/{tid}?step={step}"))["replay"]["clock"]
    seat = times[step - 1][0]
    assert shown["clock"]["remaining"][seat] == times[step - 1][2]
    assert shown["time_control"]["label"] == "30+0"
    bad = dict(record, clock={"time_control": {}, "times": [[0, "x", 1]]})
    assert one.post("/api/replays", bad).status_code == 422
