"""Committing moves, the pure parts: who made an action, chance, rebuilding a state, and the table's writes.

Everything here runs in worker threads (the master's commit calls it on a writer thread) and touches no
event-loop state. :mod:`hellenika.server.round.master` puts them together in a fixed order for every move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.orm import Session

from hellenika.engine.events import Event
from hellenika.engine.game import Game
from hellenika.engine.rng import Rng, chance_at_step
from hellenika.engine.state import CHANCE, State
from hellenika.server.store.models import ActionRow, GameTable, Seat, User
from hellenika.server.tables import FINISHED, PLAIN_COLUMNS, TableInfo

#: Who made an action: a person, a bot seat, a bot playing for a late person, or chance.
BY_USER, BY_BOT, BY_TIMEOUT, BY_CHANCE = "user", "bot", "timeout", "chance"
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
    #: Seconds of the seat's clock the decision took and the seconds it had left after it (None: no clock).
    spent: float | None = None
    time_left: float | None = None


class Conflict(Exception):
    """The table changed in the database under us (another writer): answered as 409."""


class Behind(Conflict):
    """Another process moved the table on past this process's cached version (several processes only)."""

    def __init__(self, version: int) -> None:
        super().__init__(f"the table is at version {version}")
        self.version = version


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


def names_of(info: TableInfo, state: State) -> list[str]:
    return info.seat_names() + state.participant_names()[info.players :]


# Prebuilt Core statements for the hot path: building them per move cost more than running them.
_TABLES = cast(Table, GameTable.__table__)
_ACTIONS = cast(Table, ActionRow.__table__)
TABLE_COLUMNS = (*PLAIN_COLUMNS, "clock", "abandon_votes")
_UPDATE_TABLE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("b_id"), _TABLES.c.version == bindparam("b_old_version"))
    .values({name: bindparam(f"b_{name}") for name in TABLE_COLUMNS})
)
_INSERT_ACTIONS = _ACTIONS.insert()
_SEATS = cast(Table, Seat.__table__)
_SET_PLACE = (
    _SEATS.update()
    .where(_SEATS.c.table_id == bindparam("b_table"), _SEATS.c.seat == bindparam("b_seat"))
    .values(place=bindparam("b_place"))
)


def update_table(session: Session, old_version: int, info: TableInfo, *, shared: bool = False) -> None:
    """Write the table's new values if its version is still ``old_version``; else raise Conflict (Behind,
    with ``shared``, when another process moved the table on: the caller catches up and tries again).

    The guarded UPDATE is the lock: it holds the table's row until the transaction ends, and a writer that
    waited for it finds the version changed and writes nothing. So a move needs no ``SELECT ... FOR UPDATE``
    before it (a round trip per move); only a failed guard asks which of the two it was.
    """
    params: dict[str, Any] = {f"b_{name}": value for name, value in info.columns().items()}
    params["b_id"] = info.id
    params["b_old_version"] = old_version
    done = session.connection().execute(_UPDATE_TABLE, params)
    if done.rowcount != 1:
        if shared:
            lock_table(session, info.id, old_version)
        raise Conflict
    record_places(session, info)


def record_places(session: Session, info: TableInfo) -> None:
    """A finished table's places on its seats (``seats.place``, from the result), in the transaction that
    finishes it, so that a profile counts places per game with one grouped query."""
    if info.status != FINISHED:
        return
    places = (info.result or {}).get("places")
    rows = [
        {"b_table": info.id, "b_seat": seat, "b_place": place}
        for seat, place in enumerate(places if isinstance(places, list) else [])
        if type(place) is int and place >= 1
    ]
    if rows:
        session.connection().execute(_SET_PLACE, rows)


_USERS = cast(Table, User.__table__)
#: ``users.last_action_at`` is written at most this often per person (seconds): the quiet rule of
#: notifications counts in minutes, and a write per move would cost a statement per move.
LAST_ACTION_EVERY = 30.0
_TOUCH_USER = (
    _USERS.update()
    .where(
        _USERS.c.id == bindparam("b_user"),
        (_USERS.c.last_action_at.is_(None)) | (_USERS.c.last_action_at < bindparam("b_stale")),
    )
    .values(last_action_at=bindparam("b_now"))
)


def touch_user(session: Session, user_id: int, now: float) -> None:
    """Note the person's move in ``users.last_action_at`` (in the move's transaction), unless it was noted
    within ``LAST_ACTION_EVERY`` seconds: the guard makes the write rare whichever process moves."""
    session.connection().execute(
        _TOUCH_USER, {"b_user": user_id, "b_now": now, "b_stale": now - LAST_ACTION_EVERY}
    )


def lock_table(session: Session, table_id: str, version: int) -> None:
    """Lock the table's row until the transaction ends (``SELECT ... FOR UPDATE`` on PostgreSQL), so moves
    at one table commit one after another across processes; Behind if another process moved it past
    ``version`` (the caller catches up and tries again), Conflict if it is gone or went back."""
    found = session.execute(
        select(_TABLES.c.version).where(_TABLES.c.id == table_id).with_for_update()
    ).scalar()
    if found is not None and found > version:
        raise Behind(found)
    if found != version:
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
                "spent": a.spent,
                "time_left": a.time_left,
            }
            for i, a in enumerate(new)
        ],
    )
