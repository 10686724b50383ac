"""The operators' routes (server/mod/service.py): reports, suspended accounts, stuck tables. Admins only,
except filing a report."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from hellenika.server.core.deps import CSRF, CurrentUser, ServicesDep
from hellenika.server.core.schemas import RemoveSeatRequest, ReportCreate, SuspendRequest
from hellenika.server.mod.service import Admin

router = APIRouter(prefix="/api", tags=["admin"])

Name = Annotated[str, Path(min_length=1, max_length=64)]
ReportId = Annotated[int, Path(ge=1, le=2**31 - 1)]
TableId = Annotated[str, Path(min_length=1, max_length=64)]


@router.post("/reports", dependencies=CSRF, status_code=201)
async def report(body: ReportCreate, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Report a person to the server's admins: why, and the table or chat line it is about if any."""
    return {"report": await Admin(svc).report(user, body.user, body.reason, body.table, body.message)}


@router.get("/admin/reports")
async def reports(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """The reports, open ones first (admins only)."""
    return {"reports": await Admin(svc).reports(user)}


@router.post("/admin/reports/{report_id}/resolve", dependencies=CSRF)
async def resolve(report_id: ReportId, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Mark a report dealt with (admins only; 409 when it was already)."""
    await Admin(svc).resolve(user, report_id)
    return {"reports": await Admin(svc).reports(user)}


@router.post("/admin/users/{name}/suspension", dependencies=CSRF)
async def suspend(name: Name, body: SuspendRequest, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Suspend an account for ``days`` days: its sessions end now, logging in is refused until then."""
    return await Admin(svc).suspend(user, name, body.days, body.reason)


@router.delete("/admin/users/{name}/suspension", dependencies=CSRF)
async def unsuspend(name: Name, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Lift an account's suspension now."""
    return await Admin(svc).unsuspend(user, name)


@router.get("/admin/tables/stuck")
async def stuck(
    svc: ServicesDep,
    user: CurrentUser,
    hours: Annotated[float, Query(gt=0, le=24 * 365, description="quiet for at least this long")] = 72,
) -> dict[str, Any]:
    """Tables where nothing happened for ``hours``: playing (since the last move) or waiting, oldest first."""
    return {"tables": await Admin(svc).stuck(user, hours)}


@router.post("/admin/tables/{table_id}/remove", dependencies=CSRF)
async def remove(
    table_id: TableId, svc: ServicesDep, user: CurrentUser, body: RemoveSeatRequest | None = None
) -> dict[str, Any]:
    """End a stuck game by removing a seat (default: the one to move; never rated), or delete a table that
    never started (``table`` null)."""
    return await Admin(svc).remove_seat(user, table_id, (body or RemoveSeatRequest()).seat)
