"""Webhooks: a person's URL receives a JSON POST (Discord- and Slack-compatible body, notify/messages.py)
signed with their secret: ``X-Hellenika-Signature: sha256=<hex HMAC-SHA256 of the raw body>``.

Addresses are checked twice. When saved: http or https only, at most 500 characters, a host, no
credentials. When posting: the host is resolved and refused if any address it gives is loopback, private,
link-local, multicast, reserved or unspecified (server-side request forgery: a webhook must not reach the
server's own network), unless ``Settings.webhook_allow_private`` is set or the host is in
``webhook_allowed_hosts``. Redirects are not followed. Operators who need tighter rules (only Discord and
Slack, say) put an egress proxy or firewall in front; the check here cannot see DNS that changes between
the lookup and the connection.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import socket
from urllib.parse import urlsplit

import httpx

from hellenika.server.notify.prefs import MAX_WEBHOOK_URL

SIGNATURE_HEADER = "X-Hellenika-Signature"


class WebhookRefused(Exception):
    """The address is not allowed: a permanent failure, never tried again."""


class WebhookFailed(Exception):
    """The receiver did not answer 2xx in time: tried again later."""


def check_url(url: str) -> str | None:
    """Why this webhook address cannot be saved, or None when it can."""
    if len(url) > MAX_WEBHOOK_URL:
        return f"a webhook address is at most {MAX_WEBHOOK_URL} characters"
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        return "a webhook address may not contain spaces or control characters"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "that is not a valid address"
    if parts.scheme not in ("http", "https"):
        return "a webhook address starts with https:// (or http://)"
    if not parts.hostname:
        return "a webhook address names a host"
    if parts.username or parts.password:
        return "a webhook address may not hold a user name or password"
    if port == 0:
        return "that is not a valid port"
    return None


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _private(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


async def check_target(url: str, allow_private: bool, allowed_hosts: tuple[str, ...]) -> None:
    """Raise WebhookRefused when ``url`` may not be posted to (see the module docstring)."""
    problem = check_url(url)
    if problem is not None:
        raise WebhookRefused(problem)
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if allow_private or host in {h.lower() for h in allowed_hosts}:
        return
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise WebhookFailed(f"cannot resolve {host}: {exc}") from exc
    for info in infos:
        if _private(str(info[4][0])):
            raise WebhookRefused(f"{host} is a private or local address; the server does not post there")


async def post(
    client: httpx.AsyncClient, url: str, secret: str, body: bytes, event: str, delivery: int
) -> None:
    """POST the signed body; WebhookFailed unless the receiver answers 2xx."""
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Hellenika-Webhook/1",
        SIGNATURE_HEADER: sign(secret, body),
        "X-Hellenika-Event": event,
        "X-Hellenika-Delivery": str(delivery),
    }
    try:
        answer = await client.post(url, content=body, headers=headers)
    except httpx.HTTPError as exc:
        raise WebhookFailed(f"{type(exc).__name__}: {exc}"[:300]) from exc
    if not 200 <= answer.status_code < 300:
        raise WebhookFailed(f"the receiver answered HTTP {answer.status_code}")
