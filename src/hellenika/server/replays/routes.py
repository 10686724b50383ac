"""Replays: upload a record, step through any finished game."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from hellenika.server.core.deps import CSRF, part
from hellenika.server.people import CurrentUser
from hellenika.server.replays.service import Replays

router = APIRouter(prefix="/api", tags=["replays"])

ReplaysDep = Annotated[Replays, part("replays")]


@router.post("/replays", status_code=201, dependencies=CSRF)
async def upload(
    record: Annotated[dict[str, Any], Body(description="a game record (the CLI's --record JSON)")],
    user: CurrentUser,
    replays: ReplaysDep,
) -> dict[str, Any]:
    """Store a record after verifying it: replayed with every chance outcome checked against its seed, its
    result and digest computed (one that does not replay, has no seed, or claims another result is 422)."""
    return {"id": await replays.upload(user, record)}


@router.get("/replays/{replay_id}")
async def view(
    replay_id: str,
    replays: ReplaysDep,
    step: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
) -> dict[str, Any]:
    """The spectator's table model after ``step`` actions (default: the end), with ``replay`` metadata."""
    return await replays.view(replay_id, step)


@router.get("/replays/{replay_id}/record")
async def record(replay_id: str, replays: ReplaysDep) -> dict[str, Any]:
    """The replay's record (the CLI's --record JSON), to download: an uploaded one as its replay made it."""
    return await replays.record_json(replay_id)
