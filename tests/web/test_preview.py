"""The board preview renders fixtures with the board host and the generic action chooser."""

from __future__ import annotations

from tests.web.conftest import screenshot


def test_preview_renders_a_fixture_and_lists_the_choices(page, static_server):
    page.goto(f"{static_server}/preview.html?game=hercules&fixture=2p-1-seat.json")
    page.wait_for_selector("body[data-rendered='hercules/2p-1-seat.json']")
    buttons = page.locator(".hk-actions button")
    assert buttons.count() >= 1
    buttons.first.click()
    assert page.locator("#chosen").inner_text().startswith("chose ")
    assert page.errors == []
    screenshot(page, "preview-hercules")
