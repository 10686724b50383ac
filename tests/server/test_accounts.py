"""Accounts: register, log in and out, sessions, CSRF double-submit and the login rate limit."""

from __future__ import annotations

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
    from hellenika.server.config import Settings
    from hellenika.server.security import Passwords

    settings = Settings()
    passwords = Passwords(settings.argon2_time_cost, settings.argon2_memory_kib, settings.argon2_parallelism)
    stored = passwords.hash("correct horse")
    assert stored.startswith("$argon2id$") and "m=65536,t=3,p=4" in stored
    assert passwords.verify(stored, "correct horse") and not passwords.verify(stored, "wrong horse")
    assert not passwords.verify("not a hash", "correct horse")
