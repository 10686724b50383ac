"""Finding an opponent in the lobby (js/shell/matchmaking.js), in Chromium against the real server: two
people ask for the same game and both pages open the table the match made, playing; a request is cancelled
from its list; the panel has no axe violations at 1280 and 390 px and fits the phone's width."""

from __future__ import annotations

import re
from typing import Any

from tests.web import e2e_harness
from tests.web.e2e_harness import api
from tests.web.test_e2e_axe import violations

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def open_panel(person: Any) -> None:
    person.goto("/lobby")
    person.page.wait_for_selector("body[data-ready='1']")
    person.page.wait_for_selector("#matchmaking:not([hidden]) #mm-form")


def ask(person: Any, game: str, players: int) -> None:
    page = person.page
    page.select_option("#mm-game", game)
    page.select_option("#mm-players", str(players))
    page.get_by_role("button", name="Find me a game").click()


def test_two_people_who_ask_for_the_same_game_land_at_the_same_table(people: Any) -> None:
    ann, bob = people("mmann"), people("mmbob")
    open_panel(ann)
    ask(ann, "attika", 2)
    ann.page.wait_for_selector("#mm-requests li[data-status='waiting']")
    assert "waiting for people" in ann.page.locator("#mm-requests li").first.inner_text()
    open_panel(bob)
    bob.page.wait_for_function("document.querySelector('#mm-waiting').textContent.includes('1 for Attika')")
    ask(bob, "attika", 2)
    table = re.compile(r".*/tables/[^/?#]+$")
    bob.page.wait_for_url(table)
    ann.page.wait_for_url(table, timeout=20_000)  # the lobby looks again every 4 s
    assert ann.page.url == bob.page.url
    for person in (ann, bob):
        person.page.wait_for_selector("body[data-status='playing']")
        assert person.page.evaluate("document.body.dataset.seat") in ("0", "1")
    assert {
        ann.page.evaluate("document.body.dataset.seat"),
        bob.page.evaluate("document.body.dataset.seat"),
    } == {
        "0",
        "1",
    }
    assert ann.errors == [] and bob.errors == []


def test_a_request_is_cancelled_from_the_list_and_the_panel_passes_axe(people: Any) -> None:
    cyd = people("mmcyd")
    open_panel(cyd)
    ask(cyd, "peloponnes", 3)
    item = cyd.page.locator("#mm-requests li[data-status='waiting']")
    item.wait_for()
    assert violations(cyd.page) == []
    cyd.page.set_viewport_size({"width": 390, "height": 844})
    assert violations(cyd.page) == []
    assert cyd.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    item.get_by_role("button", name=re.compile("^Cancel")).click()
    cyd.page.wait_for_selector("#mm-requests li[data-status='cancelled']")
    assert "cancelled" in cyd.page.locator("#mm-requests li").first.inner_text()
    assert cyd.errors == []


def test_the_open_tables_are_filtered_and_the_filter_is_kept_in_the_address(people: Any) -> None:
    dee = people("mmdee")
    dee.goto("/lobby")
    dee.page.wait_for_selector("body[data-ready='1']")
    attika = api(dee, "POST", "/api/tables", {"game": "attika", "players": 3})["table"]["id"]
    hercules = api(dee, "POST", "/api/tables", {"game": "hercules", "players": 2, "rated": False})["table"][
        "id"
    ]
    viewer = people("mmeve")
    viewer.goto("/lobby")
    page = viewer.page
    page.wait_for_selector("body[data-ready='1']")
    cards = page.locator("#open-tables")
    cards.locator(f"a[href='/tables/{attika}']").first.wait_for()
    page.select_option("#filter-game", "hercules")
    page.wait_for_function(f"!document.querySelector('#open-tables a[href=\"/tables/{attika}\"]')")
    assert cards.locator(f"a[href='/tables/{hercules}']").count() > 0
    page.select_option("#filter-rated", "true")
    page.wait_for_function(f"!document.querySelector('#open-tables a[href=\"/tables/{hercules}\"]')")
    assert "open_game=hercules" in page.url and "open_rated=true" in page.url
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#filter-game").input_value() == "hercules"
    assert page.locator("#filter-rated").input_value() == "true"
    assert cards.locator(f"a[href='/tables/{hercules}']").count() == 0
    page.select_option("#filter-rated", "")
    cards.locator(f"a[href='/tables/{hercules}']").first.wait_for()
    assert viewer.errors == []
