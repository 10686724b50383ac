"""Page weight (issue 22): compression, caching that is never stale, modulepreload, no duplicate first model.

The static files are served under a content-hashed prefix (server/http/assets.py) with an immutable lifetime,
and at their plain address with a strong ETag and ``no-cache``; the pages are rewritten to the prefix,
preload their module graph and are never cached without asking. The table WebSocket skips its first model
when the address names the version the page already has.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from websockets.sync.client import ClientConnection, connect

from hellenika.server.app import GZIP_MINIMUM
from hellenika.server.core.config import STATIC_DIR
from hellenika.server.http.assets import IMMUTABLE, Assets, parse_imports
from hellenika.server.http.pages import PAGES
from tests.server.harness import LiveServer, Player, receive

PAGE_ADDRESSES = ["/", "/login", "/lobby", "/tables/abc", "/replays/abc", "/leaderboard", "/settings"]
_VERSIONED = re.compile(r'(?:src|href)="(/static/v/([0-9a-f]{16})/[^"]+)"')
_PRELOADS = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def plain(client: httpx.Client, path: str, **headers: str) -> httpx.Response:
    """A GET that asks for no compression (the bytes as stored)."""
    return client.get(path, headers={"Accept-Encoding": "identity", **headers})


def versioned_urls(page: str) -> list[str]:
    return [m.group(1) for m in _VERSIONED.finditer(page)]


def version_of(page: str) -> str:
    versions = {m.group(2) for m in _VERSIONED.finditer(page)}
    assert len(versions) == 1, versions
    return versions.pop()


# --- compression -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/static/js/shell/table.js", "text/javascript"),
        ("/static/css/hellenika.css", "text/css"),
        ("/api/games", "application/json"),
        ("/tables/abc", "text/html"),
    ],
)
def test_text_answers_above_the_threshold_are_gzipped(server: LiveServer, path: str, kind: str) -> None:
    client = server.player().http
    identity = plain(client, path)
    assert identity.status_code == 200 and len(identity.content) > GZIP_MINIMUM
    assert "content-encoding" not in identity.headers
    raw = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-type"].startswith(kind)
    assert raw.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in raw.headers["vary"].lower()
    # httpx decodes it; the wire size is the header's and far smaller than the file.
    assert raw.content == identity.content or path.startswith("/api/")
    assert int(raw.headers["content-length"]) < len(identity.content) * 0.6


def test_small_answers_and_websockets_are_not_compressed(server: LiveServer) -> None:
    client = server.player().http
    small = client.get("/static/boards/_generic.js", headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 200 and len(small.content) < GZIP_MINIMUM
    assert "content-encoding" not in small.headers
    # A WebSocket is untouched by the middleware: the first message is plain JSON text.
    owner = server.player("gzipws")
    table = owner.create(game="hercules", players=1, seats=[{"kind": "me"}])
    owner.ok(owner.post(f"/api/tables/{table['id']}/start"))
    with owner.socket(table["id"]) as ws:
        assert receive(ws)["type"] == "state"


def test_gzipped_body_is_the_file(server: LiveServer) -> None:
    """The wire bytes really are gzip of the file (read without httpx's decoding)."""
    with httpx.Client(base_url=server.base) as client:
        request = client.build_request(
            "GET", "/static/js/shell/table.js", headers={"Accept-Encoding": "gzip"}
        )
        answer = client.send(request, stream=True)
        wire = b"".join(answer.iter_raw())
        answer.close()
    assert gzip.decompress(wire) == (STATIC_DIR / "js/shell/table.js").read_bytes()


# --- caching -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("address", PAGE_ADDRESSES)
def test_pages_are_revalidated_with_an_etag(server: LiveServer, address: str) -> None:
    client = server.player().http
    first = client.get(address)
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers["etag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    again = client.get(address, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    assert client.get(address, headers={"If-None-Match": '"other"'}).status_code == 200


def test_pages_load_everything_from_the_versioned_prefix_cached_for_good(server: LiveServer) -> None:
    client = server.player().http
    page = client.get("/tables/abc").text
    urls = versioned_urls(page)
    assert any(u.endswith("/js/shell/table.js") for u in urls)
    assert any(u.endswith("/css/hellenika.css") for u in urls)
    assert 'src="/static/js' not in page and 'href="/static/css' not in page
    version_of(page)
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == IMMUTABLE
        plain_answer = plain(client, f"/static/{url.split('/', 4)[-1]}")
        assert plain_answer.content == answer.content


def test_pages_preload_their_whole_module_graph(server: LiveServer) -> None:
    client = server.player().http
    page = client.get("/tables/abc").text
    preloads = _PRELOADS.findall(page)
    version = version_of(page)
    modules = {u.removeprefix(f"/static/v/{version}/") for u in preloads}
    # table.js and everything it imports, directly or through another module.
    assets = Assets(STATIC_DIR)
    expected = set(assets.tree().closure("js/shell/table.js"))
    assert {"js/shell/table.js", "js/shell/api.js", "js/shell/live.js", "js/board-host.js"} <= expected
    assert modules == expected
    # Each one is a real module, and every static import of each is preloaded too (the graph is closed).
    for module in modules:
        source = (STATIC_DIR / module).read_bytes()
        assert set(parse_imports(module, source)) <= modules
    # No table: no board is guessed.
    assert not any("/boards/" in m for m in modules)


def test_table_and_replay_pages_preload_their_games_board(server: LiveServer) -> None:
    owner = server.player("preloader")
    table = owner.create(game="hellas", players=2, seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])
    for address in (f"/tables/{table['id']}", f"/replays/{table['id']}"):
        page = owner.get(address).text
        modules = {u.split("/", 4)[-1] for u in _PRELOADS.findall(page)}
        assert "boards/hellas.js" in modules, address
        board = set(Assets(STATIC_DIR).tree().closure("boards/hellas.js"))
        assert len(board) > 3 and board <= modules
        assert not any(m.startswith("boards/attika") for m in modules)


_FETCHES = re.compile(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">')


def test_table_pages_preload_the_api_answers_their_script_fetches_first(server: LiveServer) -> None:
    owner = server.player("fetcher")
    table = owner.create(game="hercules", players=2)
    base = f"/api/tables/{table['id']}"
    # Waiting for players: the page asks for the table only.
    assert _FETCHES.findall(owner.get(f"/tables/{table['id']}").text) == [base]
    solo = owner.create(game="hercules", players=1, seats=[{"kind": "me"}])
    owner.ok(owner.post(f"/api/tables/{solo['id']}/start"))
    solo_base = f"/api/tables/{solo['id']}"
    assert _FETCHES.findall(owner.get(f"/tables/{solo['id']}").text) == [solo_base, f"{solo_base}/state"]
    # Unknown tables and replay pages preload no answer.
    assert _FETCHES.findall(owner.get("/tables/nosuchtable").text) == []
    assert _FETCHES.findall(owner.get(f"/replays/{solo['id']}").text) == []


def test_plain_static_addresses_are_revalidated_with_a_strong_etag(server: LiveServer) -> None:
    client = server.player().http
    answer = plain(client, "/static/js/shell/api.js")
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-cache"
    etag = answer.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    again = plain(client, "/static/js/shell/api.js", **{"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    # A gzipped answer keeps the same validator, so a browser's If-None-Match matches either way.
    assert client.get("/static/js/shell/api.js", headers={"If-None-Match": etag}).status_code == 304
    assert plain(client, "/static/js/shell/api.js", **{"If-None-Match": '"nope"'}).status_code == 200


def test_unknown_versions_and_paths(server: LiveServer) -> None:
    client = server.player().http
    current = version_of(client.get("/lobby").text)
    other = "0123456789abcdef" if current != "0123456789abcdef" else "fedcba9876543210"
    stale = client.get(f"/static/v/{other}/js/shell/api.js")
    assert stale.status_code == 200  # the current file, but never under an immutable lifetime
    assert stale.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/v/{current}/js/shell/nothing.js").status_code == 404
    assert client.get("/static/v/not-a-hash/js/shell/api.js").status_code == 404
    assert client.get(f"/static/v/{current}/fixtures").status_code == 404
    assert client.get("/static/js").status_code == 404  # a folder
    assert client.post("/static/js/shell/api.js").status_code in (403, 405)


@pytest.mark.parametrize(
    "path",
    ["../server/app.py", "js/../../server/app.py", "v/0123456789abcdef/../../x", "js//api.js", ".", ""],
)
def test_paths_never_leave_the_folder(path: str) -> None:
    with pytest.raises(HTTPException) as refused:
        Assets(STATIC_DIR).respond(path, Headers())
    assert refused.value.status_code == 404


def test_a_changed_file_gets_new_urls_and_is_never_served_stale(
    make_server: Any, sqlite_url: str, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static, ignore=shutil.ignore_patterns("fixtures"))
    server: LiveServer = make_server(sqlite_url, static_dir=static)
    client = server.player().http
    before_page = client.get("/tables/abc").text
    before = version_of(before_page)
    old_url = f"/static/v/{before}/js/shell/dom.js"
    old_body = client.get(old_url).content
    old_etag = plain(client, "/static/js/shell/dom.js").headers["etag"]
    page_etag = client.get("/tables/abc").headers["etag"]

    module = static / "js" / "shell" / "dom.js"
    original = module.read_bytes()
    module.write_bytes(original + b"\n// changed\n")
    # The page (revalidated) changes, and names a new prefix at once, for every file.
    after_answer = client.get("/tables/abc", headers={"If-None-Match": page_etag})
    assert after_answer.status_code == 200
    after = version_of(after_answer.text)
    assert after != before
    fresh = client.get(f"/static/v/{after}/js/shell/dom.js")
    assert fresh.content.endswith(b"// changed\n")
    assert fresh.headers["cache-control"] == IMMUTABLE
    # The old URL never hands the new content out as immutable.
    old = client.get(old_url)
    assert old.content != old_body and old.headers["cache-control"] == "no-cache"
    # The plain address: a new ETag, so the browser's copy is replaced.
    assert plain(client, "/static/js/shell/dom.js", **{"If-None-Match": old_etag}).status_code == 200
    # Putting the file back brings back the old version's name with the old content (content, not time).
    module.write_bytes(original)
    assert version_of(client.get("/tables/abc").text) == before
    restored = client.get(old_url)
    assert restored.content == old_body and restored.headers["cache-control"] == IMMUTABLE


def test_a_changed_page_is_served_new(make_server: Any, sqlite_url: str, tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static, ignore=shutil.ignore_patterns("fixtures"))
    server: LiveServer = make_server(sqlite_url, static_dir=static)
    client = server.player().http
    etag = client.get("/login").headers["etag"]
    page = static / PAGES["login"]
    page.write_text(page.read_text().replace("</body>", "<p>new</p></body>"))
    answer = client.get("/login", headers={"If-None-Match": etag})
    assert answer.status_code == 200 and "<p>new</p>" in answer.text


def test_parse_imports() -> None:
    source = b"""
    import { a } from "./a.js";
    import {
      b, c,
    } from '../x/b.js';
    export { d } from "./d.js";
    import "./side.js";
    import thing from "/static/js/abs.js";
    const lazy = import(`../boards/${game}.js`);
    import bare from "bare-package";
    """
    assert parse_imports("js/shell/m.js", source) == (
        "js/shell/a.js",
        "js/x/b.js",
        "js/shell/d.js",
        "js/shell/side.js",
        "js/abs.js",
    )


# --- the WebSocket's first model ---------------------------------------------------------------------------


def socket_at(player: Player, table_id: str, query: str = "") -> ClientConnection:
    cookie = "; ".join(f"{k}={v}" for k, v in player.http.cookies.items())
    url = f"ws://127.0.0.1:{player.server.port}/ws/tables/{table_id}{query}"
    return connect(url, additional_headers={"Cookie": cookie}, open_timeout=20)


def silent(ws: ClientConnection, seconds: float = 0.8) -> bool:
    try:
        ws.recv(timeout=seconds)
    except TimeoutError:
        return True
    return False


def solo_table(server: LiveServer, name: str) -> tuple[Player, str, dict[str, Any]]:
    owner = server.player(name)
    table = owner.create(game="hercules", players=1, seats=[{"kind": "me"}])
    owner.ok(owner.post(f"/api/tables/{table['id']}/start"))
    return owner, table["id"], owner.state(table["id"])


def test_socket_skips_the_model_the_page_has(server: LiveServer) -> None:
    owner, table_id, model = solo_table(server, "skipper")
    version = model["version"]
    with socket_at(owner, table_id, f"?version={version}") as ws:
        assert silent(ws)  # nothing: the page has this version
        ws.send(json.dumps({"type": "sync", "version": version}))
        assert silent(ws)
        # It is registered all the same: the next change arrives as a push.
        owner.ok(owner.move(table_id, version, model["legal"][0]["action"]))
        pushed = receive(ws)
        # Hades's own steps follow the move, and a busy fan-out may send only the newest of them.
        assert pushed["type"] == "state" and pushed["version"] > version


@pytest.mark.parametrize(
    "query", ["", "?version=0", "?version=-1", "?version=abc", "?version=99999", "?version="]
)
def test_socket_sends_the_model_to_a_stale_or_silent_page(server: LiveServer, query: str) -> None:
    owner, table_id, model = solo_table(server, "stale")
    owner.ok(owner.move(table_id, model["version"], model["legal"][0]["action"]))
    current = owner.state(table_id)
    assert current["version"] > 0
    with socket_at(owner, table_id, query) as ws:
        first = receive(ws)
        assert first["type"] == "state" and first["version"] == current["version"]
        assert first["legal"] == current["legal"] and first["can_undo"] == current["can_undo"]


def test_socket_on_a_waiting_table_still_sends_the_table(server: LiveServer) -> None:
    owner = server.player("waiter")
    table = owner.create(game="hercules", players=2)
    with socket_at(owner, table["id"], f"?version={table['version']}") as ws:
        first = receive(ws)
        assert first["type"] == "table" and first["table"]["id"] == table["id"]
