"""Limits that hold when the requests come together (docs/WEB.md "Security"), on SQLite and PostgreSQL: each
test fires its requests at once from threads behind a barrier, one HTTP client each, and counts what got
through. Verification mails (5 a person an hour, 5 to one address), waiting match requests (5), reports (10
an hour), reviews (2 a person; the site's bound holds back only second reviews), tables and invitations."""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine import play_match
from hellenika.server.store.models import GameTable, MatchRequest, OutboxRow, Report, User
from tests.server.harness import FakeClock, LiveServer, Player


def twin(player: Player) -> Player:
    """The same person (their cookies) in another HTTP client, as another tab would be."""
    other = Player(player.server)
    other.http.cookies = httpx.Cookies(player.http.cookies)
    other.user = player.user
    return other


def together(calls: list[Callable[[], httpx.Response]]) -> Counter[int]:
    """Run the calls at the same moment (a barrier), one thread each; answers how many got each status."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], httpx.Response]) -> int:
        barrier.wait(30)
        return call().status_code

    with ThreadPoolExecutor(len(calls)) as pool:
        return Counter(pool.map(run, calls))


def count(server: LiveServer, query: Any) -> int:
    with server.services.store.session() as session:
        return int(session.scalar(query) or 0)


def test_concurrent_verification_mails_stop_at_five(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url, notify_poll_seconds=0)
    pia = server.player("pia")
    tabs = [twin(pia) for _ in range(20)]
    calls = [
        (lambda tab=tab, i=i: tab.post("/api/me/email", {"email": f"pia{i}@example.org"}))
        for i, tab in enumerate(tabs)
    ]
    statuses = together(calls)
    assert statuses == Counter({200: 5, 429: 15}), statuses
    queued = select(func.count()).select_from(OutboxRow).where(OutboxRow.event == "verify_email")
    assert count(server, queued) == 5


def test_one_address_gets_at_most_five_verification_mails_whoever_asks(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    server: LiveServer = make_server(database_url, notify_poll_seconds=0)
    people = [server.player(f"asker{i}") for i in range(7)]
    statuses = together(
        [(lambda p=p: p.post("/api/me/email", {"email": "Victim@example.org"})) for p in people]
    )
    assert statuses == Counter({200: 5, 429: 2}), statuses
    refused = people[0].post("/api/me/email", {"email": "victim@EXAMPLE.org"})
    if refused.status_code == 200:  # people[0] was one of the five: ask as one of the refused instead
        refused = next(
            answer
            for p in people
            if (answer := p.post("/api/me/email", {"email": "victim@example.org"})).status_code != 200
        )
    assert refused.status_code == 429 and "to this address" in refused.json()["detail"]
    assert refused.headers["Retry-After"].isdigit()
    clock.advance(3601)
    people[6].ok(people[6].post("/api/me/email", {"email": "victim@example.org"}))


def test_concurrent_match_requests_stop_at_five(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url, matchmaking_poll_seconds=0)
    mo = server.player("mo")
    tabs = [twin(mo) for _ in range(12)]
    calls = [
        (
            lambda tab=tab, hours=hours: tab.post(
                "/api/matchmaking",
                {"game": "hercules", "players": 2, "mode": "turn-based", "deadline_hours": hours},
            )
        )
        for hours, tab in enumerate(tabs, start=1)
    ]
    statuses = together(calls)
    assert statuses == Counter({201: 5, 409: 7}), statuses
    waiting = select(func.count()).select_from(MatchRequest).where(MatchRequest.status == "waiting")
    assert count(server, waiting) == 5


def test_concurrent_reports_stop_at_ten(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url)
    rex = server.player("rex")
    server.player("target")
    tabs = [twin(rex) for _ in range(13)]
    statuses = together(
        [(lambda tab=tab: tab.post("/api/reports", {"user": "target", "reason": "spam"})) for tab in tabs]
    )
    assert statuses == Counter({201: 10, 429: 3}), statuses
    assert count(server, select(func.count()).select_from(Report)) == 10


def test_concurrent_tables_stop_at_the_cap_and_the_hour(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    """Tables not started that one sits at as creator: 10 at once (409), whatever the concurrency; new tables
    an hour: 30 (429, with Retry-After), leaving one's tables or not."""
    server: LiveServer = make_server(database_url)
    tia = server.player("tia")
    tabs = [twin(tia) for _ in range(20)]
    statuses = together(
        [(lambda tab=tab: tab.post("/api/tables", {"game": "hercules", "players": 2})) for tab in tabs]
    )
    assert statuses == Counter({201: 10, 409: 10}), statuses
    mine = select(func.count()).select_from(GameTable).join(User, User.id == GameTable.creator_id)
    assert count(server, mine.where(User.name == "tia")) == 10
    refused = tia.post("/api/tables", {"game": "hercules", "players": 2})
    assert refused.status_code == 409 and "10 tables" in refused.json()["detail"]
    for table in tia.ok(tia.get("/api/tables/mine"))["tables"]:  # leaving frees the places ...
        tia.ok(tia.post(f"/api/tables/{table['id']}/leave"))
    for _ in range(20):  # ... but not the hour's count
        table = tia.create(game="hercules", players=2)
        tia.ok(tia.post(f"/api/tables/{table['id']}/leave"))
    limited = tia.post("/api/tables", {"game": "hercules", "players": 2})
    assert limited.status_code == 429 and "new tables an hour" in limited.json()["detail"]
    assert limited.headers["Retry-After"].isdigit()
    clock.advance(3601)
    tia.create(game="hercules", players=2)


def test_invitations_are_limited_per_person_and_per_hour(
    make_server: Any, database_url: str, clock: FakeClock
) -> None:
    """At most 2 unanswered invitations from one person to the same person (409, also when sent together),
    and 30 invitations an hour (here 6, each invitee counting one; 429)."""
    server: LiveServer = make_server(database_url, invitations_per_hour=6)
    ivo = server.player("ivo")
    for name in ("una", "vic", "wes", "xan"):
        server.player(name)
    tabs = [twin(ivo) for _ in range(5)]
    body = {"game": "hercules", "players": 2, "seats": [{"kind": "me"}, {"kind": "user", "user": "una"}]}
    statuses = together([(lambda tab=tab: tab.post("/api/tables", body)) for tab in tabs])
    assert statuses == Counter({201: 2, 409: 3}), statuses
    refused = ivo.post("/api/tables", body)
    assert refused.status_code == 409 and "to one person" in refused.json()["detail"]

    def invite(name: str) -> httpx.Response:
        seats = [{"kind": "me"}, {"kind": "user", "user": name}]
        return ivo.post("/api/tables", {"game": "hercules", "players": 2, "seats": seats})

    for name in ("vic", "wes", "xan", "vic"):  # the third to the sixth this hour
        assert invite(name).status_code == 201
    limited = invite("wes")
    assert limited.status_code == 429 and "invitations an hour" in limited.json()["detail"]
    assert limited.headers["Retry-After"].isdigit()
    clock.advance(3601)
    assert invite("wes").status_code == 201


def _record(seed: int) -> dict[str, Any]:
    agents = [make_agent("random"), make_agent("random")]
    return play_match(games.get("hercules"), 2, agents, seed=seed).record.to_json()


@contextlib.contextmanager
def reviews_held() -> Iterator[None]:
    """Reviews wait in their worker (its thread) until the block ends: none finishes meanwhile."""
    from hellenika.server.learn import review

    released = threading.Event()
    original = review.plan_review

    def held(*args: Any) -> Any:
        released.wait(60)
        return original(*args)

    review.plan_review = held  # type: ignore[assignment]
    try:
        yield
    finally:
        released.set()
        review.plan_review = original  # type: ignore[assignment]


def test_concurrent_second_reviews_stop_at_the_sites_bound(make_server: Any, database_url: str) -> None:
    """Six people with a review under way each, on a site bound of 8: of their six second reviews asked at
    once, two are queued and four refused (503); a seventh person's first is queued all the same."""
    server: LiveServer = make_server(database_url, review_workers=0, review_iterations=4, review_queue=8)
    with reviews_held():
        people = [server.player(f"rev{i}") for i in range(7)]
        replays = [p.ok(p.post("/api/replays", _record(i)), 201)["id"] for i, p in enumerate(people)]
        for person, replay in zip(people[:6], replays, strict=False):
            assert person.post(f"/api/replays/{replay}/review", {"seat": 0}).status_code == 202
        statuses = together(
            [
                (lambda p=p, r=r: p.post(f"/api/replays/{r}/review", {"seat": 1}))
                for p, r in zip(people[:6], replays, strict=False)
            ]
        )
        assert statuses == Counter({202: 2, 503: 4}), statuses
        assert people[6].post(f"/api/replays/{replays[6]}/review", {"seat": 0}).status_code == 202


def test_concurrent_reviews_of_one_person_stop_at_two(make_server: Any, database_url: str) -> None:
    server: LiveServer = make_server(database_url, review_workers=0, review_iterations=4)
    with reviews_held():
        ray = server.player("ray")
        replays = [ray.ok(ray.post("/api/replays", _record(20 + i)), 201)["id"] for i in range(5)]
        tabs = [twin(ray) for _ in replays]
        statuses = together(
            [
                (lambda t=t, r=r: t.post(f"/api/replays/{r}/review", {"seat": 0}))
                for t, r in zip(tabs, replays, strict=True)
            ]
        )
        assert statuses == Counter({202: 2, 429: 3}), statuses


def test_concurrent_vacations_make_one(make_server: Any, database_url: str) -> None:
    """Two vacations started at once: one starts, the other is told one is running (the days count once)."""
    server: LiveServer = make_server(database_url)
    val = server.player("val")
    tabs = [twin(val) for _ in range(4)]
    statuses = together([(lambda t=t: t.post("/api/me/vacation", {"days": 15})) for t in tabs])
    assert statuses == Counter({200: 1, 409: 3}), statuses
    assert val.ok(val.get("/api/me/vacation"))["days_left"] == 5


def test_concurrent_friends_stop_at_the_lists_size(
    make_server: Any, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hellenika.server.people import friends

    monkeypatch.setattr(friends, "MAX_FRIENDS", 3)  # 200 in production: the same check, fewer people
    server: LiveServer = make_server(database_url)
    fay = server.player("fay")
    names = [f"pal{i}" for i in range(6)]
    for name in names:
        server.player(name)
    tabs = [twin(fay) for _ in names]
    statuses = together(
        [(lambda t=t, n=n: t.post(f"/api/me/friends/{n}")) for t, n in zip(tabs, names, strict=True)]
    )
    assert statuses == Counter({200: 3, 422: 3}), statuses
    assert len(fay.ok(fay.get("/api/me/friends"))["friends"]) == 3
