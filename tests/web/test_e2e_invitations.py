"""End to end: an invitation by name is a question, not a seat. The invitee finds it in the lobby's
*My games*, accepts it on the table page, and only then can the creator start the game; declining opens the
seat."""

from __future__ import annotations

from tests.web import e2e_harness
from tests.web.e2e_harness import create_table, start_table

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _is_expected_failure(message: str) -> bool:
    # Chrome logs each 4xx answer as a console error; the early Start below provokes exactly one.
    return "Failed to load resource" in message and "/api/" in message


def test_the_invitee_accepts_on_the_table_page_and_the_creator_starts(people):
    gia = people("gia", allowed=_is_expected_failure)
    hal = people("hal")
    table = create_table(gia, "hellas", 2, [("me", ""), ("user", hal.name)], mode="turn-based")
    gia.page.wait_for_selector("body[data-status='waiting']")
    assert f"{hal.name} (invited)" in gia.page.locator("#waiting-seats").inner_text()
    assert f"Waiting for {hal.name} to accept" in gia.page.locator("#waiting-note").inner_text()

    # Starting before the invitee has answered is refused, in words naming the seat.
    gia.page.get_by_role("button", name="Start").click()
    gia.page.wait_for_selector("#hk-messages:has-text('not accepted yet')")
    assert gia.page.evaluate("document.body.dataset.status") == "waiting"

    # The invitee sees the invitation in the lobby's My games, opens the table and accepts there.
    hal.goto("/lobby")
    hal.page.wait_for_selector("body[data-ready='1']")
    card = hal.page.locator(f"#mine [data-table='{table}']")
    card.wait_for()
    assert "You are invited" in card.inner_text()
    assert card.get_by_role("button", name="Accept").is_visible()
    assert card.get_by_role("button", name="Decline").is_visible()
    card.get_by_role("link", name="Open").click()
    hal.page.wait_for_url(f"{hal.base}/tables/{table}")
    hal.page.wait_for_selector("body[data-status='waiting']")
    assert "You are invited" in hal.page.locator("#invitation").inner_text()
    assert hal.page.get_by_role("button", name="Join").count() == 0
    hal.page.get_by_role("button", name="Accept", exact=True).click()
    hal.page.wait_for_selector("#leave")
    assert "(invited)" not in hal.page.locator("#waiting-seats").inner_text()
    assert hal.page.locator("#invitation").count() == 0

    # The creator's page sees the seat taken without a reload, and the game starts on both pages. (The
    # pages' console is checked before the boards draw: the boards have their own browser tests.)
    gia.page.wait_for_selector("#waiting-note:has-text('start when you are ready')")
    assert gia.errors == [] and hal.errors == []
    start_table(gia)
    hal.page.wait_for_selector("body[data-status='playing']")
    assert hal.page.evaluate("document.body.dataset.seat") == "1"


def test_declining_in_the_lobby_opens_the_seat(people):
    ida = people("ida")
    jon = people("jon")
    table = create_table(ida, "hercules", 2, [("me", ""), ("user", jon.name)])
    jon.goto("/lobby")
    jon.page.wait_for_selector("body[data-ready='1']")
    card = jon.page.locator(f"#mine [data-table='{table}']")
    card.get_by_role("button", name="Decline").click()
    jon.page.wait_for_selector(f"#mine [data-table='{table}']", state="detached")
    ida.page.wait_for_selector("#waiting-note:has-text('Waiting for 1 more player')")
    assert "open seat" in ida.page.locator("#waiting-seats").inner_text()
    assert ida.errors == [] and jon.errors == []
