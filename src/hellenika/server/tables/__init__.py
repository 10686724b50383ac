"""A table outside its game state: settings, seats, status and timing, read from the database in one query.
Every domain that speaks of tables (the lobby, the round, chat, people, notifications, moderation) reads them
here.

What other domains may use of this one is imported here; they import nothing else of it.
"""

from __future__ import annotations

from hellenika.server.tables.clock import (
    BANK,
    KINDS,
    LIVE,
    NO_CLOCK,
    NONE,
    PER_MOVE,
    Clock,
    TimeControl,
    bank,
    default_control,
    live_presets,
    per_move,
    presets,
    turn_token,
)
from hellenika.server.tables.info import (
    BOT,
    BOT_LEVELS,
    FINISHED,
    INVITED,
    OPEN,
    PLAIN_COLUMNS,
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
    "BANK",
    "BOT",
    "BOT_LEVELS",
    "FINISHED",
    "INVITED",
    "KINDS",
    "LIVE",
    "NONE",
    "NO_CLOCK",
    "OPEN",
    "PER_MOVE",
    "PLAIN_COLUMNS",
    "PLAYING",
    "USER",
    "WAITING",
    "Clock",
    "TableInfo",
    "TimeControl",
    "bank",
    "default_control",
    "iso",
    "live_presets",
    "load_info",
    "load_infos",
    "per_move",
    "presets",
    "read_table",
    "turn_token",
    "vacations_at",
]
