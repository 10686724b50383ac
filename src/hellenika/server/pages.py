"""The HTML pages: plain files from ``web/static`` served for the site's few addresses.

The pages are static; they call the JSON API (docs/WEB.md) and the WebSocket themselves, so the server does no
templating. A page that does not exist yet (or an address that is not a page) is a 404.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

#: Address -> file under ``static/``. Table and replay pages read their id from the address in JavaScript.
PAGES = {
    "index": "index.html",
    "login": "login.html",
    "lobby": "lobby.html",
    "table": "table.html",
    "replay": "replay.html",
    "leaderboard": "leaderboard.html",
}


def pages_router(static_dir: Path) -> APIRouter:
    """Routes for the pages, reading files from ``static_dir`` at request time (no restart after edits)."""
    router = APIRouter(include_in_schema=False)

    def page(name: str) -> FileResponse:
        path = static_dir / PAGES[name]
        if not path.is_file():
            raise HTTPException(404, f"the {name} page is not available")
        return FileResponse(path, media_type="text/html")

    @router.get("/")
    def index() -> FileResponse:
        return page("index")

    @router.get("/login")
    def login() -> FileResponse:
        return page("login")

    @router.get("/lobby")
    def lobby() -> FileResponse:
        return page("lobby")

    @router.get("/tables/{table_id}")
    def table(table_id: str) -> FileResponse:
        return page("table")

    @router.get("/replays/{replay_id}")
    def replay(replay_id: str) -> FileResponse:
        return page("replay")

    @router.get("/leaderboard")
    def leaderboard() -> FileResponse:
        return page("leaderboard")

    return router
