"""The edge: every request's text is checked here, once, before any route or database sees it.

What a client sends reaches the routes only if it is text both databases can store and the parsers can walk:

- **Size.** A body larger than its route's cap is refused with 413 before it is read in full (the
  ``Content-Length`` is checked first; a chunked body is counted as it arrives). Record uploads get a
  larger cap than everything else (``Settings.max_record_bytes``, ``Settings.max_body_bytes``).
- **JSON.** A JSON body (the content types FastAPI parses as JSON) must parse with orjson, which refuses
  what the standard parser lets through: lone surrogates (which neither SQLite nor PostgreSQL can encode),
  NaN and infinities, and nesting past 1024 levels. Then its nesting must stay within ``MAX_JSON_DEPTH``,
  so no later walk (pydantic, the engine, a stored document read back) can hit Python's recursion limit.
- **NUL.** No text anywhere (path, query, JSON strings and keys) may hold U+0000: PostgreSQL refuses it in
  text and JSONB columns (a psycopg ``DataError``, which was a 500), and no name or action needs it. A
  WebSocket to such an address is accepted and closed at once with code 4400 and the reason.

Everything refused answers ``{"detail": "..."}`` with a 4xx, and nothing behind this middleware runs. The
body is parsed here and again by FastAPI: both are fast (orjson, and the standard parser on a body already
known to be small and sound), and one pure ASGI layer means no route can forget the check.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Deepest JSON nesting accepted (a record is about 5 deep; options and actions 2 or 3).
MAX_JSON_DEPTH = 32
#: Body caps, in bytes: everything, and record uploads (the longest real records are well under 1 MB).
DEFAULT_MAX_BODY = 64 * 1024
DEFAULT_MAX_RECORD = 8 * 1024 * 1024
#: Routes with their own cap: (method, path) -> which setting.
RECORD_ROUTES = frozenset({("POST", "/api/replays")})

NUL_MESSAGE = "text may not contain the NUL character (U+0000)"


class Refused(Exception):
    """A request the edge does not let through: its status and the words for the client."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def json_problem(value: Any, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """What is wrong with a parsed JSON value (too deep, a NUL in a string or key), or None.

    Iterative, so a value deep enough to break a recursive walk is measured safely.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return NUL_MESSAGE
        elif isinstance(item, dict | list):
            if depth > max_depth:
                return f"JSON nested deeper than {max_depth} levels"
            children: Iterable[Any]
            if isinstance(item, dict):
                for key in item:
                    if "\x00" in key:
                        return NUL_MESSAGE
                children = item.values()
            else:
                children = item
            stack.extend((child, depth + 1) for child in children)
    return None


def parse_json(body: bytes) -> Any:
    """The body as JSON, parsed strictly and checked; :class:`Refused` (400 or 422) saying what is wrong."""
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        reason = str(exc).split(":", 1)[0]
        raise Refused(400, f"the request body is not valid JSON ({reason})") from None
    problem = json_problem(value)
    if problem is not None:
        raise Refused(422, f"the request body is refused: {problem}")
    return value


def is_json(content_type: str | None) -> bool:
    """Whether FastAPI reads a body with this content type as JSON (a missing type counts, as there)."""
    if not content_type:
        return True
    kind = content_type.split(";", 1)[0].strip().lower()
    main, _, sub = kind.partition("/")
    return main == "application" and (sub == "json" or sub.endswith("+json"))


def address_problem(scope: Scope) -> str | None:
    """A NUL in the path or the query string (raw or percent-encoded), or None."""
    if "\x00" in scope.get("path", ""):
        return NUL_MESSAGE
    query: bytes = scope.get("query_string", b"")
    if b"\x00" in query or b"%00" in query:
        return NUL_MESSAGE
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class EdgeMiddleware:
    """Pure ASGI middleware applying the checks above to every HTTP request and WebSocket handshake."""

    def __init__(
        self, app: ASGIApp, *, max_body: int = DEFAULT_MAX_BODY, max_record: int = DEFAULT_MAX_RECORD
    ):
        self.app = app
        self.max_body = max_body
        self.max_record = max_record

    def cap(self, scope: Scope) -> int:
        return self.max_record if (scope["method"], scope["path"]) in RECORD_ROUTES else self.max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            problem = address_problem(scope)
            if problem is not None:
                await _refuse_websocket(receive, send, problem)
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            problem = address_problem(scope)
            if problem is not None:
                raise Refused(400, problem)
            if scope["method"] in ("GET", "HEAD", "OPTIONS"):
                await self.app(scope, receive, send)
                return
            body, more = await self._read(scope, receive)
            if body and is_json(_header(scope, b"content-type")):
                parse_json(body)
        except Refused as refused:
            await _answer(send, refused.status, refused.detail)
            return
        await self.app(scope, _replay(body, more, receive), send)

    async def _read(self, scope: Scope, receive: Receive) -> tuple[bytes, bool]:
        """The whole body (within the route's cap) and whether the client disconnected meanwhile."""
        cap = self.cap(scope)
        length = _header(scope, b"content-length")
        if length is not None and length.strip().isdigit() and int(length) > cap:
            raise Refused(413, f"the request body is larger than {cap} bytes")
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return b"".join(chunks), False
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                raise Refused(413, f"the request body is larger than {cap} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), True


def _replay(body: bytes, connected: bool, receive: Receive) -> Receive:
    """A ``receive`` that hands the app the body already read, then passes on what the client sends."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            if connected:
                return {"type": "http.request", "body": body, "more_body": False}
            return {"type": "http.disconnect"}
        return await receive()

    return replayed


async def _answer(send: Send, status: int, detail: str) -> None:
    body = orjson.dumps({"detail": detail})
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _refuse_websocket(receive: Receive, send: Send, reason: str) -> None:
    """Accept, then close with 4400 and the reason (a refused handshake would tell the browser nothing)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": 4400, "reason": reason[:120]})
