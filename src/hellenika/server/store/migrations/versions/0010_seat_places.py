"""Each seat's place in a finished game, so that a profile counts places with one grouped query instead of
reading the result of every game the person played.

``seats.place`` is written when a table finishes (the place in its result); this migration fills it for the
tables finished before it, from their results, in batches.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

BATCH = 500


def _places(result: Any) -> list[Any]:
    if isinstance(result, str):  # SQLite's JSON column read without its type
        result = json.loads(result)
    places = result.get("places") if isinstance(result, dict) else None
    return places if isinstance(places, list) else []


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("place", sa.Integer(), nullable=True))
    bind = op.get_bind()
    tables = sa.table(
        "tables", sa.column("id", sa.String), sa.column("status", sa.String), sa.column("result", sa.JSON)
    )
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("place", sa.Integer),
    )
    after = ""
    while True:
        rows = bind.execute(
            sa.select(tables.c.id, tables.c.result)
            .where(tables.c.status == "finished", tables.c.id > after)
            .order_by(tables.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            break
        updates = [
            {"t": table_id, "s": seat, "p": place}
            for table_id, result in rows
            for seat, place in enumerate(_places(result))
            if isinstance(place, int) and not isinstance(place, bool) and place >= 1
        ]
        if updates:
            bind.execute(
                seats.update()
                .where(seats.c.table_id == sa.bindparam("t"), seats.c.seat == sa.bindparam("s"))
                .values(place=sa.bindparam("p")),
                updates,
            )
        after = rows[-1][0]


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("place")
