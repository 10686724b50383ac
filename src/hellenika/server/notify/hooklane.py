"""The webhook lane of the drain: deliveries run side by side, and no receiver can hold up anyone else's.

A receiver is the webhook URL's host. Each pass claims due webhook rows (the guarded UPDATE of worker.py's
``claim``, so two drains never take one row) and starts each delivery as a task of its own, then returns: the
lane's lock is held only while claiming, never while a receiver answers. So:

- at most ``Settings.webhook_parallel`` deliveries run at once in a process, and at most
  ``webhook_per_receiver`` to one receiver: rows for a receiver that has its share under way are left for
  a later pass (rows behind them, for other receivers, are claimed meanwhile);
- each delivery has one deadline for everything (webhooks.py ``deliver``), shorter than its claim, so a row
  is never delivered by two drains because one was slow.

A receiver that sends a byte every few seconds for ever thus costs its own deliveries their deadline and one
or two of the slots, and every other receiver's rows go out on the next pass.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Generic, Protocol, TypeVar
from urllib.parse import urlsplit

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from hellenika.server.notify.outbox import PENDING, SENDING
from hellenika.server.notify.prefs import WEBHOOK
from hellenika.server.store import Store
from hellenika.server.store.models import NotificationSettings, OutboxRow

log = logging.getLogger("hellenika.server.notify")

#: Due rows looked at per query while picking those whose receiver has room.
PAGE = 200
#: At most this many due rows are looked at in one pass.
SCAN = 2000


def receiver_of(url: str | None) -> str | None:
    """The receiver a webhook URL names: its host (None: no URL, nothing to hold)."""
    if not url:
        return None
    try:
        return (urlsplit(url).hostname or "").lower() or None
    except ValueError:
        return None


def claim_webhooks(
    session: Session, now: float, room: int, busy: dict[str, int], per_receiver: int, hold: float
) -> list[tuple[int, str | None]]:
    """Take up to ``room`` due webhook rows, oldest first, skipping receivers that have ``per_receiver``
    deliveries under way (``busy``, counting what this pass takes); answers (row id, receiver)."""
    due = (
        OutboxRow.status.in_((PENDING, SENDING)),
        OutboxRow.next_attempt_at <= now,
        OutboxRow.channel == WEBHOOK,
    )
    counts = dict(busy)
    picked: list[tuple[int, str | None]] = []
    after, seen = 0, 0
    while len(picked) < room and seen < SCAN:
        rows = session.execute(
            select(OutboxRow.id, NotificationSettings.webhook_url)
            .outerjoin(NotificationSettings, NotificationSettings.user_id == OutboxRow.user_id)
            .where(*due, OutboxRow.id > after)
            .order_by(OutboxRow.id)
            .limit(PAGE)
        ).all()
        if not rows:
            break
        for row_id, url in rows:
            after, seen = row_id, seen + 1
            receiver = receiver_of(url)
            if receiver is not None and counts.get(receiver, 0) >= per_receiver:
                continue
            if receiver is not None:
                counts[receiver] = counts.get(receiver, 0) + 1
            picked.append((row_id, receiver))
            if len(picked) >= room:
                break
    taken = []
    for row_id, receiver in picked:
        done = session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == row_id, *due)
            .values(status=SENDING, next_attempt_at=now + hold, attempts=OutboxRow.attempts + 1)
        )
        if getattr(done, "rowcount", 0) == 1:
            taken.append((row_id, receiver))
    return taken


class Row(Protocol):
    @property
    def id(self) -> int: ...


R = TypeVar("R", bound=Row)


class WebhookLane(Generic[R]):
    """Claims webhook rows and runs their deliveries as bounded tasks (see the module docstring).

    ``load`` reads claimed rows by id (worker.py's ``Claimed``) and ``deliver`` delivers and marks one,
    answering its new status."""

    def __init__(
        self,
        store: Store,
        load: Callable[[list[int]], Coroutine[Any, Any, list[R]]],
        deliver: Callable[[R], Coroutine[Any, Any, str]],
        *,
        parallel: int,
        per_receiver: int,
        hold: float,
    ) -> None:
        self.store = store
        self._load = load
        self._deliver = deliver
        self.parallel = max(1, parallel)
        self.per_receiver = max(1, per_receiver)
        self.hold = hold
        self.busy: dict[str, int] = {}
        self.tasks: set[asyncio.Task[str]] = set()
        self._lock = asyncio.Lock()

    async def start(self, now: float) -> list[asyncio.Task[str]]:
        """Claim what there is room for and start those deliveries; answers their tasks (not awaited)."""
        started: list[asyncio.Task[str]] = []
        async with self._lock:  # held while claiming only
            while True:
                room = self.parallel - len(self.tasks)
                if room <= 0:
                    break
                claim = functools.partial(
                    claim_webhooks,
                    now=now,
                    room=room,
                    busy=dict(self.busy),
                    per_receiver=self.per_receiver,
                    hold=self.hold,
                )
                taken = await self.store.write(claim)
                if not taken:
                    break
                receivers = dict(taken)
                for row in await self._load([row_id for row_id, _ in taken]):
                    started.append(self._spawn(row, receivers.get(row.id)))
                if len(taken) < room:
                    break
        return started

    def _spawn(self, row: R, receiver: str | None) -> asyncio.Task[str]:
        if receiver is not None:
            self.busy[receiver] = self.busy.get(receiver, 0) + 1
        task = asyncio.create_task(self._deliver(row))
        self.tasks.add(task)

        def done(finished: asyncio.Task[str]) -> None:
            self.tasks.discard(finished)
            if receiver is not None:
                left = self.busy.get(receiver, 1) - 1
                if left > 0:
                    self.busy[receiver] = left
                else:
                    self.busy.pop(receiver, None)
            if not finished.cancelled() and finished.exception() is not None:
                log.error("a webhook delivery failed", exc_info=finished.exception())

        task.add_done_callback(done)
        return task

    async def close(self) -> None:
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
