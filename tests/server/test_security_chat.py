"""A private table's chat is for its people (server/chat/service.py), on SQLite and PostgreSQL: its players,
its invitees and its creator, and whoever holds its invitation link; anyone else who knows the table's id,
logged in or not, is refused its history and its posting, and their sockets get none of its lines."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import ClientConnection

from tests.server.harness import LiveServer, Player, receive, wait_for


def say(player: Player, table_id: str, text: str, **body: Any) -> Any:
    return player.post(f"/api/tables/{table_id}/chat", {"text": text, **body})


def no_chat(ws: ClientConnection, seconds: float = 0.8) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            message = receive(ws, timeout=left)
        except TimeoutError:
            return
        assert message.get("type") != "chat", f"a private line reached an outsider: {message}"


def private_table(server: LiveServer) -> tuple[Player, Player, dict[str, Any]]:
    ann, bob = server.player("ann"), server.player("bob")
    seats = [{"kind": "me"}, {"kind": "user", "user": "bob"}]
    table = ann.create(game="hercules", players=2, seats=seats, private=True)
    return ann, bob, table


def test_a_private_tables_chat_is_for_its_people(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    ann, bob, table = private_table(server)
    tid = table["id"]
    ann.ok(say(ann, tid, "just us"), 201)
    stranger, visitor = server.player("stranger"), server.player()
    for outsider in (stranger, visitor):
        answer = outsider.get(f"/api/tables/{tid}/chat")
        assert answer.status_code == 403 and "private" in answer.json()["detail"], answer.text
    refused = say(stranger, tid, "let me in")
    assert refused.status_code == 403 and "private" in refused.json()["detail"]
    # The invitee (not seated yet) reads and writes, in the spectators' channel.
    assert [m["text"] for m in bob.ok(bob.get(f"/api/tables/{tid}/chat"))["messages"]] == ["just us"]
    assert bob.ok(say(bob, tid, "hello"), 201)["message"]["channel"] == "spectators"
    # Whoever holds the invitation link is invited too.
    token = _token(server, tid)
    linked = visitor.ok(visitor.get(f"/api/tables/{tid}/chat?invite={token}"))["messages"]
    assert [m["text"] for m in linked] == ["just us", "hello"]
    assert say(stranger, tid, "via the link", invite=token).status_code == 201
    assert stranger.get(f"/api/tables/{tid}/chat?invite=wrong").status_code == 403
    # A public table's chat stays open to everyone.
    public = ann.create(game="hercules", players=2)["id"]
    ann.ok(say(ann, public, "all welcome"), 201)
    assert visitor.ok(visitor.get(f"/api/tables/{public}/chat"))["messages"][0]["text"] == "all welcome"


def test_a_private_tables_lines_reach_only_its_peoples_sockets(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    ann, bob, table = private_table(server)
    tid = table["id"]
    stranger, visitor = server.player("stranger"), server.player()
    with (
        ann.socket(tid) as ws_ann,
        bob.socket(tid) as ws_bob,
        stranger.socket(tid) as ws_stranger,
        visitor.socket(tid) as ws_visitor,
    ):
        for ws in (ws_ann, ws_bob, ws_stranger, ws_visitor):
            assert receive(ws)["type"] == "table"  # the table itself may be watched
        ann.ok(say(ann, tid, "secret plans"), 201)
        bob.ok(bob.post(f"/api/tables/{tid}/accept"))  # and a system line: "bob joined"
        for ws in (ws_ann, ws_bob):
            lines = [wait_for(ws, lambda m: m.get("type") == "chat")["message"]["text"] for _ in range(2)]
            assert lines == ["secret plans", "bob joined"]
        no_chat(ws_stranger)
        no_chat(ws_visitor)
        ws_stranger.send(json.dumps({"type": "chat", "text": "over the socket"}))
        error = wait_for(ws_stranger, lambda m: m.get("type") == "error")
        assert "private" in error["detail"]
    token = _token(server, tid)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{tid}?invite={token}"
    from websockets.sync.client import connect

    with connect(url, open_timeout=20) as linked:
        assert receive(linked)["type"] == "table"
        ann.ok(say(ann, tid, "for the link too"), 201)
        assert wait_for(linked, lambda m: m.get("type") == "chat")["message"]["text"] == "for the link too"


def _token(server: LiveServer, table_id: str) -> str:
    from sqlalchemy import select

    from hellenika.server.store.models import GameTable

    with server.services.store.session() as session:
        token = session.scalar(select(GameTable.invite_token).where(GameTable.id == table_id))
    assert token is not None
    return token
