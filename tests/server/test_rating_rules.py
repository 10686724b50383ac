"""Which games change ratings (ratings.py): not an unrated table's, not a game resigned or lost on time before
every person made 3 decisions of their own (the timeout bot's moves for them do not count); the result says
whether it was rated and why not; the leaderboard's ``rating`` is the ordinal, never below 0."""

from __future__ import annotations

import random
from typing import Any

from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import two_player_table


def _decide(players: dict[int, Player], tid: str, each: int, seed: int = 1) -> dict[int, int]:
    """Random legal moves by whoever is to move until every seat made ``each`` decisions; answers the counts.

    A seat that already has ``each`` goes on moving when it is its turn (the other is waiting for it)."""
    rng = random.Random(seed)
    made = dict.fromkeys(players, 0)
    for _ in range(500):
        if min(made.values()) >= each:
            return made
        model = players[0].state(tid)
        assert not model["finished"], "the game ended before the moves were made"
        seat = model["to_move"]
        mine = players[seat].state(tid)
        choice = rng.choice(mine["legal"])
        players[seat].ok(players[seat].move(tid, mine["version"], choice["action"]))
        made[seat] += 1
    raise AssertionError("the moves were not made")


def _board(player: Player) -> list[dict[str, Any]]:
    ratings: list[dict[str, Any]] = player.ok(player.get("/api/leaderboard/hercules"))["ratings"]
    return ratings


def test_a_resignation_after_three_moves_each_is_rated(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    _decide({0: one, 1: two}, tid, 3)
    table = two.ok(two.post(f"/api/tables/{tid}/leave"))["table"]
    assert table["rated"] is True
    assert table["result"]["rated"] is True and table["result"]["not_rated"] is None
    board = {entry["name"]: entry for entry in _board(one)}
    assert board["p-one"]["wins"] == 1 and board["p-two"]["wins"] == 0
    for entry in board.values():
        # The shown rating is the ordinal, never below 0 (a new player's ordinal is about -25 + change).
        assert entry["rating"] == max(0.0, entry["ordinal"]) and entry["rating"] >= 0
    assert board["p-two"]["ordinal"] < 0 and board["p-two"]["rating"] == 0


def test_an_early_resignation_is_not_rated(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    made = _decide({0: one, 1: two}, tid, 2)
    assert min(made.values()) == 2  # someone has made only 2 decisions
    table = one.ok(one.post(f"/api/tables/{tid}/leave"))["table"]
    assert table["result"]["rated"] is False
    assert table["result"]["not_rated"] == "not rated: resigned before each player made 3 moves"
    assert _board(one) == []


def test_an_unrated_table_changes_no_rating(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, rated=False)
    assert one.ok(one.get(f"/api/tables/{tid}"))["table"]["rated"] is False
    _decide({0: one, 1: two}, tid, 3)
    table = two.ok(two.post(f"/api/tables/{tid}/leave"))["table"]
    assert table["rated"] is False and table["result"]["rated"] is False
    assert table["result"]["not_rated"] == "not rated: the table was created unrated"
    assert _board(one) == []


def test_rated_must_be_a_boolean(server: LiveServer) -> None:
    host = server.player("strict")
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]}
    for wrong in ("yes", 1, None):
        answer = host.post("/api/tables", {**body, "rated": wrong})
        assert answer.status_code == 422 and isinstance(answer.json()["detail"], str)
    assert host.create(**body)["rated"] is True


def test_the_timeout_bots_moves_do_not_count(make_server: Any, database_url: str, clock: FakeClock) -> None:
    """A person whose every turn the timeout bot played has made no decision: losing on time is unrated
    however long the game went; once each person made 3 of their own it is rated.

    The table's seed is random, so seat 1 may come to move more often than seat 0: the limit of timeouts
    before a forfeit is raised here so that a forfeit never ends the game before seat 0's third decision."""
    server: LiveServer = make_server(database_url, max_timeouts=100)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="bot")
    players = {0: one, 1: two}
    rng = random.Random(3)
    own = 0
    while own < 3:  # seat 0 decides; seat 1's turns time out and the bot plays them
        model = one.state(tid)
        if model["to_move"] == 0:
            choice = rng.choice(model["legal"])
            one.ok(one.move(tid, model["version"], choice["action"]))
            own += 1
        else:
            clock.advance(3601)
            assert server.call(server.services.master.check_deadlines()) == 1
    assert not one.state(tid)["finished"]
    table = players[1].ok(players[1].post(f"/api/tables/{tid}/leave"))["table"]
    assert table["result"]["rated"] is False
    assert table["result"]["not_rated"] == "not rated: resigned before each player made 3 moves"
    assert _board(one) == []


def test_losing_on_time_after_three_moves_each_is_rated(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    _decide({0: one, 1: two}, tid, 3)
    late = one.state(tid)["to_move"]
    clock.advance(3601)
    assert server.call(server.services.master.check_deadlines()) == 1
    result = one.ok(one.get(f"/api/tables/{tid}"))["table"]["result"]
    assert result["forfeit"] == late and result["rated"] is True
    assert {entry["name"] for entry in _board(one)} == {"p-one", "p-two"}
