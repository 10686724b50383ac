"""Replays: uploaded records (checked by replaying them before they are stored) and finished tables, shown
step by step as the spectator's table model.

An uploaded record is evidence, not a claim: :func:`check_record` replays it with the engine's
:meth:`Record.verify` (every action with full checking, every chance outcome against the record's seed) and
stores the record as the replay made it, with the result and digest the replay computed. A result or digest
that disagrees is refused with the difference, so nobody can upload a forged score. A record without a seed
cannot be checked and is refused. Unknown top-level fields are ignored and not stored.

A replay id is either an uploaded record's id or a finished table's id; both answer the same shape.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from typing import Any

import anyio.to_thread
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.engine.errors import HellenikaError, RecordError
from hellenika.engine.record import Record
from hellenika.engine.state import State
from hellenika.server.core.config import Settings
from hellenika.server.core.errors import ApiError
from hellenika.server.people import UserPublic
from hellenika.server.round import BY_TIMEOUT, Master
from hellenika.server.store import Store
from hellenika.server.store.models import GameTable, Replay
from hellenika.server.tables import FINISHED, Clock, TimeControl
from hellenika.web.model import table_model
from hellenika.web.results import end_reason_words, end_words

#: An uploaded record may hold at most this many actions (the longest real games hold a few thousand).
MAX_ACTIONS = 50_000
#: The longest seat name an uploaded record may give (account names and bot specs are far shorter).
MAX_SEAT_NAME = 64
#: The longest game name or rules version (real ones are a few characters).
MAX_LABEL = 32
#: The longest error detail answered for a bad record (messages quote parts of it).
MAX_DETAIL = 400


def record_names(record: Record, state: State) -> list[str]:
    return record.participant_names(state)


def _refuse(why: str) -> ApiError:
    text = f"record refused: {why}"
    return ApiError(422, text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…")


def _check_limits(record: Record) -> None:
    """The bounds of an upload that the replay does not check itself; before the replay, so it stays cheap."""
    if len(record.game) > MAX_LABEL or len(record.rules_version) > MAX_LABEL:
        raise _refuse(f"'game' and 'rules_version' are at most {MAX_LABEL} characters")
    if len(record.actions) > MAX_ACTIONS:
        raise _refuse(f"a record may hold at most {MAX_ACTIONS} actions")
    if len(record.seats) > record.players:
        raise _refuse(f"the record has {len(record.seats)} seats for {record.players} players")
    if any(len(name) > MAX_SEAT_NAME for name in record.seats):
        raise _refuse(f"a seat name is at most {MAX_SEAT_NAME} characters")


def check_record(data: Any) -> Record:
    """The record as its replay makes it (what is stored), or 422 saying what is wrong with it.

    Any JSON value answers a record or an :class:`ApiError` 422, never another exception.
    """
    if not isinstance(data, dict):
        raise ApiError(422, "a record is a JSON object (the CLI's --record file)")
    try:
        record = Record.from_json(data)
        _check_limits(record)
        _state, checked = record.verify(games.REGISTRY)
    except ApiError:
        raise
    except HellenikaError as exc:
        raise _refuse(str(exc)) from None
    except RecursionError:
        raise _refuse("it is nested too deeply") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        raise _refuse(f"malformed ({exc})") from None
    return checked


def stored_record(data: Any) -> Record:
    """A record read back from the database. Uploads stored before they were verified may hold a seed or a
    result of any JSON shape: those read as absent, so an old replay still shows (never a 500)."""
    try:
        return Record.from_json(data)
    except RecordError:
        if not isinstance(data, dict):
            raise
        legacy = dict(data)
        if not isinstance(legacy.get("seed"), int) or isinstance(legacy.get("seed"), bool):
            legacy["seed"] = None
        if not isinstance(legacy.get("result"), dict):
            legacy["result"] = None
        if not isinstance(legacy.get("final_digest"), str):
            legacy["final_digest"] = None
        return Record.from_json(legacy)


def clock_at(record: Record, step: int) -> dict[str, Any] | None:
    """The clocks after ``step`` actions of a record that kept time: each seat's seconds left (its allowance
    until its first decision), for the replay page; None for a record without a clock."""
    if record.clock is None:
        return None
    try:
        control = TimeControl.from_stored(record.clock["time_control"])
    except (KeyError, TypeError, ValueError):
        return None
    remaining = [control.base] * record.players
    for entry in record.clock["times"][:step]:
        if entry is not None and 0 <= int(entry[0]) < record.players:
            remaining[int(entry[0])] = float(entry[2])
    clock = Clock(tuple(remaining), timeouts=(0,) * record.players)
    return {"time_control": control.to_json(), "clock": clock.shown(control, 0.0)}


class Replays:
    def __init__(self, store: Store, master: Master, settings: Settings) -> None:
        self.store = store
        self.master = master
        self.settings = settings
        self._records: OrderedDict[str, Record] = OrderedDict()
        #: A finished table's steps a bot played for a late player (a record does not say who moved).
        self._timeouts: dict[str, frozenset[int]] = {}

    async def upload(self, user: UserPublic, data: Any) -> str:
        record = await anyio.to_thread.run_sync(check_record, data)
        replay_id = "r" + secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = self.settings.clock()
        stored = record.to_json()

        def write(session: Session) -> None:
            session.add(
                Replay(
                    id=replay_id,
                    game=record.game,
                    uploader_id=user.id,
                    record=stored,
                    steps=len(record.actions),
                    created_at=now,
                )
            )

        await self.store.write(write)
        return replay_id

    async def _record(self, replay_id: str) -> Record:
        cached = self._records.get(replay_id)
        if cached is not None:
            self._records.move_to_end(replay_id)
            return cached

        def read(session: Session) -> tuple[str, dict[str, Any] | None]:
            replay = session.get(Replay, replay_id)
            if replay is not None:
                return "replay", replay.record
            table = session.get(GameTable, replay_id)
            if table is None:
                return "none", None
            return ("table", None) if table.status == FINISHED else ("unfinished", None)

        kind, data = await self.store.read(read)
        if kind == "none":
            raise ApiError(404, f"no replay {replay_id!r}")
        if kind == "unfinished":
            raise ApiError(409, "this game is not finished; its replay opens when it ends")
        if kind == "table":
            live = await self.master.live_table(replay_id)
            data = await self.master.record(live)
            self._timeouts[replay_id] = frozenset(
                i for i, (_s, by) in enumerate(live.meta) if by == BY_TIMEOUT
            )
        assert data is not None
        try:
            record = stored_record(data)
        except RecordError as exc:
            raise ApiError(422, f"this stored record cannot be read: {exc}") from None
        self._records[replay_id] = record
        while len(self._records) > 64:
            dropped, _record = self._records.popitem(last=False)
            self._timeouts.pop(dropped, None)
        return record

    async def record_json(self, replay_id: str) -> dict[str, Any]:
        """The record as it was checked and stored (or as the finished table wrote it), to download again."""
        return (await self._record(replay_id)).to_json()

    async def view(self, replay_id: str, step: int | None) -> dict[str, Any]:
        """The spectator's table model at ``step`` (default: the end) and the replay's metadata."""
        record = await self._record(replay_id)
        total = len(record.actions)
        if step is None:
            step = total
        if not 0 <= step <= total:
            raise ApiError(422, f"step must be between 0 and {total}")

        def build() -> dict[str, Any]:
            # Checked when it was uploaded (or written by the master): showing a step needs no second check.
            state = record.replay(games.REGISTRY, upto=step, log=True, check_chance=False)
            names = record_names(record, state)
            model = table_model(state, None, names, self._timeouts.get(replay_id, frozenset()))
            result = record.result
            ended_early = result is not None and (
                result.get("forfeit") is not None or result.get("abandoned")
            )
            if step == total and result is not None and ended_early:
                # A forfeit is no action: the last step shows the result as the table did (master.seat_model).
                model.update(
                    finished=True,
                    to_move=None,
                    scores=result.get("scores"),
                    places=result.get("places"),
                    breakdown=result.get("breakdown"),
                    end_reason=end_reason_words(result, names),
                    end_text=end_words(result, names),
                    forfeit=result.get("forfeit"),
                )
            model["replay"] = {
                "id": replay_id,
                "game": record.game,
                "title": state.game.title,
                "step": step,
                "steps": total,
                "names": names,
                "players": record.players,
                "options": record.options,
                "result": record.result,
                "end_text": end_words(result, names) if result is not None else None,
                "record_url": f"/api/replays/{replay_id}/record",
                "clock": clock_at(record, step),
            }
            return model

        try:
            return await anyio.to_thread.run_sync(build)
        except HellenikaError as exc:
            raise ApiError(422, f"this record does not replay: {exc}") from None
