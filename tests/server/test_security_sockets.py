"""Table WebSockets against floods (server/round/socket.py): at most 16 sockets a person and 16 anonymous ones
an address in a process (the next is closed with 4429 and says why), syncs rate limited per socket, and a
sync of a model the socket has already been sent answered "unchanged" rather than with the model again."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.server.harness import LiveServer, Player, receive, wait_for
from tests.server.helpers import two_player_table


def first_message(ws: ClientConnection) -> dict[str, Any]:
    return receive(ws, timeout=20)


def refused(ws: ClientConnection) -> ConnectionClosed:
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=20)
    return closed.value


def test_one_person_holds_at_most_sixteen_sockets(server: LiveServer) -> None:
    ann = server.player("ann")
    table = ann.create(game="hercules", players=2)["id"]
    other = ann.create(game="attika", players=2)["id"]
    with ExitStack() as stack:
        sockets = [stack.enter_context(ann.socket(table if i % 2 else other)) for i in range(16)]
        for ws in sockets:
            assert first_message(ws)["type"] == "table"
        with ann.socket(table) as extra:
            closed = refused(extra)
            assert closed.rcvd is not None and closed.rcvd.code == 4429
            assert "at most 16" in closed.rcvd.reason and "this account" in closed.rcvd.reason
        # Someone else is not affected, and a socket closed frees its place.
        bob = server.player("bob")
        with bob.socket(table) as theirs:
            assert first_message(theirs)["type"] == "table"
        sockets[0].close()
        _wait_held(server, ann, 15)
        with ann.socket(table) as again:
            assert first_message(again)["type"] == "table"


def _wait_held(server: LiveServer, player: Player, count: int) -> None:
    import time

    user_id = player.user["id"]  # type: ignore[index]
    end = time.monotonic() + 10
    while server.services.hub.held(user_id) != count:
        assert time.monotonic() < end, server.services.hub.held(user_id)
        time.sleep(0.02)


def test_anonymous_sockets_are_capped_per_address(server: LiveServer) -> None:
    ann = server.player("ann")
    table = ann.create(game="hercules", players=2)["id"]
    visitor = server.player()
    with ExitStack() as stack:
        for _ in range(16):
            assert first_message(stack.enter_context(visitor.socket(table)))["type"] == "table"
        with visitor.socket(table) as extra:
            closed = refused(extra)
            assert closed.rcvd is not None and closed.rcvd.code == 4429
            assert "this address" in closed.rcvd.reason
        with ann.socket(table) as logged_in:  # a person from the same address has places of their own
            assert first_message(logged_in)["type"] == "table"


def test_syncs_are_rate_limited_and_an_unchanged_model_is_not_sent_again(server: LiveServer) -> None:
    one, two, table = two_player_table(server)
    version = one.state(table)["version"]
    with one.socket(table) as ws:
        assert wait_for(ws, lambda m: m.get("type") == "state")["version"] == version
        ws.send(json.dumps({"type": "sync", "version": -1}))  # a reconnecting page's first sync: the model
        assert receive(ws)["type"] == "state"
        ws.send(json.dumps({"type": "sync", "version": -1}))  # again, nothing has changed: "unchanged"
        assert receive(ws) == {"type": "unchanged", "version": version}
        for _ in range(30):  # back to back: a few are served, the rest refused in words
            ws.send(json.dumps({"type": "sync", "version": -1}))
        answers = [receive(ws) for _ in range(30)]
        kinds = [a["type"] for a in answers]
        assert "state" not in kinds  # never the whole model again
        assert kinds.count("unchanged") <= 4 and kinds.count("error") >= 26, kinds
        assert all("too many sync" in a["detail"] for a in answers if a["type"] == "error")
        # A move: the push brings the new model, and the socket stays usable.
        model = one.state(table) if one.state(table)["to_move"] == 0 else two.state(table)
        mover = one if model["seat"] == 0 else two
        mover.ok(mover.move(table, model["version"], model["legal"][0]["action"]))
        assert wait_for(ws, lambda m: m.get("type") == "state")["version"] > version
