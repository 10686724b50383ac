"""``Annotated`` dependencies: the server's services, the current user (or none), the CSRF check."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from hellenika.server.accounts import UserPublic
from hellenika.server.errors import ApiError
from hellenika.server.security import SESSION_COOKIE, require_csrf
from hellenika.server.services import Services


async def services(request: Request) -> Services:
    # async, like every dependency here: FastAPI runs a plain def dependency in the thread pool.
    found: Services = request.app.state.services
    return found


ServicesDep = Annotated[Services, Depends(services)]


async def optional_user(request: Request, svc: ServicesDep) -> UserPublic | None:
    return await svc.accounts.user_for_token(request.cookies.get(SESSION_COOKIE))


OptionalUser = Annotated[UserPublic | None, Depends(optional_user)]


async def current_user(user: OptionalUser) -> UserPublic:
    if user is None:
        raise ApiError(401, "log in first")
    return user


CurrentUser = Annotated[UserPublic, Depends(current_user)]

#: Put on every state-changing route: ``dependencies=CSRF``.
CSRF = [Depends(require_csrf)]
