"""Rate limits and the hashing gate (issue 18, items 9 and 11): registrations per address, failed logins per
address across names, a bounded number of argon2 hashes at once, and an address that a spoofed
``X-Forwarded-For`` from the loopback cannot change unless the proxy is configured.

A second address is a client bound to 127.0.0.2 (the whole 127/8 is the loopback on Linux). Time moves with
the fake clock, never by sleeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
import uvicorn
from fastapi import FastAPI

from hellenika.cli.serve import uvicorn_config
from hellenika.server import Settings
from hellenika.server.core.security import HashingGate, RetryLater, address_key
from tests.server.harness import FakeClock, LiveServer, Player

MakeServer = Callable[..., LiveServer]


def player_at(server: LiveServer, address: str) -> Player:
    """A browser whose connections come from ``address`` (a loopback address other than 127.0.0.1)."""
    player = Player(server)
    player.http.close()
    transport = httpx.HTTPTransport(local_address=address)
    player.http = httpx.Client(base_url=server.base, timeout=60, transport=transport)
    player.http.get("/api/games")  # the CSRF cookie
    return player


def register(player: Player, name: str, **headers: str) -> httpx.Response:
    body = {"name": name, "password": "correct horse"}
    return player.http.post("/api/auth/register", json=body, headers={"X-CSRF-Token": player.csrf, **headers})


def login(player: Player, name: str, password: str) -> httpx.Response:
    return player.post("/api/auth/login", {"name": name, "password": password})


def user_count(server: LiveServer) -> int:
    from sqlalchemy import func, select

    from hellenika.server.store.models import User

    return server.call(server.services.store.read(lambda s: s.scalar(select(func.count(User.id))))) or 0


def test_registrations_are_limited_per_address(
    database_url: str, make_server: MakeServer, clock: FakeClock
) -> None:
    server = make_server(database_url, register_per_address=Settings().register_per_address)
    assert server.settings.register_per_address == 5  # the production default
    here = server.player()
    for i in range(5):
        assert register(here, f"new-{i}").status_code == 201
    passwords = server.services.accounts.passwords
    hashed = passwords.calls
    limited = register(here, "new-5")
    assert limited.status_code == 429
    assert limited.json()["detail"] == "too many new accounts from this address; try again in 601 seconds"
    assert limited.headers["retry-after"] == "601"
    assert passwords.calls == hashed  # refused before hashing
    assert user_count(server) == 5  # and nothing was created

    there = player_at(server, "127.0.0.2")
    assert register(there, "new-5").status_code == 201  # another address has its own allowance

    clock.advance(300)
    later = register(here, "new-6")
    assert later.status_code == 429 and later.headers["retry-after"] == "301"
    clock.advance(301)  # the window has passed for the first registrations
    assert register(here, "new-6").status_code == 201


def test_a_taken_name_is_refused_before_hashing(database_url: str, make_server: MakeServer) -> None:
    server = make_server(database_url, register_per_address=2)
    first = server.player()
    assert register(first, "Taken").status_code == 201
    passwords = server.services.accounts.passwords
    hashed = passwords.calls
    for name in ("Taken", "taken", "TAKEN"):
        answer = register(server.player(), name)
        assert answer.status_code == 409
        assert answer.json()["detail"] == f"the name {name!r} is taken (or looks like a name that is)"
    assert passwords.calls == hashed
    assert register(server.player(), "Free").status_code == 201  # 409s used none of the allowance


def test_concurrent_registrations_hash_two_at_a_time(database_url: str, make_server: MakeServer) -> None:
    # Hashes costly enough (8 MiB, 2 passes) that 20 concurrent registrations overlap.
    server = make_server(
        database_url, argon2_memory_kib=8192, argon2_time_cost=2, hash_slots=2, hash_waiting=40
    )
    players = [server.player() for _ in range(20)]
    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda ip: register(ip[1], f"crowd-{ip[0]}"), enumerate(players)))
    assert [a.status_code for a in answers] == [201] * 20
    passwords = server.services.accounts.passwords
    assert passwords.calls == 20
    assert 1 <= passwords.most_running <= 2
    assert passwords.running == 0


def test_the_hashing_gate_answers_busy_rather_than_queueing_without_end() -> None:
    async def scenario() -> list[str]:
        gate = HashingGate(slots=1, waiting=1)
        events: list[str] = []
        release = anyio.Event()
        holding = anyio.Event()

        async def hold() -> None:
            async with gate.turn():
                holding.set()
                events.append("first hashes")
                await release.wait()

        async def wait_then_hash() -> None:
            async with gate.turn():
                events.append("second hashes")

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(hold)
            await holding.wait()
            tasks.start_soon(wait_then_hash)
            await anyio.wait_all_tasks_blocked()  # the second now waits for the slot
            with pytest.raises(RetryLater) as busy:
                async with gate.turn():
                    events.append("third hashes")  # never: the queue is full
            assert busy.value.status_code == 503
            assert busy.value.headers == {"Retry-After": "2"}
            assert "busy" in busy.value.detail and "try again" in busy.value.detail
            events.append("third refused")
            release.set()
        async with gate.turn():  # all done: the gate is empty again
            events.append("fourth hashes")
        return events

    assert anyio.run(scenario) == ["first hashes", "third refused", "second hashes", "fourth hashes"]


def test_failed_logins_are_limited_per_address_across_names(
    database_url: str, make_server: MakeServer, clock: FakeClock
) -> None:
    server = make_server(database_url)
    assert server.settings.login_failures_per_address == 20  # the default
    names = [f"target-{i}" for i in range(10)]
    for name in names:
        server.player(name)
    guesser = server.player()
    statuses = [login(guesser, name, f"guess {g}").status_code for name in names for g in range(5)]
    assert statuses == [401] * 20 + [429] * 30  # 50 guesses from one address got 50 tries before
    limited = login(guesser, "target-0", "correct horse")  # even the right password waits now
    assert limited.status_code == 429
    assert limited.json()["detail"] == "too many failed logins from this address; try again in 601 seconds"
    assert limited.headers["retry-after"] == "601"
    # Another address is not limited.
    assert login(player_at(server, "127.0.0.2"), "target-0", "correct horse").status_code == 200
    clock.advance(601)
    assert login(guesser, "target-0", "correct horse").status_code == 200


def test_a_right_login_does_not_reset_the_address_count(database_url: str, make_server: MakeServer) -> None:
    server = make_server(database_url, login_failures_per_address=4)
    server.player("mine")
    server.player("theirs")
    client = server.player()
    for g in range(3):
        assert login(client, "theirs", f"guess {g}").status_code == 401
    # Logging in to one's own account clears the failures for that name only.
    assert login(client, "mine", "correct horse").status_code == 200
    assert login(client, "theirs", "guess 3").status_code == 401
    assert login(client, "theirs", "guess 4").status_code == 429


def test_ipv6_addresses_count_by_their_64_block() -> None:
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("?") == "?"


# ---------------------------------------------------------------------- the address behind a proxy


@pytest.fixture
def serve_with(sqlite_url: str, clock: FakeClock) -> Iterator[Callable[[str | None], LiveServer]]:
    """Servers run with the uvicorn configuration ``hellenika serve`` builds (``uvicorn_config``), not the
    test harness's own, so what is tested is what runs in production."""
    servers: list[LiveServer] = []

    def start(forwarded_allow_ips: str | None) -> LiveServer:
        settings = Settings(
            database_url=sqlite_url,
            clock=clock,
            deadline_poll_seconds=0,
            argon2_time_cost=1,
            argon2_memory_kib=1024,
            argon2_parallelism=1,
            register_per_address=2,
        )
        server = LiveServer(settings)
        config = uvicorn_config(
            server.app, "127.0.0.1", server.port, forwarded_allow_ips=forwarded_allow_ips, log_level="warning"
        )
        server.server = uvicorn.Server(config)
        servers.append(server.start())
        return server

    yield start
    for server in servers:
        server.stop()


def test_a_spoofed_forwarded_for_from_the_loopback_is_ignored_by_default(
    serve_with: Callable[[str | None], LiveServer],
) -> None:
    server = serve_with(None)
    client = server.player()
    for i in range(2):
        assert register(client, f"spoof-{i}", **{"X-Forwarded-For": f"203.0.113.{i}"}).status_code == 201
    # uvicorn's own default trusts X-Forwarded-For from 127.0.0.1: each made-up address had its own allowance.
    assert register(client, "spoof-2", **{"X-Forwarded-For": "203.0.113.99"}).status_code == 429


def test_forwarded_for_counts_when_the_proxy_is_configured(
    serve_with: Callable[[str | None], LiveServer],
) -> None:
    server = serve_with("127.0.0.1")
    proxy = server.player()
    for i in range(2):
        assert register(proxy, f"behind-{i}", **{"X-Forwarded-For": "203.0.113.1"}).status_code == 201
    assert register(proxy, "behind-2", **{"X-Forwarded-For": "203.0.113.1"}).status_code == 429
    assert register(proxy, "behind-3", **{"X-Forwarded-For": "203.0.113.2"}).status_code == 201
    # Only the configured proxy is believed: a client at 127.0.0.2 claiming an address is itself.
    direct = player_at(server, "127.0.0.2")
    for i in range(2):
        assert register(direct, f"direct-{i}", **{"X-Forwarded-For": f"198.51.100.{i}"}).status_code == 201
    assert register(direct, "direct-2", **{"X-Forwarded-For": "198.51.100.9"}).status_code == 429


def test_uvicorn_config_turns_proxy_headers_off_unless_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # uvicorn's own variable does not switch them back on
    app = FastAPI()
    assert uvicorn_config(app, "127.0.0.1", 0).proxy_headers is False
    assert uvicorn_config(app, "127.0.0.1", 0, forwarded_allow_ips=" ").proxy_headers is False
    given = uvicorn_config(app, "127.0.0.1", 0, forwarded_allow_ips="10.0.0.1,10.0.0.2")
    assert given.proxy_headers is True and given.forwarded_allow_ips == "10.0.0.1,10.0.0.2"
