"""Notifications: users' e-mail addresses, notification settings, e-mail tokens, the outbox.

- ``users.email`` / ``users.email_verified``: where mail goes, once the address is verified.
- ``notification_settings``: a person's choices of events, channels, the quiet rule and the digest.
- ``email_tokens``: verification links (only a hash of each token).
- ``notification_outbox``: one row per notification and channel, written with the change that causes it,
  unique by ``dedupe_key``; the drain (hellenika.server.notify.worker) delivers it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email", sa.String(length=254), nullable=True))
        batch_op.add_column(
            sa.Column("email_verified", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "notification_settings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("your_turn", sa.Boolean(), nullable=False),
        sa.Column("deadline_soon", sa.Boolean(), nullable=False),
        sa.Column("deadline_hours", sa.Integer(), nullable=False),
        sa.Column("invited", sa.Boolean(), nullable=False),
        sa.Column("game_over", sa.Boolean(), nullable=False),
        sa.Column("by_email", sa.Boolean(), nullable=False),
        sa.Column("by_webhook", sa.Boolean(), nullable=False),
        sa.Column("by_browser", sa.Boolean(), nullable=False),
        sa.Column("webhook_url", sa.String(length=500), nullable=True),
        sa.Column("webhook_secret", sa.String(length=64), nullable=False),
        sa.Column("quiet", sa.Boolean(), nullable=False),
        sa.Column("quiet_minutes", sa.Integer(), nullable=False),
        sa.Column("digest", sa.Boolean(), nullable=False),
        sa.Column("digest_sent_at", sa.Float(), nullable=True),
        sa.Column("unsubscribe_token", sa.String(length=64), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
        sa.UniqueConstraint("unsubscribe_token"),
    )
    op.create_table(
        "email_tokens",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used_at", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("email_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_email_tokens_user_id"), ["user_id"], unique=False)
    op.create_table(
        "notification_outbox",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("event", sa.String(length=24), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("dedupe_key", sa.String(length=200), nullable=False),
        sa.Column("payload", JSON_DOC, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.Float(), nullable=False),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("sent_at", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("dedupe_key", name="uq_notification_outbox_dedupe_key"),
    )
    with op.batch_alter_table("notification_outbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notification_outbox_user_id"), ["user_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_notification_outbox_status"), ["status"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_notification_outbox_next_attempt_at"), ["next_attempt_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("notification_outbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notification_outbox_next_attempt_at"))
        batch_op.drop_index(batch_op.f("ix_notification_outbox_status"))
        batch_op.drop_index(batch_op.f("ix_notification_outbox_user_id"))
    op.drop_table("notification_outbox")
    with op.batch_alter_table("email_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_email_tokens_user_id"))
    op.drop_table("email_tokens")
    op.drop_table("notification_settings")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("email_verified")
        batch_op.drop_column("email")
