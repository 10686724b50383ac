"""Mutes and blocks between people: who does not read whom at a table's chat, and who may not
invite or join whom.

- **Mute** (``user_mutes``): the muter no longer reads the muted person's chat lines (history and live).
  Nothing else changes, and the muted person is not told.
- **Block** (``user_blocks``): stronger, and both ways where it matters. The blocked person cannot invite the
  blocker to a table, cannot join (or accept a seat at) a table where the blocker sits, and the two never read
  each other's chat. The blocker may not invite the person they blocked either (unblock first).

The checks are plain functions of a session, so the lobby calls them inside its own transactions (one line
each); :class:`Social` serves the ``/api/me/mutes`` and ``/api/me/blocks`` routes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.people.accounts import Accounts, UserPublic
from hellenika.server.store import Store
from hellenika.server.store.models import User, UserBlock, UserMute
from hellenika.server.tables import INVITED, USER, TableInfo

MUTES, BLOCKS = "mutes", "blocks"


# ---------------------------------------------------------------------- checks the lobby and the chat use


def hidden_authors(reader_id: int) -> Any:
    """A subquery of the user ids whose chat ``reader_id`` does not read: muted or blocked by the reader,
    or who blocked the reader."""
    return (
        select(UserMute.muted_id.label("uid"))
        .where(UserMute.user_id == reader_id)
        .union(
            select(UserBlock.blocked_id).where(UserBlock.user_id == reader_id),
            select(UserBlock.user_id).where(UserBlock.blocked_id == reader_id),
        )
        .subquery()
    )


def readers_not_reading(session: Session, author_id: int, readers: Iterable[int]) -> set[int]:
    """Of ``readers``, those who must not read ``author_id``'s chat (they muted or blocked the author, or
    the author blocked them)."""
    ids = sorted(set(readers) - {author_id})
    if not ids:
        return set()
    muted = session.scalars(
        select(UserMute.user_id).where(UserMute.muted_id == author_id, UserMute.user_id.in_(ids))
    )
    blocked = session.execute(
        select(UserBlock.user_id, UserBlock.blocked_id).where(
            or_(
                (UserBlock.blocked_id == author_id) & UserBlock.user_id.in_(ids),
                (UserBlock.user_id == author_id) & UserBlock.blocked_id.in_(ids),
            )
        )
    )
    hidden = set(muted)
    for blocker, blocked_id in blocked:
        hidden.add(blocked_id if blocker == author_id else blocker)
    return hidden


def refuse_blocked_join(session: Session, info: TableInfo, user_id: int) -> None:
    """403 when someone at the table (seated, invited, or its creator) has blocked ``user_id``."""
    present = {s.user_id for s in info.seats if s.kind in (USER, INVITED) and s.user_id is not None}
    present.add(info.creator_id)
    present.discard(user_id)
    if not present:
        return
    blocker = session.execute(
        select(User.name)
        .join(UserBlock, UserBlock.user_id == User.id)
        .where(UserBlock.blocked_id == user_id, UserBlock.user_id.in_(sorted(present)))
        .order_by(User.name)
        .limit(1)
    ).scalar()
    if blocker is not None:
        raise ApiError(403, f"{blocker} has blocked you: you cannot join a table where they sit")


def refuse_blocked_invitations(session: Session, creator: UserPublic, invitees: Iterable[UserPublic]) -> None:
    """403 naming the block when an invitee has blocked the creator, or the creator has blocked an invitee."""
    by_id = {u.id: u.name for u in invitees if u.id != creator.id}
    if not by_id:
        return
    rows = session.execute(
        select(UserBlock.user_id, UserBlock.blocked_id).where(
            or_(
                (UserBlock.user_id.in_(sorted(by_id))) & (UserBlock.blocked_id == creator.id),
                (UserBlock.user_id == creator.id) & (UserBlock.blocked_id.in_(sorted(by_id))),
            )
        )
    ).all()
    for blocker, blocked in sorted(rows):
        if blocked == creator.id:
            raise ApiError(403, f"{by_id[blocker]} has blocked you: you cannot invite them")
    for _blocker, blocked in sorted(rows):
        raise ApiError(403, f"you have blocked {by_id[blocked]}: unblock them to invite them")


# ---------------------------------------------------------------------- the routes' service


class Social:
    """``/api/me/mutes`` and ``/api/me/blocks``: list, add, remove (adding twice or removing what is not
    there changes nothing and answers the list)."""

    def __init__(self, store: Store, accounts: Accounts, settings: Settings) -> None:
        self.store = store
        self.accounts = accounts
        self.settings = settings

    async def listing(self, user: UserPublic, kind: str) -> list[UserPublic]:
        model, other = _columns(kind)

        def read(session: Session) -> list[UserPublic]:
            rows = session.execute(
                select(User.id, User.name)
                .join(model, other == User.id)
                .where(model.user_id == user.id)
                .order_by(User.name_key)
            )
            return [UserPublic(r.id, r.name) for r in rows]

        return await self.store.read(read)

    async def _target(self, user: UserPublic, name: str, kind: str) -> UserPublic:
        found = (await self.accounts.users_by_name([name])).get(name)
        if found is None:
            raise ApiError(404, f"no user named {name!r}")
        if found.id == user.id:
            raise ApiError(422, f"you cannot {'mute' if kind == MUTES else 'block'} yourself")
        return found

    async def add(self, user: UserPublic, name: str, kind: str) -> list[UserPublic]:
        target = await self._target(user, name, kind)
        model, other = _columns(kind)
        now = self.settings.clock()

        def write(session: Session) -> None:
            exists = session.scalar(select(model.user_id).where(model.user_id == user.id, other == target.id))
            if exists is None:
                if kind == MUTES:
                    session.add(UserMute(user_id=user.id, muted_id=target.id, created_at=now))
                else:
                    session.add(UserBlock(user_id=user.id, blocked_id=target.id, created_at=now))

        try:
            await self.store.write(write)
        except Exception as exc:  # two requests at once: the other one made the row
            if "unique" not in str(exc).lower() and "duplicate" not in str(exc).lower():
                raise
        return await self.listing(user, kind)

    async def remove(self, user: UserPublic, name: str, kind: str) -> list[UserPublic]:
        target = await self._target(user, name, kind)
        model, other = _columns(kind)

        def write(session: Session) -> None:
            session.execute(delete(model).where(model.user_id == user.id, other == target.id))

        await self.store.write(write)
        return await self.listing(user, kind)


def _columns(kind: str) -> tuple[type[UserMute] | type[UserBlock], Any]:
    if kind == MUTES:
        return UserMute, UserMute.muted_id
    return UserBlock, UserBlock.blocked_id
