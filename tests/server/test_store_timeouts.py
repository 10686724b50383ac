"""The store's timeout on a database that answers, slowly (store/database.py): a call past the timeout is
refused and its transaction rolled back; a call that waited for a thread the whole time is refused as busy
without the database being marked hung; a call marked hung is followed by the probe, which clears it."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import text
from sqlalchemy.orm import Session

from hellenika.server.store import Store, StoreUnavailable


def _insert_slowly(session: Session) -> None:
    session.execute(text("INSERT INTO probe_rows VALUES (1)"))
    session.execute(text("SELECT pg_sleep(1.5)"))


def _count(session: Session) -> int:
    return int(session.execute(text("SELECT count(*) FROM probe_rows")).scalar_one())


def test_a_call_past_the_timeout_is_refused_rolled_back_and_the_probe_clears_it(postgres_url: str) -> None:
    store = Store(postgres_url, timeout=0.5)

    async def scenario() -> None:
        # The table first, so the write below only inserts.
        await store.write(lambda s: s.execute(text("CREATE TABLE probe_rows (n int)")))
        started = time.monotonic()
        with pytest.raises(StoreUnavailable, match="nothing was changed"):
            await store.write(_insert_slowly)
        assert time.monotonic() - started < 1.4, "answered before the statement ended"
        assert store.outage.count == 1
        end = time.monotonic() + 10
        while store.hung:  # the database answers: the probe clears the mark at once
            assert time.monotonic() < end, "the probe never cleared the mark"
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.5)  # the abandoned transaction has ended by now, rolled back
        assert await store.read(_count) == 0

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_a_call_that_never_got_a_thread_is_busy_not_hung(postgres_url: str) -> None:
    store = Store(postgres_url, timeout=0.5, pool_size=1, pool_overflow=1)  # one writer thread

    async def scenario() -> None:
        # The writer thread kept busy by something else for longer than the timeout (as a burst of moves
        # would keep it): the write waits the whole time for the thread, and never starts.
        blocker = store._writer.submit(time.sleep, 1.0)
        with pytest.raises(StoreUnavailable, match="busy"):
            await store.write(lambda s: s.execute(text("SELECT 1")))
        assert not store.hung and store.outage.count == 0
        blocker.result()
        assert await store.write(lambda s: s.execute(text("SELECT 2")).scalar()) == 2

    try:
        asyncio.run(scenario())
    finally:
        store.close()
