"""Unrated tables, each table's last activity, and players' vacations.

- ``tables.rated``: whether a finished game changes ratings (true for every existing table).
- ``tables.last_move_at``: when the table last changed (a move, a start, a forfeit); existing started tables
  take the time of their last action, or their start.
- ``vacations``: a person's pauses of their turn deadlines (``starts_at`` to ``ends_at``), at most so many
  days a year.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column("last_move_at", sa.Float(), nullable=True))
    op.execute(
        "UPDATE tables SET last_move_at = COALESCE("
        "(SELECT MAX(actions.created_at) FROM actions WHERE actions.table_id = tables.id), started_at)"
    )
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.Float(), nullable=False),
        sa.Column("ends_at", sa.Float(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vacations_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("vacations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vacations_user_id"))
    op.drop_table("vacations")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_column("last_move_at")
        batch_op.drop_column("rated")
