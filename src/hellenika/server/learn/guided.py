"""A first guided game (issue 26): "Learn to play" in the lobby opens ``/learn``, which starts one here.

``POST /api/learn {game}`` creates and starts, in one call, a live two-player table of that game for the
caller against an easy bot: unrated, with hints on, marked ``guided``. Its table page then explains each
step (``js/shell/guide.js``): what the rules allow now, in the action labels' words grouped by kind, the part
of the game's rules summary that speaks of it, and on request what the bot would do and why
(server/learn/hints.py). The game uses the simplest set-up the game has (``LEARN_OPTIONS``: Hercules'
simplified variant).
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import APIRouter
from pydantic import Field

from hellenika import games
from hellenika.engine.errors import HellenikaError
from hellenika.server.chat.service import system_line
from hellenika.server.core.deps import CSRF, CurrentUser, ServicesDep
from hellenika.server.core.errors import ApiError
from hellenika.server.core.schemas import SeatRequest, Strict, TableCreate

#: The first game's options, where a game has a gentler set-up than its default.
LEARN_OPTIONS: dict[str, dict[str, Any]] = {"hercules": {"variant": "simplified"}}
#: The bot a first game is played against.
LEARN_LEVEL: Final = "easy"


class LearnRequest(Strict):
    game: str = Field(max_length=40, description="the game to learn (a name from GET /api/games)")


router = APIRouter(prefix="/api", tags=["tables"])


@router.post("/learn", status_code=201, dependencies=CSRF)
async def learn(body: LearnRequest, svc: ServicesDep, user: CurrentUser) -> dict[str, Any]:
    """Start a guided first game against an easy bot (unrated, hints on); answers the started table."""
    try:
        game = games.get(body.game)
    except HellenikaError as exc:
        raise ApiError(422, str(exc)) from None
    players = max(2, game.min_players)
    if players > game.max_players:
        raise ApiError(422, f"{game.title} has no two-player game to learn with")
    create = TableCreate(
        game=game.name,
        players=players,
        options=dict(LEARN_OPTIONS.get(game.name, {})),
        seats=[SeatRequest(kind="me")] + [SeatRequest(kind="bot", level=LEARN_LEVEL)] * (players - 1),
        mode="live",
        private=True,
        rated=False,
        hints=True,
    )
    info = await svc.lobby.create(user, create, guided=True)
    info = await svc.master.start(info.id, user)
    await system_line(svc.master, info.id, "a guided first game started")
    return {"table": info.to_json(user.id)}
