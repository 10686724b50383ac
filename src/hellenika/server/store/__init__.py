"""Storage: SQLAlchemy 2 models, the database engine with its per-backend settings, and the Alembic migrations
that create and upgrade the schema (applied automatically when the server starts)."""

from __future__ import annotations

from hellenika.server.store.database import Store
from hellenika.server.store.outage import Outage, StoreUnavailable, is_outage, pg_connect_args

__all__ = ["Outage", "Store", "StoreUnavailable", "is_outage", "pg_connect_args"]
