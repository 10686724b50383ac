"""The post-game review (issue 26, server/learn/review.py): computed in the background for one seat, progress
while it runs, cached with the record, the biggest mistakes first with links to the replay at their step;
who may see and ask for what; the bounded queue's refusals."""

from __future__ import annotations

import time
from typing import Any

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.bots.coach import decision_steps
from hellenika.engine import play_match
from hellenika.engine.record import Record
from tests.server.harness import LiveServer, Player
from tests.server.helpers import play_out, two_player_table

FAST = {"review_workers": 0, "review_iterations": 8, "review_chunk": 8}


def finished_table(server: LiveServer, prefix: str = "p", **table: Any) -> tuple[Player, Player, str]:
    first, second, table_id = two_player_table(server, "hercules", prefix, **table)
    play_out({0: first, 1: second}, table_id, seed=1)
    return first, second, table_id


def wait_done(player: Player, replay_id: str, seat: int, timeout: float = 120) -> dict[str, Any]:
    end = time.monotonic() + timeout
    seen = set()
    while True:
        answer: dict[str, Any] = player.ok(player.get(f"/api/replays/{replay_id}/review?seat={seat}"))
        seen.add(answer["review"]["status"])
        if answer["review"]["status"] == "done":
            answer["seen"] = seen
            return answer
        assert answer["review"]["status"] in ("queued", "running"), answer
        if time.monotonic() > end:
            raise AssertionError(f"the review did not finish: {answer['review']}")
        time.sleep(0.05)


def upload(player: Player, name: str = "hercules", seed: int = 4) -> tuple[str, Record]:
    agents = [make_agent("random"), make_agent("random")]
    record = play_match(games.get(name), 2, agents, seed=seed).record
    answer = player.ok(player.post("/api/replays", record.to_json()), 201)
    return str(answer["id"]), record


def test_a_review_runs_in_the_background_and_is_kept(make_server: Any, database_url: str) -> None:
    # Worker processes, as in production.
    server = make_server(database_url, review_workers=1, bot_workers=1, review_iterations=8, review_chunk=5)
    first, second, table_id = finished_table(server)
    before = first.ok(first.get(f"/api/replays/{table_id}/review"))
    assert before["seat"] == 0 and before["mine"] == [0] and before["seats"] == [0, 1]
    assert before["review"]["status"] == "none"
    asked = first.post(f"/api/replays/{table_id}/review", {"seat": 0})
    assert asked.status_code == 202, asked.text
    assert asked.json()["review"]["status"] in ("queued", "running")
    answer = wait_done(first, table_id, 0)
    review = answer["review"]
    record = Record.from_json(first.ok(first.get(f"/api/tables/{table_id}/record")))
    steps = decision_steps(record, games.REGISTRY, {0})
    assert [d["step"] for d in review["decisions"]] == steps
    assert review["total"] == review["done"] == len(steps)
    assert review["iterations"] == 8
    assert [p["step"] for p in review["curve"]] == steps
    # The biggest mistakes first, at most three, each linking to the replay at the position of its decision.
    losses = [m["loss"] for m in review["mistakes"]]
    assert losses == sorted(losses, reverse=True) and len(losses) <= 3
    worst = max((d for d in review["decisions"] if not d["same"]), key=lambda d: d["loss"], default=None)
    if worst is not None and worst["loss"] >= 0.02:
        assert review["mistakes"][0]["step"] == worst["step"]
    for mistake in review["mistakes"]:
        assert mistake["replay_url"] == f"/replays/{table_id}?step={mistake['step']}"
        shown = first.ok(first.get(f"/api/replays/{table_id}?step={mistake['step']}"))
        assert shown["to_move"] == 0  # the board where seat 0 had to decide
    # Cached: asking again answers the stored review at once (200), for the other player too (public table).
    again = first.post(f"/api/replays/{table_id}/review", {"seat": 0})
    assert again.status_code == 200 and again.json()["review"]["decisions"] == review["decisions"]
    seen = second.ok(second.get(f"/api/replays/{table_id}/review?seat=0"))
    assert seen["review"]["decisions"] == review["decisions"] and seen["mine"] == [1]
    # ... and after a restart, from the database.
    server.stop()
    restarted = make_server(database_url, **FAST)
    reader = restarted.player()
    kept = reader.ok(reader.get(f"/api/replays/{table_id}/review?seat=0"))
    assert kept["review"]["status"] == "done" and kept["review"]["decisions"] == review["decisions"]


def test_an_uploaded_record_is_reviewed_for_any_seat(make_server: Any, database_url: str) -> None:
    server = make_server(database_url, **FAST)
    uploader = server.player("uploader")
    replay_id, record = upload(uploader)
    assert uploader.post(f"/api/replays/{replay_id}/review", {"seat": 1}).status_code == 202
    answer = wait_done(uploader, replay_id, 1)
    assert [d["step"] for d in answer["review"]["decisions"]] == decision_steps(record, games.REGISTRY, {1})
    assert all(d["seat"] == 1 for d in answer["review"]["decisions"])
    assert answer["replay"]["names"] == record.seats
    # Each judgement names the move played as the record has it.
    for d in answer["review"]["decisions"]:
        assert games.get("hercules").action_from_json(record.actions[d["step"]]).notation() == d["played"]


def test_who_may_see_and_ask(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, **FAST)
    first, second, private_id = finished_table(server, "q", private=True, rated=False)
    stranger = server.player("stranger")
    visitor = server.player()
    # A private table: its players, each for their own seat only.
    assert stranger.get(f"/api/replays/{private_id}/review").status_code == 403
    assert visitor.get(f"/api/replays/{private_id}/review").status_code == 403
    refused = first.post(f"/api/replays/{private_id}/review", {"seat": 1})
    assert refused.status_code == 403 and "own seat" in refused.json()["detail"]
    assert second.ok(second.get(f"/api/replays/{private_id}/review"))["seat"] == 1
    # Asking needs a login and the CSRF header.
    public = finished_table(server, "r")[2]
    assert visitor.post(f"/api/replays/{public}/review", {}).status_code == 401
    assert stranger.post(f"/api/replays/{public}/review", {}, csrf=False).status_code == 403
    # A public game: anyone reads.
    assert visitor.ok(visitor.get(f"/api/replays/{public}/review?seat=1"))["seat"] == 1
    assert stranger.post(f"/api/replays/{public}/review", {"seat": 5}).status_code == 422
    assert stranger.post(f"/api/replays/{public}/review", {"seat": "0"}).status_code == 422
    assert stranger.get(f"/api/replays/{public}/review?seat=-1").status_code == 422
    # Unknown, and a game still running.
    assert stranger.get("/api/replays/nothing/review").status_code == 404
    running = two_player_table(server, "hercules", "s")[2]
    answer = stranger.get(f"/api/replays/{running}/review")
    assert answer.status_code == 409 and "not finished" in answer.json()["detail"]


@pytest.mark.parametrize("limit", ["per_user", "queue"])
def test_the_queue_is_bounded(make_server: Any, sqlite_url: str, limit: str) -> None:
    # Slow enough that the first is still under way; in a worker process, which stopping the server ends.
    settings = {**FAST, "review_iterations": 2000, "review_workers": 1, "bot_workers": 1}
    settings.update({"review_per_user": 1} if limit == "per_user" else {"review_queue": 1})
    server = make_server(sqlite_url, **settings)
    who = server.player("asker")
    other = server.player("other")
    first_id, _record = upload(who)
    assert who.post(f"/api/replays/{first_id}/review", {"seat": 0}).status_code == 202
    replay_id = first_id
    if limit == "queue":  # a full queue holds back a second review, never someone's first
        assert other.post(f"/api/replays/{first_id}/review", {"seat": 1}).status_code == 202
        replay_id = upload(who, seed=5)[0]
    refused = who.post(f"/api/replays/{replay_id}/review", {"seat": 1})
    assert refused.status_code == (429 if limit == "per_user" else 503), refused.text
    assert refused.headers["Retry-After"].isdigit()
    assert refused.json()["detail"]
    # The same review asked again is no new work: it answers the one under way.
    again = who.post(f"/api/replays/{first_id}/review", {"seat": 0})
    assert again.status_code == 202 and again.json()["review"]["status"] in ("queued", "running")


def test_a_review_runs_in_another_process_while_tables_move(make_server: Any, sqlite_url: str) -> None:
    """The search runs in a worker process (not the server's), and a live table goes on meanwhile."""
    import os

    server = make_server(sqlite_url, review_workers=1, bot_workers=1, review_iterations=2000, review_chunk=1)
    who = server.player("busy")
    replay_id, _record = upload(who)
    assert who.post(f"/api/replays/{replay_id}/review", {"seat": 0}).status_code == 202
    end = time.monotonic() + 60
    while True:
        review = who.ok(who.get(f"/api/replays/{replay_id}/review"))["review"]
        if review["status"] == "running" and review["total"] > 0:
            break
        assert time.monotonic() < end, review
        time.sleep(0.05)
    executor = server.services.master.thinkers._executor  # the bot pool, which reviews share
    workers = list(getattr(executor, "_processes", {}).values())
    assert workers and all(p.pid != os.getpid() and p.is_alive() for p in workers)
    table = who.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot"}], rated=False)
    who.ok(who.post(f"/api/tables/{table['id']}/start"))
    moved = 0
    while moved < 5:
        model = who.state(table["id"])
        if model["finished"]:
            break
        if model["to_move"] == model["seat"]:
            who.ok(who.move(table["id"], model["version"], model["legal"][0]["action"]))
            moved += 1
    status = who.ok(who.get(f"/api/replays/{replay_id}/review"))["review"]
    assert status["status"] == "running" and status["done"] < status["total"]  # still searching meanwhile
    server.stop()  # stops the worker too, in the middle of its search
    for process in workers:
        process.join(timeout=10)
        assert not process.is_alive()


def test_every_process_answers_the_same_review(make_server: Any, sqlite_url: str, clock: Any) -> None:
    """Two servers on one database: the review asked on one shows its progress on the other, asking there
    answers the one under way, and a review whose process stopped goes stale and can be asked again."""
    settings = {**FAST, "review_iterations": 2000, "review_chunk": 1, "review_workers": 1, "bot_workers": 1}
    first = make_server(sqlite_url, **settings)
    second = make_server(sqlite_url, **settings)
    who = first.player("two-places")
    replay_id, _record = upload(who)
    assert who.post(f"/api/replays/{replay_id}/review", {"seat": 0}).status_code == 202
    there = second.player()
    there.http.cookies = who.http.cookies  # the same person, through another process
    seen = there.ok(there.get(f"/api/replays/{replay_id}/review"))["review"]
    assert seen["status"] in ("queued", "running")
    again = there.post(f"/api/replays/{replay_id}/review", {"seat": 0})
    assert again.status_code == 202 and second.services.reviews.jobs == {}  # no second computation
    # The first process stops mid-review: once its row is stale it reads as not reviewed, and asking again
    # (here, on the second process) starts it there.
    first.stop()
    clock.advance(301)
    assert there.ok(there.get(f"/api/replays/{replay_id}/review"))["review"]["status"] == "none"
    assert there.post(f"/api/replays/{replay_id}/review", {"seat": 0}).status_code == 202
    assert list(second.services.reviews.jobs) == [(replay_id, 0)]
