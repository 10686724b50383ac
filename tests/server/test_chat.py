"""A table's chat, mutes and blocks (issue 23), on SQLite and PostgreSQL: the history and its channels, the
length and rate limits, CSRF and logins, live delivery over the table's WebSocket (never coalesced), system
lines from the lobby and the master, mutes and blocks on chat, invitations and joins; and, with two real
server processes on PostgreSQL and Redis, a line posted on one process reaching the sockets of the other,
filtered for each reader there."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection

from hellenika.server.core.hub import CHAT_QUEUE, CHAT_RELOAD, Connection
from tests.server import cluster as processes
from tests.server.harness import FakeClock, LiveServer, Player, receive, wait_for
from tests.server.helpers import two_player_table


def _chat(player: Player, table_id: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = player.ok(player.get(f"/api/tables/{table_id}/chat"))["messages"]
    return messages


def _texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["text"] for m in messages]


def _say(player: Player, table_id: str, text: str, **body: Any) -> dict[str, Any]:
    message: dict[str, Any] = player.ok(
        player.post(f"/api/tables/{table_id}/chat", {"text": text, **body}), 201
    )["message"]
    return message


def _chat_lines(ws: ClientConnection, count: int, timeout: float = 10) -> list[dict[str, Any]]:
    """The next ``count`` chat messages on the socket (models in between are skipped)."""
    lines: list[dict[str, Any]] = []
    while len(lines) < count:
        lines.append(wait_for(ws, lambda m: m.get("type") == "chat", timeout=timeout)["message"])
    return lines


def _no_chat(ws: ClientConnection, seconds: float = 0.6) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            message = receive(ws, timeout=left)
        except TimeoutError:
            return
        assert message.get("type") != "chat", f"unexpected chat line {message}"


def test_history_channels_and_system_lines(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    guest = server.player("guest")
    watcher = server.player("watcher")
    table = host.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "guest"}])
    tid = table["id"]
    invited = _say(guest, tid, "hello, may I?")
    assert invited["channel"] == "spectators", "an invitee who has not accepted is no player yet"
    guest.ok(guest.post(f"/api/tables/{tid}/accept"))
    mine = _say(host, tid, "  welcome  ")
    assert mine["channel"] == "players" and mine["text"] == "welcome", "stripped"
    assert mine["author"] == {"id": host.user["id"], "name": "host"}  # type: ignore[index]
    assert _say(watcher, tid, "good luck both")["channel"] == "spectators"
    refused = watcher.post(f"/api/tables/{tid}/chat", {"text": "sneaky", "channel": "players"})
    assert refused.status_code == 403 and "players' channel" in refused.json()["detail"]
    assert _say(host, tid, "hi spectators", channel="spectators")["channel"] == "spectators"
    host.ok(host.post(f"/api/tables/{tid}/start"))
    playing = host.state(tid)["version"]
    during = _say(guest, tid, "my move?")
    assert during["version"] == playing and during["channel"] == "players"
    host.ok(host.post(f"/api/tables/{tid}/leave"))  # resigns

    history = _chat(server.player(), tid)  # a visitor reads the table's chat as they read the table
    assert _texts(history) == [
        "hello, may I?",
        "guest joined",
        "welcome",
        "good luck both",
        "hi spectators",
        "the game started",
        "my move?",
        "host resigned",
    ]
    system = [m for m in history if m["channel"] == "system"]
    assert [m["author"] for m in system] == [None, None, None]
    assert [m["id"] for m in history] == sorted(m["id"] for m in history)
    # A finished table's lines know their replay step (the actions with a version up to theirs).
    actions = server.call(server.services.replays.view(tid, None))["replay"]["steps"]
    steps = [m["step"] for m in history]
    assert steps[:5] == [0] * 5 and steps[-1] == actions and steps[6] == playing
    assert _chat(host, tid)[-2:] == history[-2:]
    newer = host.ok(host.get(f"/api/tables/{tid}/chat", params={"after": history[-3]["id"]}))["messages"]
    assert _texts(newer) == ["my move?", "host resigned"]


def test_bad_input_logins_and_csrf_are_refused_in_words(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("host")
    tid = host.create(game="hercules", players=2)["id"]
    path = f"/api/tables/{tid}/chat"
    for body, words in (
        ({"text": "   "}, "needs some text"),
        ({"text": "x" * 501}, "at most 500 characters"),
        ({"text": "hi", "channel": "system"}, "channel"),
        ({"text": 5}, "text"),
        ({}, "text"),
        ({"text": "x" * 3000}, "text"),
    ):
        answer = host.post(path, body)
        assert answer.status_code == 422, body
        assert isinstance(answer.json()["detail"], str) and words in answer.json()["detail"]
    assert _say(host, tid, "y" * 500)["text"] == "y" * 500
    assert host.post(path, {"text": "hi"}, csrf=False).status_code == 403
    assert server.player().post(path, {"text": "hi"}).status_code == 401
    assert host.post("/api/tables/nope/chat", {"text": "hi"}).status_code == 404
    assert host.get("/api/tables/nope/chat").status_code == 404
    assert host.get(path, params={"limit": 0}).status_code == 422
    assert _texts(_chat(host, tid)) == ["y" * 500], "nothing refused was stored"


def test_messages_are_rate_limited_per_person(make_server: Any, sqlite_url: str, clock: FakeClock) -> None:
    server: LiveServer = make_server(sqlite_url)
    host = server.player("host")
    other = server.player("other")
    tid = host.create(game="hercules", players=2)["id"]
    for i in range(8):
        _say(host, tid, f"line {i}")
    refused = host.post(f"/api/tables/{tid}/chat", {"text": "one too many"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "too many chat messages" in refused.json()["detail"]
    _say(other, tid, "someone else may still talk")
    clock.advance(11)
    _say(host, tid, "again")
    assert len(_chat(host, tid)) == 10


def test_live_lines_reach_every_socket_in_order_never_coalesced(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    watcher = server.player("watcher")
    with one.socket(tid) as ws_one, watcher.socket(tid) as ws_watch, server.player().socket(tid) as ws_anon:
        for ws in (ws_one, ws_watch, ws_anon):
            wait_for(ws, lambda m: m.get("type") == "state")
        # A burst from three writers, with a move in between: every line arrives, in order, on every socket.
        sent = [_say(one, tid, "a1"), _say(two, tid, "b1"), _say(watcher, tid, "w1")]
        model = two.state(tid) if two.state(tid)["to_move"] == 1 else one.state(tid)
        mover = two if model["seat"] == 1 else one
        mover.ok(mover.move(tid, model["version"], model["legal"][0]["action"]))
        sent += [_say(one, tid, "a2"), _say(two, tid, "b2"), _say(one, tid, "a3")]
        ws_one.send(json.dumps({"type": "chat", "text": "over the socket"}))
        for ws in (ws_one, ws_watch, ws_anon):
            lines = _chat_lines(ws, 7)
            assert _texts(lines) == ["a1", "b1", "w1", "a2", "b2", "a3", "over the socket"]
            assert [m["id"] for m in lines[:6]] == [m["id"] for m in sent]
        assert _chat(one, tid)[-1]["author"]["name"] == "p-one"
        # Refusals on the socket are error messages; the socket stays open.
        ws_anon.send(json.dumps({"type": "chat", "text": "hi"}))
        assert wait_for(ws_anon, lambda m: m.get("type") == "error")["detail"] == "log in to chat"
        ws_one.send(json.dumps({"type": "chat", "text": "  "}))
        assert "needs some text" in wait_for(ws_one, lambda m: m.get("type") == "error")["detail"]
        ws_one.send(json.dumps({"type": "chat", "text": ["no"]}))
        assert wait_for(ws_one, lambda m: m.get("type") == "error")["detail"].startswith("send")
        ws_one.send(json.dumps({"type": "sync", "version": -1}))
        assert wait_for(ws_one, lambda m: m.get("type") == "state")["seat"] == 0


def test_a_muted_person_is_not_read_by_the_muter(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server)
    loud = server.player("Loud Mouth")
    _say(loud, tid, "before the mute")
    assert one.ok(one.post("/api/me/mutes/loud mouth")) == {
        "users": [{"id": loud.user["id"], "name": "Loud Mouth"}]
    }  # type: ignore[index]
    assert one.ok(one.post("/api/me/mutes/Loud Mouth"))["users"][0]["name"] == "Loud Mouth", (
        "twice: no change"
    )
    assert one.ok(one.get("/api/me/mutes"))["users"][0]["name"] == "Loud Mouth"
    assert "before the mute" not in _texts(_chat(one, tid))
    assert "before the mute" in _texts(_chat(two, tid)), "only for the muter"
    with one.socket(tid) as ws_one, two.socket(tid) as ws_two:
        wait_for(ws_one, lambda m: m.get("type") == "state")
        wait_for(ws_two, lambda m: m.get("type") == "state")
        _say(loud, tid, "can you hear me")
        _say(two, tid, "I can")
        assert _texts(_chat_lines(ws_one, 1)) == ["I can"], "the muted line never reached the muter"
        assert _texts(_chat_lines(ws_two, 2)) == ["can you hear me", "I can"]
    assert _delete(one, "/api/me/mutes/LOUD MOUTH") == {"users": []}
    assert "can you hear me" in _texts(_chat(one, tid)), "unmuted: the lines are back"
    assert one.post("/api/me/mutes/p-one").status_code == 422
    assert one.post("/api/me/mutes/nobody").status_code == 404
    assert one.post("/api/me/mutes/p-two", csrf=False).status_code == 403
    assert server.player().get("/api/me/mutes").status_code == 401


def _delete(player: Player, path: str) -> Any:
    return player.ok(player.http.request("DELETE", path, headers={"X-CSRF-Token": player.csrf}))


def test_a_block_stops_invitations_joins_and_chat_both_ways(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    alice = server.player("alice")
    troll = server.player("troll")
    friend = server.player("friend")
    invited = alice.create(
        game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "troll"}]
    )
    _say(troll, invited["id"], "hi alice")
    assert alice.ok(alice.post("/api/me/blocks/TROLL"))["users"] == [
        {"id": troll.user["id"], "name": "troll"}
    ]  # type: ignore[index]
    assert alice.ok(alice.get("/api/me/blocks"))["users"][0]["name"] == "troll"

    # No invitation either way.
    seats = [{"kind": "me"}, {"kind": "user", "user": "alice"}]
    refused = troll.post("/api/tables", {"game": "hercules", "players": 2, "seats": seats})
    assert refused.status_code == 403 and refused.json() == {
        "detail": "alice has blocked you: you cannot invite them"
    }
    seats = [{"kind": "me"}, {"kind": "user", "user": "troll"}]
    refused = alice.post("/api/tables", {"game": "hercules", "players": 2, "seats": seats})
    assert refused.status_code == 403 and "you have blocked troll" in refused.json()["detail"]
    # An invitation made before the block cannot be accepted; a table where alice sits cannot be joined.
    refused = troll.post(f"/api/tables/{invited['id']}/accept")
    assert refused.status_code == 403 and "alice has blocked you" in refused.json()["detail"]
    troll.ok(troll.post(f"/api/tables/{invited['id']}/decline"))
    for table in (invited, alice.create(game="hercules", players=2)):
        refused = troll.post(f"/api/tables/{table['id']}/join", {})
        assert refused.status_code == 403 and "alice has blocked you" in refused.json()["detail"]
    open_table = alice.create(game="hercules", players=3)
    friend.ok(friend.post(f"/api/tables/{open_table['id']}/join", {}))
    assert troll.post(f"/api/tables/{open_table['id']}/join", {}).status_code == 403
    theirs = friend.create(game="hercules", players=2)
    troll.ok(troll.post(f"/api/tables/{theirs['id']}/join", {}))  # other people's tables stay open

    # Neither reads the other, in the history or live; everyone else reads both.
    tid = theirs["id"]
    _say(alice, tid, "alice watching")
    assert "hi alice" not in _texts(_chat(alice, invited["id"]))
    assert "alice watching" not in _texts(_chat(troll, tid))
    assert {"alice watching"} <= set(_texts(_chat(friend, tid)))
    with alice.socket(tid) as ws_alice, troll.socket(tid) as ws_troll:
        wait_for(ws_alice, lambda m: m.get("type") == "table")
        wait_for(ws_troll, lambda m: m.get("type") == "table")
        _say(troll, tid, "troll line")
        _say(alice, tid, "alice line")
        _say(friend, tid, "friend line")
        assert _texts(_chat_lines(ws_alice, 2)) == ["alice line", "friend line"]
        assert _texts(_chat_lines(ws_troll, 2)) == ["troll line", "friend line"]

    assert _delete(alice, "/api/me/blocks/troll") == {"users": []}
    troll.ok(troll.post(f"/api/tables/{open_table['id']}/join", {}))
    assert alice.post("/api/me/blocks/alice").status_code == 422
    assert alice.post("/api/me/blocks/nobody").status_code == 404
    assert alice.post("/api/me/blocks/troll", csrf=False).status_code == 403


def test_a_timeout_forfeit_is_a_system_line(make_server: Any, database_url: str, clock: FakeClock) -> None:
    server: LiveServer = make_server(database_url)
    one, two, tid = two_player_table(server, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    late = one.state(tid)["to_move"]
    clock.advance(3601)
    assert server.call(server.services.master.check_deadlines()) == 1
    lines = _texts(_chat(two, tid))
    assert lines[-1] == f"{['p-one', 'p-two'][late]} lost on time"
    assert lines[:2] == ["p-two joined", "the game started"]


def test_lines_cross_processes_filtered_for_each_reader(postgres_url: str, tmp_path: Path) -> None:
    with processes.cluster(2, postgres_url, tmp_path) as group:
        first, second = group.nodes
        one, two, tid = processes.two_players_on(first, second, "hercules")
        muter = second.player("muter")
        muter.ok(muter.post("/api/me/mutes/p-one"))
        two_on_first = processes.on(two, first)
        with (
            two.socket(tid) as ws_two,
            muter.socket(tid) as ws_muter,
            processes.on(one, first).socket(tid) as ws_one,
        ):
            for ws in (ws_two, ws_muter, ws_one):
                wait_for(ws, lambda m: m.get("type") == "state")
            _say(one, tid, "from the first process")
            _say(two_on_first, tid, "two, through the first process")
            ws_two.send(json.dumps({"type": "chat", "text": "two, on the second socket"}))
            expected = [
                "from the first process",
                "two, through the first process",
                "two, on the second socket",
            ]
            assert _texts(_chat_lines(ws_two, 3)) == expected
            assert _texts(_chat_lines(ws_one, 3)) == expected
            assert _texts(_chat_lines(ws_muter, 2)) == expected[1:], "filtered on the second process too"
        group.assert_no_tracebacks()


class _StalledBrowser:
    """The sending side of a socket whose browser stopped reading: every send waits until ``gate`` opens."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.gate = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)


def test_chat_lines_wait_in_order_beside_the_newest_model_and_overflow_asks_for_a_reload() -> None:
    async def run() -> tuple[list[str], list[str]]:
        slow = _StalledBrowser()
        connection = Connection(slow, None)  # type: ignore[arg-type]
        connection.start()
        connection.offer_chat("line a")
        connection.offer("model 1", 1)
        connection.offer("model 2", 2)  # models replace each other
        connection.offer_chat("line b")  # chat lines never do
        await asyncio.sleep(0.01)
        slow.gate.set()
        await asyncio.sleep(0.05)
        await connection.stop()

        stalled = _StalledBrowser()
        overflowing = Connection(stalled, None)  # type: ignore[arg-type]
        overflowing.start()
        overflowing.offer_chat("first")
        await asyncio.sleep(0.01)  # the sender took it and waits on the browser
        for i in range(CHAT_QUEUE + 1):
            overflowing.offer_chat(f"line {i}")
        stalled.gate.set()
        await asyncio.sleep(0.05)
        await overflowing.stop()
        return slow.sent, stalled.sent

    kept, overflowed = asyncio.run(run())
    assert kept == ["model 2", "line a", "line b"]
    assert overflowed == ["first", CHAT_RELOAD], "nothing let go without the page being told"
