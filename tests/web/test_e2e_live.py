"""End to end: a page whose WebSocket drops shows it, reconnects with backoff, sends
``{"type": "sync", "version": n}`` and catches up with the moves it missed; a visitor who is not seated
watches the public view, without choices, as it changes.

The drop is made with Playwright's WebSocket routing: the page talks to the real server through a route the
test can close, and while the route refuses new connections the page keeps retrying.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from tests.web import e2e_harness
from tests.web.e2e_harness import choose_first, create_table, is_my_turn, start_table, version, whose_turn

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

MAX_DECISIONS = 300  # a Hercules game against a bot takes far fewer
CATCH_UP_MS = 8_000  # the backoff is 0.5 s, 1 s, 2 s ...: three refused attempts and a good one fit easily


class Switchboard:
    """Routes a page's table WebSocket to the server, records what the page sends, and can cut the line."""

    def __init__(self) -> None:
        self.routes: list[Any] = []
        self.sent: list[dict[str, Any]] = []
        self.refuse = False

    def handle(self, route: Any) -> None:
        if self.refuse:
            route.close(code=1011, reason="test: server unreachable")
            return
        server = route.connect_to_server()
        self.routes.append(route)

        def forward(message: str | bytes) -> None:
            self.sent.append(json.loads(message))
            server.send(message)

        route.on_message(forward)

    def cut(self) -> None:
        self.refuse = True
        for route in self.routes:
            route.close(code=1011, reason="test: dropped")
        self.routes.clear()


def test_a_dropped_connection_reconnects_syncs_and_catches_up_and_a_spectator_watches(people, browser):
    gina = people("gina")
    hugo = people("hugo")
    board = Switchboard()
    gina.page.route_web_socket(re.compile(r".*/ws/tables/.*"), board.handle)

    table = create_table(gina, "hellas", 2, [("me", ""), ("open", "")])
    hugo.goto(f"/tables/{table}")
    hugo.page.get_by_role("button", name="Join").click()
    hugo.page.wait_for_selector("#leave")
    gina.page.wait_for_selector(f"#waiting-seats li:has-text({hugo.name!r})")
    start_table(gina)
    for person in (gina, hugo):
        person.page.wait_for_selector("#connection[data-state='live']")

    # A visitor who is not logged in watches: the public view, no choices, and it follows the game.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        spectator = context.new_page()
        spectator.goto(f"{gina.base}/lobby")
        spectator.locator(f"#playing-tables [data-table='{table}']").get_by_role("link", name="Watch").click()
        spectator.wait_for_url(f"{gina.base}/tables/{table}")
        spectator.wait_for_selector("body[data-status='playing']")
        spectator.wait_for_selector("#connection[data-state='live']")
        assert spectator.locator("#actions .hk-actions button").count() == 0
        assert "watching" in spectator.locator("#actions").inner_text()
        assert spectator.evaluate("document.body.dataset.seat") == ""

        # Play on until it is Hugo's turn, so that the move Gina misses is not her own.
        for _ in range(10):
            if whose_turn([gina, hugo]) is hugo:
                break
            before = choose_first(gina)
            hugo.page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        assert is_my_turn(hugo)
        gina.page.wait_for_function(f"document.body.dataset.version === '{version(hugo)}'")
        seen = version(gina)

        # Cut Gina's line; her page says so and keeps trying while the "server" refuses.
        before_cut = sum(m.get("type") == "sync" for m in board.sent)
        board.cut()
        gina.page.wait_for_selector("#connection[data-state='reconnecting']")
        choose_first(hugo)
        hugo.page.wait_for_function(f"Number(document.body.dataset.version) > {seen}")
        # A function, not a string: the spectator's page keeps the site's CSP, which forbids eval.
        spectator.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=seen)
        latest = version(hugo)
        gina.page.wait_for_timeout(300)
        assert version(gina) == seen, "the move cannot have reached Gina without her socket"

        # The line comes back: her page reconnects, asks to sync from the version it has, and catches up.
        board.refuse = False
        gina.page.wait_for_selector("#connection[data-state='live']", timeout=CATCH_UP_MS)
        gina.page.wait_for_function(f"Number(document.body.dataset.version) >= {latest}", timeout=CATCH_UP_MS)
        syncs = [m for m in board.sent if m.get("type") == "sync"]
        # One (or more: pages resync every 15 s) on the first connection, then the reconnection's own.
        assert before_cut >= 1 and len(syncs) > before_cut, syncs
        assert syncs[before_cut]["version"] == seen
        assert gina.errors == [] and hugo.errors == []
    finally:
        context.close()


def test_a_late_answer_never_draws_over_a_newer_push(people):
    """Every GET of the table's state is answered 1.5 s late, so a bot's pushed move overtakes it (as a slow
    network or a busy server does): the page keeps the newest model and the game plays to its end."""
    dana = people("dana")
    late: list[int] = []

    def answer_late(route: Any) -> None:
        response = route.fetch()  # the state as it is now...
        late.append(json.loads(response.text())["version"])
        time.sleep(1.5)  # ...delivered after any push sent meanwhile
        route.fulfill(response=response)

    dana.page.route(re.compile(r".*/api/tables/[^/]+/state$"), answer_late)
    create_table(dana, "hercules", 2, [("bot", "easy"), ("me", "")])
    start_table(dana)
    decisions, shown = 0, -1
    while e2e_harness.wait_for_turn_or_end(dana) == "turn":
        assert decisions < MAX_DECISIONS, "the game did not end"
        assert version(dana) >= shown, "the page went back to an older model"
        shown = version(dana)
        choose_first(dana)
        decisions += 1
    assert decisions > 0 and late, "the test should have delayed some answers"
    assert dana.errors == []
