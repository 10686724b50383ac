"""End to end (issue 26): the post-game review of a finished game of each game, clicked as a person would
("Review this game", the progress, then the biggest mistakes, the chart and every decision), whose biggest
mistake links to the replay at that very step; axe with 0 violations and no sideways scrolling at 1280 and
390 px; "What would the bot do?" at a table with hints; "Learn to play" from the lobby to a guided game.

The server runs in this process (tests/server/harness.py) with a small search per decision
(``review_iterations``) and one worker process, as in production, so the reviews stay quick.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine import play_match
from hellenika.server import Settings
from tests.server.harness import FakeClock, LiveServer
from tests.web.e2e_harness import Person, api, register, unique_name
from tests.web.test_e2e_axe import violations
from tests.web.test_e2e_phone import no_overflow

pytestmark = pytest.mark.xdist_group("browser")

GAMES = ["hercules", "hellas", "attika", "hellas_delonge", "peloponnes"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("review")
    settings = Settings(
        database_url=f"sqlite:///{folder / 'e2e.db'}",
        clock=FakeClock(),
        deadline_poll_seconds=0,
        argon2_time_cost=1,
        argon2_memory_kib=1024,
        argon2_parallelism=1,
        register_per_address=10_000,
        bot_pause_seconds=0,
        review_workers=1,
        review_iterations=6,
        review_chunk=25,
        review_per_user=10,
        hints_per_minute=100,
        hint_iterations=10,
    )
    server = LiveServer(settings).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture()
def person(browser: Any, site: LiveServer) -> Iterator[Callable[..., Person]]:
    contexts: list[Any] = []

    def make(prefix: str, width: int = 1280) -> Person:
        context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        who = Person(unique_name(prefix), page, site.base)
        page.on("pageerror", lambda error: who.errors.append(str(error)))
        page.on("console", lambda m: who.errors.append(m.text) if m.type == "error" else None)
        register(who)
        return who

    yield make
    for context in contexts:
        context.close()


def _finished_record(game: str, seed: int) -> dict[str, Any]:
    """A finished game of the heuristic player against a random one (who makes plenty of mistakes)."""
    agents = [make_agent("random"), make_agent("heuristic")]
    return play_match(games.get(game), 2, agents, seed=seed).record.to_json()


def _review_in_page(who: Person, replay_id: str) -> dict[str, Any]:
    page = who.page
    who.goto(f"/replays/{replay_id}/review")
    page.wait_for_selector("body[data-ready='1'][data-review='none']")
    page.get_by_role("button", name="Review this game").click()
    page.wait_for_selector("body[data-review='done']", timeout=240_000)
    answer: dict[str, Any] = api(who, "GET", f"/api/replays/{replay_id}/review?seat=0")
    return answer


@pytest.mark.parametrize("game", GAMES)
def test_the_biggest_mistake_links_to_its_step(person: Callable[..., Person], game: str) -> None:
    who = person("reviewer")
    replay_id = api(who, "POST", "/api/replays", _finished_record(game, seed=3))["id"]
    answer = _review_in_page(who, replay_id)
    review = answer["review"]
    page = who.page
    assert page.locator("#decisions tbody tr").count() == len(review["decisions"]) > 0
    assert page.locator("#review-chart").count() == 1
    worst = max(review["decisions"], key=lambda d: (d["loss"] if not d["same"] else -1, -d["step"]))
    assert worst["loss"] >= 0.02, "a random player's game has a mistake"
    first = page.locator("#mistake-1")
    assert int(first.get_attribute("data-step") or "-1") == worst["step"]
    assert worst["played_label"] in first.inner_text()
    first.get_by_role("link").click()
    page.wait_for_url(f"**/replays/{replay_id}?step={worst['step']}")
    page.wait_for_selector(f"body[data-ready='1'][data-step='{worst['step']}']")
    # The board at that step is the position where seat 0 had to make that decision.
    shown = api(who, "GET", f"/api/replays/{replay_id}?step={worst['step']}")
    assert shown["to_move"] == 0
    assert page.locator("#turn").inner_text() == f"{shown['names'][0]} to move"
    assert who.errors == []


def test_the_review_page_is_accessible_and_fits(person: Callable[..., Person]) -> None:
    who = person("axe")
    replay_id = api(who, "POST", "/api/replays", _finished_record("hercules", seed=8))["id"]
    _review_in_page(who, replay_id)
    for width in (1280, 390):
        who.page.set_viewport_size({"width": width, "height": 900})
        who.page.reload()
        who.page.wait_for_selector("body[data-review='done']")
        assert violations(who.page) == []
        no_overflow(who.page)
    # The replay links back to its review.
    who.goto(f"/replays/{replay_id}")
    who.page.wait_for_selector("body[data-ready='1']")
    assert who.page.locator("#review-link").get_attribute("href") == f"/replays/{replay_id}/review"
    assert who.errors == []


def test_what_would_the_bot_do(person: Callable[..., Person]) -> None:
    who = person("hinted")
    page = who.page
    # The lobby's Hints box unticks Rated (a rated game is played unaided).
    page.select_option("#game", "attika")
    page.select_option("#players", "2")
    page.select_option("#seat-1-kind", "bot")
    page.select_option("#seat-1-level", "easy")
    assert page.get_by_label("Rated", exact=True).is_checked()
    page.get_by_label("Hints", exact=True).check()
    assert not page.get_by_label("Rated", exact=True).is_checked()
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/tables/*")
    page.get_by_role("button", name="Start").click()
    table = page.url.rsplit("/", 1)[1]
    assert api(who, "GET", f"/api/tables/{table}")["table"]["hints"] is True
    page.wait_for_function(
        "() => document.body.dataset.seat === document.body.dataset.toMove"
        " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null"
    )
    page.get_by_role("button", name="What would the bot do?").click()
    page.wait_for_selector("#hint-label")
    index = page.locator("#hint-box").get_attribute("data-index")
    suggested = page.locator(f"#actions button[data-index='{index}']")
    assert "hk-highlight" in (suggested.get_attribute("class") or "")
    assert page.locator("#hint-label").inner_text() in suggested.inner_text()
    page.get_by_role("button", name="Think harder").click()
    page.wait_for_selector("#hint-box:has-text('search')")
    assert violations(page) == []
    assert who.errors == []


def test_learn_to_play_from_the_lobby(person: Callable[..., Person]) -> None:
    who = person("learner", width=390)
    page = who.page
    page.get_by_role("link", name="Learn to play").click()
    page.wait_for_selector("body[data-ready='1'] #learn-games h2")
    assert violations(page) == []
    no_overflow(page)
    page.get_by_role("button", name="Start a guided game of Hercules").click()
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#guide:not([hidden]) #guide-step")
    page.wait_for_selector("#guide-choices li", timeout=30_000)
    assert "choice" in page.locator("#guide-step").inner_text()
    assert page.locator("#guide-rule").count() == 1
    assert (
        page.get_by_role("button", name="What would the bot do?").is_visible()
        or page.locator("#dock-toggle[aria-expanded='false']").count()
    )
    assert violations(page) == []
    no_overflow(page)
    assert who.errors == []


def test_the_score_table_links_to_the_review(person: Callable[..., Person]) -> None:
    """A game played to the end at a table: *Review this game* under the scores opens this seat's review."""
    who = person("finisher")
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
    table = api(who, "POST", "/api/tables", body)["table"]["id"]
    api(who, "POST", f"/api/tables/{table}/start")
    for _ in range(2000):
        model = api(who, "GET", f"/api/tables/{table}/state")
        if model["finished"]:
            break
        if model["to_move"] == model["seat"] and model["legal"]:
            api(
                who,
                "POST",
                f"/api/tables/{table}/moves",
                {"version": model["version"], "action": model["legal"][0]["action"]},
            )
    else:
        raise AssertionError("the game did not finish")
    who.goto(f"/tables/{table}")
    page = who.page
    page.wait_for_selector("body[data-status='finished']")
    page.get_by_role("link", name="Review this game").click()
    page.wait_for_url(f"**/replays/{table}/review")
    page.wait_for_selector("body[data-ready='1'][data-review='none']")
    assert page.locator("#seat").input_value() == "0"
    assert "(you)" in page.locator("#seat option[value='0']").inner_text()
    page.get_by_role("button", name="Review this game").click()
    page.wait_for_selector("body[data-review='done']", timeout=240_000)
    assert page.locator("#decisions tbody tr").count() > 0
    assert who.errors == []
