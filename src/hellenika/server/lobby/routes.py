"""The lobby's routes: the games to choose from, tables before they start (list, create, join, leave,
invitations), *play again* at a finished table, and automatic matching.

One router per resource, included by the application in the order the API document lists them.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query

from hellenika import games
from hellenika.bots.policy import shipped_player_counts
from hellenika.engine.options import validate_options
from hellenika.server.chat import system_line
from hellenika.server.core.deps import CSRF, SettingsDep, StoreDep, part
from hellenika.server.core.errors import ApiError
from hellenika.server.lobby.again import next_table, play_again, start_when_ready
from hellenika.server.lobby.matchmaking import Matchmaking
from hellenika.server.lobby.schemas import JoinRequest, MatchRequestCreate, TableCreate
from hellenika.server.lobby.service import Lobby, TableFilter
from hellenika.server.people import CurrentUser, OptionalUser
from hellenika.server.round import MasterDep
from hellenika.server.tables import BOT_LEVELS, FINISHED, WAITING, TableInfo, iso, presets

games_router = APIRouter(prefix="/api", tags=["games"])
tables_router = APIRouter(prefix="/api", tags=["tables"])
again_router = APIRouter(prefix="/api", tags=["tables"])
matchmaking_router = APIRouter(prefix="/api", tags=["matchmaking"])

LobbyDep = Annotated[Lobby, part("lobby")]


# ------------------------------------------------------------------------------------------------- games


@cache
def game_list() -> list[dict[str, Any]]:
    out = []
    for game in games.all_games():
        low, high = game.player_range(validate_options(game.option_specs, None))
        out.append(
            {
                "name": game.name,
                "title": game.title,
                "summary": game.summary,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "default_players": [low, high],
                "players_text": game.players_text(),
                "rules_version": game.rules_version,
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "description": spec.description,
                        "choices": list(spec.choices),
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        # Where it applies (else it keeps its default and the lobby does not offer it).
                        "players": list(spec.players) if spec.players else None,
                        "needs": spec.needs,
                    }
                    for spec in game.option_specs
                ],
                "rules": game.rules_text(),
                "bot_levels": list(BOT_LEVELS),
                # The clocks the lobby offers: live speeds sized by the game, moves a day, days a move.
                "time_controls": presets(game.name),
                # The player counts the "trained" level can be seated at (a shipped policy each).
                "trained_players": shipped_player_counts(game.name),
            }
        )
    return out


@games_router.get("/games")
async def list_games() -> dict[str, Any]:
    """Every registered game."""
    return {"games": game_list()}


# ------------------------------------------------------------------------------------------------ tables

#: The most finished tables one page of ``GET /api/tables/mine/finished`` holds.
MAX_PAGE = 50


def _tables(infos: list[TableInfo], viewer: int | None) -> dict[str, Any]:
    return {"tables": [info.to_json(viewer) for info in infos]}


@tables_router.get("/tables")
async def list_tables(
    lobby: LobbyDep,
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
    infos = await lobby.listing(status, filters=filters)
    return _tables(infos, user.id if user else None)


@tables_router.get("/tables/mine")
async def my_tables(lobby: LobbyDep, settings: SettingsDep, user: CurrentUser) -> dict[str, Any]:
    """My tables not finished (and tables I am invited to): those waiting for my move first, soonest deadline
    first, then my invitations, then games waiting for others, then tables filling; ``now`` is the server's
    time, to count the time left from."""
    answer = _tables(await lobby.mine(user), user.id)
    answer["now"] = iso(settings.clock())
    return answer


@tables_router.get("/tables/mine/finished")
async def my_finished_tables(
    lobby: LobbyDep,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 10,
    before: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
) -> dict[str, Any]:
    """My finished tables, latest first, a page of ``limit`` at a time: ``before`` is the ``next`` of the
    previous page (null on the last one)."""
    infos, following = await lobby.finished(user, limit, before)
    answer = _tables(infos, user.id)
    answer["next"] = following
    return answer


@tables_router.get("/me/next")
async def next_game(lobby: LobbyDep, settings: SettingsDep, user: CurrentUser) -> dict[str, Any]:
    """The game most urgently waiting for my move (the soonest deadline, then the one waiting longest), how
    many games wait for me, and all of them in that order (for the title badge and browser notifications)."""
    infos = await lobby.waiting(user)
    tables = [info.to_json(user.id) for info in infos]
    return {
        "table": tables[0] if tables else None,
        "waiting": len(tables),
        "tables": [_waiting(t) for t in tables],
        "now": iso(settings.clock()),
    }


def _waiting(table: dict[str, Any]) -> dict[str, Any]:
    return {key: table[key] for key in ("id", "game", "title", "turn_deadline", "last_move_at")}


@tables_router.post("/tables", status_code=201, dependencies=CSRF)
async def create_table(body: TableCreate, lobby: LobbyDep, user: CurrentUser) -> dict[str, Any]:
    """Create a table; seats are me, open, an invited user (seated once they accept) or a bot with a level."""
    info = await lobby.create(user, body)
    return {"table": info.to_json(user.id)}


@tables_router.get("/tables/{table_id}")
async def get_table(table_id: str, master: MasterDep, lobby: LobbyDep, user: OptionalUser) -> dict[str, Any]:
    """A table's seats, status, options and deadline (the invitation for its creator)."""
    live = master.live.get(table_id)
    info = live.info if live is not None else await lobby.status(table_id)
    return {"table": info.to_json(user.id if user else None, master.settings.clock())}


@tables_router.post("/tables/{table_id}/join", dependencies=CSRF)
async def join_table(
    table_id: str, lobby: LobbyDep, master: MasterDep, user: CurrentUser, body: JoinRequest | None = None
) -> dict[str, Any]:
    """Take an open seat (a given one, or the first), with the invitation token for a private table."""
    info = await lobby.join(table_id, user, body or JoinRequest())
    master.publish_table(info)
    await system_line(master, table_id, f"{user.name} joined")
    return {"table": info.to_json(user.id)}


@tables_router.post("/tables/{table_id}/leave", dependencies=CSRF)
async def leave_table(table_id: str, lobby: LobbyDep, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
    """Give up my seat before the start; in a running game, resign (I forfeit and the game ends)."""
    info = await lobby.status(table_id)
    if info.status == WAITING:
        info = await lobby.leave(table_id, user)
        master.publish_table(info)
        await system_line(master, table_id, f"{user.name} left")
    elif info.status == FINISHED:
        raise ApiError(409, "the game is over")
    else:
        info = await master.resign(table_id, user)
    return {"table": info.to_json(user.id)}


@tables_router.post("/tables/{table_id}/accept", dependencies=CSRF)
async def accept_invitation(
    table_id: str, lobby: LobbyDep, master: MasterDep, user: CurrentUser
) -> dict[str, Any]:
    """Take the seat I am invited to (403 if I am not invited, 409 once the table has started)."""
    info = await lobby.accept(table_id, user)
    master.publish_table(info)
    await system_line(master, table_id, f"{user.name} joined")
    info = await start_when_ready(master, info)  # a Play again table starts once all have accepted
    return {"table": info.to_json(user.id)}


@tables_router.post("/tables/{table_id}/decline", dependencies=CSRF)
async def decline_invitation(
    table_id: str, lobby: LobbyDep, master: MasterDep, user: CurrentUser
) -> dict[str, Any]:
    """Turn down my invitation: the seat becomes open (403 if I am not invited, 409 once started)."""
    info = await lobby.decline(table_id, user)
    master.publish_table(info)
    await system_line(master, table_id, f"{user.name} declined the invitation")
    return {"table": info.to_json(user.id)}


# ------------------------------------------------------------------------------------------- play again


@again_router.post("/tables/{table_id}/again", dependencies=CSRF)
async def again(table_id: str, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
    """Offer the finished game's players a new table: same game, options and seats rotated by one, bots
    kept; I sit down, the others are invited (it starts once all accept). A second call answers the same
    table (``created`` false). 403 not a player of this game, 409 not finished."""
    info, created = await play_again(master, table_id, user)
    return {"table": info.to_json(user.id), "created": created}


@again_router.get("/tables/{table_id}/again")
async def again_status(table_id: str, master: MasterDep, user: OptionalUser) -> dict[str, Any]:
    """The table *Play again* made from this one (null when none yet), read from the database."""
    info = await next_table(master, table_id)
    return {"table": None if info is None else info.to_json(user.id if user else None)}


# ------------------------------------------------------------------------------------------- matchmaking

RequestId = Path(ge=1, le=2**31 - 1)


async def _matchmaking(store: StoreDep, settings: SettingsDep, master: MasterDep) -> Matchmaking:
    return Matchmaking(store, settings, master)


MatchmakingDep = Annotated[Matchmaking, Depends(_matchmaking)]


@matchmaking_router.post("/matchmaking", dependencies=CSRF, status_code=201)
async def ask(body: MatchRequestCreate, matching: MatchmakingDep, user: CurrentUser) -> dict[str, Any]:
    """Ask to be seated at a game of ``game`` with ``players`` people of a close rating, waiting up to
    ``wait_minutes``; matched at once when the people are there (``status`` matched, ``table``)."""
    return {"request": await matching.ask(user, body)}


@matchmaking_router.get("/matchmaking")
async def my_requests(matching: MatchmakingDep, user: CurrentUser) -> dict[str, Any]:
    """My waiting requests and those of the last day (matched ones with their table), newest first."""
    return {"requests": await matching.mine(user)}


@matchmaking_router.get("/matchmaking/waiting")
async def waiting(matching: MatchmakingDep) -> dict[str, Any]:
    """How many people wait for each kind of game now (no names)."""
    return {"pools": await matching.waiting_now()}


@matchmaking_router.get("/matchmaking/requests/{request_id}")
async def my_request(
    matching: MatchmakingDep, user: CurrentUser, request_id: int = RequestId
) -> dict[str, Any]:
    """One of my requests (404 if it is not mine)."""
    return {"request": await matching.one(user, request_id)}


@matchmaking_router.delete("/matchmaking/requests/{request_id}", dependencies=CSRF)
async def cancel(matching: MatchmakingDep, user: CurrentUser, request_id: int = RequestId) -> dict[str, Any]:
    """Stop waiting (409 once matched, cancelled or expired)."""
    return {"request": await matching.cancel(user, request_id)}
