"""Rate limits shared by every server process: sliding windows kept in Redis, one sorted set per key.

The login, per-address login and registration limits (accounts.py), and every other limit a person could
multiply by spreading requests over processes (chat lines, hints, verification mails, new tables and
invitations), must hold across processes, or N processes behind a load balancer would allow N times as many.
:class:`SharedLimiter` keeps each key's events in a Redis sorted set (score: the event's time on the server's
injectable clock) and checks and counts in one Lua script, so two processes cannot both slip through the last
free slot. The events expire with their window.

While Redis is down the limiter falls back to the process's own in-memory window
(:class:`hellenika.server.core.security.RateLimiter`): each process then enforces the limit on its own, which
is weaker but never open, and nobody is locked out because a cache is away. Without Redis (one process) the
in-memory limiter is used directly, through the same async interface (:class:`LocalLimiter`).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hellenika.server.core.security import RateLimiter, RetryLater

if TYPE_CHECKING:
    import redis.asyncio

log = logging.getLogger("hellenika.server.core.limits")

# KEYS[1]: the key's sorted set. ARGV: now, window, limit, member ('' = only check). Answers {1, count} when
# there is room (and counts the member), or {0, oldest event's time} when the window is full.
_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local n = redis.call('ZCARD', KEYS[1])
if n >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, oldest[2]}
end
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
end
return {1, tostring(n)}
"""


class LocalLimiter:
    """The async interface over one process's in-memory window (``RateLimiter``)."""

    def __init__(self, clock: Callable[[], float], limit: int, window: float, what: str) -> None:
        self.local = RateLimiter(clock, limit, window, what)

    async def check(self, key: str) -> None:
        """Raise 429 (with ``Retry-After``) when ``key`` has used up its events in the window."""
        self.local.check(key)

    async def hit(self, key: str) -> Any:
        """Count one event of ``key``; answers a token for :meth:`give_back`."""
        return self.local.hit(key)

    async def take(self, key: str) -> Any:
        """Check and count at once (no other request can take the same last slot)."""
        return self.local.take(key)

    async def give_back(self, key: str, token: Any) -> None:
        """Uncount the event ``token`` stands for (a login that turned out right)."""
        self.local.give_back(key, token)

    async def reset(self, key: str) -> None:
        self.local.reset(key)


class SharedLimiter(LocalLimiter):
    """The window in Redis (every process counts in it), the in-memory one while Redis is unreachable."""

    def __init__(
        self,
        client: redis.asyncio.Redis,
        name: str,
        clock: Callable[[], float],
        limit: int,
        window: float,
        what: str,
        *,
        prefix: str = "hellenika",
    ) -> None:
        super().__init__(clock, limit, window, what)
        self.client = client
        self.clock = clock
        self.limit = limit
        self.window = window
        self.what = what
        self._prefix = f"{prefix}:limit:{name}:"
        self._script = client.register_script(_TAKE)

    def _key(self, key: str) -> str:
        return self._prefix + key

    async def _run(self, key: str, member: str) -> None:
        now = self.clock()
        answer = await self._script(keys=[self._key(key)], args=[now, self.window, self.limit, member])
        if int(answer[0]) == 0:
            wait = max(1, int(float(answer[1]) + self.window - now) + 1)
            raise RetryLater(429, f"too many {self.what}; try again in {wait} seconds", wait)

    async def check(self, key: str) -> None:
        try:
            await self._run(key, "")
        except RetryLater:
            raise
        except Exception as exc:
            log.warning(
                "rate limit %s: Redis unreachable (%s); this process's own window counts", self.what, exc
            )
            self.local.check(key)

    async def hit(self, key: str) -> Any:
        member = f"{self.clock()!r}:{secrets.token_hex(6)}"
        try:
            await self.client.zadd(self._key(key), {member: self.clock()})
            await self.client.pexpire(self._key(key), int(self.window * 1000) + 1)
        except Exception:
            return ("local", self.local.hit(key))
        return member

    async def take(self, key: str) -> Any:
        member = f"{self.clock()!r}:{secrets.token_hex(6)}"
        try:
            await self._run(key, member)
        except RetryLater:
            raise
        except Exception:
            return ("local", self.local.take(key))
        return member

    async def give_back(self, key: str, token: Any) -> None:
        if isinstance(token, tuple):
            self.local.give_back(key, token[1])
            return
        try:
            await self.client.zrem(self._key(key), token)
        except Exception as exc:
            log.warning("rate limit %s: could not give back an event (%s)", self.what, exc)

    async def reset(self, key: str) -> None:
        self.local.reset(key)
        try:
            await self.client.delete(self._key(key))
        except Exception as exc:
            log.warning("rate limit %s: could not reset (%s)", self.what, exc)


def make_limiter(
    redis: redis.asyncio.Redis | None,
    name: str,
    clock: Callable[[], float],
    limit: int,
    window: float,
    what: str,
    *,
    prefix: str = "hellenika",
) -> LocalLimiter:
    """A limiter shared by every process through ``redis``, or this process's own when there is none."""
    if redis is None:
        return LocalLimiter(clock, limit, window, what)
    return SharedLimiter(redis, name, clock, limit, window, what, prefix=prefix)


class Taken:
    """Events taken from one or more limiters, to give back together if the request fails after all (a
    table refused by a later check should not count as created)."""

    def __init__(self) -> None:
        self._tokens: list[tuple[LocalLimiter, str, Any]] = []

    async def take(self, limiter: LocalLimiter, key: str, count: int = 1) -> None:
        """Take ``count`` events of ``key`` (each checked and counted at once); on a 429 the ones taken by
        this call are given back before it is raised."""
        mine: list[tuple[LocalLimiter, str, Any]] = []
        try:
            for _ in range(count):
                mine.append((limiter, key, await limiter.take(key)))
        except RetryLater:
            for used, used_key, token in reversed(mine):
                await used.give_back(used_key, token)
            raise
        self._tokens.extend(mine)

    async def give_back(self) -> None:
        tokens, self._tokens = self._tokens, []
        for limiter, key, token in reversed(tokens):
            await limiter.give_back(key, token)
