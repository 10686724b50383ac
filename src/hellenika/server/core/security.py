"""Passwords, session tokens, CSRF double-submit and the rate limits of accounts.

- Passwords are hashed with argon2 (argon2-cffi's defaults, RFC 9106's low-memory profile). Each hash holds
  64 MiB and a core for a moment, so a ``HashingGate`` lets only a few run at once (in worker threads, off the
  event loop) and a bounded number wait; beyond that the answer is 503 "busy, try again".
- A session is a random token in the HttpOnly, SameSite=Lax cookie ``hellenika_session``; the database keeps
  only its SHA-256.
- CSRF: every state-changing request must echo the ``hellenika_csrf`` cookie in the ``X-CSRF-Token`` header.
  A cross-site page can make the browser send cookies but cannot read them, so it cannot forge the header. The
  cookie is handed out by a tiny middleware on any response to a browser that lacks it.
- Rate limits (``RateLimiter``, in memory, per server process, on the injectable clock): registrations per
  address, failed logins per (name, address) and per address. Too many within the window answer 429 with a
  ``Retry-After`` header. The address is the TCP peer uvicorn reports, which honours ``X-Forwarded-For`` only
  from the proxies ``hellenika serve --forwarded-allow-ips`` names; an IPv6 address counts as its /64, the
  block one household or server gets.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import secrets
import threading
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import Request
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hellenika.server.core.errors import ApiError

SESSION_COOKIE = "hellenika_session"
CSRF_COOKIE = "hellenika_csrf"
CSRF_HEADER = "X-CSRF-Token"


class Passwords:
    """argon2 hashing with the server's cost settings (a stored hash carries its own, so verifying works
    whatever the settings were when it was made)."""

    def __init__(self, time_cost: int, memory_kib: int, parallelism: int) -> None:
        self._hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism)
        self._lock = threading.Lock()
        #: Hashes and checks so far, running now, and the most ever at once (what the hashing gate bounds).
        self.calls = 0
        self.running = 0
        self.most_running = 0

    @contextlib.contextmanager
    def _counted(self) -> Iterator[None]:
        with self._lock:
            self.calls += 1
            self.running += 1
            self.most_running = max(self.most_running, self.running)
        try:
            yield
        finally:
            with self._lock:
                self.running -= 1

    def hash(self, password: str) -> str:
        with self._counted():
            return self._hasher.hash(password)

    def verify(self, stored_hash: str, password: str) -> bool:
        with self._counted():
            try:
                return self._hasher.verify(stored_hash, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False


class RetryLater(HTTPException):
    """A 429 (rate limited) or 503 (busy) whose ``Retry-After`` header says when to come back.

    A Starlette HTTP exception so the one error handler for those (errors.py) answers it, header included."""

    def __init__(self, status: int, detail: str, seconds: int) -> None:
        super().__init__(status, detail, headers={"Retry-After": str(seconds)})


class HashingGate:
    """At most ``slots`` password hashes or checks at once, and at most ``waiting`` requests queued for one.

    The queue is an anyio semaphore, so a waiting request holds neither a thread nor the event loop; a request
    that finds the queue full is answered 503 at once rather than joining a line without end."""

    def __init__(self, slots: int, waiting: int) -> None:
        self.slots = max(1, slots)
        self.waiting = max(0, waiting)
        self._admitted = 0  # holding a slot or waiting for one
        self._semaphore: anyio.Semaphore | None = None

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        if self._admitted >= self.slots + self.waiting:
            raise RetryLater(503, "the server is busy checking passwords; try again in a few seconds", 2)
        if self._semaphore is None:  # made on first use, inside the server's event loop
            self._semaphore = anyio.Semaphore(self.slots)
        self._admitted += 1
        try:
            async with self._semaphore:
                yield
        finally:
            self._admitted -= 1


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def require_csrf(request: Request) -> None:
    """Dependency of every state-changing route: the header must equal the cookie (double submit).

    async so FastAPI runs it on the event loop (a plain def would cost a trip to the thread pool)."""
    cookie = request.cookies.get(CSRF_COOKIE, "")
    header = request.headers.get(CSRF_HEADER, "")
    if not cookie or not header or not secrets.compare_digest(cookie.encode(), header.encode()):
        raise ApiError(
            403,
            f"missing or wrong CSRF token: send the {CSRF_COOKIE} cookie's value in the {CSRF_HEADER} header "
            "(any GET hands out the cookie)",
        )


class CsrfCookieMiddleware:
    """Give every HTTP client without a ``hellenika_csrf`` cookie a fresh one (pure ASGI: no per-request cost
    beyond reading the cookie header)."""

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app = app
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _has_cookie(scope, CSRF_COOKIE):
            await self.app(scope, receive, send)
            return
        token = secrets.token_urlsafe(24)
        attributes = "Path=/; SameSite=Lax" + ("; Secure" if self.secure else "")
        header = f"{CSRF_COOKIE}={token}; {attributes}".encode()

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), (b"set-cookie", header)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _has_cookie(scope: Scope, name: str) -> bool:
    for key, value in scope.get("headers", []):
        if key == b"cookie" and cookie_parser(value.decode("latin-1")).get(name):
            return True
    return False


def address_key(host: str) -> str:
    """The address a rate limit counts: the IP as given, an IPv6 address as its /64 (one household or server
    gets a whole /64, so counting single IPv6 addresses would let it rotate past any limit)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimiter:
    """At most ``limit`` events per key within ``window`` seconds (in memory, per server process).

    ``what`` names the events in the 429's detail ("failed logins from this address")."""

    def __init__(self, clock: Callable[[], float], limit: int, window: float, what: str) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self.what = what
        self._events: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        times = self._events.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def check(self, key: str) -> None:
        """Raise 429 (with ``Retry-After``) when ``key`` has used up its events in the window."""
        times = self._recent(key)
        if len(times) >= self.limit:
            wait = max(1, int(times[0] + self.window - self.clock()) + 1)
            raise RetryLater(429, f"too many {self.what}; try again in {wait} seconds", wait)

    def hit(self, key: str) -> float:
        """Count one event of ``key``; answers its time (for ``give_back``)."""
        now = self.clock()
        self._recent(key).append(now)
        if len(self._events) > 10_000:  # forget the oldest keys rather than grow without bound
            for stale in list(self._events)[:1000]:
                del self._events[stale]
        return now

    def take(self, key: str) -> float:
        """``check`` then ``hit`` with no await between, so concurrent requests cannot all slip through."""
        self.check(key)
        return self.hit(key)

    def give_back(self, key: str, when: float) -> None:
        """Uncount one event counted at ``when`` (a login that turned out right)."""
        times = self._events.get(key)
        if times is not None and when in times:
            times.remove(when)

    def reset(self, key: str) -> None:
        self._events.pop(key, None)
