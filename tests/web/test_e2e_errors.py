"""End to end: what goes wrong is said on the page in plain words, never a silent failure."""

from __future__ import annotations

from tests.web import e2e_harness
from tests.web.e2e_harness import PASSWORD

# The e2e fixtures, by name: the real server, and registered users each in a fresh browser context.
e2e_server = e2e_harness.e2e_server
people = e2e_harness.people


def _is_expected_failure(message: str) -> bool:
    # Chrome logs each 4xx answer as a console error; these tests provoke exactly those.
    return "Failed to load resource" in message and "/api/" in message


def test_bad_logins_and_bad_tables_are_explained(people):
    ivan = people("ivan", allowed=_is_expected_failure)
    page = ivan.page

    # Inviting someone who does not exist: the server's reason appears under the form.
    page.select_option("#game", "hellas")
    page.select_option("#players", "2")
    page.select_option("#seat-1-kind", "user")
    page.get_by_role("button", name="Create table").click()
    assert "enter the name" in page.locator("#create-error").inner_text()
    page.fill("#seat-1-user", "nobody-by-this-name")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_selector("#create-error:not(:empty)")
    assert "nobody-by-this-name" in page.locator("#create-error").inner_text()
    assert page.url.endswith("/lobby")

    # A table that does not exist says so.
    ivan.goto("/tables/no-such-table")
    page.wait_for_selector("body[data-status='missing']")
    assert "does not exist" in page.locator("#summary").inner_text()

    # After logging out, a wrong password and a taken name are answered on the login page.
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{ivan.base}/login")
    login = page.locator("#login-form")
    login.get_by_label("Name").fill(ivan.name)
    login.get_by_label("Password").fill(PASSWORD + "!")
    login.get_by_role("button", name="Log in").click()
    page.wait_for_selector("#login-error:not(:empty)")
    assert page.url.endswith("/login")
    register = page.locator("#register-form")
    register.get_by_label("Name").fill(ivan.name)
    register.get_by_label("Password", exact=True).fill(PASSWORD)
    register.get_by_label("Password again").fill(PASSWORD)
    register.get_by_role("button", name="Register").click()
    page.wait_for_selector("#register-error:not(:empty)")
    assert page.locator("#register-error").inner_text().strip() != ""
    login.get_by_label("Password").fill(PASSWORD)
    login.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{ivan.base}/lobby")
    assert page.locator("#hk-username").inner_text() == ivan.name
    assert ivan.errors == []
