"""The OpenAPI document as the server really answers: typed answers, the one error model, links between
operations.

The routes build their answers as plain dicts (``TableInfo.to_json``, the table model), which is the hot path
and stays so; the models of :mod:`answers` describe those answers for the schema only and are never run on a
response. Schemathesis (tests/server/fuzz.py) checks every answer against them, so a description that drifts
from what the server sends fails the suite.

What is added to FastAPI's own document, in one place rather than on every route:

- **Errors.** Every failure is ``{"detail": "plain words"}`` (errors.py, edge.py). Each operation lists the
  statuses it can answer: 400 and 422 for everything with input (the edge refuses NUL text and broken JSON
  with 400, a wrong field is 422), 401 where a login is needed, 403 for the CSRF check on every state
  change, 404 where a path names a table, replay or game, 409 where the table may have moved on, 413 for
  bodies over their cap, 429 where a rate limit applies (and 503 there when too many
  password hashes are queued). FastAPI's list-shaped 422 model is removed.
- **Answers.** The 2xx schema of each operation, from the models of :mod:`answers` (by method and path).
- **Security.** Operations that need a login declare the session cookie; state changes also declare the
  ``X-CSRF-Token`` header they must echo.
- **Links.** A created table's id leads to every ``/api/tables/{table_id}`` operation and an uploaded
  replay's id to the replay's, so stateful tests can chain create -> join -> start -> move.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from hellenika.server.http.answers import (
    AdminReportsAnswer,
    AgainAnswer,
    ChatHistory,
    ChatPosted,
    Error,
    FinishedPage,
    FriendAdded,
    FriendRemoved,
    FriendsAnswer,
    GamesAnswer,
    HintAnswer,
    LeaderboardAnswer,
    MatchPoolsAnswer,
    MatchRequestAnswer,
    MatchRequestsAnswer,
    MyTablesAnswer,
    NextAnswer,
    NextTableAnswer,
    NotifySettingsAnswer,
    OutboxAnswer,
    ProfileAnswer,
    ProfileGamesAnswer,
    RecordOut,
    RemovedAnswer,
    ReplayCreated,
    ReplayModel,
    ReportAnswer,
    ReviewAnswer,
    SessionAnswer,
    SuspensionAnswer,
    TableAnswer,
    TablesAnswer,
    TableState,
    UserAnswer,
    UsersAnswer,
    VacationAnswer,
    VersionAnswer,
)

#: (method, path) -> the model of its 2xx answer. Table routes not listed here answer a TableAnswer.
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
    409: "The table moved on (stale version, not your turn, started, finished), or too many at once",
    413: "The request body is larger than this route accepts",
    422: "Well-formed but refused: a field out of range, an illegal move naming the rule, a bad record",
    429: "Too many attempts: wait the number of seconds in Retry-After",
    503: "Busy (password checks queued, the review queue full, a worker restarting): retry after Retry-After",
}

#: Operations that are rate limited (429), that answer 409 without a table in the path, and that answer 401
#: without needing a session (wrong name or password).
LIMITED = {
    ("post", "/api/auth/register"),
    ("post", "/api/auth/login"),
    ("post", "/api/me/email"),
    ("post", "/api/tables"),
    ("post", "/api/learn"),
    ("post", "/api/tables/{table_id}/chat"),
    ("post", "/api/reports"),
    ("post", "/api/replays/{replay_id}/review"),
    ("get", "/api/tables/{table_id}/hint"),
}
#: Reads that only some people may make (the admin's outbox, a private table's chat): 403 for the others.
FORBIDDEN_READS = {
    ("get", "/api/admin/outbox"),
    ("get", "/api/admin/reports"),
    ("get", "/api/admin/tables/stuck"),
    ("get", "/api/replays/{replay_id}/review"),
    ("get", "/api/tables/{table_id}/hint"),
    ("get", "/api/tables/{table_id}/chat"),
}
CONFLICTS = {
    ("post", "/api/tables"),
    ("post", "/api/learn"),
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
