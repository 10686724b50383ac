"""Accounts: register, log in, log out, who am I."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from hellenika.server.core.deps import CSRF, CurrentUser, OptionalUser, ServicesDep
from hellenika.server.core.schemas import Credentials
from hellenika.server.core.security import SESSION_COOKIE, token_hash

router = APIRouter(prefix="/api", tags=["accounts"])


def _set_session(response: Response, token: str, svc: ServicesDep) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=svc.settings.session_seconds,
        httponly=True,
        samesite="lax",
        secure=svc.settings.secure_cookies,
        path="/",
    )


def _address(request: Request) -> str:
    """The client's address as uvicorn reports it (a forwarded one only from a configured proxy)."""
    return request.client.host if request.client else "?"


@router.post("/auth/register", status_code=201, dependencies=CSRF)
async def register(
    body: Credentials, request: Request, response: Response, svc: ServicesDep
) -> dict[str, Any]:
    """Create an account and log in (at most 5 accounts per address in 10 minutes, then 429; 409 when the
    name, or one that looks like it, is taken)."""
    user, token = await svc.accounts.register(body.name, body.password, _address(request))
    _set_session(response, token, svc)
    return {"user": user.to_json()}


@router.post("/auth/login", dependencies=CSRF)
async def login(body: Credentials, request: Request, response: Response, svc: ServicesDep) -> dict[str, Any]:
    """Log in (at most 5 failures per name and address a minute, 20 per address in 10 minutes, then 429)."""
    user, token = await svc.accounts.login(body.name, body.password, _address(request))
    _set_session(response, token, svc)
    return {"user": user.to_json()}


@router.post("/auth/logout", dependencies=CSRF)
async def logout(request: Request, response: Response, svc: ServicesDep) -> dict[str, Any]:
    """End this browser's session (its open table WebSockets are closed too)."""
    token = request.cookies.get(SESSION_COOKIE)
    await svc.accounts.logout(token)
    if token:
        digest = token_hash(token)
        await svc.master.hub.close_session(digest)
        svc.master.fanout.session_closed(digest)  # and on every other process
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=svc.settings.secure_cookies
    )
    return {"user": None}


@router.get("/me")
async def me(user: CurrentUser) -> dict[str, Any]:
    """The logged-in user, or 401."""
    return {"user": user.to_json()}


@router.get("/session")
async def session(user: OptionalUser) -> dict[str, Any]:
    """Who this browser is: the logged-in user, or ``null`` for a visitor (pages ask this on every load, and a
    visitor is not an error, so unlike ``/api/me`` it never answers 401)."""
    return {"user": user.to_json() if user else None}
