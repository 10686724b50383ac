"""What a table is outside the game state: its settings, seats, status and timing, read from the database
in one query and shown as the ``table`` JSON of docs/WEB.md.

``TableInfo`` is a plain snapshot; the master keeps one per live table and replaces it on every commit, so a
push never needs a query.

A seat's kind is ``open``, ``user`` (a person who sat down: the creator, someone who joined, or an invitee who
accepted), ``invited`` (a person named by the creator who has not accepted yet: not seated, so nothing a game
does can reach them) or ``bot``.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from hellenika import games
from hellenika.server.core.errors import ApiError
from hellenika.server.store import Store
from hellenika.server.store.models import GameTable, Seat, TableSuccessor, User, Vacation
from hellenika.server.tables.clock import NO_CLOCK, Clock, TimeControl
from hellenika.web.results import end_words

WAITING = "waiting"
PLAYING = "playing"
FINISHED = "finished"

#: "trained" only where a policy is shipped for the game and player count (hellenika.bots.policy).
BOT_LEVELS = ("easy", "medium", "hard", "expert", "trained")

OPEN = "open"
USER = "user"
INVITED = "invited"
BOT = "bot"


#: The columns a change writes as they are (``clock`` and ``abandon_votes`` are converted: ``columns``).
PLAIN_COLUMNS = (
    "status",
    "seed",
    "version",
    "steps",
    "to_move",
    "turn_deadline",
    "started_at",
    "finished_at",
    "result",
    "last_move_at",
)


def _now(now: float | None) -> float:
    return time.time() if now is None else now


def iso(seconds: float | None) -> str | None:
    if seconds is None:
        return None
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str  # OPEN, USER, INVITED or BOT
    user_id: int | None = None
    user_name: str | None = None
    level: str | None = None
    #: The end of the seated person's vacation when the table was read (their deadlines wait), else None.
    vacation_until: float | None = None

    @property
    def name(self) -> str | None:
        if self.kind in (USER, INVITED):
            return self.user_name
        if self.kind == BOT:
            return f"Bot {self.seat + 1} ({self.level})"
        return None

    def to_json(self) -> dict[str, Any]:
        user = None if self.user_id is None else {"id": self.user_id, "name": self.user_name}
        return {
            "seat": self.seat,
            "kind": self.kind,
            "user": user if self.kind in (USER, INVITED) else None,
            "name": self.name,
            "level": self.level,
            "joined": self.kind == USER,
            "on_vacation_until": iso(self.vacation_until) if self.kind == USER else None,
        }


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    mode: str
    deadline_hours: float | None
    on_timeout: str
    private: bool
    status: str
    creator_id: int
    creator_name: str
    invite_token: str
    seed: int | None
    version: int
    steps: int
    to_move: int | None
    turn_deadline: float | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    result: dict[str, Any] | None
    seats: tuple[SeatInfo, ...] = field(default_factory=tuple)
    rated: bool = True
    last_move_at: float | None = None
    #: The table *Play again* made from this finished one (hellenika.server.lobby.again), else None.
    next_table: str | None = None
    #: Hints may be asked here (server/learn/hints.py), and the page guides a first game
    #: (server/learn/routes.py).
    hints: bool = False
    guided: bool = False
    #: How the table keeps time (server/tables/clock.py), and its clock once the game has started.
    time_control: TimeControl = NO_CLOCK
    clock: Clock | None = None
    #: Seats whose players voted to abandon the game (it ends, unrated, once every person has).
    abandon_votes: tuple[int, ...] = ()

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat this person sits at (an invitation not yet accepted is no seat)."""
        if user_id is None:
            return None
        for s in self.seats:
            if s.kind == USER and s.user_id == user_id:
                return s.seat
        return None

    def invitation_of(self, user_id: int | None) -> int | None:
        """The seat this person is invited to and has not accepted yet."""
        if user_id is None:
            return None
        for s in self.seats:
            if s.kind == INVITED and s.user_id == user_id:
                return s.seat
        return None

    def can_join(self, user_id: int | None) -> bool:
        """Whether ``user_id`` may join now without the invitation link (what the lobby's join allows)."""
        return (
            user_id is not None
            and self.status == WAITING
            and not self.private
            and self.seat_of(user_id) is None
            and self.invitation_of(user_id) is None
            and any(s.kind == OPEN for s in self.seats)
        )

    def seat_names(self) -> list[str]:
        return [s.name or f"Seat {s.seat + 1}" for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == BOT

    def with_changes(self, **changes: Any) -> TableInfo:
        return replace(self, **changes)

    def people(self) -> list[int]:
        """The seats of people (not bots)."""
        return [s.seat for s in self.seats if s.kind == USER]

    def columns(self) -> dict[str, Any]:
        """The values of the table's columns a change writes (``moves.TABLE_COLUMNS``), as stored."""
        values = {name: getattr(self, name) for name in PLAIN_COLUMNS}
        values["clock"] = None if self.clock is None else self.clock.stored()
        values["abandon_votes"] = list(self.abandon_votes) or None
        return values

    def with_columns(self, values: dict[str, Any]) -> TableInfo:
        """This table with the column values ``values`` (as :meth:`columns` writes them)."""
        changes = {name: values[name] for name in PLAIN_COLUMNS if name in values}
        if "clock" in values:
            changes["clock"] = None if values["clock"] is None else Clock.from_stored(values["clock"])
        if "abandon_votes" in values:
            changes["abandon_votes"] = tuple(values["abandon_votes"] or ())
        return replace(self, **changes)

    def end_text(self) -> str | None:
        """How the finished game ended in words ("alice lost on time; bob wins."), None before its end."""
        if self.status != FINISHED or self.result is None:
            return None
        text = self.result.get("end_text")  # written at the end with every participant's name
        return text if isinstance(text, str) else end_words(self.result, self.seat_names())

    def to_json(self, viewer_id: int | None, now: float | None = None) -> dict[str, Any]:
        """The ``table`` JSON for ``viewer_id``; a running clock is shown as of the server's ``now``."""
        my_seat = self.seat_of(viewer_id)
        creator = viewer_id is not None and viewer_id == self.creator_id
        return {
            "id": self.id,
            "game": self.game,
            "title": games.get(self.game).title,
            "players": self.players,
            # The options that apply at this player count (the others keep their defaults).
            "options": games.get(self.game).shown_options(self.players, self.options),
            "mode": self.mode,
            "deadline_hours": self.deadline_hours,
            "on_timeout": self.on_timeout,
            "private": self.private,
            "status": self.status,
            "creator": {"id": self.creator_id, "name": self.creator_name},
            "seats": [s.to_json() for s in self.seats],
            "version": self.version,
            "to_move": self.to_move,
            "my_seat": my_seat,
            "my_turn": my_seat is not None and self.status == PLAYING and self.to_move == my_seat,
            "my_invitation": self.invitation_of(viewer_id) is not None,
            # Whether this viewer may take an open seat now without an invitation link (a private table
            # is joined only through its link; an invitee accepts instead), so a page offers Join only then.
            "can_join": self.can_join(viewer_id),
            "turn_deadline": iso(self.turn_deadline),
            "created_at": iso(self.created_at),
            "started_at": iso(self.started_at),
            "finished_at": iso(self.finished_at),
            "result": self.result,
            "end_text": self.end_text(),
            "rated": self.rated,
            "last_move_at": iso(self.last_move_at),
            "next_table": self.next_table,
            "hints": self.hints,
            "guided": self.guided,
            "time_control": self.time_control.to_json(),
            "clock": None if self.clock is None else self.clock.shown(self.time_control, _now(now)),
            "abandon_votes": list(self.abandon_votes),
            "invite": self.invite_token if creator else None,
            "invite_url": f"/tables/{self.id}?invite={self.invite_token}" if creator else None,
        }


def info_from_rows(
    table: GameTable,
    creator_name: str,
    seats: list[tuple[Seat, str | None]],
    away: dict[int, float] | None = None,
    next_table: str | None = None,
) -> TableInfo:
    return TableInfo(
        id=table.id,
        game=table.game,
        players=table.players,
        options=dict(table.options),
        mode=table.mode,
        deadline_hours=table.deadline_hours,
        on_timeout=table.on_timeout,
        private=table.private,
        status=table.status,
        creator_id=table.creator_id,
        creator_name=creator_name,
        invite_token=table.invite_token,
        seed=table.seed,
        version=table.version,
        steps=table.steps,
        to_move=table.to_move,
        turn_deadline=table.turn_deadline,
        created_at=table.created_at,
        started_at=table.started_at,
        finished_at=table.finished_at,
        result=table.result,
        rated=table.rated,
        last_move_at=table.last_move_at,
        next_table=next_table,
        hints=table.hints,
        guided=table.guided,
        time_control=TimeControl.from_stored(table.time_control, table.deadline_hours),
        clock=None if table.clock is None else Clock.from_stored(table.clock),
        abandon_votes=tuple(table.abandon_votes or ()),
        seats=tuple(
            SeatInfo(
                s.seat,
                s.kind,
                s.user_id,
                user_name,
                s.level,
                (away or {}).get(s.user_id) if s.user_id is not None else None,
            )
            for s, user_name in sorted(seats, key=lambda pair: pair[0].seat)
        ),
    )


def load_infos(session: Session, table_ids: list[str]) -> list[TableInfo]:
    """The tables with these ids (unknown ids are skipped), in the order given."""
    if not table_ids:
        return []
    creator = aliased(User)
    rows = session.execute(
        select(GameTable, creator.name, TableSuccessor.next_table_id)
        .join(creator, creator.id == GameTable.creator_id)
        .outerjoin(TableSuccessor, TableSuccessor.table_id == GameTable.id)
        .where(GameTable.id.in_(table_ids))
    ).all()
    seat_rows = session.execute(
        select(Seat, User.name).outerjoin(User, User.id == Seat.user_id).where(Seat.table_id.in_(table_ids))
    ).all()
    seats: dict[str, list[tuple[Seat, str | None]]] = {}
    for seat, user_name in seat_rows:
        seats.setdefault(seat.table_id, []).append((seat, user_name))
    away = vacations_at(session, {s.user_id for s, _ in seat_rows if s.user_id is not None})
    infos = {t.id: info_from_rows(t, name, seats.get(t.id, []), away, after) for t, name, after in rows}
    return [infos[i] for i in table_ids if i in infos]


def vacations_at(session: Session, user_ids: set[int], now: float | None = None) -> dict[int, float]:
    """The end of each of these people's vacation running ``now`` (server/round/vacations.py), by user id.

    ``now`` defaults to the server's clock, which the master hands its store's sessions (``session.info``),
    so tests that move the clock see vacations end.
    """
    if not user_ids:
        return {}
    if now is None:
        now = session.info.get("clock", time.time)()
    rows = session.execute(
        select(Vacation.user_id, Vacation.ends_at).where(
            Vacation.user_id.in_(user_ids), Vacation.starts_at <= now, Vacation.ends_at > now
        )
    ).all()
    away: dict[int, float] = {}
    for user_id, ends_at in rows:
        away[user_id] = max(ends_at, away.get(user_id, ends_at))
    return away


def load_info(session: Session, table_id: str) -> TableInfo | None:
    found = load_infos(session, [table_id])
    return found[0] if found else None


async def read_table(store: Store, table_id: str) -> TableInfo:
    """The table as the database has it now; 404 when there is none."""
    info = await store.read(lambda s: load_info(s, table_id))
    if info is None:
        raise ApiError(404, f"no table {table_id!r}")
    return info
