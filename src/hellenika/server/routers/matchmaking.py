"""Finding an opponent automatically (server/lobby/matchmaking.py): file a request, see it, cancel it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path

from hellenika.server.core.deps import CSRF, CurrentUser, ServicesDep
from hellenika.server.core.schemas import MatchRequestCreate
from hellenika.server.lobby.matchmaking import Matchmaking

router = APIRouter(prefix="/api", tags=["matchmaking"])

RequestId = Path(ge=1, le=2**31 - 1)


def _matchmaking(svc: Any) -> Matchmaking:
    return Matchmaking(svc.store, svc.settings, svc.master)


@router.post("/matchmaking", dependencies=CSRF, status_code=201)
async def ask(body: MatchRequestCreate, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Ask to be seated at a game of ``game`` with ``players`` people of a close rating, waiting up to
    ``wait_minutes``; matched at once when the people are there (``status`` matched, ``table``)."""
    return {"request": await _matchmaking(svc).ask(user, body)}


@router.get("/matchmaking")
async def my_requests(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """My waiting requests and those of the last day (matched ones with their table), newest first."""
    return {"requests": await _matchmaking(svc).mine(user)}


@router.get("/matchmaking/waiting")
async def waiting(svc: ServicesDep) -> dict[str, Any]:
    """How many people wait for each kind of game now (no names)."""
    return {"pools": await _matchmaking(svc).waiting_now()}


@router.get("/matchmaking/requests/{request_id}")
async def my_request(svc: ServicesDep, user: CurrentUser, request_id: int = RequestId) -> dict[str, Any]:
    """One of my requests (404 if it is not mine)."""
    return {"request": await _matchmaking(svc).one(user, request_id)}


@router.delete("/matchmaking/requests/{request_id}", dependencies=CSRF)
async def cancel(svc: ServicesDep, user: CurrentUser, request_id: int = RequestId) -> dict[str, Any]:
    """Stop waiting (409 once matched, cancelled or expired)."""
    return {"request": await _matchmaking(svc).cancel(user, request_id)}
