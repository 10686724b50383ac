"""The WebSocket of a table: pushes each connection its own table model after every committed change.

Authenticated by the session cookie (anonymous connections are spectators). A handshake from another
origin is refused, so a foreign page cannot ride on the visitor's cookie. Messages from the client:
``{"type": "sync", "version": n}`` answers the current model when the table's version differs from ``n``.
The first model goes out on connecting unless the address says which version the page already has
(``?version=n``, the version of the model it just fetched over HTTP) and that is the table's current one:
the page then is not sent again the 9-13 KB it has; any other version (an older one, a missing or
malformed value, a table that moved meanwhile) gets the model. The connection is registered before the
comparison, so a move committed at any moment either reaches it as a push or makes the versions differ.
``{"type": "chat", "text": ...}`` (``channel`` optional) posts a chat line as ``POST /api/tables/{id}/chat``
does (server/chat/service.py; a refusal is answered ``{"type": "error", "detail": ...}``), and every
connection that may read it gets ``{"type": "chat", "message": {...}}``.
Anything else (a binary frame, text that is not such an object, JSON nested too deep) is answered with
``{"type": "error", "detail": ...}`` and the connection stays open; a message over
``Settings.max_ws_message_bytes`` closes it with 1009. Logging out closes the session's sockets with 4401.

**A database that does not answer** (store/outage.py) closes the socket with 1013 ("try again later") and a
reason that ends with the hint ``retry in N s``; the page waits that long, says the server is having
trouble meanwhile, and reconnects. The session is looked up after the handshake is accepted, so even a new
socket gets the code and the reason rather than an HTTP 500 at the handshake.

**Caps.** A visitor who is not logged in may open a socket (the table page lets anyone watch a table, and
streams it to visitors too), but each process holds at most ``Settings.ws_per_user`` sockets of one person
and ``ws_per_address`` anonymous ones of one address (an IPv6 /64); the next is accepted and closed at once
with 4429 and the reason. Each socket may send ``ws_sync_burst`` syncs at once, then one per
``ws_sync_seconds`` (a token bucket); beyond, the sync is answered ``{"type": "error", ...}`` and not served.
A sync of a started table repeated while its version has not changed since this socket's last sync was
answered is answered ``{"type": "unchanged", "version": n}`` rather than the whole model again (the first
sync, a reconnecting page's, always gets the model). ``?invite=`` with a private
table's invitation token lets the socket receive its chat (chat/service.py).
"""

from __future__ import annotations

import contextlib
import time
from typing import Any
from urllib.parse import urlsplit

import anyio.to_thread
import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import OperationalError

from hellenika.server.chat import Chat, invite_matches
from hellenika.server.core.edge import json_problem
from hellenika.server.core.errors import ApiError
from hellenika.server.core.hub import Connection, dumps
from hellenika.server.core.security import SESSION_COOKIE, RetryLater, address_key, token_hash
from hellenika.server.people import Accounts
from hellenika.server.round.master import Master
from hellenika.server.round.pushes import payload, seat_model
from hellenika.server.store import StoreUnavailable
from hellenika.server.tables import WAITING, read_table

router = APIRouter()


def _same_origin(websocket: WebSocket) -> bool:
    origin = websocket.headers.get("origin")
    if not origin:
        return True  # not a browser (or a same-origin one that omits it)
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    parts = websocket.app.state.services  # the running server's parts (server/services.py)
    accounts: Accounts = parts.accounts
    master: Master = parts.master
    chat: Chat = parts.chat
    if not _same_origin(websocket):
        await websocket.close(code=4403, reason="cross-origin WebSocket refused")  # a 403 at the handshake
        return
    token = websocket.cookies.get(SESSION_COOKIE)
    await websocket.accept()  # before any database call, so an outage is a close code, not an HTTP 500
    try:
        user = await accounts.user_for_token(token)
    except (StoreUnavailable, OperationalError) as exc:
        await _close_for_trouble(websocket, exc)
        return
    user_id = user.id if user else None
    settings = master.settings
    connection = Connection(websocket, user_id, token_hash(token) if user and token else None)
    connection.address = address_key(websocket.client.host if websocket.client else "?")
    # In the hub before the table is read: a change committed from here on (the start, a move) is pushed to
    # this connection too. Read first, a start committed in between went to nobody here, and the stale
    # "waiting" status then sent the lobby's JSON instead of the game: the page never saw its first state.
    if not master.hub.admit(table_id, connection, settings.ws_per_user, settings.ws_per_address):
        most = settings.ws_per_user if user else settings.ws_per_address
        whose = "this account" if user else "this address (log in for your own)"
        await websocket.close(code=4429, reason=f"at most {most} open table connections for {whose}")
        return
    connection.start()
    syncs = SyncBucket(settings.ws_sync_burst, settings.ws_sync_seconds)
    synced: int | None = None  # the version this socket's last sync was answered with
    try:
        try:
            info = await read_table(master.store, table_id)
        except ApiError as exc:  # accepted first, so the browser gets the code and the reason
            await websocket.close(code=4404, reason=exc.detail[:120])
            return
        connection.invited = invite_matches(websocket.query_params.get("invite"), info.invite_token)
        known = _known_version(websocket.query_params.get("version"))
        if not await _is_current(master, table_id, info.status == WAITING, known):
            await _send_current(master, table_id, connection, info.status == WAITING)
        limit = master.settings.max_ws_message_bytes
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:  # a binary frame
                await _error(websocket, 'messages are JSON text frames: send {"type": "sync", "version": n}')
                continue
            if len(text) > limit:
                await websocket.close(code=1009, reason=f"messages are at most {limit} bytes")
                break
            request = _parse(text)
            if request is None:
                await _error(websocket, 'send {"type": "sync", "version": n} (JSON, at most 32 levels deep)')
                continue
            if request.get("type") == "chat":
                await _chat(chat, websocket, table_id, user, request)
                continue
            if not syncs.take():
                await _error(websocket, "too many sync requests; the table's changes are pushed as they come")
                continue
            live = master.live.get(table_id)
            if live is not None and master.shared:
                await master.catch_up(live)  # another process may have moved it (the pages' resync)
            current = live.info.version if live is not None else 0
            if request.get("version") == current:
                continue
            if live is not None and synced == current:  # answered at this version already: no news
                await websocket.send_text(dumps({"type": "unchanged", "version": current}))
                continue
            await _send_current(master, table_id, connection, live is None)
            synced = current if live is not None else None
    except WebSocketDisconnect:
        pass
    except (StoreUnavailable, OperationalError) as exc:  # a close frame with the hint, not a dropped line
        await _close_for_trouble(websocket, exc)
    finally:
        master.hub.remove(table_id, connection)
        await connection.stop()


#: WebSocket close code 1013, "try again later" (RFC 6455's registry).
TRY_AGAIN_LATER = 1013


async def _close_for_trouble(websocket: WebSocket, exc: Exception) -> None:
    """Close with 1013 and a reason ending with ``retry in N s``, the hint the page's back-off reads."""
    seconds = exc.retry_after if isinstance(exc, StoreUnavailable) else 5
    reason = f"the server is having trouble with its database; retry in {seconds} s"
    with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):  # the client may be gone already
        await websocket.close(code=TRY_AGAIN_LATER, reason=reason)


class SyncBucket:
    """A token bucket of one socket's syncs: ``burst`` at once, then one more every ``seconds``."""

    def __init__(self, burst: int, seconds: float) -> None:
        self.burst = max(1, burst)
        self.seconds = max(0.0, seconds)
        self.tokens = float(self.burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        if self.seconds > 0:
            self.tokens = min(self.burst, self.tokens + (now - self.at) / self.seconds)
        else:
            self.tokens = self.burst
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _known_version(value: str | None) -> int | None:
    """The ``?version=`` the page says it has, or None (absent or not a plain non-negative number)."""
    if value is None or not value.isascii() or not value.isdigit() or len(value) > 18:
        return None
    return int(value)


async def _is_current(master: Master, table_id: str, waiting: bool, known: int | None) -> bool:
    """Whether the page's model (version ``known``) is the table's current one, so it need not be sent.

    ``live_table`` catches up with the database first when several processes serve the tables (sync.py)."""
    if known is None or waiting:
        return False
    try:
        live = await master.live_table(table_id)
    except ApiError:
        return False
    return live.info.version == known


def _parse(text: str) -> dict[str, Any] | None:
    """A client message: a JSON object ``{"type": "sync", ...}`` within the edge's limits, or None."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(value, dict) or value.get("type") not in ("sync", "chat") or json_problem(value):
        return None
    return value


async def _chat(chat: Chat, websocket: WebSocket, table_id: str, user: Any, request: dict[str, Any]) -> None:
    """A chat line sent on the socket: posted as over HTTP; a refusal is answered as an error message."""
    text, channel = request.get("text"), request.get("channel")
    if user is None:
        await _error(websocket, "log in to chat")
    elif not isinstance(text, str) or not (channel is None or isinstance(channel, str)):
        await _error(websocket, 'send {"type": "chat", "text": "..."}')
    else:
        try:
            await chat.post(table_id, user, text, channel)
        except ApiError as exc:
            await _error(websocket, exc.detail)
        except RetryLater as exc:
            await _error(websocket, str(exc.detail))
        except (StoreUnavailable, OperationalError):
            await _error(websocket, "the database is unavailable; nothing was sent, try again soon")


async def _error(websocket: WebSocket, detail: str) -> None:
    await websocket.send_text(dumps({"type": "error", "detail": detail}))


async def _send_current(master: Master, table_id: str, connection: Connection, waiting: bool) -> None:
    """Offer the connection what it should show now: the model, or the table alone before the start
    (``waiting``: the caller saw it waiting; it is looked at again, since it may have started since)."""
    info = await read_table(master.store, table_id) if waiting else None
    if info is None or info.status != WAITING:
        try:
            live = await master.live_table(table_id)
        except ApiError:
            live = None
        if live is not None:
            info = live.info
            seat = info.seat_of(connection.user_id)
            last = live.meta[-1] if live.meta else None  # for can_undo, as the pushes and the GET compute it
            model = await anyio.to_thread.run_sync(
                seat_model, info, live.state, live.names(), seat, live.log, last
            )
            now = master.settings.clock()
            connection.offer(payload(dumps(model), info.to_json(connection.user_id, now)), info.version)
            return
        info = await read_table(master.store, table_id)
    table = info.to_json(connection.user_id, master.settings.clock())
    connection.offer(dumps({"type": "table", "table": table}), info.version)
