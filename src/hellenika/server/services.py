"""The parts of one running server, created together by ``create_app`` and kept on ``app.state.services``:
each domain's routes ask for the parts they use by name (core/deps.py ``part``). This module sits above every
domain: it builds them all and passes the notes from other processes to the domain each is for.

With several processes it also keeps what must hold across them (docs/WEB.md "Presence", "Revocation"):
the presence marks of the people with sockets here (core/presence.py), and the re-check of the sessions of
the open sockets, every ``session_recheck_seconds`` and after any fan-out channel reconnects (a logout whose
note was lost still closes its sockets, and the session cache starts over)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from hellenika.server.chat.service import Chat
from hellenika.server.core.config import Settings
from hellenika.server.core.coordination import LocalLocks, make_locks
from hellenika.server.core.fanout import CHAT, SESSION, USER, Fanout, Note, make_fanout
from hellenika.server.core.hub import Hub
from hellenika.server.core.presence import Presence
from hellenika.server.learn.hints import Hints
from hellenika.server.learn.review import Reviews
from hellenika.server.lobby.service import Lobby
from hellenika.server.mod.service import Admin
from hellenika.server.notify.worker import Notifier
from hellenika.server.people.accounts import Accounts
from hellenika.server.people.social import Social
from hellenika.server.replays.service import Replays
from hellenika.server.round.master import Master
from hellenika.server.store import Store

log = logging.getLogger("hellenika.server")


@dataclass
class Services:
    settings: Settings
    store: Store
    accounts: Accounts
    lobby: Lobby
    master: Master
    replays: Replays
    notifier: Notifier
    #: A table's chat, and mutes and blocks.
    chat: Chat
    social: Social
    #: Post-game reviews in the background and hints at tables.
    reviews: Reviews
    hints: Hints
    #: Reports, suspensions and stuck tables.
    admin: Admin
    #: Who has a socket open on any process (the quiet rule of notifications).
    presence: Presence | None = None
    #: The Redis client of the shared rate limits (several processes), else None.
    redis: Any = None
    #: Sessions of open sockets found revoked by a re-check (tests and logs).
    rechecked_closed: int = 0
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @classmethod
    def create(cls, settings: Settings) -> Services:
        store = Store(
            settings.database_url,
            timeout=settings.database_timeout_seconds or None,
            pool_size=settings.database_pool_size,
            pool_overflow=settings.database_pool_overflow,
            pooler=settings.database_pooler,
            direct_url=settings.database_direct_url,
        )
        redis = None
        locks = LocalLocks()
        if settings.redis_url:
            import redis.asyncio as aioredis

            redis = aioredis.Redis.from_url(
                settings.redis_url, socket_connect_timeout=1.0, socket_timeout=2.0
            )
            locks = make_locks(store, settings.database_pooler)
        accounts = Accounts(store, settings, redis)
        # LISTEN needs a session of its own: behind a pooler it goes to the database directly.
        listen_url = settings.database_direct_url or settings.database_url
        fanout = make_fanout(settings.redis_url, settings.redis_prefix, listen_url)
        master = Master(store, settings, fanout, locks)
        replays = Replays(store, master, settings)
        presence = Presence(
            master.hub,
            store,
            settings.clock,
            redis,
            shared=fanout.shared,
            prefix=settings.redis_prefix,
            refresh=settings.presence_refresh_seconds,
        )
        notifier = Notifier(store, settings, master.hub, redis)
        notifier.presence = presence
        return cls(
            presence=presence,
            settings=settings,
            store=store,
            accounts=accounts,
            lobby=Lobby(store, accounts, settings, redis),
            master=master,
            replays=replays,
            notifier=notifier,
            redis=redis,
            chat=Chat(master, redis),
            social=Social(store, accounts, settings),
            reviews=Reviews(store, replays, settings, master.thinkers),
            hints=Hints(master, settings, redis),
            admin=Admin(store, settings, accounts, master),
        )

    @property
    def hub(self) -> Hub:
        """This process's open WebSockets, by table."""
        return self.master.hub

    @property
    def fanout(self) -> Fanout:
        """Notes to and from the other processes."""
        return self.master.fanout

    async def start(self) -> None:
        """Begin listening to the other processes' notes, and (several processes) the presence refresh and
        the periodic re-check of sessions; nothing alone."""
        await self.master.fanout.start(self.on_note, self.on_reconnect)
        if not self.master.shared:
            return
        if self.settings.presence_refresh_seconds > 0 and self.presence is not None:
            self._tasks.append(asyncio.create_task(self.presence.watch(), name="presence"))
        if self.settings.session_recheck_seconds > 0:
            self._tasks.append(asyncio.create_task(self._recheck_loop(), name="session-recheck"))

    async def on_reconnect(self) -> None:
        """A fan-out channel is back: notes may have been lost meanwhile. Sessions are looked up afresh,
        the open sockets' sessions re-checked, and the tables served here caught up."""
        self.accounts.drop_cache()
        await self.recheck_sessions()
        await self.master.resync()

    async def recheck_sessions(self) -> int:
        """Close the sockets whose session no longer stands (logged out or suspended on any process);
        answers how many sessions were closed."""
        gone = await self.accounts.revoked(self.hub.sessions())
        for digest in gone:
            await self.hub.close_session(digest, reason="session ended")
        self.rechecked_closed += len(gone)
        return len(gone)

    async def _recheck_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.session_recheck_seconds)
            try:
                await self.recheck_sessions()
            except Exception:
                log.exception("session re-check failed")

    async def on_note(self, note: Note) -> None:
        """A note from another process: a session logged out there, a person's vacation changed, or a table
        changed."""
        if note.kind == SESSION:
            self.accounts.forget_session(note.key)
            await self.master.hub.close_session(note.key)
        elif note.kind == CHAT:
            await self.chat.on_note(note)
        elif note.kind == USER:
            if note.key.isdigit():
                await self.master.vacations_changed(int(note.key))
        else:
            await self.master.on_table_note(note)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.presence is not None:
            await self.presence.close()
        await self.reviews.close()
        await self.hints.close()
        await self.master.close()
        await self.master.close_thinkers()
        await self.master.fanout.close()
        await self.master.locks.close()
        if self.redis is not None:
            await self.redis.aclose()
        await self.notifier.close()
        self.store.close()
