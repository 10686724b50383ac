"""Webhooks against slow and hostile receivers (server/notify/webhooks.py, hooklane.py): a receiver that drips
its answer a byte at a time holds up nobody else's notifications and gets at most two deliveries at once,
each cut at its deadline; addresses that are not globally routable are refused, wrapped ones (6to4, NAT64,
IPv4-mapped) by what they wrap; and the address connected to is the one checked (DNS rebinding)."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from hellenika.server.notify import webhooks
from hellenika.server.store.models import OutboxRow
from tests.server.harness import LiveServer, Player
from tests.server.notify_support import WebhookReceiver, eventually


class DripReceiver:
    """A receiver on ``host`` that answers headers at once, then the body one byte every ``every`` seconds
    for ``seconds``; it notes when each request came."""

    def __init__(self, host: str = "127.0.0.1", every: float = 0.5, seconds: float = 30.0) -> None:
        self.every, self.seconds = every, seconds
        self.listener = socket.create_server((host, 0))
        self.url = f"http://{host}:{self.listener.getsockname()[1]}/hook"
        self.requests = 0
        self.arrivals: list[float] = []  # time.monotonic() of each request
        self.lock = threading.Lock()
        self.stopped = threading.Event()

    def start(self) -> DripReceiver:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def _accept(self) -> None:
        self.listener.settimeout(0.2)
        while not self.stopped.is_set():
            try:
                connection, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._drip, args=(connection,), daemon=True).start()

    def _drip(self, connection: socket.socket) -> None:
        with self.lock:
            self.requests += 1
            self.arrivals.append(time.monotonic())
        try:
            connection.settimeout(5)
            data = b""
            while b"\r\n\r\n" not in data:
                data += connection.recv(4096)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            end = time.monotonic() + self.seconds
            while time.monotonic() < end and not self.stopped.is_set():
                connection.sendall(b".")
                time.sleep(self.every)
        except OSError:
            pass  # the server gave up on us
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.listener.close()


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    hook = WebhookReceiver().start()
    yield hook
    hook.stop()


def hook_server(make_server: Any, database_url: str, **settings: Any) -> LiveServer:
    values: dict[str, Any] = {
        "notify_poll_seconds": 0,
        "notify_retry_seconds": 5,
        "webhook_allow_private": True,
    }
    values.update(settings)
    server: LiveServer = make_server(database_url, **values)
    return server


def with_hook(player: Player, url: str) -> None:
    player.ok(
        player.http.put(
            "/api/me/settings",
            json={"webhook_url": url, "by_webhook": True, "quiet": False},
            headers={"X-CSRF-Token": player.csrf},
        )
    )


def invite(first: Player, name: str) -> str:
    seats = [{"kind": "me"}, {"kind": "user", "user": name}]
    return str(first.create(game="hercules", players=2, seats=seats)["id"])


def rows(server: LiveServer) -> list[OutboxRow]:
    with server.services.store.session() as session:
        return list(session.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def test_a_dripping_receiver_holds_up_nobody_else(
    make_server: Any, sqlite_url: str, receiver: WebhookReceiver
) -> None:
    """Four deliveries to a receiver that drips its answer for 30 s: two at once, each cut at its 3-second
    deadline, and another person's invitation goes out on the next pass meanwhile."""
    server = hook_server(make_server, sqlite_url, notify_poll_seconds=0.1, webhook_timeout_seconds=3)
    drip = DripReceiver(host="127.0.0.2").start()
    try:
        slow, quick = server.player("slow"), server.player("quick")
        one, two = server.player("one"), server.player("two")
        with_hook(slow, drip.url)
        with_hook(quick, receiver.url)
        for inviter in (one, one, two, two):
            invite(inviter, "slow")
        eventually(lambda: drip.requests >= 2, what="the dripping receiver's first posts")
        began = time.monotonic()
        invite(one, "quick")
        receiver.wait(1, timeout=25)
        delay = time.monotonic() - began
        assert delay < 2.5, f"another person's webhook waited {delay:.1f} s behind a slow receiver"

        def cut() -> bool:
            late = [r for r in rows(server) if r.user_id == slow.user["id"]]  # type: ignore[index]
            return all(r.status == "pending" and "within 3 seconds" in (r.last_error or "") for r in late)

        eventually(cut, timeout=20, what="every slow delivery cut at its deadline")
        # Two at once: the third and fourth came only once the first two were cut at their deadline.
        first, second, third, fourth = sorted(drip.arrivals)
        assert second - first < 1.5 and third - first > 2.5 and fourth - second > 2.5, drip.arrivals
    finally:
        drip.stop()


REFUSED = [
    "100.64.0.1",  # shared address space (a cloud's metadata service lives there)
    "192.0.0.9",  # the IETF's 192.0.0.0/24
    "198.18.0.1",  # benchmarking
    "[2002:7f00:1::1]",  # 6to4 around 127.0.0.1
    "[2002:a9fe:a9fe::1]",  # 6to4 around 169.254.169.254
    "[64:ff9b::7f00:1]",  # NAT64 around 127.0.0.1
    "[::ffff:10.0.0.1]",  # IPv4-mapped private
    "[fec0::1]",  # deprecated site-local
    "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",  # Teredo with a documentation client
]


def test_addresses_that_are_not_globally_routable_are_refused(make_server: Any, sqlite_url: str) -> None:
    server = hook_server(make_server, sqlite_url, webhook_allow_private=False, webhook_timeout_seconds=2)
    host = server.player("host")
    for index, address in enumerate(REFUSED):
        with_hook(server.player(f"target{index}"), f"http://{address}:8080/hook")
        invite(host, f"target{index}")
    server.call(server.services.notifier.drain())
    found = rows(server)
    assert len(found) == len(REFUSED)
    for row in found:
        assert row.status == "failed" and "private or local address" in (row.last_error or ""), (
            row.payload,
            row.status,
            row.last_error,
        )


@pytest.mark.parametrize(
    ("address", "allowed"),
    [
        ("8.8.8.8", True),
        ("2606:4700::1111", True),
        ("2002:808:808::1", True),  # 6to4 around a public address
        ("64:ff9b::808:808", True),  # NAT64 around a public address
        ("::ffff:8.8.8.8", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("169.254.169.254", False),
        ("100.64.0.1", False),
        ("100.127.255.254", False),
        ("192.0.0.1", False),
        ("192.0.0.10", False),
        ("0.0.0.0", False),
        ("224.0.1.1", False),
        ("255.255.255.255", False),
        ("::1", False),
        ("::", False),
        ("::7f00:1", False),
        ("fd12::1", False),
        ("fe80::1", False),
        ("ff0e::1", False),
        ("2001:db8::1", False),
        ("2002:7f00:1::1", False),
        ("2002:a9fe:a9fe::1", False),
        ("2002:c0a8:101::1", False),
        ("64:ff9b::a9fe:a9fe", False),
        ("64:ff9b:1::1", False),
    ],
)
def test_routable_addresses(address: str, allowed: bool) -> None:
    assert webhooks.routable(ipaddress.ip_address(address)) is allowed


def test_the_address_connected_to_is_the_one_checked(
    make_server: Any, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name that resolves to an allowed address for the check and to a refused one a moment later (DNS
    rebinding): the POST goes to the address checked, with the name in ``Host``."""
    allowed = WebhookReceiver().start()
    port = allowed.port
    try:
        forbidden = WebhookReceiver("127.0.0.2", port).start()
    except OSError:
        allowed.stop()
        pytest.skip("127.0.0.2 cannot be bound here")
    server = hook_server(make_server, sqlite_url, webhook_allow_private=False, webhook_timeout_seconds=5)
    # For this test 127.0.0.1 counts as public and 127.0.0.2 as private.
    monkeypatch.setattr(webhooks, "_private", lambda address: address != "127.0.0.1")
    original = server.loop.getaddrinfo
    answers = iter(["127.0.0.1"])

    async def rebinding(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host in ("rebind.test", b"rebind.test"):
            address = next(answers, "127.0.0.2")  # the first answer, then the private one
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, int(port)))]
        return await original(host, port, *args, **kwargs)

    server.loop.getaddrinfo = rebinding  # type: ignore[method-assign]
    try:
        target, host = server.player("target"), server.player("host")
        with_hook(target, f"http://rebind.test:{port}/hook")
        invite(host, "target")
        server.call(server.services.notifier.drain())
        assert forbidden.requests == [], "the POST went to the address the name resolved to afterwards"
        ((headers, _body),) = allowed.wait(1)
        assert headers["Host"] == f"rebind.test:{port}"
        (row,) = rows(server)
        assert row.status == "sent"
    finally:
        server.loop.getaddrinfo = original  # type: ignore[method-assign]
        allowed.stop()
        forbidden.stop()
