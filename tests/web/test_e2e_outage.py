"""End to end: a table page whose socket is closed with 1013 ("try again later", the server's answer while its
database is out: server/round/socket.py) says the server is having trouble and waits the time the close's
reason names before it reconnects, instead of knocking every half second (js/shell/live.js).

The close comes through Playwright's WebSocket routing, as the server sends it; tests/server/test_faults.py
checks that the server does send it when PostgreSQL is stopped.
"""

from __future__ import annotations

import re
import time
from typing import Any

from tests.web import e2e_harness
from tests.web.e2e_harness import create_table

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

HINT_SECONDS = 3


class Line:
    """Routes the page's table socket to the server and notes when each connection was asked for."""

    def __init__(self) -> None:
        self.routes: list[Any] = []
        self.opened: list[float] = []

    def handle(self, route: Any) -> None:
        self.opened.append(time.monotonic())
        route.connect_to_server()
        self.routes.append(route)

    def close_for_trouble(self) -> float:
        reason = f"the server is having trouble with its database; retry in {HINT_SECONDS} s"
        for route in self.routes:
            route.close(code=1013, reason=reason)
        self.routes.clear()
        return time.monotonic()


def test_a_1013_close_shows_the_trouble_and_waits_the_hint_before_reconnecting(people):
    gina = people("gina")
    line = Line()
    gina.page.route_web_socket(re.compile(r".*/ws/tables/.*"), line.handle)
    create_table(gina, "hercules", 2, [("me", ""), ("open", "")])
    gina.page.wait_for_selector("#connection[data-state='live']")
    first = len(line.opened)

    closed = line.close_for_trouble()
    status = gina.page.wait_for_selector("#connection[data-state='trouble']")
    assert "the server is having trouble" in status.inner_text()
    gina.page.wait_for_selector("#connection[data-state='live']", timeout=(HINT_SECONDS + 5) * 1000)
    assert len(line.opened) == first + 1, "one reconnection, after the wait"
    waited = line.opened[-1] - closed
    # The page waits the hint give or take a fifth (2.4-3.6 s here); its own backoff would try after 0.5 s.
    assert waited >= HINT_SECONDS * 0.8 - 0.2, f"reconnected after {waited:.2f} s"
    assert gina.errors == []
