"""*Play again* at a finished table (server/lobby/again.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from hellenika.server.core.deps import CSRF, CurrentUser, OptionalUser, ServicesDep
from hellenika.server.lobby.again import next_table, play_again

router = APIRouter(prefix="/api", tags=["tables"])


@router.post("/tables/{table_id}/again", dependencies=CSRF)
async def again(table_id: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Offer the finished game's players a new table: same game, options and seats rotated by one, bots
    kept; I sit down, the others are invited (it starts once all accept). A second call answers the same
    table (``created`` false). 403 not a player of this game, 409 not finished."""
    info, created = await play_again(svc, table_id, user)
    return {"table": info.to_json(user.id), "created": created}


@router.get("/tables/{table_id}/again")
async def again_status(table_id: str, svc: ServicesDep, user: OptionalUser) -> dict[str, Any]:
    """The table *Play again* made from this one (null when none yet), read from the database."""
    info = await next_table(svc, table_id)
    return {"table": None if info is None else info.to_json(user.id if user else None)}
