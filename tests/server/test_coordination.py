"""Leases across processes (server/core/coordination.py) on a real PostgreSQL: one holder at a time, released
by the holder or by its death (the connection dropping), and the same interface in one process on SQLite."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import psycopg

from hellenika.server.core.coordination import LocalLocks, PgLocks, RowLocks, make_locks
from hellenika.server.store import Store
from hellenika.server.store.locks import lock_key


def test_lock_keys_are_stable_signed_64_bit_numbers():
    assert lock_key("bot:abc") == lock_key("bot:abc") != lock_key("bot:abd")
    assert all(-(2**63) <= lock_key(f"t{i}") < 2**63 for i in range(100))
    assert any(lock_key(f"t{i}") < 0 for i in range(100))


def test_one_process_leases_are_exclusive_and_released():
    async def run() -> None:
        locks = LocalLocks()
        lease = await locks.try_hold("deadlines")
        assert lease is not None and await locks.try_hold("deadlines") is None
        assert await locks.try_hold("bot:t1") is not None
        await lease.release()
        await lease.release()  # twice is harmless
        async with await locks.try_hold("deadlines") as again:  # type: ignore[union-attr]
            assert again.held
        assert await locks.try_hold("deadlines") is not None

    asyncio.run(run())


def test_two_processes_never_hold_the_same_lease(postgres_url: str):
    async def run() -> None:
        one, two = PgLocks(postgres_url), PgLocks(postgres_url)
        try:
            lease = await one.try_hold("bot:t1")
            assert lease is not None
            assert await two.try_hold("bot:t1") is None
            assert await one.try_hold("bot:t1") is None  # not re-entrant within a process either
            other = await two.try_hold("bot:t2")
            assert other is not None
            await lease.release()
            taken = await two.try_hold("bot:t1")
            assert taken is not None
            await taken.release()
            await other.release()
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())


HOLDER = """
import asyncio, sys, time
from hellenika.server.core.coordination import PgLocks
async def main():
    locks = PgLocks(sys.argv[1])
    lease = await locks.try_hold("bot:crash")
    print("held" if lease else "busy", flush=True)
    time.sleep(600)
asyncio.run(main())
"""


def test_a_lease_of_a_process_killed_with_sigkill_is_free_at_once(postgres_url: str):
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, postgres_url],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"

        async def attempt() -> bool:
            locks = PgLocks(postgres_url)
            try:
                lease = await locks.try_hold("bot:crash")
                if lease is None:
                    return False
                await lease.release()
                return True
            finally:
                await locks.close()

        assert asyncio.run(attempt()) is False
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        deadline = time.monotonic() + 10
        while not asyncio.run(attempt()):  # PostgreSQL notices the dropped connection within moments
            assert time.monotonic() < deadline, "the dead process's lease was never freed"
            time.sleep(0.05)
    finally:
        holder.kill()
        holder.wait(10)


def test_make_locks_picks_by_backend(postgres_url: str, sqlite_url: str):
    alone = Store(sqlite_url)
    assert type(make_locks(alone)) is LocalLocks
    alone.close()
    store = Store(postgres_url)
    assert isinstance(make_locks(store, pooler=True), RowLocks)
    locks = make_locks(store)
    assert isinstance(locks, PgLocks)
    asyncio.run(locks.close())
    store.close()
    with psycopg.connect(postgres_url.replace("+psycopg", "")) as connection:  # nothing left locked
        assert connection.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").fetchone() == (
            0,
        )
