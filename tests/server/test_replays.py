"""Replays: a finished table's record downloads, records upload (verified by replaying them: every chance
outcome against the seed, the result and digest computed; bad or forged ones are 422 and store nothing) and
every replay steps forward and back as the spectator's model."""

from __future__ import annotations

import copy
import functools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import play_match
from hellenika.engine.record import Record
from hellenika.server.core.errors import ApiError
from hellenika.server.replays.service import check_record
from hellenika.server.store.models import Replay, User
from hellenika.web.model import table_model
from tests.engine.test_record import forge_last_chance
from tests.server.harness import LiveServer
from tests.server.helpers import play_out


def _record(game: str = "peloponnes", players: int = 2) -> dict[str, Any]:
    result = play_match(games.get(game), players, [make_agent("random") for _ in range(players)], seed=11)
    return result.record.to_json()


@functools.cache
def _good() -> dict[str, Any]:
    """A valid CLI record (peloponnes, seed 11), made once; copy it before changing it."""
    return _record()


def _replay_count(server: LiveServer) -> int:
    return server.call(server.services.store.read(lambda s: s.scalar(select(func.count(Replay.id))))) or 0


def test_upload_then_step_through(server: LiveServer) -> None:
    fan = server.player("fan")
    data = _record()
    assert server.player().post("/api/replays", data).status_code == 401
    answer = fan.post("/api/replays", data)
    assert answer.status_code == 201
    replay_id = answer.json()["id"]
    steps = len(data["actions"])
    end = fan.ok(fan.get(f"/api/replays/{replay_id}"))
    assert end["replay"]["step"] == steps and end["replay"]["steps"] == steps and end["finished"]
    game = games.get("peloponnes")
    for step in (0, 1, steps // 2):
        model = fan.ok(fan.get(f"/api/replays/{replay_id}", params={"step": step}))
        replayed = game.new_state(2, data["options"], log=True)
        for item in data["actions"][:step]:
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
    tampered["actions"][5] = tampered["actions"][6]
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


def test_a_finished_table_is_a_replay_and_its_record_uploads(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
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
    assert record["chance"] == "per-step"  # the server's scheme, so the upload checks every draw
    assert host.ok(host.get(end["replay"]["record_url"])) == record
    uploaded = host.ok(host.post("/api/replays", record), 201)["id"]
    again = host.ok(host.get(f"/api/replays/{uploaded}"))
    assert again["view"] == end["view"] and again["replay"]["names"] == end["replay"]["names"]
    assert again["replay"]["result"] == end["replay"]["result"] == record["result"]
    assert again["replay"]["result"]["places"] == final["places"]


def test_a_resigned_table_uploads_with_its_forfeit_marked_as_claimed(
    make_server: Any, database_url: str
) -> None:
    server: LiveServer = make_server(database_url)
    host = server.player("quitter")
    table = host.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    tid = table["id"]
    host.ok(host.post(f"/api/tables/{tid}/start"))
    host.ok(host.post(f"/api/tables/{tid}/leave"))  # resigns: seat 0 forfeits, the game is not over
    record = host.ok(host.get(f"/api/tables/{tid}/record"))
    assert record["result"]["forfeit"] == 0 and record["result"]["reason"] == "resigned"
    uploaded = host.ok(host.post("/api/replays", record), 201)["id"]
    result = host.ok(host.get(f"/api/replays/{uploaded}"))["replay"]["result"]
    assert result["forfeit_claimed"] is True and result["forfeit"] == 0 and result["reason"] == "resigned"
    assert result["places"] == record["result"]["places"] == [2, 1]
    assert result["scores"] == record["result"]["scores"]
    other_seat = copy.deepcopy(record)
    other_seat["result"]["forfeit"] = 1  # the places the record gives are seat 0's forfeit
    answer = host.post("/api/replays", other_seat)
    assert answer.status_code == 422 and "result.places: the record says [2, 1]" in answer.json()["detail"]


def _forgeries() -> list[tuple[str, dict[str, Any], str]]:
    """(what, record, words the 422 must hold) for each way of lying in a record."""
    good = _good()
    seed = copy.deepcopy(good)
    seed["seed"] += 1
    scores = copy.deepcopy(good)
    scores["result"]["scores"] = [999, 0]
    real = good["result"]["scores"]
    truncated = copy.deepcopy(good)
    truncated["actions"] = truncated["actions"][:50]
    truncated["final_digest"] = None
    chance, step = forge_last_chance(good)
    return [
        ("a changed seed", seed, "record's seed draws"),
        ("a forged score", scores, f"result.scores: the record says [999, 0], the replay gives {real}"),
        (
            "a cut record keeping its result",
            truncated,
            "has a result but its game is not over after 50 actions",
        ),
        ("another chance outcome", chance, f"action {step} "),
    ]


def test_forged_records_are_refused_and_store_nothing(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    fan = server.player("forger")
    for what, forged, words in _forgeries():
        answer = fan.post("/api/replays", forged)
        assert answer.status_code == 422, what
        assert words in answer.json()["detail"], (what, answer.json())
    no_seed = copy.deepcopy(_good())
    no_seed["seed"] = None
    answer = fan.post("/api/replays", no_seed)
    assert answer.status_code == 422 and "no seed" in answer.json()["detail"]
    assert _replay_count(server) == 0
    fan.ok(fan.post("/api/replays", _good()), 201)
    assert _replay_count(server) == 1


def test_a_cli_record_is_stored_as_its_replay_computes_it(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    fan = server.player("fan")
    good = _good()
    bare = copy.deepcopy(good)
    bare.update(result=None, final_digest=None, options={}, extra={"ignored": [1, [2]]})
    del bare["chance"]  # a record from before the field: the CLI's stream scheme
    for data in (good, bare):
        replay_id = fan.ok(fan.post("/api/replays", data), 201)["id"]
        shown = fan.ok(fan.get(f"/api/replays/{replay_id}"))["replay"]["result"]
        assert shown == {**good["result"], "participants": ["random", "random"]}  # named by the seats
        stored = fan.ok(fan.get(f"/api/replays/{replay_id}/record"))
        assert stored["final_digest"] == good["final_digest"] and stored["chance"] == "stream"
        assert stored["actions"] == good["actions"] and stored["options"] == good["options"]
        assert "extra" not in stored


def test_record_limits(server: LiveServer) -> None:
    fan = server.player("limits")
    good = _good()
    for change, words in (
        ({"seats": ["x" * 65, "y"]}, "at most 64 characters"),
        ({"seats": ["a", "b", "c"]}, "3 seats for 2 players"),
        ({"seats": [1, 2]}, "'seats' must be a list of names"),
        ({"game": "p" * 33}, "at most 32 characters"),
        ({"rules_version": "1" * 33}, "at most 32 characters"),
        ({"options": {"variant": [[[]]]}}, "option"),
        ({"players": 99}, "players"),
        ({"chance": "loaded dice"}, "'chance' must be one of"),
        ({"result": {"scores": [[[[[[1]]]]]]}}, "result.scores"),
    ):
        answer = fan.post("/api/replays", {**good, **change})
        assert answer.status_code == 422, change
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and words in detail and len(detail) <= 400, (change, detail)
    assert _replay_count(server) == 0


def test_replays_stored_before_verification_still_show(make_server: Any, database_url: str) -> None:
    """Rows uploaded when records were trusted may hold a forged result or a seed of any shape."""
    server: LiveServer = make_server(database_url)
    fan = server.player("old-uploader")
    good = _good()
    old_rows = {
        "rforged": {**good, "result": {"scores": [999, 0], "places": [1, 2]}},
        "rweird": {**good, "seed": {"not": "a seed"}, "result": [1, [2]], "final_digest": None},
    }

    def write(session: Session) -> None:
        user_id = session.scalar(select(User.id).where(User.name == "old-uploader"))
        for replay_id, data in old_rows.items():
            steps = len(data["actions"])
            session.add(
                Replay(
                    id=replay_id,
                    game="peloponnes",
                    uploader_id=user_id,
                    record=data,
                    steps=steps,
                    created_at=0.0,
                )
            )

    server.call(server.services.store.write(write))
    forged = fan.ok(fan.get("/api/replays/rforged"))
    assert forged["finished"] and forged["replay"]["steps"] == len(good["actions"])
    weird = fan.ok(fan.get("/api/replays/rweird", params={"step": 3}))
    assert weird["replay"]["result"] is None
    assert fan.ok(fan.get("/api/replays/rweird/record"))["seed"] is None


# ---------------------------------------------------------------------- check_record never fails otherwise

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = [
    "format",
    "game",
    "rules_version",
    "players",
    "options",
    "seats",
    "seed",
    "chance",
    "actions",
    "result",
    "final_digest",
]


def _checked_or_422(data: Any) -> None:
    try:
        record = check_record(data)
    except ApiError as exc:
        assert exc.status == 422 and isinstance(exc.detail, str) and exc.detail
        return
    assert isinstance(record, Record)
    Record.from_json(record.to_json()).verify(games.REGISTRY)  # what would be stored checks again


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=JSON)
def test_check_record_answers_any_json_value_with_a_record_or_a_422(data: Any) -> None:
    _checked_or_422(data)
    if isinstance(data, dict):
        _checked_or_422({**data, "format": "hellenika-record/1"})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    field=st.sampled_from(FIELDS),
    value=JSON,
    drop=st.booleans(),
    where=st.integers(0, 10_000),
    action_field=st.text(max_size=8) | st.sampled_from(["kind", "participant", "civ", "values"]),
)
def test_check_record_answers_any_mutation_of_a_record_with_a_record_or_a_422(
    field: str, value: Any, drop: bool, where: int, action_field: str
) -> None:
    data = copy.deepcopy(_good())
    if drop:
        del data[field]
    else:
        data[field] = value
    _checked_or_422(data)
    mutated = copy.deepcopy(_good())
    actions = mutated["actions"]
    actions[where % len(actions)][action_field] = value
    _checked_or_422(mutated)
    result = copy.deepcopy(_good())
    result["result"][action_field] = value
    _checked_or_422(result)


def test_check_record_refuses_deep_nesting_with_a_422() -> None:
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    for data in (
        {**_good(), "result": {"scores": deep}},
        {**_good(), "options": {"variant": deep}},
        {**_good(), "actions": [{"kind": deep}]},
        {**_good(), "seats": deep},
    ):
        _checked_or_422(data)
