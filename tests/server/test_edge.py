"""The edge (server/core/edge.py and the WebSocket loop): text that neither database can store, bodies too
large or too deep, frames that are not JSON text. Each was a 500 or a dropped connection; each is now a clear
4xx (or a close code with a reason) that changes nothing, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import play_match
from tests.server.harness import LiveServer, Player, receive
from tests.server.helpers import two_player_table

NUL = "a\u0000b"


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def refused(response: Any, statuses: tuple[int, ...] = (400, 422)) -> str:
    assert response.status_code in statuses, (response.request.url, response.status_code, response.text)
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail
    return detail


def test_nul_anywhere_is_a_4xx_that_changes_nothing(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    owner = server.player("owner")
    visitor = Player(server)
    table = owner.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])["id"]
    before = owner.ok(owner.get("/api/tables/mine"))
    for path in (
        "/api/tables/a%00",
        "/api/tables/a%00/state",
        "/api/tables/a%00/record",
        "/api/replays/a%00",
        "/api/replays/a%00/record",
        "/api/leaderboard/a%00",
        f"/api/tables/{table}?x=%00",
    ):
        assert "NUL" in refused(visitor.get(path)), path
    for path in ("join", "leave", "start", "moves"):
        refused(owner.post(f"/api/tables/a%00/{path}", {"version": 0, "action": "x"}))
    assert "NUL" in refused(visitor.post("/api/auth/login", {"name": NUL, "password": "correct horse"}))
    assert "NUL" in refused(visitor.post("/api/auth/register", {"name": NUL, "password": "correct horse"}))
    invited = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": NUL}]}
    assert "NUL" in refused(owner.post("/api/tables", invited))
    assert "NUL" in refused(
        owner.post("/api/tables", {"game": "hercules", "players": 2, "options": {NUL: 1}})
    )
    record = play_match(games.get("hercules"), 2, [make_agent("random")] * 2, seed=3).record.to_json()
    record["seats"] = [NUL, "b"]
    assert "NUL" in refused(owner.post("/api/replays", record))
    # Nothing was created or changed, and the server still answers.
    assert owner.ok(owner.get("/api/tables/mine")) == before
    assert visitor.get("/api/tables/a").status_code == 404


def test_a_websocket_to_a_nul_address_is_closed_with_a_reason(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    visitor = Player(server)
    with visitor.socket("%00") as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=20)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4400
    assert "NUL" in closed.value.rcvd.reason


def test_lone_surrogates_and_non_json_numbers_are_400(server: LiveServer) -> None:
    visitor = Player(server)
    headers = {"X-CSRF-Token": visitor.csrf, "Content-Type": "application/json"}
    for body in (b'{"name": "\\ud800", "password": "correct horse"}', b'{"name": NaN}', b'{"a": 1e999}'):
        response = visitor.http.post("/api/auth/register", content=body, headers=headers)
        assert "not valid JSON" in refused(response, (400,))


def test_deep_json_is_refused_and_replays_stay_readable(make_server: Any, database_url: str) -> None:
    """A record whose result was nested 300 deep was stored, and its replay answered 500 from then on."""
    server: LiveServer = make_server(database_url)
    owner = server.player("owner")
    record = play_match(games.get("peloponnes"), 2, [make_agent("random")] * 2, seed=2).record.to_json()
    deep = nested(300)
    forged = dict(record, result=deep)
    assert "deeper than" in refused(owner.post("/api/replays", forged))
    for body in ({"game": "hercules", "players": 2, "options": {"x": deep}}, {"version": 0, "action": deep}):
        assert "deeper than" in refused(owner.post("/api/tables", body))
    # 2,000 levels: beyond orjson's own limit, and far beyond Python's recursion limit for a recursive walk.
    text = '{"version": 0, "action": ' + "[" * 2000 + "]" * 2000 + "}"
    response = owner.http.post(
        "/api/tables/x/moves",
        content=text,
        headers={"X-CSRF-Token": owner.csrf, "Content-Type": "application/json"},
    )
    refused(response, (400, 422))
    replay = owner.ok(owner.post("/api/replays", record), 201)["id"]
    assert owner.ok(owner.get(f"/api/replays/{replay}"))["replay"]["steps"] == len(record["actions"])


def test_bodies_are_capped_and_errors_do_not_echo_megabytes(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    owner = server.player("owner")
    huge = "x" * (1024 * 1024)
    response = owner.post("/api/tables", {"game": "hercules", "players": 2, "options": {"variant": huge}})
    assert "larger than" in refused(response, (413,))
    # A record may be larger than other bodies, up to its own cap.
    record = play_match(games.get("hercules"), 2, [make_agent("random")] * 2, seed=4).record.to_json()
    padded = dict(record, seats=["a", "b"], padding="p" * (200 * 1024))
    assert owner.post("/api/replays", padded).status_code != 413
    assert "larger than" in refused(owner.post("/api/replays", dict(record, padding="p" * (9 << 20))), (413,))
    # Under the cap, a long bad value is named without being echoed in full.
    long = "v" * 20_000
    detail = refused(
        owner.post("/api/tables", {"game": "hercules", "players": 2, "options": {"variant": long}})
    )
    assert len(detail) <= 500
    detail = refused(owner.post("/api/tables", {"game": "hercules", "players": 2, "options": {long: 1}}))
    assert len(detail) <= 500
    assert owner.ok(owner.get("/api/tables/mine"))["tables"] == []


def test_a_chunked_body_over_the_cap_is_413(server: LiveServer) -> None:
    owner = server.player("owner")

    def chunks() -> Any:
        for _ in range(100):
            yield b"x" * 1024

    response = owner.http.post(
        "/api/tables",
        content=chunks(),
        headers={"X-CSRF-Token": owner.csrf, "Content-Type": "application/json"},
    )
    refused(response, (413,))


def test_websocket_binary_and_deep_frames_get_an_error_and_the_socket_lives_on(
    make_server: Any, database_url: str
) -> None:
    server: LiveServer = make_server(database_url)
    first, _second, table_id = two_player_table(server)
    with first.socket(table_id) as ws:
        hello = receive(ws)
        version = hello["version"]
        ws.send(b"\x00\x01binary")
        assert receive(ws)["type"] == "error"
        ws.send("[" * 5000 + "]" * 5000)  # deeper than any parser here walks recursively
        assert receive(ws)["type"] == "error"
        ws.send(json.dumps({"type": "sync", "version": version, "deep": nested(40)}))
        assert receive(ws)["type"] == "error"
        ws.send("not json")
        assert receive(ws)["type"] == "error"
        # Still open: a sync with a stale version gets the model.
        ws.send(json.dumps({"type": "sync", "version": -1}))
        assert receive(ws)["type"] == "state"


def test_a_websocket_message_over_the_limit_closes_with_1009(server: LiveServer) -> None:
    first, _second, table_id = two_player_table(server)
    with first.socket(table_id) as ws:
        receive(ws)
        ws.send(json.dumps({"type": "sync", "version": 0, "pad": "x" * 20_000}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_logging_out_closes_the_sessions_websockets(make_server: Any, database_url: str) -> None:
    """A socket opened before logout kept receiving that seat's private model afterwards."""
    server: LiveServer = make_server(database_url)
    first, second, table_id = two_player_table(server)
    other_browser = server.player()
    other_browser.ok(other_browser.post("/api/auth/login", {"name": "p-one", "password": "correct horse"}))
    with first.socket(table_id) as ws, other_browser.socket(table_id) as kept:
        assert receive(ws)["seat"] == 0
        assert receive(kept)["seat"] == 0
        first.ok(first.post("/api/auth/logout"))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        # The same user's other browser keeps its own session and socket.
        kept.send(json.dumps({"type": "sync", "version": -1}))
        assert receive(kept)["seat"] == 0
    # A socket opened after logout is a spectator's.
    with first.socket(table_id) as ws:
        assert receive(ws)["seat"] is None
    assert second.state(table_id)["seat"] == 1
