"""The operators' tools (server/mod/service.py) against a real server: who is an admin (one granted by the
CLI; nobody by registering first), reports, suspended accounts (sessions ended, login refused), stuck tables
ended or deleted; everyone else gets 403."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from hellenika.cli.app import app as cli
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import grant_admin


def players(server: LiveServer, *names: str) -> list[Player]:
    """Registered players; the first is granted the admin role."""
    made = [server.player(name) for name in names]
    grant_admin(server.settings.database_url, names[0])
    return made


def delete(player: Player, path: str) -> Any:
    return player.http.delete(path, headers={"X-CSRF-Token": player.csrf})


def test_nobody_is_admin_by_registering_and_the_cli_grants_and_takes_back_the_role(
    server: LiveServer,
) -> None:
    first, root, bob = server.player("first"), server.player("root"), server.player("bob")
    runner = CliRunner()
    url = server.settings.database_url
    # The first account registered is nobody special: the role is a step on the server's machine.
    for who in (first, root):
        assert who.get("/api/admin/reports").status_code == 403
        assert who.ok(who.get("/api/me/settings"))["admin"] is False
    assert runner.invoke(cli, ["admin", "grant", "root", "--database-url", url]).exit_code == 0
    assert root.ok(root.get("/api/admin/reports"))["reports"] == []
    for path in ("/api/admin/reports", "/api/admin/tables/stuck"):
        refused = bob.get(path)
        assert refused.status_code == 403 and "admins" in refused.json()["detail"]
    assert bob.post("/api/admin/users/root/suspension", {"days": 1}).status_code == 403
    granted = runner.invoke(cli, ["admin", "grant", "BOB", "--database-url", url])
    assert granted.exit_code == 0 and "bob is now an admin" in granted.output
    assert bob.get("/api/admin/reports").status_code == 200
    assert runner.invoke(cli, ["admin", "revoke", "bob", "--database-url", url]).exit_code == 0
    assert bob.get("/api/admin/reports").status_code == 403
    unknown = runner.invoke(cli, ["admin", "grant", "nobody", "--database-url", url])
    assert unknown.exit_code == 2 and "no user named" in unknown.output
    # Any admin can be revoked, the first one granted included, and then suspended like anyone.
    assert runner.invoke(cli, ["admin", "grant", "bob", "--database-url", url]).exit_code == 0
    refused = bob.post("/api/admin/users/root/suspension", {"days": 1})
    assert refused.status_code == 422 and "revoke the role first" in refused.json()["detail"]
    assert runner.invoke(cli, ["admin", "revoke", "root", "--database-url", url]).exit_code == 0
    assert root.get("/api/admin/reports").status_code == 403
    assert bob.ok(bob.post("/api/admin/users/root/suspension", {"days": 1}))["sessions_ended"] == 1


def test_reports_are_filed_listed_open_first_and_resolved(server: LiveServer) -> None:
    root, bob, cyd = players(server, "root", "bob", "cyd")
    table = bob.create(game="hercules", players=2)
    first = bob.ok(
        bob.post("/api/reports", {"user": "cyd", "reason": "  rude   in chat ", "table": table["id"]}), 201
    )
    assert first["report"]["user"] == "cyd" and first["report"]["reason"] == "rude in chat"
    second = cyd.ok(cyd.post("/api/reports", {"user": "bob", "reason": "stalls"}), 201)["report"]
    for body, words in [
        ({"user": "bob", "reason": "me"}, "yourself"),
        ({"user": "ghost", "reason": "x"}, "no user"),
        ({"user": "cyd", "reason": "x", "table": "nope"}, "no table"),
        ({"user": "cyd", "reason": "   "}, "why"),
        ({"user": "cyd", "reason": "x" * 501}, ""),
    ]:
        answer = bob.post("/api/reports", body)
        assert answer.status_code == 422 and words in answer.json()["detail"], body
    listed = root.ok(root.get("/api/admin/reports"))["reports"]
    assert [r["id"] for r in listed] == [second["id"], first["report"]["id"]]
    assert listed[1]["reporter"] == "bob" and listed[1]["table"] == table["id"]
    after = root.ok(root.post(f"/api/admin/reports/{second['id']}/resolve"))["reports"]
    assert [r["id"] for r in after] == [first["report"]["id"], second["id"]]  # open ones first
    assert after[1]["resolved_by"] == "root" and after[1]["resolved_at"]
    assert root.post(f"/api/admin/reports/{second['id']}/resolve").status_code == 409
    assert root.post("/api/admin/reports/99999/resolve").status_code == 404
    for _ in range(9):  # ten in the hour with the first
        bob.ok(bob.post("/api/reports", {"user": "cyd", "reason": "again"}), 201)
    limited = bob.post("/api/reports", {"user": "cyd", "reason": "again"})
    assert limited.status_code == 429 and "an hour" in limited.json()["detail"]


def test_a_suspended_account_loses_its_sessions_and_cannot_log_in_until_lifted(
    server: LiveServer, clock: FakeClock
) -> None:
    root, bob = players(server, "root", "bob")
    table = bob.create(game="hercules", players=2)
    with bob.socket(table["id"]) as ws:
        json.loads(ws.recv(timeout=10))
        answer = root.ok(root.post("/api/admin/users/Bob/suspension", {"days": 3, "reason": "abuse"}))
        assert answer["user"] == "bob" and answer["sessions_ended"] == 1
        try:
            while True:
                ws.recv(timeout=10)
        except Exception as closed:  # the server closes the session's sockets, as a logout does
            assert "4401" in str(closed) or "close" in type(closed).__name__.lower()
    assert bob.get("/api/me").status_code == 401
    again = server.player()
    refused = again.post("/api/auth/login", {"name": "bob", "password": "correct horse"})
    assert refused.status_code == 403 and "suspended until" in refused.json()["detail"]
    assert "abuse" in refused.json()["detail"]
    wrong = again.post("/api/auth/login", {"name": "bob", "password": "wrong"})
    assert wrong.status_code == 401  # the suspension is told only to whoever knows the password
    assert root.post("/api/admin/users/root/suspension", {"days": 1}).status_code == 422
    assert root.post("/api/admin/users/ghost/suspension", {"days": 1}).status_code == 404
    assert root.post("/api/admin/users/bob/suspension", {"days": 0}).status_code == 422
    clock.advance(3 * 86_400 + 1)  # over by itself
    again.ok(again.post("/api/auth/login", {"name": "bob", "password": "correct horse"}))
    root.ok(root.post("/api/admin/users/bob/suspension", {"days": 1}))
    assert delete(root, "/api/admin/users/bob/suspension").json()["suspended_until"] is None
    server.player().ok(server.player().post("/api/auth/login", {"name": "bob", "password": "correct horse"}))


def test_stuck_tables_are_listed_and_an_admin_ends_or_deletes_them(
    server: LiveServer, clock: FakeClock
) -> None:
    root, ann, bob = players(server, "root", "ann", "bob")
    playing = ann.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "bob"}])
    bob.ok(bob.post(f"/api/tables/{playing['id']}/accept"))
    ann.ok(ann.post(f"/api/tables/{playing['id']}/start"))
    waiting = ann.create(game="attika", players=2)
    assert root.ok(root.get("/api/admin/tables/stuck?hours=72"))["tables"] == []
    clock.advance(73 * 3600)
    stuck = root.ok(root.get("/api/admin/tables/stuck?hours=72"))["tables"]
    assert {t["id"] for t in stuck} == {playing["id"], waiting["id"]}
    assert bob.post(f"/api/admin/tables/{playing['id']}/remove").status_code == 403
    to_move = ann.state(playing["id"])["to_move"]
    ended = root.ok(root.post(f"/api/admin/tables/{playing['id']}/remove"))["table"]
    assert ended["status"] == "finished"
    result = ended["result"]
    assert result["forfeit"] == to_move and result["reason"] == "removed" and result["rated"] is False
    late = ["ann", "bob"][to_move]
    assert result["end_text"].startswith(f"{late} was removed by the server's admin; ")
    assert root.post(f"/api/admin/tables/{playing['id']}/remove").status_code == 409
    assert root.ok(root.post(f"/api/admin/tables/{waiting['id']}/remove"))["table"] is None
    assert ann.get(f"/api/tables/{waiting['id']}").status_code == 404
    assert root.post("/api/admin/tables/nope/remove").status_code == 404
