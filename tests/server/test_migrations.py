"""The shipped Alembic migrations build exactly the schema the models describe, on both backends, and run
again harmlessly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from hellenika.server.store import Store
from hellenika.server.store.migrate import upgrade
from hellenika.server.store.models import Base


def test_migrations_match_the_models(database_url: str) -> None:
    store = Store(database_url)
    try:
        upgrade(store.engine)  # a second run is a no-op
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        store.close()
