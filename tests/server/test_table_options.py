"""Options where they apply, and Join only for those who may (issue 22): a table's settings show only the
options that apply at its player count; an option given where it does not apply is refused naming it; the
games list says where each applies, for the lobby; the table JSON says whether the viewer may join."""

from __future__ import annotations

from tests.server.harness import LiveServer


def test_a_table_shows_only_the_options_that_apply(server: LiveServer) -> None:
    host = server.player("host")
    two = host.create(game="peloponnes", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])
    assert two["options"] == {"expansion": False}
    six = host.create(
        game="peloponnes",
        players=6,
        options={"expansion": True},
        seats=[{"kind": "me"}] + [{"kind": "bot"}] * 5,
    )
    assert six["options"] == {"expansion": True, "negotiation": False}
    solo = host.create(game="peloponnes", players=1, options={"expansion": True, "angelos": "stratigos"})
    assert solo["options"] == {"expansion": True, "angelos": "stratigos"}
    # A default sent where the option does not apply (as older lobbies did) is harmless, and not shown.
    old = host.create(
        game="peloponnes", players=2, options={"angelos": "hoplite"}, seats=[{"kind": "me"}, {"kind": "bot"}]
    )
    assert old["options"] == {"expansion": False}


def test_an_option_that_does_not_apply_is_refused_naming_it(server: LiveServer) -> None:
    host = server.player("host")
    answer = host.post(
        "/api/tables",
        {"game": "peloponnes", "players": 4, "options": {"expansion": True, "angelos": "stratigos"}},
    )
    assert answer.status_code == 422
    assert "'angelos' applies only with 1 player" in answer.json()["detail"]
    answer = host.post("/api/tables", {"game": "peloponnes", "players": 3, "options": {"negotiation": True}})
    assert answer.status_code == 422 and "'negotiation'" in answer.json()["detail"]


def test_the_games_list_says_where_each_option_applies(server: LiveServer) -> None:
    games = {g["name"]: g for g in server.player("host").get("/api/games").json()["games"]}
    options = {o["name"]: o for o in games["peloponnes"]["options"]}
    assert options["angelos"]["players"] == [1, 1] and options["angelos"]["needs"] == "expansion"
    assert options["negotiation"]["players"] == [2, 8] and options["negotiation"]["needs"] == "expansion"
    assert options["expansion"]["players"] is None and options["expansion"]["needs"] is None


def test_can_join_is_true_only_for_whom_join_would_seat(server: LiveServer) -> None:
    host = server.player("host")
    guest = server.player("guest")
    public = host.create(game="hercules", players=2)
    private = host.create(game="hercules", players=2, private=True)
    assert public["can_join"] is False  # the creator is seated already
    assert guest.ok(guest.get(f"/api/tables/{public['id']}"))["table"]["can_join"] is True
    seen = guest.ok(guest.get(f"/api/tables/{private['id']}"))["table"]
    assert seen["can_join"] is False
    assert guest.post(f"/api/tables/{private['id']}/join", {}).status_code == 403  # what Join would answer
    joined = guest.ok(guest.post(f"/api/tables/{public['id']}/join", {}))["table"]
    assert joined["can_join"] is False  # seated now; and the table is full
