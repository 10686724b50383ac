"""Hints at a table: "What would the bot do?" for the player about to decide.

``GET /api/tables/{id}/hint?by=heuristic|search`` answers the game heuristic's choice (its rules of thumb,
instant) or a short ISMCTS search's (``Settings.hint_iterations``), with a reason in plain words where the
score can give one (:func:`hellenika.bots.coach.hint`). Both look at the position only through the asking
seat's observation, so a hint never tells what the seat could not see.

Only where the table says so: hints are a table option (``hints``, chosen at creation) that rated tables
cannot have (the lobby refuses the pair with 422), and a hint asked for at a table without it is 403 ("a
rated game is played unaided"). Only the seat to move may ask (403 for others, 409 out of turn), at most
``Settings.hints_per_minute`` a minute per person (429).

**Searches run in worker processes.** A "think harder" search is a fraction of a second of pure Python: in a
thread of the serving process it holds the GIL, and a few people asking back to back slowed every other
request. So searches go to a pool of ``Settings.hint_workers`` processes (spawned and at a lower priority,
as reviews' are; started by the first hint of either kind, so a "think harder" after a first "what would the
bot do?" finds its worker ready rather than waiting the seconds a process takes to start), the state sent as
its JSON and rebuilt there; at most that many run at once, the others wait their turn without holding
anything. The heuristic's answer is instant and stays in a thread. ``hint_workers`` 0 runs searches in a
thread (tests that want no process start-up).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import logging
import multiprocessing
from typing import Any

import anyio
import anyio.to_thread

from hellenika.bots.coach import hint_answer, hint_from_json, lower_priority, warm_worker
from hellenika.engine.state import State
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import make_limiter
from hellenika.server.core.security import RetryLater
from hellenika.server.round import Master
from hellenika.server.tables import PLAYING

log = logging.getLogger("hellenika.server.learn.hints")


class Hints:
    def __init__(self, master: Master, settings: Settings, redis: Any = None) -> None:
        self.master = master
        self.settings = settings
        self.limiter = make_limiter(
            redis,
            "hints",
            settings.clock,
            settings.hints_per_minute,
            60.0,
            "hints",
            prefix=settings.redis_prefix,
        )
        self.workers = max(0, settings.hint_workers)
        self._searches = anyio.Semaphore(max(1, self.workers))
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None

    def executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            # spawn: a fork of a process with threads (uvicorn's, the store's writer) is unsafe.
            self._executor = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=lower_priority
            )
        return self._executor

    async def suggest(self, table_id: str, user_id: int, by: str) -> dict[str, Any]:
        live = await self.master.live_table(table_id)
        info = live.info
        if not info.hints:
            if info.rated:
                raise ApiError(403, "hints are off at rated tables: a rated game is played unaided")
            raise ApiError(403, "hints are off at this table (its creator did not turn them on)")
        seat = info.seat_of(user_id)
        if seat is None:
            raise ApiError(403, "only a player at this table can ask for a hint")
        if info.status != PLAYING or live.state.is_terminal():
            raise ApiError(409, "the game is over")
        if info.to_move != seat or live.state.current_player() != seat:
            raise ApiError(409, "it is not your turn: a hint is for your own decision")
        await self.limiter.take(str(user_id))
        # A copy taken on the event loop, where commits change the live state: the worker reads only it.
        state = live.state.clone()
        version = info.version
        names = list(live.names())
        digest = hashlib.sha256(f"hint:{table_id}:{version}:{seat}:{by}".encode()).digest()
        seed = int.from_bytes(digest[:8], "big")
        iterations = self.settings.hint_iterations if by == "search" else 0
        if iterations > 0:
            async with self._searches:
                found = await self._search(info.game, state, seat, seed, names, iterations)
        else:
            self.warm(info.game)  # a "think harder" may well follow: have its worker ready
            found = await anyio.to_thread.run_sync(lambda: hint_answer(state, seat, seed, names, 0))
        return {"version": version, "seat": seat, **found}

    def warm(self, game: str) -> None:
        """Start the worker pool (if not yet) and load ``game`` there, without waiting: a process takes a few
        seconds to start, which the first search would otherwise wait for."""
        if self.workers == 0 or self._executor is not None:
            return
        try:
            self.executor().submit(warm_worker, game)
        except (concurrent.futures.BrokenExecutor, OSError, RuntimeError):
            log.exception("hints: no worker process")
            self._executor = None

    async def _search(
        self, game: str, state: State, seat: int, seed: int, names: list[str], iterations: int
    ) -> dict[str, Any]:
        if self.workers == 0:
            return await anyio.to_thread.run_sync(lambda: hint_answer(state, seat, seed, names, iterations))
        state_json = state.to_json()
        try:
            future = self.executor().submit(hint_from_json, game, state_json, seat, seed, names, iterations)
        except (concurrent.futures.BrokenExecutor, OSError, RuntimeError):  # no worker could be started
            log.exception("hints: no worker process")
            self._executor = None
            raise RetryLater(503, "the hint's worker could not start; ask again in a moment", 2) from None
        try:
            return await asyncio.wrap_future(future)
        except concurrent.futures.BrokenExecutor:
            self._executor = None  # a new pool for the next search
            raise RetryLater(503, "the hint's worker stopped; ask again in a moment", 2) from None

    async def close(self) -> None:
        if self._executor is not None:
            processes = list((getattr(self._executor, "_processes", None) or {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(Exception):
                    process.terminate()
            self._executor = None
