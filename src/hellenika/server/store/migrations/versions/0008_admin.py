"""The operators' tools: admins, suspended accounts, reports.

- ``users.is_admin``: granted by ``hellenika admin grant NAME`` (the first account is an admin anyway).
- ``users.suspended_until`` / ``users.suspended_reason``: a suspended account cannot log in until then.
- ``reports``: "report this user", with where it came from and whether an admin dealt with it.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("is_admin", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("suspended_until", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("suspended_reason", sa.String(length=500), nullable=True))
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("reported_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("message_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("resolved_at", sa.Float(), nullable=True),
        sa.Column("resolved_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["reporter_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["reported_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["resolved_by"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("reports", schema=None) as batch_op:
        for column in ("reporter_id", "reported_id", "resolved_at"):
            batch_op.create_index(batch_op.f(f"ix_reports_{column}"), [column], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("reports", schema=None) as batch_op:
        for column in ("reporter_id", "reported_id", "resolved_at"):
            batch_op.drop_index(batch_op.f(f"ix_reports_{column}"))
    op.drop_table("reports")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("suspended_reason")
        batch_op.drop_column("suspended_until")
        batch_op.drop_column("is_admin")
