"""Moderation's routes (server/mod/service.py): reports, suspended accounts, stuck tables. Admins only,
except filing a report."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import Field

from hellenika.server.core.deps import CSRF, part
from hellenika.server.core.schemas import Strict
from hellenika.server.mod.service import Admin
from hellenika.server.people import CurrentUser

router = APIRouter(prefix="/api", tags=["admin"])

Name = Annotated[str, Path(min_length=1, max_length=64)]
ReportId = Annotated[int, Path(ge=1, le=2**31 - 1)]
TableId = Annotated[str, Path(min_length=1, max_length=64)]

AdminDep = Annotated[Admin, part("admin")]


class ReportCreate(Strict):
    """ "Report this user" (server/mod/service.py)."""

    user: str = Field(min_length=1, max_length=64, description="the reported person's name")
    reason: str = Field(min_length=1, max_length=500)
    table: str | None = Field(default=None, max_length=16, description="the table it is about")
    message: int | None = Field(default=None, ge=1, le=2**31 - 1, description="the chat line it is about")


class SuspendRequest(Strict):
    days: int = Field(ge=1, le=3650)
    reason: str = Field(default="", max_length=500)


class RemoveSeatRequest(Strict):
    seat: int | None = Field(
        default=None, ge=0, le=15, description="the seat to remove (default: the one to move)"
    )


@router.post("/reports", dependencies=CSRF, status_code=201)
async def report(body: ReportCreate, admin: AdminDep, user: CurrentUser) -> dict[str, Any]:
    """Report a person to the server's admins: why, and the table or chat line it is about if any."""
    return {"report": await admin.report(user, body.user, body.reason, body.table, body.message)}


@router.get("/admin/reports")
async def reports(admin: AdminDep, user: CurrentUser) -> dict[str, Any]:
    """The reports, open ones first (admins only)."""
    return {"reports": await admin.reports(user)}


@router.post("/admin/reports/{report_id}/resolve", dependencies=CSRF)
async def resolve(report_id: ReportId, admin: AdminDep, user: CurrentUser) -> dict[str, Any]:
    """Mark a report dealt with (admins only; 409 when it was already)."""
    await admin.resolve(user, report_id)
    return {"reports": await admin.reports(user)}


@router.post("/admin/users/{name}/suspension", dependencies=CSRF)
async def suspend(name: Name, body: SuspendRequest, admin: AdminDep, user: CurrentUser) -> dict[str, Any]:
    """Suspend an account for ``days`` days: its sessions end now, logging in is refused until then."""
    return await admin.suspend(user, name, body.days, body.reason)


@router.delete("/admin/users/{name}/suspension", dependencies=CSRF)
async def unsuspend(name: Name, admin: AdminDep, user: CurrentUser) -> dict[str, Any]:
    """Lift an account's suspension now."""
    return await admin.unsuspend(user, name)


@router.get("/admin/tables/stuck")
async def stuck(
    admin: AdminDep,
    user: CurrentUser,
    hours: Annotated[float, Query(gt=0, le=24 * 365, description="quiet for at least this long")] = 72,
) -> dict[str, Any]:
    """Tables where nothing happened for ``hours``: playing (since the last move) or waiting, oldest first."""
    return {"tables": await admin.stuck(user, hours)}


@router.post("/admin/tables/{table_id}/remove", dependencies=CSRF)
async def remove(
    table_id: TableId, admin: AdminDep, user: CurrentUser, body: RemoveSeatRequest | None = None
) -> dict[str, Any]:
    """End a stuck game by removing a seat (default: the one to move; never rated), or delete a table that
    never started (``table`` null)."""
    return await admin.remove_seat(user, table_id, (body or RemoveSeatRequest()).seat)
