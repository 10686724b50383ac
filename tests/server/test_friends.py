"""Friends (issue 23): add and remove by name, one's own list only, with each friend's public games in play
(to watch); private tables and finished games are not listed."""

from __future__ import annotations

from typing import Any

from tests.server.harness import LiveServer


def test_add_remove_and_the_games_friends_are_playing(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    me = server.player("me")
    ann = server.player("Ann")
    bob = server.player("bob")
    assert me.ok(me.get("/api/me/friends")) == {"friends": []}

    added = me.ok(me.post("/api/me/friends/ANN"))
    assert added["added"] is True
    assert added["friend"]["user"] == {"id": ann.user["id"], "name": "Ann"}  # type: ignore[index]
    assert added["friend"]["playing"] == [] and added["friend"]["since"] == "2027-01-15T08:00:00Z"
    again = me.ok(me.post("/api/me/friends/ann"))
    assert again["added"] is False, "adding again changes nothing"
    me.ok(me.post("/api/me/friends/bob"))
    assert [f["user"]["name"] for f in me.ok(me.get("/api/me/friends"))["friends"]] == ["Ann", "bob"]
    assert ann.ok(ann.get("/api/me/friends")) == {"friends": []}, "one way: ann's own list is empty"

    # Ann plays a public game against a bot, and a private one; bob waits at an open table.
    public = ann.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}])["id"]
    ann.ok(ann.post(f"/api/tables/{public}/start"))
    private = ann.create(game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "bot"}], private=True)[
        "id"
    ]
    ann.ok(ann.post(f"/api/tables/{private}/start"))
    bob.create(game="hercules", players=2)
    friends = {f["user"]["name"]: f for f in me.ok(me.get("/api/me/friends"))["friends"]}
    playing = friends["Ann"]["playing"]
    assert [t["id"] for t in playing] == [public]
    assert playing[0]["watch_url"] == f"/tables/{public}" and playing[0]["names"] == ["Ann", "Bot 2 (medium)"]
    assert playing[0]["title"] == "Hercules" and playing[0]["mode"] == "live"
    assert friends["bob"]["playing"] == []
    ann.ok(ann.post(f"/api/tables/{public}/leave"))  # resigned: no longer in play
    assert me.ok(me.get("/api/me/friends"))["friends"][0]["playing"] == []

    removed = me.ok(me.http.delete("/api/me/friends/Ann", headers={"X-CSRF-Token": me.csrf}))
    assert removed["removed"] is True and [f["user"]["name"] for f in removed["friends"]] == ["bob"]
    removed = me.ok(me.http.delete("/api/me/friends/Ann", headers={"X-CSRF-Token": me.csrf}))
    assert removed["removed"] is False


def test_friends_need_a_login_csrf_and_a_real_other_person(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    me = server.player("me")
    server.player("ann")
    visitor = server.player()
    assert visitor.get("/api/me/friends").status_code == 401
    assert visitor.post("/api/me/friends/ann").status_code == 401
    assert me.post("/api/me/friends/ann", csrf=False).status_code == 403
    assert me.http.delete("/api/me/friends/ann").status_code == 403, "DELETE needs the CSRF header too"
    unknown = me.post("/api/me/friends/nobody")
    assert unknown.status_code == 404 and unknown.json() == {"detail": "no user named 'nobody'"}
    assert me.http.delete("/api/me/friends/nobody", headers={"X-CSRF-Token": me.csrf}).status_code == 404
    myself = me.post("/api/me/friends/ME")
    assert myself.status_code == 422 and myself.json() == {"detail": "you cannot add yourself as a friend"}
    assert me.post("/api/me/friends/" + "x" * 100).status_code == 404
    assert me.ok(me.get("/api/me/friends")) == {"friends": []}, "refusals added nobody"
