"""Keys of PostgreSQL's advisory locks, one stable number per name: the migrations take turns by one
(``migrate``), the leases and the matchmaker by others (core/coordination.py, lobby/matchmaking.py), and the
limits that count rows (a person's waiting requests, reports an hour, the review queue) by :func:`take_turn`.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import text
from sqlalchemy.orm import Session


def lock_key(name: str) -> int:
    """A stable signed 64-bit key for ``name`` (PostgreSQL's advisory locks take a bigint)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


def take_turn(session: Session, name: str) -> None:
    """Wait until no other transaction holds the turn ``name``, and hold it until this transaction ends.

    A limit that counts rows and then inserts one ("at most 5 waiting requests") is atomic only if two
    transactions cannot both count before either inserts: under PostgreSQL's READ COMMITTED they could, so
    each takes the turn of what it counts first (``pg_advisory_xact_lock``), and the second counts after the
    first has committed. SQLite needs nothing: its writes run one at a time (store/database.py)."""
    bind = session.get_bind()
    if bind.dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock_key(name)})
