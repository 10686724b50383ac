"""End to end in Chromium against the real server, under the pages' strict Content-Security-Policy: the
settings page's *Vacation* section (start one by the keyboard, see it on the opponent's table page and in the
days left, end it early, the API's 422 in words) and the browser channel of the notification settings (with
it off no ``Notification`` is made even with the permission granted, with it on one is; the title's count
shows either way). ``window.Notification`` is wrapped by the same init script as in test_e2e_games_list.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web import e2e_harness
from tests.web.conftest import screenshot
from tests.web.e2e_harness import Person, register
from tests.web.test_e2e_games_list import RECORDERS, api, play_until_turn_of, table_with, violations

pytestmark = pytest.mark.xdist_group("browser")

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def refused_vacation(text: str) -> bool:
    """The console line Chromium logs for the 422s the test asks for on purpose."""
    return "status of 422" in text and text.endswith("/api/me/vacation]")


def person(people: Any, prefix: str, *, notifications: bool = False, clock: bool = False) -> Person:
    """A registered person whose pages keep the policy, with the recorders (and, if asked, the permission
    to show notifications and a clock the test can fast-forward)."""
    someone: Person = people(prefix, registered=False, csp=True, allowed=refused_vacation)
    someone.page.add_init_script(RECORDERS)
    if notifications:
        someone.page.context.grant_permissions(["notifications"], origin=someone.base)
    if clock:
        someone.page.clock.install()
    register(someone)
    return someone


def open_settings(who: Person) -> Any:
    who.goto("/settings")
    page = who.page
    page.wait_for_selector("body[data-ready='1'][data-vacation]")
    return page


def local_time(who: Person, iso: str) -> str:
    """An ISO time as the pages write it (dom.js's formatTime, in the browser's locale and zone)."""
    text: str = who.page.evaluate("async (t) => (await import('/static/js/shell/dom.js')).formatTime(t)", iso)
    return text


def days_left_text(status: dict[str, Any]) -> str:
    return f"{status['days_left']} of {status['days_per_year']} vacation days left this year."


def no_horizontal_overflow(who: Person) -> None:
    for width in (390, 1280):
        who.page.set_viewport_size({"width": width, "height": 900})
        who.page.wait_for_timeout(100)
        sizes = who.page.evaluate(
            "() => [document.documentElement.scrollWidth, window.innerWidth,"
            " document.getElementById('vacation-form').getBoundingClientRect().right]"
        )
        scroll, inner, right = sizes
        assert scroll <= inner and right <= inner + 0.5, (width, sizes)
    who.page.set_viewport_size({"width": 1280, "height": 900})


def test_vacation_from_the_settings_page(people: Any) -> None:
    ann = person(people, "ann")
    bob = person(people, "bob")
    table = table_with(ann, bob, mode="turn-based", deadline_hours=24)
    play_until_turn_of({0: ann, 1: bob}, table, 0)

    page = open_settings(ann)
    assert page.locator("#vacation-now").inner_text() == "You are not on vacation."
    before = api(ann, "GET", "/api/me/vacation")
    assert before["vacation"] is None
    assert page.locator("#vacation-left").inner_text() == days_left_text(before)
    field = page.get_by_label("Vacation days")
    assert field.get_attribute("max") == str(before["days_left"])
    assert page.locator("#vacation-end").is_hidden()
    no_horizontal_overflow(ann)

    # Asking more days than are left: the API's words, in the alert region, and nothing started.
    too_many = before["days_left"] + 1
    field.fill(str(too_many))
    page.get_by_role("button", name="Start vacation").click()
    alert = page.locator("#vacation-error[role='alert']")
    alert.wait_for(state="visible")
    assert alert.inner_text() == (
        f"You have {before['days_left']} vacation days left this year "
        f"({before['days_per_year']} a year); asked for {too_many}."
    )
    field.fill("999")  # past the schema's limit (366): FastAPI's own 422, still in words
    page.get_by_role("button", name="Start vacation").click()
    page.wait_for_selector("#vacation-error:has-text('366')")
    assert page.locator("#vacation-error").inner_text() == "Days: Input should be less than or equal to 366."
    assert api(ann, "GET", "/api/me/vacation")["vacation"] is None

    # Start one by the keyboard: the number, then Enter in the field.
    field.fill("3")
    field.press("Enter")
    page.wait_for_selector("body[data-vacation='on']")
    status = api(ann, "GET", "/api/me/vacation")
    until = local_time(ann, status["vacation"]["ends_at"])
    assert status["days_left"] == before["days_left"] - 3
    assert page.locator("#vacation-now").inner_text() == (
        f"You are on vacation until {until}: your turn deadlines wait."
    )
    assert page.locator("#vacation-left").inner_text() == days_left_text(status)
    assert page.locator("#vacation-error").inner_text() == ""
    assert field.is_hidden()
    end = page.get_by_role("button", name="End vacation now")
    assert end.is_visible()
    assert page.evaluate("() => document.activeElement.id") == "vacation-end"
    no_horizontal_overflow(ann)
    screenshot(page, "settings-vacation")

    # The opponent's table page says so: the summary and the deadline line of ann's turn.
    bob.goto(f"/tables/{table}")
    bob.page.wait_for_selector("body[data-status='playing']")
    summary = bob.page.locator("#summary")
    assert f"{ann.name} on vacation until {until}" in summary.inner_text(), summary.inner_text()
    assert bob.page.locator("#deadline").inner_text() == (
        f"{ann.name} is on vacation until {until}: the deadline waits."
    )

    # End it early (the button by the keyboard): the days that did not run come back.
    end.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-vacation='off']")
    after = api(ann, "GET", "/api/me/vacation")
    assert after["vacation"] is None
    assert after["days_left"] >= status["days_left"]
    assert page.locator("#vacation-now").inner_text() == "You are not on vacation."
    assert page.locator("#vacation-left").inner_text() == days_left_text(after)
    assert field.is_visible() and end.is_hidden()
    bob.page.reload()
    bob.page.wait_for_selector("body[data-status='playing']")
    assert "on vacation" not in bob.page.locator("#summary").inner_text()
    assert "Next move due by" in bob.page.locator("#deadline").inner_text()

    assert violations(ann) == [] and violations(bob) == []
    assert ann.errors == [] and bob.errors == []


def set_browser_channel(page: Any, on: bool) -> None:
    page.get_by_label("the browser, while a Hellenika page is open").set_checked(on)
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector("#saved:has-text('Saved.')")


def test_browser_notifications_follow_the_setting(people: Any) -> None:
    ann = person(people, "cat", notifications=True, clock=True)
    bob = person(people, "dan")
    first = table_with(ann, bob, mode="turn-based")
    second = table_with(ann, bob, mode="turn-based")
    play_until_turn_of({0: ann, 1: bob}, first, 1)
    play_until_turn_of({0: ann, 1: bob}, second, 1)

    # The browser channel off: a game that starts waiting shows in the title, without a notification.
    page = open_settings(ann)
    page.wait_for_selector("body[data-waiting='0']")
    assert page.evaluate("() => Notification.permission") == "granted"
    set_browser_channel(page, False)
    assert api(ann, "GET", "/api/me/settings")["by_browser"] is False
    play_until_turn_of({0: ann, 1: bob}, first, 0)
    page.clock.fast_forward(31_000)
    page.wait_for_selector("body[data-waiting='1']")
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.hkNotes") == []

    # A fresh page reads the stored setting (off) when it starts: still none.
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-waiting='1']")
    play_until_turn_of({0: ann, 1: bob}, second, 0)
    page.clock.fast_forward(31_000)
    page.wait_for_selector("body[data-waiting='2']")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.hkNotes") == []

    # On again (saved on this page): the next game that starts waiting makes one notification.
    set_browser_channel(page, True)
    assert api(ann, "GET", "/api/me/settings")["by_browser"] is True
    third = table_with(ann, bob, mode="turn-based")
    play_until_turn_of({0: ann, 1: bob}, third, 0)
    page.clock.fast_forward(31_000)
    page.wait_for_selector("body[data-waiting='3']")
    page.wait_for_function("() => window.hkNotes.length > 0")
    notes = page.evaluate("() => window.hkNotes")
    assert [n["tag"] for n in notes] == [f"hellenika-turn-{third}"], notes
    assert re.fullmatch(rf"Your turn: Hercules #{third}", notes[0]["title"])
    assert violations(ann) == [] and violations(bob) == []
    assert ann.errors == [] and bob.errors == []
