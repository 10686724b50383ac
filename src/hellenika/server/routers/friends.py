"""My friends list (server/people/friends.py): add, remove, and the public games they are playing now."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from hellenika.server.core.deps import CSRF, CurrentUser, ServicesDep
from hellenika.server.people.friends import Friends

router = APIRouter(prefix="/api", tags=["friends"])


def _friends(svc: Any) -> Friends:
    return Friends(svc.store, svc.settings.clock)


@router.get("/me/friends")
async def my_friends(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """My friends by name, each with the public games they are playing now (to watch)."""
    return {"friends": await _friends(svc).listing(user)}


@router.post("/me/friends/{name}", dependencies=CSRF)
async def add_friend(name: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Add a player to my friends list (404 no such player, 422 myself or a full list); adding a friend
    again changes nothing (``added`` false)."""
    entry, added = await _friends(svc).add(user, name)
    return {"friend": entry, "added": added}


@router.delete("/me/friends/{name}", dependencies=CSRF)
async def remove_friend(name: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Take a player off my friends list (``removed`` false when they were not on it)."""
    removed = await _friends(svc).remove(user, name)
    return {"removed": removed, "friends": await _friends(svc).listing(user)}
