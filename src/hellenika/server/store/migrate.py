"""Applying the Alembic migrations shipped in this package (``alembic upgrade head``, programmatically)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from hellenika.server.store.locks import lock_key

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic configuration pointing at the shipped migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` on one connection of ``engine``. On PostgreSQL the processes that
    start at once (``hellenika serve --workers N``, several hosts) take turns: a transaction-level advisory
    lock, so the first migrates and the others find the schema at ``revision``. The server's connections
    carry a 30 s statement timeout (store/outage.py); a migration (and the wait for another process's) may
    take longer, so its transaction lifts it."""
    config = alembic_config(engine)
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SET LOCAL statement_timeout = 0"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": lock_key("migrate")})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
