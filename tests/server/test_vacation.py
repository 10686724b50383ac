"""Vacations (server/round/vacations.py): at most so many days a calendar year; while one runs the person's
turn deadlines wait, and a deadline that fell inside it moves to its end plus the time that was left; seats
show ``on_vacation_until``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hellenika.server.tables.info import iso
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import two_player_table

DAY = 86_400.0
HOUR = 3600.0


def _check(server: LiveServer) -> int:
    return server.call(server.services.master.check_deadlines())


def _delete(player: Player, csrf: bool = True) -> Any:
    headers = {"X-CSRF-Token": player.csrf} if csrf else {}
    return player.http.delete("/api/me/vacation", headers=headers)


def _seat(table: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in table["seats"] if s["name"] == name)


def test_days_per_year_are_counted_and_refused_beyond(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    ann = server.player("ann")
    idle = ann.ok(ann.get("/api/me/vacation"))
    assert idle == {"vacation": None, "days_per_year": 20, "days_used": 0, "days_left": 20}
    started = ann.ok(ann.post("/api/me/vacation", {"days": 5}))
    assert started["vacation"] == {"starts_at": iso(clock.now), "ends_at": iso(clock.now + 5 * DAY)}
    assert started["days_used"] == 5 and started["days_left"] == 15
    again = ann.post("/api/me/vacation", {"days": 1})
    assert again.status_code == 409 and "already on vacation until" in again.json()["detail"]
    # Ended early after a day and an hour: two days count (whole days, rounded up).
    clock.advance(DAY + HOUR)
    ended = ann.ok(_delete(ann))
    assert ended["vacation"] is None and ended["days_used"] == 2 and ended["days_left"] == 18
    assert _delete(ann).status_code == 409
    too_many = ann.post("/api/me/vacation", {"days": 19})
    assert too_many.status_code == 422
    assert too_many.json()["detail"] == "you have 18 vacation days left this year (20 a year); asked for 19"
    ann.ok(ann.post("/api/me/vacation", {"days": 18}))
    clock.advance(18 * DAY)
    assert ann.ok(ann.get("/api/me/vacation"))["days_left"] == 0
    assert ann.post("/api/me/vacation", {"days": 1}).status_code == 422
    # A new calendar year (UTC) gives the days again.
    year = dt.datetime.fromtimestamp(clock.now, dt.UTC).year
    clock.now = dt.datetime(year + 1, 1, 1, 0, 0, 1, tzinfo=dt.UTC).timestamp()
    ann.ok(ann.post("/api/auth/login", {"name": "ann", "password": "correct horse"}))  # sessions last 30 days
    assert ann.ok(ann.get("/api/me/vacation"))["days_left"] == 20


def test_bad_requests_are_4xx(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url, vacation_days_per_year=3)
    bob = server.player("bob")
    for body in ({"days": 0}, {"days": "3"}, {"days": 2.5}, {}, {"days": 3, "extra": 1}, {"days": 10**9}):
        answer = bob.post("/api/me/vacation", body)
        assert answer.status_code == 422 and isinstance(answer.json()["detail"], str), body
    refused = bob.post("/api/me/vacation", {"days": 4})
    assert refused.json()["detail"] == "you have 3 vacation days left this year (3 a year); asked for 4"
    assert bob.post("/api/me/vacation", {"days": 1}, csrf=False).status_code == 403
    assert _delete(bob, csrf=False).status_code == 403
    visitor = server.player()
    assert visitor.get("/api/me/vacation").status_code == 401
    assert visitor.post("/api/me/vacation", {"days": 1}).status_code == 401


def test_deadlines_wait_for_a_vacation_and_move_on_after_it(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=2, on_timeout="forfeit")
    model = one.state(tid)
    late_seat = model["to_move"]
    late, other = (one, two) if late_seat == 0 else (two, one)
    late_name = model["names"][late_seat]
    turn_started = clock.now
    clock.advance(HOUR)  # an hour of the two used, then the vacation starts
    late.ok(late.post("/api/me/vacation", {"days": 1}))
    vacation_end = clock.now + DAY
    # Seats show it, on the table and in the lobby's lists (the cards), to everyone.
    table = other.ok(other.get(f"/api/tables/{tid}"))["table"]
    assert _seat(table, late_name)["on_vacation_until"] == iso(vacation_end)
    assert _seat(table, other.user["name"])["on_vacation_until"] is None  # type: ignore[index]
    assert _seat(other.state(tid)["table"], late_name)["on_vacation_until"] == iso(vacation_end)
    listed = other.ok(other.get("/api/tables", params={"status": "playing"}))["tables"]
    assert _seat(next(t for t in listed if t["id"] == tid), late_name)["on_vacation_until"] == iso(
        vacation_end
    )
    # The deadline passes during the vacation: nothing happens.
    clock.advance(12 * HOUR)
    assert _check(server) == 0
    assert other.state(tid)["table"]["status"] == "playing"
    # The vacation is over: the deadline moves to its end plus the hour that was left.
    clock.now = vacation_end + 60
    assert _check(server) == 0
    table = other.state(tid)["table"]
    assert table["status"] == "playing"
    assert table["turn_deadline"] == iso(vacation_end + (turn_started + 2 * HOUR - (vacation_end - DAY)))
    assert table["turn_deadline"] == iso(vacation_end + HOUR)
    assert _seat(table, late_name)["on_vacation_until"] is None
    # After that hour the late player loses on time as usual.
    clock.now = vacation_end + HOUR + 1
    assert _check(server) == 1
    final = other.state(tid)
    assert final["finished"] and final["end_text"].startswith(f"{late_name} lost on time")


def test_a_vacation_ended_early_or_started_late_does_not_save_a_deadline(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=2, on_timeout="forfeit")
    late = one if one.state(tid)["to_move"] == 0 else two
    # A vacation taken and ended before the deadline leaves it as it is.
    late.ok(late.post("/api/me/vacation", {"days": 3}))
    clock.advance(HOUR)
    late.ok(_delete(late))
    assert _seat(late.state(tid)["table"], late.user["name"])["on_vacation_until"] is None  # type: ignore[index]
    clock.advance(HOUR + 1)
    assert _check(server) == 1
    assert late.state(tid)["finished"]
    # Already late when the vacation starts: the deadline fell before it, so it does not wait.
    one2, two2, tid2 = two_player_table(server, prefix="q", mode="turn-based", deadline_hours=1)
    late2 = one2 if one2.state(tid2)["to_move"] == 0 else two2
    clock.advance(HOUR + 1)
    late2.ok(late2.post("/api/me/vacation", {"days": 1}))
    assert _check(server) == 1  # the timeout bot plays for the late seat
    assert any(line.get("by") == "timeout" for line in late2.state(tid2)["log"])


def test_a_vacation_shows_on_a_table_loaded_after_it_began(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=2)
    two.ok(two.post("/api/me/vacation", {"days": 2}))
    until = iso(clock.now + 2 * DAY)
    server.services.master.forget(tid)  # rebuilt from the database
    assert _seat(one.state(tid)["table"], "p-two")["on_vacation_until"] == until
    # The vacation runs out by the clock: the next deadline check takes it off the seats.
    clock.advance(2 * DAY + 1)
    _check(server)
    assert _seat(one.state(tid)["table"], "p-two")["on_vacation_until"] is None
    assert _seat(one.ok(one.get(f"/api/tables/{tid}"))["table"], "p-two")["on_vacation_until"] is None
