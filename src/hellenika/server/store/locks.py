"""Keys of PostgreSQL's advisory locks, one stable number per name: the migrations take turns by one
(``migrate``), and the leases and the matchmaker by others (core/coordination.py, lobby/matchmaking.py)."""

from __future__ import annotations

import hashlib


def lock_key(name: str) -> int:
    """A stable signed 64-bit key for ``name`` (PostgreSQL's advisory locks take a bigint)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)
