"""``Annotated`` dependencies of who is asking: the accounts, the current user (or none)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.security import APIKeyCookie

from hellenika.server.core.deps import part
from hellenika.server.core.errors import ApiError
from hellenika.server.core.security import SESSION_COOKIE
from hellenika.server.people.accounts import Accounts, UserPublic

AccountsDep = Annotated[Accounts, part("accounts")]


async def optional_user(request: Request, accounts: AccountsDep) -> UserPublic | None:
    return await accounts.user_for_token(request.cookies.get(SESSION_COOKIE))


OptionalUser = Annotated[UserPublic | None, Depends(optional_user)]


#: The session cookie as an OpenAPI security scheme: every route that needs a login declares it (through
#: ``current_user``), so the schema says which operations answer 401 without one.
session_cookie = APIKeyCookie(name=SESSION_COOKIE, scheme_name="session", auto_error=False)


async def current_user(
    user: OptionalUser, _cookie: Annotated[str | None, Security(session_cookie)] = None
) -> UserPublic:
    if user is None:
        raise ApiError(401, "log in first")
    return user


CurrentUser = Annotated[UserPublic, Depends(current_user)]
