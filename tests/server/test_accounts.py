"""Accounts: register, log in and out, sessions, CSRF double-submit, the login rate limit per name, names
that look alike, Secure cookies. The per-address limits are in test_rate_limits.py."""

from __future__ import annotations

import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from sqlalchemy import text

from hellenika.server.core.security import Passwords
from hellenika.server.people.accounts import name_skeleton
from hellenika.server.store import Store
from hellenika.server.store.migrate import upgrade
from tests.server.harness import FakeClock, LiveServer


def test_register_login_logout_and_me(server: LiveServer) -> None:
    alice = server.player()
    assert alice.get("/api/me").status_code == 401
    visitor = alice.get("/api/session")
    assert visitor.status_code == 200 and visitor.json() == {"user": None}
    answer = alice.post("/api/auth/register", {"name": "Alice", "password": "correct horse"})
    assert answer.status_code == 201
    assert answer.json()["user"]["name"] == "Alice"
    cookie = answer.headers["set-cookie"].lower()
    assert "hellenika_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert alice.get("/api/me").json()["user"]["name"] == "Alice"
    assert alice.ok(alice.get("/api/session"))["user"]["name"] == "Alice"
    assert alice.ok(alice.post("/api/auth/logout")) == {"user": None}
    assert alice.get("/api/me").status_code == 401
    assert alice.ok(alice.get("/api/session")) == {"user": None}
    again = server.player()
    assert again.ok(again.post("/api/auth/login", {"name": "alice", "password": "correct horse"}))[
        "user"
    ] == {
        "id": answer.json()["user"]["id"],
        "name": "Alice",
    }


def test_names_are_unique_regardless_of_case(server: LiveServer) -> None:
    server.player("Bob")
    other = server.player()
    taken = other.post("/api/auth/register", {"name": "bob", "password": "another secret"})
    assert taken.status_code == 409
    assert "taken" in taken.json()["detail"]


def test_bad_names_and_passwords_are_422(server: LiveServer) -> None:
    client = server.player()
    for body in (
        {"name": "x", "password": "long enough"},
        {"name": " spaced out ", "password": "short"},
        {"name": "semi;colon", "password": "long enough"},
    ):
        answer = client.post("/api/auth/register", body)
        assert answer.status_code == 422, body
        assert isinstance(answer.json()["detail"], str)


def test_state_changing_requests_need_the_csrf_header(server: LiveServer) -> None:
    client = server.player()
    missing = client.post("/api/auth/register", {"name": "Carol", "password": "correct horse"}, csrf=False)
    assert missing.status_code == 403
    assert "CSRF" in missing.json()["detail"]
    wrong = client.http.post(
        "/api/auth/register",
        json={"name": "Carol", "password": "correct horse"},
        headers={"X-CSRF-Token": "not-the-cookie"},
    )
    assert wrong.status_code == 403
    client.register("Carol")
    assert client.post("/api/tables", {"game": "hercules", "players": 2}, csrf=False).status_code == 403
    assert client.get("/api/tables/mine").json()["tables"] == []  # nothing was created


def test_login_is_rate_limited_per_name_and_address(server: LiveServer, clock: FakeClock) -> None:
    server.player("Dora")
    client = server.player()
    for _ in range(5):
        assert (
            client.post("/api/auth/login", {"name": "Dora", "password": "wrong password"}).status_code == 401
        )
    limited = client.post("/api/auth/login", {"name": "Dora", "password": "correct horse"})
    assert limited.status_code == 429
    assert "try again" in limited.json()["detail"]
    clock.advance(61)
    assert client.post("/api/auth/login", {"name": "Dora", "password": "correct horse"}).status_code == 200


def test_sessions_expire(server: LiveServer, clock: FakeClock) -> None:
    erin = server.player("Erin")
    assert erin.get("/api/me").status_code == 200
    clock.advance(server.settings.session_seconds + 1)
    assert erin.get("/api/me").status_code == 401


def test_default_password_hashing_is_argon2id_at_full_cost() -> None:
    from hellenika.server.core.config import Settings
    from hellenika.server.core.security import Passwords

    settings = Settings()
    passwords = Passwords(settings.argon2_time_cost, settings.argon2_memory_kib, settings.argon2_parallelism)
    stored = passwords.hash("correct horse")
    assert stored.startswith("$argon2id$") and "m=65536,t=3,p=4" in stored
    assert passwords.verify(stored, "correct horse") and not passwords.verify(stored, "wrong horse")
    assert not passwords.verify("not a hash", "correct horse")


# ---------------------------------------------------------------------- names that look alike (issue 18, 13)


def test_names_that_look_like_a_taken_one_are_refused(database_url: str, make_server: Any) -> None:
    server = make_server(database_url)
    for name in ("Alice", "mike", "Bob", "Oscar", "paypal"):
        server.player(name)
    lookalikes = {
        "\u0410lice": "Cyrillic capital A",
        "\u0430lice": "Cyrillic small a (name_key folds case, the skeleton the script)",
        "\u0391lice": "Greek capital alpha",
        "\uff21\uff4c\uff49\uff43\uff45": "fullwidth letters (NFKC makes them Latin)",
        "\U0001d400lice": "mathematical bold A (NFKC)",
        "AIice": "capital I for small l",
        "A1ice": "digit one for small l",
        "rnike": "r n for m",
        "B0b": "digit zero for o",
        "\u039f\u0455car": "Greek capital omicron and Cyrillic dze",
        "p\u0430yp\u0430l": "Cyrillic a twice",
    }
    client = server.player()
    for name, why in lookalikes.items():
        answer = client.post("/api/auth/register", {"name": name, "password": "correct horse"})
        assert answer.status_code == 409, why
        shown = unicodedata.normalize("NFKC", name)
        assert answer.json()["detail"] == f"the name {shown!r} is taken (or looks like a name that is)", why
    for name in ("Alicia", "Malice", "Rob", "mikey", "\u0391\u03b8\u03b7\u03bd\u03ac", "Bo-b"):
        assert (
            client.post("/api/auth/register", {"name": name, "password": "correct horse"}).status_code == 201
        )
        client.post("/api/auth/logout")
    # Logging in still goes by the name as typed (case ignored), not by its look.
    assert client.post("/api/auth/login", {"name": "ALICE", "password": "correct horse"}).status_code == 200
    assert client.post("/api/auth/login", {"name": "AIice", "password": "correct horse"}).status_code == 401


def test_two_lookalikes_registering_at_once_get_one_account(database_url: str, make_server: Any) -> None:
    """The skeleton is a unique column: two registrations that both pass the early check still end in one
    account and one 409."""
    server: LiveServer = make_server(database_url)
    players = [server.player() for _ in range(8)]
    pairs = [(f"Zoe{i}", f"Z\u043e\u0435{i}") for i in range(4)]  # Cyrillic o and e

    def register(index: int) -> int:
        name = pairs[index // 2][index % 2]
        body = {"name": name, "password": "correct horse"}
        return players[index].post("/api/auth/register", body).status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(register, range(8)))
    for i in range(4):
        assert sorted(statuses[2 * i : 2 * i + 2]) == [201, 409]


def test_invisible_characters_in_names_are_refused(server: LiveServer) -> None:
    client = server.player()
    for name in (
        "Ali\u200dce",  # zero-width joiner
        "Alice\u200b",  # zero-width space (not white space: strip() keeps it)
        "Ali\u00adce",  # soft hyphen
        "\u2060Alice",  # word joiner
        "Ali\ufeffce",  # zero-width no-break space
        "Ali\u200ece",  # left-to-right mark
    ):
        assert unicodedata.category(next(c for c in name if not c.isalnum())) == "Cf"
        answer = client.post("/api/auth/register", {"name": name, "password": "correct horse"})
        assert answer.status_code == 422, repr(name)
        assert answer.json()["detail"].startswith("a name is 2 to 32 letters")
    assert client.get("/api/me").status_code == 401


def test_skeletons_match_what_the_confusables_data_says() -> None:
    assert name_skeleton("Alice") == name_skeleton("\u0430lice") == name_skeleton("ALICE".lower())
    assert name_skeleton("mike") == name_skeleton("rnike")
    assert name_skeleton("Ian") == name_skeleton("lan")
    assert name_skeleton("Alice") != name_skeleton("Alicia")
    assert name_skeleton("a-b") != name_skeleton("a_b")


# ---------------------------------------------------------------------- Secure cookies (issue 18, 12)


def test_secure_cookies_mark_the_session_and_csrf_cookies(make_server: Any, sqlite_url: str) -> None:
    server = make_server(sqlite_url, secure_cookies=True)
    # httpx keeps Secure cookies for https only, so this client carries them by hand, as a browser would.
    with httpx.Client(base_url=server.base, timeout=60) as http:
        first = http.get("/api/games")
        csrf_cookie = first.headers["set-cookie"]
        assert csrf_cookie.startswith("hellenika_csrf=") and "; Secure" in csrf_cookie
        csrf = csrf_cookie.split(";")[0].split("=", 1)[1]
        headers = {"X-CSRF-Token": csrf, "Cookie": f"hellenika_csrf={csrf}"}
        body = {"name": "Sekure", "password": "correct horse"}
        registered = http.post("/api/auth/register", json=body, headers=headers)
        assert registered.status_code == 201
        session = registered.headers["set-cookie"]
        assert session.startswith("hellenika_session=")
        assert all(flag in session.lower() for flag in ("; secure", "; httponly", "; samesite=lax"))
        token = session.split(";")[0].split("=", 1)[1]
        headers["Cookie"] += f"; hellenika_session={token}"
        logged_out = http.post("/api/auth/logout", json={}, headers=headers)
        assert logged_out.status_code == 200
        cleared = logged_out.headers["set-cookie"].lower()
        assert cleared.startswith('hellenika_session=""') and "; secure" in cleared and "max-age=0" in cleared


def test_cookies_are_not_secure_by_default(server: LiveServer) -> None:
    client = server.player()
    answer = client.post("/api/auth/register", {"name": "Plain", "password": "correct horse"})
    assert "secure" not in answer.headers["set-cookie"].lower()
    assert "secure" not in client.post("/api/auth/logout").headers["set-cookie"].lower()


# ---------------------------------------------------------------------- migration 0002 (issue 18, 13)


def test_migration_fills_the_skeletons_of_existing_accounts(database_url: str, make_server: Any) -> None:
    store = Store(database_url, migrate=False)
    try:
        upgrade(store.engine, "0001")
        stored = Passwords(1, 1024, 1).hash("correct horse")
        rows = [("Alice", "alice"), ("\u0410lice", "\u0430lice"), ("Bob", "bob")]  # a lookalike from before
        with store.engine.begin() as connection:
            for name, key in rows:
                connection.execute(
                    text(
                        "INSERT INTO users (name, name_key, password_hash, created_at) "
                        "VALUES (:name, :key, :hash, 0)"
                    ),
                    {"name": name, "key": key, "hash": stored},
                )
        upgrade(store.engine)
        with store.engine.connect() as connection:
            found = connection.execute(text("SELECT name, name_skeleton FROM users ORDER BY id")).all()
        # The older of two lookalikes keeps the skeleton; the newer keeps its account but no skeleton.
        assert [tuple(r) for r in found] == [("Alice", "alice"), ("\u0410lice", None), ("Bob", "bob")]
    finally:
        store.close()
    server = make_server(database_url)
    client = server.player()
    for name in ("AIice", "B0b", "\u0430lice"):
        assert (
            client.post("/api/auth/register", {"name": name, "password": "correct horse"}).status_code == 409
        )
    for name in ("Alice", "\u0410lice", "Bob"):  # everyone can still log in
        assert client.post("/api/auth/login", {"name": name, "password": "correct horse"}).status_code == 200
    assert (
        client.post("/api/auth/register", {"name": "Carol", "password": "correct horse"}).status_code == 201
    )
