"""Profiles: a player's ratings, results and recent games (server/people/profiles.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from hellenika.server.core.deps import OptionalUser, ServicesDep
from hellenika.server.people.profiles import find_user, profile, recent_games

router = APIRouter(prefix="/api", tags=["profiles"])

#: Recent games on the profile, and the most one page of ``/games`` holds.
RECENT = 20
MAX_PAGE = 50


@router.get("/users/{name}")
async def user_profile(name: str, svc: ServicesDep, viewer: OptionalUser) -> dict[str, Any]:
    """A player's profile: member since, per game the rating, rated games, wins and places, favourite
    games, and the latest finished games (private tables only to those who sat at them)."""
    viewer_id = viewer.id if viewer else None
    return await svc.store.read(lambda session: profile(session, name, viewer_id, RECENT))


@router.get("/users/{name}/games")
async def user_games(
    name: str,
    svc: ServicesDep,
    viewer: OptionalUser,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = RECENT,
    before: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
) -> dict[str, Any]:
    """One page of a player's finished games, latest first: ``before`` is the previous page's ``next``."""
    viewer_id = viewer.id if viewer else None

    def read(session: Any) -> dict[str, Any]:
        user_id, _shown, _created = find_user(session, name)
        found, following = recent_games(session, user_id, viewer_id, limit, before)
        return {"games": found, "next": following}

    return await svc.store.read(read)
