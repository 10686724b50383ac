"""Accounts and sessions: register, log in, log out, and who a request's session cookie belongs to.

Sessions live in the database (so they survive a restart); a small in-memory cache answers the lookups of
the hot path (every move, every WebSocket) without a query. Logging out removes the session from both.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import anyio.to_thread
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika.server.config import Settings
from hellenika.server.errors import ApiError
from hellenika.server.security import LoginLimiter, Passwords, new_token, token_hash
from hellenika.server.store import Store
from hellenika.server.store.models import AuthSession, User

NAME_RULE = re.compile(r"^[\w][\w .\-]{0,30}[\w]$")
MIN_PASSWORD = 8
MAX_PASSWORD = 128
#: How long a cached session lookup is trusted before the database is asked again.
CACHE_SECONDS = 300.0


@dataclass(frozen=True, slots=True)
class UserPublic:
    """What the API shows of a user (the *Public* model: no hash can leak through it)."""

    id: int
    name: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name}


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME_RULE.match(name):
        raise ApiError(
            422,
            "a name is 2 to 32 letters, digits, spaces, dots, hyphens or underscores, "
            "starting and ending with a letter or digit",
        )
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(422, f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long")


class Accounts:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.limiter = LoginLimiter(settings.clock, settings.login_failures, settings.login_window_seconds)
        self.passwords = Passwords(
            settings.argon2_time_cost, settings.argon2_memory_kib, settings.argon2_parallelism
        )
        self._cache: dict[str, tuple[UserPublic, float, float]] = {}  # hash -> user, expires, cached_at

    # ------------------------------------------------------------------ register, log in, log out

    async def register(self, name: str, password: str) -> tuple[UserPublic, str]:
        name = check_name(name)
        check_password(password)
        hashed = await anyio.to_thread.run_sync(self.passwords.hash, password)
        now = self.settings.clock()
        token = new_token()

        def create(session: Session) -> UserPublic:
            if session.scalar(select(User.id).where(User.name_key == name_key(name))) is not None:
                raise ApiError(409, f"the name {name!r} is taken")
            user = User(name=name, name_key=name_key(name), password_hash=hashed, created_at=now)
            session.add(user)
            session.flush()
            self._add_session(session, user.id, token, now)
            return UserPublic(user.id, user.name)

        try:
            user = await self.store.write(create)
        except IntegrityError:
            raise ApiError(409, f"the name {name!r} is taken") from None
        return user, token

    async def login(self, name: str, password: str, address: str) -> tuple[UserPublic, str]:
        key = f"{name_key(name.strip())}|{address}"
        self.limiter.check(key)

        def find(session: Session) -> User | None:
            return session.scalar(select(User).where(User.name_key == name_key(name.strip())))

        user = await self.store.read(find)
        ok = user is not None and await anyio.to_thread.run_sync(
            self.passwords.verify, user.password_hash, password
        )
        if user is None or not ok:
            self.limiter.fail(key)
            raise ApiError(401, "wrong name or password")
        self.limiter.reset(key)
        now = self.settings.clock()
        token = new_token()
        user_id = user.id
        await self.store.write(lambda session: self._add_session(session, user_id, token, now))
        return UserPublic(user.id, user.name), token

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
            if now < expires and now - cached_at < CACHE_SECONDS:
                return user
            self._cache.pop(digest, None)

        def find(session: Session) -> tuple[UserPublic, float] | None:
            row = session.execute(
                select(User.id, User.name, AuthSession.expires_at)
                .join(AuthSession, AuthSession.user_id == User.id)
                .where(AuthSession.token_hash == digest)
            ).first()
            return None if row is None else (UserPublic(row.id, row.name), row.expires_at)

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
