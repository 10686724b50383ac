"""Passwords, session tokens, CSRF double-submit and the login rate limit.

- Passwords are hashed with argon2 (argon2-cffi's defaults, RFC 9106's low-memory profile).
- A session is a random token in the HttpOnly, SameSite=Lax cookie ``hellenika_session``; the database keeps
  only its SHA-256.
- CSRF: every state-changing request must echo the ``hellenika_csrf`` cookie in the ``X-CSRF-Token`` header.
  A cross-site page can make the browser send cookies but cannot read them, so it cannot forge the header. The
  cookie is handed out by a tiny middleware on any response to a browser that lacks it.
- Login failures are counted per (name, address) in memory; too many within the window answer 429.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import Request
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hellenika.server.errors import ApiError

SESSION_COOKIE = "hellenika_session"
CSRF_COOKIE = "hellenika_csrf"
CSRF_HEADER = "X-CSRF-Token"


class Passwords:
    """argon2 hashing with the server's cost settings (a stored hash carries its own, so verifying works
    whatever the settings were when it was made)."""

    def __init__(self, time_cost: int, memory_kib: int, parallelism: int) -> None:
        self._hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism)

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, stored_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(stored_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


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


class LoginLimiter:
    """At most ``limit`` failed logins per key within ``window`` seconds (in memory, per server process)."""

    def __init__(self, clock: Callable[[], float], limit: int, window: float) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        times = self._failures.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def check(self, key: str) -> None:
        times = self._recent(key)
        if len(times) >= self.limit:
            wait = max(1, int(times[0] + self.window - self.clock()) + 1)
            raise ApiError(429, f"too many failed logins; try again in {wait} seconds")

    def fail(self, key: str) -> None:
        self._recent(key).append(self.clock())
        if len(self._failures) > 10_000:  # forget the oldest keys rather than grow without bound
            for stale in list(self._failures)[:1000]:
                del self._failures[stale]

    def reset(self, key: str) -> None:
        self._failures.pop(key, None)
