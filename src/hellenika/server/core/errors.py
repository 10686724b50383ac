"""Every failure the API can answer, mapped to HTTP in one place (as STYLE.md asks).

An answer is always ``{"detail": "plain words"}`` with a 4xx status; a 500 is only a bug, logged with its
traceback. Engine errors keep their meaning: a move the rules forbid is 422 naming the rule, a move out of
turn or on a finished game is a 409 (the table moved on), text that is no action at all is 400.

A database that does not answer (store/outage.py's :class:`StoreUnavailable`) is a 503 with ``Retry-After``
and no log line of its own: the store logs an outage once, when it starts and when it ends.
Background loops report their failures through :func:`log_failure`, for the same reason.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from hellenika.engine.errors import (
    GameOver,
    HellenikaError,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    NotYourTurn,
    RecordError,
    UnknownGame,
)
from hellenika.server.store import StoreUnavailable, is_outage

log = logging.getLogger("hellenika.server")


class ApiError(Exception):
    """A failure with its HTTP status and a message for people."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def status_for(exc: HellenikaError) -> int:
    """The HTTP status of an engine error."""
    if isinstance(exc, NotYourTurn | GameOver):
        return 409
    if isinstance(exc, IllegalAction):
        return 422
    if isinstance(exc, InvalidAction):
        return 400
    if isinstance(exc, UnknownGame):
        return 404
    if isinstance(exc, InvalidOption | RecordError):
        return 422
    return 400


#: The longest ``detail`` answered: messages may quote the input (an option's value, a name), and a client
#: that sends megabytes must not get them echoed back.
MAX_DETAIL = 500


def clip(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` cut to ``limit`` characters, marked when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _answer(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"detail": clip(detail)}, status_code=status, headers=headers)


def _where(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [clip(str(p), 40) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts)


def describe_validation(exc: RequestValidationError) -> tuple[int, str]:
    """Pydantic's list of problems as one sentence; broken JSON is 400, a wrong field 422."""
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return 400, "the request body is not valid JSON"
    words = []
    for e in errors[:5]:
        where = _where(e.get("loc", ()))
        message = str(e.get("msg", "invalid"))
        words.append(f"{where}: {message}" if where else message)
    return 422, "; ".join(words) or "invalid request"


def allowed_methods(request: Request, fallback: str) -> str:
    """Every method the API accepts at this address, from the OpenAPI document's paths. Starlette's 405 names
    only the first matching route's methods, and a path such as ``/api/tables`` has one route per method."""
    app = request.app
    table: list[tuple[re.Pattern[str], set[str]]] | None = getattr(app.state, "allowed_methods", None)
    if table is None:
        table = []
        for template, operations in app.openapi().get("paths", {}).items():
            regex = re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template))
            table.append((re.compile(f"^{regex}$"), {m.upper() for m in operations}))
        app.state.allowed_methods = table
    methods: set[str] = set()
    for pattern, names in table:
        if pattern.match(request.url.path):
            methods |= names
    return ", ".join(sorted(methods)) if methods else fallback


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _answer(exc.status, exc.detail)

    @app.exception_handler(HellenikaError)
    async def _engine_error(_request: Request, exc: HellenikaError) -> JSONResponse:
        return _answer(status_for(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        status, detail = describe_validation(exc)
        return _answer(status, detail)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        headers = getattr(exc, "headers", None)
        if exc.status_code == 405:
            headers = dict(headers or {})
            headers["Allow"] = allowed_methods(request, headers.get("Allow", ""))
        return _answer(exc.status_code, detail, headers)

    @app.exception_handler(StoreUnavailable)
    async def _store_unavailable(_request: Request, exc: StoreUnavailable) -> JSONResponse:
        return _answer(503, exc.detail, {"Retry-After": str(exc.retry_after)})

    @app.exception_handler(OperationalError)
    async def _database_down(request: Request, exc: OperationalError) -> JSONResponse:
        # The database is unreachable (PostgreSQL down, too many connections): the transaction was rolled
        # back, nothing is half-written; the client may try again.
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc.orig)
        return _answer(
            503, "the database is unavailable; nothing was changed, try again soon", {"Retry-After": "5"}
        )

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return _answer(500, "internal server error (a bug: it has been logged)")


def log_failure(logger: logging.Logger, exc: BaseException, message: str, *args: object) -> None:
    """Log a background loop's failure: a traceback for a bug, but one short line (DEBUG) when the database is
    out, which the store has logged once for the whole outage; a loop that runs every second would otherwise
    write a traceback a second for as long as the outage lasts. The loop itself goes on either way."""
    if isinstance(exc, StoreUnavailable) or (isinstance(exc, SQLAlchemyError) and is_outage(exc)):
        logger.debug(message + ": %s", *args, exc)
    elif isinstance(exc, OperationalError):  # a deadlock, a statement timeout: worth a line, not a traceback
        logger.warning(message + ": %s", *args, (str(exc.orig or exc).strip().splitlines() or ["?"])[0])
    else:
        logger.error(message, *args, exc_info=exc)
