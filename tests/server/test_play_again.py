"""*Play again* (issue 23): a finished table offers its players a new one with the same game, options and
seats rotated by one, bots kept; the caller sits, the others are invited and accept (nobody is seated by
someone else's click); it starts once all have accepted; a second call answers the same table."""

from __future__ import annotations

import concurrent.futures
from typing import Any

from tests.server.harness import LiveServer, Player, wait_for
from tests.server.helpers import two_player_table


def _table(player: Player, table_id: str) -> dict[str, Any]:
    table: dict[str, Any] = player.ok(player.get(f"/api/tables/{table_id}"))["table"]
    return table


def _finished_three(server: LiveServer) -> tuple[Player, Player, Player, str]:
    """ann, bob and a medium bot at a finished three-seat Hercules table (bob resigned); options, mode,
    deadline and the rated flag away from the defaults."""
    ann = server.player("ann")
    bob = server.player("bob")
    carl = server.player("carl")
    body = {
        "game": "hercules",
        "players": 3,
        "options": {"variant": "simplified"},
        "seats": [{"kind": "me"}, {"kind": "user", "user": "bob"}, {"kind": "bot", "level": "easy"}],
        "mode": "turn-based",
        "deadline_hours": 48,
        "on_timeout": "forfeit",
        "rated": False,
    }
    tid = ann.create(**body)["id"]
    bob.ok(bob.post(f"/api/tables/{tid}/accept"))
    ann.ok(ann.post(f"/api/tables/{tid}/start"))
    bob.ok(bob.post(f"/api/tables/{tid}/leave"))  # resigns: the game is over
    assert _table(ann, tid)["status"] == "finished"
    return ann, bob, carl, tid


def test_play_again_rotates_the_seats_invites_the_others_and_starts_once_all_accept(
    make_server: Any, database_url: str
) -> None:
    server: LiveServer = make_server(database_url)
    ann, bob, carl, tid = _finished_three(server)
    old = _table(ann, tid)
    assert old["next_table"] is None

    with ann.socket(tid) as ws:
        wait_for(ws, lambda m: m.get("type") == "state")
        answer = bob.ok(bob.post(f"/api/tables/{tid}/again"))
        assert answer["created"] is True
        new = answer["table"]
        # The old table's sockets hear of it: its JSON now names the new table.
        pushed = wait_for(ws, lambda m: m.get("table", {}).get("next_table") == new["id"])
        assert pushed["finished"] is True
    assert new["status"] == "waiting" and new["id"] != tid
    for key in ("game", "players", "options", "mode", "deadline_hours", "on_timeout", "private", "rated"):
        assert new[key] == old[key], key
    assert new["creator"]["name"] == "bob"
    # Old seats (ann, bob, bot) rotated by one: (bob, bot, ann). Bob asked: seated; ann is invited.
    seats = new["seats"]
    assert [s["kind"] for s in seats] == ["user", "bot", "invited"]
    assert seats[0]["name"] == "bob" and seats[0]["joined"] is True
    assert seats[1]["level"] == "easy"
    assert seats[2]["name"] == "ann" and seats[2]["joined"] is False
    assert new["my_seat"] == 0

    # The old table says so to everyone, spectators included; the again endpoint reads the database.
    assert _table(carl, tid)["next_table"] == new["id"]
    assert carl.ok(carl.get(f"/api/tables/{tid}/again"))["table"]["id"] == new["id"]
    assert ann.state(tid)["table"]["next_table"] == new["id"]

    # A second call, by the other player, answers the same table; and so does the first player again.
    second = ann.ok(ann.post(f"/api/tables/{tid}/again"))
    assert second["created"] is False and second["table"]["id"] == new["id"]
    assert second["table"]["my_invitation"] is True and second["table"]["my_seat"] is None
    assert bob.ok(bob.post(f"/api/tables/{tid}/again"))["table"]["id"] == new["id"]

    # Nobody is seated without their own action: ann's seat waits for her, and the game does not start.
    assert bob.post(f"/api/tables/{new['id']}/start").status_code == 409
    with bob.socket(new["id"]) as ws:
        wait_for(ws, lambda m: m.get("type") == "table")
        accepted = ann.ok(ann.post(f"/api/tables/{new['id']}/accept"))["table"]
        assert accepted["status"] == "playing", "the last accept starts it"
        assert accepted["my_seat"] == 2
        wait_for(ws, lambda m: m.get("type") == "state" and m["table"]["status"] == "playing")
    model = bob.state(new["id"])
    assert model["seat"] == 0 and model["names"][:3] == ["bob", "Bot 2 (easy)", "ann"]
    assert model["table"]["rated"] is False and model["table"]["mode"] == "turn-based"


def test_a_declined_offer_opens_the_seat_and_the_creator_starts_by_hand(
    make_server: Any, database_url: str
) -> None:
    server: LiveServer = make_server(database_url)
    first, second, tid = two_player_table(server)
    first.ok(first.post(f"/api/tables/{tid}/leave"))
    new = first.ok(first.post(f"/api/tables/{tid}/again"))["table"]
    # (first, second) rotated: (second, first); first asked, so second is invited to seat 0.
    assert [s["kind"] for s in new["seats"]] == ["invited", "user"]
    declined = second.ok(second.post(f"/api/tables/{new['id']}/decline"))["table"]
    assert declined["seats"][0]["kind"] == "open" and declined["status"] == "waiting"
    assert _table(first, tid)["next_table"] == new["id"], "the offer stays; its seat is now open"
    third = server.player("third")
    third.ok(third.post(f"/api/tables/{new['id']}/join", {}))
    assert _table(first, new["id"])["status"] == "waiting", "a join does not start it: the creator does"
    assert first.ok(first.post(f"/api/tables/{new['id']}/start"))["table"]["status"] == "playing"


def test_with_only_bots_besides_me_the_new_game_starts_at_once(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    solo = server.player("solo")
    tid = solo.create(game="hercules", players=2, seats=[{"kind": "bot"}, {"kind": "me"}])["id"]
    solo.ok(solo.post(f"/api/tables/{tid}/start"))
    solo.ok(solo.post(f"/api/tables/{tid}/leave"))
    new = solo.ok(solo.post(f"/api/tables/{tid}/again"))["table"]
    assert new["status"] == "playing"
    assert [s["kind"] for s in new["seats"]] == ["user", "bot"]
    assert new["my_seat"] == 0 and new["seats"][1]["level"] == "medium"


def test_who_may_ask_and_when(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    first, _second, tid = two_player_table(server)
    stranger = server.player("stranger")
    running = first.post(f"/api/tables/{tid}/again")
    assert running.status_code == 409 and "not over" in running.json()["detail"]
    first.ok(first.post(f"/api/tables/{tid}/leave"))
    refused = stranger.post(f"/api/tables/{tid}/again")
    assert refused.status_code == 403 and refused.json() == {
        "detail": "only a player of this game can play it again"
    }
    assert server.player().post(f"/api/tables/{tid}/again").status_code == 401
    assert first.post(f"/api/tables/{tid}/again", csrf=False).status_code == 403
    assert first.post("/api/tables/nothing/again").status_code == 404
    assert first.get("/api/tables/nothing/again").status_code == 404
    assert first.ok(first.get(f"/api/tables/{tid}/again")) == {"table": None}
    waiting = first.create(game="hercules", players=2)["id"]
    assert first.post(f"/api/tables/{waiting}/again").status_code == 409
    assert _table(first, tid)["next_table"] is None, "refusals made no table"


def test_two_players_asking_at_once_make_one_table(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    first, second, tid = two_player_table(server)
    first.ok(first.post(f"/api/tables/{tid}/leave"))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda p: p.ok(p.post(f"/api/tables/{tid}/again")), [first, second]))
    ids = {a["table"]["id"] for a in answers}
    assert len(ids) == 1
    assert sorted(a["created"] for a in answers) == [False, True]
    mine = first.ok(first.get("/api/tables/mine"))["tables"]
    assert [t["id"] for t in mine if t["status"] == "waiting"] == list(ids)


def test_a_block_refuses_the_invitation_as_the_lobby_does(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    first, second, tid = two_player_table(server)
    first.ok(first.post(f"/api/tables/{tid}/leave"))
    second.ok(second.post("/api/me/blocks/p-one"))
    refused = first.post(f"/api/tables/{tid}/again")
    assert refused.status_code == 403 and refused.json() == {
        "detail": "p-two has blocked you: you cannot invite them"
    }
    assert _table(first, tid)["next_table"] is None, "nothing was made"
