"""Fair turns at a few workers: a queue per person, served in turn.

Reviews wait for one of a few worker slots. Served in the order they came, a handful of people asking for
several each would keep everyone else waiting behind all of theirs; served here, the next free slot goes to
the waiting person served longest ago (someone not served yet first, in the order they came), and each
person's own requests in their order. So a newcomer's first review waits for at most one review of each
person ahead, never for all of them.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Awaitable, Callable, Hashable


class FairTurns:
    """``slots`` turns at once, handed out a person at a time (see the module docstring)."""

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self._waiting: dict[Hashable, deque[tuple[int, asyncio.Future[None]]]] = {}
        self._served: dict[Hashable, int] = {}  # who -> when last served (a serial)
        self._serial = itertools.count()

    def waiting(self) -> int:
        return sum(len(queue) for queue in self._waiting.values())

    def order(self) -> list[Hashable]:
        """Who is served next, in turn: the person served longest ago first (never: first of all, in the
        order they came)."""
        people = [who for who, queue in self._waiting.items() if queue]
        return sorted(people, key=lambda who: (self._served.get(who, -1), self._waiting[who][0][0]))

    async def acquire(
        self, who: Hashable, beat: float | None = None, on_beat: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        """Wait for a turn for ``who``. ``on_beat`` (an async callable) is awaited every ``beat`` seconds
        while waiting, so a long wait does not look abandoned."""
        if len(self._served) > 10_000:  # forget who was served when, except those waiting now
            self._served = {w: n for w, n in self._served.items() if w in self._waiting}
        if self.free > 0 and not self.waiting():
            self.free -= 1
            self._served[who] = next(self._serial)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (next(self._serial), future)
        self._waiting.setdefault(who, deque()).append(entry)
        try:
            while True:
                done, _ = await asyncio.wait({future}, timeout=beat)
                if done:
                    return
                if on_beat is not None:
                    await on_beat()
        except BaseException:
            if future.done() and not future.cancelled():
                self.release()  # granted as it was cancelled: pass the turn on
            else:
                future.cancel()
                queue = self._waiting.get(who)
                if queue is not None and entry in queue:
                    queue.remove(entry)
            raise

    def release(self) -> None:
        """Give a turn back: to the next person in turn if anyone waits."""
        for who in self.order():
            queue = self._waiting[who]
            while queue:
                _, future = queue.popleft()
                if not future.done():
                    self._served[who] = next(self._serial)
                    future.set_result(None)
                    if not queue:
                        del self._waiting[who]
                    return
            del self._waiting[who]
        self.free += 1
