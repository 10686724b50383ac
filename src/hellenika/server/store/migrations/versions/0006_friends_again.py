"""Friends and *Play again*.

- ``friends``: whom a person keeps in their friends list (one way; the friend is not asked).
- ``table_successors``: the table *Play again* created from a finished one, one per finished table, so a
  second request answers the same new table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friends",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("friend_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["friend_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "friend_id"),
    )
    with op.batch_alter_table("friends", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_friends_friend_id"), ["friend_id"], unique=False)
    op.create_table(
        "table_successors",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("next_table_id", sa.String(length=16), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["next_table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["created_by"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("table_id"),
        sa.UniqueConstraint("next_table_id"),
    )


def downgrade() -> None:
    op.drop_table("table_successors")
    with op.batch_alter_table("friends", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_friends_friend_id"))
    op.drop_table("friends")
