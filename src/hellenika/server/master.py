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
import functools
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import anyio.to_thread
from sqlalchemy import Table, bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.bots.specs import LEVELS, make_agent
from hellenika.engine.actions import Action
from hellenika.engine.agent import Agent, Observation
from hellenika.engine.events import Event
from hellenika.engine.game import Game
from hellenika.engine.record import Record
from hellenika.engine.results import forfeit_places
from hellenika.engine.rng import PER_STEP, Rng, chance_at_step
from hellenika.engine.state import CHANCE, State
from hellenika.server.accounts import UserPublic
from hellenika.server.config import Settings
from hellenika.server.errors import ApiError
from hellenika.server.hub import Hub
from hellenika.server.ratings import rate_game
from hellenika.server.store import Store
from hellenika.server.store.models import ActionRow, GameTable, Snapshot
from hellenika.server.tables import FINISHED, PLAYING, WAITING, TableInfo, load_info
from hellenika.server.views import LogCache, cached_table_model, dumps, dumps_bytes

log = logging.getLogger("hellenika.server")
T = TypeVar("T")

#: Who made an action: a person, a bot seat, a bot playing for a late person, or chance.
BY_USER, BY_BOT, BY_TIMEOUT, BY_CHANCE = "user", "bot", "timeout", "chance"
#: Bot levels that choose in milliseconds (no search): they choose on the commit's thread.
FAST_LEVELS = frozenset({"easy", "medium"})
#: Tables kept in memory before finished ones that nobody watches are dropped from the cache.
MAX_LIVE = 2000
#: A safety net against a game that never stops asking chance (a bug, not a rule).
MAX_CHANCE_STEPS = 100_000


def bot_rng(seed: int, seat: int, step: int) -> Rng:
    return Rng(seed).fork(f"bot-{seat}-{step}")


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action applied by the master, about to be stored."""

    step: int
    seat: int
    by: str
    action: dict[str, Any]


class Conflict(Exception):
    """The table changed in the database under us (another writer): answered as 409."""


class LiveTable:
    """A started table in memory: its info, its current state (with the log) and who made each action."""

    def __init__(self, info: TableInfo, game: Game, state: State, meta: list[tuple[int, str]]) -> None:
        self.info = info
        self.game = game
        self.state = state
        self.meta = meta  # (seat, by) of every action in the history
        self.lock = asyncio.Lock()
        self.agents: dict[tuple[int, str], Agent] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.log = LogCache()

    def names(self) -> list[str]:
        return self.info.seat_names() + self.state.participant_names()[self.info.players :]


# ---------------------------------------------------------------------- pure helpers (run in threads)


def resolve_chance(state: State, seed: int, new: list[NewAction]) -> None:
    """Draw and apply chance outcomes until someone must decide (or the game ends)."""
    for _ in range(MAX_CHANCE_STEPS):
        if state.current_player() != CHANCE:
            return
        step = state.version
        action = state.sample_chance(chance_at_step(seed, step))
        state.apply_unchecked(action)
        new.append(NewAction(step, CHANCE, BY_CHANCE, action.to_json()))
    raise RuntimeError("chance did not settle")


def snapshot_of(state: State) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The serialised state without its history (the action rows hold it) and the log."""
    data = state.to_json()
    data.pop("history", None)
    return data, [e.to_json() for e in state.events]


def rebuild(
    game: Game,
    players: int,
    options: Mapping[str, Any],
    actions: list[dict[str, Any]],
    snapshot: tuple[int, dict[str, Any], list[dict[str, Any]]] | None,
) -> State:
    """The state after ``actions``, from a snapshot taken after its first ``step`` actions if given.

    The actions after the snapshot are applied with full checking, so a damaged database fails loudly.
    """
    if snapshot is not None and snapshot[0] <= len(actions):
        step, data, events = snapshot
        state = game.state_from_json({**data, "history": actions[:step]}, log=True)
        # The log is not part of a state's JSON; the snapshot keeps it so a restored table reads the same.
        state._events = [
            Event(e["step"], e["text"], e.get("actor"), tuple(e["audience"]) if e.get("audience") else None)
            for e in events
        ]
        start = step
    else:
        state = game.new_state(players, options, log=True)
        start = 0
    for item in actions[start:]:
        state.apply(game.action_from_json(item))
    return state


def seat_model(
    info: TableInfo,
    state: State,
    names: list[str],
    seat: int | None,
    log: LogCache,
    last: tuple[int, str] | None = None,
) -> dict[str, Any]:
    """The table model (web/model.py) for ``seat``, with the table version; a forfeited game shows as over.

    ``last`` is (seat, by) of the last action; ``can_undo`` tells the page whether its Undo button would be
    accepted (the same conditions as ``Master.undo``), so it never offers one that would be refused.
    """
    model = cached_table_model(state, seat, names, log)
    model["version"] = info.version
    model["can_undo"] = (
        seat is not None
        and info.status == PLAYING
        and last is not None
        and last == (seat, BY_USER)
        and state.current_player() == seat
    )
    result = info.result
    if info.status == FINISHED and result is not None and result.get("forfeit") is not None:
        model.update(
            finished=True,
            to_move=None,
            legal=[],
            scores=result["scores"],
            places=result["places"],
            breakdown=state.score_breakdown(),
        )
    return model


def payload(model_text: str, table: dict[str, Any], kind: str = "state") -> str:
    """``{"type": kind, ...model..., "table": table}`` spliced from an already serialised model."""
    return f'{{"type":"{kind}",{model_text[1:-1]},"table":{dumps(table)}}}'


def names_of(info: TableInfo, state: State) -> list[str]:
    return info.seat_names() + state.participant_names()[info.players :]


def render_models(
    info: TableInfo,
    state: State,
    seats: set[int | None],
    log: LogCache,
    last: tuple[int, str] | None = None,
) -> dict[int | None, str]:
    """The serialised model of each seat (``None``: spectators); ``last`` as for :func:`seat_model`."""
    names = names_of(info, state)
    return {seat: dumps(seat_model(info, state, names, seat, log, last)) for seat in seats}


# Prebuilt Core statements for the hot path: building them per move cost more than running them.
_TABLES = cast(Table, GameTable.__table__)
_ACTIONS = cast(Table, ActionRow.__table__)
_TABLE_COLUMNS = (
    "status",
    "seed",
    "version",
    "steps",
    "to_move",
    "turn_deadline",
    "started_at",
    "finished_at",
    "result",
)
_UPDATE_TABLE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_id"), _TABLES.c.version == bindparam("b_old_version"))
    .values({name: bindparam(f"b_{name}") for name in _TABLE_COLUMNS})
)
_INSERT_ACTIONS = _ACTIONS.insert()


def update_table(session: Session, old_version: int, info: TableInfo) -> None:
    """Write the table's new values if its version is still ``old_version``; else raise Conflict."""
    params: dict[str, Any] = {f"b_{name}": getattr(info, name) for name in _TABLE_COLUMNS}
    params["b_id"] = info.id
    params["b_old_version"] = old_version
    done = session.connection().execute(_UPDATE_TABLE, params)
    if done.rowcount != 1:
        raise Conflict


def insert_actions(session: Session, table_id: str, new: list[NewAction], version: int, now: float) -> None:
    """Insert the action rows; ``version`` is the table's version before the first of them."""
    if not new:
        return
    session.connection().execute(
        _INSERT_ACTIONS,
        [
            {
                "table_id": table_id,
                "step": a.step,
                "version": version + i + 1,
                "seat": a.seat,
                "by": a.by,
                "action": a.action,
                "created_at": now,
            }
            for i, a in enumerate(new)
        ],
    )


# ---------------------------------------------------------------------- the master


class Master:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.hub = Hub()
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    # ------------------------------------------------------------------ loading

    async def live_table(self, table_id: str) -> LiveTable:
        """The live table, loaded from the database (snapshot + actions) when not cached.

        404 for an unknown table, 409 for one that has not started.
        """
        live = self.live.get(table_id)
        if live is not None:
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
        started = info.with_changes(
            status=PLAYING,
            seed=seed,
            started_at=now,
            version=len(new),
            steps=state.version,
            to_move=to_move,
            turn_deadline=self._deadline(info, to_move, now, fresh=True),
        )
        if state.is_terminal():  # a game decided by its setup alone; no known game does this
            started = started.with_changes(status=FINISHED, finished_at=now, result=self._result(state))

        def write(session: Session) -> None:
            done = session.execute(
                update(GameTable)
                .where(GameTable.id == table_id, GameTable.status == WAITING)
                .values(**self._table_values(started))
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict
            insert_actions(session, table_id, new, 0, now)

        try:
            await self.store.write(write)
        except (Conflict, IntegrityError):
            raise ApiError(409, "this table has already started") from None
        live = LiveTable(started, game, state, [(a.seat, a.by) for a in new])
        self.live[table_id] = live
        self._trim()
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
        live = await self.live_table(table_id)
        async with live.lock:
            seat = self._check_turn(live, user, version)
            action = self.parse_action(live.game, raw)
            await self._commit(live, seat, action, BY_USER)
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
        self, live: LiveTable, seat: int, action: Action | Callable[[], Action], by: str
    ) -> None:
        """Apply ``action`` for ``seat`` (lock held), store it with the chance that follows, then push.

        One call on a writer thread applies the action to a clone, resolves chance, builds the connected
        seats' models and stores it all in one transaction (one thread hop per move: under load every hop
        waits for the scheduler); only after the commit does the live state change and the pushes go out.
        ``action`` may be a function choosing it (a fast bot), called on that thread first.
        """
        before = live.state
        info = live.info
        seed = info.seed if info.seed is not None else 0
        every = self.settings.snapshot_every
        now = self.settings.clock()
        seats = self._audience(live)

        def work(session: Session) -> tuple[State, list[NewAction], TableInfo, dict[int | None, str]]:
            chosen = action if isinstance(action, Action) else action()
            after = before.clone(log=True)
            # IllegalAction (422) names the rule; the live state is untouched. A twin of an offered action is
            # played (and stored) as the offered one.
            played = after.apply(chosen, seat)
            new = [NewAction(before.version, seat, by, played.to_json())]
            resolve_chance(after, seed, new)
            updated = self._advanced(info, after, len(new), now)
            texts = render_models(updated, after, seats, live.log, (new[-1].seat, new[-1].by))
            # The database work comes last, so the transaction is short.
            update_table(session, info.version, updated)
            insert_actions(session, info.id, new, info.version, now)
            if every > 0 and before.version // every != after.version // every and not after.is_terminal():
                state, events = snapshot_of(after)
                session.add(
                    Snapshot(table_id=info.id, step=after.version, state=state, events=events, created_at=now)
                )
            if updated.status == FINISHED:
                rate_game(session, updated, after.ranking(), now)
            return after, new, updated, texts

        after, new, updated, texts = await self._write(info.id, work)
        live.state = after
        live.info = updated
        live.meta.extend((a.seat, a.by) for a in new)
        self._offer(live, texts)

    def _advanced(self, info: TableInfo, after: State, count: int, now: float) -> TableInfo:
        """The table after ``count`` more actions leading to ``after``."""
        to_move = self._to_move(after)
        changes: dict[str, Any] = {
            "version": info.version + count,
            "steps": after.version,
            "to_move": to_move,
            "turn_deadline": self._deadline(info, to_move, now),
        }
        if after.is_terminal():
            changes.update(status=FINISHED, finished_at=now, result=self._result(after), turn_deadline=None)
        return info.with_changes(**changes)

    async def _write(self, table_id: str, write: Callable[[Session], T]) -> T:
        """Run a table's write transaction; a guard that fails means another writer got there first (409)."""
        try:
            return await self.store.write(write)
        except (Conflict, IntegrityError):
            self.forget(table_id)
            raise ApiError(409, "the table changed meanwhile; reload it") from None

    @staticmethod
    def _table_values(info: TableInfo) -> dict[str, Any]:
        return {
            "status": info.status,
            "seed": info.seed,
            "version": info.version,
            "steps": info.steps,
            "to_move": info.to_move,
            "turn_deadline": info.turn_deadline,
            "started_at": info.started_at,
            "finished_at": info.finished_at,
            "result": info.result,
        }

    @staticmethod
    def _to_move(state: State) -> int | None:
        player = state.current_player()
        return player if player >= 0 else None

    def _deadline(
        self, info: TableInfo, to_move: int | None, now: float, fresh: bool = False
    ) -> float | None:
        """When the seat to move times out: a new deadline when the turn passes to another person; the same
        one while the same seat goes on deciding; none for bots or tables without a deadline."""
        if info.deadline_hours is None or to_move is None or info.is_bot(to_move):
            return None
        if not fresh and to_move == info.to_move and info.turn_deadline is not None:
            return info.turn_deadline
        return now + info.deadline_hours * 3600.0

    @staticmethod
    def _result(state: State) -> dict[str, Any]:
        return {"scores": state.scores(), "places": state.ranking(), "forfeit": None, "reason": "finished"}

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
            await self.publish(live)
            return updated.version

    # ------------------------------------------------------------------ forfeits and deadlines

    async def resign(self, table_id: str, user: UserPublic) -> TableInfo:
        """Leaving a running game: the seat forfeits and the game ends."""
        live = await self.live_table(table_id)
        async with live.lock:
            seat = live.info.seat_of(user.id)
            if seat is None:
                raise ApiError(403, "you have no seat at this table")
            if live.info.status != PLAYING:
                raise ApiError(409, "the game is over")
            await self._forfeit(live, seat, "resigned")
            return live.info

    async def _forfeit(self, live: LiveTable, seat: int, reason: str) -> None:
        state = live.state
        info = live.info
        now = self.settings.clock()
        places = forfeit_places(state, seat)
        result = {"scores": state.scores(), "places": places, "forfeit": seat, "reason": reason}
        updated = info.with_changes(
            status=FINISHED,
            version=info.version + 1,
            to_move=None,
            turn_deadline=None,
            finished_at=now,
            result=result,
        )

        def write(session: Session) -> None:
            update_table(session, info.version, updated)
            rate_game(session, updated, places, now)

        await self._write(info.id, write)
        live.info = updated
        await self.publish(live)

    async def check_deadlines(self) -> int:
        """Handle every turn whose deadline has passed (a bot moves for the seat, or it forfeits).

        Called by the background watcher, and directly by tests with an injected clock. Answers how many
        timeouts were handled.
        """
        now = self.settings.clock()

        def due(session: Session) -> list[str]:
            return list(
                session.scalars(
                    select(GameTable.id).where(
                        GameTable.status == PLAYING,
                        GameTable.turn_deadline.is_not(None),
                        GameTable.turn_deadline <= now,
                    )
                )
            )

        handled = 0
        for table_id in await self.store.read(due):
            try:
                live = await self.live_table(table_id)
                async with live.lock:
                    info = live.info
                    if info.status != PLAYING or info.turn_deadline is None or info.turn_deadline > now:
                        continue
                    seat = live.state.current_player()
                    if seat < 0 or info.is_bot(seat):
                        continue
                    handled += 1
                    if info.on_timeout == "forfeit":
                        await self._forfeit(live, seat, "timeout")
                        continue
                    level = self.settings.timeout_bot_level
                    while live.info.status == PLAYING and live.state.current_player() == seat:
                        await self._commit(live, seat, await self._bot_move(live, seat, level), BY_TIMEOUT)
                self.kick_bots(live)
            except ApiError:
                log.warning("deadline of table %s could not be handled", table_id, exc_info=True)
        return handled

    async def watch_deadlines(self) -> None:
        """The background task: check deadlines every ``deadline_poll_seconds``."""
        while not self.closed:
            await asyncio.sleep(self.settings.deadline_poll_seconds)
            try:
                await self.check_deadlines()
            except Exception:
                log.exception("deadline check failed")

    # ------------------------------------------------------------------ bots

    def kick_bots(self, live: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if self.closed or (live.bot_task is not None and not live.bot_task.done()):
            return
        if live.info.status != PLAYING:
            return
        seat = live.state.current_player()
        if seat < 0 or not live.info.is_bot(seat):
            return
        live.bot_task = self.spawn(self._run_bots(live))

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _run_bots(self, live: LiveTable) -> None:
        """Bots move one after another, each move its own commit and push, until a person is to decide."""
        try:
            while not self.closed and self.live.get(live.info.id) is live:
                async with live.lock:
                    info = live.info
                    seat = live.state.current_player()
                    if info.status != PLAYING or seat < 0 or not info.is_bot(seat):
                        return
                    level = info.seats[seat].level or "medium"
                    await self._commit(live, seat, await self._bot_move(live, seat, level), BY_BOT)
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            log.warning("bot move at table %s failed: %s", live.info.id, exc.detail)
        except Exception:
            log.exception("bot move at table %s failed", live.info.id)

    async def _bot_move(self, live: LiveTable, seat: int, level: str) -> Action | Callable[[], Action]:
        """A bot's choice for the current state. Fast levels answer a function that the commit's thread
        calls (no extra thread hop); searching levels think here, in the thread pool, so the writer thread
        is never held for seconds."""
        key = (seat, level)
        agent = live.agents.get(key)
        if agent is None:
            agent = make_agent(level if level in LEVELS else "medium")
            live.agents[key] = agent
        state = live.state
        rng = bot_rng(live.info.seed or 0, seat, state.version)
        observation = Observation(state, seat)
        if level in FAST_LEVELS:
            return functools.partial(agent.choose, observation, rng)
        return await anyio.to_thread.run_sync(agent.choose, observation, rng)

    # ------------------------------------------------------------------ what people see

    async def model(self, live: LiveTable, user_id: int | None) -> bytes:
        """The serialised model for a user (their seat's, or the spectator's) with the ``table``."""
        info, state = live.info, live.state

        def build() -> bytes:
            last = live.meta[-1] if live.meta else None
            model = seat_model(info, state, names_of(info, state), info.seat_of(user_id), live.log, last)
            model["table"] = info.to_json(user_id)
            return dumps_bytes(model)

        return await anyio.to_thread.run_sync(build)

    def _audience(self, live: LiveTable) -> set[int | None]:
        """The seats (``None``: spectators) of the table's open connections."""
        info = live.info
        return {info.seat_of(c.user_id) for c in self.hub.connections(info.id)}

    def _offer(self, live: LiveTable, texts: dict[int | None, str]) -> None:
        """Hand each connection its seat's model; one that connected meanwhile gets a fresh build."""
        info = live.info
        missing = False
        for connection in self.hub.connections(info.id):
            text = texts.get(info.seat_of(connection.user_id))
            if text is None:
                missing = True
                continue
            connection.offer(payload(text, info.to_json(connection.user_id)), info.version)
        if missing:
            self.spawn(self.publish(live))

    async def publish(self, live: LiveTable) -> None:
        """Push every connection of the table its own model (built per seat, in a worker thread)."""
        if not self.hub.has(live.info.id):
            return
        info, state = live.info, live.state
        seats = self._audience(live)
        last = live.meta[-1] if live.meta else None
        texts = await anyio.to_thread.run_sync(render_models, info, state, seats, live.log, last)
        if live.info is info:
            self._offer(live, texts)

    def publish_table(self, info: TableInfo) -> None:
        """Push the table JSON alone (a table still being set up: joins, leaves)."""
        for connection in self.hub.connections(info.id):
            connection.offer(
                dumps({"type": "table", "table": info.to_json(connection.user_id)}), info.version
            )

    # ------------------------------------------------------------------ records

    def record(self, live: LiveTable) -> dict[str, Any]:
        """The game record (the CLI's ``--record`` JSON) of a finished table; it uploads again as it is.

        It names the server's chance scheme, so an upload checks every chance outcome against the seed.
        """
        info, state = live.info, live.state
        record = Record.start(state, info.seat_names(), info.seed, chance=PER_STEP)
        record.finish(state)
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
