"""Clocks: each table's time control and running clock, the time each decision took, abandon votes, and the
conduct events (timeouts, forfeits) a reputation counts.

A table made before this keeps ``time_control`` null; its ``deadline_hours`` is read as a per-move clock.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_control", JSON_DOC, nullable=True))
        batch_op.add_column(sa.Column("clock", JSON_DOC, nullable=True))
        batch_op.add_column(sa.Column("abandon_votes", JSON_DOC, nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("spent", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("time_left", sa.Float(), nullable=True))
    op.create_table(
        "conduct_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("conduct_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_conduct_events_user_id"), ["user_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_conduct_events_table_id"), ["table_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("conduct_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_conduct_events_table_id"))
        batch_op.drop_index(batch_op.f("ix_conduct_events_user_id"))
    op.drop_table("conduct_events")
    # Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35 and later have it): a batch operation would copy the
    # table and drop the old one, and the seats, actions and snapshots of every table would go with it
    # (their foreign keys cascade).
    for table, column in (
        ("actions", "time_left"),
        ("actions", "spent"),
        ("tables", "abandon_votes"),
        ("tables", "clock"),
        ("tables", "time_control"),
    ):
        op.drop_column(table, column)
