"""The operators' tools in Chromium against a server of their own (with an admin granted the role): a person
reports another from a chat line and from the profile, blocks them there, and the admin resolves the report,
ends a stuck game and suspends an account from /admin; the page refuses anyone else in words."""

from __future__ import annotations

import re
from typing import Any

from tests.web import page_tour
from tests.web.e2e_harness import Person, api, register, unique_name

own_server = page_tour.own_server
admin = page_tour.admin


def person(browser: Any, base: str, prefix: str) -> Person:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    who = Person(unique_name(prefix), page, base)
    page.on("pageerror", lambda error: who.errors.append(str(error)))
    register(who)
    return who


def report(page: Any, button: Any, reason: str) -> None:
    button.click()
    form = page.locator(".hk-report-form").last
    form.locator("textarea").fill(reason)
    form.get_by_role("button", name="Send report").click()
    form.get_by_text("Thank you: the admins will read it.").wait_for()


def test_reports_from_chat_and_profile_reach_the_admin_who_resolves_them(
    admin: Person, browser: Any, own_server: str
) -> None:
    ann, bob = person(browser, own_server, "ann"), person(browser, own_server, "bob")
    table = api(ann, "POST", "/api/tables", {"game": "hercules", "players": 2})["table"]["id"]
    api(bob, "POST", f"/api/tables/{table}/join")
    api(bob, "POST", f"/api/tables/{table}/chat", {"text": "you are terrible"})
    ann.goto(f"/tables/{table}")
    line = ann.page.locator(".hk-chat-line[data-author]").filter(has_text="you are terrible")
    line.wait_for()
    report(ann.page, line.get_by_role("button", name=f"Report {bob.name} to the admins"), "insults in chat")
    ann.goto(f"/users/{bob.name}")
    ann.page.wait_for_selector("#profile-own:not([hidden]) #profile-block")
    report(
        ann.page,
        ann.page.get_by_role("button", name=f"Report {bob.name} to the admins"),
        "same on the profile",
    )
    ann.page.get_by_role("button", name=f"Block {bob.name}").click()
    ann.page.get_by_role("button", name=f"Unblock {bob.name}").wait_for()
    assert bob.name in [u["name"] for u in api(ann, "GET", "/api/me/blocks")["users"]]

    admin.goto("/admin")
    page = admin.page
    page.wait_for_selector("#admin:not([hidden])")
    items = page.locator("#reports li[data-open='1']")
    assert items.count() == 2
    first = items.filter(has_text="insults in chat")
    assert first.get_by_role("link", name="Open the table").get_attribute("href") == f"/tables/{table}"
    assert "chat line" in first.inner_text()
    first.get_by_role("button", name=re.compile("^Resolve")).click()
    page.wait_for_selector("#reports li[data-open='1']:has-text('same on the profile')")
    page.locator("#reports li[data-open='0']").filter(has_text="insults in chat").wait_for()
    assert page.locator("#reports li[data-open='1']").count() == 1
    assert ann.errors == [] and admin.errors == []


def test_the_admin_suspends_an_account_and_others_are_refused_the_page(
    admin: Person, browser: Any, own_server: str
) -> None:
    cyd = person(browser, own_server, "cyd")
    cyd.goto("/admin")
    cyd.page.wait_for_selector("#admin-refused:not([hidden])")
    assert "Only the server's admins" in cyd.page.locator("#admin-refused").inner_text()
    assert cyd.errors == []
    admin.goto("/admin")
    page = admin.page
    page.wait_for_selector("#admin:not([hidden])")
    page.fill("#suspend-name", cyd.name)
    page.fill("#suspend-days", "2")
    page.fill("#suspend-reason", "spam")
    page.get_by_role("button", name="Suspend").click()
    page.wait_for_function(
        "document.querySelector('#suspend-done').textContent.includes('is suspended until')"
    )
    cyd.goto("/lobby")  # the session is over: the page shows the visitor's view
    cyd.page.wait_for_selector("#hk-login-link")
    page.get_by_role("button", name="Lift the suspension").click()
    page.wait_for_function("document.querySelector('#suspend-done').textContent.includes('may log in again')")
    assert admin.errors == []
