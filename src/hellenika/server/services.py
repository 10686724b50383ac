"""The parts of one running server, created together by ``create_app`` and reached by routers through
``request.app.state.services``."""

from __future__ import annotations

from dataclasses import dataclass

from hellenika.server.accounts import Accounts
from hellenika.server.config import Settings
from hellenika.server.lobby import Lobby
from hellenika.server.master import Master
from hellenika.server.replays import Replays
from hellenika.server.store import Store


@dataclass
class Services:
    settings: Settings
    store: Store
    accounts: Accounts
    lobby: Lobby
    master: Master
    replays: Replays

    @classmethod
    def create(cls, settings: Settings) -> Services:
        store = Store(settings.database_url)
        accounts = Accounts(store, settings)
        master = Master(store, settings)
        return cls(
            settings=settings,
            store=store,
            accounts=accounts,
            lobby=Lobby(store, accounts, settings),
            master=master,
            replays=Replays(store, master, settings),
        )

    async def close(self) -> None:
        await self.master.close()
        self.store.close()
