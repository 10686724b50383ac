"""What people see: each seat's own table model, built per seat and handed to that seat's sockets only.

A model is built for every seat that has an open connection (``None``: spectators) and offered to the
connections of that seat alone, so hidden information never reaches another seat's socket. The mixin is part
of :class:`hellenika.server.round.master.Master`.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread

from hellenika.engine.state import State
from hellenika.server.core.hub import dumps, dumps_bytes
from hellenika.server.round.live import LiveTable, MasterBase
from hellenika.server.round.moves import BY_USER, names_of
from hellenika.server.round.views import LogCache, cached_table_model
from hellenika.server.tables import FINISHED, PLAYING, TableInfo
from hellenika.web.results import end_reason_words, end_words


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
    ended_early = result is not None and (result.get("forfeit") is not None or result.get("abandoned"))
    if info.status == FINISHED and result is not None and ended_early:
        model.update(
            finished=True,
            to_move=None,
            legal=[],
            scores=result["scores"],
            places=result["places"],
            breakdown=state.score_breakdown(),
            # The scores at the time, with why it ended ("alice lost on time"): never a bare "bob wins".
            end_reason=end_reason_words(result, names),
            end_text=end_words(result, names),
            forfeit=result["forfeit"],
        )
    return model


def payload(model_text: str, table: dict[str, Any], kind: str = "state") -> str:
    """``{"type": kind, ...model..., "table": table}`` spliced from an already serialised model."""
    return f'{{"type":"{kind}",{model_text[1:-1]},"table":{dumps(table)}}}'


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


class Pushes(MasterBase):
    """Building and pushing the models (a part of the master)."""

    async def model(self, live: LiveTable, user_id: int | None) -> bytes:
        """The serialised model for a user (their seat's, or the spectator's) with the ``table``."""
        info, state = live.info, live.state

        def build() -> bytes:
            last = live.meta[-1] if live.meta else None
            model = seat_model(info, state, names_of(info, state), info.seat_of(user_id), live.log, last)
            model["table"] = info.to_json(user_id, self.settings.clock())
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
        now = self.settings.clock()
        for connection in self.hub.connections(info.id):
            text = texts.get(info.seat_of(connection.user_id))
            if text is None:
                missing = True
                continue
            connection.offer(payload(text, info.to_json(connection.user_id, now)), info.version)
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
        """Push the table JSON alone (a table still being set up: joins, leaves), here and, through the
        fan-out, in the other processes."""
        self.offer_table(info)
        self.announce(info)

    def offer_table(self, info: TableInfo) -> None:
        """Push the table JSON alone to this process's connections."""
        now = self.settings.clock()
        for connection in self.hub.connections(info.id):
            connection.offer(
                dumps({"type": "table", "table": info.to_json(connection.user_id, now)}), info.version
            )
