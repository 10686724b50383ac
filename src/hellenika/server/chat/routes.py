"""A table's chat over HTTP: its history and posting a line (the socket posts too: round/socket.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from pydantic import Field

from hellenika.server.chat.service import MAX_HISTORY, Chat
from hellenika.server.core.deps import CSRF, part
from hellenika.server.core.schemas import Strict
from hellenika.server.people import CurrentUser, OptionalUser

router = APIRouter(prefix="/api", tags=["chat"])

ChatDep = Annotated[Chat, part("chat")]


class ChatPost(Strict):
    text: str = Field(max_length=2000, description="1 to 500 characters once stripped")
    channel: Literal["players", "spectators"] | None = Field(
        default=None, description="players (seated players only) or spectators; default: the writer's own"
    )
    invite: str | None = Field(
        default=None, max_length=64, description="a private table's invitation token (its link's invite=)"
    )


Invite = Annotated[
    str | None,
    Query(max_length=64, description="a private table's invitation token: its chat is for its people"),
]


@router.get("/tables/{table_id}/chat")
async def chat_history(
    table_id: str,
    chat: ChatDep,
    user: OptionalUser,
    after: Annotated[int | None, Query(ge=0, le=2**31 - 1, description="only messages after this id")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_HISTORY)] = MAX_HISTORY,
    invite: Invite = None,
) -> dict[str, Any]:
    """The table's chat, oldest first (the newest ``limit`` messages), without the lines of people I muted or
    blocked or who blocked me; a finished table's lines carry their replay ``step``. A private table's chat
    is for its players, invitees and creator, and whoever has its invitation link (403 for others)."""
    return {"messages": await chat.history(table_id, user, after, limit, invite)}


@router.post("/tables/{table_id}/chat", status_code=201, dependencies=CSRF)
async def chat_post(table_id: str, body: ChatPost, chat: ChatDep, user: CurrentUser) -> dict[str, Any]:
    """Write at the table: a seated player in the players' channel, anyone else in the spectators' (at a
    private table only its people and whoever has its invitation link: 403 for others)."""
    return {"message": await chat.post(table_id, user, body.text, body.channel, body.invite)}
