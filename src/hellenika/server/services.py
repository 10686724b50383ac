"""The parts of one running server, created together by ``create_app`` and reached by routers through
``request.app.state.services``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hellenika.server.chat.service import Chat
from hellenika.server.core.config import Settings
from hellenika.server.core.coordination import LocalLocks, make_locks
from hellenika.server.core.fanout import CHAT, SESSION, USER, Note, make_fanout
from hellenika.server.lobby.service import Lobby
from hellenika.server.notify.worker import Notifier
from hellenika.server.people.accounts import Accounts
from hellenika.server.people.social import Social
from hellenika.server.replays.service import Replays
from hellenika.server.round.master import Master
from hellenika.server.store import Store

if TYPE_CHECKING:
    from hellenika.server.learn.hints import Hints
    from hellenika.server.learn.review import Reviews


@dataclass
class Services:
    settings: Settings
    store: Store
    accounts: Accounts
    lobby: Lobby
    master: Master
    replays: Replays
    notifier: Notifier
    #: A table's chat, and mutes and blocks (issue 23: chat.py, social.py).
    chat: Chat
    social: Social
    #: Post-game reviews in the background and hints at tables (issue 26: review.py, hints.py).
    reviews: Reviews
    hints: Hints
    #: The Redis client of the shared rate limits (several processes), else None.
    redis: Any = None

    @classmethod
    def create(cls, settings: Settings) -> Services:
        # Imported here: their routes' modules import deps.py, which imports this module.
        from hellenika.server.learn.hints import Hints
        from hellenika.server.learn.review import Reviews

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
            lobby=Lobby(store, accounts, settings),
            master=master,
            replays=replays,
            notifier=Notifier(store, settings, master.hub),
            redis=redis,
            chat=Chat(master, redis),
            social=Social(store, accounts, settings),
            reviews=Reviews(store, replays, settings),
            hints=Hints(master, settings, redis),
        )

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
        await self.master.close()
        await self.master.fanout.close()
        await self.master.locks.close()
        if self.redis is not None:
            await self.redis.aclose()
        await self.notifier.close()
        self.store.close()
