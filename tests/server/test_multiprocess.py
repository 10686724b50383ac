"""Several servers on one PostgreSQL and one Redis (issue 21): every server serves every table correctly.

Each server here is a whole application of its own (its cache, its hub, its fan-out, its locks) running in
its own thread and event loop, as a process would; they share only the database and Redis. (The test of a
server killed with SIGKILL runs real processes: test_multiprocess_kill.py.)
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from hellenika.server.core.coordination import PgLocks
from hellenika.server.store.models import ActionRow
from tests.server.harness import LiveServer, Player, receive, wait_for
from tests.server.helpers import two_player_table
from tests.server.notify_support import SmtpSink
from tests.server.redis_server import RedisServer

SHARED_REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def cluster(postgres_url: str, make_server: Any) -> Any:
    """A factory of servers sharing one fresh PostgreSQL database and one Redis key space (the servers stop
    before the database is dropped: ``postgres_url`` is asked for first, so it is torn down last)."""
    prefix = f"test-{secrets.token_hex(4)}"

    def make(redis_url: str = SHARED_REDIS, **settings: Any) -> LiveServer:
        values: dict[str, Any] = {"redis_url": redis_url, "redis_prefix": prefix, "bot_sweep_seconds": 0}
        values.update(settings)
        server: LiveServer = make_server(postgres_url, **values)
        fanout = server.services.master.fanout
        deadline = time.monotonic() + 10
        while not fanout.subscribed.is_set():  # type: ignore[attr-defined]
            assert time.monotonic() < deadline, "the server never subscribed to Redis"
            time.sleep(0.01)
        return server

    return make


def on(player: Player, server: LiveServer) -> Player:
    """The same browser (cookies) talking to another server, as a load balancer without stickiness would."""
    other = Player(server)
    other.http.cookies = httpx.Cookies(player.http.cookies)
    other.user = player.user
    return other


def mover(players: list[Player], model: dict[str, Any]) -> Player:
    return players[model["to_move"]]


def test_a_move_on_one_server_reaches_the_sockets_of_another_each_with_its_own_seat(cluster: Any) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first)
    two_there = on(two, second)
    spectator = second.player("watcher")
    with two_there.socket(tid) as ws_two, spectator.socket(tid) as ws_watch:
        start = receive(ws_two)
        receive(ws_watch)
        moved = start["version"]
        for _ in range(6):
            model = one.state(tid)
            here = mover([one, two], model)  # both players move on the first server
            mine = here.state(tid)
            moved = here.ok(here.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
            began = time.monotonic()
            pushed = wait_for(ws_two, lambda m, v=moved: m.get("version") == v, timeout=5)
            assert time.monotonic() - began < 1.0
            watched = wait_for(ws_watch, lambda m, v=moved: m.get("version") == v, timeout=5)
            # Each socket got its own seat's model, built on the server it is connected to.
            assert pushed["seat"] == 1 and watched["seat"] is None
            assert pushed["view"] == two_there.state(tid)["view"]
        assert start["version"] < moved


def test_a_moves_note_carries_its_actions_so_the_other_server_pushes_without_reading_the_database(
    cluster: Any,
) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first)
    two_there = on(two, second)
    master = second.services.master
    catch_up_reads: list[str] = []
    read = master.store.read

    async def counting(fn: Any) -> Any:
        if "_read_news" in fn.__qualname__ or "_stored_version" in fn.__qualname__:
            catch_up_reads.append(fn.__qualname__)
        return await read(fn)

    with two_there.socket(tid) as ws:
        receive(ws)
        master.store.read = counting  # type: ignore[method-assign]
        try:
            for _ in range(6):
                model = one.state(tid)
                here = mover([one, two], model)  # both players move on the first server
                mine = here.state(tid)
                moved = here.ok(here.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
                pushed = wait_for(ws, lambda m, v=moved: m.get("version") == v, timeout=5)
        finally:
            master.store.read = read  # type: ignore[method-assign]
    assert catch_up_reads == []  # every move came with its news, applied as it was
    # What it pushed is what the database says (the second server reads it afresh for this request).
    master.forget(tid)
    assert pushed["view"] == two_there.state(tid)["view"] and pushed["legal"] == two_there.state(tid)["legal"]


def test_a_stale_cache_is_brought_up_to_date_before_it_serves_or_moves(cluster: Any) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first)
    players_there = [on(one, second), on(two, second)]
    second_model = players_there[0].state(tid)  # second now caches the table
    model = one.state(tid)
    played = mover([one, two], model)
    mine = played.state(tid)
    after = played.ok(played.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
    # Served by the second server at once, whatever its notes: it checks the version before it answers.
    assert players_there[0].state(tid)["version"] == after > second_model["version"]
    # And a move there goes on from the new state.
    model = players_there[0].state(tid)
    there = mover(players_there, model)
    mine = there.state(tid)
    assert there.ok(there.move(tid, mine["version"], mine["legal"][0]["action"]))["version"] > after
    assert one.state(tid)["version"] == there.state(tid)["version"]


def deaf(server: LiveServer) -> None:
    """Stop a server's listeners (Redis's and PostgreSQL's): the notes of the others never reach it (as when
    both channels lose them)."""

    async def stop() -> None:
        fanout = server.services.master.fanout
        listeners = [fanout._listener]  # type: ignore[attr-defined]
        if fanout.pg is not None:  # type: ignore[attr-defined]
            listeners.append(fanout.pg._listener)  # type: ignore[attr-defined]
        for listener in listeners:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener

    server.call(stop())


def test_a_move_on_a_server_that_missed_the_news_is_judged_on_the_tables_real_version(cluster: Any) -> None:
    """A move is not preceded by a version read: its commit finds out under the row's lock that another
    server moved first, catches up and judges the move again: a stale client gets 409, a current one is
    served (it saw the news on another server), and the missing pushes go out."""
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first)
    deaf(second)
    players_there = [on(one, second), on(two, second)]
    cached = players_there[0].state(tid)["version"]  # second caches the table now
    with players_there[0].socket(tid) as ws, players_there[1].socket(tid) as ws_other:
        receive(ws)
        receive(ws_other)
        model = one.state(tid)
        played = mover([one, two], model)
        mine = played.state(tid)
        after = played.ok(played.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
        assert second.services.master.live[tid].info.version == cached < after  # it never heard
        # The next seat to move sends the version it saw on the first server: served after a catch-up.
        model = one.state(tid)
        there = mover(players_there, model)
        mine_first = mover([one, two], model).state(tid)
        assert mine_first["version"] == after
        stale = there.move(tid, cached, mine_first["legal"][0]["action"])
        assert stale.status_code == 409 and "stale version" in stale.json()["detail"], stale.text
        third = there.ok(there.move(tid, after, mine_first["legal"][0]["action"]))["version"]
        assert third > after
        # Both sockets on the deaf server saw the move it learnt of late, and its own.
        for socket in (ws, ws_other):
            wait_for(socket, lambda m, v=third: m.get("version") == v, timeout=5)
    # Once more with a stale client whose cached version looks current to the deaf server.
    model = one.state(tid)
    played = mover([one, two], model)
    mine = played.state(tid)
    fourth = played.ok(played.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
    model = one.state(tid)
    second.services.master.forget(tid)  # reload at a version ...
    there_player = mover(players_there, model)
    at_fourth = there_player.state(tid)
    assert at_fourth["version"] == fourth  # ... and move the first server on past it
    played = mover([one, two], model)
    mine = played.state(tid)
    fifth = played.ok(played.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
    # The same seat sends the same move again through the deaf server, which thinks fourth is current.
    answer = there_player.move(tid, fourth, at_fourth["legal"][0]["action"])
    assert answer.status_code == 409 and "stale version" in answer.json()["detail"], answer.text
    assert second.services.master.live[tid].info.version == fifth  # caught up by the refused move
    with first.services.store.session() as session:
        count = session.scalar(select(func.count()).where(ActionRow.table_id == tid, ActionRow.by == "user"))
    assert count == 4  # one, the late-news move, and the two after: the refused ones changed nothing


def test_a_vacation_taken_on_one_server_shows_on_the_sockets_of_another(cluster: Any) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first, mode="turn-based", deadline_hours=2)
    one_there = on(one, second)
    with one_there.socket(tid) as ws:
        receive(ws)
        two.ok(two.post("/api/me/vacation", {"days": 2}))  # on the first server

        def away(message: dict[str, Any]) -> bool:
            seat = next(s for s in message.get("table", {}).get("seats", []) if s["name"] == "p-two")
            return seat["on_vacation_until"] is not None

        wait_for(ws, away, timeout=5)
        assert next(s for s in one_there.state(tid)["table"]["seats"] if s["name"] == "p-two")[
            "on_vacation_until"
        ]
        two.ok(two.http.delete("/api/me/vacation", headers={"X-CSRF-Token": two.csrf}))
        wait_for(ws, lambda m: not away(m), timeout=5)


def test_the_same_move_sent_to_two_servers_at_once_is_applied_once(cluster: Any) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first)
    for _round in range(4):
        model = one.state(tid)
        here = mover([one, two], model)
        there = on(here, second)
        mine = here.state(tid)
        there.state(tid)  # both servers hold the table in memory at the same version
        steps = first.services.master.live[tid].state.version
        barrier = threading.Barrier(2)
        answers: list[httpx.Response] = []

        def submit(
            player: Player,
            mine: dict[str, Any] = mine,
            barrier: threading.Barrier = barrier,
            answers: list[httpx.Response] = answers,
        ) -> None:
            barrier.wait()
            answers.append(player.move(tid, mine["version"], mine["legal"][0]["action"]))

        threads = [threading.Thread(target=submit, args=(p,)) for p in (here, there)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        with first.services.store.session() as session:
            count = session.scalar(
                select(func.count()).where(ActionRow.table_id == tid, ActionRow.step == steps)
            )
        assert count == 1


def test_logging_out_on_one_server_closes_the_sessions_sockets_on_every_server(cluster: Any) -> None:
    first, second = cluster(), cluster()
    one, _two, tid = two_player_table(first)
    one_there = on(one, second)
    with one_there.socket(tid) as ws:
        receive(ws)
        one.ok(one.post("/api/auth/logout"))
        deadline = time.monotonic() + 5
        while True:
            try:
                ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            except Exception as exc:
                assert getattr(getattr(exc, "rcvd", None), "code", None) == 4401, exc
                break
    assert one_there.get("/api/me").status_code == 401  # its cached session was dropped too


def test_login_limits_count_across_servers(cluster: Any) -> None:
    first, second = cluster(), cluster()
    first.player("ann")
    answers = []
    for i in range(6):
        guesser = Player(first if i % 2 == 0 else second)
        answers.append(
            guesser.post("/api/auth/login", {"name": "ann", "password": "wrong guess!"}).status_code
        )
    assert answers == [401, 401, 401, 401, 401, 429]


def test_a_bot_turn_runs_under_one_lease_and_a_sweep_takes_over_an_abandoned_one(
    cluster: Any, clock: Any, postgres_url: str
) -> None:
    first, second = cluster(), cluster()
    person = first.player("solo")
    seats = [{"kind": "bot", "level": "easy"}, {"kind": "me"}]
    table = person.create(game="hercules", players=2, seats=seats)
    tid = table["id"]
    # A third process is "thinking" for this bot: it holds the table's bot lease.
    other = PgLocks(postgres_url)
    lease = asyncio.run(other.try_hold(f"bot:{tid}"))
    assert lease is not None
    try:
        person.ok(person.post(f"/api/tables/{tid}/start"))
        for _ in range(50):  # who starts is drawn: play the person's decisions until the bot is to move
            mine = person.state(tid)
            if mine["to_move"] != 1:
                break
            person.ok(person.move(tid, mine["version"], mine["legal"][0]["action"]))
        time.sleep(0.5)
        held = person.state(tid)
        assert held["to_move"] == 0, "a server moved the bot while another process held its lease"
        clock.advance(10)
        assert second.call(second.services.master.sweep_bots()) == 1  # kicked, but the lease holds it
        time.sleep(0.3)
        assert person.state(tid)["version"] == held["version"]
    finally:
        asyncio.run(lease.release())  # the thinking process died: PostgreSQL frees its lease
        asyncio.run(other.close())
    clock.advance(10)
    assert second.call(second.services.master.sweep_bots()) == 1
    deadline = time.monotonic() + 10
    while person.state(tid)["to_move"] == 0:
        assert time.monotonic() < deadline, "no server took the abandoned bot turn over"
        time.sleep(0.02)
    with first.services.store.session() as session:
        steps = list(session.scalars(select(ActionRow.step).where(ActionRow.table_id == tid)))
    assert len(steps) == len(set(steps)), "a step was stored twice"
    assert person.state(tid)["version"] > held["version"]


def test_redis_stopped_and_restarted_moves_go_on_and_pushes_resume(cluster: Any) -> None:
    with RedisServer() as redis:
        first, second = cluster(redis.url), cluster(redis.url)
        one, two, tid = two_player_table(first)
        two_there = on(two, second)
        with two_there.socket(tid) as ws:
            receive(ws)
            redis.kill()
            model = one.state(tid)
            players = [one, two]
            here = mover(players, model)
            mine = here.state(tid)
            during = here.ok(here.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
            # The move stands (PostgreSQL is the truth); the other server serves it when asked (the pages'
            # resync by polling sends {"type": "sync"}), though no note reached it.
            assert two_there.state(tid)["version"] == during
            redis.start()
            fanout = second.services.master.fanout
            deadline = time.monotonic() + 15
            while not fanout.subscribed.is_set():  # type: ignore[attr-defined]
                assert time.monotonic() < deadline, "the listener never came back"
                time.sleep(0.05)
            for _ in range(3):
                model = one.state(tid)
                here = mover(players, model)
                mine = here.state(tid)
                after = here.ok(here.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
                wait_for(ws, lambda m, v=after: m.get("version") == v, timeout=5)


def test_the_outbox_is_drained_exactly_once_by_servers_draining_at_once(cluster: Any) -> None:
    """Both servers drain the same outbox at the same moment: each message reaches the SMTP server once."""
    sink = SmtpSink().start()
    try:
        settings = {"smtp_url": sink.url, "notify_poll_seconds": 0, "public_url": "http://hellenika.test"}
        first, second = cluster(**settings), cluster(**settings)
        players = [first.player(f"mail-{i}") for i in range(6)]
        for player in players:  # six verification mails wait in the outbox
            headers = {"X-CSRF-Token": player.csrf}
            address = f"{player.user['name']}@example.org"  # type: ignore[index]
            player.ok(player.http.post("/api/me/email", json={"email": address}, headers=headers))
        barrier = threading.Barrier(4)
        sent: list[int] = []

        def drain(server: LiveServer) -> None:
            barrier.wait()
            sent.append(server.call(server.services.notifier.drain()))

        threads = [threading.Thread(target=drain, args=(s,)) for s in (first, second, first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        messages = sink.wait(6)
        time.sleep(0.5)
        ids = [m["Message-ID"] for m in sink.messages]
        assert len(ids) == 6 == len(set(ids)), ids
        assert sorted(m["To"] for m in sink.messages) == sorted(f"mail-{i}@example.org" for i in range(6))
        assert len(messages) == 6
    finally:
        sink.stop()


def test_a_late_turn_is_handled_once_by_servers_checking_deadlines_at_once(cluster: Any, clock: Any) -> None:
    first, second = cluster(), cluster()
    one, two, tid = two_player_table(first, mode="turn-based", deadline_hours=1, on_timeout="forfeit")
    on(one, second).state(tid)  # both servers hold the table
    clock.advance(2 * 3600)
    barrier = threading.Barrier(2)
    handled: list[int] = []

    def check(server: LiveServer) -> None:
        barrier.wait()
        handled.append(server.call(server.services.master.check_deadlines()))

    threads = [threading.Thread(target=check, args=(s,)) for s in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(handled) == [0, 1]  # one server took the sweep's lease, the other skipped this round
    model = two.state(tid)
    assert model["finished"] and model["forfeit"] is not None
    assert on(two, second).state(tid)["version"] == model["version"]
