"""A restart loses nothing acknowledged: a new server on the same database rebuilds each table from its
latest snapshot and the actions since, at the same version with the same state, and play goes on."""

from __future__ import annotations

import random
from typing import Any

from tests.server.harness import LiveServer
from tests.server.helpers import play_out


def test_a_game_continues_after_a_restart(make_server: Any, database_url: str) -> None:
    first: LiveServer = make_server(database_url, snapshot_every=7)
    host = first.player("host")
    guest = first.player("guest")
    table = host.create(
        game="hellas",
        players=3,
        seats=[{"kind": "me"}, {"kind": "user", "user": "guest"}, {"kind": "bot"}],
    )
    tid = table["id"]
    guest.ok(guest.post(f"/api/tables/{tid}/accept"))
    host.ok(host.post(f"/api/tables/{tid}/start"))
    players = {0: host, 1: guest}
    rng = random.Random(5)
    moves = 0
    while moves < 25:
        model = host.state(tid)
        assert not model["finished"]
        seat = model["to_move"]
        if seat not in players:
            continue
        mine = players[seat].state(tid)
        if mine["to_move"] != seat:
            continue
        players[seat].ok(players[seat].move(tid, mine["version"], rng.choice(mine["legal"])["action"]))
        moves += 1
    # Let a pending bot turn finish so the state is quiet, then take the picture.
    while host.state(tid)["to_move"] not in players:
        pass
    live = first.services.master.live[tid]
    before_state = live.state.to_json()
    before_models = {seat: p.state(tid) for seat, p in players.items()}
    first.stop()

    second: LiveServer = make_server(database_url, snapshot_every=7)
    assert tid not in second.services.master.live
    host2 = second.player()
    host2.ok(host2.post("/api/auth/login", {"name": "host", "password": "correct horse"}))
    guest2 = second.player()
    guest2.ok(guest2.post("/api/auth/login", {"name": "guest", "password": "correct horse"}))
    after_models = {0: host2.state(tid), 1: guest2.state(tid)}
    assert second.services.master.live[tid].state.to_json() == before_state
    for seat in (0, 1):
        assert after_models[seat] == before_models[seat], "the same model, log included, after the restart"
    final = play_out({0: host2, 1: guest2}, tid, seed=6)
    assert final["finished"]
