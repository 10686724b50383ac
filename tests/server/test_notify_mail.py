"""Notifications by e-mail through a real SMTP server (aiosmtpd on 127.0.0.1): the verification link, a
your-turn mail once per turn, invitations, game over, the quiet rule, back-off while the SMTP server is
down and exactly one delivery after it is back, the daily digest, the deadline warning, unsubscribing, and
the admin's outbox page when no SMTP server is configured. SQLite and PostgreSQL where storage matters."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy import select

from hellenika.server.store.models import OutboxRow
from tests.server.harness import FakeClock, LiveServer, Player
from tests.server.helpers import admin_player
from tests.server.notify_support import SmtpSink, html_of, link_in, text_of

PUBLIC = "http://hellenika.test"


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    smtp = SmtpSink().start()
    yield smtp
    smtp.stop()


def mail_server(make_server: Any, database_url: str, sink: SmtpSink, **settings: Any) -> LiveServer:
    values: dict[str, Any] = {
        "smtp_url": sink.url,
        "public_url": PUBLIC,
        "notify_poll_seconds": 0,
        "notify_retry_seconds": 10,
    }
    values.update(settings)
    server: LiveServer = make_server(database_url, **values)
    return server


def drain(server: LiveServer) -> int:
    return server.call(server.services.notifier.drain())


def outbox(server: LiveServer) -> list[OutboxRow]:
    with server.services.store.session() as session:
        return list(session.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def local(link: str) -> str:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}" == PUBLIC
    return f"{parts.path}?{parts.query}"


def verified(server: LiveServer, sink: SmtpSink, player: Player, address: str, quiet: int = 0) -> None:
    """Give ``player`` the address and follow the link the SMTP server received; quiet minutes as given."""
    answer = player.ok(player.http.post("/api/me/email", json={"email": address}, headers=csrf(player)))
    assert answer["email"] == address and answer["email_verified"] is False
    drain(server)
    (message,) = sink.to(address)
    assert message["Subject"] == "Confirm your e-mail address for Hellenika"
    page = player.get(local(link_in(message, "/verify-email")))
    assert page.status_code == 200 and 'data-ok="1"' in page.text
    assert player.ok(player.get("/api/me/settings"))["email_verified"] is True
    put(player, quiet_minutes=quiet)
    with sink.lock:
        sink.messages.remove(message)


def csrf(player: Player) -> dict[str, str]:
    return {"X-CSRF-Token": player.csrf}


def put(player: Player, **settings: Any) -> dict[str, Any]:
    answer: dict[str, Any] = player.ok(
        player.http.put("/api/me/settings", json=settings, headers=csrf(player))
    )
    return answer


def table_with(first: Player, second: Player, **table: Any) -> str:
    body: dict[str, Any] = {
        "game": "hercules",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "user", "user": second.user["name"]}],  # type: ignore[index]
    }
    body.update(table)
    created = first.create(**body)
    return str(created["id"])


def start(first: Player, second: Player, table_id: str) -> dict[str, Any]:
    second.ok(second.post(f"/api/tables/{table_id}/accept"))
    first.ok(first.post(f"/api/tables/{table_id}/start"))
    return first.state(table_id)


def play_turn(players: dict[int, Player], table_id: str) -> int:
    """The seat to move decides until the turn passes to the other seat (or the game ends); answers who
    moved."""
    model = players[0].state(table_id)
    seat = model["to_move"]
    mover = players[seat]
    while True:
        mine = mover.state(table_id)
        if mine["finished"] or mine["to_move"] != seat:
            return int(seat)
        mover.ok(mover.move(table_id, mine["version"], mine["legal"][0]["action"]))


def test_verification_then_invitation_turns_and_game_over(
    make_server: Any, database_url: str, sink: SmtpSink, clock: FakeClock
) -> None:
    server = mail_server(make_server, database_url, sink)
    one, two = server.player("ann"), server.player("bo")
    verified(server, sink, one, "ann@example.org")
    verified(server, sink, two, "bo@example.org")
    table_id = table_with(one, two, mode="turn-based")
    drain(server)
    (invitation,) = sink.to("bo@example.org")
    assert invitation["Subject"] == "ann invites you to Hercules"
    assert f"{PUBLIC}/tables/{table_id}" in text_of(invitation)
    assert invitation["List-Unsubscribe"].startswith(f"<{PUBLIC}/unsubscribe?token=")
    model = start(one, two, table_id)
    players = {0: one, 1: two}
    address = {0: "ann@example.org", 1: "bo@example.org"}
    drain(server)
    first = model["to_move"]
    (turn,) = [m for m in sink.to(address[first]) if m["Subject"] == "Your turn in Hercules"]
    assert f'href="{PUBLIC}/tables/{table_id}"' in html_of(turn)
    clock.advance(3600)
    moved = play_turn(players, table_id)
    drain(server)
    drain(server)  # a second pass sends nothing again
    other = 1 - moved
    turns = [m for m in sink.to(address[other]) if m["Subject"] == "Your turn in Hercules"]
    assert len(turns) == (2 if other == first else 1)
    rows = [r for r in outbox(server) if r.event == "your_turn"]
    assert len({r.dedupe_key for r in rows}) == len(rows) == 2
    assert all(r.status == "sent" and r.attempts == 1 for r in rows)
    # Resigning ends the game: both hear of it, once.
    other_player = players[other]
    other_player.ok(other_player.post(f"/api/tables/{table_id}/leave"))
    drain(server)
    for who in address.values():
        (over,) = [m for m in sink.to(who) if m["Subject"] == "Hercules is over"]
        assert f"{other_player.user['name']} resigned." in text_of(over)  # type: ignore[index]


def test_the_quiet_rule(make_server: Any, sqlite_url: str, sink: SmtpSink, clock: FakeClock) -> None:
    server = mail_server(make_server, sqlite_url, sink)
    one, two = server.player("cy"), server.player("di")
    verified(server, sink, one, "cy@example.org", quiet=10)
    verified(server, sink, two, "di@example.org", quiet=10)
    table_id = table_with(one, two, mode="turn-based")
    players = {0: one, 1: two}
    start(one, two, table_id)
    drain(server)
    sink.messages.clear()
    # The player to move next has the table open (a live WebSocket): no mail.
    moved = play_turn(players, table_id)
    waiting = players[1 - moved]
    with waiting.socket(table_id):
        drain(server)
    suppressed = [r for r in outbox(server) if r.status == "suppressed"]
    assert [r.last_error for r in suppressed] == ["quiet: the player was active on the site"]
    assert [m for m in sink.messages if m["Subject"] == "Your turn in Hercules"] == []
    # They move; the other, who moved a minute ago, is not mailed either (acted within 10 minutes).
    clock.advance(60)
    play_turn(players, table_id)
    drain(server)
    assert [m for m in sink.messages if m["Subject"] == "Your turn in Hercules"] == []
    # After the quiet minutes, and with no page open, the next turn is mailed.
    clock.advance(11 * 60)
    back = play_turn(players, table_id)
    drain(server)
    (mail,) = [m for m in sink.messages if m["Subject"] == "Your turn in Hercules"]
    assert mail["To"] == ("cy@example.org" if back == 1 else "di@example.org")


def test_smtp_down_backs_off_then_delivers_once(
    make_server: Any, database_url: str, sink: SmtpSink, clock: FakeClock
) -> None:
    server = mail_server(make_server, database_url, sink)
    one, two = server.player("ed"), server.player("fay")
    verified(server, sink, one, "ed@example.org")
    verified(server, sink, two, "fay@example.org")
    sink.stop()
    table_with(one, two)
    drain(server)
    (row,) = outbox(server)[-1:]
    assert row.event == "invited" and row.status == "pending" and row.attempts == 1
    assert "SMTP 127.0.0.1" in (row.last_error or "")
    assert row.next_attempt_at == clock.now + 10
    drain(server)  # not due yet: no attempt
    assert outbox(server)[-1].attempts == 1
    clock.advance(10)
    drain(server)
    row = outbox(server)[-1]
    assert row.attempts == 2 and row.next_attempt_at == clock.now + 20  # doubled
    sink.start()  # the SMTP server is back on the same port
    drain(server)
    assert sink.to("fay@example.org") == []  # still backing off
    clock.advance(20)
    drain(server)
    clock.advance(3600)
    drain(server)
    (mail,) = sink.to("fay@example.org")
    assert mail["Message-ID"] == f"<hellenika.outbox.{row.id}@localhost>"
    assert outbox(server)[-1].status == "sent"


def test_a_row_fails_after_the_last_attempt(
    make_server: Any, sqlite_url: str, sink: SmtpSink, clock: FakeClock
) -> None:
    server = mail_server(make_server, sqlite_url, sink, notify_max_attempts=3, notify_retry_seconds=1)
    one, two = server.player("gus"), server.player("hal")
    verified(server, sink, two, "hal@example.org")
    sink.stop()
    table_with(one, two)
    for _ in range(5):
        drain(server)
        clock.advance(100)
    row = outbox(server)[-1]
    assert row.status == "failed" and row.attempts == 3


def test_the_daily_digest(make_server: Any, database_url: str, sink: SmtpSink, clock: FakeClock) -> None:
    server = mail_server(make_server, database_url, sink)
    one, two, three = server.player("ida"), server.player("jo"), server.player("kim")
    verified(server, sink, two, "jo@example.org")
    assert put(two, digest=True)["digest"] is True
    table_with(one, two)
    table_with(three, two)
    drain(server)
    assert sink.to("jo@example.org") == []
    assert [r.status for r in outbox(server)[-2:]] == ["held", "held"]
    clock.advance(86400 - clock.now % 86400 + 60)  # just after midnight (UTC)
    drain(server)
    drain(server)
    (digest,) = sink.to("jo@example.org")
    assert digest["Subject"] == "Hellenika: your daily digest (2)"
    assert "ida invites you to Hercules" in text_of(digest) and "kim invites you to Hercules" in text_of(
        digest
    )
    assert [r.status for r in outbox(server)[-3:]] == ["digested", "digested", "sent"]


def test_the_deadline_warning(make_server: Any, sqlite_url: str, sink: SmtpSink, clock: FakeClock) -> None:
    server = mail_server(make_server, sqlite_url, sink)
    one, two = server.player("lu"), server.player("max")
    verified(server, sink, one, "lu@example.org")
    verified(server, sink, two, "max@example.org")
    for player in (one, two):
        put(player, deadline_hours=4, your_turn=False, invited=False)
    table_id = table_with(one, two, mode="turn-based", deadline_hours=24)
    start(one, two, table_id)
    drain(server)
    assert sink.messages == []
    clock.advance(19 * 3600)
    drain(server)
    assert sink.messages == []
    clock.advance(3600 + 1)  # 4 hours left
    drain(server)
    clock.advance(120)
    drain(server)
    (warning,) = sink.messages
    assert warning["Subject"] == "Your time in Hercules runs out soon"


def test_unsubscribe_link(make_server: Any, sqlite_url: str, sink: SmtpSink) -> None:
    server = mail_server(make_server, sqlite_url, sink)
    one, two = server.player("ned"), server.player("ola")
    verified(server, sink, two, "ola@example.org")
    table_with(one, two)
    drain(server)
    (mail,) = sink.to("ola@example.org")
    link = mail["List-Unsubscribe"].strip("<>")
    visitor = server.player()
    page = visitor.get(local(link))
    assert page.status_code == 200 and "Stop all notification e-mails to ola?" in page.text
    assert two.ok(two.get("/api/me/settings"))["by_email"] is True  # the GET changes nothing
    token = urlsplit(link).query.split("=", 1)[1]
    done = visitor.http.post("/unsubscribe", data={"token": token})
    assert done.status_code == 200 and "no more notification e-mails" in done.text
    assert two.ok(two.get("/api/me/settings"))["by_email"] is False
    assert visitor.http.post("/unsubscribe", data={"token": "nope"}).status_code == 400
    assert visitor.get("/unsubscribe?token=%3Cscript%3E").status_code == 400


def test_without_smtp_the_admin_reads_the_outbox(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url, notify_poll_seconds=0, public_url=PUBLIC)
    admin, other = admin_player(server), server.player("pia")
    answer = other.ok(
        other.http.post("/api/me/email", json={"email": "pia@example.org"}, headers=csrf(other))
    )
    assert answer["mail_configured"] is False
    assert drain(server) == 1
    assert other.get("/api/admin/outbox").status_code == 403
    assert server.player().get("/api/admin/outbox").status_code == 401
    (row,) = admin.ok(admin.get("/api/admin/outbox"))["outbox"]
    assert row["status"] == "logged" and row["to"] == "pia@example.org" and row["user"] == "pia"
    link = next(word for word in row["text"].split() if "/verify-email?token=" in word)
    assert other.get(local(link)).status_code == 200
    assert other.ok(other.get("/api/me/settings"))["email_verified"] is True
    again = other.get(local(link))
    assert again.status_code == 400 and "used already" in again.text


def test_settings_are_checked(server: LiveServer) -> None:
    player = server.player("quinn")
    settings = player.ok(player.get("/api/me/settings"))
    assert settings["your_turn"] and settings["by_email"] and not settings["by_webhook"]
    assert len(settings["webhook_secret"]) == 64 and settings["admin"] is False  # nobody is, by registering
    for body, words in [
        ({"webhook_url": "ftp://example.org/x"}, "starts with https://"),
        ({"webhook_url": "https://example.org/" + "a" * 500}, "at most 500"),
        ({"webhook_url": "https://user:pw@example.org/"}, "user name"),
        ({"by_webhook": True}, "give a webhook address"),
        ({"quiet_minutes": -1}, ""),
        ({"deadline_hours": 1000}, ""),
        ({"digest": "yes"}, ""),
        ({"unknown": True}, ""),
    ]:
        answer = player.http.put("/api/me/settings", json=body, headers=csrf(player))
        assert answer.status_code == 422, body
        assert words in answer.json()["detail"]
    for address in [
        "no-at-sign",
        "a@b",
        "a b@example.org",
        "x@example.org\r\nBcc: y@example.org",
        "é@example.org",
    ]:
        answer = player.http.post("/api/me/email", json={"email": address}, headers=csrf(player))
        assert answer.status_code == 422, address
    assert player.http.put("/api/me/settings", json={"digest": True}).status_code == 403  # no CSRF header
    assert server.player().get("/api/me/settings").status_code == 401
    changed = put(player, webhook_url="https://example.org/hook", by_webhook=True, rotate_webhook_secret=True)
    assert changed["webhook_url"] == "https://example.org/hook" and changed["by_webhook"] is True
    assert changed["webhook_secret"] != settings["webhook_secret"]
    for _ in range(5):
        player.ok(player.http.post("/api/me/email", json={"email": "q@example.org"}, headers=csrf(player)))
    limited = player.http.post("/api/me/email", json={"email": "q@example.org"}, headers=csrf(player))
    assert limited.status_code == 429 and "Retry-After" in limited.headers
