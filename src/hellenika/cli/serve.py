"""``hellenika serve``: run the web server under uvicorn.

SQLite files get their folder created (``./var`` by default) so ``make run`` works on a fresh clone.

Forwarded headers (``X-Forwarded-For``, ``X-Forwarded-Proto``) are trusted only from the proxies named by
``--forwarded-allow-ips``; by default from none. uvicorn on its own trusts them from 127.0.0.1, so without
this any local process (or a proxy that passes the header through unchanged) could claim any address and
step around the per-address rate limits, which count ``request.client.host``.

``--workers N`` runs N processes on one host under uvicorn's own supervisor; they import the app by name
(``hellenika.server.factory:app_from_env``) and read the Settings the parent computed from
``HELLENIKA_SETTINGS``. Several processes need PostgreSQL (the truth) and Redis (the notes between them), so
``--workers`` > 1 on SQLite or without a Redis URL is refused (exit 2).

SIGTERM stops the server gracefully, in two steps. First it **drains** (``--drain-seconds``): it accepts
no new connection (refused before anything is sent), but goes on answering on the open ones, every answer
saying ``Connection: close`` and ``/readyz`` answering 503 (a load balancer's kept-alive probe stops
sending), so each client's keep-alive connection is closed *after* an answer, by the client's own next
request, instead of under a request the client has just sent; idle ones run out on uvicorn's keep-alive
timeout meanwhile. The drain ends as soon as no connection is open, at the latest after its
seconds (a little more than the keep-alive timeout, so none is left idle). Then uvicorn's own shutdown:
it stops accepting, asks open connections to close (WebSockets get 1012), waits up to
``--timeout-graceful-shutdown`` seconds for requests in flight, then runs the app's lifespan shutdown (the
remaining sockets get 1001); the command then exits 0. Without the drain, uvicorn closed every idle
keep-alive connection at once, and a request a client had sent on one in that instant got no answer.
A second SIGTERM or Ctrl-C stops at once. (With ``--workers`` > 1 uvicorn's supervisor runs its own
server in each worker: those stop without the drain.)
"""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI


def ensure_sqlite_folder(database_url: str) -> None:
    """Create the folder of a file-based SQLite database; other databases are left alone."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)


#: The largest WebSocket message uvicorn reads (server/round/socket.py refuses more than 16 KiB itself).
WS_MAX_SIZE = 64 * 1024
#: Seconds uvicorn waits for requests and WebSockets in flight after SIGTERM before cancelling them.
GRACEFUL_SHUTDOWN_SECONDS = 10
#: uvicorn's keep-alive timeout (its default): an idle connection is closed after this many seconds.
KEEP_ALIVE_SECONDS = 5
#: Seconds of the drain after SIGTERM (answers say ``Connection: close``): a little over the keep-alive
#: timeout, so no connection is left idle when uvicorn's shutdown closes what is left.
DRAIN_SECONDS = KEEP_ALIVE_SECONDS + 1.0
#: What uvicorn's worker processes import (``--workers`` > 1).
APP_FACTORY = "hellenika.server.factory:app_from_env"


def uvicorn_options(
    host: str,
    port: int,
    *,
    access_log: bool = False,
    forwarded_allow_ips: str | None = None,
    log_level: str = "info",
    timeout_graceful_shutdown: int | None = GRACEFUL_SHUTDOWN_SECONDS,
) -> dict[str, object]:
    """The keyword arguments of ``uvicorn.Config`` (and ``uvicorn.run``) for one process or several.
    ``forwarded_allow_ips`` is a comma-separated list of proxy addresses or networks (``"*"`` trusts
    everyone, only for a server no one reaches but through its proxy); empty or None turns proxy headers
    off, whatever uvicorn's own default or ``FORWARDED_ALLOW_IPS`` say."""
    proxies = (forwarded_allow_ips or "").strip()
    return {
        "host": host,
        "port": port,
        "log_level": log_level,
        "ws": "websockets-sansio",
        "access_log": access_log,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": proxies or None,
        # uvicorn would buffer WebSocket messages up to 16 MiB; the app answers anything over its own limit
        # (Settings.max_ws_message_bytes, 16 KiB) with 1009; this keeps bigger ones from being read at all.
        "ws_max_size": WS_MAX_SIZE,
        "timeout_graceful_shutdown": timeout_graceful_shutdown,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    }


Scope = dict[str, Any]
Message = dict[str, Any]


class Draining:
    """The app behind a switch: once ``draining``, every HTTP answer says ``Connection: close`` (uvicorn
    then closes the connection after it) and ``/readyz`` answers 503."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.draining = False

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.draining and scope.get("path") == "/readyz":
            body = b'{"detail":"the server is stopping"}'
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 503, "headers": [*headers, CLOSE]})
            await send({"type": "http.response.body", "body": body})
            return

        async def closing(message: Message) -> None:
            if message["type"] == "http.response.start" and self.draining:
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"connection"]
                message = {**message, "headers": [*kept, CLOSE]}
            await send(message)

        await self.app(scope, receive, closing)


CLOSE = (b"connection", b"close")


def draining_server(config: uvicorn.Config, gate: Draining, drain_seconds: float) -> uvicorn.Server:
    """A uvicorn server whose first SIGTERM (or SIGINT) starts the drain (see the module docstring)."""
    import uvicorn

    class DrainingServer(uvicorn.Server):
        drain_started: float | None = None

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if drain_seconds > 0 and self.drain_started is None and not self.should_exit:
                self._captured_signals.append(sig)  # raised again at the end, as uvicorn does
                self.drain_started = time.monotonic()
                gate.draining = True
                logging.getLogger("uvicorn.error").info(
                    "Draining: answers close their connections (at most %.1f s)", drain_seconds
                )
                return
            super().handle_exit(sig, frame)

        async def on_tick(self, counter: int) -> bool:
            started = self.drain_started
            if started is not None and not self.should_exit:
                # No new connections from the first tick of the drain (a refused connection sent nothing):
                # the drain then ends when the ones it has are closed, so none is cut at the shutdown.
                for listener in self.servers:
                    listener.close()
                idle = not self.server_state.connections
                if idle or time.monotonic() - started >= drain_seconds:
                    self.should_exit = True
            return await super().on_tick(counter)

    return DrainingServer(config)


def uvicorn_config(
    app: FastAPI,
    host: str,
    port: int,
    *,
    access_log: bool = False,
    forwarded_allow_ips: str | None = None,
    log_level: str = "info",
    timeout_graceful_shutdown: int | None = GRACEFUL_SHUTDOWN_SECONDS,
) -> uvicorn.Config:
    """How uvicorn runs the app in one process (``uvicorn_options``)."""
    import uvicorn

    options = uvicorn_options(
        host,
        port,
        access_log=access_log,
        forwarded_allow_ips=forwarded_allow_ips,
        log_level=log_level,
        timeout_graceful_shutdown=timeout_graceful_shutdown,
    )
    return uvicorn.Config(app, **options)  # type: ignore[arg-type]


def workers_problem(workers: int, database_url: str, redis_url: str | None) -> str | None:
    """Why ``--workers`` can not run with this database and Redis (None: it can)."""
    if workers <= 1:
        return None
    on_postgres = make_url(database_url).get_backend_name() == "postgresql"
    if on_postgres and redis_url:
        return None
    if on_postgres:
        return (
            f"--workers {workers} needs Redis (--redis-url or REDIS_URL) besides PostgreSQL: the processes "
            "tell each other about moves and logouts through it"
        )
    return (
        f"--workers {workers} needs PostgreSQL (DATABASE_URL=postgresql+psycopg://...) and Redis "
        "(--redis-url or REDIS_URL): SQLite serves one process"
    )


def _exit_on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    raise SystemExit(0)


def run_server(
    host: str,
    port: int,
    database_url: str | None,
    access_log: bool = False,
    *,
    forwarded_allow_ips: str | None = None,
    secure_cookies: bool = False,
    register_limit: int | None = None,
    notifications: dict[str, object] | None = None,
    redis_url: str | None = None,
    workers: int = 1,
    timeout_graceful_shutdown: int = GRACEFUL_SHUTDOWN_SECONDS,
    drain_seconds: float = DRAIN_SECONDS,
) -> None:
    """Run the server; ``notifications`` are further Settings (the notification drain: SMTP, links, webhooks;
    the bots' pause)."""
    import uvicorn

    from hellenika.server import Settings, collector, create_app
    from hellenika.server.core.config import database_url_from_env
    from hellenika.server.factory import SETTINGS_ENV, log_notifications, settings_to_json

    url = database_url_from_env(database_url)
    problem = workers_problem(workers, url, redis_url)
    if problem:
        print(f"hellenika serve: {problem}", file=sys.stderr)
        raise SystemExit(2)
    ensure_sqlite_folder(url)
    settings = Settings(database_url=url, secure_cookies=secure_cookies, redis_url=redis_url or None)
    if register_limit is not None:
        settings = dataclasses.replace(settings, register_per_address=register_limit)
    if notifications:
        settings = dataclasses.replace(settings, **notifications)  # type: ignore[arg-type]
    options = uvicorn_options(
        host,
        port,
        access_log=access_log,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=timeout_graceful_shutdown,
    )
    # uvicorn, after its graceful shutdown, raises the SIGTERM again with the handler it found: this one
    # turns it into exit status 0 (a stop asked for is not a failure) instead of death by signal.
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    if workers > 1:
        _migrate_once(url, settings.database_direct_url, pooler=settings.database_pooler)
        # The workers are spawned (not forked): they inherit the environment, not this process's objects.
        os.environ[SETTINGS_ENV] = settings_to_json(settings)
        uvicorn.run(APP_FACTORY, factory=True, workers=workers, **options)  # type: ignore[arg-type]
        return
    log_notifications()
    gate = Draining(create_app(settings))
    config = uvicorn.Config(gate, **options)  # type: ignore[arg-type]
    collector.tune()  # after the Config, which sets up the logging the tuning reports to
    server = draining_server(config, gate, drain_seconds)
    server.run()
    if not server.started:  # e.g. the port is taken: fail as uvicorn.run does
        raise SystemExit(3)


def _migrate_once(database_url: str, direct_url: str | None = None, *, pooler: bool = False) -> None:
    """Bring the schema up to date before the workers start (each would otherwise migrate on its own), and
    fail here, with one line, if the database does not answer. Behind a pooler, on ``direct_url``."""
    from sqlalchemy.exc import SQLAlchemyError

    from hellenika.server.store.database import Store

    try:
        store = Store(database_url, pooler=pooler, direct_url=direct_url)
    except SQLAlchemyError as exc:
        reason = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"])[0]
        print(f"hellenika serve: the database does not answer: {reason}", file=sys.stderr)
        raise SystemExit(1) from None
    store.close()
