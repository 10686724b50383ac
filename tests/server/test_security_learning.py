"""Learning's heavy work kept off the serving process and shared fairly (server/learn/): "think harder"
hints are searched in a worker process (the same answer as in the server's own), and reviews are served a
person at a time, so a few people asking for several reviews each keep nobody else out."""

from __future__ import annotations

import hashlib
import os
import threading
import time
from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.bots.coach import hint_answer
from hellenika.engine import play_match
from hellenika.engine.errors import RecordError
from hellenika.server.learn import review as review_module
from tests.server.harness import LiveServer, Player


def hint_table(player: Player) -> str:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    table = player.create(game="hercules", players=2, seats=seats, rated=False, hints=True)
    player.ok(player.post(f"/api/tables/{table['id']}/start"))
    end = time.monotonic() + 30
    while True:
        model = player.state(table["id"])
        if model["to_move"] == model["seat"] and len(model["legal"]) > 1:
            return str(table["id"])
        assert time.monotonic() < end and not model["finished"], "no decision of mine came"
        if model["to_move"] == model["seat"]:
            player.ok(player.move(table["id"], model["version"], model["legal"][0]["action"]))
        time.sleep(0.05)


def test_search_hints_run_in_the_bot_pool(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url, bot_workers=1, hint_iterations=40)
    hana = server.player("hana")
    table = hint_table(hana)
    thinkers = server.services.master.thinkers  # the bot pool, which hints share
    assert hana.ok(hana.get(f"/api/tables/{table}/hint"))["by"] == "heuristic"
    assert thinkers._executor is not None  # the first hint starts the worker for the searches to come
    jobs = thinkers.jobs
    answer = hana.ok(hana.get(f"/api/tables/{table}/hint?by=search"))
    assert answer["by"] == "search"
    assert thinkers.jobs == jobs + 1
    workers = list((getattr(thinkers._executor, "_processes", None) or {}).values())
    assert workers and all(p.pid != os.getpid() and p.is_alive() for p in workers)
    # The worker's answer is the one the server's own process computes from the same position and seed.
    live = server.services.master.live.get(table)
    assert live is not None
    seat, version = answer["seat"], answer["version"]
    digest = hashlib.sha256(f"hint:{table}:{version}:{seat}:search".encode()).digest()
    here = hint_answer(live.state.clone(), seat, int.from_bytes(digest[:8], "big"), list(live.names()), 40)
    assert answer["hint"] == here["hint"] and answer["reason"] == here["reason"]
    server.stop()  # stops the worker too
    for process in workers:
        process.join(timeout=10)
        assert not process.is_alive()


def _record(seed: int) -> dict[str, Any]:
    agents = [make_agent("random"), make_agent("random")]
    return play_match(games.get("hercules"), 2, agents, seed=seed).record.to_json()


def test_reviews_are_served_a_person_at_a_time(make_server: Any, sqlite_url: str) -> None:
    """Eight people with two reviews each fill what were the site's 16 shared places: a ninth person is still
    queued, and served before anyone's second review; service goes round the people, one review each."""
    started: list[tuple[int, int]] = []  # (person, seat) as the single worker takes them
    gate = threading.Event()

    def watched(record_json: dict[str, Any], seat: int) -> Any:
        started.append((int(record_json["seed"]), seat))
        gate.wait(60)
        raise RecordError("stopped by the test once its turn is known")

    server: LiveServer = make_server(sqlite_url, review_workers=0, review_iterations=2, review_queue=16)
    original = review_module.plan_review
    review_module.plan_review = watched  # type: ignore[assignment]
    try:
        people = [server.player(f"fair{i}") for i in range(9)]
        replays = [p.ok(p.post("/api/replays", _record(i)), 201)["id"] for i, p in enumerate(people)]
        for person, replay in zip(people[:8], replays, strict=False):
            for seat in (0, 1):
                assert person.post(f"/api/replays/{replay}/review", {"seat": seat}).status_code == 202
        late = people[8].post(f"/api/replays/{replays[8]}/review", {"seat": 0})
        assert late.status_code == 202, late.text
        position = late.json()["review"]["position"]
        assert position is not None and position <= 8, position  # behind the firsts only, not all 16
        gate.set()
        end = time.monotonic() + 60
        while len(started) < 17:
            assert time.monotonic() < end, started
            time.sleep(0.05)
        firsts = [who for who, seat in started if seat == 0]
        assert firsts == list(range(9)), started  # everyone's first review, the late one's included ...
        seconds = [started.index((who, 1)) for who in range(8)]
        assert started.index((8, 0)) < min(seconds), started  # ... before anyone's second
        assert [who for who, seat in started if seat == 1] == list(range(8))
    finally:
        gate.set()
        review_module.plan_review = original  # type: ignore[assignment]
