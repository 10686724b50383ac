"""The shipped Alembic migrations build exactly the schema the models describe, on both backends, and run
again harmlessly."""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from hellenika.server.store import Store
from hellenika.server.store.migrate import alembic_config, upgrade
from hellenika.server.store.models import Base
from tests.server.helpers import play_out, two_player_table


def test_migrations_match_the_models(database_url: str) -> None:
    store = Store(database_url)
    try:
        upgrade(store.engine)  # a second run is a no-op
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        store.close()


def test_seat_places_are_filled_in_for_games_finished_before_the_migration(
    make_server: Any, database_url: str
) -> None:
    """Migration 0010 puts each finished game's places (from its result) on its seats; the server writes
    them itself from then on. Here: games finished on the current schema, the column dropped (down to 0009)
    and added back (up to head), and the places read again from the results match the server's."""
    server = make_server(database_url)
    ann, bob, played = two_player_table(server, "hercules", prefix="mig")
    final = play_out({0: ann, 1: bob}, played, seed=3)
    resigned = two_player_table(server, "hellas", prefix="mih")
    resigned[0].ok(resigned[0].post(f"/api/tables/{resigned[2]}/leave"))
    server.stop()
    store = Store(database_url)
    try:
        query = text(
            "SELECT table_id, seat, place FROM seats WHERE table_id IN (:a, :b) ORDER BY table_id, seat"
        )
        ids = {"a": played, "b": resigned[2]}
        with store.engine.connect() as connection:
            written = connection.execute(query, ids).all()
        expected = {(played, 0, final["places"][0]), (played, 1, final["places"][1])}
        expected |= {(resigned[2], 0, 2), (resigned[2], 1, 1)}  # who resigns is last
        assert set(written) == expected
        config = alembic_config(store.engine)
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0009")
        upgrade(store.engine)
        with store.engine.connect() as connection:
            assert set(connection.execute(query, ids).all()) == expected
    finally:
        store.close()
