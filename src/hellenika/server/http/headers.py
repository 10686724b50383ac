"""The security headers on every HTTP answer: pages, API answers, static files, 404s and errors alike.

Browsers enforce what these say, so a page of ours cannot be framed by another site, a file cannot be run as
something other than its declared type, and a script that slipped into a page could neither run inline nor
talk to another origin:

- ``Content-Security-Policy`` (``PAGE_POLICY``): everything from this origin only; no inline script and no
  inline style (a ``style="..."`` attribute or a ``<style>`` element is refused; the boards keep their rules
  in ``css/hellenika.css`` and set custom properties through CSSOM, which the policy allows); images may
  also be ``data:`` URLs (the pages' empty favicon). ``connect-src 'self'`` covers the table's WebSocket on
  the same host and port (ws: and wss: count as the page's own scheme since CSP level 3; Chromium allows it,
  checked in tests/web/test_e2e_security.py). ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY`` (for
  older browsers) stop clickjacking; ``base-uri 'none'`` and ``form-action 'self'`` stop a planted
  ``<base>`` or form from sending people elsewhere.
- ``X-Content-Type-Options: nosniff``: a JSON answer or an uploaded record is never read as HTML or script.
- ``Referrer-Policy: same-origin``: a table's address (and an invitation token in it) never leaks to another
  site through the Referer header.
- ``Cross-Origin-Opener-Policy`` and ``Cross-Origin-Resource-Policy: same-origin``: another site's window
  cannot keep a handle on ours, nor embed our answers in its pages.
- ``Permissions-Policy``: the powerful features the site never uses are off for it and anything it loads.
- ``Strict-Transport-Security`` only when the server runs behind HTTPS (``Settings.secure_cookies``): sent
  over plain HTTP it would mean nothing, and a browser told so by a local server would refuse it plain HTTP
  for a year. No ``includeSubDomains``: other hosts under the same domain are not ours to decide for.

The OpenAPI page ``/api/docs`` is FastAPI's Swagger UI, which loads its script and style from a CDN and
starts with one inline script. It gets its own policy (``docs_policy``): the CDN's script and style, and that
one inline script by its SHA-256 (read from the page as it is sent, so a FastAPI upgrade cannot silently
break it), nothing else inline. That trusts the CDN on that one page, which is where people read the API;
every other page stays strict.

A route that sets one of these headers itself keeps its own. A bug's 500 is answered by Starlette's
outermost layer, outside every added middleware, so this layer answers it itself (same words as errors.py)
and passes the exception on to be logged.
"""

from __future__ import annotations

import base64
import hashlib
import re

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The policy of every page and answer except the OpenAPI page.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: Where FastAPI's Swagger UI page loads its files from (fastapi.openapi.docs.get_swagger_ui_html).
DOCS_PATH = "/api/docs"
DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_FAVICON = "https://fastapi.tiangolo.com"
#: Features the site never uses (all recognised by current browsers: an unknown name is a console error).
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), "
    "microphone=(), midi=(), payment=(), serial=(), usb=()"
)
HSTS = "max-age=31536000"
#: The answer to a bug, as errors.py words it.
BUG_DETAIL = "internal server error (a bug: it has been logged)"

_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def docs_policy(scripts: list[bytes]) -> str:
    """The OpenAPI page's policy, letting exactly its own inline scripts run (by hash)."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'" for s in scripts)
    return (
        f"default-src 'self'; script-src 'self' {DOCS_CDN} {hashes}; style-src 'self' {DOCS_CDN}; "
        f"img-src 'self' data: {DOCS_FAVICON}; connect-src 'self'; font-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def security_headers(policy: str, *, hsts: bool) -> list[tuple[bytes, bytes]]:
    headers = {
        "content-security-policy": policy,
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "same-origin",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "permissions-policy": PERMISSIONS_POLICY,
    }
    if hsts:
        headers["strict-transport-security"] = HSTS
    return [(name.encode(), value.encode()) for name, value in headers.items()]


def _with(message: Message, extra: list[tuple[bytes, bytes]]) -> Message:
    """The response start with the headers it does not set itself added."""
    headers = list(message.get("headers", []))
    present = {name.lower() for name, _ in headers}
    return {**message, "headers": headers + [(n, v) for n, v in extra if n not in present]}


class SecurityHeadersMiddleware:
    """Pure ASGI: adds the headers above to every HTTP response start (WebSockets pass untouched)."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        self.hsts = hsts
        self.headers = security_headers(PAGE_POLICY, hsts=hsts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] == DOCS_PATH:
            await self._docs(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = _with(message, self.headers)
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if not started:
                await self._bug(send)
            raise

    async def _bug(self, send: Send) -> None:
        body = orjson.dumps({"detail": BUG_DETAIL})
        start: Message = {
            "type": "http.response.start",
            "status": 500,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
        await send(_with(start, self.headers))
        await send({"type": "http.response.body", "body": body})

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The OpenAPI page, held back until its body is complete (a few KB) so its inline script's hash can
        go into the header."""
        start: Message | None = None
        chunks: list[bytes] = []

        async def collect(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
            else:
                await send(message)

        await self.app(scope, receive, collect)
        if start is None:
            return
        body = b"".join(chunks)
        policy = docs_policy(_INLINE_SCRIPT.findall(body))
        await send(_with(start, security_headers(policy, hsts=self.hsts)))
        await send({"type": "http.response.body", "body": body})
