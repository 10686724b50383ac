"""The registered games with their player ranges, options and rules, for the lobby's form."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from hellenika import games
from hellenika.bots.policy import shipped_player_counts
from hellenika.engine.options import validate_options
from hellenika.server.tables.info import BOT_LEVELS

router = APIRouter(prefix="/api", tags=["games"])


@cache
def game_list() -> list[dict[str, Any]]:
    out = []
    for game in games.all_games():
        low, high = game.player_range(validate_options(game.option_specs, None))
        out.append(
            {
                "name": game.name,
                "title": game.title,
                "summary": game.summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": [low, high],
                "players_text": game.players_text(),
                "rules_version": game.rules_version,
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "description": spec.description,
                        "choices": list(spec.choices),
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        # Where it applies (else it keeps its default and the lobby does not offer it).
                        "players": list(spec.players) if spec.players else None,
                        "needs": spec.needs,
                    }
                    for spec in game.option_specs
                ],
                "rules": game.rules_text(),
                "bot_levels": list(BOT_LEVELS),
                # The player counts the "trained" level can be seated at (a shipped policy each).
                "trained_players": shipped_player_counts(game.name),
            }
        )
    return out


@router.get("/games")
async def list_games() -> dict[str, Any]:
    """Every registered game."""
    return {"games": game_list()}
