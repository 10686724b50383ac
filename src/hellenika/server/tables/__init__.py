"""A table outside its game state: settings, seats, status and timing, read from the database in one query.
Every domain that speaks of tables (the lobby, the round, chat, people, notifications, moderation) reads them
here.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.tables.info import (
    BOT,
    BOT_LEVELS,
    FINISHED,
    INVITED,
    OPEN,
    PLAYING,
    USER,
    WAITING,
    TableInfo,
    iso,
    load_info,
    load_infos,
    read_table,
    vacations_at,
)

__all__ = [
    "BOT",
    "BOT_LEVELS",
    "FINISHED",
    "INVITED",
    "OPEN",
    "PLAYING",
    "USER",
    "WAITING",
    "TableInfo",
    "iso",
    "load_info",
    "load_infos",
    "read_table",
    "vacations_at",
]
