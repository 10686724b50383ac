"""Names that look alike: ``users.name_skeleton``, unique, filled for the accounts that exist.

A skeleton is what a name looks like (``hellenika.server.people.accounts.name_skeleton``: Unicode TR39's
confusable skeleton, case ignored). New accounts must not share one. Accounts made before this migration keep
their names; when two of them already look alike, the older (lower id) gets the skeleton and the newer keeps
none, so the unique index can be built and neither account is lost.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from hellenika.server.people.accounts import name_skeleton

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("name_skeleton", sa.String()),
)


def upgrade() -> None:
    op.add_column("users", sa.Column("name_skeleton", sa.String(length=255), nullable=True))
    connection = op.get_bind()
    seen: set[str] = set()
    for user_id, name in connection.execute(sa.select(USERS.c.id, USERS.c.name).order_by(USERS.c.id)).all():
        skeleton = name_skeleton(name)[:255]
        if skeleton in seen:
            continue
        seen.add(skeleton)
        connection.execute(sa.update(USERS).where(USERS.c.id == user_id).values(name_skeleton=skeleton))
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_users_name_skeleton"), ["name_skeleton"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_users_name_skeleton"))
        batch_op.drop_column("name_skeleton")
