"""The games list (issue 20): "My games" ordered by urgency with the deadline and the last activity, finished
games paged in their own list, and "the next game waiting for me" (``GET /api/me/next``); on SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import wait_turn


def _at(text: str | None) -> float | None:
    return None if text is None else dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def _against_bot(player: Player, **table: Any) -> str:
    """A started hercules table of ``player`` against an easy bot, once it is the player's turn."""
    created = player.create(
        game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}], **table
    )
    player.ok(player.post(f"/api/tables/{created['id']}/start"))
    model = wait_turn(player, created["id"])
    assert not model["finished"] and model["to_move"] == 0
    return str(created["id"])


def _ids(tables: list[dict[str, Any]]) -> list[str]:
    return [t["id"] for t in tables]


def test_my_games_order_deadlines_last_activity_and_the_next_game(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    ann = server.player("ann")
    bob = server.player("bob")
    cat = server.player("cat")
    t0 = clock.now
    # Waiting for ann's move: deadlines of 48 h and 2 h, and two without a deadline (unrated tables without
    # a clock), the first waiting longer.
    long_deadline = _against_bot(ann, mode="turn-based", deadline_hours=48)
    short_deadline = _against_bot(ann, mode="turn-based", deadline_hours=2)
    clock.advance(60)
    no_deadline_older = _against_bot(ann, rated=False)
    clock.advance(60)
    no_deadline_newer = _against_bot(ann, rated=False)
    # Waiting for bob's move (ann plays her decisions until it is his turn).
    theirs = ann.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "bob"}])
    bob.ok(bob.post(f"/api/tables/{theirs['id']}/accept"))
    ann.ok(ann.post(f"/api/tables/{theirs['id']}/start"))
    for _ in range(50):
        model = ann.state(theirs["id"])
        if model["to_move"] != 0:
            break
        ann.ok(ann.move(theirs["id"], model["version"], model["legal"][0]["action"]))
    assert ann.state(theirs["id"])["to_move"] == 1
    filling = ann.create(game="hercules", players=2)  # an open seat
    to_ann = [{"kind": "me"}, {"kind": "user", "user": "ann"}]
    invitation = cat.create(game="hercules", players=2, seats=to_ann)
    resigned = _against_bot(ann)
    ann.ok(ann.post(f"/api/tables/{resigned}/leave"))

    answer = ann.ok(ann.get("/api/tables/mine"))
    assert _at(answer["now"]) == clock.now
    tables = answer["tables"]
    assert _ids(tables) == [
        short_deadline,
        long_deadline,
        no_deadline_older,
        no_deadline_newer,
        invitation["id"],
        theirs["id"],
        filling["id"],
    ], "my turn by deadline (none last, then waiting longest), invitations, others' turns, tables filling"
    by_id = {t["id"]: t for t in tables}
    assert [t["my_turn"] for t in tables] == [True] * 4 + [False] * 3
    assert _at(by_id[short_deadline]["turn_deadline"]) == t0 + 2 * 3600
    assert _at(by_id[long_deadline]["turn_deadline"]) == t0 + 48 * 3600
    assert by_id[no_deadline_older]["turn_deadline"] is None
    assert _at(by_id[no_deadline_older]["last_move_at"]) == t0 + 60
    assert _at(by_id[no_deadline_newer]["last_move_at"]) == t0 + 120
    assert _at(by_id[theirs["id"]]["last_move_at"]) == t0 + 120
    assert by_id[filling["id"]]["last_move_at"] is None and by_id[filling["id"]]["turn_deadline"] is None
    assert by_id[invitation["id"]]["my_invitation"] is True
    assert resigned not in by_id, "finished games have their own list"

    # The next game: the soonest deadline; the count and the order of all the games waiting for ann.
    following = ann.ok(ann.get("/api/me/next"))
    assert following["waiting"] == 4
    assert following["table"]["id"] == short_deadline and following["table"]["my_turn"] is True
    assert [t["id"] for t in following["tables"]] == _ids(tables[:4])
    assert following["tables"][0] == {
        "id": short_deadline,
        "game": "hercules",
        "title": following["table"]["title"],
        "turn_deadline": by_id[short_deadline]["turn_deadline"],
        "last_move_at": by_id[short_deadline]["last_move_at"],
    }
    # Bob waits for nothing but the table where it is his turn; cat for nothing.
    assert [t["id"] for t in bob.ok(bob.get("/api/me/next"))["tables"]] == [theirs["id"]]
    nothing = {"table": None, "waiting": 0, "tables": [], "now": answer["now"]}
    assert cat.ok(cat.get("/api/me/next")) == nothing

    # Once the most urgent game is over, the next one comes up.
    ann.ok(ann.post(f"/api/tables/{short_deadline}/leave"))
    following = ann.ok(ann.get("/api/me/next"))
    assert following["table"]["id"] == long_deadline and following["waiting"] == 3


def test_finished_games_are_paged_latest_first(make_server: Any, database_url: str, clock: FakeClock) -> None:
    server: LiveServer = make_server(database_url)
    ann = server.player("ann")
    bob = server.player("bob")
    finished = []
    for _ in range(5):
        table = _against_bot(ann)
        clock.advance(30)
        ann.ok(ann.post(f"/api/tables/{table}/leave"))
        finished.append(table)
    bobs = _against_bot(bob)
    bob.ok(bob.post(f"/api/tables/{bobs}/leave"))
    active = _against_bot(ann)
    latest_first = finished[::-1]

    first = ann.ok(ann.get("/api/tables/mine/finished", params={"limit": 2}))
    assert _ids(first["tables"]) == latest_first[:2] and first["next"] == latest_first[1]
    assert all(t["status"] == "finished" and t["result"]["reason"] == "resigned" for t in first["tables"])
    second = ann.ok(ann.get("/api/tables/mine/finished", params={"limit": 2, "before": first["next"]}))
    assert _ids(second["tables"]) == latest_first[2:4] and second["next"] == latest_first[3]
    third = ann.ok(ann.get("/api/tables/mine/finished", params={"limit": 2, "before": second["next"]}))
    assert _ids(third["tables"]) == latest_first[4:] and third["next"] is None
    everything = ann.ok(ann.get("/api/tables/mine/finished"))
    assert _ids(everything["tables"]) == latest_first and everything["next"] is None  # default page: 10
    assert _ids(ann.ok(ann.get("/api/tables/mine"))["tables"]) == [active]
    assert _ids(bob.ok(bob.get("/api/tables/mine/finished"))["tables"]) == [bobs]

    # Bad parameters are 422 in words, never a 500; another person's or a running table is no cursor.
    for params, words in [
        ({"limit": 0}, "limit"),
        ({"limit": 51}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"before": ""}, "before"),
        ({"before": "x" * 65}, "before"),
        ({"before": "nope"}, "no finished table of yours"),
        ({"before": bobs}, "no finished table of yours"),
        ({"before": active}, "no finished table of yours"),
    ]:
        refused = ann.get("/api/tables/mine/finished", params=params)
        assert refused.status_code == 422, params
        assert isinstance(refused.json()["detail"], str) and words in refused.json()["detail"], refused.json()


def test_the_games_list_needs_a_login(server: LiveServer) -> None:
    visitor = server.player()
    for path in ("/api/tables/mine", "/api/tables/mine/finished", "/api/me/next"):
        refused = visitor.get(path)
        assert refused.status_code == 401 and refused.json() == {"detail": "log in first"}, path
