"""Many processes, one truth: keeping each process's cached tables in step with the database.

With one process (SQLite, or PostgreSQL without Redis) the cache is the truth's only writer and none of this
runs. With several (``Settings.redis_url``), any process may commit a move at any table, so:

- **Before serving or moving**, a cached table is checked against the table's version in the database (one
  primary-key read); if another process moved it on, the actions since are read and applied to the cached
  state (or, after an undo, the table is rebuilt from its snapshot), so a stale state is never served or
  moved on. The move's own transaction then writes the table row only if its version is still the one
  moved from (``moves.update_table``: the guarded UPDATE holds the row lock until commit), so two processes
  never apply a move at the same point.
- **After each commit** the process announces ``(table, version)`` on Redis
(:mod:`hellenika.server.core.fanout`).
  A process holding WebSockets for that table catches up and pushes each socket its own seat's model; one
  that holds none keeps its copy and brings it up to date cheaply: it applies the note's news (the actions
  the move wrote) when its copy stands where they start, and otherwise reads just the new action rows when
  it next uses the table (:meth:`CrossProcess.catch_up`); only a gap (an undo) costs a reload from the
  snapshot. (It used to drop its copy, so a balancer without table affinity rebuilt the whole table on
  every move: up to 2.9x the CPU per move.) No model ever travels between processes.
- **Bots** run under a lease per table (:mod:`hellenika.server.core.coordination`): one process thinks for a
bot
  seat at a time. Every process sweeps for tables where a bot is to move and nothing has happened for a
  moment (:meth:`CrossProcess.sweep_bots`), so a bot whose process died is taken over by another.

The mixin is part of :class:`hellenika.server.round.master.Master`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from hellenika.engine.state import State
from hellenika.server.core.errors import log_failure
from hellenika.server.core.fanout import TABLE, Note
from hellenika.server.round.live import LiveTable, MasterBase
from hellenika.server.round.moves import BY_TIMEOUT, TABLE_COLUMNS
from hellenika.server.store.models import ActionRow, GameTable, Seat
from hellenika.server.tables import PLAYING, WAITING, TableInfo, load_info

log = logging.getLogger("hellenika.server")

#: The table's columns a commit's news carries: every column a move writes but the seed (never sent about).
NEWS_COLUMNS = tuple(name for name in TABLE_COLUMNS if name != "seed")

#: A bot's table is swept (taken over) when nothing has happened there for this many seconds.
BOT_STALE_SECONDS = 2.0


class CrossProcess(MasterBase):
    """Cache freshness, announcements and bot take-over across processes (a part of the master)."""

    @property
    def shared(self) -> bool:
        """Whether other processes serve the same tables (so the cache must be checked)."""
        return self.fanout.shared

    # ------------------------------------------------------------------ freshness

    async def catch_up(self, live: LiveTable, version: int | None = None) -> bool:
        """Bring a cached table to the database's version; answers whether it changed. No-op alone.

        ``version``: the version a note announced (no need to ask the database for it). Whoever catches up
        pushes this process's sockets the news (the note that comes later finds the table current)."""
        if not self.shared:
            return False
        if version is None:
            version = await self._stored_version(live.info.id)
        if version is None or version <= live.info.version:
            return False
        async with live.lock:
            if version <= live.info.version:  # caught up meanwhile
                return False
            await self._catch_up_locked(live)
            return True

    async def _stored_version(self, table_id: str) -> int | None:
        return await self.store.read(
            lambda session: session.scalar(select(GameTable.version).where(GameTable.id == table_id))
        )

    async def _is_behind(self, live: LiveTable) -> bool:
        """Whether the database has moved the table past our cache (several processes only; a read)."""
        if not self.shared:
            return False
        version = await self._stored_version(live.info.id)
        return version is not None and version > live.info.version

    async def _catch_up_locked(self, live: LiveTable) -> None:
        """Read what changed since our version and apply it (lock held), then push it to our sockets."""
        await self._read_news(live)
        if self.hub.has(live.info.id):
            self.spawn(self.publish(live))

    async def _read_news(self, live: LiveTable) -> None:
        table_id = live.info.id
        known = live.info.version
        before = live.state
        have = before.version
        cached = live.info
        game = live.game

        def read(session: Session) -> tuple[TableInfo | None, list[Any], State | None]:
            # Only the table's row and the new actions: a started table's seats do not change. The rows are
            # applied here too (one thread hop, not two); they were checked by the process that committed
            # them (the only writer of actions), so without working out the legal actions again.
            table = session.get(GameTable, table_id)
            if table is None:
                return None, [], None
            info = cached.with_columns({name: getattr(table, name) for name in TABLE_COLUMNS})
            rows = list(
                session.execute(
                    select(ActionRow.step, ActionRow.seat, ActionRow.by, ActionRow.action)
                    .where(ActionRow.table_id == table_id, ActionRow.version > known)
                    .order_by(ActionRow.step)
                )
            )
            if info.steps < have or [r.step for r in rows] != list(range(have, info.steps)):
                return info, rows, None  # an undo took actions back
            state = before.clone(log=True)
            for row in rows:
                state.apply_unchecked(game.action_from_json(row.action))
            return info, rows, state

        info, rows, state = await self.store.read(read)
        if info is None:
            self.forget(table_id)
            return
        if state is None:  # rebuild from the snapshot rather than patch
            fresh = await self._load(table_id)
            live.info, live.state, live.meta, live.log = fresh.info, fresh.state, fresh.meta, fresh.log
            return
        live.state = state
        live.meta.extend((r.seat, r.by) for r in rows)
        live.log.timeout_steps.update(r.step for r in rows if r.by == BY_TIMEOUT)
        live.info = info

    # ------------------------------------------------------------------ announcements

    def announce(self, info: TableInfo, news: dict[str, Any] | None = None, *, noted: bool = False) -> None:
        """Tell the other processes that the table changed (never waits; Redis down loses only the note),
        with ``news`` (fanout.merge_news) when the change is a commit of actions; ``noted``: the commit sent
        it on PostgreSQL's channel already."""
        if self.shared:
            self.fanout.table_changed(info.id, info.version, news, noted=noted)

    @staticmethod
    def news_of(before: TableInfo, after: TableInfo, new: list[Any]) -> dict[str, Any]:
        """A commit's news: the table's columns as ``after`` has them (the seed left out) and its actions."""
        return {
            "from": before.version,
            "to": after.version,
            "table": {name: value for name, value in after.columns().items() if name in NEWS_COLUMNS},
            "actions": [[a.step, a.seat, a.by, a.action] for a in new],
        }

    async def _apply_news(self, live: LiveTable, news: dict[str, Any]) -> bool:
        """Apply a note's news to a cache that stands where it starts (lock taken here); answers whether it
        did. The actions were checked by the process that committed them, so they are applied unchecked."""
        async with live.lock:
            table = news["table"]
            if table.get("version") != news["to"] or set(table) != set(NEWS_COLUMNS):
                return False
            if live.info.version != news["from"] or live.state.version != news["actions"][0][0]:
                return False
            state = live.state.clone(log=True)
            for _step, _seat, _by, action in news["actions"]:
                state.apply_unchecked(live.game.action_from_json(action))
            if state.version != table["steps"]:
                return False  # not what the database holds: read it instead
            live.state = state
            live.meta.extend((seat, by) for _step, seat, by, _action in news["actions"])
            live.log.timeout_steps.update(step for step, _seat, by, _a in news["actions"] if by == BY_TIMEOUT)
            live.info = live.info.with_columns(table)
            if self.hub.has(live.info.id):
                self.spawn(self.publish(live))
            return True

    async def on_table_note(self, note: Note) -> None:
        """Another process changed a table: catch up and push if we serve sockets there, else drop it."""
        if note.kind != TABLE:
            return
        table_id = note.key
        live = self.live.get(table_id)
        if live is not None and note.version <= live.info.version:
            return
        if not self.hub.has(table_id):
            # Nobody watches it here: keep the copy, patched with the news if it can be (no database read);
            # otherwise the next use reads the actions since (catch_up), not the whole table.
            news = note.news
            if live is not None and news and news.get("to") == note.version and news.get("actions"):
                with contextlib.suppress(Exception):  # news we cannot read: the next use reads the database
                    if not live.lock.locked():
                        await self._apply_news(live, news)
            return
        if live is None:
            info = await self.store.read(lambda session: load_info(session, table_id))
            if info is None:
                return
            if info.status == WAITING:
                self.offer_table(info)
                return
            live = await self.live_table(table_id)
        elif live.info.status == WAITING:
            self.forget(table_id)
            live = await self.live_table(table_id)
        else:  # a change is pushed by whoever catches up (here, or a request that came first)
            news = note.news
            if news and news.get("to") == note.version and news.get("actions"):
                try:
                    applied = await self._apply_news(live, news)
                except Exception as exc:  # news we cannot read: the database has the truth
                    log_failure(log, exc, "fan-out: news for table %s not applied", table_id)
                    applied = False
                if applied:
                    self.kick_bots(live)
                    return
            if await self.catch_up(live, note.version):
                self.kick_bots(live)
            return
        await self.publish(live)
        self.kick_bots(live)

    async def resync(self) -> None:
        """After Redis came back: every table we serve sockets for is checked (notes may have been lost)."""
        for table_id, live in list(self.live.items()):
            if self.hub.has(table_id) and await self.catch_up(live):
                self.kick_bots(live)

    # ------------------------------------------------------------------ bots across processes

    async def sweep_bots(self) -> int:
        """Kick the bots of tables where a bot seat is to move and nothing happened for a moment (its process
        may have died); the bot lease keeps it to one process. Answers how many tables were kicked."""
        stale = self.settings.clock() - BOT_STALE_SECONDS

        def due(session: Session) -> list[str]:
            query = (
                select(GameTable.id)
                .join(Seat, and_(Seat.table_id == GameTable.id, Seat.seat == GameTable.to_move))
                .where(GameTable.status == PLAYING, Seat.kind == "bot", GameTable.last_move_at <= stale)
                .limit(200)
            )
            return list(session.scalars(query))

        kicked = 0
        for table_id in await self.store.read(due):
            try:
                live = await self.live_table(table_id)
            except Exception as exc:
                log_failure(log, exc, "bot sweep: table %s could not be loaded", table_id)
                continue
            self.kick_bots(live)
            kicked += 1
        return kicked

    async def watch_bots(self, seconds: float) -> None:
        """The background sweep (several processes only)."""
        while not self.closed:
            await asyncio.sleep(seconds)
            try:
                await self.sweep_bots()
            except Exception as exc:
                log_failure(log, exc, "bot sweep failed")
