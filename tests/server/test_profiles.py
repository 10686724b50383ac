"""Profiles (issue 23): ``GET /api/users/{name}`` says member since, per game the rating (the ordinal, never
below 0), rated games, wins and places, favourite games and recent games with their links; private tables
are listed only to those who sat at them; an unknown name is 404."""

from __future__ import annotations

from typing import Any

from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import play_out, two_player_table


def _game(first: Player, second: Player, game: str, **table: Any) -> str:
    """A started two-player table: ``first`` invites ``second``, who accepts."""
    name = second.user["name"]  # type: ignore[index]
    seats = [{"kind": "me"}, {"kind": "user", "user": name}]
    tid: str = first.create(game=game, players=2, seats=seats, **table)["id"]
    second.ok(second.post(f"/api/tables/{tid}/accept"))
    first.ok(first.post(f"/api/tables/{tid}/start"))
    return tid


def _profile(viewer: Player, name: str) -> dict[str, Any]:
    answer: dict[str, Any] = viewer.ok(viewer.get(f"/api/users/{name}"))
    return answer


def test_a_profile_counts_ratings_wins_places_and_lists_recent_games(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url)
    ann, bob, played = two_player_table(server, "hercules", prefix="pf")
    final = play_out({0: ann, 1: bob}, played, seed=3)
    ann_place = final["places"][0]
    clock.advance(60)
    # A second game, resigned by ann at once: she is placed last, and it is not rated (too early).
    resigned = _game(ann, bob, "hellas")
    ann.ok(ann.post(f"/api/tables/{resigned}/leave"))
    clock.advance(60)
    # A private game between them: listed to them, not to others.
    private = _game(ann, bob, "hellas", private=True)
    bob.ok(bob.post(f"/api/tables/{private}/leave"))

    visitor = server.player()
    seen = _profile(visitor, "PF-ONE")  # case ignored
    assert seen["user"] == {"id": ann.user["id"], "name": "pf-one"}  # type: ignore[index]
    assert seen["member_since"] == "2027-01-15T08:00:00Z"
    assert seen["me"] is False and seen["settings_url"] is None
    by_game = {g["game"]: g for g in seen["games"]}
    assert set(by_game) == {"hercules", "hellas"}
    hercules = by_game["hercules"]
    assert hercules["played"] == 1 and hercules["rated_games"] == 1
    assert hercules["wins"] == (1 if ann_place == 1 else 0)
    assert sum(hercules["places"]) == 1 and hercules["places"][ann_place - 1] == 1
    assert hercules["rating"] >= 0 and hercules["rating"] == max(0.0, hercules["ordinal"])
    board = {r["name"]: r for r in visitor.ok(visitor.get("/api/leaderboard/hercules"))["ratings"]}
    assert hercules["rating"] == board["pf-one"]["rating"] and hercules["mu"] == board["pf-one"]["mu"]
    hellas = by_game["hellas"]
    assert hellas["played"] == 2, "private games count (ratings include them too)"
    assert hellas["rated_games"] == 0 and hellas["rating"] is None
    assert hellas["places"] == [1, 1] and hellas["wins"] == 1  # last when she resigned, first when bob did
    assert [f["game"] for f in seen["favourites"]] == ["hellas", "hercules"]
    assert seen["played"] == 3

    # Recent games: latest first, the private one left out for a visitor.
    assert [g["id"] for g in seen["recent"]] == [resigned, played]
    first = seen["recent"][0]
    assert first["table_url"] == f"/tables/{resigned}" and first["replay_url"] == f"/replays/{resigned}"
    assert first["place"] == 2 and first["seat"] == 0 and first["names"] == ["pf-one", "pf-two"]
    assert first["end_text"] == "pf-one resigned; pf-two wins." and first["rated"] is False
    assert seen["recent"][1]["rated"] is True and seen["recent"][1]["score"] == final["scores"][0]
    assert seen["next"] is None

    # Those who sat at the private table see it; one's own profile links to the settings.
    own = _profile(ann, "pf-one")
    assert [g["id"] for g in own["recent"]] == [private, resigned, played]
    assert own["recent"][0]["private"] is True
    assert own["me"] is True and own["settings_url"] == "/settings"
    assert [g["id"] for g in _profile(bob, "pf-one")["recent"]] == [private, resigned, played]
    assert [g["id"] for g in _profile(server.player("other"), "pf-one")["recent"]] == [resigned, played]

    # Paging: one at a time with the cursor.
    page = ann.ok(ann.get("/api/users/pf-one/games", params={"limit": 1}))
    assert [g["id"] for g in page["games"]] == [private] and page["next"] == private
    page = ann.ok(ann.get("/api/users/pf-one/games", params={"limit": 2, "before": private}))
    assert [g["id"] for g in page["games"]] == [resigned, played] and page["next"] is None
    hidden = visitor.get("/api/users/pf-one/games", params={"before": private})
    assert hidden.status_code == 422, "a private table is no cursor for someone who did not sit there"


def test_unknown_names_and_bad_queries_are_4xx(server: LiveServer) -> None:
    visitor = server.player()
    for name in ("nobody", "x" * 65, "a%20b", "%C3%A9t%C3%A9"):
        answer = visitor.get(f"/api/users/{name}")
        assert answer.status_code == 404, name
        assert answer.json()["detail"].startswith("no user named")
    fresh = server.player("fresh one")
    seen = _profile(visitor, "fresh one")
    assert seen["games"] == [] and seen["recent"] == [] and seen["favourites"] == [] and seen["played"] == 0
    assert fresh.get("/api/users/fresh one/games", params={"limit": 0}).status_code == 422
    assert fresh.get("/api/users/fresh one/games", params={"limit": 51}).status_code == 422
    assert fresh.get("/api/users/fresh one/games", params={"before": "nope"}).status_code == 422
    assert fresh.get("/api/users/nobody/games").status_code == 404
