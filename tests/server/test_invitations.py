"""Nobody is seated without consent (issue 18): a seat given to a person by name is an invitation they accept
or decline; the game cannot start while one is unanswered, so no one can be made to forfeit (and lose
rating) at a table they never joined. A person creates only tables they sit at unless the server allows
otherwise. And an invitation token that is not ASCII is refused with 403, not a 500."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.harness import FakeClock, LiveServer, Player, wait_for


def _invite(host: Player, invitee: str, **table: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}]}
    body["seats"].append({"kind": "user", "user": invitee})
    body.update(table)
    return host.create(**body)


def _table(player: Player, table_id: str) -> dict[str, Any]:
    table: dict[str, Any] = player.ok(player.get(f"/api/tables/{table_id}"))["table"]
    return table


def test_a_table_cannot_make_someone_forfeit_who_never_joined(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    attacker = server.player("attacker")
    victim = server.player("victim")
    table = attacker.create(
        game="hercules",
        players=2,
        seats=[{"kind": "user", "user": "VICTIM"}, {"kind": "me"}],
        mode="turn-based",
        deadline_hours=0.01,
        on_timeout="forfeit",
    )
    tid = table["id"]
    seat = table["seats"][0]
    assert seat["kind"] == "invited" and seat["joined"] is False
    assert seat["name"] == "victim" and seat["user"]["name"] == "victim"

    refused = attacker.post(f"/api/tables/{tid}/start")
    assert refused.status_code == 409
    assert "seat(s) 1 (victim) not accepted" in refused.json()["detail"]

    clock.advance(3600)
    assert server.call(server.services.master.check_deadlines()) == 0
    after = _table(victim, tid)
    assert after["status"] == "waiting" and after["result"] is None
    assert after["my_seat"] is None and after["my_invitation"] is True
    assert victim.get(f"/api/tables/{tid}/state").status_code == 409, "no game is running"
    assert attacker.ok(attacker.get("/api/leaderboard/hercules"))["ratings"] == []


def test_accepting_seats_the_invitee_and_the_game_starts(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    tid = _invite(host, "guest")["id"]
    with host.socket(tid) as ws:
        wait_for(ws, lambda m: m.get("type") == "table")
        accepted = guest.ok(guest.post(f"/api/tables/{tid}/accept"))["table"]
        assert accepted["my_seat"] == 1 and accepted["my_invitation"] is False
        assert accepted["seats"][1]["kind"] == "user" and accepted["seats"][1]["joined"] is True
        pushed = wait_for(ws, lambda m: m.get("type") == "table" and m["table"]["seats"][1]["joined"])
        assert pushed["table"]["seats"][1]["name"] == "guest"
    assert guest.post(f"/api/tables/{tid}/accept").status_code == 409, "already seated"
    started = host.ok(host.post(f"/api/tables/{tid}/start"))["table"]
    assert started["status"] == "playing"
    assert guest.state(tid)["seat"] == 1
    assert guest.post(f"/api/tables/{tid}/accept").status_code == 409
    assert guest.post(f"/api/tables/{tid}/decline").status_code == 409


def test_declining_or_leaving_opens_the_seat(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    third = server.player("third")
    tid = _invite(host, "guest")["id"]
    with host.socket(tid) as ws:
        wait_for(ws, lambda m: m.get("type") == "table")
        declined = guest.ok(guest.post(f"/api/tables/{tid}/decline"))["table"]
        assert declined["seats"][1] == {
            "seat": 1,
            "kind": "open",
            "user": None,
            "name": None,
            "level": None,
            "joined": False,
            "on_vacation_until": None,
        }
        wait_for(ws, lambda m: m.get("type") == "table" and m["table"]["seats"][1]["kind"] == "open")
    assert _table(host, tid)["seats"][1]["kind"] == "open", "the creator sees the seat open"
    assert guest.post(f"/api/tables/{tid}/decline").status_code == 403, "nothing left to decline"
    assert third.ok(third.post(f"/api/tables/{tid}/join", {}))["table"]["my_seat"] == 1

    # Leaving before accepting is declining.
    again = _invite(host, "guest")["id"]
    left = guest.ok(guest.post(f"/api/tables/{again}/leave"))["table"]
    assert left["seats"][1]["kind"] == "open" and left["my_invitation"] is False


def test_only_the_invitee_answers_an_invitation(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    third = server.player("third")
    tid = _invite(host, "guest", private=True)["id"]
    before = _table(host, tid)
    for path in ("accept", "decline"):
        answer = third.post(f"/api/tables/{tid}/{path}")
        assert answer.status_code == 403 and answer.json() == {"detail": "you are not invited to this table"}
    assert host.post(f"/api/tables/{tid}/accept").status_code == 409, "the creator already sits there"
    assert server.player().post(f"/api/tables/{tid}/accept").status_code == 401
    assert guest.post(f"/api/tables/{tid}/accept", csrf=False).status_code == 403
    assert guest.post("/api/tables/no-such/accept").status_code == 404
    # Only open seats are joinable: not the invited one, by anyone, with or without the token.
    token = before["invite"]
    assert third.post(f"/api/tables/{tid}/join", {"seat": 1, "invite": token}).status_code == 409
    assert third.post(f"/api/tables/{tid}/join", {"invite": token}).status_code == 409
    assert guest.post(f"/api/tables/{tid}/join", {"invite": token}).status_code == 409
    assert _table(host, tid) == before, "refusals change nothing"
    # The invitation is by name: the invitee of a private table needs no token.
    assert guest.ok(guest.post(f"/api/tables/{tid}/accept"))["table"]["my_seat"] == 1


def test_a_table_needs_its_creator_unless_the_server_allows_it(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    organiser = server.player("organiser")
    server.player("ann")
    server.player("ben")
    body = {
        "game": "hercules",
        "players": 2,
        "seats": [{"kind": "user", "user": "ann"}, {"kind": "user", "user": "ben"}],
    }
    refused = organiser.post("/api/tables", body)
    assert refused.status_code == 422 and "your own seat" in refused.json()["detail"]
    bots = organiser.post("/api/tables", dict(body, seats=[{"kind": "bot"}, {"kind": "bot"}]))
    assert bots.status_code == 422
    assert organiser.ok(organiser.get("/api/tables/mine"))["tables"] == []
    server.stop()

    allowing: LiveServer = make_server(database_url, allow_tables_without_creator=True)
    organiser = allowing.player()
    organiser.ok(organiser.post("/api/auth/login", {"name": "organiser", "password": "correct horse"}))
    table = organiser.create(**body)
    assert [s["kind"] for s in table["seats"]] == ["invited", "invited"], "the invitees still accept"


def test_my_invitations_are_listed_as_mine(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    own = guest.create(game="hercules", players=2)
    tid = _invite(host, "guest")["id"]
    mine = guest.ok(guest.get("/api/tables/mine"))["tables"]
    assert [t["id"] for t in mine] == [tid, own["id"]], "an invitation waits for my answer: it comes first"
    assert mine[0]["my_invitation"] is True and mine[0]["my_seat"] is None
    assert mine[1]["my_invitation"] is False
    hosts = host.ok(host.get("/api/tables/mine"))["tables"]
    assert [t["my_invitation"] for t in hosts] == [False]
    guest.ok(guest.post(f"/api/tables/{tid}/decline"))
    assert [t["id"] for t in guest.ok(guest.get("/api/tables/mine"))["tables"]] == [own["id"]]


@pytest.mark.parametrize("token", ["é", "日本-token"])
def test_a_non_ascii_invitation_token_is_refused(make_server: Any, database_url: str, token: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    table = host.create(game="hercules", players=2, private=True)
    answer = guest.post(f"/api/tables/{table['id']}/join", {"invite": token})
    assert answer.status_code == 403
    assert answer.json() == {"detail": "this invitation is not valid for this table"}
    assert _table(host, table["id"])["seats"][1]["kind"] == "open"
