"""Replays: uploaded records (checked by replaying them before they are stored) and finished tables, shown
step by step as the spectator's table model.

A replay id is either an uploaded record's id or a finished table's id; both answer the same shape.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from typing import Any

import anyio.to_thread
from sqlalchemy.orm import Session

from hellenika import games
from hellenika.engine.errors import HellenikaError
from hellenika.engine.record import Record
from hellenika.engine.state import State
from hellenika.server.accounts import UserPublic
from hellenika.server.config import Settings
from hellenika.server.errors import ApiError
from hellenika.server.master import Master
from hellenika.server.store import Store
from hellenika.server.store.models import GameTable, Replay
from hellenika.server.tables import FINISHED
from hellenika.web.model import table_model

#: An uploaded record may hold at most this many actions (the longest real games hold a few thousand).
MAX_ACTIONS = 50_000


def record_names(record: Record, state: State) -> list[str]:
    return [str(s) for s in record.seats[: record.players]] + state.participant_names()[record.players :]


def check_record(data: Any) -> Record:
    """Parse and fully replay a record; raise 422 saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ApiError(422, "a record is a JSON object (the CLI's --record file)")
    try:
        record = Record.from_json(data)
        if len(record.actions) > MAX_ACTIONS:
            raise ApiError(422, f"a record may hold at most {MAX_ACTIONS} actions")
        if not all(isinstance(a, dict) for a in record.actions):
            raise ApiError(422, "every action of a record is a JSON object")
        record.replay(games.REGISTRY, log=False)
    except HellenikaError as exc:
        raise ApiError(422, f"this record does not replay: {exc}") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        raise ApiError(422, f"this record does not replay: malformed ({exc})") from None
    return record


class Replays:
    def __init__(self, store: Store, master: Master, settings: Settings) -> None:
        self.store = store
        self.master = master
        self.settings = settings
        self._records: OrderedDict[str, Record] = OrderedDict()

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
            data = self.master.record(live)
        assert data is not None
        record = Record.from_json(data)
        self._records[replay_id] = record
        while len(self._records) > 64:
            self._records.popitem(last=False)
        return record

    async def record_json(self, replay_id: str) -> dict[str, Any]:
        """The record itself, as uploaded (or as the finished table wrote it), to download again."""
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
            state = record.replay(games.REGISTRY, upto=step, log=True)
            names = record_names(record, state)
            model = table_model(state, None, names)
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
                "record_url": f"/api/replays/{replay_id}/record",
            }
            return model

        try:
            return await anyio.to_thread.run_sync(build)
        except HellenikaError as exc:
            raise ApiError(422, f"this record does not replay: {exc}") from None
