"""Finding an opponent automatically (server/lobby/matchmaking.py) against a real server: people who asked are
seated together and their game starts; close ratings first, wider as they wait; blocks kept; requests
cancelled, expired, refused in words; one request never seated twice when many arrive at once."""

from __future__ import annotations

import concurrent.futures
from typing import Any

import pytest

from hellenika.server.lobby.matchmaking import Matchmaking
from hellenika.server.store.models import Rating
from tests.server.harness import FakeClock, LiveServer, Player

ASK = {"game": "hercules", "players": 2, "mode": "live", "wait_minutes": 30}


@pytest.fixture
def server(make_server: Any, database_url: str) -> LiveServer:
    server: LiveServer = make_server(database_url, matchmaking_poll_seconds=0)
    return server


def ask(player: Player, **changes: Any) -> dict[str, Any]:
    request: dict[str, Any] = player.ok(player.post("/api/matchmaking", {**ASK, **changes}), 201)["request"]
    return request


def rate(server: LiveServer, player: Player, ordinal: float, game: str = "hercules") -> None:
    """Give ``player`` a rating whose ordinal (mu - 3 sigma) is ``ordinal``."""
    assert player.user is not None
    with server.services.store.session() as session, session.begin():
        session.add(
            Rating(
                game=game,
                player=f"user:{player.user['id']}",
                user_id=player.user["id"],
                name=player.user["name"],
                mu=ordinal + 3 * 2.0,
                sigma=2.0,
                games=10,
                wins=5,
                updated_at=0.0,
            )
        )


def sweep(server: LiveServer) -> int:
    services = server.services
    return server.call(Matchmaking(services.store, services.settings, services.master).sweep())


def test_two_people_asking_for_the_same_game_are_seated_together_and_it_starts(server: LiveServer) -> None:
    ann, bob = server.player("ann"), server.player("bob")
    first = ask(ann)
    assert first["status"] == "waiting" and first["table"] is None
    assert ann.ok(ann.get("/api/matchmaking/waiting"))["pools"] == [
        {
            "game": "hercules",
            "players": 2,
            "mode": "live",
            "deadline_hours": None,
            "rated": True,
            "waiting": 1,
        }
    ]
    second = ask(bob)
    assert second["status"] == "matched" and second["table"]
    table_id = second["table"]
    assert ann.ok(ann.get(f"/api/matchmaking/requests/{first['id']}"))["request"]["table"] == table_id
    table = ann.ok(ann.get(f"/api/tables/{table_id}"))["table"]
    assert table["status"] == "playing" and table["rated"] is True
    assert sorted(s["user"]["name"] for s in table["seats"]) == ["ann", "bob"]
    assert all(s["kind"] == "user" for s in table["seats"])
    # Both are seated players of a running game: the one to move can move.
    models = [ann.state(table_id), bob.state(table_id)]
    assert {m["seat"] for m in models} == {0, 1}
    mover = [ann, bob][[m["seat"] for m in models].index(models[0]["to_move"])]
    model = mover.state(table_id)
    mover.ok(mover.move(table_id, model["version"], model["legal"][0]["action"]))
    assert ann.ok(ann.get("/api/matchmaking/waiting"))["pools"] == []


def test_close_ratings_are_matched_first_and_the_spread_widens_as_people_wait(
    server: LiveServer, clock: FakeClock
) -> None:
    strong, new, close, middle = (server.player(n) for n in ("strong", "newcomer", "close", "middle"))
    rate(server, strong, 30.0)
    rate(server, close, 29.0)
    rate(server, middle, 10.0)
    assert ask(strong)["rating"] == 30.0
    assert ask(new)["status"] == "waiting"  # 0 against 30: too far apart for new requests
    matched = ask(close)  # 29 is within 3 of 30: these two play, the newcomer still waits
    assert matched["status"] == "matched"
    seats = strong.ok(strong.get(f"/api/tables/{matched['table']}"))["table"]["seats"]
    assert sorted(s["user"]["name"] for s in seats) == ["close", "strong"]
    clock.advance(180)  # the newcomer now accepts 3 + 3 x 3 = 12 points
    assert ask(middle)["status"] == "waiting"  # 10 apart, but the new request accepts 3 only
    assert sweep(server) == 0
    clock.advance(150)  # the middle one accepts 3 + 7.5 = 10.5 now
    assert sweep(server) == 1
    [request] = [r for r in new.ok(new.get("/api/matchmaking"))["requests"] if r["status"] == "matched"]
    seats = new.ok(new.get(f"/api/tables/{request['table']}"))["table"]["seats"]
    assert sorted(s["user"]["name"] for s in seats) == ["middle", "newcomer"]


def test_people_who_blocked_each_other_are_never_seated_together(
    server: LiveServer, clock: FakeClock
) -> None:
    ann, bob, cyd = server.player("ann"), server.player("bob"), server.player("cyd")
    ann.ok(ann.post("/api/me/blocks/bob"))
    ask(ann)
    ask(bob)
    clock.advance(1200)
    assert sweep(server) == 0  # however long they wait
    matched = ask(cyd)
    assert matched["status"] == "matched"
    names = {s["user"]["name"] for s in cyd.ok(cyd.get(f"/api/tables/{matched['table']}"))["table"]["seats"]}
    assert "cyd" in names and names != {"ann", "bob", "cyd"} and len(names) == 2


def test_requests_are_cancelled_expire_and_are_refused_in_words(server: LiveServer, clock: FakeClock) -> None:
    ann, bob = server.player("ann"), server.player("bob")
    waiting = ask(ann, wait_minutes=5)
    again = ann.post("/api/matchmaking", ASK)
    assert again.status_code == 409 and "already waiting" in again.json()["detail"]
    not_bobs = bob.http.delete(
        f"/api/matchmaking/requests/{waiting['id']}", headers={"X-CSRF-Token": bob.csrf}
    )
    assert not_bobs.status_code == 404
    clock.advance(301)
    sweep(server)
    assert ann.ok(ann.get(f"/api/matchmaking/requests/{waiting['id']}"))["request"]["status"] == "expired"
    assert ask(bob)["status"] == "waiting"  # the expired request does not play
    other = ask(ann, players=3)
    cancelled = ann.http.delete(
        f"/api/matchmaking/requests/{other['id']}", headers={"X-CSRF-Token": ann.csrf}
    )
    assert ann.ok(cancelled)["request"]["status"] == "cancelled"
    twice = ann.http.delete(f"/api/matchmaking/requests/{other['id']}", headers={"X-CSRF-Token": ann.csrf})
    assert twice.status_code == 409 and "cancelled" in twice.json()["detail"]
    refusals = [
        ({**ASK, "game": "chess"}, 422),
        ({**ASK, "players": 1}, 422),
        ({**ASK, "players": 9}, 422),
        ({**ASK, "mode": "turn-based"}, 422),
        ({**ASK, "wait_minutes": 0}, 422),
        ({**ASK, "options": {"no such option": 1}}, 422),
    ]
    for body, status in refusals:
        answer = ann.post("/api/matchmaking", body)
        assert answer.status_code == status and isinstance(answer.json()["detail"], str), body
    assert ann.post("/api/matchmaking", ASK, csrf=False).status_code == 403
    assert server.player().post("/api/matchmaking", ASK).status_code == 401


def test_many_requests_at_once_are_each_seated_once(make_server: Any, postgres_url: str) -> None:
    server: LiveServer = make_server(postgres_url, matchmaking_poll_seconds=0)
    people = [server.player(f"p{i}") for i in range(8)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, people))
    sweep(server)
    requests = [
        p.ok(p.get(f"/api/matchmaking/requests/{a['id']}"))["request"]
        for p, a in zip(people, answers, strict=True)
    ]
    tables = [r["table"] for r in requests]
    assert all(r["status"] == "matched" for r in requests)
    assert sorted(tables.count(t) for t in set(tables)) == [2, 2, 2, 2]  # four tables, two people each
    for table_id in set(tables):
        table = people[0].ok(people[0].get(f"/api/tables/{table_id}"))["table"]
        assert table["status"] == "playing" and len({s["user"]["id"] for s in table["seats"]}) == 2
