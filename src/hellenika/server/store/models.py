"""The tables of the database, as SQLAlchemy 2 declarative models.

Times are seconds since the epoch (floats) taken from the server's injectable clock, so tests can move time
without sleeping; the API turns them into ISO 8601. The schema itself is created by the Alembic migrations in
``migrations/``; these models must stay in step with them (a test compares the two).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    true,
)
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
    #: The address notifications go to (migration 0004); mail goes out only once ``email_verified``.
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The server's operators (migration 0008; server/mod/service.py): granted by ``hellenika admin grant``.
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A suspended account cannot log in until then (its sessions were ended when it was suspended).
    suspended_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    suspended_reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    #: When the person last made a move themselves (migration 0013): written in the move's commit at most
    #: every 30 s, so the quiet rule of notifications reads one row instead of all of their actions.
    last_action_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: Until when some process saw the person with an open table socket: the quiet rule's presence when
    #: Redis is down (server/core/presence.py); refreshed with the Redis keys.
    present_until: Mapped[float | None] = mapped_column(Float, nullable=True)


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
    #: Whether the finished game changes ratings (a table option; early forfeits are never rated).
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: When the table last changed in play (start, move, forfeit): "last activity" in the games list.
    last_move_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: "What would the bot do?" may be asked at this table (unrated tables only; migration 0009).
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A "Learn to play" game (server/learn/routes.py): the table page explains each step.
    guided: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: How the table keeps time and its running clock (server/tables/clock.py; migration 0011): null for
    #: no clock (a table made before clocks keeps its ``deadline_hours``, a per-move clock).
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, nullable=True)
    #: Seats whose players voted to abandon the game, or null.
    abandon_votes: Mapped[list[int] | None] = mapped_column(JsonDoc, nullable=True)


class Seat(Base):
    """One seat of a table: open, a person, or a bot with a level; its place once the game is over."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: the place this seat took (1 = first) once the table is finished, from its result; profiles count them
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)


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
    #: Seconds of the seat's clock the decision took, and the seconds it had left after it (its bonus
    #: included); null where no clock ran (chance, bots, tables without a clock).
    spent: Mapped[float | None] = mapped_column(Float, nullable=True)
    time_left: Mapped[float | None] = mapped_column(Float, nullable=True)


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


class Vacation(Base):
    """A pause of a person's turn deadlines from ``starts_at`` to ``ends_at`` (at most so many days a
    year)."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    starts_at: Mapped[float] = mapped_column(Float)
    ends_at: Mapped[float] = mapped_column(Float)
    created_at: Mapped[float] = mapped_column(Float)


# ---------------------------------------------------------------------- notifications (migration 0004)


class NotificationSettings(Base):
    """A person's notification choices (hellenika.server.notify.settings); no row means the defaults.

    ``webhook_secret`` signs the webhook bodies (HMAC-SHA256, shown to its owner on the settings page);
    ``unsubscribe_token`` is the secret of the one-click unsubscribe link in every mail (it can only turn
    e-mail off). ``digest_sent_at`` is when the last daily digest went out."""

    __tablename__ = "notification_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    your_turn: Mapped[bool] = mapped_column(Boolean, default=True)
    deadline_soon: Mapped[bool] = mapped_column(Boolean, default=True)
    deadline_hours: Mapped[int] = mapped_column(Integer, default=4)
    invited: Mapped[bool] = mapped_column(Boolean, default=True)
    game_over: Mapped[bool] = mapped_column(Boolean, default=True)
    by_email: Mapped[bool] = mapped_column(Boolean, default=True)
    by_webhook: Mapped[bool] = mapped_column(Boolean, default=False)
    by_browser: Mapped[bool] = mapped_column(Boolean, default=True)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    webhook_secret: Mapped[str] = mapped_column(String(64))
    quiet: Mapped[bool] = mapped_column(Boolean, default=True)
    quiet_minutes: Mapped[int] = mapped_column(Integer, default=10)
    digest: Mapped[bool] = mapped_column(Boolean, default=False)
    digest_sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    unsubscribe_token: Mapped[str] = mapped_column(String(64), unique=True)
    updated_at: Mapped[float] = mapped_column(Float)


class EmailToken(Base):
    """A link sent to verify an address: only the SHA-256 of its token is stored; used once, expires."""

    __tablename__ = "email_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class OutboxRow(Base):
    """One notification for one person on one channel (``email`` or ``webhook``), written in the same
    transaction as the change that causes it and delivered later by the drain (notify/worker.py).

    ``dedupe_key`` is unique (user, channel, event, table and the turn), so a retried transaction or a second
    check never queues the same notification twice. ``status``: pending -> sent | logged (no SMTP: written
    to the log) | suppressed (the quiet rule) | held (waiting for the daily digest) -> digested | failed
    (after the last attempt, or refused for good); ``sending`` while claimed, until ``next_attempt_at``."""

    __tablename__ = "notification_outbox"
    __table_args__ = (UniqueConstraint("dedupe_key", name="uq_notification_outbox_dedupe_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    event: Mapped[str] = mapped_column(String(24))
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    dedupe_key: Mapped[str] = mapped_column(String(200))
    payload: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    status: Mapped[str] = mapped_column(String(16), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[float] = mapped_column(Float, index=True)
    last_error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)


# -------------------------------------------------------------------- chat, mutes and blocks (migration 0005)


class ChatMessage(Base):
    """One line of a table's chat (hellenika.server.chat.service): ``channel`` is ``players``, ``spectators``
    or ``system`` (then ``author_id`` is NULL); ``version`` is the table's revision when it was written, so a
    replay shows it at its step."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_table_id_id", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    author_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    channel: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(String(600))
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)


class UserMute(Base):
    """``user_id`` does not read ``muted_id``'s chat."""

    __tablename__ = "user_mutes"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class UserBlock(Base):
    """``user_id`` blocked ``blocked_id``: no invitations from them, no joining ``user_id``'s tables, and no
    chat either way."""

    __tablename__ = "user_blocks"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


# -------------------------------------------------------------------- friends and play again (migration 0006)


class Friend(Base):
    """``user_id`` keeps ``friend_id`` in their friends list (one way, like following: the friend is not
    asked). The list offers them as invitees and shows the public games they play."""

    __tablename__ = "friends"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class TableSuccessor(Base):
    """*Play again*: the table created from a finished one (hellenika.server.lobby.again). One per finished
    table (its primary key), so a second *Play again* answers the same new table."""

    __tablename__ = "table_successors"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    next_table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), unique=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


# -------------------------------------------------------------------------- matchmaking (migration 0007)


class MatchRequest(Base):
    """A person's request to be seated automatically (server/lobby/matchmaking.py). ``pool`` says which
    requests can play together; ``ordinal`` is their rating in the game when they asked; ``table_id`` the
    table the match made."""

    __tablename__ = "match_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    mode: Mapped[str] = mapped_column(String(16))
    deadline_hours: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    pool: Mapped[str] = mapped_column(String(1000), index=True)
    ordinal: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    table_id: Mapped[str | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True, index=True
    )


class Report(Base):
    """ "Report this user" (migration 0008): by whom, about whom, why, from where (a table, a chat line),
    and whether an admin has dealt with it."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    reported_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id", ondelete="SET NULL"), nullable=True)
    message_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[float] = mapped_column(Float)
    resolved_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    resolved_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )


# ------------------------------------------------------------------- post-game reviews (migration 0009)


class GameReview(Base):
    """The post-game review of one seat's decisions in a replay (server/learn/review.py): a finished table's
    id or an uploaded record's, so no foreign key. ``status`` is queued, running, done or failed, with the
    progress (``done`` of ``total`` decisions) kept up to date by the process computing it, so every process
    answers the same; ``updated_at`` is its heartbeat. ``decisions`` holds one judgement per decision with a
    real choice once done, and is read from here ever after."""

    __tablename__ = "game_reviews"

    replay_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    iterations: Mapped[int] = mapped_column(Integer)
    steps: Mapped[int] = mapped_column(Integer)
    decisions: Mapped[list[Any]] = mapped_column(JsonDoc)
    requested_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    seconds: Mapped[float] = mapped_column(Float)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


# ------------------------------------------------------------------------- conduct (migration 0011)


class ConductEvent(Base):
    """Something a person did at a table that a reputation counts (kinds: ``timeout``, a turn the timeout
    bot played for them or the others decided about; ``forfeit``, a game lost on time; ``resigned``;
    ``removed`` by an admin; ``abandoned``, a game ended by everyone's vote), one row each, with the table."""

    __tablename__ = "conduct_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True, index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """A lease on work that runs once across processes (server/core/coordination.py ``RowLocks``), used
    instead of advisory locks behind a pooler in transaction mode (PgBouncer), where a session lock would
    outlive or miss its connection. Held by ``owner`` until ``expires_at``; the holder renews it, and anyone
    may take it over once it has expired (migration 0013)."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[float] = mapped_column(Float)
    renewed_at: Mapped[float] = mapped_column(Float)
