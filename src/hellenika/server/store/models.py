"""The tables of the database, as SQLAlchemy 2 declarative models.

Times are seconds since the epoch (floats) taken from the server's injectable clock, so tests can move time
without sleeping; the API turns them into ISO 8601. The schema itself is created by the Alembic migrations in
``migrations/``; these models must stay in step with them (a test compares the two).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: JSON documents: JSONB on PostgreSQL, JSON text elsewhere.
JsonDoc = JSON().with_variant(JSONB(), "postgresql")


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JsonDoc, list[Any]: JsonDoc}


class User(Base):
    """An account. ``name_key`` (the name in lower case) keeps names unique regardless of case;
    ``name_skeleton`` (what the name looks like, ``accounts.name_skeleton``) keeps out lookalikes. It is empty
    only for an account from before migration 0002 that already looked like an older one's name."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    name_skeleton: Mapped[str | None] = mapped_column(String(255), nullable=True, unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[float] = mapped_column(Float)


class AuthSession(Base):
    """A logged-in browser. Only the SHA-256 of the cookie's token is stored: the table leaks no sessions."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class GameTable(Base):
    """A table: a game being set up, played or finished.

    ``version`` is the table's revision (+1 per applied action, +1 per undo) that moves must quote; ``steps``
    is the number of actions in the game's history. ``seed`` drives the server's chance draws and is never
    shown while the game runs.
    """

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    mode: Mapped[str] = mapped_column(String(16))
    deadline_hours: Mapped[float | None] = mapped_column(Float, nullable=True)
    on_timeout: Mapped[str] = mapped_column(String(16))
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    invite_token: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    steps: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, nullable=True)


class Seat(Base):
    """One seat of a table: open, a person, or a bot with a level."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ActionRow(Base):
    """One applied action: its place in the history (``step``), the table revision it produced, who made it.

    The unique (table_id, step) pair is the database's guard against two writers applying a move at the same
    point of the same game; the master's per-table lock is the first guard.
    """

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "step", name="uq_actions_table_step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(8))
    action: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    created_at: Mapped[float] = mapped_column(Float)


class Snapshot(Base):
    """A table's serialised state (without its history, which the action rows hold) and log after ``step``
    actions, so a restart replays only the actions since the last snapshot."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    events: Mapped[list[Any]] = mapped_column(JsonDoc)
    created_at: Mapped[float] = mapped_column(Float)


class Rating(Base):
    """An openskill rating per game and player; ``player`` is ``user:<id>`` or ``bot:<level>``."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    player: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)


class Replay(Base):
    """An uploaded game record, checked by replaying it before it was stored."""

    __tablename__ = "replays"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    uploader_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    record: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    steps: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
