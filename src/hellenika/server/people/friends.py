"""Friends: a person's own list of people they play with (one way, like following: the friend is not asked
and does not see it). The lobby offers friends as invitees when creating a table (an invitation they
accept, as any other) and shows the public games they are playing now, to watch.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.server.core.errors import ApiError
from hellenika.server.people.accounts import UserPublic
from hellenika.server.people.profiles import find_user
from hellenika.server.store import Store
from hellenika.server.store.locks import take_turn
from hellenika.server.store.models import Friend, GameTable, Seat, User
from hellenika.server.tables import PLAYING, USER, TableInfo, iso, load_infos

#: The most friends one list holds.
MAX_FRIENDS = 200
#: The most games in play shown per friend.
MAX_PLAYING = 10


def playing_entry(info: TableInfo) -> dict[str, Any]:
    """A game in play as the friends list shows it: what, who, since when, where to watch."""
    return {
        "id": info.id,
        "game": info.game,
        "title": games.get(info.game).title,
        "players": info.players,
        "names": info.seat_names(),
        "mode": info.mode,
        "started_at": iso(info.started_at),
        "last_move_at": iso(info.last_move_at),
        "watch_url": f"/tables/{info.id}",
    }


def friends_of(session: Session, user_id: int) -> list[dict[str, Any]]:
    """My friends by name, each with the public games they are playing now."""
    rows = session.execute(
        select(User.id, User.name, Friend.created_at)
        .join(Friend, Friend.friend_id == User.id)
        .where(Friend.user_id == user_id)
        .order_by(User.name_key)
    ).all()
    ids = [r[0] for r in rows]
    playing: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    if ids:
        found = session.execute(
            select(Seat.user_id, GameTable.id)
            .join(GameTable, GameTable.id == Seat.table_id)
            .where(
                Seat.user_id.in_(ids),
                Seat.kind == USER,
                GameTable.status == PLAYING,
                GameTable.private.is_(False),
            )
            .order_by(GameTable.started_at.desc())
        ).all()
        infos = {info.id: info for info in load_infos(session, list({t for _u, t in found}))}
        for friend_id, table_id in found:
            info = infos.get(table_id)
            if info is not None and friend_id is not None and len(playing[friend_id]) < MAX_PLAYING:
                playing[friend_id].append(playing_entry(info))
    return [
        {"user": {"id": i, "name": name}, "since": iso(since), "playing": playing[i]}
        for i, name, since in rows
    ]


class Friends:
    def __init__(self, store: Store, clock: Any) -> None:
        self.store = store
        self.clock = clock

    async def listing(self, user: UserPublic) -> list[dict[str, Any]]:
        return await self.store.read(lambda session: friends_of(session, user.id))

    async def add(self, user: UserPublic, name: str) -> tuple[dict[str, Any], bool]:
        """Add the person named ``name`` to my list; answers (their entry, whether they were new)."""
        now = self.clock()

        def write(session: Session) -> tuple[int, bool]:
            friend_id, _shown, _created = find_user(session, name)
            if friend_id == user.id:
                raise ApiError(422, "you cannot add yourself as a friend")
            if session.get(Friend, (user.id, friend_id)) is not None:
                return friend_id, False
            take_turn(session, f"friends:{user.id}")  # counted and added with no other add between
            count = session.scalar(select(func.count()).select_from(Friend).where(Friend.user_id == user.id))
            if (count or 0) >= MAX_FRIENDS:
                raise ApiError(
                    422, f"a friends list holds at most {MAX_FRIENDS} people; remove someone first"
                )
            session.add(Friend(user_id=user.id, friend_id=friend_id, created_at=now))
            session.flush()
            return friend_id, True

        try:
            friend_id, added = await self.store.write(write)
        except IntegrityError:  # the same friend added twice at once: the other request added them
            friend_id, added = await self.store.read(lambda s: find_user(s, name)[0]), False
        entries = await self.listing(user)
        entry = next((e for e in entries if e["user"]["id"] == friend_id), None)
        if entry is None:  # removed again meanwhile
            raise ApiError(409, "that friend was removed meanwhile; add them again")
        return entry, added

    async def remove(self, user: UserPublic, name: str) -> bool:
        """Take the person named ``name`` off my list; answers whether they were on it (404: no such user)."""

        def write(session: Session) -> bool:
            friend_id, _shown, _created = find_user(session, name)
            done = session.execute(
                delete(Friend).where(Friend.user_id == user.id, Friend.friend_id == friend_id)
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

        return await self.store.write(write)
