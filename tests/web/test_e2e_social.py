"""End to end (issue 23): a profile with a game history, *Play again* accepted by two people and the new game
started, and a friend invited from the lobby's friends list (and watched while playing)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from tests.web import e2e_harness
from tests.web.e2e_harness import Person, api

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _play_to_the_end(who: Person, table: str, seed: int = 5) -> dict[str, Any]:
    """Random legal moves for ``who`` (through the API, as the page would send them) until the game is over;
    the bot moves on the server."""
    rng = random.Random(seed)
    for _ in range(3000):
        model: dict[str, Any] = api(who, "GET", f"/api/tables/{table}/state")
        if model["finished"]:
            return model
        if model["to_move"] != model["seat"] or not model["legal"]:
            who.page.wait_for_timeout(20)
            continue
        choice = rng.choice(model["legal"])
        csrf = next(c["value"] for c in who.page.context.cookies() if c["name"] == "hellenika_csrf")
        who.page.request.post(
            f"{who.base}/api/tables/{table}/moves",
            headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
            data=json.dumps({"version": model["version"], "action": choice["action"]}),
        )  # a 409 (the bot moved meanwhile) is simply tried again
    raise AssertionError("the game did not finish")


def _axe(page: Any) -> list[str]:
    """axe-core's violations on the page as it is now (default rules, none turned off)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{rule['id']}: {[n['target'] for n in rule['nodes'][:3]]}" for rule in results.response["violations"]
    ]


def _fits(page: Any) -> None:
    """Nothing makes the page scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), width


def _checked(who: Person) -> None:
    """The page as it is has no axe violations at 1280 px, nor at 390 px, where it also fits."""
    page = who.page
    assert _axe(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        _fits(page)
        assert _axe(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def _started(host: Person, guest: Person, game: str = "hercules") -> str:
    body = {"game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": guest.name}]}
    table = str(api(host, "POST", "/api/tables", body)["table"]["id"])
    api(guest, "POST", f"/api/tables/{table}/accept", {})
    api(host, "POST", f"/api/tables/{table}/start", {})
    return table


def test_a_profile_shows_the_game_history(people: Any) -> None:
    ann = people("ann")
    bob = people("bob")
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
    table = str(api(ann, "POST", "/api/tables", body)["table"]["id"])
    api(ann, "POST", f"/api/tables/{table}/start", {})
    final = _play_to_the_end(ann, table)
    place = final["places"][0]

    # From the finished table's score table, ann's name leads to her profile.
    ann.goto(f"/tables/{table}")
    ann.page.wait_for_selector("body[data-status='finished'] #score-table")
    assert ann.page.locator("#score-table a.hk-person-link").count() == 1, "the bot's row links nowhere"
    ann.page.locator("#score-table a.hk-person-link").click()
    ann.page.wait_for_url(f"{ann.base}/users/{ann.name}")
    ann.page.wait_for_selector("body[data-ready='1'] #profile:not([hidden])")
    assert ann.page.locator("#profile-name").inner_text() == ann.name
    assert ann.page.locator("#profile-since").inner_text().startswith("Member since ")
    assert ann.page.get_by_role("link", name="Your settings").get_attribute("href") == "/settings"
    row = ann.page.locator("#stats-table tr[data-game='hercules']")
    assert row.locator(".hk-played").inner_text() == "1"
    assert row.locator(".hk-wins").inner_text() == ("1" if place == 1 else "0")
    assert row.locator(".hk-rating").inner_text() != "unrated"
    suffix = {1: "st", 2: "nd"}[place]
    assert row.locator(".hk-places").inner_text() == f"{place}{suffix} ×1"
    assert ann.page.locator("#favourite-list li").first.inner_text().startswith("Hercules")
    card = ann.page.locator(f"#recent [data-table='{table}']")
    assert final["end_text"] in card.inner_text()
    _checked(ann)
    card.get_by_role("link", name="Watch the replay").click()
    ann.page.wait_for_url(f"{ann.base}/replays/{table}")
    ann.page.wait_for_selector("#board svg")

    # Someone else sees the same history, without the settings link; an unknown name says so.
    bob.goto(f"/users/{ann.name}")
    bob.page.wait_for_selector("body[data-ready='1'] #profile:not([hidden])")
    assert bob.page.locator(f"#recent [data-table='{table}']").count() == 1
    assert bob.page.locator("#profile-settings").count() == 0
    bob.goto("/users/nobody-at-all")
    bob.page.wait_for_selector("body[data-ready='1']")
    assert bob.page.locator("#profile-name").inner_text() == "No such player"
    assert "No user named" in bob.page.locator("#profile-missing").inner_text()
    # The leaderboard links people (not bots) to their profiles.
    bob.goto("/leaderboard?game=hercules")
    bob.page.wait_for_selector("#rating-table")
    assert bob.page.locator(f"#rating-table a[href='/users/{ann.name}']").count() == 1
    assert ann.errors == [] and [e for e in bob.errors if "/api/users/nobody-at-all" not in e] == []


def test_play_again_accepted_by_two_people_starts_the_new_game(people: Any) -> None:
    cy = people("cy")
    dee = people("dee")
    old = _started(cy, dee)
    for who in (cy, dee):
        who.goto(f"/tables/{old}")
        who.page.wait_for_selector("body[data-status='playing']")
        who.page.wait_for_selector("#connection[data-state='live']")
    api(dee, "POST", f"/api/tables/{old}/leave", {})  # dee resigns: the game is over
    for who in (cy, dee):
        who.page.wait_for_selector("body[data-status='finished'] #play-again")

    cy.page.get_by_role("button", name="Play again").click()
    cy.page.wait_for_selector(f"#again-status:has-text('waiting for {dee.name} to accept')")
    # dee's page hears of it at once (the old table's push) and asks.
    offer = dee.page.locator("#again-offer")
    offer.wait_for()
    assert f"{cy.name} offers a new game" in offer.inner_text()
    _checked(dee)
    dee.page.get_by_role("button", name="Accept").click()
    dee.page.wait_for_url(re.compile(r".*/tables/(?!" + re.escape(old) + r")[^/?#]+$"))
    new = dee.page.url.rsplit("/", 1)[1]
    dee.page.wait_for_selector("body[data-status='playing']")
    # The seats moved one place: dee (old seat 1) is seat 0 now, and cy, who asked, seat 1.
    assert dee.page.evaluate("document.body.dataset.seat") == "0"
    cy.page.wait_for_selector("#again-status:has-text('The new game has started')")
    cy.page.get_by_role("link", name="Go to the new table").click()
    cy.page.wait_for_url(f"{cy.base}/tables/{new}")
    cy.page.wait_for_selector("body[data-status='playing']")
    assert cy.page.evaluate("document.body.dataset.seat") == "1"
    assert cy.errors == [] and dee.errors == []


def test_a_friend_invited_from_the_list_and_watched_playing(people: Any) -> None:
    eve = people("eve")
    fay = people("fay")
    page = eve.page
    eve.goto("/lobby")
    page.wait_for_selector("body[data-ready='1'] #friends-section:not([hidden])")
    page.get_by_label("Add a friend by name").fill(fay.name)
    page.get_by_role("button", name="Add friend").click()
    item = page.locator(f"#friends li[data-friend='{fay.name}']")
    item.wait_for()
    assert item.get_by_role("link", name=fay.name).get_attribute("href") == f"/users/{fay.name}"

    # Invite from the list: a seat of the new table becomes fay's invitation.
    page.select_option("#game", "hellas")
    page.select_option("#players", "2")
    item.get_by_role("button", name="Invite").click()
    assert page.locator("#seat-1-kind").input_value() == "user"
    assert page.locator("#seat-1-user").input_value() == fay.name
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r".*/tables/[^/?#]+$"))
    table = page.url.rsplit("/", 1)[1]
    page.wait_for_selector(f"#waiting-seats li:has-text('{fay.name} (invited)')")
    assert page.locator(f"#waiting-seats a[href='/users/{fay.name}']").count() == 1
    fay.goto("/lobby")
    card = fay.page.locator(f"#mine [data-table='{table}']")
    card.wait_for()
    card.get_by_role("button", name="Accept").click()
    page.wait_for_selector(f"#waiting-seats li:has-text('{fay.name}'):not(:has-text('invited'))")

    # Fay plays a public game against a bot: eve's lobby lists it under Friends playing now.
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
    playing = str(api(fay, "POST", "/api/tables", body)["table"]["id"])
    api(fay, "POST", f"/api/tables/{playing}/start", {})
    eve.goto("/lobby")
    watched = page.locator(f"#friends-playing [data-table='{playing}']")
    watched.wait_for()
    assert fay.name in watched.inner_text()
    _checked(eve)
    watched.get_by_role("link", name="Watch").click()
    page.wait_for_url(f"{eve.base}/tables/{playing}")
    page.wait_for_selector("body[data-status='playing']")
    assert "watching" in page.locator("#actions").inner_text()

    # Removing her empties the list.
    eve.goto("/lobby")
    item = page.locator(f"#friends li[data-friend='{fay.name}']")
    item.get_by_role("button", name="Remove").click()
    page.wait_for_selector("#friends li:has-text('No friends yet')")
    assert page.locator("#friends-playing").inner_text().startswith("None of your friends")
    assert eve.errors == [] and fay.errors == []
