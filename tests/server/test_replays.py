"""Replays: a finished table's record downloads, records upload (checked by replaying them; bad ones are 422)
and every replay steps forward and back as the spectator's model."""

from __future__ import annotations

import copy

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import play_match
from hellenika.web.model import table_model
from tests.server.harness import LiveServer
from tests.server.helpers import play_out


def _record(game: str = "peloponnes", players: int = 2) -> dict[str, object]:
    result = play_match(games.get(game), players, [make_agent("random") for _ in range(players)], seed=11)
    return result.record.to_json()


def test_upload_then_step_through(server: LiveServer) -> None:
    fan = server.player("fan")
    data = _record()
    assert server.player().post("/api/replays", data).status_code == 401
    answer = fan.post("/api/replays", data)
    assert answer.status_code == 201
    replay_id = answer.json()["id"]
    steps = len(data["actions"])  # type: ignore[arg-type]
    end = fan.ok(fan.get(f"/api/replays/{replay_id}"))
    assert end["replay"]["step"] == steps and end["replay"]["steps"] == steps and end["finished"]
    game = games.get("peloponnes")
    for step in (0, 1, steps // 2):
        model = fan.ok(fan.get(f"/api/replays/{replay_id}", params={"step": step}))
        replayed = game.new_state(2, data["options"], log=True)  # type: ignore[arg-type]
        for item in data["actions"][:step]:  # type: ignore[index]
            replayed.apply(game.action_from_json(item))
        names = model["replay"]["names"]
        expected = table_model(replayed, None, names)
        assert {k: v for k, v in model.items() if k != "replay"} == expected
    assert fan.get(f"/api/replays/{replay_id}", params={"step": steps + 1}).status_code == 422
    assert fan.get(f"/api/replays/{replay_id}", params={"step": -1}).status_code == 422
    assert fan.get("/api/replays/nothing-here").status_code == 404


def test_an_uploaded_record_downloads_again_unchanged(server: LiveServer) -> None:
    fan = server.player("fan")
    data = _record("hercules", 3)
    replay_id = fan.ok(fan.post("/api/replays", data), 201)["id"]
    url = fan.ok(fan.get(f"/api/replays/{replay_id}", params={"step": 0}))["replay"]["record_url"]
    assert url == f"/api/replays/{replay_id}/record"
    downloaded = server.player().ok(server.player().get(url))  # anyone who may watch may download
    for key in ("game", "players", "options", "seed", "actions", "final_digest"):
        assert downloaded[key] == data[key], key
    assert fan.ok(fan.post("/api/replays", downloaded), 201)["id"] != replay_id
    assert fan.get("/api/replays/nothing-here/record").status_code == 404


def test_bad_records_are_refused(server: LiveServer) -> None:
    fan = server.player("fan")
    good = _record()
    tampered = copy.deepcopy(good)
    tampered["actions"][5] = tampered["actions"][6]  # type: ignore[index]
    wrong_digest = copy.deepcopy(good)
    wrong_digest["final_digest"] = "0" * 16
    unknown_game = copy.deepcopy(good)
    unknown_game["game"] = "chess"
    for bad in (tampered, wrong_digest, unknown_game, {"format": "something else"}, {"actions": 5}):
        answer = fan.post("/api/replays", bad)
        assert answer.status_code == 422, bad
        assert isinstance(answer.json()["detail"], str)
    broken = fan.http.post(
        "/api/replays",
        content=b"{not json",
        headers={"X-CSRF-Token": fan.csrf, "Content-Type": "application/json"},
    )
    assert broken.status_code == 400
    assert fan.post("/api/replays", [1, 2, 3]).status_code == 422


def test_a_finished_table_is_a_replay_and_its_record_uploads(server: LiveServer) -> None:
    host = server.player("host")
    table = host.create(game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    tid = table["id"]
    host.ok(host.post(f"/api/tables/{tid}/start"))
    assert host.get(f"/api/replays/{tid}").status_code == 409  # not finished yet
    final = play_out({0: host}, tid, seed=8)
    end = host.ok(host.get(f"/api/replays/{tid}"))
    assert end["replay"]["steps"] == final["version"] and end["places"] == final["places"]
    start = host.ok(host.get(f"/api/replays/{tid}", params={"step": 0}))
    assert start["version"] == 0 and start["log"] == []
    record = host.ok(host.get(f"/api/tables/{tid}/record"))
    assert host.ok(host.get(end["replay"]["record_url"])) == record
    uploaded = host.ok(host.post("/api/replays", record), 201)["id"]
    again = host.ok(host.get(f"/api/replays/{uploaded}"))
    assert again["view"] == end["view"] and again["replay"]["names"] == end["replay"]["names"]
