"""End to end in Chromium against the real server: the login page leads on only to addresses on this site,
and every page, and every game's board, lives under the strict Content-Security-Policy
(server/http/headers.py) with no violation at all.

Violations are caught twice: a ``securitypolicyviolation`` listener (an init script, which Playwright runs
outside the page's policy) keeps them in ``window.hkViolations``, and Chromium logs each as a console error,
which the ``people`` fixture records. These are the only browser contexts that enforce the policy
(``people(csp=True)``), so a ``wait_for_function`` here takes a function (``"() => ..."``): Playwright
evaluates a bare expression with ``eval``, which the policy refuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from hellenika import games
from hellenika.server.http.headers import PAGE_POLICY
from tests.web import e2e_harness
from tests.web.e2e_harness import PASSWORD, Person, create_table, register, start_table, write_record
from tests.web.hellas_delonge_models import model_with

pytestmark = pytest.mark.xdist_group("browser")

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people

RECORD_VIOLATIONS = """
window.hkViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.hkViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || "inline"} at ${where}`);
}, true);
"""

#: Where each game's board draws its root, so a fallback to the generic text view cannot pass for the board.
BOARD_ROOTS = {
    "hercules": "svg[data-board='hercules']",
    "hellas": "svg.hx-board",
    "attika": "svg.attika-board",
    "hellas_delonge": "svg.hd-board",
    "peloponnes": "svg.pel-board",
}


def guarded(people: Any, prefix: str, *, registered: bool = True) -> Person:
    """A person whose pages record every CSP violation from their first document on."""
    person: Person = people(prefix, registered=False, csp=True)
    person.page.add_init_script(RECORD_VIOLATIONS)
    if registered:
        register(person)
    return person


def violations(person: Person) -> list[str]:
    """The violations of the current document, after letting events already queued fire."""
    found: list[str] = person.page.evaluate(
        "() => new Promise((done) => setTimeout(() => done(window.hkViolations || ['no recorder']), 0))"
    )
    return found


def visit(person: Person, path: str, ready: str = "body[data-ready='1']") -> None:
    """Open a page, check its answer's headers, wait until it is ready and check it broke no rule."""
    answer = person.page.goto(f"{person.base}{path}")
    assert answer is not None and answer.status == 200, path
    headers = answer.headers
    assert headers.get("content-security-policy") == PAGE_POLICY, path
    assert headers.get("x-frame-options") == "DENY"
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("referrer-policy") == "same-origin"
    person.page.wait_for_selector(ready)
    assert violations(person) == [], path


# ------------------------------------------------------------------ redirects after logging in


# Each of these once led, or could lead, off the site: a backslash or a tab turns "/" + "/..." into "//host".
FOREIGN_NEXT = [
    "/%5Cevil.example/x",
    "/%2F%09%2Fevil.example%2Fx",
    "/%09/evil.example/x",
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/login",
]


def log_in(person: Person) -> None:
    """Log in with the login form on the page open now and wait until the page has moved on."""
    form = person.page.locator("#login-form")
    form.get_by_label("Name").fill(person.name)
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Log in").click()
    person.page.wait_for_url(lambda url: urlsplit(url).path != "/login")


@pytest.mark.parametrize("raw", FOREIGN_NEXT)
def test_login_leads_on_only_to_this_site(people: Any, raw: str) -> None:
    person = guarded(people, "nextuser")
    page = person.page
    # A foreign site, should anything ever navigate there: answered here, so a failure is quick and plain.
    page.context.route(
        lambda url: urlsplit(url).hostname == "evil.example",
        lambda route: route.fulfill(status=200, body="evil"),
    )
    person.goto(f"/login?next={raw}")
    page.wait_for_selector("body[data-ready='1']")
    # Already logged in: the page offers to continue; the link stays on the site.
    assert page.get_by_role("link", name="Continue").get_attribute("href") == "/lobby"
    log_in(person)
    assert page.url == f"{person.base}/lobby"
    page.wait_for_selector("body[data-ready='1']")
    assert person.errors == []


def test_login_leads_on_to_a_page_of_this_site_with_its_query_and_fragment(people: Any) -> None:
    person = guarded(people, "sameuser")
    page = person.page
    person.goto("/login?next=" + "/leaderboard%3Fx%3D1%23y")
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_by_role("link", name="Continue").get_attribute("href") == "/leaderboard?x=1#y"
    log_in(person)
    page.wait_for_selector("body[data-ready]")
    # The page then adds the game it shows to its address (a link to that table) and keeps the rest.
    page.wait_for_url(lambda url: "game" in parse_qs(urlsplit(url).query))
    landed = urlsplit(page.url)
    assert (landed.path, landed.fragment) == ("/leaderboard", "y")
    assert parse_qs(landed.query)["x"] == ["1"], landed.query
    # The header's login link (as a guest would follow it) names this page, query included, and leads back.
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{person.base}/login")
    person.goto("/leaderboard?game=attika")
    page.locator("#hk-login-link").click()
    page.wait_for_url(f"{person.base}/login?next=%2Fleaderboard%3Fgame%3Dattika")
    page.wait_for_selector("body[data-ready='1']")
    log_in(person)
    assert page.url == f"{person.base}/leaderboard?game=attika"
    assert person.errors == []


# ------------------------------------------------------------------ every page under the policy


def test_every_page_lives_under_the_policy(people: Any, tmp_path: Any) -> None:
    guest = guarded(people, "cspguest", registered=False)
    visit(guest, "/")
    visit(guest, "/login")
    register(guest)
    assert violations(guest) == []
    visit(guest, "/lobby")
    visit(guest, "/leaderboard", "body[data-ready]")
    visit(guest, "/settings")  # the notification settings
    guest.page.wait_for_selector("#settings:not([hidden])")
    visit(guest, f"/users/{guest.name}")  # the profile
    guest.page.wait_for_selector("#profile:not([hidden])")
    visit(guest, "/admin")  # the admin page (refused in words to anyone but an admin)

    # A table during a game against a bot: the board, the choices and the live connection (a same-origin
    # WebSocket, which connect-src 'self' allows).
    table = create_table(guest, "hercules", 2, [("me", ""), ("bot", "easy")])
    start_table(guest)
    visit(guest, f"/tables/{table}", "#board svg")
    guest.page.wait_for_selector("#connection[data-state='live']")
    assert violations(guest) == []

    # The replay page, after uploading a record in the lobby.
    visit(guest, "/lobby")
    guest.page.set_input_files("#record-file", str(write_record(tmp_path / "hercules.json")))
    guest.page.get_by_role("button", name="Upload and watch").click()
    guest.page.wait_for_url(f"{guest.base}/replays/*")
    guest.page.wait_for_selector("body[data-ready='1']")
    guest.page.get_by_role("button", name="Last step").click()
    guest.page.wait_for_selector("#score-table")
    assert violations(guest) == []
    visit(guest, guest.page.url.removeprefix(guest.base))
    # Its review (issue 26) and "Learn to play".
    replay_path = guest.page.url.removeprefix(guest.base).split("?")[0]
    visit(guest, f"{replay_path}/review", "body[data-ready] #status:not(:empty)")
    visit(guest, "/learn", "body[data-ready] #learn-games h2")
    assert violations(guest) == []
    assert guest.errors == []


@pytest.mark.parametrize("game", games.names())
def test_every_board_renders_under_the_policy(people: Any, game: str) -> None:
    spec = games.get(game)
    players = max(spec.min_players, min(2, spec.max_players))
    person = guarded(people, f"csp{game[:5]}")
    table = create_table(person, game, players, [("me", ""), *[("bot", "easy")] * (players - 1)])
    start_table(person)
    page = person.page
    page.wait_for_selector(f"#board {BOARD_ROOTS[game]}")
    page.wait_for_selector("#connection[data-state='live']")
    assert violations(person) == []
    # Reloaded, the board draws again from the page's first load.
    visit(person, f"/tables/{table}", f"#board {BOARD_ROOTS[game]}")
    if game == "peloponnes":
        # Its text rules live in the site's stylesheet now (an inline <style> is refused): they apply.
        family = page.evaluate("getComputedStyle(document.querySelector('svg.pel-board text')).fontFamily")
        assert "DejaVu Sans" in family
    assert person.errors == []


@pytest.mark.parametrize("game", games.names())
def test_every_fixture_of_every_board_draws_under_the_policy(
    people: Any, fixture_models: Path, game: str
) -> None:
    """The board preview as the real server serves it (/static/, with the policy): every generated fixture,
    each a different moment of the game, draws without a violation."""
    person = guarded(people, "cspfix", registered=False)
    page = person.page
    names: list[str] = json.loads((fixture_models / game / "index.json").read_text())
    visit(
        person,
        f"/static/preview.html?game={game}&fixture={names[0]}",
        f"body[data-rendered='{game}/{names[0]}']",
    )
    for name in names[1:]:
        page.select_option("#fixture", name)
        page.wait_for_selector(f"body[data-rendered='{game}/{name}']", state="attached")
        page.wait_for_selector(f"#board {BOARD_ROOTS[game]}", state="attached")
    assert violations(person) == []
    assert person.errors == []


def test_regrouping_in_hellas_delonge_draws_under_the_policy(people: Any) -> None:
    """Picking the city to move from (a position no fixture reaches) once set an inline style attribute."""
    person = guarded(people, "cspmarch", registered=False)
    page = person.page
    model = model_with("march")
    page.route("**/fixtures/hellas_delonge/index.json", lambda route: route.fulfill(json=["march.json"]))
    page.route("**/fixtures/hellas_delonge/march.json", lambda route: route.fulfill(json=model))
    ready = "body[data-rendered='hellas_delonge/march.json']"
    visit(person, "/static/preview.html?game=hellas_delonge&fixture=march.json", ready)
    select = page.locator(".hd-select").first
    assert select.evaluate("(g) => getComputedStyle(g).cursor") == "pointer"
    select.click()
    page.wait_for_selector(".hd-select[data-selected='yes']")
    assert violations(person) == []
    assert person.errors == []


# ------------------------------------------------------------------ the OpenAPI page's own policy

# Stands in for Swagger UI (the CDN is out of reach in tests): it loads the schema as the real one does.
SWAGGER_STUB = """
window.SwaggerUIBundle = function (config) {
  fetch(config.url).then((r) => r.json()).then((doc) => { document.body.dataset.swagger = doc.info.title; });
  return {};
};
window.SwaggerUIBundle.presets = { apis: {} };
window.SwaggerUIBundle.SwaggerUIStandalonePreset = {};
"""


def test_the_openapi_page_runs_its_own_script_only(people: Any) -> None:
    person = guarded(people, "docs", registered=False)
    page = person.page

    def cdn(route: Any) -> None:
        script = route.request.url.endswith(".js")
        route.fulfill(
            status=200,
            body=SWAGGER_STUB if script else "",
            content_type="application/javascript" if script else "text/css",
            headers={"Access-Control-Allow-Origin": "*"},
        )

    page.route("https://cdn.jsdelivr.net/**", cdn)
    page.route("https://fastapi.tiangolo.com/**", lambda route: route.fulfill(status=204, body=""))
    answer = page.goto(f"{person.base}/api/docs")
    assert answer is not None
    policy = answer.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy and "frame-ancestors 'none'" in policy
    page.wait_for_selector("body[data-swagger='Hellenika']", state="attached")  # an empty page: not visible
    assert violations(person) == []
    # A script slipped into the page is refused: only the page's own inline script has its hash.
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'document.body.dataset.bad = 1';"
        " document.body.append(s); }"
    )
    page.wait_for_function("() => window.hkViolations.length > 0")
    assert page.evaluate("document.body.dataset.bad") is None
    assert json.dumps(violations(person)).count("script-src") == 1
