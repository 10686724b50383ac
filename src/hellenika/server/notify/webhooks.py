"""Webhooks: a person's URL receives a JSON POST (Discord- and Slack-compatible body, notify/messages.py)
signed with their secret: ``X-Hellenika-Signature: sha256=<hex HMAC-SHA256 of the raw body>``.

Addresses are checked twice. When saved: http or https only, at most 500 characters, a host, no
credentials. When posting (server-side request forgery: a webhook must not reach the server's own network):

- **Only globally routable addresses.** The host is resolved once and refused if any address it gives is not
  globally routable (:func:`routable`): loopback, private, link-local, shared (100.64.0.0/10, where some
  clouds keep their metadata service), the IETF's 192.0.0.0/24, benchmarking, documentation, multicast,
  reserved, unspecified, deprecated site-local. Addresses that wrap another one are judged by what they wrap:
  IPv4-mapped (``::ffff:a.b.c.d``), IPv4-compatible, NAT64 (``64:ff9b::a.b.c.d``), 6to4 (``2002:7f00:1::1``
  is 127.0.0.1) and Teredo (its server and its client).
- **The address checked is the address connected to.** The POST goes to that resolved address itself, with
  the URL's host in ``Host`` and, for https, as the TLS server name the certificate must match (httpx's
  ``sni_hostname``): a name that resolves to a public address for the check and to a private one a moment
  later (DNS rebinding) cannot steer the connection.
- ``Settings.webhook_allow_private`` turns the check off, and hosts named in ``webhook_allowed_hosts`` are
  allowed whatever they resolve to (both for a receiver on the server's own network). Redirects are not
  followed, and no proxy from the environment is used.

**One deadline per delivery.** Resolving, connecting, sending and reading the answer together get
``Settings.webhook_timeout_seconds``; httpx's own timeout is per read, so a receiver that sent a byte every
few seconds could otherwise hold a delivery for ever.
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

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: Blocks Python's ``is_global`` lets through (or that its versions disagree on) that no webhook should
#: reach: shared address space, the IETF's protocol assignments, benchmarking, 6to4 relays, deprecated
#: site-local and IPv4-compatible IPv6, NAT64's local-use prefix, documentation.
NOT_GLOBAL = tuple(
    ipaddress.ip_network(block)
    for block in (
        "0.0.0.0/8",
        "100.64.0.0/10",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "240.0.0.0/4",
        "::/96",
        "64:ff9b:1::/48",
        "100::/64",
        "2001::/23",
        "2001:db8::/32",
        "3fff::/20",
        "fc00::/7",
        "fe80::/10",
        "fec0::/10",
    )
)
NAT64 = ipaddress.ip_network("64:ff9b::/96")


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


COMPATIBLE = ipaddress.ip_network("::/96")


def wrapped(ip: IPAddress) -> list[IPAddress]:
    """The IPv4 addresses a packet to ``ip`` really goes to when ``ip`` wraps one (IPv4-mapped,
    IPv4-compatible, NAT64, 6to4, both ends of Teredo); empty for a plain address."""
    if isinstance(ip, ipaddress.IPv4Address):
        return []
    if ip.ipv4_mapped is not None:
        return [ip.ipv4_mapped]
    if ip.sixtofour is not None:
        return [ip.sixtofour]
    if ip.teredo is not None:
        return list(ip.teredo)
    if ip in NAT64 or ip in COMPATIBLE:
        return [ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)]
    return []


def routable(ip: IPAddress) -> bool:
    """Whether ``ip`` is a globally routable unicast address; one that wraps others, whether all they are."""
    inner = wrapped(ip)
    return all(_plain_routable(a) for a in inner) if inner else _plain_routable(ip)


def _plain_routable(ip: IPAddress) -> bool:
    if ip.is_multicast or not ip.is_global:
        return False
    return not any(ip.version == block.version and ip in block for block in NOT_GLOBAL)


def _private(address: str) -> bool:
    """Whether a resolved address may not be posted to (not globally routable)."""
    return not routable(ipaddress.ip_address(address.split("%", 1)[0]))


async def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to now, in the resolver's order (WebhookFailed if it does not)."""
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise WebhookFailed(f"cannot resolve {host}: {exc}") from exc
    found: list[str] = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    if not found:
        raise WebhookFailed(f"cannot resolve {host}: no address")
    return found


async def check_target(url: str, allow_private: bool, allowed_hosts: tuple[str, ...]) -> str | None:
    """The address to connect to for ``url`` (resolved once and checked), or None when the operator allows
    any (the URL is used as it is); WebhookRefused when it may not be posted to."""
    problem = check_url(url)
    if problem is not None:
        raise WebhookRefused(problem)
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if allow_private or host in {h.lower() for h in allowed_hosts}:
        return None
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = [str(ipaddress.ip_address(host))]  # an address in the URL: nothing to resolve
    except ValueError:
        addresses = await resolve(host, port)
    if any(_private(address) for address in addresses):
        raise WebhookRefused(f"{host} is a private or local address; the server does not post there")
    return addresses[0].split("%", 1)[0]


async def post(
    client: httpx.AsyncClient,
    url: str,
    secret: str,
    body: bytes,
    event: str,
    delivery: int,
    *,
    address: str | None = None,
) -> None:
    """POST the signed body (to ``address``, the checked one, with the URL's host named in ``Host`` and
    TLS); WebhookFailed unless the receiver answers 2xx."""
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Hellenika-Webhook/1",
        SIGNATURE_HEADER: sign(secret, body),
        "X-Hellenika-Event": event,
        "X-Hellenika-Delivery": str(delivery),
    }
    target = httpx.URL(url)
    extensions = {}
    if address is not None:
        headers["Host"] = target.netloc.decode("ascii")
        if target.scheme == "https":
            extensions["sni_hostname"] = target.host
        target = target.copy_with(host=address)
    try:
        answer = await client.post(target, content=body, headers=headers, extensions=extensions)
    except httpx.HTTPError as exc:
        raise WebhookFailed(f"{type(exc).__name__}: {exc}"[:300]) from exc
    if not 200 <= answer.status_code < 300:
        raise WebhookFailed(f"the receiver answered HTTP {answer.status_code}")


async def deliver(
    client: httpx.AsyncClient,
    url: str,
    secret: str,
    body: bytes,
    event: str,
    delivery: int,
    *,
    allow_private: bool,
    allowed_hosts: tuple[str, ...],
    deadline: float,
) -> None:
    """Check the address and POST, all within ``deadline`` seconds (WebhookFailed past it)."""
    try:
        async with asyncio.timeout(deadline):
            address = await check_target(url, allow_private, allowed_hosts)
            await post(client, url, secret, body, event, delivery, address=address)
    except TimeoutError:
        raise WebhookFailed(f"the receiver did not answer within {deadline:g} seconds") from None
