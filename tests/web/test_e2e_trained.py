"""End to end: the lobby offers the trained bot only where a network is shipped, and it plays at the table."""

from __future__ import annotations

from typing import Any

from tests.web import e2e_harness
from tests.web.e2e_harness import choose_first, create_table, start_table, wait_for_turn_or_end

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _levels(page: Any, seat: int) -> list[str]:
    return [o.get_attribute("value") for o in page.locator(f"#seat-{seat}-level option").all()]


def test_a_trained_bot_is_offered_where_shipped_and_plays(people: Any) -> None:
    tia = people("tia")
    page = tia.page
    page.select_option("#game", "hellas")
    page.select_option("#players", "3")
    page.select_option("#seat-1-kind", "bot")
    assert "trained" not in _levels(page, 1)  # no network for three players
    page.select_option("#players", "2")
    page.select_option("#seat-1-kind", "bot")
    assert "trained" in _levels(page, 1)
    page.select_option("#game", "attika")
    page.select_option("#seat-1-kind", "bot")
    assert "trained" not in _levels(page, 1)
    create_table(tia, "hellas", 2, [("me", ""), ("bot", "trained")])
    page.get_by_text("Bot 2 (trained)").first.wait_for()  # the table page has drawn its seats
    start_table(tia)
    for _ in range(6):  # my decisions; the network answers in between
        if wait_for_turn_or_end(tia) == "finished":
            break
        choose_first(tia)
    log = page.locator("#log").inner_text()
    assert "Bot 2 (trained)" in log
    assert tia.errors == []
