"""Undo: only my own last decision, within my own turn; never across a chance outcome or another seat's
action. The table's version goes up by one on an undo, so stale clients resync."""

from __future__ import annotations

import random
from typing import Any

from tests.server.harness import LiveServer, Player
from tests.server.helpers import two_player_table


def _strip(model: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in model.items() if k not in ("version", "table")}


def test_undo_rules(server: LiveServer) -> None:
    one, two, tid = two_player_table(server, game="hercules")
    players = {0: one, 1: two}
    outsider = server.player("outsider")
    rng = random.Random(2)
    seen_plain = seen_chance = seen_other = False
    for _ in range(400):
        model = one.state(tid)
        if model["finished"] or (seen_plain and seen_chance and seen_other):
            break
        seat = model["to_move"]
        me: Player = players[seat]
        other: Player = players[1 - seat]
        before = me.state(tid)
        steps_before = server.services.master.live[tid].state.version
        version = me.ok(me.move(tid, before["version"], rng.choice(before["legal"])["action"]))["version"]
        after = me.state(tid)
        applied = server.services.master.live[tid].state.version - steps_before
        if after["to_move"] == seat and applied == 1 and not seen_plain:
            # My own decision, still my turn, nothing drawn since: it can be taken back, once per decision.
            assert after["can_undo"] is True, "the page is told it may offer Undo"
            assert other.state(tid)["can_undo"] is False
            assert outsider.post(f"/api/tables/{tid}/undo", {"version": version}).status_code == 403
            assert me.post(f"/api/tables/{tid}/undo", {"version": version - 1}).status_code == 409
            undone = me.ok(me.post(f"/api/tables/{tid}/undo", {"version": version}))["version"]
            assert undone == version + 1, "an undo moves the version on"
            restored = me.state(tid)
            assert _strip(restored) == _strip(before), "the table is exactly as before the decision"
            assert server.services.master.live[tid].state.version == steps_before
            seen_plain = True
        elif after["to_move"] == seat and applied > 1 and not seen_chance:
            assert after["can_undo"] is False, "no Undo offered across a roll or a draw"
            refused = me.post(f"/api/tables/{tid}/undo", {"version": version})
            assert refused.status_code == 422 and "chance" in refused.json()["detail"]
            seen_chance = True
        elif after["to_move"] == 1 - seat and not seen_other:
            assert after["can_undo"] is False and other.state(tid)["can_undo"] is False
            refused = other.post(f"/api/tables/{tid}/undo", {"version": version})
            assert refused.status_code in (409, 422), refused.text
            assert me.post(f"/api/tables/{tid}/undo", {"version": version}).status_code == 409
            seen_other = True
    assert seen_plain and seen_chance and seen_other


def test_undo_survives_a_restart(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url, snapshot_every=3)
    one, two, tid = two_player_table(server, game="hellas_delonge", prefix="u")
    players = {0: one, 1: two}
    rng = random.Random(3)
    for _ in range(300):
        model = one.state(tid)
        seat = model["to_move"]
        me = players[seat]
        mine = me.state(tid)
        steps_before = server.services.master.live[tid].state.version
        version = me.ok(me.move(tid, mine["version"], rng.choice(mine["legal"])["action"]))["version"]
        if (
            me.state(tid)["to_move"] == seat
            and server.services.master.live[tid].state.version == steps_before + 1
        ):
            me.ok(me.post(f"/api/tables/{tid}/undo", {"version": version}))
            break
    else:
        raise AssertionError("no undoable decision came up")
    expected = server.services.master.live[tid].state.to_json()
    server.stop()
    again: LiveServer = make_server(sqlite_url, snapshot_every=3)
    viewer = again.player()
    viewer.state(tid)
    assert again.services.master.live[tid].state.to_json() == expected
