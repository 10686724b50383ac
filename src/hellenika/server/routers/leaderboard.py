"""Ratings per game (openskill), best first."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from hellenika import games
from hellenika.server.core.deps import ServicesDep
from hellenika.server.core.errors import ApiError
from hellenika.server.people.ratings import leaderboard as ranking

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboard/{game}")
async def leaderboard(game: str, svc: ServicesDep) -> dict[str, Any]:
    """Ratings of a game's players, people and bot levels (ordinal = mu - 3 sigma)."""
    if game not in games.names():
        raise ApiError(404, f"unknown game {game!r}; known games: {', '.join(games.names())}")
    entries = await svc.store.read(lambda session: ranking(session, game))
    return {"game": game, "ratings": entries}
