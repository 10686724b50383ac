"""Accounts and sessions: register, log in, log out, and who a request's session cookie belongs to.

Sessions live in the database (so they survive a restart); a small in-memory cache answers the lookups of
the hot path (every move, every WebSocket) without a query. Logging out removes the session from both.

Names (what may be one, lookalikes, names kept for roles) are ``names.py``'s; both keys are unique columns,
so a race between two registrations ends in one 409 too.

Registering and logging in cost an argon2 hash (64 MiB and a core for a moment), so both are rate limited
per address before any hashing, and hashing waits for a turn at the ``HashingGate``.

**Suspension and sessions.** A suspended account gets no session and keeps none, whatever the timing. The
password check takes a good part of a second, and an admin may suspend the account meanwhile, so the login
looks at ``suspended_until`` again in the transaction that adds the session, holding the user's row
(``FOR SHARE`` on PostgreSQL; SQLite writes one at a time): a suspension committed first is seen there and
the login is refused, one committed after finds the new session and ends it (mod/service.py). And resolving a
cookie refuses a suspended account's session too, so no other path can keep one alive.

**Revocation across processes.** The sessions table is the truth; the note a logout sends the other
processes (core/fanout.py) only makes them act sooner. A note can be lost (Redis down, and PostgreSQL's
channel too), so no process trusts a cached lookup longer than ``Settings.session_cache_seconds`` (30 s),
and the sockets a session opened are re-checked against the database (:meth:`Accounts.revoked`; the
server's ``recheck_sessions``) every ``session_recheck_seconds`` and whenever a fan-out channel reconnects,
when the whole cache is dropped as well. A logout or a suspension therefore reaches every process within
the recheck time at the latest, and at once when a channel carried its note.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

import anyio.to_thread
from sqlalchemy import delete, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.limits import LocalLimiter, SharedLimiter
from hellenika.server.core.security import (
    HashingGate,
    Passwords,
    RetryLater,
    address_key,
    new_token,
    token_hash,
)
from hellenika.server.people.names import _prototypes, check_name, name_key, name_skeleton
from hellenika.server.store import Store
from hellenika.server.store.models import AuthSession, User

if TYPE_CHECKING:
    import redis.asyncio

__all__ = ["Accounts", "UserPublic", "check_name", "name_key", "name_skeleton", "suspended_words"]

MIN_PASSWORD = 8
MAX_PASSWORD = 128
#: How long a cached session lookup is trusted by default (``Settings.session_cache_seconds``).
CACHE_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class UserPublic:
    """What the API shows of a user (the *Public* model: no hash can leak through it)."""

    id: int
    name: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name}


def _taken(name: str) -> ApiError:
    return ApiError(409, f"the name {name!r} is taken (or looks like a name that is)")


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(422, f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long")


def suspended_words(until: float | None, reason: str | None, now: float) -> str | None:
    """Why a login is refused (server/mod/service.py suspends accounts); None: the account is not
    suspended."""
    if until is None or until <= now:
        return None
    when = dt.datetime.fromtimestamp(until, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    why = f": {reason}" if reason else ""
    return f"this account is suspended until {when}{why}"


class Accounts:
    def __init__(self, store: Store, settings: Settings, redis: redis.asyncio.Redis | None = None) -> None:
        """``redis``: the limits are shared by every process (server/core/limits.py); else this process's
        own."""
        self.store = store
        self.settings = settings
        clock = settings.clock

        def limiter(name: str, limit: int, window: float, what: str) -> LocalLimiter:
            if redis is None:
                return LocalLimiter(clock, limit, window, what)
            return SharedLimiter(redis, name, clock, limit, window, what, prefix=settings.redis_prefix)

        self.login_limiter = limiter(
            "login-name",
            settings.login_failures,
            settings.login_window_seconds,
            "failed logins for this name",
        )
        self.login_address_limiter = limiter(
            "login-address",
            settings.login_failures_per_address,
            settings.login_address_window_seconds,
            "failed logins from this address",
        )
        self.register_limiter = limiter(
            "register",
            settings.register_per_address,
            settings.register_window_seconds,
            "new accounts from this address",
        )
        self.passwords = Passwords(
            settings.argon2_time_cost, settings.argon2_memory_kib, settings.argon2_parallelism
        )
        self.gate = HashingGate(settings.hash_slots, settings.hash_waiting)
        self._cache: dict[str, tuple[UserPublic, float, float]] = {}  # hash -> user, expires, cached_at
        _prototypes()  # load the confusables data now, not on the event loop at the first registration

    # ------------------------------------------------------------------ register, log in, log out

    async def register(self, name: str, password: str, address: str = "?") -> tuple[UserPublic, str]:
        """A new account, logged in. Cheap refusals come first (422 bad input, 429 too many accounts from
        this address, 409 the name or a lookalike is taken); then a turn at the hashing gate (503: busy)."""
        name = check_name(name)
        check_password(password)
        where = address_key(address)
        await self.register_limiter.check(where)
        key, skeleton = name_key(name), name_skeleton(name)

        def clash(session: Session) -> bool:
            query = select(User.id).where(or_(User.name_key == key, User.name_skeleton == skeleton))
            return session.scalar(query.limit(1)) is not None

        if await self.store.read(clash):
            raise _taken(name)
        async with self.gate.turn():
            await self.register_limiter.take(
                where
            )  # counted once it will hash (checked again: others waited too)
            hashed = await anyio.to_thread.run_sync(self.passwords.hash, password)
        now = self.settings.clock()
        token = new_token()

        def create(session: Session) -> UserPublic:
            if clash(session):
                raise _taken(name)
            user = User(name=name, name_key=key, name_skeleton=skeleton, password_hash=hashed, created_at=now)
            session.add(user)
            session.flush()
            self._add_session(session, user.id, token, now)
            return UserPublic(user.id, user.name)

        try:
            user = await self.store.write(create)
        except IntegrityError:
            raise _taken(name) from None
        return user, token

    async def login(self, name: str, password: str, address: str) -> tuple[UserPublic, str]:
        """Log in by name (case ignored, as ``name_key``). Every attempt counts as a failure for this name and
        address and for the address alone until the password proves right; a right one clears this name's
        failures but not the address's, so an account of one's own cannot reset the address's count."""
        where = address_key(address)
        per_name = f"{name_key(name.strip())}|{where}"
        # Checked and counted at once (one Lua script when shared), so a burst of concurrent guesses, on one
        # process or several, cannot all pass.
        by_address = await self.login_address_limiter.take(where)
        try:
            by_name = await self.login_limiter.take(per_name)
        except RetryLater:
            await self.login_address_limiter.give_back(where, by_address)
            raise

        def find(session: Session) -> User | None:
            return session.scalar(select(User).where(User.name_key == name_key(name.strip())))

        user = await self.store.read(find)
        ok = False
        if user is not None:
            try:
                async with self.gate.turn():
                    ok = await anyio.to_thread.run_sync(self.passwords.verify, user.password_hash, password)
            except RetryLater:  # busy: the password was not even looked at, so this was no failure
                await self.login_address_limiter.give_back(where, by_address)
                await self.login_limiter.give_back(per_name, by_name)
                raise
        if user is None or not ok:
            raise ApiError(401, "wrong name or password")
        await self.login_limiter.reset(per_name)
        await self.login_address_limiter.give_back(where, by_address)
        now = self.settings.clock()
        token = new_token()
        user_id = user.id

        def open_session(session: Session) -> None:
            # Read again with the row held: the suspension may have come while the password was checked.
            row = session.execute(
                select(User.suspended_until, User.suspended_reason)
                .where(User.id == user_id)
                .with_for_update(read=True)
            ).first()
            if row is None:
                raise ApiError(401, "wrong name or password")
            refused = suspended_words(row.suspended_until, row.suspended_reason, now)
            if refused is not None:  # told only to whoever knows the password
                raise ApiError(403, refused)
            self._add_session(session, user_id, token, now)

        await self.store.write(open_session)
        return UserPublic(user.id, user.name), token

    def forget_session(self, digest: str) -> None:
        """Drop a session from the lookup cache (another process logged it out)."""
        self._cache.pop(digest, None)

    def drop_cache(self) -> None:
        """Forget every cached lookup (a fan-out channel reconnected: logouts may have gone unannounced)."""
        self._cache.clear()

    async def revoked(self, sessions: dict[str, int]) -> list[str]:
        """Which of these sessions (token hash -> user id) no longer stand: logged out, expired, moved to
        another account, or of a suspended account. One query for all of them."""
        if not sessions:
            return []
        now = self.settings.clock()
        digests = list(sessions)

        def standing(session: Session) -> set[str]:
            found: set[str] = set()
            for start in range(0, len(digests), 500):
                rows = session.execute(
                    select(AuthSession.token_hash, AuthSession.user_id, User.suspended_until)
                    .join(User, AuthSession.user_id == User.id)
                    .where(
                        AuthSession.token_hash.in_(digests[start : start + 500]), AuthSession.expires_at > now
                    )
                )
                for row in rows:
                    if sessions.get(row.token_hash) == row.user_id and not (
                        row.suspended_until is not None and row.suspended_until > now
                    ):
                        found.add(row.token_hash)
            return found

        alive = await self.store.read(standing)
        gone = [digest for digest in digests if digest not in alive]
        for digest in gone:
            self._cache.pop(digest, None)
        return gone

    async def logout(self, token: str | None) -> None:
        if not token:
            return
        digest = token_hash(token)
        self._cache.pop(digest, None)
        await self.store.write(
            lambda session: session.execute(delete(AuthSession).where(AuthSession.token_hash == digest))
        )

    def _add_session(self, session: Session, user_id: int, token: str, now: float) -> None:
        session.add(
            AuthSession(
                token_hash=token_hash(token),
                user_id=user_id,
                created_at=now,
                expires_at=now + self.settings.session_seconds,
            )
        )

    # ------------------------------------------------------------------ who is this

    async def user_for_token(self, token: str | None) -> UserPublic | None:
        """The user of a session cookie, or None (no cookie, unknown or expired session)."""
        if not token or len(token) > 200:
            return None
        digest = token_hash(token)
        now = self.settings.clock()
        cached = self._cache.get(digest)
        if cached is not None:
            user, expires, cached_at = cached
            if now < expires and now - cached_at < self.settings.session_cache_seconds:
                return user
            self._cache.pop(digest, None)

        def find(session: Session) -> tuple[UserPublic, float] | None:
            row = session.execute(
                select(User.id, User.name, User.suspended_until, AuthSession.expires_at)
                .join(AuthSession, AuthSession.user_id == User.id)
                .where(AuthSession.token_hash == digest)
            ).first()
            if row is None or (row.suspended_until is not None and row.suspended_until > now):
                return None  # a suspended account's session counts for nothing (see the module docstring)
            return UserPublic(row.id, row.name), row.expires_at

        found = await self.store.read(find)
        if found is None or found[1] <= now:
            return None
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[digest] = (found[0], found[1], now)
        return found[0]

    async def users_by_name(self, names: list[str]) -> dict[str, UserPublic]:
        """Users by the name as given (case-insensitive); names that are nobody's are missing."""
        keys = {name_key(n.strip()): n for n in names}

        def find(session: Session) -> dict[str, UserPublic]:
            rows = session.execute(select(User.id, User.name, User.name_key).where(User.name_key.in_(keys)))
            return {keys[r.name_key]: UserPublic(r.id, r.name) for r in rows}

        return await self.store.read(find)
