"""Shared by the accessibility and phone tests (tests/web/test_e2e_axe.py, test_e2e_phone.py): a server of
their own (whose admin, granted the role as the operator would, may open the outbox), and a tour of every
page of the site, the table page of each game in play with the player's choices showing included.

The setup (tables, a replay) goes through the API with the person's own cookies, as their pages would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.e2e_harness import (
    Person,
    _free_port,
    api,
    grant_admin,
    register,
    running_server,
    unique_name,
    write_record,
)

GAMES = ["hellas", "hercules", "attika", "hellas_delonge", "peloponnes"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 800, "height": 1000}


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh ``hellenika serve`` for this module (``admin`` is granted the role on it)."""
    folder = tmp_path_factory.mktemp("e2e-tour")
    with running_server(folder, _free_port()) as base:
        yield base


@pytest.fixture(scope="module")
def admin(browser: Any, own_server: str) -> Iterator[Person]:
    """The module server's admin (registered, then granted the role with ``hellenika admin grant``), in a
    context whose viewport each test sets."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    who = Person(unique_name("admin"), page, own_server)
    page.on("pageerror", lambda error: who.errors.append(str(error)))
    page.on("console", lambda m: who.errors.append(m.text) if m.type == "error" else None)
    register(who)
    grant_admin(own_server, who.name)
    yield who
    context.close()


def table_against_bot(who: Person, game: str) -> str:
    """A started live table of ``game``: ``who`` in seat 0 and an easy bot; answers its id."""
    body = {"game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
    table = str(api(who, "POST", "/api/tables", body)["table"]["id"])
    api(who, "POST", f"/api/tables/{table}/start")
    return table


@pytest.fixture(scope="module")
def tables(admin: Person) -> dict[str, str]:
    """One started table a game, the admin against a bot."""
    return {game: table_against_bot(admin, game) for game in GAMES}


@pytest.fixture(scope="module")
def replay(admin: Person, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The id of an uploaded replay (a hercules game of random bots)."""
    path = write_record(tmp_path_factory.mktemp("record") / "record.json")
    answer = api(admin, "POST", "/api/replays", json.loads(Path(path).read_text()))
    return str(answer.get("id") or answer["replay"]["id"])


def open_table(who: Person, table: str) -> None:
    """The table page, once it is the person's turn and the choices are enabled (the bot may move first)."""
    who.goto(f"/tables/{table}")
    who.page.wait_for_selector("body[data-ready='1']")
    who.page.wait_for_function(
        "() => document.body.dataset.status === 'playing'"
        " && document.body.dataset.seat === document.body.dataset.toMove"
        " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null"
        " && document.querySelector('#board svg') !== null",
        timeout=30_000,
    )


# The pages other than the table pages, with what shows they have drawn.
PAGES: list[tuple[str, Callable[[str], str], str]] = [
    ("index", lambda replay: "/", "body[data-ready]"),
    ("lobby", lambda replay: "/lobby", "body[data-ready]"),
    ("leaderboard", lambda replay: "/leaderboard", "body[data-ready]"),
    ("settings", lambda replay: "/settings", "body[data-ready]"),
    ("outbox", lambda replay: "/admin/outbox", "body[data-ready]"),
    ("admin", lambda replay: "/admin", "body[data-ready] #admin:not([hidden])"),
    ("replay", lambda replay: f"/replays/{replay}", "#board svg"),
    # Issue 26: the replay's review (not computed yet on this server: the "Review this game" state) and the
    # "Learn to play" page.
    ("review", lambda replay: f"/replays/{replay}/review", "body[data-ready] #status:not(:empty)"),
    ("learn", lambda replay: "/learn", "body[data-ready] #learn-games h2"),
    # The touring person's own profile ({me}: their name), with the games they are playing.
    ("profile", lambda replay: "/users/{me}", "body[data-ready] #profile:not([hidden])"),
]


def open_page(who: Person, name: str, replay: str) -> None:
    for page_name, path, ready in PAGES:
        if page_name == name:
            who.goto(path(replay).replace("{me}", who.name))
            who.page.wait_for_selector(ready)
            who.page.wait_for_load_state("networkidle")
            return
    raise KeyError(name)


def open_login(browser: Any, base: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    """The login page for a visitor (nobody logged in): answers the context (to close) and the page."""
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{base}/login")
    page.wait_for_selector("body[data-ready='1']")
    return context, page
