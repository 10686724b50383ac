"""What must hold across server processes, on a real PostgreSQL and real Redis servers (a private one where a
test stops it): presence for the quiet rule, revocation of sessions, PostgreSQL's NOTIFY as the fan-out's
second channel, cheap catch-up of cached tables, leases (advisory locks on one connection, and rows behind a
pooler) and ``users.last_action_at``.

Each server is a whole application in its own thread and event loop (its cache, hub, fan-out, locks), as a
process would be; they share only the database and Redis (as test_multiprocess.py). The note sent in a move's
own transaction is tested with real processes, one killed right after its commit.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import select, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from hellenika.server.core.coordination import PgLocks, RowLocks
from hellenika.server.notify.prefs import Prefs
from hellenika.server.store import Store
from hellenika.server.store.models import User
from tests.server import cluster as processes
from tests.server.harness import FakeClock, LiveServer, Player, receive, wait_for
from tests.server.helpers import two_player_table
from tests.server.notify_support import SmtpSink
from tests.server.redis_server import RedisServer
from tests.server.test_multiprocess import deaf, mover, on


@pytest.fixture
def private_redis() -> Any:
    with RedisServer() as server:
        yield server


@pytest.fixture
def servers(postgres_url: str, make_server: Any, private_redis: RedisServer) -> Any:
    """A factory of servers sharing one fresh PostgreSQL database and a private Redis they can lose."""
    prefix = f"test-{secrets.token_hex(4)}"

    def make(**settings: Any) -> LiveServer:
        values: dict[str, Any] = {
            "redis_url": private_redis.url,
            "redis_prefix": prefix,
            "bot_sweep_seconds": 0,
            "notify_poll_seconds": 0,
            "presence_refresh_seconds": 0,
            "session_recheck_seconds": 0,
        }
        values.update(settings)
        server: LiveServer = make_server(postgres_url, **values)
        fanout = server.services.master.fanout
        deadline = time.monotonic() + 10
        while not (fanout.subscribed.is_set() and fanout.pg.listening.is_set()):  # type: ignore[attr-defined]
            assert time.monotonic() < deadline, "the server never listened on both channels"
            time.sleep(0.01)
        return server

    return make


def eventually(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def closed_by_server(ws: ClientConnection, seconds: float = 10.0) -> int | None:
    """Read until the server closes the socket; answers its close code (fails if it stays open)."""
    with pytest.raises(ConnectionClosed) as closed:
        wait_for(ws, lambda m: False, timeout=seconds)
    return closed.value.rcvd.code if closed.value.rcvd is not None else None


def move_once(players: list[Player], table_id: str) -> int:
    """The player to move makes their first legal move; answers the new version."""
    model = players[0].state(table_id)
    here = mover(players, model)
    mine = here.state(table_id)
    return int(here.ok(here.move(table_id, mine["version"], mine["legal"][0]["action"]))["version"])


# ------------------------------------------------------------------ presence (the quiet rule)


def test_a_table_open_on_one_server_keeps_the_other_from_mailing_even_without_redis(
    servers: Any, private_redis: RedisServer, clock: FakeClock
) -> None:
    first, second = servers(), servers()
    _one, two, tid = two_player_table(first)
    user_id = two.user["id"]  # type: ignore[index]
    notifier = second.services.notifier

    def active() -> bool:
        return second.call(notifier.active(Prefs(user_id), None, clock()))

    assert not active()  # no socket anywhere, no move of their own
    with two.socket(tid) as ws:  # open on the first server only
        receive(ws)
        assert not second.services.hub.user_connected(user_id)
        eventually(active)  # marked at once on Redis (and in the database)
        private_redis.kill()
        assert active()  # Redis is down: the database's mark answers
        assert second.services.presence is not None and second.services.presence.fallbacks >= 1
    clock.advance(46)  # the mark runs out (the socket is closed, nobody refreshes it)
    assert not active()


def test_no_your_turn_mail_from_one_server_while_the_table_is_open_on_the_other(
    servers: Any, private_redis: RedisServer
) -> None:
    """End to end: the second server drains the outbox; the person to move has the table open on the
    first. Their your-turn mail is suppressed by the quiet rule; with the page closed (and the mark run
    out) the next one is mailed."""
    from tests.server.test_notify_mail import PUBLIC, drain, outbox, play_turn, start, table_with, verified

    sink = SmtpSink().start()
    try:
        first = servers(smtp_url=sink.url, public_url=PUBLIC)
        second = servers(smtp_url=sink.url, public_url=PUBLIC)
        presence = second.services.presence
        assert presence is not None
        one, two = first.player("qa"), first.player("qb")
        verified(second, sink, one, "qa@example.org", quiet=0)  # quiet only while a table is open
        verified(second, sink, two, "qb@example.org", quiet=0)
        table_id = table_with(one, two, mode="turn-based")
        players = {0: one, 1: two}
        start(one, two, table_id)
        drain(second)
        sink.messages.clear()
        moved = play_turn(players, table_id)
        waiting = players[1 - moved]
        address = f"{waiting.user['name']}@example.org"  # type: ignore[index]
        with waiting.socket(table_id) as ws:  # open on the first server
            receive(ws)
            eventually(lambda: second.call(presence.is_present(waiting.user["id"])))  # type: ignore[index]
            drain(second)
        suppressed = [r for r in outbox(second) if r.event == "your_turn" and r.status == "suppressed"]
        assert [r.last_error for r in suppressed] == ["quiet: the player was active on the site"]
        assert sink.to(address) == []
        private_redis.kill()  # the mark is gone with Redis; the database's runs out 45 s after it was set
        second.settings.clock.advance(46)  # type: ignore[attr-defined]
        play_turn(players, table_id)  # waiting moves, then the other: waiting's turn again, page closed
        play_turn(players, table_id)
        drain(second)
        assert [m["Subject"] for m in sink.to(address)] == ["Your turn in Hercules"]
    finally:
        sink.stop()


def test_presence_refresh_marks_everyone_with_a_socket_here(servers: Any, clock: FakeClock) -> None:
    first, second = servers(), servers()
    one, _two, tid = two_player_table(first)
    presence = second.services.presence
    assert presence is not None
    with one.socket(tid) as ws:
        receive(ws)
        clock.advance(40)  # the mark taken at arrival is nearly spent
        assert first.call(first.services.presence.refresh()) == 1  # type: ignore[union-attr]
        clock.advance(40)
        user_id = one.user["id"]  # type: ignore[index]
        with first.services.store.session() as session:
            until = session.scalar(select(User.present_until).where(User.id == user_id))
        assert until is not None and until > clock()
        assert second.call(presence.is_present(user_id))


# ------------------------------------------------------------------ revocation


def test_a_logout_while_redis_is_down_closes_the_other_servers_socket_and_cookie(
    servers: Any, private_redis: RedisServer
) -> None:
    first, second = servers(), servers()
    one, _two, tid = two_player_table(first)
    one_there = on(one, second)
    one_there.ok(one_there.get("/api/me"))  # the second server caches the session
    with one_there.socket(tid) as ws:
        receive(ws)
        private_redis.kill()
        one.ok(one.post("/api/auth/logout"))
        # The note went by PostgreSQL's channel: the socket closes, the cookie is refused at once.
        assert closed_by_server(ws) == 4401
    assert one_there.get("/api/me").status_code == 401


def test_a_logout_no_note_announced_is_found_by_the_recheck_and_after_a_reconnect(servers: Any) -> None:
    first, second = servers(), servers()
    one, two, tid = two_player_table(first)
    deaf(second)  # both channels lose every note to the second server
    one_there, two_there = on(one, second), on(two, second)
    one_there.ok(one_there.get("/api/me"))
    two_there.ok(two_there.get("/api/me"))
    with one_there.socket(tid) as ws:
        receive(ws)
        one.ok(one.post("/api/auth/logout"))
        assert one_there.get("/api/me").status_code == 200  # cached, and no note came
        assert second.call(second.services.recheck_sessions()) == 1
        assert closed_by_server(ws) == 4401
    assert one_there.get("/api/me").status_code == 401
    # A reconnect of a channel drops the whole cache: the other session, ended meanwhile, is refused too.
    with psycopg.connect(processes.plain(first.settings.database_url)) as conn:
        conn.execute("DELETE FROM sessions WHERE user_id = %s", (two.user["id"],))  # type: ignore[index]
    assert two_there.get("/api/me").status_code == 200  # still cached
    second.call(second.services.on_reconnect())
    assert two_there.get("/api/me").status_code == 401


def test_a_suspension_closes_sockets_on_the_recheck(servers: Any) -> None:
    first, second = servers(), servers()
    _one, two, tid = two_player_table(first)
    deaf(second)
    two_there = on(two, second)
    with two_there.socket(tid) as ws:
        receive(ws)
        with psycopg.connect(processes.plain(first.settings.database_url)) as conn:
            conn.execute(
                "UPDATE users SET suspended_until = %s WHERE id = %s",
                (first.settings.clock() + 3600, two.user["id"]),  # type: ignore[index]
            )
        assert second.call(second.services.recheck_sessions()) == 1
        assert closed_by_server(ws) == 4401


# ------------------------------------------------------------------ PostgreSQL's channel


def test_with_redis_stopped_a_move_reaches_a_socket_on_the_other_server_by_notify(
    servers: Any, private_redis: RedisServer
) -> None:
    first, second = servers(), servers()
    one, two, tid = two_player_table(first)
    two_there = on(two, second)
    with two_there.socket(tid) as ws:
        receive(ws)
        private_redis.kill()
        for _ in range(3):
            moved = move_once([one, two], tid)
            # Well within the page's 15 s resync: the note came by NOTIFY (Redis is gone).
            wait_for(ws, lambda m, v=moved: m.get("version") == v, timeout=5)
    fanout = second.services.master.fanout
    assert fanout.pg.received >= 3  # type: ignore[attr-defined]


def test_notes_that_come_by_both_channels_count_once(servers: Any) -> None:
    first, second = servers(), servers()
    one, two, tid = two_player_table(first)
    fanout: Any = second.services.master.fanout
    handed: list[Any] = []
    original = fanout._on_note

    async def counting(note: Any) -> None:
        handed.append(note)
        await original(note)

    fanout._on_note = counting
    duplicates = fanout.duplicates
    moved = move_once([one, two], tid)
    eventually(lambda: fanout.duplicates > duplicates)  # the second copy came, and was dropped
    time.sleep(0.2)
    assert [(n.kind, n.key, n.version) for n in handed if n.version == moved] == [("table", tid, moved)]


def test_a_moves_note_needs_no_publisher_after_the_commit(servers: Any, private_redis: RedisServer) -> None:
    """As if the first server died between its commit and its publishers: they never run (Redis is down and
    its PostgreSQL publisher sends nothing), and the other server's socket still gets the move, by the
    NOTIFY its transaction committed."""
    first, second = servers(), servers()
    one, two, tid = two_player_table(first)
    silent: list[Any] = []
    first.services.master.fanout.pg.send = silent.append  # type: ignore[attr-defined]
    two_there = on(two, second)
    with two_there.socket(tid) as ws:
        receive(ws)
        private_redis.kill()
        moved = move_once([one, two], tid)
        wait_for(ws, lambda m: m.get("version") == moved, timeout=5)
    assert silent == []  # a move's note never went through the publisher


def test_a_move_committed_just_before_its_process_died_still_reaches_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    """Real processes: Redis is stopped, so the move's note can only come by PostgreSQL; the process that
    committed it is killed as soon as it answers. The note was sent by the commit itself."""
    with processes.cluster(2, postgres_url, tmp_path) as group:
        first, second = group.nodes
        one, two, tid = processes.two_players_on(first, second, "hercules", prefix="kill")
        watcher = processes.Watcher(processes.on(two, second), tid, "second")
        try:
            start = watcher.first_at_least(0, timeout=20)[1]["version"]
            group.redis.kill()
            model = one.state(tid)
            here = [one, processes.on(two, first)][model["to_move"]]
            mine = here.state(tid)
            moved = here.ok(here.move(tid, mine["version"], mine["legal"][0]["action"]))["version"]
            first.kill9()
            assert moved > start
            watcher.first_at_least(moved, timeout=10)  # long before the page's 15 s resync
        finally:
            watcher.close()


# ------------------------------------------------------------------ catching up


def test_a_server_without_the_tables_sockets_catches_up_without_rebuilding(servers: Any) -> None:
    first, second = servers(), servers()
    one, two, tid = two_player_table(first)
    there = [on(one, second), on(two, second)]
    there[0].state(tid)  # the second server caches the table (one load)
    master = second.services.master
    loads = master.reloads
    for _ in range(4):
        move_once([one, two], tid)  # moves on the first: the second applies their news
        move_once(there, tid)  # and on the second, from its patched copy
    deaf(second)  # no notes now: the next use reads just the new action rows
    for _ in range(3):
        move_once([one, two], tid)
    final = move_once(there, tid)
    assert master.reloads == loads
    assert there[0].state(tid)["view"] == one.state(tid)["view"] and one.state(tid)["version"] == final


# ------------------------------------------------------------------ leases


def test_row_leases_are_exclusive_across_stores_and_taken_over_once_expired(postgres_url: str) -> None:
    async def run() -> None:
        store_one, store_two = Store(postgres_url), Store(postgres_url)
        one, two = RowLocks(store_one), RowLocks(store_two)
        try:
            lease = await one.try_hold("deadlines")
            assert lease is not None
            assert await two.try_hold("deadlines") is None
            assert await one.try_hold("deadlines") is None  # one lease per name in a process too
            assert await one.renew() == 1
            await lease.release()
            taken = await two.try_hold("deadlines")
            assert taken is not None
            # Its holder stops renewing (a paused or cut-off process): once expired, anyone may take it.
            await store_two.write(lambda s: s.execute(text("UPDATE leases SET expires_at = 0")))
            again = await one.try_hold("deadlines")
            assert again is not None
            assert await two.renew() == 0 and taken.lost and not taken.held
            await taken.release()  # harmless: it is not ours any more
            assert await two.try_hold("deadlines") is None
        finally:
            await one.close()
            await two.close()
            store_one.close()
            store_two.close()

    asyncio.run(run())


def test_behind_a_pooler_bots_move_under_row_leases_held_by_one_server_at_a_time(
    servers: Any, postgres_url: str, clock: FakeClock
) -> None:
    first, second = servers(database_pooler=True), servers(database_pooler=True)
    assert isinstance(first.services.master.locks, RowLocks)
    person = first.player("pooled")
    seats = [{"kind": "bot", "level": "easy"}, {"kind": "me"}]
    tid = person.create(game="hercules", players=2, seats=seats)["id"]
    # Another server holds the table's bot lease (as if thinking): nobody else moves the bot meanwhile.
    lease = second.call(second.services.master.locks.try_hold(f"bot:{tid}"))
    assert lease is not None
    person.ok(person.post(f"/api/tables/{tid}/start"))
    for _ in range(50):  # who starts is drawn: play the person's decisions until the bot is to move
        mine = person.state(tid)
        if mine["to_move"] != 1:
            break
        person.ok(person.move(tid, mine["version"], mine["legal"][0]["action"]))
    held = person.state(tid)
    assert held["to_move"] == 0
    time.sleep(0.5)
    assert person.state(tid)["version"] == held["version"], "the bot moved while another held its lease"
    with psycopg.connect(processes.plain(postgres_url)) as conn:
        row = conn.execute("SELECT owner FROM leases WHERE name = %s", (f"bot:{tid}",)).fetchone()
    assert row == (second.services.master.locks.owner,)  # type: ignore[attr-defined]
    second.call(lease.release())
    clock.advance(10)  # the bot's table has been quiet: the sweep takes it up
    assert first.call(first.services.master.sweep_bots()) == 1
    eventually(lambda: person.state(tid)["version"] > held["version"])  # the first server took it over


def test_advisory_leases_share_one_connection_and_are_all_lost_with_it(postgres_url: str) -> None:
    async def run() -> None:
        locks = PgLocks(postgres_url)
        try:
            leases = [await locks.try_hold(f"bot:t{i}") for i in range(3)]
            assert all(lease is not None for lease in leases)
            with psycopg.connect(processes.plain(postgres_url), autocommit=True) as conn:
                pids = conn.execute(
                    "SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                ).fetchall()  # this test's database only (other tests run beside it on the same server)
                assert len(pids) == 1
                conn.execute("SELECT pg_terminate_backend(%s)", (pids[0][0],))
            assert not await locks.check()
            assert all(lease is not None and lease.lost and not lease.held for lease in leases)
            assert locks.losses == 1
            fresh = await locks.try_hold("bot:t0")  # a new connection, the lock free again
            assert fresh is not None
            await fresh.release()
        finally:
            await locks.close()

    asyncio.run(run())


# ------------------------------------------------------------------ users.last_action_at


def test_last_action_at_is_kept_by_moves_at_most_every_30_seconds(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server = make_server(database_url)
    one, two, tid = two_player_table(server, "hellas")
    store = server.services.store

    def last(player: Player) -> float | None:
        with store.session() as session:
            found: float | None = session.scalar(
                select(User.last_action_at).where(User.id == player.user["id"])  # type: ignore[index]
            )
            return found

    players = [one, two]
    assert last(one) is None and last(two) is None
    first_at = clock()
    model = one.state(tid)
    first_mover = mover(players, model)
    move_once(players, tid)
    assert last(first_mover) == first_at
    clock.advance(10)  # their next move within 30 s of the write: nothing more is written
    while mover(players, one.state(tid)) is not first_mover:
        move_once(players, tid)
    move_once(players, tid)
    assert last(first_mover) == first_at
    clock.advance(31)
    while mover(players, one.state(tid)) is not first_mover:
        move_once(players, tid)
    move_once(players, tid)
    assert last(first_mover) == clock()
