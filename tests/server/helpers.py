"""Small steps the server tests share: two players at a started table, playing a seat's moves, making an
account an admin."""

from __future__ import annotations

import random
import time
from typing import Any

from hellenika.server.people.roles import set_admin
from hellenika.server.store import Store
from tests.server.harness import LiveServer, Player


def grant_admin(database_url: str, name: str) -> None:
    """Make ``name`` an admin as ``hellenika admin grant NAME`` does (the same store helper), on the
    server's database: nobody is an admin by registering first."""
    store = Store(database_url, migrate=False)
    try:
        with store.session() as session, session.begin():
            set_admin(session, name, True)
    finally:
        store.close()


def admin_player(server: LiveServer, name: str = "root") -> Player:
    """A registered player granted the admin role."""
    player = server.player(name)
    grant_admin(server.settings.database_url, name)
    return player


def two_player_table(
    server: LiveServer, game: str = "hercules", prefix: str = "p", **table: Any
) -> tuple[Player, Player, str]:
    """Two registered players seated at a started two-player table; answers (first, second, table id).

    The first invites the second by name, the second accepts, the first starts."""
    first = server.player(f"{prefix}-one")
    second = server.player(f"{prefix}-two")
    body: dict[str, Any] = {
        "game": game,
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "user", "user": f"{prefix}-two"}],
    }
    body.update(table)
    created = first.create(**body)
    second.ok(second.post(f"/api/tables/{created['id']}/accept"))
    first.ok(first.post(f"/api/tables/{created['id']}/start"))
    return first, second, created["id"]


def wait_turn(player: Player, table_id: str, timeout: float = 30) -> dict[str, Any]:
    """Poll until it is this player's turn or the game is over; answers the model."""
    end = time.monotonic() + timeout
    while True:
        model = player.state(table_id)
        if model["finished"] or model["to_move"] == model["seat"]:
            return model
        if time.monotonic() > end:
            raise AssertionError("the turn never came")
        time.sleep(0.02)


def play_out(players: dict[int, Player], table_id: str, seed: int = 0, limit: int = 5000) -> dict[str, Any]:
    """Random legal moves for the seated players until the game ends (bots move on the server)."""
    rng = random.Random(seed)
    any_player = next(iter(players.values()))
    for _ in range(limit):
        model = any_player.state(table_id)
        if model["finished"]:
            return model
        seat = model["to_move"]
        if seat not in players:
            time.sleep(0.01)
            continue
        mine = players[seat].state(table_id)
        if mine["to_move"] != seat:
            continue
        choice = rng.choice(mine["legal"])
        players[seat].ok(players[seat].move(table_id, mine["version"], choice["action"]))
    raise AssertionError("the game did not finish")
