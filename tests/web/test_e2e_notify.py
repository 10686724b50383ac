"""End to end, in Chromium against ``hellenika serve`` with a real SMTP server (aiosmtpd) and a webhook
receiver on 127.0.0.1: the settings page (reached from the header), an e-mail address verified by following
the link from the message the SMTP server received, a webhook set up there, and a your-turn notification
that does not arrive while the player has the table open but does, by mail and webhook, once they have left
it and the opponent moves."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.notify_support import SmtpSink, WebhookReceiver, eventually, link_in, text_of
from tests.web.e2e_harness import (
    Person,
    _free_port,
    choose_first,
    create_table,
    grant_admin,
    is_my_turn,
    register,
    running_server,
    start_table,
    unique_name,
    version,
)


@pytest.fixture(scope="module")
def notify_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, SmtpSink, WebhookReceiver]]:
    """A server of its own (mail and webhooks configured), its SMTP server and webhook receiver."""
    folder = tmp_path_factory.mktemp("e2e-notify")
    smtp = SmtpSink().start()
    hook = WebhookReceiver().start()
    port = _free_port()
    public = f"http://127.0.0.1:{port}"
    options = (
        "--smtp-url",
        smtp.url,
        "--public-url",
        public,
        "--notify-poll",
        "0.2",
        "--webhook-allow-private",
    )
    try:
        with running_server(folder, port, *options) as base:
            yield base, smtp, hook
    finally:
        smtp.stop()
        hook.stop()


@pytest.fixture
def person(browser: Any, notify_server: tuple[str, SmtpSink, WebhookReceiver]) -> Iterator[Any]:
    contexts: list[Any] = []

    def make(prefix: str) -> Person:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        who = Person(unique_name(prefix), page, notify_server[0])
        page.on("pageerror", lambda error: who.errors.append(str(error)))
        register(who)
        return who

    yield make
    for context in contexts:
        context.close()


def play_turn(mover: Person) -> None:
    """Click the first choice until the turn passes to the other seat."""
    while is_my_turn(mover):
        before = choose_first(mover)
        mover.page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
        mover.page.wait_for_timeout(100)


def outbox(admin: Person) -> list[dict[str, Any]]:
    answer = admin.page.request.get(f"{admin.base}/api/admin/outbox")
    assert answer.status == 200
    rows: list[dict[str, Any]] = answer.json()["outbox"]
    return rows


def test_settings_verification_and_your_turn_notifications(
    person: Any, notify_server: tuple[str, SmtpSink, WebhookReceiver]
) -> None:
    base, smtp, hook = notify_server
    admin = person("admin")  # granted the role (below), reads the outbox
    grant_admin(base, admin.name)
    ann = person("ann")
    bob = person("bob")
    address = f"{bob.name}@example.org"

    # Settings, from the header's link: the address, then the link the SMTP server received.
    page = bob.page
    page.get_by_role("link", name="Settings").click()
    page.wait_for_url(f"{base}/settings")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#email-status").inner_text() == "No address yet."
    page.fill("#email", address)
    page.get_by_role("button", name="Send a verification link").click()
    page.wait_for_selector("#email-status:has-text('not verified yet')")
    (message,) = [m for m in smtp.wait(1) if m["To"] == address]
    assert message["Subject"] == "Confirm your e-mail address for Hellenika"
    page.goto(link_in(message, "/verify-email"))
    assert (
        page.locator("#verify-result").inner_text()
        == f"{address} is verified: notifications can now reach you by e-mail."
    )
    page.get_by_role("link", name="Your notification settings").click()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#email-status").inner_text() == f"{address} is verified."

    # A webhook, and quiet only while a table is open (0 minutes after a move).
    page.fill("#webhook_url", hook.url)
    page.check("#by_webhook")
    page.fill("#quiet_minutes", "0")
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector("#saved:has-text('Saved.')")
    secret = page.locator("#webhook_secret").inner_text()
    assert len(secret) == 64

    # A turn-based game; bob keeps the table open while ann moves: no notification reaches him.
    table = create_table(ann, "hercules", 2, [("me", ""), ("user", bob.name)], mode="turn-based")
    bob.goto(f"/tables/{table}")
    bob.page.get_by_role("button", name="Accept", exact=True).click()
    bob.page.wait_for_selector("#leave")
    start_table(ann)
    bob.page.wait_for_selector("body[data-status='playing']")
    eventually(
        lambda: len([m for m in smtp.messages if m["To"] == address and "invites you" in m["Subject"]]) == 1,
        what="one invitation mail",
    )
    mover, waiter = (ann, bob) if is_my_turn(ann) or not is_my_turn(bob) else (bob, ann)
    if mover is bob:  # bob starts: his turn passes to ann, and the next turn is his
        play_turn(bob)
    ann.page.wait_for_function("document.body.dataset.seat === document.body.dataset.toMove")
    play_turn(ann)
    bob.page.wait_for_function("document.body.dataset.seat === document.body.dataset.toMove")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        quiet = [r for r in outbox(admin) if r["user"] == bob.name and r["event"] == "your_turn"]
        if quiet and all(r["status"] == "suppressed" for r in quiet):
            break
        time.sleep(0.2)
    assert quiet and {r["last_error"] for r in quiet} == {"quiet: the player was active on the site"}
    assert [m for m in smtp.messages if m["To"] == address and m["Subject"] == "Your turn in Hercules"] == []

    # Bob moves and leaves the table page; ann moves: now the mail and the webhook arrive, once.
    play_turn(bob)
    bob.goto("/settings")
    bob.page.wait_for_selector("body[data-ready='1']")
    ann.page.wait_for_function("document.body.dataset.seat === document.body.dataset.toMove")
    posts_before = len(hook.requests)
    at = version(ann)
    play_turn(ann)
    assert version(ann) > at
    deadline = time.monotonic() + 15
    turn_mails: list[Any] = []
    while time.monotonic() < deadline and not turn_mails:
        turn_mails = [
            m for m in smtp.messages if m["To"] == address and m["Subject"] == "Your turn in Hercules"
        ]
        time.sleep(0.1)
    (mail,) = turn_mails
    assert f"{base}/tables/{table}" in text_of(mail)
    posts = hook.wait(posts_before + 1)[posts_before:]
    headers, raw = next((h, b) for h, b in posts if h["X-Hellenika-Event"] == "your_turn")
    assert (
        headers["X-Hellenika-Signature"]
        == "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()
    )
    body = json.loads(raw)
    assert body["content"] == body["text"] == f"Your turn in Hercules: {base}/tables/{table}"
    assert body["table"]["id"] == table and body["user"] == bob.name
    time.sleep(1.0)
    again = [m for m in smtp.messages if m["To"] == address and m["Subject"] == "Your turn in Hercules"]
    assert len(again) == 1
    # The admin's outbox page lists what went out and what the quiet rule held back.
    admin.goto("/admin/outbox")
    admin.page.wait_for_selector("body[data-ready='1']")
    cards = admin.page.locator("#outbox article")
    assert "Mail goes out over SMTP." in admin.page.locator("#mode").inner_text()
    assert cards.filter(has_text=f"Your turn in Hercules → {address}").filter(has_text="sent").count() >= 1
    assert admin.page.locator("#outbox article[data-status='suppressed']").count() >= 1
    assert ann.errors == [] and bob.errors == [] and admin.errors == [] and waiter in (ann, bob)
