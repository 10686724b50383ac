"""Admins only by grant: the first account registered is no longer an admin by that alone
(server/people/roles.py), so a database from before keeps its operator by writing the role down for that
account, once: where no account holds ``users.is_admin`` yet, the oldest account (lowest id) gets it. It can
be revoked like any other from then on. A fresh database has no accounts, so nobody gets it by registering
first.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    users = sa.table("users", sa.column("id", sa.Integer()), sa.column("is_admin", sa.Boolean()))
    connection = op.get_bind()
    if connection.execute(sa.select(users.c.id).where(users.c.is_admin.is_(True)).limit(1)).first():
        return
    first = connection.execute(sa.select(sa.func.min(users.c.id))).scalar()
    if first is not None:
        connection.execute(sa.update(users).where(users.c.id == first).values(is_admin=True))


def downgrade() -> None:
    """Nothing to undo: before this revision the first account was an admin without the flag anyway."""
