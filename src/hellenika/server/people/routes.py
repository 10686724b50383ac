"""People's routes: accounts (register, log in, log out, who am I), ratings per game, mutes and blocks,
profiles and the friends list.

One router per resource, included by the application in the order the API document lists them.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import ConfigDict, Field

from hellenika import games
from hellenika.server.core.config import Settings
from hellenika.server.core.deps import CSRF, FanoutDep, HubDep, SettingsDep, StoreDep, part
from hellenika.server.core.errors import ApiError
from hellenika.server.core.schemas import Strict
from hellenika.server.core.security import SESSION_COOKIE, token_hash
from hellenika.server.people.accounts import UserPublic
from hellenika.server.people.deps import AccountsDep, CurrentUser, OptionalUser
from hellenika.server.people.friends import Friends
from hellenika.server.people.profiles import find_user, profile, recent_games
from hellenika.server.people.ratings import leaderboard as ranking
from hellenika.server.people.social import BLOCKS, MUTES, Social

accounts = APIRouter(prefix="/api", tags=["accounts"])
ratings = APIRouter(prefix="/api", tags=["ratings"])
social = APIRouter(prefix="/api", tags=["chat"])
profiles = APIRouter(prefix="/api", tags=["profiles"])
friends = APIRouter(prefix="/api", tags=["friends"])


class Credentials(Strict):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"name": "ariadne", "password": "correct horse"}]}
    )

    name: str = Field(max_length=64)
    password: str = Field(max_length=256)


# ---------------------------------------------------------------------------------------------- accounts


def _set_session(response: Response, token: str, settings: Settings) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=settings.session_seconds,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
        path="/",
    )


def _address(request: Request) -> str:
    """The client's address as uvicorn reports it (a forwarded one only from a configured proxy)."""
    return request.client.host if request.client else "?"


@accounts.post("/auth/register", status_code=201, dependencies=CSRF)
async def register(
    body: Credentials, request: Request, response: Response, people: AccountsDep, settings: SettingsDep
) -> dict[str, Any]:
    """Create an account and log in (at most 5 accounts per address in 10 minutes, then 429; 409 when the
    name, or one that looks like it, is taken)."""
    user, token = await people.register(body.name, body.password, _address(request))
    _set_session(response, token, settings)
    return {"user": user.to_json()}


@accounts.post("/auth/login", dependencies=CSRF)
async def login(
    body: Credentials, request: Request, response: Response, people: AccountsDep, settings: SettingsDep
) -> dict[str, Any]:
    """Log in (at most 5 failures per name and address a minute, 20 per address in 10 minutes, then 429)."""
    user, token = await people.login(body.name, body.password, _address(request))
    _set_session(response, token, settings)
    return {"user": user.to_json()}


@accounts.post("/auth/logout", dependencies=CSRF)
async def logout(
    request: Request,
    response: Response,
    people: AccountsDep,
    settings: SettingsDep,
    hub: HubDep,
    fanout: FanoutDep,
) -> dict[str, Any]:
    """End this browser's session (its open table WebSockets are closed too)."""
    token = request.cookies.get(SESSION_COOKIE)
    await people.logout(token)
    if token:
        digest = token_hash(token)
        await hub.close_session(digest)
        fanout.session_closed(digest)  # and on every other process
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=settings.secure_cookies
    )
    return {"user": None}


@accounts.get("/me")
async def me(user: CurrentUser) -> dict[str, Any]:
    """The logged-in user, or 401."""
    return {"user": user.to_json()}


@accounts.get("/session")
async def session(user: OptionalUser) -> dict[str, Any]:
    """Who this browser is: the logged-in user, or ``null`` for a visitor (pages ask this on every load, and a
    visitor is not an error, so unlike ``/api/me`` it never answers 401)."""
    return {"user": user.to_json() if user else None}


# ----------------------------------------------------------------------------------------------- ratings


@ratings.get("/leaderboard/{game}")
async def leaderboard(game: str, store: StoreDep) -> dict[str, Any]:
    """Ratings of a game's players, people and bot levels (ordinal = mu - 3 sigma)."""
    if game not in games.names():
        raise ApiError(404, f"unknown game {game!r}; known games: {', '.join(games.names())}")
    entries = await store.read(lambda session: ranking(session, game))
    return {"game": game, "ratings": entries}


# ------------------------------------------------------------------------------------- mutes and blocks

SocialDep = Annotated[Social, part("social")]

Name = Annotated[str, Path(min_length=1, max_length=64, description="the person's name (case ignored)")]


def _users(users: list[UserPublic]) -> dict[str, Any]:
    return {"users": [u.to_json() for u in users]}


@social.get("/me/mutes")
async def my_mutes(people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """The people whose chat I do not read."""
    return _users(await people.listing(user, MUTES))


@social.post("/me/mutes/{name}", dependencies=CSRF)
async def mute(name: Name, people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """Stop reading this person's chat (they are not told); answers my mutes."""
    return _users(await people.add(user, name, MUTES))


@social.delete("/me/mutes/{name}", dependencies=CSRF)
async def unmute(name: Name, people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """Read this person's chat again; answers my mutes."""
    return _users(await people.remove(user, name, MUTES))


@social.get("/me/blocks")
async def my_blocks(people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """The people I blocked."""
    return _users(await people.listing(user, BLOCKS))


@social.post("/me/blocks/{name}", dependencies=CSRF)
async def block(name: Name, people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """Block this person: they cannot invite me or join my tables, and neither reads the other's chat."""
    return _users(await people.add(user, name, BLOCKS))


@social.delete("/me/blocks/{name}", dependencies=CSRF)
async def unblock(name: Name, people: SocialDep, user: CurrentUser) -> dict[str, Any]:
    """Lift my block of this person; answers my blocks."""
    return _users(await people.remove(user, name, BLOCKS))


# ---------------------------------------------------------------------------------------------- profiles

#: Recent games on the profile, and the most one page of ``/games`` holds.
RECENT = 20
MAX_PAGE = 50


@profiles.get("/users/{name}")
async def user_profile(name: str, store: StoreDep, viewer: OptionalUser) -> dict[str, Any]:
    """A player's profile: member since, per game the rating, rated games, wins and places, favourite
    games, and the latest finished games (private tables only to those who sat at them)."""
    viewer_id = viewer.id if viewer else None
    return await store.read(lambda session: profile(session, name, viewer_id, RECENT))


@profiles.get("/users/{name}/games")
async def user_games(
    name: str,
    store: StoreDep,
    viewer: OptionalUser,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = RECENT,
    before: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
) -> dict[str, Any]:
    """One page of a player's finished games, latest first: ``before`` is the previous page's ``next``."""
    viewer_id = viewer.id if viewer else None

    def read(session: Any) -> dict[str, Any]:
        user_id, _shown, _created = find_user(session, name)
        found, following = recent_games(session, user_id, viewer_id, limit, before)
        return {"games": found, "next": following}

    return await store.read(read)


# ----------------------------------------------------------------------------------------------- friends


async def _friends(store: StoreDep, settings: SettingsDep) -> Friends:
    return Friends(store, settings.clock)


FriendsDep = Annotated[Friends, Depends(_friends)]


@friends.get("/me/friends")
async def my_friends(people: FriendsDep, user: CurrentUser) -> dict[str, Any]:
    """My friends by name, each with the public games they are playing now (to watch)."""
    return {"friends": await people.listing(user)}


@friends.post("/me/friends/{name}", dependencies=CSRF)
async def add_friend(name: str, people: FriendsDep, user: CurrentUser) -> dict[str, Any]:
    """Add a player to my friends list (404 no such player, 422 myself or a full list); adding a friend
    again changes nothing (``added`` false)."""
    entry, added = await people.add(user, name)
    return {"friend": entry, "added": added}


@friends.delete("/me/friends/{name}", dependencies=CSRF)
async def remove_friend(name: str, people: FriendsDep, user: CurrentUser) -> dict[str, Any]:
    """Take a player off my friends list (``removed`` false when they were not on it)."""
    removed = await people.remove(user, name)
    return {"removed": removed, "friends": await people.listing(user)}
