"""Moves through the master, over SQLite and PostgreSQL: the order of checks and their statuses, chance
resolved by the server, pushes to every seat, a whole game against a bot, its record and ratings."""

from __future__ import annotations

from typing import Any

from hellenika import games
from hellenika.engine.record import Record
from tests.server.harness import LiveServer, receive, wait_for
from tests.server.helpers import play_out, two_player_table, wait_turn


def test_move_checks_and_their_statuses(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    model = one.state(tid)
    assert model["version"] >= 1, "the setup's chance steps are applied by the server"
    seat = model["to_move"]
    mover, waiter = (one, two) if seat == 0 else (two, one)
    version = model["version"]
    outsider = server.player("outsider")

    assert mover.move(tid, version, {"kind": "nonsense"}).status_code == 400
    assert mover.move(tid, version, "bogus words").status_code == 400
    illegal = mover.move(tid, version, "done")
    assert illegal.status_code == 422
    assert "hercules §" in illegal.json()["detail"], "the detail names the rule"
    assert mover.move(tid, version + 5, "rest").status_code == 409  # stale version
    assert "stale" in mover.move(tid, version - 1, "rest").json()["detail"]
    not_turn = waiter.move(tid, version, "rest")
    assert not_turn.status_code == 409 and "not your turn" in not_turn.json()["detail"]
    assert outsider.move(tid, version, "rest").status_code == 403
    assert server.player().move(tid, version, "rest").status_code == 401
    malformed = mover.http.post(
        f"/api/tables/{tid}/moves",
        content=b'{"version": 1, "action": ',
        headers={"X-CSRF-Token": mover.csrf, "Content-Type": "application/json"},
    )
    assert malformed.status_code == 400
    assert mover.post(f"/api/tables/{tid}/moves", {"version": "one", "action": "rest"}).status_code == 422
    assert mover.state(tid)["version"] == version, "no failed request changed the table"

    legal = mover.state(tid)["legal"]
    by_notation = mover.ok(mover.move(tid, version, legal[0]["notation"]))
    assert by_notation["version"] > version


def test_pushes_reach_every_seat_and_spectators(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    sockets = {0: one.socket(tid), 1: two.socket(tid), None: server.player().socket(tid)}
    first = {seat: receive(ws) for seat, ws in sockets.items()}
    assert {m["type"] for m in first.values()} == {"state"}
    assert first[0]["seat"] == 0 and first[1]["seat"] == 1 and first[None]["seat"] is None
    assert first[None]["legal"] == []
    model = one.state(tid)
    mover = one if model["to_move"] == 0 else two
    answer = mover.ok(mover.move(tid, model["version"], mover.state(tid)["legal"][0]["action"]))
    for seat, ws in sockets.items():
        pushed = wait_for(ws, lambda m, v=answer["version"]: m["type"] == "state" and m["version"] >= v)
        assert pushed["seat"] == seat
        assert pushed["table"]["version"] == pushed["version"]
    # A reconnecting client syncs by version.
    sockets[0].send('{"type": "sync", "version": 0}')
    synced = wait_for(sockets[0], lambda m: m["type"] == "state")
    assert synced["version"] == answer["version"]
    sockets[0].send("not json")
    assert receive(sockets[0])["type"] == "error"
    for ws in sockets.values():
        ws.close()


def test_a_whole_game_against_a_bot_then_its_record_and_ratings(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    human = server.player("human")
    table = human.create(
        game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "medium"}]
    )
    tid = table["id"]
    assert human.get(f"/api/tables/{tid}/record").status_code == 409
    human.ok(human.post(f"/api/tables/{tid}/start"))
    final = play_out({0: human}, tid, seed=4)
    assert final["finished"] and final["legal"] == [] and len(final["places"]) == 2
    info = human.ok(human.get(f"/api/tables/{tid}"))["table"]
    assert info["status"] == "finished" and info["result"]["places"] == final["places"]
    assert human.move(tid, final["version"], "rest").status_code == 409  # the game is over

    data = human.ok(human.get(f"/api/tables/{tid}/record"))
    record = Record.from_json(data)
    assert record.seats == ["human", "Bot 2 (medium)"]
    replayed = record.replay(games.REGISTRY)  # checks every action and the final digest
    assert replayed.ranking() == final["places"]
    assert data["result"]["participants"] == ["human", "Bot 2 (medium)"]

    board = human.ok(human.get("/api/leaderboard/hercules"))["ratings"]
    assert {e["name"] for e in board} == {"human", "Bot (medium)"}
    winner = next(e for e in board if e["rank"] == 1)
    assert winner["wins"] == 1 and all(e["games"] == 1 for e in board)
    assert human.get("/api/leaderboard/chess").status_code == 404


def test_spectators_see_the_public_view(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url)
    host = server.player("host")
    table = host.create(game="attika", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])
    host.ok(host.post(f"/api/tables/{table['id']}/start"))
    wait_turn(host, table["id"])
    spectator = server.player().state(table["id"])
    mine = host.state(table["id"])
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["table"]["my_seat"] is None
    assert spectator["view"] != mine["view"], "Attika hands are hidden from spectators"


def test_websocket_refusals(server: LiveServer) -> None:
    import pytest
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{server.port}/ws/tables"
    with connect(f"{url}/nothing") as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{url}/nothing", origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
