"""End to end in Chromium against the real server (real time, the deadline watcher running): the clocks of a
live table tick on both players' pages and agree, low time is marked, a player whose time runs out is decided
about by the other (a bot plays the turn), the lobby's form offers the game's clocks, and both players
abandoning ends the game unrated; at 1280 and 390 px, with screenshots and no axe violation."""

from __future__ import annotations

import time
from typing import Any

from tests.web import e2e_harness
from tests.web.conftest import screenshot
from tests.web.e2e_harness import Person, api, start_table
from tests.web.test_e2e_axe import violations

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _live_table(host: Person, guest: Person, minutes: float, increment: float = 0) -> str:
    """A live Hercules table of two people with this clock, started, both pages open on it."""
    created = api(
        host,
        "POST",
        "/api/tables",
        {
            "game": "hercules",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "user": guest.name}],
            "time_control": {"kind": "live", "minutes": minutes, "increment": increment},
        },
    )
    table = created["table"]["id"]
    api(guest, "POST", f"/api/tables/{table}/accept")
    host.goto(f"/tables/{table}")
    start_table(host)
    guest.goto(f"/tables/{table}")
    for person in (host, guest):
        person.page.wait_for_selector("body[data-status='playing']")
        person.page.wait_for_selector("#connection[data-state='live']")
        person.page.wait_for_selector("#clocks .hk-clock[data-running='true']")
    return str(table)


def _seconds(person: Person) -> dict[int, float]:
    found: dict[int, float] = person.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#clocks .hk-clock')]
              .map((c) => [Number(c.dataset.seat), Number(c.dataset.seconds)]))"""
    )
    return {int(k): v for k, v in found.items()}


def _running(person: Person) -> int:
    return int(person.page.locator("#clocks .hk-clock[data-running='true']").get_attribute("data-seat") or -1)


def test_live_clocks_tick_agree_and_a_timeout_is_decided_by_the_other_player(people: Any) -> None:
    ann = people("ann")
    bob = people("bob")
    table = _live_table(ann, bob, minutes=0.25)  # 15 s each: always low, runs out soon
    running = _running(ann)
    assert _running(bob) == running
    first = _seconds(ann)
    time.sleep(1.5)
    later, theirs = _seconds(ann), _seconds(bob)
    assert first[running] - later[running] >= 1.0, "the running clock ticks"
    assert later[1 - running] == first[1 - running] == 15.0, "the other one stands still"
    assert abs(later[running] - theirs[running]) < 1.0, "both pages show the same time"
    chip = ann.page.locator(f"#clocks .hk-clock[data-seat='{running}']")
    assert chip.get_attribute("data-low") == "true" and "hk-clock-low" in (chip.get_attribute("class") or "")
    for width in (1280, 390):
        for person in (ann, bob):
            person.page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
            screenshot(person.page, f"clocks-{person.name}-{width}")
    assert violations(ann.page) == [] and violations(bob.page) == []

    # Nobody moves: the running seat's time runs out, the other is asked.
    late, other = (ann, bob) if running == 0 else (bob, ann)
    other.page.wait_for_selector("#timeout-bot", timeout=30_000)
    late.page.wait_for_selector("#timeout-ask:has-text('Your time ran out')")
    assert violations(other.page) == []
    screenshot(other.page, "clocks-timeout-ask-390")
    other.page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(other.page, "clocks-timeout-ask-1280")
    other.page.locator("#timeout-bot").click()
    other.page.wait_for_selector("#timeout-ask", state="hidden")
    # The bot played exactly the late seat's turn: the other player's clock runs now, and the late seat's
    # clock shows the timeout.
    running_now = "document.querySelector('#clocks .hk-clock[data-running=\"true\"]')?.dataset.seat"
    other.page.wait_for_function(f"() => {running_now} === '{1 - running}'")
    state = api(other, "GET", f"/api/tables/{table}/state")
    assert state["table"]["clock"]["timeouts"][running] == 1
    assert state["to_move"] == 1 - running
    assert "ran out 1×" in other.page.locator(f"#clocks .hk-clock[data-seat='{running}']").inner_text()
    assert ann.errors == [] and bob.errors == []


def test_the_lobby_offers_the_games_clocks_and_both_players_abandoning_ends_the_game(people: Any) -> None:
    cleo = people("cleo")
    dan = people("dan")
    page = cleo.page
    cleo.goto("/lobby")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "hellas")
    options = page.locator("#clock option").all_inner_texts()
    assert options[:3] == [
        "fast: 5+5 (minutes each + seconds a turn)",
        "normal: 10+10 (minutes each + seconds a turn)",
        "slow: 20+20 (minutes each + seconds a turn)",
    ]
    assert page.locator("#clock option:checked").inner_text().startswith("normal")
    page.select_option("#mode", "turn-based")
    turn_based = page.locator("#clock option").all_inner_texts()
    assert "1 move a day (a bank of time)" in turn_based and "3 days a move" in turn_based
    assert page.locator("#clock option:checked").inner_text() == "3 days a move"
    page.select_option("#mode", "live")
    page.select_option("#clock", label="fast: 5+5 (minutes each + seconds a turn)")
    page.select_option("#seat-1-kind", "user")
    page.fill("#seat-1-user", dan.name)
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(f"{cleo.base}/tables/*")
    table = page.url.rsplit("/", 1)[1]
    created = api(cleo, "GET", f"/api/tables/{table}")["table"]
    assert created["time_control"]["label"] == "5+5" and created["rated"] is True
    api(dan, "POST", f"/api/tables/{table}/accept")
    cleo.goto(f"/tables/{table}")
    start_table(cleo)
    assert cleo.page.locator("#clocks .hk-clock-kind").inner_text() == "Clock: 5+5"

    dan.goto(f"/tables/{table}")
    dan.page.wait_for_selector("body[data-status='playing']")
    cleo.page.once("dialog", lambda dialog: dialog.accept())
    cleo.page.locator("#abandon").click()
    dan.page.wait_for_selector("#abandon-votes:has-text('Voted to abandon')")
    assert dan.page.locator("#abandon").inner_text() == "Offer to abandon"
    dan.page.once("dialog", lambda dialog: dialog.accept())
    dan.page.locator("#abandon").click()
    for person in (cleo, dan):
        person.page.wait_for_selector("body[data-status='finished']")
    final = api(cleo, "GET", f"/api/tables/{table}")["table"]
    assert final["result"]["abandoned"] is True and final["result"]["rated"] is False
    assert "abandon" in (final["end_text"] or "")
    assert "abandon" in cleo.page.locator("#winner").inner_text()
    assert violations(cleo.page) == []
    assert cleo.errors == [] and dan.errors == []
