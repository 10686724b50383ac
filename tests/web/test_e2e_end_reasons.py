"""End to end: each way a game ends is said on the table page (status line, winner line, score table) and on
the lobby card: a normal end, "X lost on time", "X resigned" (at an unrated table, created with the lobby's
*Rated* box unticked) and the Hellas (Delonge) stall rule.

The server runs in this process (tests/server/harness.py) with an injected clock, so a deadline passes when
the test says so (``Master.check_deadlines``, as the background watcher would call it), and it allows
tables without their creator, so two bots can play a whole game at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hellenika.server import Settings
from tests.server.harness import FakeClock, LiveServer
from tests.web.e2e_harness import Person, register, unique_name


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, FakeClock]]:
    clock = FakeClock()
    folder: Path = tmp_path_factory.mktemp("end-reasons")
    settings = Settings(
        database_url=f"sqlite:///{folder / 'e2e.db'}",
        clock=clock,
        deadline_poll_seconds=0,
        argon2_time_cost=1,
        argon2_memory_kib=1024,
        argon2_parallelism=1,
        register_per_address=10_000,
        allow_tables_without_creator=True,
    )
    server = LiveServer(settings).start()
    try:
        yield server, clock
    finally:
        server.stop()


@pytest.fixture()
def person(browser: Any, site: tuple[LiveServer, FakeClock]) -> Iterator[Callable[[str], Person]]:
    contexts: list[Any] = []
    server, _clock = site

    def make(prefix: str) -> Person:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        who = Person(unique_name(prefix), page, server.base)
        page.on("pageerror", lambda error: who.errors.append(str(error)))
        register(who)
        return who

    yield make
    for context in contexts:
        context.close()


def _api(who: Person, method: str, path: str, body: Any = None) -> Any:
    """A request from the person's browser context (their cookies, the CSRF header)."""
    csrf = next(c["value"] for c in who.page.context.cookies() if c["name"] == "hellenika_csrf")
    answer = who.page.request.fetch(
        f"{who.base}{path}",
        method=method,
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
        data=json.dumps(body) if body is not None else None,
    )
    assert answer.ok, f"{method} {path}: {answer.status} {answer.text()}"
    return answer.json()


def _bots_play(who: Person, game: str, options: dict[str, Any], levels: tuple[str, str]) -> dict[str, Any]:
    """A table of two bots, created and started by ``who`` (not seated); answers it once finished."""
    seats = [{"kind": "bot", "level": level} for level in levels]
    table = _api(who, "POST", "/api/tables", {"game": game, "players": 2, "seats": seats, "options": options})
    tid = table["table"]["id"]
    _api(who, "POST", f"/api/tables/{tid}/start", {})
    end = time.monotonic() + 60
    while time.monotonic() < end:
        found: dict[str, Any] = _api(who, "GET", f"/api/tables/{tid}")["table"]
        if found["status"] == "finished":
            return found
        time.sleep(0.1)
    raise AssertionError("the bots did not finish")


def _table_page_says(who: Person, tid: str, text: str) -> None:
    who.goto(f"/tables/{tid}")
    who.page.wait_for_selector("body[data-status='finished']")
    who.page.wait_for_selector("#result:not([hidden])")
    assert who.page.locator("#winner").inner_text() == text
    assert who.page.locator("#turn").inner_text() == f"Game over: {text}"


def _card_says(who: Person, tid: str, text: str) -> Any:
    who.goto("/lobby")
    who.page.wait_for_selector("body[data-ready='1']")
    card = who.page.locator(f"[data-table='{tid}']").first
    card.wait_for()
    assert card.locator(".hk-end-text").inner_text() == text
    return card


def test_a_normal_end_shows_the_winner(person: Callable[[str], Person]) -> None:
    eve = person("eve")
    table = _bots_play(eve, "hellas", {}, ("easy", "medium"))
    text = table["end_text"]
    assert text.endswith(" wins.") or text.endswith(" share first place.")
    _table_page_says(eve, table["id"], text)
    caption = eve.page.locator("#score-table caption").inner_text()
    assert caption == "Final scores"
    _card_says(eve, table["id"], text)
    assert eve.errors == []


def test_the_stall_rule_end_is_named(person: Callable[[str], Person]) -> None:
    ned = person("ned")
    for _attempt in range(5):
        table = _bots_play(ned, "hellas_delonge", {"stall": 1}, ("medium", "medium"))
        if table["result"].get("end_reason"):
            break
    else:
        raise AssertionError("no game ended by the stall rule")
    text = table["end_text"]
    reason = table["result"]["end_reason"]
    assert reason.startswith("ended by the stall rule after ") and text.endswith(f"The game {reason}.")
    _table_page_says(ned, table["id"], text)
    assert ned.page.locator("#score-table caption").inner_text() == f"Final scores ({reason})"
    _card_says(ned, table["id"], text)
    assert ned.errors == []


def test_losing_on_time_is_said_and_the_scores_are_those_of_the_time(
    person: Callable[[str], Person], site: tuple[LiveServer, FakeClock]
) -> None:
    server, clock = site
    tim = person("tim")
    body = {
        "game": "attika",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
        "mode": "turn-based",
        "deadline_hours": 1,
        "on_timeout": "forfeit",
    }
    tid = _api(tim, "POST", "/api/tables", body)["table"]["id"]
    _api(tim, "POST", f"/api/tables/{tid}/start", {})
    tim.goto(f"/tables/{tid}")
    tim.page.wait_for_function(
        "document.body.dataset.status === 'playing'"
        " && document.body.dataset.seat === document.body.dataset.toMove"
    )
    clock.advance(3601)
    assert server.call(server.services.master.check_deadlines()) == 1
    # The open page is pushed the end: no reload.
    tim.page.wait_for_selector("body[data-status='finished']")
    text = f"{tim.name} lost on time; Bot 2 (easy) wins."
    assert tim.page.locator("#winner").inner_text() == text
    assert tim.page.locator("#turn").inner_text() == f"Game over: {text}"
    caption = tim.page.locator("#score-table caption").inner_text()
    assert caption.startswith(f"Scores when the game stopped ({tim.name} lost on time)")
    assert tim.page.locator("#rating-note").inner_text() == (
        "This game is not rated: lost on time before each player made 3 moves."
    )
    # The board agrees with the score table (Attika's header said "over without a winner").
    board = tim.page.locator("#board").text_content() or ""
    assert "without a winner" not in board and "Bot 2 (easy) wins!" in board
    assert f"{tim.name} lost on time" in board
    _card_says(tim, tid, text)
    assert tim.errors == []


def test_a_resignation_at_an_unrated_table(person: Callable[[str], Person]) -> None:
    ria = person("ria")
    page = ria.page
    page.select_option("#game", "hercules")
    page.select_option("#players", "2")
    page.select_option("#seat-0-kind", "me")
    page.select_option("#seat-1-kind", "bot")
    page.select_option("#seat-1-level", "easy")
    page.get_by_label("Rated", exact=True).set_checked(False)
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(f"{ria.base}/tables/*")
    tid = page.url.rsplit("/", 1)[1]
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("body[data-status='playing']")
    assert "unrated" in page.locator("#summary").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    page.wait_for_selector("body[data-status='finished']")
    text = f"{ria.name} resigned; Bot 2 (easy) wins."
    page.wait_for_selector("#result:not([hidden])")
    assert page.locator("#winner").inner_text() == text
    assert (
        page.locator("#rating-note").inner_text() == "This game is not rated: the table was created unrated."
    )
    card = _card_says(ria, tid, text)
    assert "unrated" in card.locator(".hk-card-notes").inner_text()
    assert ria.errors == []
