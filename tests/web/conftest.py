"""Browser tests: a static server for the front end and a headless Debian Chromium driven by Playwright.

``make test`` installs Chromium with apt (scripts/ensure-chromium.sh). Fixtures are generated once per run
(python -m hellenika.web.fixtures). Screenshots go to ``artifacts/screenshots/`` for people to look at.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import json
import shutil
import socketserver
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hellenika import games
from hellenika.web.fixtures import FIXTURES, write_fixtures

STATIC = Path(__file__).parents[2] / "src" / "hellenika" / "web" / "static"
ARTIFACTS = Path(__file__).parents[2] / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Browser tests share one browser per worker; keep them on one xdist worker to avoid two Chromiums.
    for item in items:
        if "tests/web/" in str(item.fspath):
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def fixture_models() -> Path:
    """Generate the view fixtures once per run (they are not committed), so a changed view is never stale."""
    for name in games.names():
        write_fixtures(name)
    return FIXTURES


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def static_server(fixture_models: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(STATIC))
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: run scripts/ensure-chromium.sh (make test does)")
    with playwright_api.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    """A fresh page that records console errors and page errors in ``page.errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
    yield page
    context.close()


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


# ------------------------------------------------------------------ helpers the board tests share


def written_fixtures(folder: Path) -> list[str] | None:
    """The fixture names in ``folder``, or None when the index or one of its files is missing."""
    index = folder / "index.json"
    if not index.exists():
        return None
    names: list[str] = json.loads(index.read_text())
    return names if names and all((folder / n).exists() for n in names) else None


def game_fixture_names(
    fixture_models: Path, game: str, stale: Callable[[Path, list[str]], bool]
) -> list[str]:
    """The game's fixture names, regenerated once if missing or ``stale`` (the workers share a file lock, so
    only one of them writes)."""
    folder = fixture_models / game
    with open(Path(tempfile.gettempdir()) / f"hellenika-{game}-fixtures.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        names = written_fixtures(folder)
        if names is None or stale(folder, names):
            write_fixtures(game)
    return list(json.loads((folder / "index.json").read_text()))


def fixture_model(fixture_models: Path, game: str, name: str) -> dict[str, Any]:
    model: dict[str, Any] = json.loads((fixture_models / game / name).read_text())
    return model


def open_fixture(page: Any, static_server: str, game: str, name: str) -> None:
    """Show one fixture in the preview page and wait until the board has drawn it."""
    page.goto(f"{static_server}/preview.html?game={game}&fixture={name}")
    page.wait_for_selector(f"body[data-rendered='{game}/{name}']")


@pytest.fixture()
def board(page: Any) -> Iterator[Any]:
    """The page, with the browser's favicon request answered (the preview has none; not a board error)."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    yield page
