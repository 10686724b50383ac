"""End to end in Chromium against the real server, under the pages' strict Content-Security-Policy: the
lobby's *My games* cards (whose turn, time left, last activity), the finished games' pages, the "(N)" in the
tab title and the favicon's badge appearing when an opponent's move makes it my turn, *Next game waiting for
me* leading to the right table, and a browser notification when the turn arrives at another table than the
one on screen (``window.Notification`` is wrapped by an init script that records each call and still calls
the real constructor; the context is granted the ``notifications`` permission).

The setup (tables, accepting, the opening moves) goes through the API with each person's own cookies, as
their pages would; what is tested is done on the pages.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from tests.web import e2e_harness
from tests.web.conftest import screenshot
from tests.web.e2e_harness import Person, api, register

pytestmark = pytest.mark.xdist_group("browser")

e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

# Runs before each document's own scripts (outside the page's policy): records CSP violations and every
# Notification constructed, keeping the real API.
RECORDERS = """
window.hkViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.hkViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || "inline"}`);
}, true);
window.hkNotes = [];
window.hkNoteObjects = [];
if (typeof window.Notification === "function") {
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.hkNotes.push({ title, body: (options || {}).body, tag: (options || {}).tag });
      window.hkNoteObjects.push(this);
    }
  }
  window.Notification = Recorded;
}
"""

TIME_LEFT = re.compile(r"^(1 h 5\d min|2 h) left$")


def person(people: Any, prefix: str) -> Person:
    """A registered person whose pages keep the policy, with the recorders and a controllable clock."""
    someone: Person = people(prefix, registered=False, csp=True)
    someone.page.add_init_script(RECORDERS)
    # The page's clock runs as usual; fast_forward() lets a test pass the 30 s poll without waiting it out.
    someone.page.clock.install()
    register(someone)
    return someone


def table_with(host: Person, guest: Person, **options: Any) -> str:
    """A started hercules table of host (seat 0) and guest (seat 1), invited by name and accepted."""
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": guest.name}]}
    table = api(host, "POST", "/api/tables", body | options)["table"]["id"]
    api(guest, "POST", f"/api/tables/{table}/accept")
    api(host, "POST", f"/api/tables/{table}/start")
    return str(table)


def play_until_turn_of(seats: dict[int, Person], table: str, seat: int) -> None:
    """The other seat makes its first legal choice until it is ``seat``'s turn."""
    for _ in range(200):
        model = api(seats[seat], "GET", f"/api/tables/{table}/state")
        if model["to_move"] == seat:
            return
        mover = seats[model["to_move"]]
        mine = api(mover, "GET", f"/api/tables/{table}/state")
        api(
            mover,
            "POST",
            f"/api/tables/{table}/moves",
            {"version": mine["version"], "action": mine["legal"][0]["action"]},
        )
    raise AssertionError("the turn never came")


def play_on_page_until_not_my_turn(who: Person) -> None:
    """Click the first choice on the table page while it is this person's turn."""
    page = who.page
    for _ in range(200):
        page.wait_for_selector("body[data-status='playing']")
        mine = page.evaluate(
            "() => document.body.dataset.seat === document.body.dataset.toMove"
            " && document.querySelector('#actions .hk-actions button:not([disabled])') !== null"
        )
        if not mine:
            return
        before = int(page.evaluate("() => document.body.dataset.version"))
        page.locator("#actions .hk-actions button:not([disabled])").first.click()
        page.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=before)
        page.wait_for_timeout(150)  # the choices are enabled again once the push is drawn
    raise AssertionError("the turn never ended")


def favicon(who: Person) -> str:
    href: str = who.page.evaluate("() => document.querySelector(\"link[rel~='icon']\").getAttribute('href')")
    return href


def icon_for(who: Person, count: int) -> str:
    url: str = who.page.evaluate(
        "async (n) => (await import('/static/js/shell/waiting.js')).faviconFor(n)", count
    )
    return url


def badge_pixel(data_url: str) -> tuple[int, ...]:
    """The colour where the badge is drawn (the top right of the 64 px icon)."""
    from base64 import b64decode

    image = Image.open(io.BytesIO(b64decode(data_url.split(",", 1)[1]))).convert("RGB")
    assert image.size == (64, 64)
    return tuple(image.getpixel((50, 12)))


def no_horizontal_overflow(who: Person, selectors: list[str]) -> None:
    """At 390 and 1280 px wide, the page does not scroll sideways and these elements fit the width."""
    for width in (390, 1280):
        who.page.set_viewport_size({"width": width, "height": 900})
        who.page.wait_for_timeout(100)
        found = who.page.evaluate(
            """(selectors) => {
              const root = document.documentElement;
              const width = root.clientWidth;
              const wide = [];
              if (root.scrollWidth > width) wide.push(`page ${root.scrollWidth}`);
              for (const s of selectors) for (const el of document.querySelectorAll(s)) {
                const r = el.getBoundingClientRect();
                const out = r.right > width + 0.5 || r.left < -0.5;
                if (r.width && out) wide.push(`${s} ${r.left}-${r.right}`);
              }
              // For the message: the innermost elements sticking out.
              const culprits = [...document.querySelectorAll("body *")]
                .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.firstElementChild)
                .slice(0, 5)
                .map((el) => `${el.tagName}#${el.id}.${el.className} ${el.getBoundingClientRect().right}`);
              const seen = selectors.map((s) => document.querySelectorAll(s).length);
              return { width, wide, culprits, seen };
            }""",
            selectors,
        )
        assert found["wide"] == [], (width, found)
        found.pop("culprits")
        assert all(found["seen"]), (width, selectors, found["seen"])
    who.page.set_viewport_size({"width": 1280, "height": 900})


def violations(who: Person) -> list[str]:
    found: list[str] = who.page.evaluate("() => window.hkViolations || ['no recorder']")
    return found


def test_cards_badge_next_game_and_a_notification_from_another_table(people: Any) -> None:
    ann = person(people, "ann")
    bob = person(people, "bob")
    first = table_with(ann, bob, mode="turn-based", deadline_hours=2)
    second = table_with(ann, bob, mode="turn-based", rated=False)  # unrated: no clock, no deadline
    play_until_turn_of({0: ann, 1: bob}, first, 1)
    play_until_turn_of({0: ann, 1: bob}, second, 1)

    # Nothing waits for ann: the cards say whose turn it is, the time left and the last move.
    ann.goto("/lobby")
    page = ann.page
    page.wait_for_selector("body[data-ready='1'][data-waiting='0']")
    card = page.locator(f"#mine [data-table='{first}']")
    assert card.locator(".hk-whose").inner_text() == f"{bob.name} to move"
    assert TIME_LEFT.match(card.locator(".hk-time-left").inner_text()), card.locator(
        ".hk-time-left"
    ).inner_text()
    assert card.locator(".hk-activity").inner_text() == "last move just now"
    other = page.locator(f"#mine [data-table='{second}']")
    assert other.locator(".hk-time-left").inner_text() == "no deadline"
    assert page.title() == "Lobby — Hellenika"
    assert favicon(ann) == icon_for(ann, 0)
    assert page.locator("#next-game").is_hidden()
    assert page.locator("#next-game-note").inner_text() == "No game is waiting for your move."
    no_horizontal_overflow(ann, ["#next-game-bar", ".hk-turn-line", ".hk-activity"])

    # Bob moves on his page until it is ann's turn: her lobby shows it without a reload.
    bob.goto(f"/tables/{first}")
    play_on_page_until_not_my_turn(bob)
    page.wait_for_function("() => document.title === '(1) Lobby — Hellenika'")
    assert page.evaluate("() => document.body.dataset.waiting") == "1"
    badge = favicon(ann)
    assert badge == icon_for(ann, 1) != icon_for(ann, 0)
    red, green, blue = badge_pixel(badge)
    assert red > 150 and green < 80 and blue < 80, "a red badge at the top right"
    assert badge_pixel(icon_for(ann, 0))[0] < 100, "no badge without a waiting game"
    card = page.locator("#mine .hk-table-card").first
    assert card.get_attribute("data-table") == first, "my move comes first"
    assert card.locator(".hk-whose").inner_text() == "Your move"
    assert TIME_LEFT.match(card.locator(".hk-time-left").inner_text())
    link = page.locator("#next-game")
    screenshot(page, "games-list-lobby")
    assert (
        link.inner_text() == "Next game waiting for me" and link.get_attribute("href") == f"/tables/{first}"
    )

    # The permission is asked on a click only; once granted the button goes.
    allow = page.get_by_role("button", name="Enable browser notifications")
    assert allow.is_visible()
    page.context.grant_permissions(["notifications"], origin=ann.base)
    allow.click()
    allow.wait_for(state="hidden")

    # Next game waiting for me: the table whose turn it is; its own page links to no other table.
    link.click()
    page.wait_for_url(f"{ann.base}/tables/{first}")
    page.wait_for_selector("body[data-status='playing'][data-waiting='1']")
    page.wait_for_function(
        "(t) => document.title.startsWith('(1) Your turn · ') && document.title.includes(t)", arg=first
    )
    assert page.locator("#next-game").is_hidden()
    assert page.locator("#next-game-note").inner_text() == "No other game is waiting for you: this one is."
    bar_height = page.locator("#next-game-bar").bounding_box()["height"]  # type: ignore[index]

    # The turn arrives at the other table while this page is open: at the next poll (30 s, fast-forwarded),
    # the count goes up, the bar leads there, and one notification names it.
    play_until_turn_of({0: ann, 1: bob}, second, 0)
    page.clock.fast_forward(31_000)
    page.wait_for_selector("body[data-waiting='2']")
    page.wait_for_function("() => document.title.startsWith('(2) ')")
    assert favicon(ann) == icon_for(ann, 2)
    assert page.locator("#next-game").get_attribute("href") == f"/tables/{second}"
    height = page.locator("#next-game-bar").bounding_box()["height"]  # type: ignore[index]
    assert height == bar_height, "the bar keeps its height when a game starts waiting: the board stays put"
    notes = page.evaluate("() => window.hkNotes")
    assert notes == [
        {
            "title": f"Your turn: Hercules #{second}",
            "body": "A game is waiting for your move. Click to open it.",
            "tag": f"hellenika-turn-{second}",
        }
    ], notes
    no_horizontal_overflow(ann, ["#next-game-bar"])
    screenshot(page, "games-list-table-next-game")

    # Clicking the notification opens that table.
    page.evaluate("() => window.hkNoteObjects[0].dispatchEvent(new Event('click'))")
    page.wait_for_url(f"{ann.base}/tables/{second}")
    page.wait_for_selector("body[data-status='playing'][data-waiting='2']")
    assert page.locator("#next-game").get_attribute("href") == f"/tables/{first}"
    # Ann's move here takes it out of the set: the title says (1) again without waiting for the poll.
    play_on_page_until_not_my_turn(ann)
    page.wait_for_function("() => document.title.startsWith('(1) ') && !document.title.includes('Your turn')")
    assert page.evaluate("() => window.hkNotes.length") == 0, "a new document, and no table became waiting"
    assert violations(ann) == [] and violations(bob) == []
    assert ann.errors == [] and bob.errors == []


def test_finished_games_are_listed_apart_and_paged(people: Any) -> None:
    cy = person(people, "cy")
    finished = []
    for _ in range(11):
        body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
        table = api(cy, "POST", "/api/tables", body)["table"]["id"]
        api(cy, "POST", f"/api/tables/{table}/start")
        api(cy, "POST", f"/api/tables/{table}/leave")
        finished.append(table)
    running = api(cy, "POST", "/api/tables", {"game": "hercules", "players": 2})["table"]["id"]
    cy.goto("/lobby")
    page = cy.page
    page.wait_for_selector("body[data-ready='1']")
    assert [c.get_attribute("data-table") for c in page.locator("#mine .hk-table-card").all()] == [running]
    cards = page.locator("#finished .hk-table-card")
    assert cards.count() == 10
    shown = [c.get_attribute("data-table") for c in cards.all()]
    assert set(shown) < set(finished)
    assert cards.first.locator(".hk-activity").inner_text() == "finished just now"
    more = page.get_by_role("button", name="Show more finished games")
    more.click()
    page.wait_for_function("() => document.querySelectorAll('#finished .hk-table-card').length === 11")
    assert more.is_hidden()
    assert {c.get_attribute("data-table") for c in cards.all()} == set(finished)
    no_horizontal_overflow(cy, ["#finished .hk-table-card", ".hk-activity"])
    assert violations(cy) == [] and cy.errors == []
