"""Hints at a table (issue 26, server/learn/hints.py) and the guided first game (server/learn/routes.py): only
where the table allows them (never at a rated table), only for the seat to move, rate limited, always a legal
choice."""

from __future__ import annotations

from typing import Any

from tests.server.harness import LiveServer
from tests.server.helpers import two_player_table, wait_turn


def test_hints_are_refused_at_rated_tables(server: LiveServer) -> None:
    host = server.player("host")
    refused = host.post(
        "/api/tables",
        {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}], "hints": True},
    )
    assert refused.status_code == 422 and "unrated" in refused.json()["detail"]
    rated = host.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])
    assert rated["hints"] is False and rated["rated"] is True
    host.ok(host.post(f"/api/tables/{rated['id']}/start"))
    wait_turn(host, rated["id"])
    answer = host.get(f"/api/tables/{rated['id']}/hint")
    assert answer.status_code == 403 and "rated" in answer.json()["detail"]
    unrated = host.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}], rated=False)
    host.ok(host.post(f"/api/tables/{unrated['id']}/start"))
    wait_turn(host, unrated["id"])
    assert host.get(f"/api/tables/{unrated['id']}/hint").status_code == 403  # unrated, but hints off


def test_a_hint_is_one_of_my_choices(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, hint_iterations=20, hints_per_minute=100)
    first, second, table_id = two_player_table(server, "attika", "h", rated=False, hints=True)
    table = first.ok(first.get(f"/api/tables/{table_id}"))["table"]
    assert table["hints"] is True and table["rated"] is False
    model = first.state(table_id)
    mover = first if model["to_move"] == 0 else second
    model = mover.state(table_id)
    for by in ("heuristic", "search"):
        answer = mover.ok(mover.get(f"/api/tables/{table_id}/hint?by={by}"))
        assert answer["by"] == by and answer["version"] == model["version"]
        choice = model["legal"][answer["hint"]["index"]]
        assert choice["action"] == answer["hint"]["action"] and choice["label"] == answer["hint"]["label"]
        assert answer["reason"].endswith(".")
    # The suggestion is playable as it is.
    moved = mover.ok(mover.move(table_id, model["version"], answer["hint"]["action"]))
    assert moved["version"] > model["version"]
    # Not my turn (409), not my table (403), not logged in (401), a bad kind (422).
    after = first.state(table_id)
    if not after["finished"]:
        idle = second if after["to_move"] == 0 else first
        assert idle.get(f"/api/tables/{table_id}/hint").status_code == 409
    assert server.player("stranger").get(f"/api/tables/{table_id}/hint").status_code == 403
    assert server.player().get(f"/api/tables/{table_id}/hint").status_code == 401
    assert mover.get(f"/api/tables/{table_id}/hint?by=oracle").status_code == 422
    assert mover.get("/api/tables/nothing/hint").status_code == 404


def test_hints_are_rate_limited(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, hints_per_minute=2)
    host = server.player("host")
    table = host.create(
        game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}], rated=False, hints=True
    )
    host.ok(host.post(f"/api/tables/{table['id']}/start"))
    wait_turn(host, table["id"])
    assert host.get(f"/api/tables/{table['id']}/hint").status_code == 200
    assert host.get(f"/api/tables/{table['id']}/hint").status_code == 200
    limited = host.get(f"/api/tables/{table['id']}/hint")
    assert limited.status_code == 429 and limited.headers["Retry-After"].isdigit()


def test_learn_to_play_starts_a_guided_game(server: LiveServer) -> None:
    learner = server.player("learner")
    for game in ("hercules", "attika", "hellas", "hellas_delonge", "peloponnes"):
        table = learner.ok(learner.post("/api/learn", {"game": game}), 201)["table"]
        assert table["status"] == "playing" and table["guided"] is True and table["hints"] is True
        assert table["rated"] is False and table["private"] is True and table["mode"] == "live"
        assert [s["kind"] for s in table["seats"]] == ["user", "bot"]
        assert table["seats"][1]["level"] == "easy"
    model = wait_turn(learner, table["id"])
    if not model["finished"]:
        assert learner.get(f"/api/tables/{table['id']}/hint").status_code == 200
    assert learner.post("/api/learn", {"game": "chess"}).status_code == 422
    assert server.player().post("/api/learn", {"game": "hercules"}).status_code == 401
    assert learner.post("/api/learn", {"game": "hercules"}, csrf=False).status_code == 403
