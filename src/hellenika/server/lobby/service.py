"""The lobby: creating tables, joining and leaving them before they start, invitations, and listing them.

Seats are claimed with a guarded UPDATE (``... WHERE kind = 'open'``), so two people racing for the last
seat get one 200 and one 409. Options are validated by the game's own option parsing.

Nobody is seated without consent. A seat the creator gives to a person by name is an *invitation* (kind
``invited``): it holds the invitee's id but is not a seat of theirs until they accept, and the master refuses
to start while one is unanswered, so no one can be put into a game (and its deadlines, forfeits and ratings)
by someone else. Declining, or leaving before accepting, opens the seat again for anyone to join. And a
person creates only tables they sit at, unless the server allows otherwise
(``Settings.allow_tables_without_creator``), so a table cannot be set up between other people.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.bots.policy import shipped_player_counts
from hellenika.engine.errors import HellenikaError
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.lobby.limits import LobbyLimits
from hellenika.server.lobby.schemas import JoinRequest, SeatRequest, TableCreate, TimeControlRequest
from hellenika.server.notify import enqueue_for_table
from hellenika.server.people import Accounts, UserPublic, refuse_blocked_invitations, refuse_blocked_join
from hellenika.server.store import Store
from hellenika.server.store.models import GameTable, Seat
from hellenika.server.tables import (
    BANK,
    FINISHED,
    INVITED,
    LIVE,
    NO_CLOCK,
    NONE,
    OPEN,
    PER_MOVE,
    PLAYING,
    USER,
    WAITING,
    TableInfo,
    TimeControl,
    bank,
    default_control,
    load_info,
    load_infos,
    per_move,
    read_table,
)


@dataclass(frozen=True, slots=True)
class TableFilter:
    """The lobby's filters of a table list (each None: any)."""

    game: str | None = None
    players: int | None = None
    mode: str | None = None
    rated: bool | None = None
    #: Turn-based tables with at most this many hours a move (live tables have no deadline to compare).
    max_deadline_hours: float | None = None

    def conditions(self) -> list[Any]:
        found: list[Any] = []
        if self.game is not None:
            found.append(GameTable.game == self.game)
        if self.players is not None:
            found.append(GameTable.players == self.players)
        if self.mode is not None:
            found.append(GameTable.mode == self.mode)
        if self.rated is not None:
            found.append(GameTable.rated.is_(self.rated))
        if self.max_deadline_hours is not None:
            found.append(GameTable.deadline_hours <= self.max_deadline_hours)
        return found


def add_table(
    session: Session, table_id: str, seats: list[dict[str, Any]], now: float, **values: Any
) -> None:
    """A new waiting table with its seats (``seat``, ``kind``, ``user_id``, ``level`` each), in the caller's
    transaction: the lobby's create, Play again (again.py) and a match (matchmaking.py) all make theirs here.
    ``values`` are the table's game, players, options, mode, deadline_hours, on_timeout, private, rated and
    creator_id."""
    session.add(
        GameTable(
            id=table_id,
            status=WAITING,
            invite_token=secrets.token_urlsafe(12),
            seed=None,
            version=0,
            steps=0,
            created_at=now,
            **values,
        )
    )
    session.flush()
    session.add_all(Seat(table_id=table_id, **row) for row in seats)
    session.flush()


def hours_a_turn(control: TimeControl) -> float | None:
    """What the lobby's filter and the table JSON call ``deadline_hours``: a turn-based clock's hours a
    turn."""
    if control.kind == PER_MOVE:
        return control.base / 3600.0
    if control.kind == BANK:
        return control.increment / 3600.0
    return None


def time_control_of(
    game: str, mode: str, rated: bool, hours: float | None, asked: TimeControlRequest | None
) -> TimeControl:
    """The table's time control from what was asked (422 naming what does not fit): a rated table always
    has a clock; live clocks are for live tables and banks and days a move for turn-based ones."""
    if asked is None:
        return default_control(game, mode, rated) if hours is None else per_move(hours)
    if hours is not None:
        raise ApiError(422, "time_control: give either deadline_hours or a time control, not both")
    if asked.kind == NONE:
        if rated:
            raise ApiError(422, "time_control: a rated table always has a clock; choose one, or play unrated")
        return NO_CLOCK
    if asked.kind == LIVE:
        if mode != "live":
            raise ApiError(422, "time_control: a live clock is for live tables; a turn-based one takes days")
        if asked.minutes is None:
            raise ApiError(422, "time_control: a live clock needs minutes (each player's starting time)")
        return TimeControl(LIVE, asked.minutes * 60.0, asked.increment or 0.0)
    if mode != "turn-based":
        raise ApiError(
            422, f"time_control: {asked.kind} is for turn-based tables; a live table takes minutes"
        )
    if asked.kind == BANK:
        if asked.moves_per_day is None:
            raise ApiError(422, "time_control: a bank needs moves_per_day (1, 2 or 3)")
        return bank(asked.moves_per_day)
    if asked.hours is None:
        raise ApiError(422, "time_control: a per-move clock needs hours (the time for each turn)")
    return per_move(asked.hours)


def new_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


class Lobby:
    def __init__(self, store: Store, accounts: Accounts, settings: Settings, redis: Any = None) -> None:
        self.store = store
        self.accounts = accounts
        self.settings = settings
        #: The tables and invitations a person may set going (limits.py).
        self.limits = LobbyLimits(settings, redis)

    async def create(self, user: UserPublic, body: TableCreate, *, guided: bool = False) -> TableInfo:
        """A new waiting table; ``guided``: a "Learn to play" game (server/learn/routes.py)."""
        try:
            game = games.get(body.game)
        except HellenikaError as exc:
            raise ApiError(422, str(exc)) from None
        if body.hints and body.rated:
            raise ApiError(422, "hints: hints are only for unrated tables (a rated game is played unaided)")
        control = time_control_of(game.name, body.mode, body.rated, body.deadline_hours, body.time_control)
        try:
            options = game.validate(body.players, body.options)
        except HellenikaError as exc:
            raise ApiError(422, str(exc)) from None
        seats = body.seats
        if seats is None:
            seats = [SeatRequest(kind="me")] + [SeatRequest(kind="open") for _ in range(body.players - 1)]
        if len(seats) != body.players:
            raise ApiError(422, f"give one seat per player: {body.players} players, {len(seats)} seats")
        mine = sum(s.kind == "me" for s in seats)
        if mine > 1:
            raise ApiError(422, "only one seat can be yours")
        if mine == 0 and not self.settings.allow_tables_without_creator:
            raise ApiError(422, "a table you create must have your own seat: make one seat 'me'")
        invited = [s.user for s in seats if s.kind == "user"]
        if any(not name for name in invited):
            raise ApiError(422, "an invited seat needs the user's name")
        found = await self.accounts.users_by_name([n for n in invited if n])
        missing = [n for n in invited if n and n not in found]
        if missing:
            raise ApiError(422, f"no user named {', '.join(repr(n) for n in missing)}")
        seated: list[int] = []
        rows: list[dict[str, Any]] = []
        for index, spec in enumerate(seats):
            if spec.kind == "me":
                rows.append({"seat": index, "kind": USER, "user_id": user.id, "level": None})
                seated.append(user.id)
            elif spec.kind == "user":
                invitee = found[spec.user or ""]
                if invitee.id == user.id:
                    raise ApiError(422, "you cannot invite yourself: make your seat 'me'")
                # Pending until the invitee accepts (see the module docstring).
                rows.append({"seat": index, "kind": INVITED, "user_id": invitee.id, "level": None})
                seated.append(invitee.id)
            elif spec.kind == "bot":
                if spec.level == "trained" and body.players not in shipped_player_counts(game.name):
                    counts = ", ".join(map(str, shipped_player_counts(game.name))) or "none"
                    raise ApiError(
                        422,
                        f"no trained bot plays {game.title} with {body.players} players "
                        f"(player counts with one: {counts})",
                    )
                rows.append({"seat": index, "kind": "bot", "user_id": None, "level": spec.level or "medium"})
            else:
                rows.append({"seat": index, "kind": OPEN, "user_id": None, "level": None})
        if len(set(seated)) != len(seated):
            raise ApiError(422, "a person can hold only one seat at a table")
        taken = await self.limits.take(user.id, len(invited))  # 429: too many an hour
        now = self.settings.clock()
        table_id = new_id()

        def write(session: Session) -> TableInfo:
            refuse_blocked_invitations(session, user, found.values())  # 403 naming the block
            self.limits.check_at_once(session, user.id, (u.id for u in found.values()))  # 409
            add_table(
                session,
                table_id,
                rows,
                now,
                game=game.name,
                players=body.players,
                options=dict(options),
                mode=body.mode,
                deadline_hours=hours_a_turn(control),
                time_control=control.stored() if control.clocked else None,
                on_timeout=body.on_timeout,
                private=body.private,
                rated=body.rated,
                hints=body.hints,
                guided=guided,
                creator_id=user.id,
            )
            info = load_info(session, table_id)
            assert info is not None
            enqueue_for_table(session, None, info, now)  # the invitations' notifications
            return info

        try:
            return await self.store.write(write)
        except BaseException:
            await taken.give_back()  # refused after all: not counted
            raise

    async def join(self, table_id: str, user: UserPublic, body: JoinRequest) -> TableInfo:
        def write(session: Session) -> TableInfo:
            info = load_info(session, table_id)
            if info is None:
                raise ApiError(404, f"no table {table_id!r}")
            if info.seat_of(user.id) is not None:
                raise ApiError(409, "you already have a seat at this table")
            if info.status != WAITING:
                raise ApiError(409, "this table has already started")
            refuse_blocked_join(session, info, user.id)  # 403: someone there blocked this person
            invited = info.invitation_of(user.id)
            if invited is not None:
                raise ApiError(409, f"you are invited to seat {invited + 1}: accept the invitation instead")
            # Bytes, not str: compare_digest refuses non-ASCII text with a TypeError (a 500 for "é").
            if body.invite is not None and not secrets.compare_digest(
                body.invite.encode(), info.invite_token.encode()
            ):
                raise ApiError(403, "this invitation is not valid for this table")
            if info.private and body.invite is None:
                raise ApiError(403, "this table is private: join it through its invitation link")
            if body.seat is None:
                free = [s.seat for s in info.seats if s.kind == OPEN]
                if not free:
                    raise ApiError(409, "no seat is open at this table")
                seat = free[0]
            else:
                seat = body.seat
                if not 0 <= seat < info.players:
                    raise ApiError(422, f"this table has seats 0 to {info.players - 1}")
            done = session.execute(
                update(Seat)
                .where(Seat.table_id == table_id, Seat.seat == seat, Seat.kind == OPEN)
                .values(kind=USER, user_id=user.id)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise ApiError(409, f"seat {seat} is not open")
            updated = load_info(session, table_id)
            assert updated is not None
            return updated

        return await self.store.write(write)

    async def leave(self, table_id: str, user: UserPublic) -> TableInfo:
        """Give up a seat before the game starts (a running game is left by resigning: see the master).

        An invitee who has not accepted leaves by declining: the seat opens as it would for a seated player.
        """

        def write(session: Session) -> TableInfo:
            info = load_info(session, table_id)
            if info is None:
                raise ApiError(404, f"no table {table_id!r}")
            seat = info.seat_of(user.id)
            kind = USER
            if seat is None:
                seat, kind = info.invitation_of(user.id), INVITED
            if seat is None:
                raise ApiError(409, "you have no seat at this table")
            if info.status != WAITING:
                raise ApiError(409, "this table has already started")
            return self._open_seat(session, info, seat, kind, user)

        return await self.store.write(write)

    async def accept(self, table_id: str, user: UserPublic) -> TableInfo:
        """Take the seat I am invited to (no invitation token needed: the invitation is by name)."""

        def write(session: Session) -> TableInfo:
            info = self._answerable(session, table_id, user)
            refuse_blocked_join(session, info, user.id)  # a block made after the invitation
            seat = info.invitation_of(user.id)
            assert seat is not None
            done = session.execute(
                update(Seat)
                .where(
                    Seat.table_id == table_id,
                    Seat.seat == seat,
                    Seat.kind == INVITED,
                    Seat.user_id == user.id,
                )
                .values(kind=USER)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise ApiError(409, "the invitation was answered meanwhile; reload the table")
            updated = load_info(session, table_id)
            assert updated is not None
            return updated

        return await self.store.write(write)

    async def decline(self, table_id: str, user: UserPublic) -> TableInfo:
        """Turn down my invitation: the seat becomes open (anyone may join it, or the creator may fill it)."""

        def write(session: Session) -> TableInfo:
            info = self._answerable(session, table_id, user)
            seat = info.invitation_of(user.id)
            assert seat is not None
            return self._open_seat(session, info, seat, INVITED, user)

        return await self.store.write(write)

    @staticmethod
    def _answerable(session: Session, table_id: str, user: UserPublic) -> TableInfo:
        """The table, if ``user`` may accept or decline an invitation to it now; else the reason why not."""
        info = load_info(session, table_id)
        if info is None:
            raise ApiError(404, f"no table {table_id!r}")
        if info.status != WAITING:
            raise ApiError(409, "this table has already started")
        if info.invitation_of(user.id) is None:
            if info.seat_of(user.id) is not None:
                raise ApiError(409, "you already have a seat at this table")
            raise ApiError(403, "you are not invited to this table")
        return info

    @staticmethod
    def _open_seat(session: Session, info: TableInfo, seat: int, kind: str, user: UserPublic) -> TableInfo:
        """Free ``seat``, still held by ``user`` as ``kind`` (a guarded UPDATE: a racing answer gets 409)."""
        done = session.execute(
            update(Seat)
            .where(
                Seat.table_id == info.id,
                Seat.seat == seat,
                Seat.kind == kind,
                Seat.user_id == user.id,
            )
            .values(kind=OPEN, user_id=None, level=None)
        )
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise ApiError(409, "the seat changed meanwhile; reload the table")
        updated = load_info(session, info.id)
        assert updated is not None
        return updated

    async def status(self, table_id: str) -> TableInfo:
        return await read_table(self.store, table_id)

    async def listing(
        self, status: str, limit: int = 100, filters: TableFilter | None = None
    ) -> list[TableInfo]:
        """Tables by status: ``open`` (waiting, public, with an open seat), ``playing`` or ``finished``;
        only those ``filters`` let through."""

        def read(session: Session) -> list[TableInfo]:
            query = select(GameTable.id)
            if filters is not None:
                query = query.where(*filters.conditions())
            if status == "open":
                query = query.where(
                    GameTable.status == WAITING,
                    GameTable.private.is_(False),
                    GameTable.id.in_(select(Seat.table_id).where(Seat.kind == OPEN)),
                )
            else:
                query = query.where(GameTable.status == status, GameTable.private.is_(False))
            ids = list(session.scalars(query.order_by(GameTable.created_at.desc()).limit(limit)))
            return load_infos(session, ids)

        return await self.store.read(read)

    async def mine(self, user: UserPublic, limit: int = 200) -> list[TableInfo]:
        """My tables that are not finished (finished ones: :meth:`finished`), most urgent first: those waiting
        for my move by deadline (the soonest first, none last; then the one waiting longest), my unanswered
        invitations, games waiting for someone else's move (latest activity first), tables still filling."""

        def read(session: Session) -> list[TableInfo]:
            ids = list(
                session.scalars(
                    select(GameTable.id)
                    .where(_mine(user.id), GameTable.status != FINISHED)
                    .order_by(GameTable.created_at.desc())
                    .limit(limit)
                )
            )
            return load_infos(session, ids)

        infos = await self.store.read(read)

        def key(info: TableInfo) -> tuple[Any, ...]:
            if is_my_turn(info, user.id):
                return (0, *urgency(info))
            if info.status == WAITING and info.invitation_of(user.id) is not None:
                return (1, -info.created_at, info.id)
            if info.status == PLAYING:
                return (2, -(info.last_move_at or info.started_at or info.created_at), info.id)
            return (3, -info.created_at, info.id)

        return sorted(infos, key=key)

    async def waiting(self, user: UserPublic, limit: int = 200) -> list[TableInfo]:
        """The games waiting for my move, most urgent first (see :func:`urgency`)."""

        def read(session: Session) -> list[TableInfo]:
            ids = list(
                session.scalars(
                    select(GameTable.id)
                    .join(Seat, Seat.table_id == GameTable.id)
                    .where(
                        Seat.user_id == user.id,
                        Seat.kind == USER,
                        GameTable.status == PLAYING,
                        GameTable.to_move == Seat.seat,
                    )
                    .order_by(GameTable.created_at)
                    .limit(limit)
                )
            )
            return load_infos(session, ids)

        infos = await self.store.read(read)
        return sorted((i for i in infos if is_my_turn(i, user.id)), key=urgency)

    async def finished(
        self, user: UserPublic, limit: int, before: str | None = None
    ) -> tuple[list[TableInfo], str | None]:
        """One page of my finished tables, latest finished first: at most ``limit``, those finished before the
        table ``before`` (the ``next`` of the previous page); answers the page and the next page's ``before``
        (None on the last page). An id that is no finished table of mine is 422."""

        def read(session: Session) -> tuple[list[TableInfo], str | None]:
            query = select(GameTable.id).where(_mine(user.id), GameTable.status == FINISHED)
            if before is not None:
                cursor = session.execute(
                    select(GameTable.finished_at, GameTable.id).where(
                        GameTable.id == before, _mine(user.id), GameTable.status == FINISHED
                    )
                ).first()
                if cursor is None:
                    raise ApiError(422, f"before: {before!r} is no finished table of yours")
                when, cursor_id = cursor
                query = query.where(
                    or_(
                        GameTable.finished_at < when,
                        and_(GameTable.finished_at == when, GameTable.id < cursor_id),
                    )
                )
            ids = list(
                session.scalars(
                    query.order_by(GameTable.finished_at.desc(), GameTable.id.desc()).limit(limit + 1)
                )
            )
            more = len(ids) > limit
            ids = ids[:limit]
            return load_infos(session, ids), (ids[-1] if more else None)

        return await self.store.read(read)


def _mine(user_id: int) -> Any:
    """The condition "a table of this user": seated, invited, or created by them."""
    seated = select(Seat.table_id).where(Seat.user_id == user_id, Seat.kind.in_((USER, INVITED)))
    return or_(GameTable.id.in_(seated), GameTable.creator_id == user_id)


def is_my_turn(info: TableInfo, user_id: int) -> bool:
    return info.status == PLAYING and info.to_move is not None and info.to_move == info.seat_of(user_id)


def urgency(info: TableInfo) -> tuple[bool, float, float, str]:
    """The order of games waiting for a move: the soonest deadline first (none last), then the one waiting
    longest (its last move, or its start, the earliest), then by id."""
    deadline = info.turn_deadline
    since = info.last_move_at or info.started_at or info.created_at
    return (deadline is None, deadline or 0.0, since, info.id)
