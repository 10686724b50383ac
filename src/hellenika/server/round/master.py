"""The master: the one place where a table's game changes, in a fixed order (the boardgame.io model).

For every move: authenticate (the router did) -> check the seat, the table version and the turn -> apply the
action to a *clone* through the engine's checked ``apply`` -> resolve the chance nodes that follow with the
table's seeded generator -> in ONE transaction insert the action rows and update the table (guarded by the
table's version and the unique (table, step) of actions) -> only then replace the live state and push every
WebSocket its own table model. Bots take their turns the same way, right after a commit.

Concurrency: one ``asyncio.Lock`` per table serialises changes in this process; the database guards catch
any writer outside it. Engine work, bot thinking and model building run in worker threads, never on the
event loop.

The live states are cached in memory. After a restart a table is rebuilt on first use from its latest
snapshot (serialised state and log, every ``snapshot_every`` actions) plus the actions since.

Chance: the outcome at history step ``n`` is drawn from ``Rng(seed).fork("chance-<n>")`` (the engine's
``"per-step"`` scheme, engine/rng.py); the seed is never shown while the game runs, and the record (every
action, chance included, and the scheme) replays exactly, each chance outcome checked against the seed.

Versions: a table's ``version`` is its revision: +1 per applied action (chance included), +1 per undo, +1 for
a forfeit. While nobody undoes it equals the number of actions applied. Moves and undos must quote it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import anyio.to_thread
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.game import Game
from hellenika.engine.record import Record
from hellenika.engine.rng import PER_STEP
from hellenika.engine.state import CHANCE, State
from hellenika.server.core.config import Settings
from hellenika.server.core.coordination import LocalLocks
from hellenika.server.core.errors import ApiError
from hellenika.server.core.fanout import Fanout
from hellenika.server.core.hub import Hub
from hellenika.server.notify import enqueue_for_table
from hellenika.server.people import UserPublic, not_rated_reason, rate_game
from hellenika.server.round.bots import Bots
from hellenika.server.round.clocks import after_decision
from hellenika.server.round.clocks import start as start_clock
from hellenika.server.round.deadlines import Deadlines
from hellenika.server.round.endings import Endings
from hellenika.server.round.live import LiveTable
from hellenika.server.round.moves import (
    BY_USER,
    LAST_ACTION_EVERY,
    Behind,
    Conflict,
    NewAction,
    insert_actions,
    lock_table,
    names_of,
    rebuild,
    record_places,
    resolve_chance,
    snapshot_of,
    touch_user,
    update_table,
)
from hellenika.server.round.pushes import Pushes, render_models
from hellenika.server.round.sync import CrossProcess
from hellenika.server.store import Store
from hellenika.server.store.models import ActionRow, GameTable, Snapshot
from hellenika.server.tables import FINISHED, PLAYING, WAITING, Clock, TableInfo, load_info
from hellenika.web.results import end_words

log = logging.getLogger("hellenika.server")
T = TypeVar("T")

#: Tables kept in memory before finished ones that nobody watches are dropped from the cache.
MAX_LIVE = 2000


class Master(CrossProcess, Pushes, Bots, Endings, Deadlines):
    """The master: loading tables, starting, moves, undo, forfeits and records; with its parts (pushes.py,
    bots.py, endings.py, deadlines.py, and sync.py for several processes)."""

    def __init__(
        self, store: Store, settings: Settings, fanout: Fanout | None = None, locks: LocalLocks | None = None
    ) -> None:
        #: Notes to and from the other processes (server/core/fanout.py); alone: a fan-out that tells nobody.
        self.fanout = fanout or Fanout()
        #: Leases on work that runs once across processes (bots, deadline sweeps).
        self.locks = locks or LocalLocks()
        self.store = store
        self.settings = settings
        self.hub = Hub()
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False
        #: Tables built from the database (snapshot and actions): first uses, and catch-ups over a gap.
        self.reloads = 0
        #: When this process last wrote each person's ``users.last_action_at`` (moves.touch_user).
        self._touched: dict[int, float] = {}
        # The server's clock for what its sessions read "now" (tables.vacations_at: who is on vacation).
        store.sessions.configure(info={"clock": settings.clock})

    # ------------------------------------------------------------------ loading

    async def live_table(self, table_id: str, *, fresh: bool = True) -> LiveTable:
        """The live table, loaded from the database (snapshot + actions) when not cached.

        404 for an unknown table, 409 for one that has not started. ``fresh``: with several processes, check
        the cached table against the database's version first (a move need not: its commit checks under
        the row's lock, see ``submit``).
        """
        live = self.live.get(table_id)
        if live is not None:
            if fresh:
                await self.catch_up(live)  # several processes: another one may have moved it on (sync.py)
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is not None:
                return live
            live = await self._load(table_id)
            self.live[table_id] = live
            self._trim()
        self._loading.pop(table_id, None)
        self.kick_bots(live)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        self.reloads += 1

        def read(session: Session) -> tuple[TableInfo, list[ActionRow], Snapshot | None] | None:
            info = load_info(session, table_id)
            if info is None or info.status == WAITING:
                return None if info is None else (info, [], None)
            rows = list(
                session.scalars(
                    select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.step)
                )
            )
            snap = session.scalar(
                select(Snapshot)
                .where(Snapshot.table_id == table_id, Snapshot.step <= info.steps)
                .order_by(Snapshot.step.desc())
                .limit(1)
            )
            return info, rows, snap

        found = await self.store.read(read)
        if found is None:
            raise ApiError(404, f"no table {table_id!r}")
        info, rows, snap = found
        if info.status == WAITING:
            raise ApiError(409, "the game at this table has not started yet")
        game = games.get(info.game)
        actions = [r.action for r in rows]
        snapshot = None if snap is None else (snap.step, snap.state, snap.events)
        state = await anyio.to_thread.run_sync(rebuild, game, info.players, info.options, actions, snapshot)
        return LiveTable(info, game, state, [(r.seat, r.by) for r in rows])

    def _trim(self) -> None:
        """Keep the cache bounded: drop finished tables nobody watches (they reload on demand)."""
        if len(self.live) <= MAX_LIVE:
            return
        for table_id, live in list(self.live.items()):
            if len(self.live) <= MAX_LIVE * 3 // 4:
                break
            if live.info.status == FINISHED and not live.lock.locked() and not self.hub.has(table_id):
                del self.live[table_id]

    def forget(self, table_id: str) -> None:
        """Drop a table from the cache (it is rebuilt from the database on next use)."""
        self.live.pop(table_id, None)

    # ------------------------------------------------------------------ starting

    async def start(self, table_id: str, user: UserPublic) -> TableInfo:
        info = await self.store.read(lambda s: load_info(s, table_id))
        if info is None:
            raise ApiError(404, f"no table {table_id!r}")
        if info.creator_id != user.id:
            raise ApiError(403, "only the table's creator can start it")
        if info.status != WAITING:
            raise ApiError(409, "this table has already started")
        open_seats = [s.seat + 1 for s in info.seats if s.kind == "open"]
        if open_seats:
            raise ApiError(409, f"seat(s) {', '.join(map(str, open_seats))} still open; fill them first")
        # Nobody plays (and risks a forfeit or a rating) without having accepted their seat.
        invited = [f"{s.seat + 1} ({s.user_name})" for s in info.seats if s.kind == "invited"]
        if invited:
            waiting_for = ", ".join(invited)
            raise ApiError(409, f"seat(s) {waiting_for} not accepted yet: invitees accept before the start")
        game = games.get(info.game)
        seed = secrets.randbits(62)

        def setup() -> tuple[State, list[NewAction]]:
            state = game.new_state(info.players, info.options, log=True)
            new: list[NewAction] = []
            resolve_chance(state, seed, new)
            return state, new

        state, new = await anyio.to_thread.run_sync(setup)
        now = self.settings.clock()
        to_move = self._to_move(state)
        control = info.time_control
        clock = (
            start_clock(control, info.players, state, self._is_person(info), now) if control.clocked else None
        )
        started = info.with_changes(
            status=PLAYING,
            seed=seed,
            started_at=now,
            last_move_at=now,
            version=len(new),
            steps=state.version,
            to_move=to_move,
            clock=clock,
            turn_deadline=None if clock is None else clock.deadline(),
        )
        if state.is_terminal():  # a game decided by its setup alone; no known game does this
            result = self._result(state, names_of(info, state))
            started = started.with_changes(status=FINISHED, finished_at=now, result=result)

        def write(session: Session) -> None:
            done = session.execute(
                update(GameTable)
                .where(GameTable.id == table_id, GameTable.status == WAITING)
                .values(**self._table_values(started))
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict
            record_places(session, started)
            insert_actions(session, table_id, new, 0, now)
            enqueue_for_table(session, None, started, now)  # notifications, in this transaction

        try:
            await self.store.write(write)
        except (Conflict, IntegrityError):
            raise ApiError(409, "this table has already started") from None
        live = LiveTable(started, game, state, [(a.seat, a.by) for a in new])
        self.live[table_id] = live
        self._trim()
        self.announce(started)
        async with live.lock:
            await self.publish(live)
        self.kick_bots(live)
        return started

    # ------------------------------------------------------------------ moves

    def parse_action(self, game: Game, raw: Any) -> Action:
        """An action from its JSON form or its notation; 400 when it is no action of this game."""
        if isinstance(raw, str):
            return game.parse_action(raw)
        if isinstance(raw, Mapping):
            return game.action_from_json(raw)
        raise ApiError(400, "an action is its JSON form (an object with 'kind') or its notation (text)")

    async def submit(self, table_id: str, user: UserPublic, version: int, raw: Any) -> int:
        """Apply a person's move; answers the table's new version."""
        received = self.settings.clock()  # the clock charges the seat up to the move's arrival
        # With several processes the cache is not checked first (a read per move): the commit locks the
        # table's row and finds out there whether another process moved it on; then we catch up and judge
        # the move again, so a stale state is never moved on and a current client is never refused.
        live = await self.live_table(table_id, fresh=False)
        async with live.lock:
            if self.shared and version > live.info.version:  # the client saw a version we have not
                await self._catch_up_locked(live)
            for attempt in range(2):
                try:
                    seat = self._check_turn(live, user, version)
                    action = self.parse_action(live.game, raw)
                    await self._commit(live, seat, action, BY_USER, behind_ok=attempt == 0, received=received)
                    break
                except Behind:
                    await self._catch_up_locked(live)
                except ApiError:  # refused on our cache: with several processes, judge on the truth
                    if attempt or not await self._is_behind(live):
                        raise
                    await self._catch_up_locked(live)
            new_version = live.info.version
        self.kick_bots(live)
        return new_version

    def _check_turn(self, live: LiveTable, user: UserPublic, version: int) -> int:
        info = live.info
        seat = info.seat_of(user.id)
        if seat is None:
            raise ApiError(403, "you have no seat at this table")
        if info.status != PLAYING:
            raise ApiError(409, "the game is over")
        if version != info.version:
            raise ApiError(409, f"stale version {version}: the table is at version {info.version}")
        player = live.state.current_player()
        if player != seat:
            names = live.names()
            who = names[player] if 0 <= player < len(names) else "nobody"
            raise ApiError(409, f"it is not your turn; {who} is to decide")
        return seat

    async def _commit(
        self,
        live: LiveTable,
        seat: int,
        action: Action | Callable[[], Action],
        by: str,
        *,
        behind_ok: bool = False,
        received: float | None = None,
    ) -> None:
        """Apply ``action`` for ``seat`` (lock held), store it with the chance that follows, then push.

        One call on a writer thread applies the action to a clone, resolves chance, builds the connected
        seats' models and stores it all in one transaction (one thread hop per move: under load every hop
        waits for the scheduler); only after the commit does the live state change and the pushes go out.
        ``action`` may be a function choosing it (a fast bot), called on that thread first. ``behind_ok``:
        raise Behind (the caller catches up and retries) rather than 409 when another process moved first.
        ``received``: when the decision arrived (a person's move); the seat's clock runs until then.
        """
        before = live.state
        info = live.info
        seed = info.seed if info.seed is not None else 0
        every = self.settings.snapshot_every
        now = self.settings.clock()
        arrived = now if received is None else received
        clock = self.clock_of(info, live)
        is_person = self._is_person(info)
        seats = self._audience(live)
        shared = self.shared
        fanout = self.fanout
        mover = info.seats[seat].user_id if by == BY_USER and 0 <= seat < len(info.seats) else None
        if mover is not None and now - self._touched.get(mover, -LAST_ACTION_EVERY) < LAST_ACTION_EVERY:
            mover = None  # written by this process less than 30 s ago

        def work(session: Session) -> tuple[State, list[NewAction], TableInfo, dict[int | None, str], bool]:
            chosen = action if isinstance(action, Action) else action()
            after = before.clone(log=True)
            # IllegalAction (422) names the rule; the live state is untouched. A twin of an offered action is
            # played (and stored) as the offered one.
            try:
                played = after.apply(chosen, seat)
            except IllegalAction:
                if shared:  # judged on a stale cache? then it is news, not a wrong move (Behind)
                    lock_table(session, info.id, info.version)
                raise
            new = [NewAction(before.version, seat, by, played.to_json())]
            resolve_chance(after, seed, new)
            clocked = None
            if clock is not None:  # after the chance that followed: whose turn it is now
                control = info.time_control
                clocked, spent = after_decision(control, clock, seat, arrived, after, is_person, now)
                if spent is not None:
                    new[0] = dataclasses.replace(new[0], spent=spent, time_left=clocked.remaining[seat])
            updated = self._advanced(info, after, len(new), now, clocked)
            if updated.status == FINISHED:
                updated = self._with_rating(updated, [*live.meta, *((a.seat, a.by) for a in new)], None)
            texts = render_models(updated, after, seats, live.log, (new[-1].seat, new[-1].by))
            # The database work comes last, so the transaction is short. The guarded UPDATE locks the
            # table's row until commit, so moves at one table commit one after another across processes.
            update_table(session, info.version, updated, shared=shared)
            insert_actions(session, info.id, new, info.version, now)
            enqueue_for_table(session, info, updated, now)  # notifications, in this transaction
            if every > 0 and before.version // every != after.version // every and not after.is_terminal():
                state, events = snapshot_of(after)
                session.add(
                    Snapshot(table_id=info.id, step=after.version, state=state, events=events, created_at=now)
                )
            if updated.status == FINISHED and updated.result is not None and updated.result["rated"]:
                rate_game(session, updated, after.ranking(), now)
            if mover is not None:
                touch_user(session, mover, now)
            # The note goes out with the commit (PostgreSQL's NOTIFY), so a death right after it loses none.
            noted = shared and fanout.commit_note(
                session, info.id, updated.version, self.news_of(info, updated, new)
            )
            return after, new, updated, texts, noted

        after, new, updated, texts, noted = await self._write(info.id, work, behind_ok=behind_ok)
        live.state = after
        live.info = updated
        live.meta.extend((a.seat, a.by) for a in new)
        if mover is not None:
            self._touched[mover] = now
            if len(self._touched) > 50_000:
                self._touched.clear()
        self.announce(updated, self.news_of(info, updated, new) if shared else None, noted=noted)
        self._offer(live, texts)

    def _advanced(
        self, info: TableInfo, after: State, count: int, now: float, clock: Clock | None
    ) -> TableInfo:
        """The table after ``count`` more actions leading to ``after``, with its clock after them."""
        changes: dict[str, Any] = {
            "version": info.version + count,
            "steps": after.version,
            "to_move": self._to_move(after),
            "clock": clock,
            "turn_deadline": None if clock is None else clock.deadline(),
            "abandon_votes": (),  # a move answers a vote to abandon: the game goes on
            "last_move_at": now,
        }
        if after.is_terminal():
            result = self._result(after, names_of(info, after))
            changes.update(status=FINISHED, finished_at=now, result=result, turn_deadline=None)
        return info.with_changes(**changes)

    @staticmethod
    def _with_rating(info: TableInfo, meta: list[tuple[int, str]], forfeit: str | None) -> TableInfo:
        """The finished table with its result saying whether the game is rated (ratings.py's rules)."""
        reason = not_rated_reason(info, meta, forfeit)
        return info.with_changes(result={**(info.result or {}), "rated": reason is None, "not_rated": reason})

    async def _write(self, table_id: str, write: Callable[[Session], T], *, behind_ok: bool = False) -> T:
        """Run a table's write transaction; a guard that fails means another writer got there first (409)."""
        try:
            return await self.store.write(write)
        except Behind:
            if behind_ok:
                raise
            self.forget(table_id)
            raise ApiError(409, "the table changed meanwhile; reload it") from None
        except (Conflict, IntegrityError):
            self.forget(table_id)
            raise ApiError(409, "the table changed meanwhile; reload it") from None

    @staticmethod
    def _table_values(info: TableInfo) -> dict[str, Any]:
        return info.columns()

    @staticmethod
    def _to_move(state: State) -> int | None:
        player = state.current_player()
        return player if player >= 0 else None

    @staticmethod
    def _result(state: State, names: list[str]) -> dict[str, Any]:
        result = {"scores": state.scores(), "places": state.ranking(), "forfeit": None, "reason": "finished"}
        end_reason = state.end_reason()  # a safety net's end ("ended by the stall rule after ..."), kept
        if end_reason is not None:
            result["end_reason"] = end_reason
        result["end_text"] = end_words(result, names)  # how it ended, in words (web/results.py)
        return result

    # ------------------------------------------------------------------ undo

    async def undo(self, table_id: str, user: UserPublic, version: int) -> int:
        """Take back my own last decision, within my turn: never a chance outcome, never another seat's
        action, never a move a bot made for me. Rebuilt from the record minus that action."""
        live = await self.live_table(table_id)
        async with live.lock:
            info = live.info
            seat = info.seat_of(user.id)
            if seat is None:
                raise ApiError(403, "you have no seat at this table")
            if info.status != PLAYING:
                raise ApiError(409, "the game is over")
            if version != info.version:
                raise ApiError(409, f"stale version {version}: the table is at version {info.version}")
            if live.state.current_player() != seat:
                raise ApiError(409, "you can undo only during your own turn")
            if not live.meta:
                raise ApiError(422, "undo: nothing to take back")
            last_seat, last_by = live.meta[-1]
            if last_seat == CHANCE:
                raise ApiError(
                    422, "undo: the last action was a roll, a draw or a deal; chance is never undone"
                )
            if last_seat != seat:
                raise ApiError(422, "undo: the last action was another player's")
            if last_by != BY_USER:
                raise ApiError(422, "undo: the last action was made by a bot for you after a timeout")
            target = info.steps - 1

            def read(session: Session) -> tuple[list[dict[str, Any]], Snapshot | None]:
                rows = session.scalars(
                    select(ActionRow.action)
                    .where(ActionRow.table_id == table_id, ActionRow.step < target)
                    .order_by(ActionRow.step)
                )
                snap = session.scalar(
                    select(Snapshot)
                    .where(Snapshot.table_id == table_id, Snapshot.step <= target)
                    .order_by(Snapshot.step.desc())
                    .limit(1)
                )
                return list(rows), snap

            actions, snap = await self.store.read(read)
            snapshot = None if snap is None else (snap.step, snap.state, snap.events)
            state = await anyio.to_thread.run_sync(
                rebuild, live.game, info.players, info.options, actions, snapshot
            )
            if state.current_player() != seat or state.version != target:  # the record is not what we hold
                self.forget(table_id)
                raise ApiError(409, "the table changed meanwhile; reload it")
            updated = info.with_changes(version=info.version + 1, steps=target, to_move=seat)

            def write(session: Session) -> None:
                update_table(session, info.version, updated)
                session.execute(
                    delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.step >= target)
                )
                session.execute(delete(Snapshot).where(Snapshot.table_id == table_id, Snapshot.step > target))

            await self._write(table_id, write)
            live.state = state
            live.info = updated
            live.meta.pop()
            self.announce(updated)
            await self.publish(live)
            return updated.version

    # ------------------------------------------------------------------ records

    async def record(self, live: LiveTable) -> dict[str, Any]:
        """The game record (the CLI's ``--record`` JSON) of a finished table; it uploads again as it is.

        It names the server's chance scheme, so an upload checks every chance outcome against the seed, and
        keeps the clock: the time control and each decision's seconds taken and left (replays show them).
        The result holds what a replay can check (``forfeit`` and ``reason`` for a forfeit, ``end_reason``
        for a safety net's end); the words for it come from web/results.py where it is shown.
        """
        info, state = live.info, live.state
        record = Record.start(state, info.seat_names(), info.seed, chance=PER_STEP)
        record.finish(state)
        if info.time_control.clocked:
            table_id = info.id

            def read(session: Session) -> list[Any]:
                return list(
                    session.execute(
                        select(ActionRow.step, ActionRow.seat, ActionRow.spent, ActionRow.time_left)
                        .where(ActionRow.table_id == table_id)
                        .order_by(ActionRow.step)
                    )
                )

            times: list[list[float] | None] = [None] * len(record.actions)
            for step, seat, spent, left in await self.store.read(read):
                if spent is not None and left is not None and 0 <= step < len(times):
                    times[step] = [seat, round(spent, 3), round(left, 3)]
            record.clock = {"time_control": info.time_control.stored(), "times": times}
        data = record.to_json()
        if data.get("result") is not None:
            data["result"]["participants"] = live.names()
        if info.result is not None and info.result.get("forfeit") is not None:
            data["result"] = {
                "participants": live.names(),
                "scores": info.result["scores"],
                "places": info.result["places"],
                "breakdown": state.score_breakdown(),
                "forfeit": info.result["forfeit"],
                "reason": info.result.get("reason"),
            }
        return data

    # ------------------------------------------------------------------ shutting down

    async def close(self) -> None:
        self.closed = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.hub.close_all()
