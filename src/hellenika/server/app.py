"""The application factory: wires the static files, the pages, the API routers and the error handlers."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from hellenika import __version__
from hellenika.server.config import Settings
from hellenika.server.pages import pages_router


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new, independent application (tests create several, e.g. to simulate a restart)."""
    settings = settings or Settings()
    app = FastAPI(
        title="Hellenika", version=__version__, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    app.state.settings = settings
    app.mount("/static", StaticFiles(directory=settings.static_dir), name="static")
    app.include_router(pages_router(settings.static_dir))
    return app
