"""Health and readiness for load balancers and orchestrators.

- ``GET /healthz``: the process answers (liveness); no dependency is asked, so a slow database never gets a
  healthy process restarted.
- ``GET /readyz``: the process can serve now: the database answers ``SELECT 1`` and the process is not
  shutting down; 503 with the failing part named otherwise, so a load balancer sends the traffic elsewhere.
  It never waits longer than the store's timeout: a hung database is answered 503 within
  ``database_timeout_seconds``, then at once until it answers again (store/database.py).
  Redis is reported (``checks.redis``) but does not make a process unready: without it moves still apply and
  pages resync by polling, and every process would be unready at once.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from hellenika.server.http.deps import ServicesDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """Liveness: the process is up."""
    return {"status": "ok"}


@router.get("/readyz", responses={503: {"description": "a dependency is down or the server is stopping"}})
async def readyz(svc: ServicesDep) -> Any:
    """Readiness: the database and (with several processes) Redis answer, and the server is not stopping."""
    checks: dict[str, str] = {}
    try:
        await svc.store.ping()
        checks["database"] = "ok"
    except Exception as exc:
        checks["database"] = f"unavailable: {type(exc).__name__}"
    fanout = svc.master.fanout
    if fanout.shared:
        checks["redis"] = "ok" if await fanout.ready() else "unavailable"
    if svc.master.closed:
        checks["server"] = "stopping"
    failed = [name for name, value in checks.items() if value != "ok" and name != "redis"]
    if failed:
        detail = "not ready: " + ", ".join(f"{name} {checks[name]}" for name in failed)
        return JSONResponse({"detail": detail, "checks": checks}, status_code=503)
    return {"status": "ready", "checks": checks}
