"""axe-core (through axe-playwright-python) over every page of the site against the real server: the home
page, login, lobby, leaderboard, settings, the admin's outbox, a replay, and the table page of each game in
play with the player's choices showing. Every rule axe runs by default applies; none is turned off. A page
passes with 0 violations; a failure lists each rule with its nodes, so the fix can be found.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import page_tour
from tests.web.page_tour import GAMES, PAGES, open_login, open_page, open_table

pytestmark = pytest.mark.xdist_group("browser")

own_server = page_tour.own_server
admin = page_tour.admin
tables = page_tour.tables
replay = page_tour.replay


def violations(page: Any) -> list[str]:
    """axe's violations on the page as it is now: one line a rule, with up to 3 of its nodes."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found = []
    for rule in results.response["violations"]:
        nodes = "; ".join(f"{n['target']} {n.get('failureSummary', '')[:160]!r}" for n in rule["nodes"][:3])
        found.append(f"{rule['id']} ({len(rule['nodes'])}): {nodes}")
    assert len(found) == results.violations_count
    return found


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, page_tour.PHONE], ids=["wide", "phone"])
def test_every_page_has_no_axe_violations(
    admin: Any, replay: str, browser: Any, own_server: str, viewport: Any
) -> None:
    admin.page.set_viewport_size(viewport)
    found = {}
    for name, _path, _ready in PAGES:
        open_page(admin, name, replay)
        found[name] = violations(admin.page)
    context, login = open_login(browser, own_server, viewport)
    try:
        found["login"] = violations(login)
    finally:
        context.close()
    assert found == {name: [] for name in found}
    assert admin.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_every_table_page_in_play_has_no_axe_violations(
    admin: Any, tables: dict[str, str], game: str
) -> None:
    admin.page.set_viewport_size({"width": 1280, "height": 900})
    open_table(admin, tables[game])
    # The choices and the board's clickable parts are on the page (what axe must see).
    assert admin.page.locator("#actions .hk-actions button").count() > 0
    assert admin.page.locator("#board svg").count() == 1
    assert violations(admin.page) == []
    admin.page.set_viewport_size(page_tour.PHONE)
    admin.page.wait_for_timeout(200)
    assert violations(admin.page) == []
    assert admin.errors == []


# --------------------------------------------------------------------------- the keyboard and screen readers

FOCUS = """() => {
  const a = document.activeElement;
  return { tag: a.tagName, inActions: document.querySelector('#actions').contains(a),
    choice: a.matches('#actions .hk-actions button'), target: a.matches('#board .hk-target'),
    enabled: a.matches('#actions .hk-actions button:not([disabled])') };
}"""

MY_TURN = (
    "() => document.body.dataset.seat === document.body.dataset.toMove"
    " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null"
)


def press_until(page: Any, key: str, test: str, limit: int = 300) -> int:
    """Press ``key`` until the focused element passes ``test`` (a function of it); answers the presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press(key)
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return presses
    raise AssertionError(f"{key} x {limit} never reached {test}")


def test_playing_by_keyboard_only(admin: Any) -> None:
    """Hellas against a bot, by keyboard only: the choices' names read as words, Tab reaches the first
    choice, Enter plays it and the focus stays in the choice list (the first choice again once the page
    shows the next position); Space on a board part plays or points at its choices as Enter does; the live
    region says whose turn it is and what the bot did."""
    page = admin.page
    page.set_viewport_size({"width": 1280, "height": 900})
    table = page_tour.table_against_bot(admin, "hellas")
    open_table(admin, table)

    # Names: the label, a comma, the notation.
    state = page_tour.api(admin, "GET", f"/api/tables/{table}/state")
    for action in state["legal"][:5]:
        name = f"{action['label']}, {action['notation']}"
        found = page.get_by_role("button", name=name, exact=True).count()
        assert found >= 1, (name, page.locator("#actions .hk-actions").aria_snapshot()[:600])
        assert page.get_by_role("button", name=action["label"] + action["notation"], exact=True).count() == 0
    assert page.locator("#announce").inner_text().endswith("Your turn.")

    page.locator("body").focus()
    press_until(page, "Tab", "(el) => el.matches('#actions .hk-actions button')")
    seat = int(page.evaluate("() => document.body.dataset.seat"))
    moves = 0
    bot_moved = False
    # Until the bot has moved: bots do not pause in tests, so the turn may be mine again before the page is
    # asked whose turn it is, and the loop tells the bot's move by the log.
    while not bot_moved and page.evaluate(MY_TURN) and moves < 20:
        before = int(page.evaluate("() => Number(document.body.dataset.version)"))
        logged = len(page_tour.api(admin, "GET", f"/api/tables/{table}/state")["log"])
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        moves += 1
        # Never on <body>: on a choice, or on the list while the choices wait.
        page.wait_for_function(
            f"() => Number(document.body.dataset.version) > {before} && "
            "(document.activeElement.matches('#actions .hk-actions button:not([disabled])')"
            " || document.body.dataset.seat !== document.body.dataset.toMove)"
        )
        focus = page.evaluate(FOCUS)
        assert focus["inActions"], focus
        since = page_tour.api(admin, "GET", f"/api/tables/{table}/state")["log"][logged:]
        bot_moved = any(line.get("actor") not in (None, seat) for line in since)
    assert moves >= 2  # the first choice of a turn leads to a second step of it
    assert bot_moved, moves
    # The bot moves; the turn comes back with the focus on the first choice, and the live region has said
    # what the bot did and that it is my turn.
    page.wait_for_function(MY_TURN)
    page.wait_for_function(
        "() => document.activeElement.matches('#actions .hk-actions button:not([disabled])')"
    )
    state = page_tour.api(admin, "GET", f"/api/tables/{table}/state")
    theirs = [line["text"] for line in state["log"] if line.get("actor") not in (None, seat)]
    said = page.locator("#announce").inner_text()
    assert said.endswith("Your turn."), said
    assert any(text in said for text in theirs[-6:]), (said, theirs[-6:])

    # Space on a board part (Shift+Tab goes back from the choices into the board), as Enter would.
    press_until(page, "Shift+Tab", "(el) => el.matches('#board .hk-target')")
    before = int(page.evaluate("() => Number(document.body.dataset.version)"))
    scrolled = page.evaluate("() => window.scrollY")
    page.keyboard.press("Space")
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before}"
        " || document.querySelector('#actions .hk-highlight') !== null"
    )
    assert page.evaluate("() => window.scrollY") == scrolled  # Space did not scroll the page
    if int(page.evaluate("() => Number(document.body.dataset.version)")) > before:
        page.wait_for_function("() => document.querySelector('#actions').contains(document.activeElement)")
    assert admin.errors == []
