"""The round's routes: a started table's game (start, state, moves, undo, record) and a person's vacation,
which makes their turn deadlines wait. The table's WebSocket is in round/socket.py.

One router per resource, included by the application in the order the API document lists them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Response
from pydantic import ConfigDict, Field

from hellenika.server.chat import system_line
from hellenika.server.core.deps import CSRF, SettingsDep, StoreDep
from hellenika.server.core.errors import ApiError
from hellenika.server.core.schemas import Strict
from hellenika.server.people import CurrentUser, OptionalUser
from hellenika.server.round.deps import MasterDep
from hellenika.server.round.vacations import Vacations
from hellenika.server.tables import FINISHED

router = APIRouter(prefix="/api", tags=["tables"])
vacation_router = APIRouter(prefix="/api", tags=["vacation"])


class MoveRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"version": 3, "action": "pass"}]})

    version: int = Field(ge=0, le=10_000_000)
    action: dict[str, Any] | str = Field(
        description="the action's JSON form (from legal[].action) or notation"
    )


class UndoRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"version": 3}]})

    version: int = Field(ge=0, le=10_000_000)


class VacationRequest(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"days": 7}]})

    days: int = Field(ge=1, le=366, description="days from now (at most the days left this calendar year)")


# ---------------------------------------------------------------------------------------------- the game


@router.post("/tables/{table_id}/start", dependencies=CSRF)
async def start_table(table_id: str, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
    """Start the game (the creator, once every seat is taken and every invitee has accepted)."""
    info = await master.start(table_id, user)
    await system_line(master, table_id, "the game started")
    return {"table": info.to_json(user.id)}


@router.get("/tables/{table_id}/state")
async def table_state(table_id: str, master: MasterDep, user: OptionalUser) -> Response:
    """The table model for my seat (the spectator's model otherwise) and the ``table``."""
    live = await master.live_table(table_id)
    return Response(await master.model(live, user.id if user else None), media_type="application/json")


@router.post("/tables/{table_id}/moves", dependencies=CSRF)
async def move(table_id: str, body: MoveRequest, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
    """Make a move: 409 stale version or not my turn, 403 not my table, 422 illegal (naming the rule)."""
    version = await master.submit(table_id, user, body.version, body.action)
    return {"version": version}


@router.post("/tables/{table_id}/undo", dependencies=CSRF)
async def undo(table_id: str, body: UndoRequest, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
    """Take back my own last decision within my turn (never chance, never another seat's action)."""
    version = await master.undo(table_id, user, body.version)
    return {"version": version}


@router.get("/tables/{table_id}/record")
async def record(table_id: str, master: MasterDep) -> dict[str, Any]:
    """The game record (the CLI's --record JSON) once the game is finished."""
    live = await master.live_table(table_id)
    if live.info.status != FINISHED:
        raise ApiError(409, "the record is available once the game is finished")
    return await master.record(live)


class TimeoutDecision(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"decision": "bot"}]})

    decision: Literal["bot", "end"] = Field(
        description="bot: a bot plays the late player's turn; end: the game ends with that player last"
    )


class AbandonVote(Strict):
    model_config = ConfigDict(json_schema_extra={"examples": [{"vote": True}]})

    vote: bool = Field(description="true: I agree to abandon the game; false: I take my vote back")


@router.post("/tables/{table_id}/timeout", dependencies=CSRF)
async def decide_timeout(
    table_id: str, body: TimeoutDecision, master: MasterDep, user: CurrentUser
) -> dict[str, Any]:
    """At a live table where a player's time ran out, another player decides: a bot plays that turn, or the
    game ends with the late player last (409 when nobody's time has run out, 403 for the late player)."""
    info = await master.decide_timeout(table_id, user, body.decision)
    return {"table": info.to_json(user.id, master.settings.clock())}


@router.post("/tables/{table_id}/abandon", dependencies=CSRF)
async def vote_abandon(
    table_id: str, body: AbandonVote, master: MasterDep, user: CurrentUser
) -> dict[str, Any]:
    """Vote to abandon the game (or take the vote back): once every person at the table has voted, it ends
    unrated with no winner. A move by anyone clears the votes."""
    info = await master.vote_abandon(table_id, user, body.vote)
    return {"table": info.to_json(user.id, master.settings.clock())}


# ---------------------------------------------------------------------------------------------- vacation


async def _vacations(store: StoreDep, settings: SettingsDep, master: MasterDep) -> Vacations:
    return Vacations(store, settings, master)


VacationsDep = Annotated[Vacations, Depends(_vacations)]


@vacation_router.get("/me/vacation")
async def vacation_status(vacations: VacationsDep, user: CurrentUser) -> dict[str, Any]:
    """My running vacation (or null) and the vacation days I have left this calendar year."""
    return await vacations.status(user)


@vacation_router.post("/me/vacation", dependencies=CSRF)
async def start_vacation(body: VacationRequest, vacations: VacationsDep, user: CurrentUser) -> dict[str, Any]:
    """Start a vacation now for ``days`` days: my deadlines wait (422 naming the days left this year)."""
    return await vacations.start(user, body.days)


@vacation_router.delete("/me/vacation", dependencies=CSRF)
async def end_vacation(vacations: VacationsDep, user: CurrentUser) -> dict[str, Any]:
    """End my vacation now: only the days it ran count (409 when I am not on vacation)."""
    return await vacations.end(user)
