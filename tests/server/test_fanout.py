"""The cross-process fan-out (server/core/fanout.py) against real Redis servers: notes reach the other
processes only and carry no model; while Redis is down they are dropped without failing anyone (the database
is the truth), and they flow again by themselves when it returns."""

from __future__ import annotations

import asyncio
import secrets

import redis.asyncio as aioredis

from hellenika.server.core.fanout import Fanout, Note, RedisFanout, make_fanout, merge_news
from tests.server.redis_server import RedisServer

SHARED_REDIS = "redis://127.0.0.1:6379/0"


class Inbox:
    def __init__(self) -> None:
        self.notes: list[Note] = []
        self.reconnects = 0
        self.arrived = asyncio.Event()

    async def note(self, note: Note) -> None:
        self.notes.append(note)
        self.arrived.set()

    async def reconnect(self) -> None:
        self.reconnects += 1

    async def wait(self, count: int, seconds: float = 5.0) -> None:
        async with asyncio.timeout(seconds):
            while len(self.notes) < count:
                self.arrived.clear()
                await self.arrived.wait()


async def started(url: str, prefix: str) -> tuple[RedisFanout, Inbox]:
    fanout = RedisFanout(url, prefix=prefix)
    inbox = Inbox()
    await fanout.start(inbox.note, inbox.reconnect)
    async with asyncio.timeout(5):
        await fanout.subscribed.wait()
    return fanout, inbox


def test_notes_reach_the_other_processes_and_not_the_sender():
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        one, inbox_one = await started(SHARED_REDIS, prefix)
        two, inbox_two = await started(SHARED_REDIS, prefix)
        try:
            one.table_changed("t1", 7)
            one.session_closed("abc")
            await inbox_two.wait(2)
            assert inbox_two.notes == [Note("table", "t1", 7), Note("session", "abc", 0)]
            await asyncio.sleep(0.2)
            assert inbox_one.notes == []  # its own notes are not news to it
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())


def test_a_message_that_is_not_a_note_is_ignored():
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        fanout, inbox = await started(SHARED_REDIS, prefix)
        client = aioredis.Redis.from_url(SHARED_REDIS)
        try:
            junk = (b"not json", b"[]", b'{"kind": "model", "key": "t1"}', b'{"kind": "table", "key": 5}')
            for data in junk:
                await client.publish(fanout.channel, data)
            note = b'{"kind": "table", "key": "t9", "version": 3, "origin": "x"}'
            await client.publish(fanout.channel, note)
            await inbox.wait(1)
            assert inbox.notes == [Note("table", "t9", 3)]
        finally:
            await client.aclose()
            await fanout.close()

    asyncio.run(run())


def test_publishing_while_redis_is_down_never_fails_and_listening_resumes_when_it_returns():
    async def run() -> None:
        with RedisServer() as server:
            listener, inbox = await started(server.url, "p")
            sender = RedisFanout(server.url, prefix="p")
            try:
                sender.table_changed("t1", 1)
                await inbox.wait(1)
                server.kill()
                sender.table_changed("t1", 2)  # dropped, not raised: the move stands in the database
                await sender.flush()
                assert sender.dropped == 1
                assert await sender.ready() is False
                server.start()
                async with asyncio.timeout(10):
                    while inbox.reconnects == 0:
                        await asyncio.sleep(0.05)
                assert await sender.ready() is True
                sender.table_changed("t1", 3)
                await inbox.wait(2)
                assert inbox.notes == [Note("table", "t1", 1), Note("table", "t1", 3)]
            finally:
                await sender.close()
                await listener.close()

    asyncio.run(run())


def test_a_burst_of_notes_goes_out_in_few_round_trips_each_table_at_its_newest_version():
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        sender, _ = await started(SHARED_REDIS, prefix)
        listener, inbox = await started(SHARED_REDIS, prefix)
        try:
            for version in range(1, 51):  # fifty moves at two tables before the publisher runs once
                sender.table_changed("a", version)
                sender.table_changed("b", version * 2)
            sender.session_closed("s")
            await inbox.wait(3)
            await asyncio.sleep(0.2)
            assert sorted(inbox.notes, key=lambda n: n.key) == [
                Note("table", "a", 50),
                Note("table", "b", 100),
                Note("session", "s", 0),
            ]
            assert sender.batches == 1
            sender.table_changed("a", 51)  # later notes go out in later batches
            await inbox.wait(4)
            assert inbox.notes[-1] == Note("table", "a", 51) and sender.batches == 2
        finally:
            await sender.close()
            await listener.close()

    asyncio.run(run())


def _news(start: int, stop: int) -> dict[str, object]:
    """A commit's news from version ``start`` to ``stop`` (one action per version)."""
    actions = [[v, 0, "user", {"kind": "pass", "n": v}] for v in range(start, stop)]
    return {"from": start, "to": stop, "table": {"version": stop, "steps": stop}, "actions": actions}


def test_a_moves_note_carries_its_news_and_notes_merged_in_a_burst_carry_both_moves():
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        sender, _ = await started(SHARED_REDIS, prefix)
        listener, inbox = await started(SHARED_REDIS, prefix)
        try:
            sender.table_changed("a", 8, _news(7, 8))
            sender.table_changed("a", 10, _news(8, 10))  # the next move before the publisher ran
            sender.table_changed("b", 3, _news(2, 3))
            sender.table_changed("b", 4)  # a change without news (an undo): b's note then carries none
            sender.table_changed("b", 5, _news(4, 5))
            await inbox.wait(2)
            by_key = {note.key: note for note in inbox.notes}
            assert by_key["a"].version == 10 and by_key["a"].news == _news(7, 10)
            assert by_key["b"].version == 5 and by_key["b"].news is None
            sender.table_changed("b", 6, _news(5, 6))  # the next batch starts afresh
            await inbox.wait(3)
            assert inbox.notes[-1] == Note("table", "b", 6, _news(5, 6))
        finally:
            await sender.close()
            await listener.close()

    asyncio.run(run())


def test_merging_news_needs_them_to_follow_each_other():
    assert merge_news(_news(1, 2), _news(2, 4)) == _news(1, 4)
    assert merge_news(_news(1, 2), _news(3, 4)) is None
    assert merge_news(None, _news(2, 3)) is None and merge_news(_news(1, 2), None) is None


def test_one_process_needs_no_redis():
    async def run() -> None:
        fanout = make_fanout(None)
        assert type(fanout) is Fanout and not fanout.shared
        await fanout.start(Inbox().note, Inbox().reconnect)
        fanout.table_changed("t1", 1)
        await fanout.flush()
        assert await fanout.ready()
        await fanout.close()
        assert isinstance(make_fanout(SHARED_REDIS), RedisFanout)

    asyncio.run(run())


def test_an_unreachable_redis_is_not_ready():
    async def run() -> None:
        fanout = RedisFanout("redis://127.0.0.1:1/0")
        assert await fanout.ready() is False
        fanout.table_changed("t", 1)
        await fanout.flush()
        assert fanout.dropped == 1
        await fanout.close()

    asyncio.run(run())
