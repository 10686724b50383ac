"""Table chat, mutes and blocks.

- ``chat_messages``: one row per chat line of a table, in the players', the spectators' or the system
  channel; ``author_id`` is NULL for system lines; ``version`` is the table's revision when it was written,
  so a replay can show it at its step.
- ``user_mutes``: whose chat a person does not want to read.
- ``user_blocks``: a person blocked: no invitations, no joining the blocker's tables, no chat either way.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=True),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("text", sa.String(length=600), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["author_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.create_index("ix_chat_messages_table_id_id", ["table_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_chat_messages_author_id"), ["author_id"], unique=False)
    op.create_table(
        "user_mutes",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("muted_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["muted_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "muted_id"),
    )
    with op.batch_alter_table("user_mutes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_user_mutes_muted_id"), ["muted_id"], unique=False)
    op.create_table(
        "user_blocks",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("blocked_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["blocked_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "blocked_id"),
    )
    with op.batch_alter_table("user_blocks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_user_blocks_blocked_id"), ["blocked_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("user_blocks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_user_blocks_blocked_id"))
    op.drop_table("user_blocks")
    with op.batch_alter_table("user_mutes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_user_mutes_muted_id"))
    op.drop_table("user_mutes")
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_chat_messages_author_id"))
        batch_op.drop_index("ix_chat_messages_table_id_id")
    op.drop_table("chat_messages")
