"""Tables: the lobby's create, join, leave, invitations, start and lists; a table's state, moves, undo and
record."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Response

from hellenika.server.chat.service import system_line
from hellenika.server.core.deps import CSRF, CurrentUser, OptionalUser, ServicesDep
from hellenika.server.core.errors import ApiError
from hellenika.server.core.schemas import JoinRequest, MoveRequest, TableCreate, UndoRequest
from hellenika.server.lobby.again import start_when_ready
from hellenika.server.lobby.service import TableFilter
from hellenika.server.tables.info import FINISHED, WAITING, TableInfo, iso

router = APIRouter(prefix="/api", tags=["tables"])

#: The most finished tables one page of ``GET /api/tables/mine/finished`` holds.
MAX_PAGE = 50


def _tables(infos: list[TableInfo], viewer: int | None) -> dict[str, Any]:
    return {"tables": [info.to_json(viewer) for info in infos]}


@router.get("/tables")
async def list_tables(
    svc: ServicesDep,
    user: OptionalUser,
    status: Annotated[Literal["open", "playing", "finished"], Query()] = "open",
    game: Annotated[str | None, Query(max_length=40, description="only this game")] = None,
    players: Annotated[int | None, Query(ge=1, le=16, description="only this many players")] = None,
    mode: Annotated[Literal["live", "turn-based"] | None, Query()] = None,
    rated: Annotated[bool | None, Query(description="only rated (true) or unrated (false) tables")] = None,
    max_deadline_hours: Annotated[
        float | None, Query(gt=0, le=24 * 30, description="turn-based tables with at most this long a move")
    ] = None,
) -> dict[str, Any]:
    """Public tables: open ones to join (default), or those playing or finished, newest first; filtered by
    game, player count, mode, rated and the time a move."""
    filters = TableFilter(game, players, mode, rated, max_deadline_hours)
    infos = await svc.lobby.listing(status, filters=filters)
    return _tables(infos, user.id if user else None)


@router.get("/tables/mine")
async def my_tables(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """My tables not finished (and tables I am invited to): those waiting for my move first, soonest deadline
    first, then my invitations, then games waiting for others, then tables filling; ``now`` is the server's
    time, to count the time left from."""
    answer = _tables(await svc.lobby.mine(user), user.id)
    answer["now"] = iso(svc.settings.clock())
    return answer


@router.get("/tables/mine/finished")
async def my_finished_tables(
    svc: ServicesDep,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 10,
    before: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
) -> dict[str, Any]:
    """My finished tables, latest first, a page of ``limit`` at a time: ``before`` is the ``next`` of the
    previous page (null on the last one)."""
    infos, following = await svc.lobby.finished(user, limit, before)
    answer = _tables(infos, user.id)
    answer["next"] = following
    return answer


@router.get("/me/next")
async def next_game(svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """The game most urgently waiting for my move (the soonest deadline, then the one waiting longest), how
    many games wait for me, and all of them in that order (for the title badge and browser notifications)."""
    infos = await svc.lobby.waiting(user)
    tables = [info.to_json(user.id) for info in infos]
    return {
        "table": tables[0] if tables else None,
        "waiting": len(tables),
        "tables": [_waiting(t) for t in tables],
        "now": iso(svc.settings.clock()),
    }


def _waiting(table: dict[str, Any]) -> dict[str, Any]:
    return {key: table[key] for key in ("id", "game", "title", "turn_deadline", "last_move_at")}


@router.post("/tables", status_code=201, dependencies=CSRF)
async def create_table(body: TableCreate, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Create a table; seats are me, open, an invited user (seated once they accept) or a bot with a level."""
    info = await svc.lobby.create(user, body)
    return {"table": info.to_json(user.id)}


@router.get("/tables/{table_id}")
async def get_table(table_id: str, svc: ServicesDep, user: OptionalUser) -> dict[str, Any]:
    """A table's seats, status, options and deadline (the invitation for its creator)."""
    live = svc.master.live.get(table_id)
    info = live.info if live is not None else await svc.lobby.status(table_id)
    return {"table": info.to_json(user.id if user else None)}


@router.post("/tables/{table_id}/join", dependencies=CSRF)
async def join_table(
    table_id: str, svc: ServicesDep, user: CurrentUser, body: JoinRequest | None = None
) -> dict[str, Any]:
    """Take an open seat (a given one, or the first), with the invitation token for a private table."""
    info = await svc.lobby.join(table_id, user, body or JoinRequest())
    svc.master.publish_table(info)
    await system_line(svc.master, table_id, f"{user.name} joined")
    return {"table": info.to_json(user.id)}


@router.post("/tables/{table_id}/leave", dependencies=CSRF)
async def leave_table(table_id: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Give up my seat before the start; in a running game, resign (I forfeit and the game ends)."""
    info = await svc.lobby.status(table_id)
    if info.status == WAITING:
        info = await svc.lobby.leave(table_id, user)
        svc.master.publish_table(info)
        await system_line(svc.master, table_id, f"{user.name} left")
    elif info.status == FINISHED:
        raise ApiError(409, "the game is over")
    else:
        info = await svc.master.resign(table_id, user)
    return {"table": info.to_json(user.id)}


@router.post("/tables/{table_id}/accept", dependencies=CSRF)
async def accept_invitation(table_id: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Take the seat I am invited to (403 if I am not invited, 409 once the table has started)."""
    info = await svc.lobby.accept(table_id, user)
    svc.master.publish_table(info)
    await system_line(svc.master, table_id, f"{user.name} joined")
    info = await start_when_ready(svc, info)  # a Play again table starts once all have accepted
    return {"table": info.to_json(user.id)}


@router.post("/tables/{table_id}/decline", dependencies=CSRF)
async def decline_invitation(table_id: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Turn down my invitation: the seat becomes open (403 if I am not invited, 409 once started)."""
    info = await svc.lobby.decline(table_id, user)
    svc.master.publish_table(info)
    await system_line(svc.master, table_id, f"{user.name} declined the invitation")
    return {"table": info.to_json(user.id)}


@router.post("/tables/{table_id}/start", dependencies=CSRF)
async def start_table(table_id: str, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Start the game (the creator, once every seat is taken and every invitee has accepted)."""
    info = await svc.master.start(table_id, user)
    await system_line(svc.master, table_id, "the game started")
    return {"table": info.to_json(user.id)}


@router.get("/tables/{table_id}/state")
async def table_state(table_id: str, svc: ServicesDep, user: OptionalUser) -> Response:
    """The table model for my seat (the spectator's model otherwise) and the ``table``."""
    live = await svc.master.live_table(table_id)
    return Response(await svc.master.model(live, user.id if user else None), media_type="application/json")


@router.post("/tables/{table_id}/moves", dependencies=CSRF)
async def move(table_id: str, body: MoveRequest, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Make a move: 409 stale version or not my turn, 403 not my table, 422 illegal (naming the rule)."""
    version = await svc.master.submit(table_id, user, body.version, body.action)
    return {"version": version}


@router.post("/tables/{table_id}/undo", dependencies=CSRF)
async def undo(table_id: str, body: UndoRequest, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Take back my own last decision within my turn (never chance, never another seat's action)."""
    version = await svc.master.undo(table_id, user, body.version)
    return {"version": version}


@router.get("/tables/{table_id}/record")
async def record(table_id: str, svc: ServicesDep) -> dict[str, Any]:
    """The game record (the CLI's --record JSON) once the game is finished."""
    live = await svc.master.live_table(table_id)
    if live.info.status != FINISHED:
        raise ApiError(409, "the record is available once the game is finished")
    return svc.master.record(live)
