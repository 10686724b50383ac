"""The end-to-end harness: the real server (``hellenika serve`` in a subprocess, a fresh SQLite file) and
helpers that drive the pages as a person would (register, create a table in the lobby, play by clicking).

The server runs in its own process so bots thinking there never stall the browser driver, and the tests talk
to it only through the browser, as users do. One server serves every e2e test of a run; each test registers
its own users, so tests do not see each other's tables except in the lobby's open list.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

STARTUP_SECONDS = 60
PASSWORD = "correct horse battery"
_names = itertools.count(1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(f"{base}/api/games", timeout=2) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {STARTUP_SECONDS} s:\n{log.read_text()[-3000:]}")


_running: list[str] = []  # the one server of this test process, shared by every e2e module


@pytest.fixture(scope="session")
def e2e_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real Hellenika server on a free port with a fresh SQLite database.

    Each e2e module names this fixture, so pytest makes one instance per module; the first starts the server
    and stops it at the end of the session, the others reuse it.
    """
    if _running:
        yield _running[0]
        return
    folder = tmp_path_factory.mktemp("e2e-server")
    port = _free_port()
    with running_server(folder, port) as base:
        _running.append(base)
        try:
            yield base
        finally:
            _running.clear()


@contextlib.contextmanager
def running_server(folder: Path, port: int, *options: str) -> Iterator[str]:
    """``hellenika serve`` on ``port`` with a fresh SQLite file in ``folder`` (its log there too), plus
    ``options``; answers its base URL once it answers, and stops it afterwards."""
    log = folder / "server.log"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("HELLENIKA_")}
    database = f"sqlite:///{folder / 'e2e.db'}"
    DATABASES[f"http://127.0.0.1:{port}"] = database
    command = [
        sys.executable, "-m", "hellenika.cli.app", "serve",
        "--host", "127.0.0.1", "--port", str(port),
        "--database-url", database,
        "--register-limit", "10000",  # every test's users come from 127.0.0.1
        "--bot-pause", "0",  # bots at once (the pause is tested in tests/server/test_bot_pause.py)
        *options,
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, process, log)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


#: The database of each server ``running_server`` started, by its base URL.
DATABASES: dict[str, str] = {}


def grant_admin(base: str, name: str) -> None:
    """``hellenika admin grant NAME`` on that server's database, as its operator would on the host (nobody
    is an admin by registering first)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL" and not k.startswith("HELLENIKA_")}
    command = [sys.executable, "-m", "hellenika.cli.app", "admin", "grant", name]
    done = subprocess.run(
        [*command, "--database-url", DATABASES[base]], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def api(who: Person, method: str, path: str, body: Any = None) -> Any:
    """A request from the person's browser context: their cookies and CSRF header, a JSON body (``{}``
    when none is given) on anything but GET, as api.js sends."""
    csrf = next((c["value"] for c in who.page.context.cookies() if c["name"] == "hellenika_csrf"), "")
    answer = who.page.request.fetch(
        f"{who.base}{path}",
        method=method,
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
        data=None if method == "GET" else json.dumps({} if body is None else body),
    )
    assert answer.ok, f"{method} {path}: {answer.status} {answer.text()}"
    return answer.json()


@dataclass
class Person:
    """One user in their own browser context (own cookies), with the console errors their pages logged."""

    name: str
    page: Any
    base: str
    errors: list[str] = field(default_factory=list)

    def goto(self, path: str) -> None:
        self.page.goto(f"{self.base}{path}")


def unique_name(prefix: str) -> str:
    return f"{prefix}{os.getpid() % 1000}x{next(_names)}"


@pytest.fixture()
def people(browser: Any, e2e_server: str) -> Iterator[Callable[..., Person]]:
    """A factory of registered users, each in a fresh browser context; contexts close after the test."""
    contexts: list[Any] = []

    def make(
        prefix: str = "user",
        *,
        width: int = 1280,
        allowed: Callable[[str], bool] | None = None,
        registered: bool = True,
        csp: bool = False,
    ) -> Person:
        # Playwright evaluates a string given to wait_for_function with eval(), which the pages' policy
        # forbids; only tests/web/test_e2e_security.py (csp=True) has the browser enforce the policy.
        context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=not csp)
        contexts.append(context)
        page = context.new_page()
        # Generous: on a loaded 2-core CI machine a bot move and a page update can take seconds (an upper
        # bound only; passing tests never wait for it).
        page.set_default_timeout(30_000)
        person = Person(unique_name(prefix), page, e2e_server)

        def on_console(message: Any) -> None:
            if message.type != "error":
                return
            url = (message.location or {}).get("url", "")
            text = f"{message.text} [{url}]" if url else message.text
            if allowed is None or not allowed(text):
                person.errors.append(text)

        page.on("console", on_console)
        page.on("pageerror", lambda error: person.errors.append(str(error)))
        if registered:
            register(person)
        return person

    yield make
    for context in contexts:
        context.close()


def register(person: Person, *, then: str = "/lobby") -> None:
    """Register on the login page (opened here unless the person is already on it) and land on ``then``."""
    if "/login" not in person.page.url:
        person.goto("/login")
    form = person.page.locator("#register-form")
    form.get_by_label("Name").fill(person.name)
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("Password again").fill(PASSWORD)
    form.get_by_role("button", name="Register").click()
    person.page.wait_for_url(f"{person.base}{then}")
    person.page.wait_for_selector("body[data-ready='1']")
    assert person.page.locator("#hk-username").inner_text() == person.name


def create_table(
    person: Person,
    game: str,
    players: int,
    seats: list[tuple[str, str]],
    *,
    mode: str = "live",
    options: dict[str, str] | None = None,
    private: bool = False,
) -> str:
    """Fill the lobby's form (seats as (kind, level-or-user) pairs) and answer the new table's id."""
    page = person.page
    if not page.url.endswith("/lobby"):
        person.goto("/lobby")
        page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for name, value in (options or {}).items():
        page.select_option(f"#option-{name}", value)
    for i, (kind, extra) in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
        if kind == "bot":
            page.select_option(f"#seat-{i}-level", extra)
        elif kind == "user":
            page.fill(f"#seat-{i}-user", extra)
    page.select_option("#mode", mode)
    page.get_by_label("Private table").set_checked(private)
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r".*/tables/[^/?#]+$"))
    return page.url.rsplit("/", 1)[1]


def start_table(person: Person) -> None:
    page = person.page
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("body[data-status='playing'], body[data-status='finished']")


def version(person: Person) -> int:
    return int(person.page.evaluate("document.body.dataset.version || '-1'"))


def is_my_turn(person: Person) -> bool:
    return bool(
        person.page.evaluate(
            "document.body.dataset.status === 'playing' && document.body.dataset.seat !== ''"
            " && document.body.dataset.seat === document.body.dataset.toMove"
            " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null"
        )
    )


def whose_turn(persons: list[Person], timeout_s: float = 10.0) -> Person:
    """The person whose page offers enabled choices (waiting up to ``timeout_s`` for one to)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for person in persons:
            if is_my_turn(person):
                return person
        persons[0].page.wait_for_timeout(100)
    raise AssertionError("nobody's page offered a choice in time")


def wait_for_turn_or_end(person: Person, timeout_ms: int = 30_000) -> str:
    """Wait until it is this person's turn (choices enabled) or the game is over: 'turn' or 'finished'."""
    person.page.wait_for_function(
        "document.body.dataset.status === 'finished' || ("
        " document.body.dataset.seat === document.body.dataset.toMove"
        " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null)",
        timeout=timeout_ms,
    )
    return str(person.page.evaluate("document.body.dataset.status === 'finished' ? 'finished' : 'turn'"))


def choose_first(person: Person) -> int:
    """Click the first choice in the action list; answer the version the move was chosen at."""
    before = version(person)
    person.page.locator("#actions .hk-actions button:not([disabled])").first.click()
    return before


def write_record(path: Path, game: str = "hercules", players: int = 2, seed: int = 11) -> Path:
    """A finished game's record, played by random bots outside the server (what the CLI's --record saves)."""
    from hellenika import games
    from hellenika.bots import make_agent
    from hellenika.engine.match import play_match

    result = play_match(games.get(game), players, [make_agent("random") for _ in range(players)], seed=seed)
    result.record.save(path)
    return path
