"""The drain: delivers the outbox outside every move's transaction, so a move never waits for a mail or a
webhook, and a crash loses nothing (rows stay until they are marked).

One ``drain()`` (the background task calls it every ``Settings.notify_poll_seconds``; tests call it with
an injected clock):

1. **Deadline check** (at most every ``Settings.notify_deadline_check_seconds``, a minute by default): for
   each running table whose turn ends within the person's N hours, queue ``deadline_soon`` (once per turn:
   the deadline is in the dedupe key). Skipped for tables whose whole turn is shorter than N hours: the
   your-turn message already said the deadline.
2. **Digests**: the e-mail rows ``held`` for people who chose the daily digest, queued before today (UTC),
   become one ``digest`` message a day (the day is in its dedupe key) and are marked ``digested``.
3. **Delivery**: due rows (``pending``, or ``sending`` whose claim lapsed: a server that died mid-send) are
   claimed with a guarded UPDATE (status ``sending``, the claim until now + the lease, one attempt more), so
   two drains never take the same row. A mail's lease is longer than the SMTP timeout (``claim_seconds``:
   twice it plus 10 s, 30 s for the default 10 s) and is renewed while the batch is sent, so a slow SMTP
   server never lets the claim lapse under a live sender (which let another process send the mail a second
   time, and record the delivered one as suppressed); a sender that died lets it lapse, and another drain
   takes the row over.
   Webhooks go through their own lane (hooklane.py): each delivery a task with one deadline, a bounded
   number at once and per receiver, so a slow receiver holds up nobody else.
   Then, per row: the **quiet rule** (a ``your_turn`` or ``deadline_soon`` is ``suppressed`` while the
   person has a live WebSocket on any process (core/presence.py) or made a move within their quiet
   minutes (``users.last_action_at``, one row), and when the turn is already over), the channel's checks
   (an e-mail turned off or an address no longer verified is ``suppressed``),
   sending, and marking ``sent`` (``logged`` without SMTP). A failure is tried again after
   ``notify_retry_seconds * 2^(attempts-1)`` (capped), and after ``notify_max_attempts`` the row is
   ``failed`` with its last error; a refused webhook address fails at once.

A row is marked right after its delivery, **under its claim**: the UPDATE names the attempt the claim
counted, so a result is recorded only by the drain that holds the row (one whose claim was taken over
records nothing). A row is therefore delivered once unless the server dies in the moment between the
receiver's acceptance and that commit; the mail's ``Message-ID`` and the webhook's
``X-Hellenika-Delivery`` are the row's id, the same on every attempt, for a receiver to tell a repeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import orjson
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from hellenika.server.core.config import Settings
from hellenika.server.core.errors import log_failure
from hellenika.server.core.hub import Hub
from hellenika.server.core.presence import Presence
from hellenika.server.core.security import token_hash
from hellenika.server.notify.hooklane import WebhookLane
from hellenika.server.notify.mail import Mailer, MailError, build_email
from hellenika.server.notify.messages import compose, webhook_body
from hellenika.server.notify.outbox import (
    DIGESTED,
    FAILED,
    HELD,
    LOGGED,
    PENDING,
    SENDING,
    SENT,
    SUPPRESSED,
    enqueue_deadline_soon,
    insert_rows,
)
from hellenika.server.notify.prefs import (
    DEADLINE_SOON,
    DIGEST,
    EMAIL,
    VERIFY_EMAIL,
    WEBHOOK,
    YOUR_TURN,
    Prefs,
    ensure_row,
    prefs_for,
)
from hellenika.server.notify.service import NotifySettings
from hellenika.server.notify.webhooks import WebhookFailed, WebhookRefused
from hellenika.server.notify.webhooks import deliver as deliver_webhook
from hellenika.server.store import Store
from hellenika.server.store.models import EmailToken, GameTable, OutboxRow, User
from hellenika.server.tables import PLAYING, USER, TableInfo, load_info, load_infos

log = logging.getLogger("hellenika.server.notify")

#: How long a claimed row is ours before another drain may take it again (a server that died mid-send), at
#: least; a mail's claim also outlasts the SMTP timeout (``claim_seconds``).
CLAIM_SECONDS = 30.0
#: A mail's claim: this many SMTP timeouts plus CLAIM_MARGIN seconds (a send is a few commands, each bounded
#: by the timeout), renewed every quarter of it (at most every RENEW_SECONDS) while the batch is being sent.
CLAIM_TIMEOUTS = 2.0
CLAIM_MARGIN = 10.0
RENEW_SECONDS = 2.0
#: Mail rows claimed at once, and mails sent at once (webhooks: hooklane.py and Settings).
BATCH = 50
PARALLEL = 8
#: The largest "deadline within N hours" a person may choose (the check looks this far ahead).
MAX_DEADLINE_HOURS = 168
#: How long a verification link works.
VERIFY_SECONDS = 48 * 3600.0
DAY = 86400.0
CHANNELS = (EMAIL, WEBHOOK)


@dataclass(frozen=True, slots=True)
class Claimed:
    id: int
    user_id: int
    channel: str
    event: str
    table_id: str | None
    dedupe_key: str
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True, slots=True)
class Context:
    prefs: Prefs | None
    info: TableInfo | None
    last_action: float | None


def claim_seconds(smtp_timeout: float) -> float:
    """How long a mail's claim lasts: longer than the SMTP timeout, so a slow server never outlasts it."""
    return CLAIM_TIMEOUTS * max(0.0, smtp_timeout) + CLAIM_MARGIN


def claim(
    session: Session, now: float, limit: int, channel: str, lease: float = CLAIM_SECONDS
) -> list[Claimed]:
    """Take up to ``limit`` due rows of a channel for this drain until ``now + lease`` (guarded, so a row is
    taken by one drain only)."""
    due = (
        OutboxRow.status.in_((PENDING, SENDING)),
        OutboxRow.next_attempt_at <= now,
        OutboxRow.channel == channel,
    )
    ids = list(session.scalars(select(OutboxRow.id).where(*due).order_by(OutboxRow.id).limit(limit)))
    taken = []
    for row_id in ids:
        done = session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == row_id, *due)
            .values(status=SENDING, next_attempt_at=now + lease, attempts=OutboxRow.attempts + 1)
        )
        if getattr(done, "rowcount", 0) == 1:
            taken.append(row_id)
    if not taken:
        return []
    rows = session.scalars(select(OutboxRow).where(OutboxRow.id.in_(taken)).order_by(OutboxRow.id))
    return [_claimed(r) for r in rows]


def renew(session: Session, held: list[tuple[int, int]], until: float) -> int:
    """Extend the claims of ``held`` rows ((id, attempt)) still ours to ``until``; answers how many."""
    renewed = 0
    for row_id, attempts in held:
        done = session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == row_id, OutboxRow.status == SENDING, OutboxRow.attempts == attempts)
            .values(next_attempt_at=until)
        )
        renewed += int(getattr(done, "rowcount", 0) or 0)
    return renewed


def _claimed(r: OutboxRow) -> Claimed:
    return Claimed(r.id, r.user_id, r.channel, r.event, r.table_id, r.dedupe_key, dict(r.payload), r.attempts)


def last_move_of(session: Session, user_id: int) -> float | None:
    """When this person last made a move themselves, at any table (kept by the master's commit, to within
    30 s: round/moves.py ``touch_user``)."""
    found: float | None = session.scalar(select(User.last_action_at).where(User.id == user_id))
    return found


class Notifier:
    """Delivers the outbox (see the module docstring); one per server, created by ``Services``."""

    def __init__(self, store: Store, settings: Settings, hub: Hub, redis: Any = None) -> None:
        self.store = store
        self.settings = settings
        self.hub = hub
        #: Who has a socket open on any process (Services gives the shared one; alone, the hub answers).
        self.presence = Presence(hub, store, settings.clock)
        self.mailer = Mailer(settings.smtp_url, settings.smtp_from, settings.smtp_timeout_seconds)
        #: The settings page's and the mail links' operations.
        self.account = NotifySettings(store, settings, self.mailer.configured, redis)
        self._locks = {name: asyncio.Lock() for name in ("housekeeping", *CHANNELS)}
        #: Webhook deliveries as bounded tasks; a claim outlives the delivery's deadline.
        self.hooks: WebhookLane[Claimed] = WebhookLane(
            store,
            self._claimed,
            self.deliver,
            parallel=settings.webhook_parallel,
            per_receiver=settings.webhook_per_receiver,
            hold=max(CLAIM_SECONDS, settings.webhook_timeout_seconds + 20.0),
        )
        self._client: httpx.AsyncClient | None = None
        self._deadlines_checked: float | None = None
        self.closed = False

    # ------------------------------------------------------------------ the loop

    async def run(self) -> None:
        """The background task: the housekeeping and each channel's lane in their own loops, every
        ``notify_poll_seconds`` (a failure is logged, never fatal), so slow webhooks (up to their timeout)
        never hold up mail."""

        async def loop(step: Callable[[], Awaitable[int]]) -> None:
            while not self.closed:
                try:
                    await step()
                except Exception as exc:  # an outage: one line (core/errors.py), not a traceback a pass
                    log_failure(log, exc, "the notification drain failed")
                await asyncio.sleep(self.settings.notify_poll_seconds)

        await asyncio.gather(
            loop(self.housekeeping),
            *(loop(functools.partial(self.lane, channel, wait=False)) for channel in CHANNELS),
        )

    async def close(self) -> None:
        self.closed = True
        await self.hooks.close()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()
            self._client = None

    async def drain(self) -> int:
        """One pass: the deadline check, the digests, then every due row of each channel. Answers the rows
        delivered (sent or logged)."""
        await self.housekeeping()
        lanes = await asyncio.gather(*(self.lane(channel) for channel in CHANNELS))
        return sum(lanes)

    async def housekeeping(self) -> int:
        """The deadline check (at most every ``notify_deadline_check_seconds``) and the digests; answers the
        rows they queued."""
        async with self._locks["housekeeping"]:
            now = self.settings.clock()
            queued = 0
            every = self.settings.notify_deadline_check_seconds
            if self._deadlines_checked is None or now - self._deadlines_checked >= every:
                self._deadlines_checked = now
                queued += await self.check_deadlines(now)
            return queued + await self.make_digests(now)

    async def lane(self, channel: str, *, wait: bool = True) -> int:
        """Deliver every due row of one channel (one pass at a time per channel). Webhooks start as tasks
        (hooklane.py); ``wait``: until those are done too, and again while rows are due (a test's drain),
        else the background loop's next pass takes the rest."""
        if channel == WEBHOOK:
            delivered = 0
            while not self.closed:
                started = await self.hooks.start(self.settings.clock())
                if not wait or not started:
                    break
                results = await asyncio.gather(*started, return_exceptions=True)
                delivered += sum(status in (SENT, LOGGED) for status in results)
            return delivered
        async with self._locks[channel]:
            return await self._drain_channel(self.settings.clock(), channel)

    async def _claimed(self, ids: list[int]) -> list[Claimed]:
        """Rows this drain has claimed, by id."""

        def read(session: Session) -> list[Claimed]:
            rows = session.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids)).order_by(OutboxRow.id))
            return [_claimed(r) for r in rows]

        return await self.store.read(read)

    async def _drain_channel(self, now: float, channel: str) -> int:
        delivered = 0
        gate = asyncio.Semaphore(PARALLEL)
        lease = claim_seconds(self.settings.smtp_timeout_seconds)
        held: dict[int, int] = {}  # the batch's rows not yet marked: id -> the attempt our claim counted

        async def one(row: Claimed) -> str:
            try:
                async with gate:
                    return await self.deliver(row)
            finally:
                held.pop(row.id, None)

        while not self.closed:
            rows = await self.store.write(lambda s: claim(s, now, BATCH, channel, lease))
            held.update((row.id, row.attempts) for row in rows)
            keeper = asyncio.create_task(self._keep_claims(held, lease))
            try:
                results = await asyncio.gather(*(one(row) for row in rows))
            finally:
                keeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await keeper
            delivered += sum(status in (SENT, LOGGED) for status in results)
            if len(rows) < BATCH:
                break
        return delivered

    async def _keep_claims(self, held: dict[int, int], lease: float) -> None:
        """Renew the claims of the rows being sent every quarter of the lease (at most every RENEW_SECONDS),
        until cancelled (a failed renewal is logged: the next one comes well before the claim lapses)."""
        while True:
            await asyncio.sleep(min(lease / 4, RENEW_SECONDS))
            if not held:
                continue
            rows = list(held.items())
            until = self.settings.clock() + lease
            try:
                await self.store.write(functools.partial(renew, held=rows, until=until))
            except Exception as exc:
                log_failure(log, exc, "renewing the claims of %d notifications failed", len(rows))

    # ------------------------------------------------------------------ deadlines and digests

    async def check_deadlines(self, now: float) -> int:
        """Queue ``deadline_soon`` for turns that end within their person's N hours; answers how many."""

        def work(session: Session) -> int:
            ids = list(
                session.scalars(
                    select(GameTable.id).where(
                        GameTable.status == PLAYING,
                        GameTable.turn_deadline > now,
                        GameTable.turn_deadline <= now + MAX_DEADLINE_HOURS * 3600.0,
                    )
                )
            )
            infos = load_infos(session, ids)
            targets: list[tuple[TableInfo, int]] = []
            for info in infos:
                if info.to_move is None or info.to_move >= len(info.seats):
                    continue
                seat = info.seats[info.to_move]
                if seat.kind == USER and seat.user_id is not None:
                    targets.append((info, seat.user_id))
            prefs = prefs_for(session, [user_id for _, user_id in targets])
            queued = 0
            for info, user_id in targets:
                person = prefs.get(user_id)
                if person is None or not person.deadline_soon or info.turn_deadline is None:
                    continue
                if not info.time_control.turn_based:
                    continue  # a live clock's last minutes are shown at the table, not mailed
                window = person.deadline_hours * 3600.0
                if info.deadline_hours is not None and info.deadline_hours * 3600.0 <= window:
                    continue  # the whole turn is shorter: the your-turn message named the deadline
                if info.turn_deadline - now <= window:
                    queued += enqueue_deadline_soon(session, info, person, now)
            return queued

        return await self.store.write(work)

    async def make_digests(self, now: float) -> int:
        """Turn the held e-mail rows from before today (UTC) into one digest per person; answers how many."""
        midnight = now - now % DAY
        day = dt.datetime.fromtimestamp(midnight, dt.UTC).strftime("%Y-%m-%d")
        users = await self.store.read(
            lambda s: list(
                s.scalars(
                    select(OutboxRow.user_id)
                    .where(OutboxRow.status == HELD, OutboxRow.created_at < midnight)
                    .distinct()
                )
            )
        )

        def digest(session: Session, user_id: int) -> int:
            held = list(
                session.scalars(
                    select(OutboxRow)
                    .where(
                        OutboxRow.user_id == user_id,
                        OutboxRow.status == HELD,
                        OutboxRow.created_at < midnight,
                    )
                    .order_by(OutboxRow.id)
                )
            )
            if not held:
                return 0
            row = {
                "user_id": user_id,
                "channel": EMAIL,
                "event": DIGEST,
                "table_id": None,
                "dedupe_key": f"{DIGEST}:{user_id}:{day}",
                "payload": {"event": DIGEST, "day": day, "items": [dict(r.payload) for r in held]},
                "status": PENDING,
                "attempts": 0,
                "next_attempt_at": now,
                "created_at": now,
            }
            if insert_rows(session, [row]) == 0:
                return 0  # today's digest went out already: these wait for tomorrow's
            session.execute(
                update(OutboxRow).where(OutboxRow.id.in_([r.id for r in held])).values(status=DIGESTED)
            )
            return 1

        made = 0
        for user_id in users:
            made += await self.store.write(functools.partial(digest, user_id=user_id))
        return made

    # ------------------------------------------------------------------ one delivery

    async def active(self, prefs: Prefs, last_action: float | None, now: float) -> bool:
        """The quiet rule: a live WebSocket on any process, or a move within the person's quiet minutes."""
        if last_action is not None and now - last_action < prefs.quiet_minutes * 60.0:
            return True
        return await self.presence.is_present(prefs.user_id)

    async def deliver(self, row: Claimed) -> str:
        """Deliver one claimed row and mark it; answers its new status."""
        try:
            context = await self.store.read(lambda s: self._context(s, row))
            status, error = await self._attempt(row, context)
        except (MailError, WebhookFailed) as exc:
            return await self._retry(row, str(exc))
        except WebhookRefused as exc:
            status, error = FAILED, str(exc)
        except Exception as exc:  # a bug: kept for a retry, and logged with its traceback
            log.exception("notification %s failed", row.id)
            return await self._retry(row, f"{type(exc).__name__}: {exc}")
        await self._mark(row, status, error)
        return status

    @staticmethod
    def _context(session: Session, row: Claimed) -> Context:
        prefs = prefs_for(session, [row.user_id]).get(row.user_id)
        info = None
        last = None
        if row.event in (YOUR_TURN, DEADLINE_SOON):
            info = load_info(session, row.table_id) if row.table_id else None
            last = last_move_of(session, row.user_id)
        return Context(prefs, info, last)

    async def _attempt(self, row: Claimed, context: Context) -> tuple[str, str | None]:
        prefs = context.prefs
        if prefs is None:
            return FAILED, "the account no longer exists"
        now = self.settings.clock()
        if row.event in (YOUR_TURN, DEADLINE_SOON):
            info = context.info
            if info is None or info.status != PLAYING or info.to_move != row.payload.get("to_move"):
                return SUPPRESSED, "the turn was over before the notification went out"
            if row.event == DEADLINE_SOON and info.turn_deadline != row.payload.get("turn_deadline"):
                return SUPPRESSED, "the turn was over before the notification went out"
            if prefs.quiet and await self.active(prefs, context.last_action, now):
                return SUPPRESSED, "quiet: the player was active on the site"
        if row.channel == EMAIL:
            return await self._email(row, prefs, now)
        return await self._webhook(row, prefs, now)

    async def _email(self, row: Claimed, prefs: Prefs, now: float) -> tuple[str, str | None]:
        payload = dict(row.payload)
        unsubscribe: str | None = None
        if row.event == VERIFY_EMAIL:
            to = str(payload.get("email", ""))
            if to != prefs.email:
                return SUPPRESSED, "the address changed before the verification went out"
            token = secrets.token_urlsafe(32)

            def remember(session: Session) -> None:
                session.add(
                    EmailToken(
                        token_hash=token_hash(token),
                        user_id=row.user_id,
                        email=to,
                        created_at=now,
                        expires_at=now + VERIFY_SECONDS,
                    )
                )

            await self.store.write(remember)
            payload["link"] = f"{self.settings.public_url.rstrip('/')}/verify-email?token={token}"
        else:
            if not (prefs.by_email and prefs.email and prefs.email_verified):
                return SUPPRESSED, "e-mail was turned off, or the address is not verified"
            to = prefs.email
            secret = prefs.unsubscribe_token
            if not secret:
                secret = (await self.store.write(lambda s: ensure_row(s, row.user_id, now))).unsubscribe_token
            unsubscribe = f"{self.settings.public_url.rstrip('/')}/unsubscribe?token={secret}"
        message = compose(payload, prefs.name, self.settings.public_url, self.settings.clock())
        email = build_email(message, self.settings.smtp_from, to, row.id, row.dedupe_key, unsubscribe)
        if await self.mailer.send(email):
            return SENT, None
        logged = {"to": to, "subject": message.subject, "text": message.text}
        await self.store.write(
            lambda s: s.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row.id)
                .values(payload={**row.payload, "logged": logged})
            )
        )
        return LOGGED, None

    async def _webhook(self, row: Claimed, prefs: Prefs, now: float) -> tuple[str, str | None]:
        url = prefs.webhook_url
        if not (prefs.by_webhook and url):
            return SUPPRESSED, "the webhook was turned off"
        settings = self.settings
        body = orjson.dumps(webhook_body(row.payload, prefs.name, settings.public_url, row.id, now))
        if self._client is None:
            self._client = httpx.AsyncClient(
                timeout=settings.webhook_timeout_seconds, follow_redirects=False, trust_env=False
            )
        await deliver_webhook(
            self._client,
            url,
            prefs.webhook_secret,
            body,
            row.event,
            row.id,
            allow_private=settings.webhook_allow_private,
            allowed_hosts=settings.webhook_allowed_hosts,
            deadline=settings.webhook_timeout_seconds,
        )
        return SENT, None

    # ------------------------------------------------------------------ marking

    async def _mark(self, row: Claimed, status: str, error: str | None) -> None:
        """Record a delivery's result, under its claim: only while the row is still this attempt's (a drain
        whose claim was taken over records nothing)."""
        now = self.settings.clock()
        values: dict[str, Any] = {"status": status, "last_error": error[:500] if error else None}
        if status in (SENT, LOGGED):
            values["sent_at"] = now
        await self.store.write(lambda s: s.execute(update(OutboxRow).where(*_ours(row)).values(**values)))

    async def _retry(self, row: Claimed, error: str) -> str:
        """Back off (or give up after the last attempt); answers the row's new status."""
        settings = self.settings
        now = settings.clock()
        log.warning("notification %s (%s) failed, attempt %s: %s", row.id, row.channel, row.attempts, error)
        if row.attempts >= settings.notify_max_attempts:
            await self._mark(row, FAILED, error)
            return FAILED
        delay = min(
            settings.notify_retry_seconds * 2 ** (row.attempts - 1), settings.notify_max_backoff_seconds
        )
        await self.store.write(
            lambda s: s.execute(
                update(OutboxRow)
                .where(*_ours(row))
                .values(status=PENDING, next_attempt_at=now + delay, last_error=error[:500])
            )
        )
        return PENDING


def _ours(row: Claimed) -> tuple[Any, ...]:
    """The conditions of a row still held by this claim: sending, at the attempt the claim counted."""
    return (OutboxRow.id == row.id, OutboxRow.status == SENDING, OutboxRow.attempts == row.attempts)
