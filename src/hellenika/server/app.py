"""The application factory: the services, the static files and pages, the API routers, the error handlers,
and the background deadline watcher (started and stopped with the app's lifespan)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from hellenika import __version__
from hellenika.server.chat import routes as chat_routes
from hellenika.server.core.config import Settings
from hellenika.server.core.edge import EdgeMiddleware
from hellenika.server.core.errors import install_error_handlers
from hellenika.server.core.security import CsrfCookieMiddleware
from hellenika.server.http import health
from hellenika.server.http.assets import Assets
from hellenika.server.http.headers import SecurityHeadersMiddleware
from hellenika.server.http.openapi import install_openapi
from hellenika.server.http.pages import pages_router
from hellenika.server.learn import routes as learn_routes
from hellenika.server.lobby import routes as lobby_routes
from hellenika.server.lobby.matchmaking import Matchmaking
from hellenika.server.mod import routes as mod_routes
from hellenika.server.notify import routes as notify_routes
from hellenika.server.people import routes as people_routes
from hellenika.server.replays import routes as replays_routes
from hellenika.server.round import routes as round_routes
from hellenika.server.round import socket as round_socket
from hellenika.server.services import Services

#: Answers below this many bytes are sent as they are (a few hundred bytes gain little and cost a header).
GZIP_MINIMUM = 1024
#: zlib's default trade-off: within a few per cent of level 9's size at a fraction of its time.
GZIP_LEVEL = 6


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new, independent application with its own database connection (migrated to the latest schema).

    Tests create several, e.g. to restart a server on the same database.
    """
    settings = settings or Settings()
    services = Services.create(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        watcher = None
        if settings.deadline_poll_seconds > 0:
            watcher = asyncio.create_task(services.master.watch_deadlines())
        # The notification drain (server/notify/worker.py): outside every move's transaction.
        drain = None
        if settings.notify_poll_seconds > 0:
            drain = asyncio.create_task(services.notifier.run())
        # Several processes: notes from the others, and the sweep that takes over a dead process's bots.
        await services.start()
        sweeper = None
        if services.master.shared and settings.bot_sweep_seconds > 0:
            sweeper = asyncio.create_task(services.master.watch_bots(settings.bot_sweep_seconds))
        # Automatic matching (server/lobby/matchmaking.py): widening spreads and expiry, one process at a
        # time.
        matcher = None
        if settings.matchmaking_poll_seconds > 0:
            matching = Matchmaking(services.store, settings, services.master)
            matcher = asyncio.create_task(matching.watch(settings.matchmaking_poll_seconds))
        try:
            yield
        finally:
            if matcher is not None:
                matcher.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await matcher
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweeper
            if drain is not None:
                services.notifier.closed = True
                drain.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await drain
            if watcher is not None:
                watcher.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watcher
            await services.close()

    app = FastAPI(
        title="Hellenika",
        version=__version__,
        summary="Five Greek-themed board games in the browser, live or turn-based, with friends or bots.",
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.services = services
    install_error_handlers(app)
    # Innermost first: what the edge refuses still gets the CSRF cookie and the headers of the outer layers.
    app.add_middleware(EdgeMiddleware, max_body=settings.max_body_bytes, max_record=settings.max_record_bytes)
    app.add_middleware(CsrfCookieMiddleware, secure=settings.secure_cookies)
    app.add_middleware(SecurityHeadersMiddleware, hsts=settings.secure_cookies)
    # Outermost, so every layer inside sees the plain body (the docs page's script hash is taken from it).
    # Starlette's: HTTP only (never a WebSocket), nothing under GZIP_MINIMUM bytes, never an answer that
    # already has a Content-Encoding, a 206, or an image/font/archive type (DEFAULT_EXCLUDED_CONTENT_TYPES).
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    # Each domain's routers, in the order the API document lists their paths.
    for router in (
        people_routes.accounts,
        lobby_routes.games_router,
        lobby_routes.tables_router,
        round_routes.router,
        replays_routes.router,
        people_routes.ratings,
        round_socket.router,
        health.router,
        round_routes.vacation_router,
        notify_routes.router,
        notify_routes.pages,
        chat_routes.router,
        people_routes.social,
        people_routes.profiles,
        people_routes.friends,
        lobby_routes.again_router,
        lobby_routes.matchmaking_router,
        mod_routes.router,
        learn_routes.review_router,
        learn_routes.hints_router,
        learn_routes.guided_router,
    ):
        app.include_router(router)
    install_openapi(app)
    # The static files and the pages that load them (server/http/assets.py: versioned URLs, ETags, preloads).
    assets = Assets(settings.static_dir)
    app.state.assets = assets
    app.mount("/static", assets, name="static")
    app.include_router(pages_router(assets))
    return app
