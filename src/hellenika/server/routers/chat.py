"""A table's chat (history and posting) and a person's mutes and blocks (server/chat/service.py,
server/people/social.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query
from pydantic import Field

from hellenika.server.chat.service import MAX_HISTORY
from hellenika.server.core.deps import CSRF, CurrentUser, OptionalUser, ServicesDep
from hellenika.server.core.schemas import Strict
from hellenika.server.people.accounts import UserPublic
from hellenika.server.people.social import BLOCKS, MUTES

router = APIRouter(prefix="/api", tags=["chat"])

Name = Annotated[str, Path(min_length=1, max_length=64, description="the person's name (case ignored)")]


class ChatPost(Strict):
    text: str = Field(max_length=2000, description="1 to 500 characters once stripped")
    channel: Literal["players", "spectators"] | None = Field(
        default=None, description="players (seated players only) or spectators; default: the writer's own"
    )


@router.get("/tables/{table_id}/chat")
async def chat_history(
    table_id: str,
    svc: ServicesDep,
    user: OptionalUser,
    after: Annotated[int | None, Query(ge=0, le=2**31 - 1, description="only messages after this id")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_HISTORY)] = MAX_HISTORY,
) -> dict[str, Any]:
    """The table's chat, oldest first (the newest ``limit`` messages), without the lines of people I muted or
    blocked or who blocked me; a finished table's lines carry their replay ``step``."""
    return {"messages": await svc.chat.history(table_id, user, after, limit)}


@router.post("/tables/{table_id}/chat", status_code=201, dependencies=CSRF)
async def chat_post(table_id: str, body: ChatPost, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Write at the table: a seated player in the players' channel, anyone else in the spectators'."""
    return {"message": await svc.chat.post(table_id, user, body.text, body.channel)}


def _users(users: list[UserPublic]) -> dict[str, Any]:
    return {"users": [u.to_json() for u in users]}


@router.get("/me/mutes")
async def my_mutes(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """The people whose chat I do not read."""
    return _users(await svc.social.listing(user, MUTES))


@router.post("/me/mutes/{name}", dependencies=CSRF)
async def mute(name: Name, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Stop reading this person's chat (they are not told); answers my mutes."""
    return _users(await svc.social.add(user, name, MUTES))


@router.delete("/me/mutes/{name}", dependencies=CSRF)
async def unmute(name: Name, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Read this person's chat again; answers my mutes."""
    return _users(await svc.social.remove(user, name, MUTES))


@router.get("/me/blocks")
async def my_blocks(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """The people I blocked."""
    return _users(await svc.social.listing(user, BLOCKS))


@router.post("/me/blocks/{name}", dependencies=CSRF)
async def block(name: Name, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Block this person: they cannot invite me or join my tables, and neither reads the other's chat."""
    return _users(await svc.social.add(user, name, BLOCKS))


@router.delete("/me/blocks/{name}", dependencies=CSRF)
async def unblock(name: Name, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Lift my block of this person; answers my blocks."""
    return _users(await svc.social.remove(user, name, BLOCKS))
