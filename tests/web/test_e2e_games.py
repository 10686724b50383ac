"""End to end: every registered game's table page renders against bots without console errors (with a
screenshot of each for people to look at), and the replay page steps through an uploaded record.
"""

from __future__ import annotations

import pytest

from hellenika import games
from tests.web import e2e_harness
from tests.web.conftest import STATIC, screenshot
from tests.web.e2e_harness import (
    create_table,
    start_table,
    write_record,
)

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _board_missing(game: str) -> bool:
    return not (STATIC / "boards" / f"{game}.js").exists()


@pytest.mark.parametrize("game", games.names())
def test_every_game_renders_its_table_against_bots(people, game):
    spec = games.get(game)
    players = max(spec.min_players, min(2, spec.max_players))

    def allowed(message: str) -> bool:
        # A game whose board module is not written yet falls back to the generic view; the failed module
        # request is the only error that case may log.
        return _board_missing(game) and f"/boards/{game}.js" in message

    person = people(f"{game[:6]}", allowed=allowed)
    create_table(person, game, players, [("me", ""), *[("bot", "easy")] * (players - 1)])
    start_table(person)
    page = person.page
    page.wait_for_selector("#board svg, #board .hk-generic")
    page.wait_for_selector("#connection[data-state='live']")
    assert page.locator("#turn").inner_text().strip() != ""
    assert page.locator("#log p").count() > 0
    # The table is mine and the game has just started: either it is my turn with choices, or I wait for a bot.
    page.wait_for_function("document.body.dataset.seat === '0'")
    screenshot(page, f"e2e-table-{game}")
    assert person.errors == []


def test_replay_page_steps_forward_and_back_through_an_uploaded_record(people, tmp_path):
    dana = people("dana")
    record = write_record(tmp_path / "hercules.json")
    page = dana.page
    page.set_input_files("#record-file", str(record))
    page.get_by_role("button", name="Upload and watch").click()
    page.wait_for_url(f"{dana.base}/replays/*")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("body").get_attribute("data-step") == "0"
    steps = int(page.locator("#step").get_attribute("max"))
    assert steps > 10

    page.get_by_role("button", name="One step forward").click()
    page.wait_for_selector("body[data-step='1']")
    page.get_by_role("button", name="One step forward").click()
    page.wait_for_selector("body[data-step='2']")
    page.get_by_role("button", name="One step back").click()
    page.wait_for_selector("body[data-step='1']")
    assert page.locator("#position").inner_text() == f"Step 1 of {steps}"

    page.get_by_role("button", name="Last step").click()
    page.wait_for_selector(f"body[data-step='{steps}']")
    page.locator("#score-table").wait_for()
    assert page.locator("#score-table tbody tr").count() == 2
    assert page.get_by_role("button", name="One step forward").is_disabled()

    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"body[data-step='{steps - 1}']")
    page.get_by_role("button", name="First step").click()
    page.wait_for_selector("body[data-step='0']")
    assert page.locator("#score-table").count() == 0 or not page.locator("#result").is_visible()
    screenshot(page, "e2e-replay")
    assert dana.errors == []
