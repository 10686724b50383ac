"""Bots at the table: a bot seat's turns, one commit each, in a task of the table's own.

Fast levels choose on the commit's writer thread (no extra hop: a few milliseconds); searching levels think
in the bot pool (server/core/thinkers.py: worker processes, or Ray), never in the event loop's process, so a
bot's thinking holds neither the writer, another table, nor the GIL that people's moves need. The state goes
there as its JSON and the choice comes back as the action's JSON (:func:`hellenika.bots.remote.
decide_from_json`, with the bot's generator's state, so the choice is the one the bot would make here). A
worker that dies mid-thought is replaced and the decision asked again. The mixin is part of
:class:`hellenika.server.round.master.Master`, which owns the pool (``thinkers``, shared by hints and
reviews; created on first use, closed with the server).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from hellenika.bots.remote import decide_from_json
from hellenika.bots.specs import LEVELS, make_agent
from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.server.core.errors import ApiError
from hellenika.server.core.security import RetryLater
from hellenika.server.core.thinkers import Thinkers
from hellenika.server.round.clocks import bot_plays
from hellenika.server.round.live import LiveTable, MasterBase
from hellenika.server.round.moves import BY_BOT, BY_TIMEOUT, bot_rng
from hellenika.server.tables import PLAYING, USER, TableInfo

log = logging.getLogger("hellenika.server")

#: Bot levels that choose in milliseconds (no search): they choose on the commit's thread.
FAST_LEVELS = frozenset({"easy", "medium", "trained"})  # trained: one forward pass of a small network
#: The tables whose bots pause between decisions (``Settings.bot_pause_seconds``): people follow them live.
PAUSING_MODE = "live"
#: The pause is slept in slices this long (seconds), looking each time whether the table is still here.
PAUSE_SLICE = 0.1
#: A decision whose worker died is asked again this many times (a new pool each time) before the loop gives up
#: (the sweep, or the table's next load, starts it again).
THINK_TRIES = 3


class Bots(MasterBase):
    """Running the bots (a part of the master)."""

    @property
    def thinkers(self) -> Thinkers:
        """The server process's bot pool (searches of bots, hints and reviews); made on first use."""
        found: Thinkers | None = self.__dict__.get("_thinkers")
        if found is None:
            settings = self.settings
            found = Thinkers(settings.bot_workers, "bots", settings.ray_address)
            self.__dict__["_thinkers"] = found
        return found

    async def close_thinkers(self) -> None:
        """Stop the bot pool's workers (the server is stopping)."""
        found: Thinkers | None = self.__dict__.get("_thinkers")
        if found is not None:
            await found.close()

    def kick_bots(self, live: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if self.closed or (live.bot_task is not None and not live.bot_task.done()):
            return
        if live.info.status != PLAYING:
            return
        if self.bot_to_move(live) is None:
            return
        live.bot_task = self.spawn(self._run_bots(live))

    def bot_to_move(self, live: LiveTable) -> tuple[int, str, str] | None:
        """The seat a bot plays now, its level and who the move is by: a bot's seat, or a person's seat in a
        turn that timed out (the timeout bot plays exactly that turn); None when a person is to decide."""
        info = live.info
        seat = live.state.current_player()
        if info.status != PLAYING or seat < 0:
            return None
        if info.is_bot(seat):
            return seat, info.seats[seat].level or "medium", BY_BOT
        if bot_plays(info.clock, live.state):
            return seat, self.settings.timeout_bot_level, BY_TIMEOUT
        return None

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _run_bots(self, live: LiveTable) -> None:
        """Bots move one after another, each move its own commit and push, until a person is to decide.

        Under the table's bot lease (server/core/coordination.py): with several processes only one thinks for
        a table's bots; the others find the lease taken and leave it (the sweep takes over if it dies)."""
        name = f"bot:{live.info.id}"
        lease = await self.locks.try_hold(name)
        # Alone, a lease taken here belongs to a loop of this process that is just ending (its table was
        # reloaded): wait for it briefly. With several processes another one may be thinking: the sweep
        # (sync.py) takes over if it dies.
        for _ in range(0 if self.fanout.shared else 40):
            if lease is not None or self.closed:
                break
            await asyncio.sleep(0.025)
            lease = await self.locks.try_hold(name)
        if lease is None:
            return
        try:
            await self._bot_turns(live)
        finally:
            await lease.release()

    def bot_pause(self, info: TableInfo) -> float:
        """Seconds between a table's bot decisions: the setting at a live table where a person sits (so they
        can follow the bots one move at a time), else 0 (turn-based tables, tables of bots only)."""
        if info.mode != PAUSING_MODE or not any(s.kind == USER for s in info.seats):
            return 0.0
        return max(0.0, self.settings.bot_pause_seconds)

    async def _bot_turns(self, live: LiveTable) -> None:
        # The pause runs before each decision, outside the table's lock and the move's transaction (an
        # asyncio sleep: other tables and this table's readers go on), while this process holds the table's
        # bot lease; the first decision waits from the loop's start (a person's move was just pushed).
        last = time.monotonic()
        try:
            while not self.closed and self.live.get(live.info.id) is live:
                if not await self._pause(live, last + self.bot_pause(live.info)):
                    return
                await self.catch_up(live)  # another process may have moved (several processes only)
                async with live.lock:
                    found = self.bot_to_move(live)
                    if found is None:
                        return
                    seat, level, by = found
                    choice = await self._bot_move(live, seat, level)
                    if by == BY_TIMEOUT:
                        live.log.timeout_steps.add(live.state.version)  # its log lines say who played
                    await self._commit(live, seat, choice, by)
                last = time.monotonic()
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            log.warning("bot move at table %s failed: %s", live.info.id, exc.detail)
        except Exception:
            log.exception("bot move at table %s failed", live.info.id)

    async def _pause(self, live: LiveTable, until: float) -> bool:
        """Wait until ``until`` (monotonic) in short slices; False if the table left memory or the master
        closed meanwhile (a reloaded table's new loop then takes the lease at once, not after the pause)."""
        while True:
            if self.closed or self.live.get(live.info.id) is not live:
                return False
            left = until - time.monotonic()
            if left <= 0:
                return True
            await asyncio.sleep(min(left, PAUSE_SLICE))

    async def _bot_move(self, live: LiveTable, seat: int, level: str) -> Action | Callable[[], Action]:
        """A bot's choice for the current state. Fast levels answer a function that the commit's thread
        calls (no extra thread hop); searching levels think here, in the bot pool, so neither the writer
        thread nor this process's GIL is held for seconds."""
        level = level if level in LEVELS else "medium"
        key = (seat, level)
        agent = live.agents.get(key)
        if agent is None:
            agent = make_agent(level)
            live.agents[key] = agent
        state = live.state
        rng = bot_rng(live.info.seed or 0, seat, state.version)
        observation = Observation(state, seat)
        if level in FAST_LEVELS:
            return functools.partial(agent.choose, observation, rng)
        thinkers = self.thinkers
        if thinkers.in_process:
            return await thinkers.run(agent.choose, observation, rng)
        game = live.info.game
        state_json = state.to_json()  # taken under the table's lock: the worker reads only this copy
        for attempt in range(THINK_TRIES):
            try:
                found = await thinkers.run(decide_from_json, game, state_json, seat, level, rng.state)
                return state.game.action_from_json(found)
            except RetryLater:
                if attempt == THINK_TRIES - 1:
                    raise
                log.warning("table %s: the bot's worker stopped; asking again", live.info.id)
        raise AssertionError("unreachable")  # pragma: no cover
