"""Accounts against abuse (docs/WEB.md "Security"), on SQLite and PostgreSQL: a login in flight while its
account is suspended gets no session, a suspended account's session resolves to nobody, suspension takes back
what the account set going in the lobby, nobody owns a server by registering first (migration 0012 keeps an
old server's operator), and names of roles, fullwidth and lookalike ones included, are refused."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from alembic import command
from sqlalchemy import select, text

from hellenika.server.core.security import token_hash
from hellenika.server.store import Store
from hellenika.server.store.migrate import alembic_config, upgrade
from hellenika.server.store.models import AuthSession, MatchRequest, User
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import admin_player


def suspend(admin: Player, name: str, days: int = 3) -> dict[str, Any]:
    answer: dict[str, Any] = admin.ok(admin.post(f"/api/admin/users/{name}/suspension", {"days": days}))
    return answer


def lift(admin: Player, name: str) -> None:
    admin.ok(admin.http.delete(f"/api/admin/users/{name}/suspension", headers={"X-CSRF-Token": admin.csrf}))


def sessions_of(server: LiveServer, name: str) -> int:
    with server.services.store.session() as session:
        return len(
            list(
                session.scalars(
                    select(AuthSession.token_hash)
                    .join(User, User.id == AuthSession.user_id)
                    .where(User.name == name)
                )
            )
        )


def login(server: LiveServer, name: str) -> tuple[httpx.Response, Player]:
    client = server.player()
    return client.post("/api/auth/login", {"name": name, "password": "correct horse"}), client


def test_a_login_in_flight_when_the_account_is_suspended_gets_no_session(
    make_server: Any, database_url: str
) -> None:
    """The password check is held open while an admin suspends the account: the login is refused."""
    server: LiveServer = make_server(database_url)
    admin = admin_player(server)
    server.player("spammer")
    passwords = server.services.accounts.passwords
    checking, suspended = threading.Event(), threading.Event()
    original = passwords.verify

    def slow_verify(stored: str, password: str) -> bool:
        checking.set()
        assert suspended.wait(20)
        return original(stored, password)

    passwords.verify = slow_verify  # type: ignore[method-assign]
    try:
        with ThreadPoolExecutor(1) as pool:
            pending = pool.submit(login, server, "spammer")
            assert checking.wait(20)
            assert suspend(admin, "spammer")["user"] == "spammer"
            suspended.set()
            answer, client = pending.result(timeout=30)
    finally:
        passwords.verify = original  # type: ignore[method-assign]
    assert answer.status_code == 403 and "suspended until" in answer.json()["detail"], answer.text
    assert client.get("/api/me").status_code == 401
    assert sessions_of(server, "spammer") == 0


def test_logins_and_suspensions_fired_together_leave_no_session(make_server: Any, database_url: str) -> None:
    """A login and a suspension sent at once (a barrier), eight times: every login is refused, or its cookie
    is worth nothing, and no session of the suspended account is left."""
    # A real password check (a few tens of milliseconds) so the two overlap.
    server: LiveServer = make_server(database_url, argon2_time_cost=2, argon2_memory_kib=16384)
    admin = admin_player(server)
    server.player("looper")
    for _attempt in range(8):
        barrier = threading.Barrier(2)

        def log_in(barrier: threading.Barrier = barrier) -> tuple[httpx.Response, Player]:
            barrier.wait(10)
            return login(server, "looper")

        def suspend_now(barrier: threading.Barrier = barrier) -> None:
            barrier.wait(10)
            suspend(admin, "looper")

        with ThreadPoolExecutor(2) as pool:
            logged = pool.submit(log_in)
            pool.submit(suspend_now).result(timeout=30)
            answer, client = logged.result(timeout=30)
        assert answer.status_code in (200, 403), answer.text
        assert client.get("/api/me").status_code == 401, "a suspended account kept a session"
        assert sessions_of(server, "looper") == 0
        lift(admin, "looper")


def test_a_suspended_accounts_session_counts_for_nothing(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    """However a session row came to exist for a suspended account, resolving the cookie refuses it."""
    server: LiveServer = make_server(database_url)
    admin = admin_player(server)
    server.player("ghost")
    suspend(admin, "ghost", days=2)
    token = "planted-session-token-for-the-test"
    with server.services.store.session() as session, session.begin():
        user_id = session.scalar(select(User.id).where(User.name == "ghost"))
        assert user_id is not None
        session.add(
            AuthSession(
                token_hash=token_hash(token),
                user_id=user_id,
                created_at=clock.now,
                expires_at=clock.now + 86_400 * 30,
            )
        )
    planted = server.player()
    planted.http.cookies.set("hellenika_session", token)
    assert planted.get("/api/me").status_code == 401
    clock.advance(2 * 86_400 + 1)  # over: the same session is good again
    assert planted.ok(planted.get("/api/me"))["user"]["name"] == "ghost"


def test_suspension_takes_back_what_the_account_set_going(make_server: Any, database_url: str) -> None:
    """Waiting match requests cancelled (nobody is matched with the suspended account), its tables not
    started deleted with their invitations, its invitations and seats elsewhere opened."""
    server: LiveServer = make_server(database_url)
    admin = admin_player(server)
    spam, ann, cyd, dee = (server.player(n) for n in ("spam", "ann", "cyd", "dee"))
    asked = spam.ok(spam.post("/api/matchmaking", {"game": "hercules", "players": 2}), 201)["request"]
    assert asked["status"] == "waiting"
    own = spam.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "ann"}])
    invited = cyd.create(game="hercules", players=2, seats=[{"kind": "me"}, {"kind": "user", "user": "spam"}])
    joined = dee.create(game="attika", players=2)
    spam.ok(spam.post(f"/api/tables/{joined['id']}/join"))
    answer = suspend(admin, "spam")
    assert answer["requests_cancelled"] == 1 and answer["tables_withdrawn"] == 1
    assert answer["seats_opened"] == 2
    # The match request: cancelled, so another person asking is not seated with the suspended account.
    other = ann.ok(ann.post("/api/matchmaking", {"game": "hercules", "players": 2}), 201)["request"]
    assert other["status"] == "waiting" and other["table"] is None
    with server.services.store.session() as session:
        status = session.scalar(select(MatchRequest.status).where(MatchRequest.id == asked["id"]))
    assert status == "cancelled"
    # Its table is gone, and with it the invitation ann had.
    assert ann.get(f"/api/tables/{own['id']}").status_code == 404
    assert all(t["id"] != own["id"] for t in ann.ok(ann.get("/api/tables/mine"))["tables"])
    # Its invitation and its seat at other tables are open seats again.
    for table, owner in ((invited, cyd), (joined, dee)):
        seats = owner.ok(owner.get(f"/api/tables/{table['id']}"))["table"]["seats"]
        assert [s["kind"] for s in seats] == ["user", "open"], seats


def test_the_matcher_never_seats_a_suspended_account(make_server: Any, database_url: str) -> None:
    """A request filed in the moment of the suspension (written here straight to the database) is skipped
    and cancelled by the matcher."""
    server: LiveServer = make_server(database_url)
    admin = admin_player(server)
    late, bob = server.player("late"), server.player("bob")
    first = late.ok(late.post("/api/matchmaking", {"game": "hercules", "players": 2}), 201)["request"]
    suspend(admin, "late")
    with server.services.store.session() as session, session.begin():  # as if filed just after
        session.execute(
            text("UPDATE match_requests SET status = 'waiting' WHERE id = :id"), {"id": first["id"]}
        )
    answer = bob.ok(bob.post("/api/matchmaking", {"game": "hercules", "players": 2}), 201)["request"]
    assert answer["status"] == "waiting" and answer["table"] is None
    with server.services.store.session() as session:
        status = session.scalar(select(MatchRequest.status).where(MatchRequest.id == first["id"]))
    assert status == "cancelled"


def test_names_of_roles_and_their_lookalikes_are_refused(server: LiveServer) -> None:
    client = server.player()
    for name in (
        "Admin",
        "ADMIN",
        "\uff21dmin",
        "\u0391dmin",
        "ad.min",
        "Admin_",
        "Moderator",
        "system",
        "Staff",
    ):
        answer = client.post("/api/auth/register", {"name": name, "password": "correct horse"})
        assert answer.status_code == 422, (name, answer.text)
        assert "kept for the site's roles" in answer.json()["detail"], name
    for name in ("Admiral", "admin2", "modest", "systems guy"):
        server.player(name)  # a name that only contains one, or is near one, is fine


def test_a_fullwidth_name_is_checked_after_normalising(server: LiveServer) -> None:
    """``Ａdmin`` (fullwidth A) is ``Admin`` once NFKC-normalised: refused as a role's name, and a fullwidth
    copy of a taken name is refused as taken."""
    client = server.player()
    refused = client.post("/api/auth/register", {"name": "\uff21dmin", "password": "correct horse"})
    assert refused.status_code == 422
    server.player("Bob")
    taken = client.post("/api/auth/register", {"name": "\uff22ob", "password": "correct horse"})
    assert taken.status_code == 409


def test_migration_0012_keeps_an_old_servers_operator(make_server: Any, database_url: str) -> None:
    """A database from before admins were only by grant: its first account gets the role written down, once;
    a database whose admins are written down already is left as it is; a fresh one has nobody."""
    server: LiveServer = make_server(database_url)
    first = server.player("founder")
    server.player("second")
    assert first.get("/api/admin/reports").status_code == 403  # nobody is, on this server
    server.stop()
    store = Store(database_url)
    try:
        config = alembic_config(store.engine)
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0011")
        upgrade(store.engine)
        with store.engine.connect() as connection:
            admins = connection.execute(text("SELECT name FROM users WHERE is_admin ORDER BY id")).all()
        assert [a.name for a in admins] == ["founder"]
        with store.engine.begin() as connection:
            connection.execute(text("UPDATE users SET is_admin = (name = 'second')"))
            config.attributes["connection"] = connection
            command.downgrade(config, "0011")
        upgrade(store.engine)
        with store.engine.connect() as connection:
            admins = connection.execute(text("SELECT name FROM users WHERE is_admin ORDER BY id")).all()
        assert [a.name for a in admins] == ["second"]
    finally:
        store.close()
