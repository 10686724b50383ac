"""The bot pool (server/core/thinkers.py): a hard bot's table moves on with its searches in a worker process,
not the serving one; a killed worker is replaced and the next job works (the job it was running answers 503,
never 500); Ray runs the same jobs when ``ray_address`` is set."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import signal
import time
from typing import Any

import pytest

from hellenika import games
from hellenika.bots.remote import decide_from_json, worker_pid
from hellenika.server.core.security import RetryLater
from hellenika.server.core.thinkers import Thinkers
from tests.server.harness import LiveServer, Player


def _table_against_bot(server: LiveServer, name: str, level: str) -> tuple[Player, str]:
    player = server.player(name)
    table = player.create(
        game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": level}], rated=False
    )
    player.ok(player.post(f"/api/tables/{table['id']}/start"))
    return player, str(table["id"])


def _play(player: Player, table: str, moves: int) -> None:
    """The person plays their first legal action ``moves`` times, each time after the bot has answered."""
    made = 0
    end = time.monotonic() + 120
    while made < moves:
        assert time.monotonic() < end, "the bot did not answer"
        model = player.state(table)
        if model["finished"]:
            break
        if model["to_move"] == model["seat"]:
            player.ok(player.move(table, model["version"], model["legal"][0]["action"]))
            made += 1
        else:
            time.sleep(0.05)


def _play_against_bot(server: LiveServer, name: str, level: str, moves: int) -> str:
    player, table = _table_against_bot(server, name, level)
    _play(player, table, moves)
    return table


def test_a_hard_bot_thinks_in_a_worker_process(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url, bot_workers=1)
    thinkers = server.services.master.thinkers
    assert thinkers.jobs == 0
    table = _play_against_bot(server, "against-hard", "hard", 3)
    assert thinkers.jobs > 0
    pids = thinkers.pids()
    assert pids and os.getpid() not in pids
    # The pool's own answer: a job runs in one of those processes.
    assert server.call(thinkers.run(worker_pid)) in pids
    live = server.services.master.live[table]
    assert any(by == "bot" for _, by in live.meta)  # the bot's moves were committed
    server.stop()


def test_a_worker_decides_as_the_serving_process_would() -> None:
    """The same state, seat, level and generator state: the same choice in a worker and here."""
    from hellenika.bots.remote import rng_from_state
    from hellenika.bots.specs import make_agent
    from hellenika.engine.agent import Observation
    from hellenika.engine.rng import Rng

    game = games.get("hercules")
    state = game.new_state(2)
    rng = Rng(7)
    while state.current_player() < 0:
        state.apply(state.sample_chance(rng))
    seat = state.current_player()
    seed = Rng(11).fork("bot").state
    here = make_agent("ismcts:iterations=60").choose(Observation(state, seat), rng_from_state(seed))

    async def remote() -> dict[str, Any]:
        thinkers = Thinkers(1, "test")
        try:
            return await thinkers.run(
                decide_from_json, "hercules", state.to_json(), seat, "ismcts:iterations=60", seed
            )
        finally:
            await thinkers.close()

    assert asyncio.run(remote()) == here.to_json()


def test_a_killed_worker_is_replaced_and_the_next_job_works() -> None:
    async def scenario() -> None:
        thinkers = Thinkers(1, "test")
        try:
            first = await thinkers.run(worker_pid)
            assert first != os.getpid()
            # Killed while idle: the next job goes to a new pool without an error.
            os.kill(first, signal.SIGKILL)
            await asyncio.sleep(0.5)
            second = await thinkers.run(worker_pid)
            assert second not in (first, os.getpid())
            # Killed during a job: that job answers 503 (retry later), the next one works.
            running = asyncio.ensure_future(thinkers.run(time.sleep, 30))
            await asyncio.sleep(0.5)
            os.kill(second, signal.SIGKILL)
            with pytest.raises(RetryLater) as refused:
                await asyncio.wait_for(running, 30)
            assert refused.value.status_code == 503
            third = await thinkers.run(worker_pid)
            assert third not in (first, second, os.getpid())
            assert thinkers.rebuilt == 2 and thinkers.jobs == 4
        finally:
            await thinkers.close()

    asyncio.run(scenario())


def test_a_bot_goes_on_after_its_worker_is_killed_mid_thought(make_server: Any, sqlite_url: str) -> None:
    server: LiveServer = make_server(sqlite_url, bot_workers=1)
    master = server.services.master
    thinkers = master.thinkers
    player, table = _table_against_bot(server, "kill-mid-thought", "hard")
    end = time.monotonic() + 60
    while not thinkers.pids() or master.bot_to_move(master.live[table]) is None:
        assert time.monotonic() < end, "the bot never started thinking"
        model = player.state(table)
        if model["to_move"] == model["seat"]:  # a turn in Hercules is several decisions
            player.ok(player.move(table, model["version"], model["legal"][0]["action"]))
        time.sleep(0.02)
    jobs = thinkers.jobs
    (pid,) = thinkers.pids()
    os.kill(pid, signal.SIGKILL)  # the bot's search dies with it: asked again of a new pool
    _play(player, table, 2)
    # The bot went on in a new pool (the killed job may have ended just before the kill, so only "more").
    assert thinkers.jobs > jobs
    assert thinkers.rebuilt >= 1 and pid not in thinkers.pids() and thinkers.pids()
    server.stop()


needs_ray = [
    pytest.mark.skipif(
        importlib.util.find_spec("ray") is None, reason="the extra 'cluster' is not installed"
    ),
    pytest.mark.slow,
    pytest.mark.xdist_group("ray"),  # one xdist worker runs them all, with one shared Ray
]


@needs_ray[0]
@needs_ray[1]
@needs_ray[2]
def test_on_ray_the_jobs_are_ray_tasks() -> None:
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address="local", num_cpus=1, include_dashboard=False, logging_level="warning")
    try:
        game = games.get("hercules")
        state = game.new_state(2)
        while state.current_player() < 0:
            state.apply(state.chance_outcomes()[0][0])
        seat = state.current_player()

        async def on_ray() -> tuple[int, dict[str, Any]]:
            thinkers = Thinkers(0, "test", ray_address="local")
            try:
                pid = await thinkers.run(worker_pid)
                action = await thinkers.run(
                    decide_from_json, "hercules", state.to_json(), seat, "ismcts:iterations=30", 5
                )
                assert thinkers.jobs == 2 and thinkers.pids() == []
                return pid, action
            finally:
                await thinkers.close()

        pid, action = asyncio.run(on_ray())
        assert pid != os.getpid()
        assert game.action_from_json(action) in state.legal_actions()
    finally:
        if started_here:
            ray.shutdown()
