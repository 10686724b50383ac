"""Rate limits shared across processes (server/core/limits.py) on a real Redis: two processes' limiters count
in one window, check-and-count is atomic, events expire with the window on the injectable clock, and while
Redis is away each process still enforces the limit on its own."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as aioredis

from hellenika.server.core.limits import LocalLimiter, SharedLimiter
from hellenika.server.core.security import RetryLater
from tests.server.harness import FakeClock
from tests.server.redis_server import RedisServer

SHARED_REDIS = "redis://127.0.0.1:6379/0"


def pair(url: str, clock: FakeClock, limit: int = 3) -> tuple[SharedLimiter, SharedLimiter, list[object]]:
    prefix = f"test-{secrets.token_hex(4)}"
    clients = [aioredis.Redis.from_url(url, socket_connect_timeout=0.5), aioredis.Redis.from_url(url)]
    made = [SharedLimiter(c, "login", clock, limit, 60.0, "failed logins", prefix=prefix) for c in clients]
    return made[0], made[1], clients


def test_two_processes_count_in_one_window():
    async def run() -> None:
        clock = FakeClock()
        one, two, clients = pair(SHARED_REDIS, clock)
        try:
            await one.hit("ann")
            await two.hit("ann")
            await one.take("ann")
            with pytest.raises(RetryLater) as refused:
                await two.check("ann")
            assert refused.value.status_code == 429 and "failed logins" in refused.value.detail
            await two.check("bob")  # another key has its own window
            clock.advance(61)
            await two.check("ann")  # the events left the window
        finally:
            for client in clients:
                await client.aclose()  # type: ignore[attr-defined]

    asyncio.run(run())


def test_the_last_slot_goes_to_one_of_many_concurrent_takers():
    async def run() -> None:
        clock = FakeClock()
        one, two, clients = pair(SHARED_REDIS, clock, limit=5)
        try:
            results = await asyncio.gather(
                *(limiter.take("addr") for limiter in [one, two] * 10), return_exceptions=True
            )
            assert sum(not isinstance(r, BaseException) for r in results) == 5
            assert all(isinstance(r, RetryLater) for r in results if isinstance(r, BaseException))
        finally:
            for client in clients:
                await client.aclose()  # type: ignore[attr-defined]

    asyncio.run(run())


def test_give_back_uncounts_one_event_and_reset_all():
    async def run() -> None:
        clock = FakeClock()
        one, two, clients = pair(SHARED_REDIS, clock, limit=2)
        try:
            await one.hit("ann")
            token = await two.hit("ann")
            with pytest.raises(RetryLater):
                await one.check("ann")
            await two.give_back("ann", token)
            await one.check("ann")
            await one.hit("ann")
            await two.reset("ann")
            await one.check("ann")
        finally:
            for client in clients:
                await client.aclose()  # type: ignore[attr-defined]

    asyncio.run(run())


def test_while_redis_is_away_each_process_enforces_the_limit_itself():
    async def run() -> None:
        clock = FakeClock()
        with RedisServer() as server:
            one, _two, clients = pair(server.url, clock, limit=2)
            try:
                await one.hit("ann")
                server.kill()
                await one.hit("ann")  # not counted in Redis: in the process's own window
                await one.take("ann")
                with pytest.raises(RetryLater):
                    await one.check("ann")
                server.start()  # an empty Redis (no persistence): the shared window starts again
                await one.check("ann")
            finally:
                for client in clients:
                    await client.aclose()  # type: ignore[attr-defined]

    asyncio.run(run())


def test_one_process_uses_the_same_interface_in_memory():
    async def run() -> None:
        clock = FakeClock()
        limiter = LocalLimiter(clock, 1, 10.0, "registrations from this address")
        token = await limiter.take("a")
        with pytest.raises(RetryLater):
            await limiter.take("a")
        await limiter.give_back("a", token)
        await limiter.take("a")
        await limiter.reset("a")
        await limiter.check("a")

    asyncio.run(run())
