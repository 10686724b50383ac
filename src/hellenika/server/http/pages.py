"""The HTML pages: files from ``web/static`` served for the site's few addresses.

The pages call the JSON API (docs/WEB.md) and the WebSocket themselves; the server only prepares each file
for caching and for a fast start (server/http/assets.py): its ``/static/`` URLs point at the tree's versioned
prefix (cached for good by the browser), and ``<link rel="modulepreload">`` lines name every module the page
will import, so the browser fetches them all at once. A table or replay page also preloads its game's board
modules (the game is looked up from the address; an unknown table or replay simply gets none). Pages are
answered with ``Cache-Control: no-cache`` and an ETag of their bytes: a browser always asks, and gets a 304
while nothing changed. A page that does not exist yet (or an address that is not a page) is a 404.
"""

from __future__ import annotations

import hashlib
import html
import re
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.datastructures import Headers

from hellenika.server.http.assets import REVALIDATE, Assets
from hellenika.server.services import Services
from hellenika.server.store.models import GameTable, Replay
from hellenika.server.tables.info import WAITING

#: Address -> file under ``static/``. Table and replay pages read their id from the address in JavaScript.
PAGES = {
    "index": "index.html",
    "login": "login.html",
    "lobby": "lobby.html",
    "table": "table.html",
    "replay": "replay.html",
    "leaderboard": "leaderboard.html",
    "settings": "settings.html",
    "outbox": "outbox.html",
    "admin": "admin.html",
    "users": "users.html",
    "review": "review.html",
    "learn": "learn.html",
}
#: ``src="/static/..."`` and ``href="/static/..."`` attributes, rewritten to the versioned prefix.
_STATIC_ATTR = re.compile(rb'(\s(?:src|href)=")/static/(?!v/)([^"?#]+)"')
_MODULE_SCRIPT = re.compile(rb'<script\s+type="module"\s+src="/static/([^"?#]+)"')
_HEAD_END = re.compile(rb"</head>", re.IGNORECASE)
_GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: Ids longer than this are not looked up (no table or replay has one).
MAX_ID = 64


def prepare(assets: Assets, source: bytes, game: str | None = None, fetches: tuple[str, ...] = ()) -> bytes:
    """The page as sent: versioned URLs, modulepreload links for its modules (and the game's board), and
    preloads of the API answers its script will fetch first (``fetches``: the same URL, mode and
    credentials as the script's ``fetch``, so the browser hands the script the answer it already has)."""
    tree = assets.tree()
    entries = [m.decode() for m in _MODULE_SCRIPT.findall(source)]
    if game is not None and _GAME_NAME.match(game) and f"boards/{game}.js" in tree.files:
        entries.append(f"boards/{game}.js")
    modules: dict[str, None] = {}
    for entry in entries:
        modules.update(dict.fromkeys(tree.closure(entry)))

    def versioned(match: re.Match[bytes]) -> bytes:
        relative = match.group(2).decode()
        if relative not in tree.files:
            return match.group(0)  # not a hashed asset: left at its plain (revalidated) address
        return match.group(1) + assets.url(tree, relative).encode() + b'"'

    page = _STATIC_ATTR.sub(versioned, source)
    links = "".join(
        f'  <link rel="modulepreload" href="{html.escape(assets.url(tree, m))}">\n' for m in modules
    ) + "".join(f'  <link rel="preload" as="fetch" crossorigin href="{html.escape(u)}">\n' for u in fetches)
    if links:
        page = _HEAD_END.sub(lambda _m: links.encode() + b"</head>", page, count=1)
    return page


async def _game_of(svc: Services, kind: str, item_id: str) -> tuple[str, str] | None:
    """The game and status of a table (or the game of a replay: uploaded, or a finished table's; its status
    is then ``replay``), without loading it; None when there is no such thing."""
    live = svc.master.live.get(item_id)
    if live is not None:
        return live.info.game, live.info.status

    def read(session: Session) -> tuple[str, str] | None:
        if kind == "replay":
            game = session.scalar(select(Replay.game).where(Replay.id == item_id))
            if game is not None:
                return game, "replay"
        row = session.execute(select(GameTable.game, GameTable.status).where(GameTable.id == item_id)).first()
        return None if row is None else (row[0], row[1])

    return await svc.store.read(read)


def pages_router(assets: Assets) -> APIRouter:
    """Routes for the pages, reading files from the static folder at request time (no restart after edits)."""
    router = APIRouter(include_in_schema=False)

    def build(name: str, game: str | None, fetches: tuple[str, ...]) -> bytes | None:
        asset = assets.read(PAGES[name])
        return None if asset is None else prepare(assets, asset.body, game, fetches)

    async def page(
        request: Request, name: str, game: str | None = None, fetches: tuple[str, ...] = ()
    ) -> Response:
        # Reading and checking the files is blocking work (a few stat calls): a worker thread does it.
        body = await anyio.to_thread.run_sync(build, name, game, fetches)
        if body is None:
            raise HTTPException(404, f"the {name} page is not available")
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        return Assets.answer(body, etag, "text/html; charset=utf-8", REVALIDATE, Headers(scope=request.scope))

    async def game_of(request: Request, kind: str, item_id: str) -> tuple[str, str] | None:
        if len(item_id) > MAX_ID:
            return None
        try:
            return await _game_of(request.app.state.services, kind, item_id)
        except Exception:  # the page works without preloading its board (a database hiccup is not a 500)
            return None

    @router.get("/")
    async def index(request: Request) -> Response:
        return await page(request, "index")

    @router.get("/login")
    async def login(request: Request) -> Response:
        return await page(request, "login")

    @router.get("/lobby")
    async def lobby(request: Request) -> Response:
        return await page(request, "lobby")

    @router.get("/tables/{table_id}")
    async def table(request: Request, table_id: str) -> Response:
        found = await game_of(request, "table", table_id)
        if found is None:
            return await page(request, "table")
        # table.js asks for the table, then (once it has started) for its model: both start with the page.
        base = f"/api/tables/{quote(table_id, safe='')}"
        fetches = (base,) if found[1] == WAITING else (base, f"{base}/state")
        return await page(request, "table", found[0], fetches)

    @router.get("/replays/{replay_id}")
    async def replay(request: Request, replay_id: str) -> Response:
        found = await game_of(request, "replay", replay_id)
        return await page(request, "replay", found[0] if found else None)

    @router.get("/replays/{replay_id}/review")
    async def review(request: Request, replay_id: str) -> Response:
        # review.js reads the id from the address and asks GET /api/replays/{id}/review.
        found = await game_of(request, "replay", replay_id)
        return await page(request, "review", found[0] if found else None)

    @router.get("/learn")
    async def learn(request: Request) -> Response:
        return await page(request, "learn")

    @router.get("/leaderboard")
    async def leaderboard(request: Request) -> Response:
        return await page(request, "leaderboard")

    @router.get("/settings")
    async def settings(request: Request) -> Response:
        return await page(request, "settings")

    @router.get("/users/{name}")
    async def user_page(request: Request, name: str) -> Response:
        # profile.js reads the name from the address and asks GET /api/users/{name}: preloaded with the page.
        if len(name) > MAX_ID:
            return await page(request, "users")
        return await page(request, "users", None, (f"/api/users/{quote(name, safe='')}",))

    @router.get("/admin/outbox")
    async def outbox(request: Request) -> Response:
        return await page(request, "outbox")

    @router.get("/admin")
    async def admin(request: Request) -> Response:
        return await page(request, "admin")

    return router
