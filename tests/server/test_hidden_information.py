"""No payload ever carries hidden information: for every registered game, a whole game is played through the
HTTP and WebSocket API with the seats as separate logged-in users (plus a bot seat where the game allows a
third player, and an anonymous spectator), and every model a connection receives, pushed or fetched, must be
exactly the table model built from that seat's own view of the state at that version."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import orjson
import pytest

from hellenika import games
from hellenika.engine.record import Record
from hellenika.web.model import table_model
from tests.server.harness import LiveServer, Player


class Collector:
    """Drains one WebSocket on a thread, keeping every message."""

    def __init__(self, player: Player | None, server: LiveServer, table_id: str) -> None:
        client = player if player is not None else Player(server)
        self.ws = client.socket(table_id)
        self.messages: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        try:
            for text in self.ws:
                self.messages.append(orjson.loads(text))
        except Exception:
            pass

    def wait_version(self, version: int, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(m.get("type") == "state" and m["version"] >= version for m in self.messages):
                return
            time.sleep(0.02)
        raise AssertionError(f"version {version} never arrived")

    def close(self) -> None:
        self.ws.close()
        self.thread.join(timeout=10)


def _seats(game_name: str) -> list[dict[str, Any]]:
    game = games.get(game_name)
    seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "user", "user": "hid-b"}]
    if game.max_players >= 3:
        seats.append({"kind": "bot", "level": "medium"})
    return seats


@pytest.mark.parametrize("game_name", games.names())
def test_every_payload_is_the_seats_own_view(server: LiveServer, game_name: str) -> None:
    alice = server.player("hid-a")
    bob = server.player("hid-b")
    seats = _seats(game_name)
    table = alice.create(game=game_name, players=len(seats), seats=seats)
    table_id = table["id"]
    watchers = {0: Collector(alice, server, table_id), 1: Collector(bob, server, table_id)}
    spectator = Collector(None, server, table_id)
    bob.ok(bob.post(f"/api/tables/{table_id}/accept"))
    alice.ok(alice.post(f"/api/tables/{table_id}/start"))
    players = {0: alice, 1: bob}
    fetched: list[tuple[int | None, dict[str, Any]]] = []
    rng = random.Random(f"hidden-{game_name}")
    last_version = -1
    for _ in range(5000):
        model = alice.state(table_id)
        fetched.append((0, model))
        if model["finished"]:
            last_version = model["version"]
            break
        seat = model["to_move"]
        if seat not in players:  # the bot's turn: it moves on the server
            time.sleep(0.01)
            continue
        mine = players[seat].state(table_id)
        fetched.append((seat, mine))
        assert mine["seat"] == seat and mine["legal"], "the seat to move is offered its choices"
        choice = rng.choice(mine["legal"])
        players[seat].ok(players[seat].move(table_id, mine["version"], choice["action"]))
    else:
        pytest.fail("the game did not finish")
    fetched.append((None, Player(server).state(table_id)))
    for collector in [*watchers.values(), spectator]:
        collector.wait_version(last_version)
        collector.close()

    record = Record.from_json(alice.ok(alice.get(f"/api/tables/{table_id}/record")))
    game = games.get(game_name)
    final = record.replay(games.REGISTRY)
    names = ["hid-a", "hid-b"] + [f"Bot {i + 1} (medium)" for i in range(2, len(seats))]
    names += final.participant_names()[len(seats) :]

    received: list[tuple[int | None, dict[str, Any]]] = list(fetched)
    for seat, collector in [(0, watchers[0]), (1, watchers[1]), (None, spectator)]:
        states = [m for m in collector.messages if m.get("type") == "state"]
        assert states, "every connection receives pushes"
        versions = [m["version"] for m in states]
        assert versions == sorted(versions), "pushes never go back in time"
        received += [(seat, m) for m in states]

    # Replay once, building the expected model of each (seat, version) that was received.
    wanted: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for seat, message in received:
        wanted.setdefault(message["version"], []).append((seat, message))
    state = game.new_state(record.players, record.options, log=True)
    checked = 0
    for step in range(len(record.actions) + 1):
        expected: dict[int | None, Any] = {}
        for seat, message in wanted.get(step, []):
            if seat not in expected:
                expected[seat] = orjson.loads(orjson.dumps(table_model(state, seat, names)))
            assert isinstance(message.pop("can_undo"), bool), "every model says whether Undo is possible"
            got = {k: v for k, v in message.items() if k not in ("type", "table")}
            assert got == expected[seat], f"seat {seat} at version {step} got another model"
            assert message["table"]["my_seat"] == seat
            checked += 1
        if step < len(record.actions):
            state.apply(game.action_from_json(record.actions[step]))
    assert checked == len(received)
    assert state.digest() == final.digest()
