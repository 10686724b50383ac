"""Finding an opponent automatically: ``match_requests``, one row per person's request to be
seated with people of a close rating (server/lobby/matchmaking.py).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "match_requests",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", JSON_DOC, nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("deadline_hours", sa.Float(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("pool", sa.String(length=1000), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("match_requests", schema=None) as batch_op:
        for column in ("user_id", "pool", "status", "table_id"):
            batch_op.create_index(batch_op.f(f"ix_match_requests_{column}"), [column], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("match_requests", schema=None) as batch_op:
        for column in ("user_id", "pool", "status", "table_id"):
            batch_op.drop_index(batch_op.f(f"ix_match_requests_{column}"))
    op.drop_table("match_requests")
