"""Phones and narrow windows (390 x 844 and 800 x 1000), end to end against the real server: no page scrolls
sideways; on each game's table page in play the first choice is on screen (the choices dock at the bottom,
with whose turn it is and their count, and fold away in one tap), the choice buttons and the controls are at
least 44 x 44 CSS px, and the board zooms and pans (buttons, Ctrl + wheel, a two-finger pinch) up to a zoom
at which its smallest text is at least 11 px. Messages such as "Your last move was taken back." float over
the page: the board does not move when one appears.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import page_tour
from tests.web.conftest import screenshot
from tests.web.page_tour import GAMES, PAGES, PHONE, TABLET, open_login, open_page, open_table

pytestmark = pytest.mark.xdist_group("browser")

own_server = page_tour.own_server
admin = page_tour.admin
tables = page_tour.tables
replay = page_tour.replay

VIEWPORTS = [PHONE, TABLET]
IDS = ["390x844", "800x1000"]
TARGET_PX = 44
READABLE_PX = 11

# Measured in the page: the width the document scrolls to against the window's, and what sticks out.
OVERFLOW = """() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const culprits = [...document.querySelectorAll("body *")]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5)
    .slice(0, 5)
    .map((el) => `${el.tagName}#${el.id}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  return { scroll: root.scrollWidth, width, inner: window.innerWidth, culprits };
}"""

# The smallest board text as drawn, in CSS px: font size times the text's scale on screen.
SMALLEST_TEXT = """() => {
  let smallest = Infinity;
  for (const t of document.querySelectorAll("#board svg text")) {
    if (!t.textContent.trim()) continue;
    const box = t.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const m = t.getScreenCTM();
    smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return smallest;
}"""

# Every visible button of the choices and the table's controls: its size.
TARGETS = """() => [...document.querySelectorAll(
    "#actions .hk-actions button, #dock-toggle, #undo, #resign, .hk-board-tools button")]
  .filter((b) => !b.hidden && b.getClientRects().length)
  .map((b) => { const r = b.getBoundingClientRect();
    return { id: b.id || b.dataset.zoom || b.dataset.notation, w: r.width, h: r.height }; })"""

# Where the first choice is, and whether a tap at its centre reaches it (not the board or something above).
FIRST_CHOICE = """() => {
  const b = document.querySelector("#actions .hk-actions button:not([disabled])");
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return { top: r.top, bottom: r.bottom, height: innerHeight, reachable: Boolean(hit && b.contains(hit)) };
}"""


def no_overflow(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["inner"], found
    return found


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=IDS)
def test_no_page_scrolls_sideways(
    admin: Any, tables: dict[str, str], replay: str, browser: Any, own_server: str, viewport: Any
) -> None:
    # With tables in play (the lobby lists them) and a replay uploaded.
    admin.page.set_viewport_size(viewport)
    widths = {}
    for name, _path, _ready in PAGES:
        open_page(admin, name, replay)
        widths[name] = no_overflow(admin.page)["scroll"]
        screenshot(admin.page, f"phone-{name}-{viewport['width']}")
    context, login = open_login(browser, own_server, viewport)
    try:
        widths["login"] = no_overflow(login)["scroll"]
    finally:
        context.close()
    assert all(width <= viewport["width"] for width in widths.values()), widths
    print(f"{viewport['width']}: document widths {widths}")
    assert admin.errors == []


def zoom_state(page: Any) -> tuple[float, float]:
    zoom = float(page.locator("#board").get_attribute("data-zoom") or "0")
    smallest = float(page.evaluate(SMALLEST_TEXT))
    return zoom, smallest


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=IDS)
@pytest.mark.parametrize("game", GAMES)
def test_table_page_on_a_narrow_screen(admin: Any, tables: dict[str, str], game: str, viewport: Any) -> None:
    page = admin.page
    page.set_viewport_size(viewport)
    page.evaluate("() => window.scrollTo(0, 0)")
    open_table(admin, tables[game])
    no_overflow(page)

    # The first choice is on screen without scrolling past the board, and a tap there reaches it.
    first = page.evaluate(FIRST_CHOICE)
    assert first["reachable"], first
    assert first["top"] >= 0 and first["bottom"] <= first["height"], first
    # The dock's bar says whose turn it is and how many choices there are; one tap folds the choices away
    # (the whole board shows) and one more brings them back.
    count = page.locator("#actions .hk-actions button").count()
    toggle = page.locator("#dock-toggle")
    assert toggle.is_visible()
    assert toggle.inner_text().startswith(f"Your turn · {count} choice")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.locator("#actions .hk-actions button").first.is_hidden()
    toggle.click()
    assert page.evaluate(FIRST_CHOICE)["reachable"]

    # Touch targets: every choice button and control at least 44 x 44 CSS px.
    targets = page.evaluate(TARGETS)
    assert len(targets) >= count + 4
    small = [t for t in targets if t["w"] < TARGET_PX - 0.5 or t["h"] < TARGET_PX - 0.5]
    assert small == [], small
    smallest_target = (min(t["w"] for t in targets), min(t["h"] for t in targets))

    # The board's text at the fitted width is what it is; "Zoom to read" brings the smallest to 11 px at
    # least, the board then pans inside its box and the page still does not scroll sideways.
    fitted_zoom, fitted_text = zoom_state(page)
    assert fitted_zoom == 1
    page.locator(".hk-board-tools button[data-zoom='read']").click()
    zoom, smallest = zoom_state(page)
    assert smallest >= READABLE_PX, (fitted_text, zoom, smallest)
    if fitted_text < READABLE_PX:
        assert zoom > 1
        board = page.locator("#board")
        assert board.evaluate("(b) => b.scrollWidth > b.clientWidth")
        board.evaluate("(b) => { b.scrollLeft = 200; }")
        assert board.evaluate("(b) => b.scrollLeft") > 0
    no_overflow(page)
    screenshot(page, f"phone-table-{game}-{viewport['width']}-read")
    page.locator(".hk-board-tools button[data-zoom='fit']").click()
    assert zoom_state(page)[0] == 1
    assert admin.errors == []
    print(
        f"{game} {viewport['width']}: smallest text {fitted_text:.1f} px at fit,"
        f" {smallest:.1f} px at x{zoom:.2f}; first choice at {first['top']:.0f}-{first['bottom']:.0f} px;"
        f" smallest target {smallest_target[0]:.0f} x {smallest_target[1]:.0f} px"
    )


def test_board_zooms_with_buttons_wheel_and_pinch(admin: Any, tables: dict[str, str]) -> None:
    page = admin.page
    page.set_viewport_size(PHONE)
    open_table(admin, tables["hercules"])
    # The choices fold away so that the whole board shows.
    page.locator("#dock-toggle").click()
    board = page.locator("#board")
    board.scroll_into_view_if_needed()
    width = lambda: board.evaluate("(b) => b.querySelector('svg').getBoundingClientRect().width")  # noqa: E731
    fitted = width()
    page.get_by_role("button", name="Zoom in").click()
    assert width() == pytest.approx(fitted * 1.25, rel=0.01)
    page.get_by_role("button", name="Zoom out").click()
    assert width() == pytest.approx(fitted, rel=0.01)

    # Ctrl + wheel over the board zooms in (the page itself does not).
    box = board.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_function("() => Number(document.querySelector('#board').dataset.zoom) > 1.5")
    page.locator(".hk-board-tools button[data-zoom='fit']").click()

    # Two fingers moving apart: the board follows the spread (here doubled).
    page.evaluate(
        """() => {
          const b = document.querySelector('#board');
          const r = b.getBoundingClientRect();
          const y = r.top + 60;
          const touches = (d) => [0, 1].map((i) => new Touch({ identifier: i, target: b,
            clientX: r.left + r.width / 2 + (i ? d : -d), clientY: y }));
          const fire = (type, d) => b.dispatchEvent(new TouchEvent(type, {
            touches: d === null ? [] : touches(d), cancelable: true, bubbles: true }));
          fire('touchstart', 40); fire('touchmove', 60); fire('touchmove', 80); fire('touchend', null);
        }"""
    )
    assert float(board.get_attribute("data-zoom") or "0") == pytest.approx(2, rel=0.01)
    assert width() == pytest.approx(fitted * 2, rel=0.01)
    page.locator(".hk-board-tools button[data-zoom='fit']").click()
    page.locator("#dock-toggle").click()
    assert admin.errors == []


def test_a_message_does_not_move_the_board(admin: Any, tables: dict[str, str]) -> None:
    """The first choice of a Hellas turn leads to a second step of the same turn: taking it back shows
    "Your last move was taken back." without moving the board."""
    page = admin.page
    for viewport in (PHONE, {"width": 1280, "height": 900}):
        page.set_viewport_size(viewport)
        table = page_tour.table_against_bot(admin, "hellas")
        open_table(admin, table)
        before = int(page.evaluate("() => Number(document.body.dataset.version)"))
        page.locator("#actions .hk-actions button:not([disabled])").first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        undo = page.locator("#undo")
        undo.wait_for(state="visible")
        page.wait_for_function("() => !document.querySelector('#undo').disabled")
        where = "() => [document.querySelector('#board').getBoundingClientRect()].map((r) => [r.y, r.x])[0]"
        page.evaluate("() => window.scrollTo(0, 0)")
        top = page.evaluate(where)
        undo.click()
        message = page.locator(".hk-message", has_text="Your last move was taken back.")
        message.wait_for(state="visible")
        assert page.evaluate(where) == top
        # The message is on screen (not pushed off), and goes by itself.
        box = message.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
        message.wait_for(state="detached", timeout=8000)
        assert page.evaluate(where) == top
    assert admin.errors == []
