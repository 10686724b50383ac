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
request. So searches go to a pool of ``Settings.hint_workers`` processes (started on the first search,
spawned and at a lower priority, as reviews' are), the state sent as its JSON and rebuilt there; at most that
many run at once, the others wait their turn without holding anything. The heuristic's answer is instant and
stays in a thread. ``hint_workers`` 0 runs searches in a thread (tests that want no process start-up).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import multiprocessing
from collections.abc import Sequence
from typing import Any

import anyio
import anyio.to_thread

from hellenika import games
from hellenika.bots.coach import hint, lower_priority
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import make_limiter
from hellenika.server.core.security import RetryLater
from hellenika.server.round import Master
from hellenika.server.tables import PLAYING


def answer_of(state: State, seat: int, seed: int, names: Sequence[str], iterations: int) -> dict[str, Any]:
    """The hint for ``seat`` at ``state`` as the API answers it (its ``by``, ``hint`` and ``reason``)."""
    found = hint(state, seat, Rng(seed), list(names), iterations=iterations)
    legal = state.legal_actions()
    index = legal.index(found.action) if found.action in legal else 0
    return {
        "by": found.by,
        "hint": {
            "index": index,
            "notation": found.action.notation(),
            "label": found.label,
            "action": found.action.to_json(),
        },
        "reason": found.reason,
    }


def search_in_worker(
    game: str, state_json: dict[str, Any], seat: int, seed: int, names: list[str], iterations: int
) -> dict[str, Any]:
    """A search hint in a worker process: the state rebuilt from its JSON (picklable in, plain data out)."""
    state = games.get(game).state_from_json(state_json)
    return answer_of(state, seat, seed, names, iterations)


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
            found = await anyio.to_thread.run_sync(lambda: answer_of(state, seat, seed, names, 0))
        return {"version": version, "seat": seat, **found}

    async def _search(
        self, game: str, state: State, seat: int, seed: int, names: list[str], iterations: int
    ) -> dict[str, Any]:
        if self.workers == 0:
            return await anyio.to_thread.run_sync(lambda: answer_of(state, seat, seed, names, iterations))
        state_json = state.to_json()
        try:
            future = self.executor().submit(search_in_worker, game, state_json, seat, seed, names, iterations)
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
