"""A person's vacation (server/round/vacations.py): their turn deadlines wait while it runs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from hellenika.server.core.deps import CSRF, CurrentUser, ServicesDep
from hellenika.server.core.schemas import VacationRequest
from hellenika.server.round.vacations import Vacations

router = APIRouter(prefix="/api", tags=["vacation"])


def _vacations(svc: Any) -> Vacations:
    return Vacations(svc.store, svc.settings, svc.master)


@router.get("/me/vacation")
async def vacation_status(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """My running vacation (or null) and the vacation days I have left this calendar year."""
    return await _vacations(svc).status(user)


@router.post("/me/vacation", dependencies=CSRF)
async def start_vacation(body: VacationRequest, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Start a vacation now for ``days`` days: my deadlines wait (422 naming the days left this year)."""
    return await _vacations(svc).start(user, body.days)


@router.delete("/me/vacation", dependencies=CSRF)
async def end_vacation(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """End my vacation now: only the days it ran count (409 when I am not on vacation)."""
    return await _vacations(svc).end(user)
