"""Hints at a table: "What would the bot do?" for the player about to decide.

``GET /api/tables/{id}/hint?by=heuristic|search`` answers the game heuristic's choice (its rules of thumb,
instant) or a short ISMCTS search's (``Settings.hint_iterations``), with a reason in plain words where the
score can give one (:func:`hellenika.bots.coach.hint`). Both look at the position only through the asking
seat's observation, so a hint never tells what the seat could not see.

Only where the table says so: hints are a table option (``hints``, chosen at creation) that rated tables
cannot have (the lobby refuses the pair with 422), and a hint asked for at a table without it is 403 ("a
rated game is played unaided"). Only the seat to move may ask (403 for others, 409 out of turn), at most
``Settings.hints_per_minute`` a minute per person (429).

**Searches run in the bot pool.** A "think harder" search is a fraction of a second of pure Python: in a
thread of the serving process it holds the GIL, and a few people asking back to back slowed every other
request. So searches go to the server's one pool of searches (server/core/thinkers.py, shared with the bots
and the reviews: ``Settings.bot_workers`` spawned processes at a lower priority, or Ray), the state sent as
its JSON and rebuilt there (:func:`hellenika.bots.coach.hint_from_json`); the first hint of either kind
starts the pool's workers, so a "think harder" after a first "what would the bot do?" finds them ready. At
most ``Settings.hint_workers`` hint searches run at once (the others wait their turn without holding
anything); a worker that died answers 503 and the pool is rebuilt. The heuristic's answer is instant and
stays in a thread. ``bot_workers`` 0 runs searches in a thread (tests that want no process start-up).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import anyio
import anyio.to_thread

from hellenika.bots.coach import hint_answer, hint_from_json
from hellenika.engine.state import State
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import make_limiter
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
        self._searches = anyio.Semaphore(max(1, settings.hint_workers))

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
        """Start the pool's workers (if not yet) and load ``game`` there, without waiting: a process takes a
        second or more to start, which the first search would otherwise wait for."""
        self.master.thinkers.warm(game)

    async def _search(
        self, game: str, state: State, seat: int, seed: int, names: list[str], iterations: int
    ) -> dict[str, Any]:
        thinkers = self.master.thinkers
        if thinkers.in_process:
            return await thinkers.run(hint_answer, state, seat, seed, names, iterations)
        found: dict[str, Any] = await thinkers.run(
            hint_from_json, game, state.to_json(), seat, seed, names, iterations
        )
        return found

    async def close(self) -> None:
        """Nothing of its own to stop: the pool is the master's."""
