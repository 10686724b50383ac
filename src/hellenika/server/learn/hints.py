"""Hints at a table: "What would the bot do?" for the player about to decide.

``GET /api/tables/{id}/hint?by=heuristic|search`` answers the game heuristic's choice (its rules of thumb,
instant) or a short ISMCTS search's (``Settings.hint_iterations``), with a reason in plain words where the
score can give one (:func:`hellenika.bots.coach.hint`). Both look at the position only through the asking
seat's observation, so a hint never tells what the seat could not see.

Only where the table says so: hints are a table option (``hints``, chosen at creation) that rated tables
cannot have (the lobby refuses the pair with 422), and a hint asked for at a table without it is 403 ("a
rated game is played unaided"). Only the seat to move may ask (403 for others, 409 out of turn), at most
``Settings.hints_per_minute`` a minute per person (429). The work runs in worker threads (a search holds at
most ``SEARCHES`` of them at once), never on the event loop.
"""

from __future__ import annotations

import hashlib
from typing import Any

import anyio
import anyio.to_thread

from hellenika.bots.coach import hint
from hellenika.engine.rng import Rng
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import LocalLimiter, SharedLimiter
from hellenika.server.round import Master
from hellenika.server.tables import PLAYING

#: Searching hints at once in one process (each holds a worker thread for a fraction of a second).
SEARCHES = 2


class Hints:
    def __init__(self, master: Master, settings: Settings, redis: Any = None) -> None:
        self.master = master
        self.settings = settings
        what = "hints"
        self.limiter: LocalLimiter
        if redis is None:
            self.limiter = LocalLimiter(settings.clock, settings.hints_per_minute, 60.0, what)
        else:
            self.limiter = SharedLimiter(
                redis,
                "hints",
                settings.clock,
                settings.hints_per_minute,
                60.0,
                what,
                prefix=settings.redis_prefix,
            )
        self._searches = anyio.Semaphore(SEARCHES)

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
        # A copy taken on the event loop, where commits change the live state: the thread reads only it.
        state = live.state.clone()
        version = info.version
        names = live.names()
        digest = hashlib.sha256(f"hint:{table_id}:{version}:{seat}:{by}".encode()).digest()
        rng = Rng(int.from_bytes(digest[:8], "big"))
        iterations = self.settings.hint_iterations if by == "search" else 0
        if iterations > 0:
            async with self._searches:
                found = await anyio.to_thread.run_sync(
                    lambda: hint(state, seat, rng, names, iterations=iterations)
                )
        else:
            found = await anyio.to_thread.run_sync(lambda: hint(state, seat, rng, names))
        legal = state.legal_actions()
        index = legal.index(found.action) if found.action in legal else 0
        return {
            "version": version,
            "seat": seat,
            "by": found.by,
            "hint": {
                "index": index,
                "notation": found.action.notation(),
                "label": found.label,
                "action": found.action.to_json(),
            },
            "reason": found.reason,
        }
