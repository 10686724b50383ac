"""Notification settings (``/api/me/settings``, ``/api/me/email``), the admin's outbox, and the two pages
mails link to: ``/verify-email?token=`` (verifies) and ``/unsubscribe?token=`` (asks, then a POST turns
e-mail off; the POST also answers RFC 8058 one-click unsubscribes from mail programs).

The two pages are made here, not static files, because they say what happened; every value in them is
escaped and they carry no script (the pages' strict CSP).
"""

from __future__ import annotations

import html
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from hellenika.server.core.deps import CSRF, part
from hellenika.server.notify.schemas import EmailRequest, NotifySettingsUpdate
from hellenika.server.notify.worker import Notifier
from hellenika.server.people import CurrentUser

router = APIRouter(prefix="/api", tags=["notifications"])
pages = APIRouter(include_in_schema=False)

MAX_TOKEN = 100

NotifierDep = Annotated[Notifier, part("notifier")]


@router.get("/me/settings")
async def get_settings(notifier: NotifierDep, user: CurrentUser) -> dict[str, Any]:
    """My notification settings: events, channels, the quiet rule, the digest, my address and webhook."""
    return await notifier.account.get(user)


@router.put("/me/settings", dependencies=CSRF)
async def put_settings(
    body: NotifySettingsUpdate, notifier: NotifierDep, user: CurrentUser
) -> dict[str, Any]:
    """Change my notification settings (fields left out keep their values); 422 for a webhook address
    that is not http(s) or too long."""
    return await notifier.account.put(user, body)


@router.post("/me/email", dependencies=CSRF)
async def set_email(body: EmailRequest, notifier: NotifierDep, user: CurrentUser) -> dict[str, Any]:
    """Set my e-mail address (unverified until I follow the link mailed to it; at most 5 mails an hour,
    then 429); an empty address removes it."""
    return await notifier.account.set_email(user, body)


@router.get("/admin/outbox")
async def admin_outbox(
    notifier: NotifierDep, user: CurrentUser, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> dict[str, Any]:
    """The newest notifications and what each says (sent, or only logged without SMTP); the server's
    admins only, 403 for anyone else."""
    return await notifier.account.outbox(user, limit)


def page(title: str, *body: str, status: int = 200) -> HTMLResponse:
    """A small page in the site's style; ``body`` is HTML already escaped by the caller."""
    text = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} — Hellenika</title>"
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/css/hellenika.css"></head>'
        '<body><header class="hk-top"><a class="hk-brand" href="/">HELLENIKA</a></header>'
        f'<main class="hk-narrow"><h1>{html.escape(title)}</h1>{"".join(body)}</main></body></html>'
    )
    return HTMLResponse(text, status_code=status)


def _token(value: str | None) -> str:
    return (value or "")[:MAX_TOKEN]


@pages.get("/verify-email")
async def verify_email(notifier: NotifierDep, token: str | None = None) -> HTMLResponse:
    ok, words = await notifier.account.verify(_token(token)) if token else (False, "This link has no token.")
    return page(
        "E-mail verified" if ok else "E-mail not verified",
        f'<p id="verify-result" data-ok="{int(ok)}">{html.escape(words)}</p>',
        '<p><a href="/settings">Your notification settings</a></p>',
        status=200 if ok else 400,
    )


@pages.get("/unsubscribe")
async def unsubscribe_page(notifier: NotifierDep, token: str | None = None) -> HTMLResponse:
    value = _token(token)
    name = await notifier.account.unsubscribe_target(value) if value else None
    if name is None:
        return page("Unsubscribe", "<p>This unsubscribe link is not valid.</p>", status=400)
    return page(
        "Unsubscribe",
        f"<p>Stop all notification e-mails to {html.escape(name)}? "
        "You can turn them on again on your settings page.</p>",
        '<form method="post" action="/unsubscribe">'
        f'<input type="hidden" name="token" value="{html.escape(value)}">'
        '<button type="submit" id="unsubscribe-confirm">Unsubscribe</button></form>',
    )


@pages.post("/unsubscribe")
async def unsubscribe(request: Request, notifier: NotifierDep, token: str | None = None) -> HTMLResponse:
    """The form's POST, or a mail program's one-click POST (the token in the address)."""
    body = (await request.body())[:4096].decode("utf-8", "replace")
    form = parse_qs(body)
    value = _token(token or (form.get("token") or [""])[0])
    done = await notifier.account.unsubscribe(value) if value else False
    if not done:
        return page("Unsubscribe", "<p>This unsubscribe link is not valid.</p>", status=400)
    return page(
        "Unsubscribed",
        '<p id="unsubscribed">You will get no more notification e-mails.</p>',
        '<p><a href="/settings">Your notification settings</a></p>',
    )
