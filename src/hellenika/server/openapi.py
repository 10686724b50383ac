"""The OpenAPI document as the server really answers: typed answers, the one error model, links between
operations.

The routes build their answers as plain dicts (``TableInfo.to_json``, the table model), which is the hot path
and stays so; the models here describe those answers for the schema only and are never run on a response.
Schemathesis (tests/server/fuzz.py) checks every answer against them, so a description that drifts from
what the server sends fails the suite.

What is added to FastAPI's own document, in one place rather than on every route:

- **Errors.** Every failure is ``{"detail": "plain words"}`` (errors.py, edge.py). Each operation lists the
  statuses it can answer: 400 and 422 for everything with input (the edge refuses NUL text and broken JSON
  with 400, a wrong field is 422), 401 where a login is needed, 403 for the CSRF check on every state
  change, 404 where a path names a table, replay or game, 409 where the table may have moved on, 413 for
  bodies over their cap, 429 where a rate limit applies (and 503 there when too many
  password hashes are queued). FastAPI's list-shaped 422 model is removed.
- **Answers.** The 2xx schema of each operation, from the models below (by method and path).
- **Security.** Operations that need a login declare the session cookie; state changes also declare the
  ``X-CSRF-Token`` header they must echo.
- **Links.** A created table's id leads to every ``/api/tables/{table_id}`` operation and an uploaded
  replay's id to the replay's, so stateful tests can chain create -> join -> start -> move.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict, Field

# ---------------------------------------------------------------------- the answers, described


class Described(BaseModel):
    # Answers may gain keys; a client must ignore those it does not know.
    model_config = ConfigDict(extra="allow")


class Error(Described):
    detail: str = Field(description="what went wrong, in plain words")


class User(Described):
    id: int
    name: str


class UserAnswer(Described):
    user: User


class SessionAnswer(Described):
    user: User | None


class SeatUser(Described):
    id: int
    name: str | None


class SeatOut(Described):
    seat: int
    kind: str = Field(description="open, user (seated), invited (waiting for the invitee) or bot")
    user: SeatUser | None
    name: str | None
    level: str | None
    joined: bool
    on_vacation_until: str | None = Field(
        default=None, description="the seated person is on vacation until then (ISO 8601 UTC): deadlines wait"
    )


class Creator(Described):
    id: int
    name: str


class TableOut(Described):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    mode: str
    deadline_hours: float | None
    on_timeout: str
    private: bool
    status: str = Field(description="waiting, playing or finished")
    creator: Creator
    seats: list[SeatOut]
    version: int
    to_move: int | None
    my_seat: int | None
    my_turn: bool
    turn_deadline: str | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    result: dict[str, Any] | None
    invite: str | None
    invite_url: str | None
    my_invitation: bool = Field(description="the viewer holds an invited seat here, not yet accepted")
    can_join: bool = Field(
        default=False,
        description="the viewer may take an open seat now without an invitation link (not at a private one)",
    )
    rated: bool = Field(default=True, description="whether a finished game changes ratings (table option)")
    end_text: str | None = Field(
        default=None, description="how the finished game ended in words ('alice lost on time; bob wins.')"
    )
    last_move_at: str | None = Field(description="when the last action was made (ISO 8601 UTC), or null")
    next_table: str | None = Field(
        default=None, description="the table *Play again* made from this finished one, or null"
    )


class TableAnswer(Described):
    table: TableOut


class TablesAnswer(Described):
    tables: list[TableOut]


class MyTablesAnswer(TablesAnswer):
    now: str = Field(description="the server's time (ISO 8601 UTC), to count the time left from")


class FinishedPage(TablesAnswer):
    next: str | None = Field(description="``before`` for the next page, or null on the last page")


class WaitingTable(Described):
    id: str
    game: str
    title: str
    turn_deadline: str | None
    last_move_at: str | None


class NextAnswer(Described):
    table: TableOut | None = Field(description="the game most urgently waiting for my move, or null")
    waiting: int = Field(description="how many games wait for my move")
    tables: list[WaitingTable] = Field(description="those games, the most urgent first")
    now: str


class LegalAction(Described):
    index: int
    notation: str
    label: str
    action: dict[str, Any]


class LogLine(Described):
    step: int
    text: str
    actor: int | None


class TableModel(Described):
    """The table model of docs/WEB.md for one seat (or a spectator)."""

    game: str
    title: str
    version: int
    seat: int | None
    names: list[str]
    to_move: int | None
    finished: bool
    view: dict[str, Any]
    legal: list[LegalAction]
    log: list[LogLine]
    scores: list[float] | None
    places: list[int] | None
    breakdown: list[dict[str, float]] | None
    end_reason: str | None = Field(default=None, description="why it ended, when not by the game's own end")
    end_text: str | None = Field(default=None, description="how it ended, in one line (finished games)")


class TableState(TableModel):
    can_undo: bool
    table: TableOut


class ReplayInfo(Described):
    id: str
    game: str
    title: str
    step: int
    steps: int
    names: list[str]
    players: int
    options: dict[str, Any]
    result: dict[str, Any] | None
    record_url: str


class ReplayModel(TableModel):
    replay: ReplayInfo


class RecordOut(Described):
    """A game record (the CLI's ``--record`` JSON)."""

    format: str
    game: str
    rules_version: str
    players: int
    options: dict[str, Any]
    seats: list[str]
    seed: int | None
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None
    final_digest: str | None


class VersionAnswer(Described):
    version: int


class ReplayCreated(Described):
    id: str


class Rating(Described):
    name: str
    kind: str
    mu: float
    sigma: float
    ordinal: float
    rating: float = Field(description="the ordinal as shown: never below 0")
    games: int
    wins: int
    rank: int


class LeaderboardAnswer(Described):
    game: str
    ratings: list[Rating]


class VacationOut(Described):
    starts_at: str
    ends_at: str


class VacationAnswer(Described):
    vacation: VacationOut | None = Field(description="my running vacation, or null")
    days_per_year: int
    days_used: int = Field(description="vacation days counted this calendar year (UTC)")
    days_left: int


class GameOption(Described):
    name: str
    default: Any
    description: str
    choices: list[Any]
    minimum: float | None
    maximum: float | None
    players: list[int] | None = Field(
        default=None, description="the lowest and highest player count it applies at (null: any)"
    )
    needs: str | None = Field(default=None, description="a yes/no option it applies only with (null: none)")


class GameInfo(Described):
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: list[int]
    players_text: str
    rules_version: str
    options: list[GameOption]
    rules: str
    bot_levels: list[str]


class GamesAnswer(Described):
    games: list[GameInfo]


#: (method, path) -> the model of its 2xx answer. Table routes not listed here answer a TableAnswer.
class NotifySettingsAnswer(Described):
    """A person's notification settings (server/notify/prefs.py)."""

    email: str | None
    email_verified: bool
    your_turn: bool
    deadline_soon: bool
    deadline_hours: int
    invited: bool
    game_over: bool
    by_email: bool
    by_webhook: bool
    by_browser: bool
    webhook_url: str | None
    webhook_secret: str = Field(description="signs webhook bodies: X-Hellenika-Signature: sha256=<HMAC>")
    quiet: bool
    quiet_minutes: int
    digest: bool
    mail_configured: bool = Field(description="the server sends mail over SMTP (else it only logs it)")
    admin: bool = Field(description="this person may read the outbox (the server's first account)")


class OutboxItem(Described):
    id: int
    user: str
    channel: str = Field(description="email or webhook")
    event: str
    table_id: str | None
    status: str = Field(description="pending, sending, sent, logged, suppressed, held, digested or failed")
    attempts: int
    last_error: str | None
    created_at: str | None
    sent_at: str | None
    to: str | None
    subject: str | None
    text: str | None


class OutboxAnswer(Described):
    mail_configured: bool
    outbox: list[OutboxItem]


class ChatMessageOut(Described):
    """One line of a table's chat (server/chat.py)."""

    id: int
    channel: str = Field(description="players, spectators or system")
    author: User | None = Field(description="the writer, or null for a system line")
    text: str
    version: int = Field(description="the table's version when it was written")
    created_at: str | None
    step: int | None = Field(default=None, description="(finished tables) the replay step it belongs to")


class ChatHistory(Described):
    messages: list[ChatMessageOut]


class ChatPosted(Described):
    message: ChatMessageOut


class UsersAnswer(Described):
    users: list[User]


# ---------------------------------------------------------------------- profiles, play again, friends


class GameStats(Described):
    game: str
    title: str
    rating: float | None = Field(description="the ordinal mu - 3 sigma as shown, never below 0 (null: none)")
    ordinal: float | None
    mu: float | None
    sigma: float | None
    rated_games: int
    played: int = Field(description="finished games at this server")
    wins: int = Field(description="first places (shared ones included)")
    places: list[int] = Field(description="how often 1st, 2nd, ... (index 0 is first)")


class Favourite(Described):
    game: str
    title: str
    played: int


class ProfileGame(Described):
    id: str
    game: str
    title: str
    players: int
    names: list[str]
    seat: int | None
    place: int | None
    score: float | None
    finished_at: str | None
    end_text: str | None
    rated: bool
    private: bool
    table_url: str
    replay_url: str


class ProfileAnswer(Described):
    user: User
    member_since: str
    me: bool = Field(description="this is the viewer's own profile")
    settings_url: str | None = Field(description="/settings on one's own profile, else null")
    games: list[GameStats]
    favourites: list[Favourite]
    played: int
    recent: list[ProfileGame]
    next: str | None = Field(description="``before`` for the next page of games, or null")


class ProfileGamesAnswer(Described):
    games: list[ProfileGame]
    next: str | None


class PlayingTable(Described):
    id: str
    game: str
    title: str
    players: int
    names: list[str]
    mode: str
    started_at: str | None
    last_move_at: str | None
    watch_url: str


class FriendOut(Described):
    user: User
    since: str | None
    playing: list[PlayingTable] = Field(description="the public games they are playing now")


class FriendsAnswer(Described):
    friends: list[FriendOut]


class FriendAdded(Described):
    friend: FriendOut
    added: bool = Field(description="false when they were already a friend")


class FriendRemoved(FriendsAnswer):
    removed: bool = Field(description="false when they were not a friend")


class AgainAnswer(TableAnswer):
    created: bool = Field(description="false when another call had made the new table already")


class NextTableAnswer(Described):
    table: TableOut | None = Field(description="the table Play again made from this one, or null")


class MatchRequestOut(Described):
    id: int
    game: str
    players: int
    options: dict[str, Any]
    mode: str
    deadline_hours: float | None
    rated: bool
    status: str = Field(description="waiting, matched (see table), cancelled or expired")
    rating: float = Field(description="my rating in the game when I asked (openskill ordinal, at least 0)")
    created_at: str | None
    expires_at: str | None
    table: str | None = Field(description="the table the match made (status matched)")


class MatchRequestAnswer(Described):
    request: MatchRequestOut


class MatchRequestsAnswer(Described):
    requests: list[MatchRequestOut]


class MatchPoolOut(Described):
    game: str
    players: int
    mode: str
    deadline_hours: float | None
    rated: bool
    waiting: int


class MatchPoolsAnswer(Described):
    pools: list[MatchPoolOut]


class ReportOut(Described):
    id: int
    user: str = Field(description="the reported person")
    reason: str
    created_at: str | None


class ReportAnswer(Described):
    report: ReportOut


class AdminReportOut(ReportOut):
    reporter: str
    table: str | None
    message: int | None
    resolved_at: str | None
    resolved_by: str | None


class AdminReportsAnswer(Described):
    reports: list[AdminReportOut]


class SuspensionAnswer(Described):
    user: str
    suspended_until: str | None
    sessions_ended: int | None = None


class RemovedAnswer(Described):
    table: TableOut | None = Field(description="the ended table, or null when a waiting one was deleted")


# ---------------------------------------------------------------------- learning (issue 26)


class ReviewedDecision(Described):
    step: int = Field(description="the history step of the decision: /replays/{id}?step=N shows it")
    seat: int
    played: str
    played_label: str
    played_value: float = Field(description="the search's value of the move played, in [-1, 1]")
    best: str
    best_label: str
    best_value: float
    choices: int
    loss: float
    verdict: str = Field(description="'', 'mistake' or 'blunder'")
    words: str
    replay_url: str


class ReviewState(Described):
    status: str = Field(description="none, queued, running, done or failed")
    done: int
    total: int
    position: int | None = None
    error: str | None = None
    decisions: list[ReviewedDecision] | None = None
    mistakes: list[ReviewedDecision] | None = None
    curve: list[dict[str, float]] | None = None
    summary: dict[str, float] | None = None
    iterations: int | None = None
    seconds: float | None = None


class ReviewReplay(Described):
    id: str
    game: str
    title: str
    steps: int
    names: list[str]
    players: int
    replay_url: str


class ReviewAnswer(Described):
    replay: ReviewReplay
    seat: int
    seats: list[int] = Field(description="the seats whose review this viewer may see and ask for")
    mine: list[int]
    review: ReviewState


class HintChoice(Described):
    index: int = Field(description="the choice's index in the seat's legal list")
    notation: str
    label: str
    action: dict[str, Any]


class HintAnswer(Described):
    version: int
    seat: int
    by: str = Field(description="heuristic or search")
    hint: HintChoice
    reason: str


ANSWERS: dict[tuple[str, str], type[BaseModel]] = {
    ("get", "/api/replays/{replay_id}/review"): ReviewAnswer,
    ("post", "/api/replays/{replay_id}/review"): ReviewAnswer,
    ("get", "/api/tables/{table_id}/hint"): HintAnswer,
    ("post", "/api/learn"): TableAnswer,
    ("post", "/api/reports"): ReportAnswer,
    ("get", "/api/admin/reports"): AdminReportsAnswer,
    ("post", "/api/admin/reports/{report_id}/resolve"): AdminReportsAnswer,
    ("post", "/api/admin/users/{name}/suspension"): SuspensionAnswer,
    ("delete", "/api/admin/users/{name}/suspension"): SuspensionAnswer,
    ("get", "/api/admin/tables/stuck"): TablesAnswer,
    ("post", "/api/admin/tables/{table_id}/remove"): RemovedAnswer,
    ("post", "/api/matchmaking"): MatchRequestAnswer,
    ("get", "/api/matchmaking"): MatchRequestsAnswer,
    ("get", "/api/matchmaking/waiting"): MatchPoolsAnswer,
    ("get", "/api/matchmaking/requests/{request_id}"): MatchRequestAnswer,
    ("delete", "/api/matchmaking/requests/{request_id}"): MatchRequestAnswer,
    ("get", "/api/users/{name}"): ProfileAnswer,
    ("get", "/api/users/{name}/games"): ProfileGamesAnswer,
    ("get", "/api/me/friends"): FriendsAnswer,
    ("post", "/api/me/friends/{name}"): FriendAdded,
    ("delete", "/api/me/friends/{name}"): FriendRemoved,
    ("post", "/api/tables/{table_id}/again"): AgainAnswer,
    ("get", "/api/tables/{table_id}/again"): NextTableAnswer,
    ("get", "/api/games"): GamesAnswer,
    ("post", "/api/auth/register"): UserAnswer,
    ("post", "/api/auth/login"): UserAnswer,
    ("post", "/api/auth/logout"): SessionAnswer,
    ("get", "/api/me"): UserAnswer,
    ("get", "/api/session"): SessionAnswer,
    ("get", "/api/tables"): TablesAnswer,
    ("get", "/api/tables/mine"): MyTablesAnswer,
    ("get", "/api/tables/mine/finished"): FinishedPage,
    ("get", "/api/me/next"): NextAnswer,
    ("post", "/api/tables"): TableAnswer,
    ("get", "/api/tables/{table_id}/state"): TableState,
    ("post", "/api/tables/{table_id}/moves"): VersionAnswer,
    ("post", "/api/tables/{table_id}/undo"): VersionAnswer,
    ("get", "/api/tables/{table_id}/record"): RecordOut,
    ("post", "/api/replays"): ReplayCreated,
    ("get", "/api/replays/{replay_id}"): ReplayModel,
    ("get", "/api/replays/{replay_id}/record"): RecordOut,
    ("get", "/api/leaderboard/{game}"): LeaderboardAnswer,
    ("get", "/api/me/vacation"): VacationAnswer,
    ("post", "/api/me/vacation"): VacationAnswer,
    ("delete", "/api/me/vacation"): VacationAnswer,
    ("get", "/api/me/settings"): NotifySettingsAnswer,
    ("put", "/api/me/settings"): NotifySettingsAnswer,
    ("post", "/api/me/email"): NotifySettingsAnswer,
    ("get", "/api/admin/outbox"): OutboxAnswer,
    ("get", "/api/tables/{table_id}/chat"): ChatHistory,
    ("post", "/api/tables/{table_id}/chat"): ChatPosted,
    ("get", "/api/me/mutes"): UsersAnswer,
    ("post", "/api/me/mutes/{name}"): UsersAnswer,
    ("delete", "/api/me/mutes/{name}"): UsersAnswer,
    ("get", "/api/me/blocks"): UsersAnswer,
    ("post", "/api/me/blocks/{name}"): UsersAnswer,
    ("delete", "/api/me/blocks/{name}"): UsersAnswer,
}

REASONS = {
    400: "Not valid input at all: NUL characters, a body that is not JSON, text that is no action",
    401: "Not logged in (or the session expired)",
    403: "Not allowed: the CSRF header is missing or wrong, or this is not your table or seat",
    404: "No such table, replay or game",
    409: "The table moved on: a stale version, not your turn, already started or finished",
    413: "The request body is larger than this route accepts",
    422: "Well-formed but refused: a field out of range, an illegal move naming the rule, a bad record",
    429: "Too many attempts: wait the number of seconds in Retry-After",
    503: "Busy (password checks queued, or the review queue full): try again after Retry-After seconds",
}

#: Operations that are rate limited (429), that answer 409 without a table in the path, and that answer 401
#: without needing a session (wrong name or password).
LIMITED = {
    ("post", "/api/auth/register"),
    ("post", "/api/auth/login"),
    ("post", "/api/me/email"),
    ("post", "/api/tables/{table_id}/chat"),
    ("post", "/api/reports"),
    ("post", "/api/replays/{replay_id}/review"),
    ("get", "/api/tables/{table_id}/hint"),
}
#: Reads that only some people may make (the admin's outbox): 403 for the others.
FORBIDDEN_READS = {
    ("get", "/api/admin/outbox"),
    ("get", "/api/admin/reports"),
    ("get", "/api/admin/tables/stuck"),
    ("get", "/api/replays/{replay_id}/review"),
    ("get", "/api/tables/{table_id}/hint"),
}
CONFLICTS = {
    ("post", "/api/auth/register"),
    ("post", "/api/me/vacation"),
    ("delete", "/api/me/vacation"),
    ("post", "/api/me/friends/{name}"),
    ("post", "/api/matchmaking"),
    ("delete", "/api/matchmaking/requests/{request_id}"),
    ("post", "/api/admin/reports/{report_id}/resolve"),
}
REFUSED_LOGINS = {("post", "/api/auth/login")}


def error_statuses(method: str, path: str, operation: dict[str, Any], login: bool) -> list[int]:
    """The failure statuses one operation can answer (see the module docstring)."""
    statuses = {400, 422}
    if method not in ("get", "head", "options"):
        statuses |= {403, 413}  # the CSRF check (and, on tables, a seat that is not yours); the body cap
    if (method, path) in FORBIDDEN_READS:
        statuses.add(403)
    if login or (method, path) in REFUSED_LOGINS:
        statuses.add(401)
    if "{" in path:
        statuses.add(404)
    if "{table_id}" in path or (method, path) in CONFLICTS or path.startswith("/api/replays/"):
        statuses.add(409)
    if (method, path) in LIMITED:
        statuses |= {429, 503}
    return sorted(statuses)


def _model_schema(model: type[BaseModel], components: dict[str, Any]) -> dict[str, Any]:
    """The model's JSON schema with its nested models moved to ``components`` (as FastAPI does)."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, definition in schema.pop("$defs", {}).items():
        components.setdefault(name, definition)
    components.setdefault(model.__name__, schema)
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _links(paths: dict[str, Any], prefix: str, parameter: str, pointer: str) -> dict[str, Any]:
    """Links from an answer holding a new id (at ``pointer``) to every operation on ``prefix/{parameter}``."""
    links: dict[str, Any] = {}
    for path, operations in paths.items():
        if not path.startswith(f"{prefix}/{{{parameter}}}"):
            continue
        for method, operation in operations.items():
            name = operation.get("operationId") or f"{method}{path}"
            ref = "#/paths/" + path.replace("~", "~0").replace("/", "~1") + f"/{method}"
            links[name] = {"operationRef": ref, "parameters": {parameter: f"$response.body#{pointer}"}}
    return links


def build_openapi(app: FastAPI) -> dict[str, Any]:
    schema = get_openapi(
        title=app.title,
        version=app.version,
        summary=app.summary,
        description='Every failure answers `{"detail": "plain words"}` with a 4xx status (docs/WEB.md).',
        routes=app.routes,
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.pop("HTTPValidationError", None)
    components.pop("ValidationError", None)
    error_ref = _model_schema(Error, components)
    schemes = schema["components"].setdefault("securitySchemes", {})
    schemes["csrf"] = {"type": "apiKey", "in": "header", "name": "X-CSRF-Token"}
    paths: dict[str, Any] = schema.get("paths", {})
    for path, operations in paths.items():
        for method, operation in operations.items():
            login = bool(operation.get("security"))  # FastAPI puts current_user's session cookie there
            responses = operation.setdefault("responses", {})
            answer = ANSWERS.get((method, path))
            if answer is None and path.startswith("/api/tables/{table_id}"):
                answer = TableAnswer
            for status, response in responses.items():
                if status.startswith("2") and answer is not None:
                    response["content"] = _json(_model_schema(answer, components))
            for status in error_statuses(method, path, operation, login):
                responses[str(status)] = {"description": REASONS[status], "content": _json(error_ref)}
            if login:
                operation["security"] = (
                    [{"session": [], "csrf": []}] if method not in ("get", "head") else [{"session": []}]
                )
    created_table = paths.get("/api/tables", {}).get("post", {}).get("responses", {}).get("201")
    if created_table is not None:
        created_table["links"] = _links(paths, "/api/tables", "table_id", "/table/id")
    uploaded = paths.get("/api/replays", {}).get("post", {}).get("responses", {}).get("201")
    if uploaded is not None:
        uploaded["links"] = _links(paths, "/api/replays", "replay_id", "/id")
    return schema


def install_openapi(app: FastAPI) -> None:
    """Serve :func:`build_openapi` (built once, on first request) as the app's OpenAPI document."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build_openapi(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
