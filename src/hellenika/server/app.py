"""The application factory: the services, the static files and pages, the API routers, the error handlers,
and the background deadline watcher (started and stopped with the app's lifespan)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from hellenika import __version__
from hellenika.server.config import Settings
from hellenika.server.edge import EdgeMiddleware
from hellenika.server.errors import install_error_handlers
from hellenika.server.headers import SecurityHeadersMiddleware
from hellenika.server.openapi import install_openapi
from hellenika.server.pages import pages_router
from hellenika.server.routers import auth, games, leaderboard, replays, tables, ws
from hellenika.server.security import CsrfCookieMiddleware
from hellenika.server.services import Services


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
        try:
            yield
        finally:
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
    for router in (auth.router, games.router, tables.router, replays.router, leaderboard.router, ws.router):
        app.include_router(router)
    install_openapi(app)
    app.mount("/static", StaticFiles(directory=settings.static_dir), name="static")
    app.include_router(pages_router(settings.static_dir))
    return app
