"""Clocks at scale (a benchmark, not a test): many running live clocks, how late each timeout is handled, and
what keeping a clock costs a move.

1. **Expiries.** ``--tables`` live tables (two people each, nobody moving) start at once with clocks whose
   times are spread over ``--spread`` seconds; the server's own deadline watcher (server/round/deadlines.py)
   runs as in production and handles each timeout. Reported: how long after its clock reached zero each was
   handled (from the ``conduct_events`` row it wrote), median, 99th percentile and worst, and whether every
   one was handled exactly once.
2. **Cost per move.** The same two-person game played through the master's ``submit`` on a table without a
   clock and on one with a live clock, interleaved move by move in one process: CPU seconds per move of each,
   and their ratio (compare figures only within one run).

Everything runs in this process against the real store (SQLite in a temporary folder, or ``--database-url``)
with the injectable clock left at the real time. Run:

    .venv/bin/python benchmarks/clocks.py --tables 1000 --spread 20
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from hellenika.server.core.config import Settings
from hellenika.server.lobby.schemas import SeatRequest, TableCreate, TimeControlRequest
from hellenika.server.people import UserPublic
from hellenika.server.services import Services
from hellenika.server.store.models import ConductEvent


def _settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
        deadline_poll_seconds=0.5,
        notify_poll_seconds=0,
        matchmaking_poll_seconds=0,
        bot_sweep_seconds=0,
        argon2_time_cost=1,
        argon2_memory_kib=1024,
        argon2_parallelism=1,
        register_per_address=1_000_000,
        timeout_decision_seconds=3600,
    )


async def _people(svc: Services) -> tuple[UserPublic, UserPublic]:
    one, _ = await svc.accounts.register("clock-one", "a long password", "127.0.0.1")
    two, _ = await svc.accounts.register("clock-two", "a long password", "127.0.0.1")
    return one, two


async def _table(svc: Services, one: UserPublic, two: UserPublic, control: TimeControlRequest | None) -> str:
    body = TableCreate(
        game="hellas",
        players=2,
        seats=[SeatRequest(kind="me"), SeatRequest(kind="user", user=two.name)],
        time_control=control,
        rated=control is not None,
    )
    info = await svc.lobby.create(one, body)
    await svc.lobby.accept(info.id, two)
    started = await svc.master.start(info.id, one)
    return started.id


async def expiries(
    svc: Services, one: UserPublic, two: UserPublic, tables: int, spread: float
) -> dict[str, Any]:
    # How long starting a table takes here now (ten tables with clocks far longer than the run), so that every
    # measured table is started before the first of them runs out.
    made = time.time()
    for _ in range(10):
        await _table(svc, one, two, TimeControlRequest(kind="live", minutes=180, increment=0))
    lead = 5.0 + 1.5 * tables * (time.time() - made) / 10
    first = time.time() + lead
    made = time.time()
    deadlines: dict[str, float] = {}
    for i in range(tables):
        seconds = first + spread * i / max(1, tables - 1) - time.time()
        control = TimeControlRequest(kind="live", minutes=max(seconds, 1.0) / 60.0, increment=0)
        table_id = await _table(svc, one, two, control)
        info = svc.master.live[table_id].info
        assert info.turn_deadline is not None
        deadlines[table_id] = info.turn_deadline
    created = time.time() - made
    assert min(deadlines.values()) > time.time(), "starting the tables took longer than planned"
    watcher = asyncio.create_task(svc.master.watch_deadlines())
    try:
        end = max(deadlines.values()) + 5.0
        while time.time() < end:
            await asyncio.sleep(0.5)
    finally:
        watcher.cancel()

    def read(session: Any) -> list[tuple[str, float, int]]:
        rows = session.execute(
            select(ConductEvent.table_id, func.min(ConductEvent.created_at), func.count())
            .where(ConductEvent.kind == "timeout")
            .group_by(ConductEvent.table_id)
        )
        return [(r[0], float(r[1]), int(r[2])) for r in rows]

    handled = await svc.store.read(read)
    late = sorted(at - deadlines[table] for table, at, _count in handled if table in deadlines)
    return {
        "tables": tables,
        "seconds_to_create_and_start": round(created, 2),
        "handled": len(handled),
        "handled_more_than_once": sum(1 for _t, _a, count in handled if count > 1),
        "late_median_ms": round(1000 * statistics.median(late), 1),
        "late_p99_ms": round(1000 * late[int(0.99 * (len(late) - 1))], 1),
        "late_max_ms": round(1000 * late[-1], 1),
        "within_1_s": sum(1 for x in late if 0 <= x < 1.0),
    }


async def move_cost(svc: Services, one: UserPublic, two: UserPublic, moves: int) -> dict[str, Any]:
    plain = await _table(svc, one, two, None)
    clocked = await _table(svc, one, two, TimeControlRequest(kind="live", minutes=120, increment=10))
    spent = {plain: 0.0, clocked: 0.0}
    made = {plain: 0, clocked: 0}
    people = {0: one, 1: two}
    for _ in range(moves):
        for table_id in (plain, clocked):  # interleaved: the same machine state for both
            live = svc.master.live[table_id]
            if live.info.status != "playing":
                continue
            seat = live.state.current_player()
            action = live.state.legal_actions()[0].to_json()
            start = time.process_time()
            await svc.master.submit(table_id, people[seat], live.info.version, action)
            spent[table_id] += time.process_time() - start
            made[table_id] += 1
    per = {k: spent[k] / max(1, made[k]) for k in spent}
    return {
        "moves_each": min(made.values()),
        "cpu_ms_per_move_without_clock": round(1000 * per[plain], 3),
        "cpu_ms_per_move_with_clock": round(1000 * per[clocked], 3),
        "ratio": round(per[clocked] / per[plain], 3) if per[plain] else None,
    }


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hellenika-clocks-"))
    url = args.database_url or f"sqlite:///{folder / 'clocks.db'}"
    svc = Services.create(_settings(url))
    await svc.start()
    try:
        one, two = await _people(svc)
        print("cost per move:", await move_cost(svc, one, two, args.moves))
        print("expiries:", await expiries(svc, one, two, args.tables, args.spread))
    finally:
        await svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=20.0, help="seconds over which the clocks run out")
    parser.add_argument("--moves", type=int, default=40, help="moves of each game for the cost per move")
    parser.add_argument("--database-url", default=None)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
