"""Post-game review in the browser: ``/replays/{id}/review`` and its API.

For one seat of a finished game (a finished table or an uploaded record), every decision with a real
choice is judged by ISMCTS from that seat's own observation (:mod:`hellenika.bots.coach`): the move played,
the move the search prefers, and how much better it judges it. The page shows the three biggest mistakes
first, each a link to the replay at that step, and the seat's evaluation over the game as a chart.

**Never on the event loop, never slowing live tables.** Reviews run in the server's one pool of searches
(server/core/thinkers.py, shared with the bots and the hints: ``Settings.bot_workers`` worker *processes*
at a lower priority, or Ray; ``bot_workers`` 0 runs them in a thread, for tests), a few decisions per task
(``review_chunk``), so the page can show progress and the GIL of the process that serves tables is never
held by a search. ``Settings.review_workers`` bounds how many run at once in a process; the others wait in
a queue per person, served in turn (turns.py): the next free worker goes to the waiting person served
longest ago, so a few people asking for several reviews each never keep everyone else waiting behind all of
theirs.

**Bounds.** At most ``review_per_user`` reviews waiting or running per person (429). A person with none under
way is always queued (in turn, as above); one asking for a further review while the site has
``review_queue`` waiting or running is refused (503, with ``Retry-After``): the shared bound only ever
holds back second reviews, never someone's first. Both are counted in the request's transaction under one
turn (store/locks.py ``take_turn``), so concurrent requests cannot pass them, on any process.

**Cached with the record, one truth for every process.** A review is one row of ``game_reviews``
(migration 0009), keyed by the replay id and seat: created queued when asked for, its status and progress
written by the process computing it after each task (its heartbeat), then its judgements once done, read
from there ever after (a record never changes, so neither does its review). So every process answers the
same progress, and asking on another process answers the review under way. A row whose process stopped or
died goes stale (``STALE_SECONDS`` without a beat): it shows as not reviewed and may be asked for again.

**Who may see what.** A public finished table's review, and any uploaded record's, is open to everyone for
every seat (the record, hidden draws included, is public once the game is over); a private table's only to
its players, each for their own seat (403 otherwise). Asking for a review to be computed needs a login and
the CSRF header, as every state change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.bots.coach import loss_words, plan_review, review_steps, share
from hellenika.engine.errors import HellenikaError
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.core.security import RetryLater
from hellenika.server.core.thinkers import Thinkers
from hellenika.server.learn.turns import FairTurns
from hellenika.server.replays import Replays
from hellenika.server.store import Store
from hellenika.server.store.locks import take_turn
from hellenika.server.store.models import GameReview, Replay
from hellenika.server.tables import FINISHED, USER, load_info

log = logging.getLogger("hellenika.server.learn.review")

#: How many of the biggest mistakes the review puts first.
TOP_MISTAKES = 3
#: A move that costs less than this (in [-1, 1] units: 1 percentage point) is not counted as a mistake.
NOTICEABLE = 0.02

NONE, QUEUED, RUNNING, DONE, FAILED = "none", "queued", "running", "done", "failed"
ACTIVE = (QUEUED, RUNNING)
#: A queued or running review whose row has not been touched for this long was abandoned (its process
#: stopped or died): it shows as not reviewed and may be asked for again.
STALE_SECONDS = 300.0
#: How often a review waiting for a worker touches its row.
HEARTBEAT_SECONDS = 60.0


@dataclass
class Job:
    """A review being computed in this process."""

    replay_id: str
    seat: int
    user_id: int
    status: str = QUEUED
    done: int = 0
    total: int = 0
    error: str | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


@dataclass(frozen=True)
class Access:
    """What a viewer may do with a replay's review."""

    game: str
    private: bool
    seats: tuple[int, ...]  # the seats whose review this viewer may see and ask for
    mine: tuple[int, ...]  # the viewer's own seats (a finished table they sat at)
    players: int


class Reviews:
    """The background queue of reviews and their cache (see the module docstring)."""

    def __init__(self, store: Store, replays: Replays, settings: Settings, thinkers: Thinkers) -> None:
        self.store = store
        self.replays = replays
        self.settings = settings
        #: The server's pool of searches (the master's), where the judgements are computed.
        self.thinkers = thinkers
        self.jobs: dict[tuple[str, int], Job] = {}
        self._turns = FairTurns(max(1, settings.review_workers))
        self.closed = False

    # ------------------------------------------------------------------ access

    async def access(self, replay_id: str, user_id: int | None) -> Access:
        """The viewer's rights on this replay's review: 404 no replay, 409 a game still running, 403 a
        private table's review for someone who did not play it."""

        def read(session: Session) -> Access | str:
            uploaded = session.get(Replay, replay_id)
            if uploaded is not None:
                players = uploaded.record.get("players") if isinstance(uploaded.record, dict) else None
                count = players if isinstance(players, int) and not isinstance(players, bool) else 0
                return Access(uploaded.game, False, tuple(range(max(0, count))), (), max(0, count))
            info = load_info(session, replay_id)
            if info is None:
                return "none"
            if info.status != FINISHED:
                return "running"
            mine = tuple(s.seat for s in info.seats if s.kind == USER and s.user_id == user_id)
            seats = mine if info.private else tuple(range(info.players))
            return Access(info.game, info.private, seats, mine, info.players)

        found = await self.store.read(read)
        if found == "none":
            raise ApiError(404, f"no replay {replay_id!r}")
        if found == "running":
            raise ApiError(409, "this game is not finished; its review opens when it ends")
        assert isinstance(found, Access)
        if found.private and not found.seats:
            raise ApiError(403, "this game was private: only its players may see its review")
        return found

    @staticmethod
    def seat_for(access: Access, seat: int | None) -> int:
        if seat is None:
            return access.mine[0] if access.mine else (access.seats[0] if access.seats else 0)
        if seat not in access.seats:
            if access.private:
                raise ApiError(403, "at a private table each player may review only their own seat")
            raise ApiError(422, f"seat must be one of the game's seats, 0 to {access.players - 1}")
        return seat

    # ------------------------------------------------------------------ answers

    async def answer(self, replay_id: str, user_id: int | None, seat: int | None) -> dict[str, Any]:
        access = await self.access(replay_id, user_id)
        seat = self.seat_for(access, seat)
        return await self._answer(replay_id, access, seat)

    async def _answer(self, replay_id: str, access: Access, seat: int) -> dict[str, Any]:
        record = await self.replays.record_json(replay_id)
        row = await self.row(replay_id, seat)
        names = [str(n) for n in record.get("seats", [])]
        review: dict[str, Any] = {"status": NONE, "done": 0, "total": 0}
        if row is not None and row["status"] == DONE:
            review = {"status": DONE, "done": row["done"], "total": row["total"]}
            review.update(summarise(row["decisions"], replay_id, access.players))
            review.update(iterations=row["iterations"], seconds=round(row["seconds"], 2))
        elif row is not None and row["status"] == FAILED:
            review = {"status": FAILED, "done": row["done"], "total": row["total"], "error": row["error"]}
        elif row is not None and self.alive(row):
            review = {"status": row["status"], "done": row["done"], "total": row["total"]}
            review["position"] = row["position"]
        game = games.get(access.game)
        return {
            "replay": {
                "id": replay_id,
                "game": access.game,
                "title": game.title,
                "steps": len(record.get("actions", [])),
                "names": names,
                "players": access.players,
                "replay_url": f"/replays/{replay_id}",
            },
            "seat": seat,
            "seats": list(access.seats),
            "mine": list(access.mine),
            "review": review,
        }

    def alive(self, row: dict[str, Any]) -> bool:
        """A queued or running review whose process still beats (one that died leaves a stale row)."""
        return row["status"] in ACTIVE and row["updated_at"] > self.settings.clock() - STALE_SECONDS

    async def row(self, replay_id: str, seat: int) -> dict[str, Any] | None:
        """A review's row as plain values, with ``position``: how many live reviews queued before it."""

        def read(session: Session) -> dict[str, Any] | None:
            row = session.get(GameReview, (replay_id, seat))
            if row is None:
                return None
            found = {c.name: getattr(row, c.name) for c in GameReview.__table__.columns}
            found["position"] = None
            if row.status == QUEUED:
                queued = session.execute(
                    select(GameReview.requested_by, GameReview.created_at).where(
                        GameReview.status == QUEUED,
                        GameReview.updated_at > self.settings.clock() - STALE_SECONDS,
                    )
                ).all()
                found["position"] = fair_position(
                    [(who or 0, when) for who, when in queued], row.requested_by or 0, row.created_at
                )
            return found

        return await self.store.read(read)

    # ------------------------------------------------------------------ the queue

    async def request(self, replay_id: str, user_id: int, seat: int | None) -> tuple[int, dict[str, Any]]:
        """Start the review unless it is done or under way (in any process); answers the status code (200
        done, 202 not yet) and the same answer as :meth:`answer`."""
        access = await self.access(replay_id, user_id)
        seat = self.seat_for(access, seat)
        if self.closed:
            raise ApiError(409, "the server is stopping; ask again in a moment")
        record = await self.replays.record_json(replay_id)
        now = self.settings.clock()
        limit, queue = self.settings.review_per_user, self.settings.review_queue
        iterations = max(1, self.settings.review_iterations)

        def write(session: Session) -> bool:
            take_turn(session, "review-queue")  # counted and queued with no other request between
            row = session.get(GameReview, (replay_id, seat))
            if row is not None and (
                row.status == DONE or (row.status in ACTIVE and row.updated_at > now - STALE_SECONDS)
            ):
                return False  # done, or under way somewhere: nothing new to do
            live = (GameReview.status.in_(ACTIVE), GameReview.updated_at > now - STALE_SECONDS)
            count = select(func.count()).select_from(GameReview).where(*live)
            mine = session.scalar(count.where(GameReview.requested_by == user_id)) or 0
            if mine >= limit:
                words = f"you have {limit} review{'s' if limit != 1 else ''} under way"
                raise RetryLater(429, f"{words}; ask for another once one is done", 30)
            if mine > 0 and (session.scalar(count) or 0) >= queue:
                raise RetryLater(503, "the review queue is full; ask again once your review is done", 60)
            values: dict[str, Any] = {
                "status": QUEUED,
                "done": 0,
                "total": 0,
                "error": None,
                "iterations": iterations,
                "steps": len(record.get("actions", [])),
                "decisions": [],
                "requested_by": user_id,
                "seconds": 0.0,
                "created_at": now,
                "updated_at": now,
            }
            if row is None:
                session.add(GameReview(replay_id=replay_id, seat=seat, **values))
            else:  # a failed or abandoned one: asked again, it queues last
                for name, value in values.items():
                    setattr(row, name, value)
            return True

        try:
            started = await self.store.write(write)
        except IntegrityError:  # another process queued it at the same moment: that one computes it
            started = False
        if started:
            job = Job(replay_id, seat, user_id)
            self.jobs[(replay_id, seat)] = job
            job.task = asyncio.create_task(self._run(job, record, iterations))
        answer = await self._answer(replay_id, access, seat)
        return (200 if answer["review"]["status"] == DONE else 202), answer

    async def _update(self, job: Job, **values: Any) -> None:
        """Write the job's progress (and its heartbeat) to its row."""
        now = self.settings.clock()

        def write(session: Session) -> None:
            row = session.get(GameReview, (job.replay_id, job.seat))
            if row is None:
                return
            for name, value in values.items():
                setattr(row, name, value)
            row.updated_at = now

        await self.store.write(write)

    async def _slot(self, job: Job) -> None:
        """Wait for a free worker in the person's turn, beating meanwhile so a long queue does not look
        abandoned."""

        async def beat() -> None:
            await self._update(job)

        await self._turns.acquire(job.user_id, HEARTBEAT_SECONDS, beat)

    async def _run(self, job: Job, record_json: dict[str, Any], iterations: int) -> None:
        started = time.monotonic()
        try:
            await self._slot(job)
            try:
                job.status = RUNNING
                await self._update(job, status=RUNNING)
                thinkers = self.thinkers
                steps, names = await thinkers.run(plan_review, record_json, job.seat)
                job.total = len(steps)
                await self._update(job, total=job.total)
                chunk = max(1, self.settings.review_chunk)
                for start in range(0, len(steps), chunk):
                    part = steps[start : start + chunk]
                    judged = await thinkers.run(review_steps, record_json, part, iterations, names)
                    job.decisions.extend(judged)
                    job.done += len(part)
                    await self._update(job, done=job.done)
            finally:
                self._turns.release()
            seconds = time.monotonic() - started
            await self._update(job, status=DONE, decisions=job.decisions, seconds=seconds)
            log.info(
                "review of %s seat %d: %d decisions in %.1f s", job.replay_id, job.seat, job.total, seconds
            )
        except asyncio.CancelledError:
            raise  # the server is stopping: the row goes stale and may be asked for again
        except (HellenikaError, ApiError) as exc:
            await self._failed(job, f"this record cannot be reviewed: {exc}")
        except RetryLater:  # its worker died (the pool is rebuilt for the next task) or the server stops
            log.warning("review of %s seat %d: the worker stopped", job.replay_id, job.seat)
            await self._failed(job, "the review's worker stopped; ask again to retry")
        except Exception as exc:  # a database hiccup, a bug: said on the page, logged here
            log.exception("review of %s seat %d failed", job.replay_id, job.seat)
            await self._failed(job, f"the review failed ({type(exc).__name__}); ask again to retry")
        finally:
            self.jobs.pop((job.replay_id, job.seat), None)

    async def _failed(self, job: Job, error: str) -> None:
        job.status, job.error = FAILED, error
        with contextlib.suppress(Exception):  # the page then sees the row go stale instead
            await self._update(job, status=FAILED, error=error[:500])

    async def close(self) -> None:
        self.closed = True
        tasks = [j.task for j in self.jobs.values() if j.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        # The pool's workers (still searching, perhaps) are the master's to stop.


def fair_position(queued: list[tuple[int, float]], who: int, created_at: float) -> int:
    """About how many queued reviews go before this one (``who``'s, asked at ``created_at``) when each
    person's queue is served in turn (turns.py): ``queued`` holds (person, asked at) of every queued one."""
    by_person: dict[int, list[float]] = {}
    for person, when in queued:
        by_person.setdefault(person, []).append(when)
    mine = sorted(by_person.get(who, []))
    rank = sum(1 for when in mine if when < created_at)  # my own before it
    first = mine[0] if mine else created_at
    ahead = rank
    for person, times in by_person.items():
        if person == who:
            continue
        ahead += min(len(times), rank)  # one of theirs in each round before mine
        if len(times) > rank and min(times) < first:
            ahead += 1  # and theirs first in my round, if they came first
    return ahead


def summarise(decisions: list[dict[str, Any]], replay_id: str, players: int) -> dict[str, Any]:
    """The page's view of a finished review: every decision with its words and link, the biggest mistakes
    first, the evaluation curve, counts."""
    shown = []
    for d in decisions:
        loss = float(d.get("loss", 0.0))
        shown.append(
            {
                **d,
                "loss": round(loss, 4),
                "words": loss_words(loss, players),
                "value_share": share(float(d.get("best_value", 0.0))),
                "played_share": share(float(d.get("played_value", 0.0))),
                "same": d.get("played") == d.get("best"),
                "replay_url": f"/replays/{replay_id}?step={int(d['step'])}",
            }
        )
    mistakes = sorted(
        (d for d in shown if d["loss"] >= NOTICEABLE and not d["same"]), key=lambda d: (-d["loss"], d["step"])
    )
    losses = [d["loss"] for d in shown]
    return {
        "decisions": shown,
        "mistakes": mistakes[:TOP_MISTAKES],
        "curve": [{"step": d["step"], "value": round(float(d["best_value"]), 4)} for d in shown],
        "summary": {
            "decisions": len(shown),
            "agreed": sum(1 for d in shown if d["same"]),
            "mistakes": sum(1 for d in shown if d.get("verdict") == "mistake"),
            "blunders": sum(1 for d in shown if d.get("verdict") == "blunder"),
            "average_loss": round(sum(losses) / len(losses), 4) if losses else 0.0,
        },
    }
