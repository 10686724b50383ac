"""The lobby: creating tables with options the game validates, seats (me, open, invited, bots), joining,
leaving, starting, the open list and "my tables" with those waiting for my move first."""

from __future__ import annotations

from tests.server.harness import LiveServer
from tests.server.helpers import wait_turn


def test_create_validates_game_players_options_and_seats(server: LiveServer) -> None:
    host = server.player("host")
    cases = [
        ({"game": "chess", "players": 2}, "unknown game"),
        ({"game": "hercules", "players": 9}, "players"),
        ({"game": "hercules", "players": 2, "options": {"variant": "nonsense"}}, "variant"),
        ({"game": "hercules", "players": 2, "options": {"colour": "red"}}, "unknown option"),
        ({"game": "hercules", "players": 2, "seats": [{"kind": "me"}]}, "one seat per player"),
        ({"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}, "only one seat"),
        (
            {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": "ghost"}]},
            "ghost",
        ),
        (
            {
                "game": "hercules",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "level": "godlike"}],
            },
            "",
        ),
        ({"game": "hercules", "players": 2, "mode": "blitz"}, ""),
        (
            {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": "host"}]},
            "yourself",
        ),
    ]
    for body, words in cases:
        answer = host.post("/api/tables", body)
        assert answer.status_code == 422, body
        assert words.lower() in answer.json()["detail"].lower(), answer.json()
    assert host.get("/api/tables/mine").json()["tables"] == []


def test_table_json_shows_mode_deadline_seats_and_invite_to_the_creator(server: LiveServer) -> None:
    host = server.player("host")
    server.player("guest")
    table = host.create(
        game="hellas",
        players=3,
        options={},
        seats=[{"kind": "me"}, {"kind": "user", "user": "GUEST"}, {"kind": "bot", "level": "easy"}],
        mode="turn-based",
        deadline_hours=24,
        on_timeout="forfeit",
    )
    assert table["status"] == "waiting" and table["mode"] == "turn-based"
    assert table["deadline_hours"] == 24 and table["on_timeout"] == "forfeit"
    assert [s["kind"] for s in table["seats"]] == ["user", "invited", "bot"]
    assert [s["joined"] for s in table["seats"]] == [True, False, False]
    assert table["seats"][1]["user"]["name"] == "guest" and table["seats"][1]["name"] == "guest"
    assert table["seats"][2]["level"] == "easy"
    assert table["invite"] and table["invite_url"].endswith(table["invite"])
    seen_by_other = server.player().ok(server.player().get(f"/api/tables/{table['id']}"))["table"]
    assert seen_by_other["invite"] is None and seen_by_other["invite_url"] is None
    assert server.player().get("/api/tables/nope").status_code == 404


def test_join_leave_start_rules(server: LiveServer) -> None:
    host = server.player("host")
    guest = server.player("guest")
    third = server.player("third")
    table = host.create(game="hercules", players=2)
    tid = table["id"]
    assert [t["id"] for t in guest.ok(guest.get("/api/tables?status=open"))["tables"]] == [tid]
    assert host.post(f"/api/tables/{tid}/start").status_code == 409  # a seat is open
    assert host.post(f"/api/tables/{tid}/join", {}).status_code == 409  # already seated
    assert guest.post(f"/api/tables/{tid}/join", {"seat": 5}).status_code == 422
    assert guest.post(f"/api/tables/{tid}/join", {"seat": 0}).status_code == 409  # taken
    joined = guest.ok(guest.post(f"/api/tables/{tid}/join", {}))["table"]
    assert joined["my_seat"] == 1
    assert third.post(f"/api/tables/{tid}/join", {}).status_code == 409  # full
    assert guest.ok(guest.get("/api/tables?status=open"))["tables"] == []
    assert guest.post(f"/api/tables/{tid}/start").status_code == 403  # not the creator
    assert guest.ok(guest.post(f"/api/tables/{tid}/leave"))["table"]["seats"][1]["kind"] == "open"
    third.ok(third.post(f"/api/tables/{tid}/join", {"seat": 1}))
    started = host.ok(host.post(f"/api/tables/{tid}/start"))["table"]
    assert started["status"] == "playing" and started["started_at"]
    assert host.post(f"/api/tables/{tid}/start").status_code == 409
    assert guest.post(f"/api/tables/{tid}/join", {}).status_code == 409


def test_private_tables_need_the_invitation(server: LiveServer) -> None:
    host = server.player("host")
    guest = server.player("guest")
    table = host.create(game="hercules", players=2, private=True)
    assert guest.ok(guest.get("/api/tables"))["tables"] == []
    assert guest.post(f"/api/tables/{table['id']}/join", {}).status_code == 403
    assert guest.post(f"/api/tables/{table['id']}/join", {"invite": "wrong"}).status_code == 403
    joined = guest.ok(guest.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]}))
    assert joined["table"]["my_seat"] == 1


def test_state_before_the_start_is_409_and_unknown_tables_404(server: LiveServer) -> None:
    host = server.player("host")
    table = host.create(game="hercules", players=2)
    assert host.get(f"/api/tables/{table['id']}/state").status_code == 409
    assert host.get("/api/tables/unknown/state").status_code == 404
    assert host.post("/api/tables/unknown/moves", {"version": 0, "action": "rest"}).status_code == 404


def test_my_tables_put_those_waiting_for_my_move_first(server: LiveServer) -> None:
    me = server.player("me-player")
    other = server.player("other")
    waiting = me.create(game="hercules", players=2)
    their_turn = other.create(
        game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "me-player"}]
    )
    me.ok(me.post(f"/api/tables/{their_turn['id']}/accept"))
    other.ok(other.post(f"/api/tables/{their_turn['id']}/start"))
    mine_to_move = me.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])
    me.ok(me.post(f"/api/tables/{mine_to_move['id']}/start"))
    model = wait_turn(me, mine_to_move["id"])
    assert model["to_move"] == 0
    other_model = other.state(their_turn["id"])
    mine = me.ok(me.get("/api/tables/mine"))["tables"]
    ids = [t["id"] for t in mine]
    assert set(ids) == {waiting["id"], their_turn["id"], mine_to_move["id"]}
    turns = [t["my_turn"] for t in mine]
    assert turns == sorted(turns, reverse=True), "tables waiting for my move come first"
    assert mine[ids.index(mine_to_move["id"])]["my_turn"] is True
    assert mine[ids.index(their_turn["id"])]["my_turn"] is (other_model["to_move"] == 1)
    assert ids[-1] == waiting["id"]
    assert me.get("/api/tables/mine").status_code == 200
    assert server.player().get("/api/tables/mine").status_code == 401


def test_join_needs_no_body(server: LiveServer) -> None:
    host = server.player("host")
    guest = server.player("guest")
    table = host.create(game="hercules", players=2)
    answer = guest.http.post(f"/api/tables/{table['id']}/join", headers={"X-CSRF-Token": guest.csrf})
    assert answer.status_code == 200 and answer.json()["table"]["my_seat"] == 1


def test_the_open_tables_can_be_filtered_by_game_players_mode_rated_and_speed(server: LiveServer) -> None:
    host = server.player("host")
    made = {
        "hercules-2-live": host.create(game="hercules", players=2),
        "hercules-3-live-unrated": host.create(game="hercules", players=3, rated=False),
        "attika-2-day": host.create(game="attika", players=2, mode="turn-based", deadline_hours=24),
        "attika-2-week": host.create(game="attika", players=2, mode="turn-based", deadline_hours=168),
    }
    ids = {table["id"]: name for name, table in made.items()}

    def listed(query: str) -> set[str]:
        tables = host.ok(host.get(f"/api/tables?status=open{query}"))["tables"]
        return {ids[t["id"]] for t in tables if t["id"] in ids}

    assert listed("") == set(made)
    assert listed("&game=hercules") == {"hercules-2-live", "hercules-3-live-unrated"}
    assert listed("&players=2") == {"hercules-2-live", "attika-2-day", "attika-2-week"}
    assert listed("&mode=turn-based") == {"attika-2-day", "attika-2-week"}
    assert listed("&rated=false") == {"hercules-3-live-unrated"}
    assert listed("&mode=turn-based&max_deadline_hours=48") == {"attika-2-day"}
    assert listed("&game=hercules&players=3&rated=true") == set()
    for bad in ("&players=0", "&mode=blitz", "&rated=maybe", "&max_deadline_hours=-1", f"&game={'x' * 41}"):
        answer = host.get(f"/api/tables?status=open{bad}")
        assert answer.status_code == 422 and isinstance(answer.json()["detail"], str), bad
