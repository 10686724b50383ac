"""Who is on the site right now, across processes: the quiet rule of notifications asks it.

"No your-turn e-mail while the person is active" used to look only at the sockets of the process that sends
the mail, so with two processes half of those mails went to people whose table stood open on the other one.
Now each process marks the people who hold sockets there:

- on Redis, a key ``<prefix>:present:<user id>`` that lasts ``3 * refresh`` seconds (45 s), set again every
  ``refresh`` seconds (15 s) for the people in this process's hub, and at once when a person opens their
  first socket here;
- in the database, ``users.present_until`` (the same time), written with the same refresh (one UPDATE per
  process every 15 s), read only when Redis does not answer.

:meth:`Presence.is_present` asks this process's hub first (no round trip), then Redis, then the database. A
person who closes their last socket stays present until their mark runs out (at most 45 s): a mark is shared
by every process, so no process may take it away for the others. With one process (no Redis) the hub is the
whole truth and nothing is written anywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update

from hellenika.server.store.models import User

if TYPE_CHECKING:
    from hellenika.server.core.hub import Hub
    from hellenika.server.store import Store

log = logging.getLogger("hellenika.server.core.presence")

#: Seconds between refreshes; a mark lasts three of them.
REFRESH_SECONDS = 15.0


class Presence:
    """Marks and questions of presence (see the module docstring)."""

    def __init__(
        self,
        hub: Hub,
        store: Store,
        clock: Callable[[], float],
        redis: Any = None,
        *,
        shared: bool = False,
        prefix: str = "hellenika",
        refresh: float = REFRESH_SECONDS,
    ) -> None:
        """``shared``: other processes serve sockets too (else the hub alone answers)."""
        self.hub = hub
        self.store = store
        self.clock = clock
        self.redis = redis
        self.shared = shared
        self.prefix = prefix
        self.refresh_seconds = refresh if refresh > 0 else REFRESH_SECONDS
        self.ttl = 3 * self.refresh_seconds
        self._tasks: set[asyncio.Task[None]] = set()
        #: Answers the database gave because Redis did not (tests and logs).
        self.fallbacks = 0
        if shared:
            hub.on_arrival = self._arrived

    def _key(self, user_id: int) -> str:
        return f"{self.prefix}:present:{user_id}"

    def _arrived(self, user_id: int) -> None:
        """A person opened their first socket here: marked now rather than at the next refresh."""
        with contextlib.suppress(RuntimeError):  # no running loop (a test's hub alone)
            task = asyncio.get_running_loop().create_task(self.mark([user_id]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def mark(self, user_ids: list[int]) -> None:
        """Mark these people present for ``ttl`` seconds on Redis and in the database (each best effort)."""
        if not self.shared or not user_ids:
            return
        if self.redis is not None:
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for user_id in user_ids:
                        pipe.set(self._key(user_id), b"1", ex=max(1, round(self.ttl)))
                    await pipe.execute()
            except Exception as exc:  # Redis down: the database's mark answers meanwhile
                log.warning("presence: Redis did not take %d mark(s) (%s)", len(user_ids), exc)
        until = self.clock() + self.ttl
        try:
            await self.store.write(
                lambda session: session.execute(
                    update(User).where(User.id.in_(user_ids)).values(present_until=until)
                )
            )
        except Exception as exc:
            log.warning("presence: the database did not take %d mark(s) (%s)", len(user_ids), exc)

    async def refresh(self) -> int:
        """Mark everyone with a socket in this process (the background task calls it every ``refresh``
        seconds); answers how many."""
        users = sorted(self.hub.users())
        await self.mark(users)
        return len(users)

    async def is_present(self, user_id: int) -> bool:
        """Whether the person has a socket open on any process (as of the last refresh)."""
        if self.hub.user_connected(user_id):
            return True
        if not self.shared:
            return False
        if self.redis is not None:
            try:
                return bool(await self.redis.exists(self._key(user_id)))
            except Exception as exc:
                log.info("presence: Redis did not answer (%s); asking the database", exc)
        self.fallbacks += 1
        now = self.clock()

        def read(session: Any) -> float | None:
            found: float | None = session.scalar(select(User.present_until).where(User.id == user_id))
            return found

        until = await self.store.read(read)
        return until is not None and until > now

    async def watch(self) -> None:
        """The background refresh (several processes only)."""
        while True:
            await asyncio.sleep(self.refresh_seconds)
            try:
                await self.refresh()
            except Exception:
                log.exception("presence refresh failed")

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
