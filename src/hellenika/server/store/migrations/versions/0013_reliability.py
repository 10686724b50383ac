"""What holds across processes: ``users.last_action_at`` (the quiet rule's last move, one row instead of a
scan of every action the person made; filled here from the actions), ``users.present_until`` (presence when
Redis is down) and ``leases`` (row leases for a pooler in transaction mode, where advisory locks break).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("users", sa.Column("last_action_at", sa.Float(), nullable=True))
    op.add_column("users", sa.Column("present_until", sa.Float(), nullable=True))
    op.create_table(
        "leases",
        sa.Column("name", sa.String(length=200), primary_key=True),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("renewed_at", sa.Float(), nullable=False),
    )
    # The backfill: each person's newest move of their own (a seat they sat at, made by them, not a bot).
    op.execute(
        "UPDATE users SET last_action_at = ("
        " SELECT max(actions.created_at) FROM actions JOIN seats"
        " ON seats.table_id = actions.table_id AND seats.seat = actions.seat"
        " WHERE seats.user_id = users.id AND seats.kind = 'user' AND actions.by = 'user')"
    )


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_column("users", "present_until")
    op.drop_column("users", "last_action_at")
