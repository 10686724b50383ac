"""The parts of one running server, created together by ``create_app`` and kept on ``app.state.services``:
each domain's routes ask for the parts they use by name (core/deps.py ``part``). This module sits above every
domain: it builds them all and passes the notes from other processes to the domain each is for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hellenika.server.chat.service import Chat
from hellenika.server.core.config import Settings
from hellenika.server.core.coordination import LocalLocks, make_locks
from hellenika.server.core.fanout import CHAT, SESSION, USER, Fanout, Note, make_fanout
from hellenika.server.core.hub import Hub
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
    #: The Redis client of the shared rate limits (several processes), else None.
    redis: Any = None

    @classmethod
    def create(cls, settings: Settings) -> Services:
        store = Store(settings.database_url)
        redis = None
        locks = LocalLocks()
        if settings.redis_url:
            import redis.asyncio as aioredis

            redis = aioredis.Redis.from_url(
                settings.redis_url, socket_connect_timeout=1.0, socket_timeout=2.0
            )
            locks = make_locks(settings.database_url, store.is_sqlite)
        accounts = Accounts(store, settings, redis)
        master = Master(store, settings, make_fanout(settings.redis_url, settings.redis_prefix), locks)
        replays = Replays(store, master, settings)
        return cls(
            settings=settings,
            store=store,
            accounts=accounts,
            lobby=Lobby(store, accounts, settings, redis),
            master=master,
            replays=replays,
            notifier=Notifier(store, settings, master.hub, redis),
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
        """Begin listening to the other processes' notes (several processes; nothing alone)."""
        await self.master.fanout.start(self.on_note, self.master.resync)

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
