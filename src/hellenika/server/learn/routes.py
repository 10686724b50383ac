"""Learning's routes: post-game reviews, hints at the table, and a first guided game.

A first guided game: "Learn to play" in the lobby opens ``/learn``, which starts one here.
``POST /api/learn {game}`` creates and starts, in one call, a live two-player table of that game for the
caller against an easy bot: unrated, with hints on, marked ``guided``. Its table page then explains each
step (``js/shell/guide.js``): what the rules allow now, in the action labels' words grouped by kind, the part
of the game's rules summary that speaks of it, and on request what the bot would do and why
(server/learn/hints.py). The game uses the simplest set-up the game has (``LEARN_OPTIONS``: Hercules'
simplified variant).

One router per resource, included by the application in the order the API document lists them.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Query, Response
from pydantic import Field

from hellenika import games
from hellenika.engine.errors import HellenikaError
from hellenika.server.chat import system_line
from hellenika.server.core.deps import CSRF, part
from hellenika.server.core.errors import ApiError
from hellenika.server.core.schemas import Strict
from hellenika.server.learn.hints import Hints
from hellenika.server.learn.review import Reviews
from hellenika.server.lobby import Lobby, SeatRequest, TableCreate
from hellenika.server.people import CurrentUser, OptionalUser
from hellenika.server.round import MasterDep

review_router = APIRouter(prefix="/api", tags=["replays"])
hints_router = APIRouter(prefix="/api", tags=["tables"])
guided_router = APIRouter(prefix="/api", tags=["tables"])

ReviewsDep = Annotated[Reviews, part("reviews")]
HintsDep = Annotated[Hints, part("hints")]
LobbyDep = Annotated[Lobby, part("lobby")]


# ----------------------------------------------------------------------------------------------- reviews

router = APIRouter(prefix="/api", tags=["replays"])


class ReviewRequest(Strict):
    seat: int | None = Field(
        default=None, ge=0, le=15, description="the seat to review (default: mine, else 0)"
    )


SeatQuery = Annotated[
    int | None, Query(ge=0, le=15, description="the seat to review (default: mine, else 0)")
]


@review_router.get("/replays/{replay_id}/review")
async def get_review(
    replay_id: str,
    reviews: ReviewsDep,
    user: OptionalUser,
    seat: SeatQuery = None,
) -> dict[str, Any]:
    """The review of one seat of a finished game: its status and progress while it is computed, then every
    decision judged, the biggest mistakes first and the evaluation over the game."""
    return await reviews.answer(replay_id, user.id if user else None, seat)


@review_router.post(
    "/replays/{replay_id}/review",
    status_code=202,
    dependencies=CSRF,
    responses={200: {"description": "the review is done (202: it is queued or running)"}},
)
async def request_review(
    replay_id: str,
    reviews: ReviewsDep,
    user: CurrentUser,
    response: Response,
    body: ReviewRequest | None = None,
) -> dict[str, Any]:
    """Compute the review of a seat in the background (202 while it runs, 200 once done); a few per person
    and a bounded queue (429, 503)."""
    seat = body.seat if body is not None else None
    status, answer = await reviews.request(replay_id, user.id, seat)
    response.status_code = status
    return answer


# ------------------------------------------------------------------------------------------------- hints


@hints_router.get("/tables/{table_id}/hint")
async def table_hint(
    table_id: str,
    hints: HintsDep,
    user: CurrentUser,
    by: Annotated[Literal["heuristic", "search"], Query(description="rules of thumb, or a short search")] = (
        "heuristic"
    ),
) -> dict[str, Any]:
    """What the bot would do in my place: the suggested choice (its index in my ``legal`` list) and why."""
    return await hints.suggest(table_id, user.id, by)


# ------------------------------------------------------------------------------------------ a first game

#: The first game's options, where a game has a gentler set-up than its default.
LEARN_OPTIONS: dict[str, dict[str, Any]] = {"hercules": {"variant": "simplified"}}
#: The bot a first game is played against.
LEARN_LEVEL: Final = "easy"


class LearnRequest(Strict):
    game: str = Field(max_length=40, description="the game to learn (a name from GET /api/games)")


@guided_router.post("/learn", status_code=201, dependencies=CSRF)
async def learn(body: LearnRequest, lobby: LobbyDep, master: MasterDep, user: CurrentUser) -> dict[str, Any]:
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
    info = await lobby.create(user, create, guided=True)
    info = await master.start(info.id, user)
    await system_line(master, info.id, "a guided first game started")
    return {"table": info.to_json(user.id)}
