"""Learning in the browser: post-game reviews and hints.

- ``game_reviews``: the post-game review of one seat of a replay: its status and progress while a process
  computes it in the background, then its judgements, kept.
- ``tables.hints``: "What would the bot do?" may be asked at the table (unrated tables only).
- ``tables.guided``: a "Learn to play" game, whose table page explains each step.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hints", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("guided", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        "game_reviews",
        sa.Column("replay_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.Column("iterations", sa.Integer(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("decisions", JSON_DOC, nullable=False),
        sa.Column("requested_by", sa.Integer(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["requested_by"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("replay_id", "seat"),
    )
    with op.batch_alter_table("game_reviews", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_reviews_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("game_reviews", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_reviews_status"))
    op.drop_table("game_reviews")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_column("guided")
        batch_op.drop_column("hints")
