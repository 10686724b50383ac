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
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from hellenika import games
from hellenika.server.store.models import GameTable, Seat, User

WAITING = "waiting"
PLAYING = "playing"
FINISHED = "finished"

BOT_LEVELS = ("easy", "medium", "hard", "expert")

OPEN = "open"
USER = "user"
INVITED = "invited"
BOT = "bot"


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

    def seat_names(self) -> list[str]:
        return [s.name or f"Seat {s.seat + 1}" for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == BOT

    def with_changes(self, **changes: Any) -> TableInfo:
        return replace(self, **changes)

    def to_json(self, viewer_id: int | None) -> dict[str, Any]:
        my_seat = self.seat_of(viewer_id)
        creator = viewer_id is not None and viewer_id == self.creator_id
        return {
            "id": self.id,
            "game": self.game,
            "title": games.get(self.game).title,
            "players": self.players,
            "options": self.options,
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
            "turn_deadline": iso(self.turn_deadline),
            "created_at": iso(self.created_at),
            "started_at": iso(self.started_at),
            "finished_at": iso(self.finished_at),
            "result": self.result,
            "invite": self.invite_token if creator else None,
            "invite_url": f"/tables/{self.id}?invite={self.invite_token}" if creator else None,
        }


def info_from_rows(table: GameTable, creator_name: str, seats: list[tuple[Seat, str | None]]) -> TableInfo:
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
        seats=tuple(
            SeatInfo(s.seat, s.kind, s.user_id, user_name, s.level)
            for s, user_name in sorted(seats, key=lambda pair: pair[0].seat)
        ),
    )


def load_infos(session: Session, table_ids: list[str]) -> list[TableInfo]:
    """The tables with these ids (unknown ids are skipped), in the order given."""
    if not table_ids:
        return []
    creator = aliased(User)
    rows = session.execute(
        select(GameTable, creator.name)
        .join(creator, creator.id == GameTable.creator_id)
        .where(GameTable.id.in_(table_ids))
    ).all()
    seat_rows = session.execute(
        select(Seat, User.name).outerjoin(User, User.id == Seat.user_id).where(Seat.table_id.in_(table_ids))
    ).all()
    seats: dict[str, list[tuple[Seat, str | None]]] = {}
    for seat, user_name in seat_rows:
        seats.setdefault(seat.table_id, []).append((seat, user_name))
    infos = {t.id: info_from_rows(t, name, seats.get(t.id, [])) for t, name in rows}
    return [infos[i] for i in table_ids if i in infos]


def load_info(session: Session, table_id: str) -> TableInfo | None:
    found = load_infos(session, [table_id])
    return found[0] if found else None
