"""How a game ends before its rules end it (a part of the master): a forfeit (a player resigns, an admin
removes a seat, time runs out), a timeout the bot plays out, or an agreement to abandon.

When the running seat's clock reaches 0 (the deadline watcher finds it, server/round/deadlines.py):

- the table's rule is ``forfeit``, or the seat has run out ``Settings.max_timeouts`` times: it forfeits;
- at a turn-based table (and at a live one where nobody else is a person): the timeout bot plays exactly that
  turn for the seat (``Clock.bot_turn``), and the seat's clock gets its normal bonus when the turn ends;
- at a live table with other people: they are asked, as on BGA, to let the bot play for the absent seat or
  to end the game with that seat last; nobody answering within ``Settings.timeout_decision_seconds`` lets the
  bot play. The late player may still move meanwhile, which ends the question.

A bot never plays a turn that did not time out: the mark names the turn and ends with it. Every timeout and
forfeit is written down per person (``conduct_events``) for a reputation.

Ending by agreement (Yucata's "cancel game"): every person at the table votes to abandon; the game ends
unrated with no winner, and says so.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy.orm import Session

from hellenika.engine.results import forfeit_places
from hellenika.server.chat import forfeit_line
from hellenika.server.core.errors import ApiError
from hellenika.server.notify import enqueue_for_table
from hellenika.server.people import UserPublic, rate_game
from hellenika.server.round.clocks import let_bot_play, start, timed_out
from hellenika.server.round.live import LiveTable, MasterBase
from hellenika.server.round.moves import update_table
from hellenika.server.store.models import ConductEvent
from hellenika.server.tables import FINISHED, LIVE, PLAYING, USER, Clock, TableInfo
from hellenika.web.results import end_words

BOT, END = "bot", "end"


def conduct(session: Session, info: TableInfo, seat: int, kind: str, now: float) -> None:
    """Write down what a seat's person did (nothing for a bot's seat)."""
    user_id = info.seats[seat].user_id if 0 <= seat < len(info.seats) else None
    if user_id is not None and info.seats[seat].kind == USER:
        session.add(ConductEvent(user_id=user_id, table_id=info.id, kind=kind, created_at=now))


class Endings(MasterBase):
    """Forfeits, timeouts, the others' decision about a late seat, and abandoning by agreement."""

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

    async def remove_seat(self, table_id: str, seat: int | None) -> TableInfo:
        """An admin ends a stuck game: ``seat`` (default: the one to move) forfeits, reason ``removed``."""
        live = await self.live_table(table_id)
        async with live.lock:
            info = live.info
            if info.status != PLAYING:
                raise ApiError(409, "the game is over")
            chosen = info.to_move if seat is None else seat
            if chosen is None or not 0 <= chosen < info.players:
                raise ApiError(422, f"name a seat from 0 to {info.players - 1}: nobody is to move now")
            await self._forfeit(live, chosen, "removed")
            return live.info

    async def _forfeit(self, live: LiveTable, seat: int, reason: str, *, clock: Clock | None = None) -> None:
        """The seat forfeits (``reason``: timeout, resigned, removed) and the game ends with it last.
        ``clock``: the table's clock at that moment (stopped, as shown at the end)."""
        state = live.state
        info = live.info
        now = self.settings.clock()
        clock = clock or info.clock
        if clock is not None:
            left = list(clock.remaining)
            if reason == "timeout":
                left[seat] = 0.0
            clock = clock.with_changes(
                remaining=tuple(left), running=None, since=None, expired=None, bot_turn=None
            )
        places = forfeit_places(state, seat)
        result: dict[str, Any] = {"scores": state.scores(), "places": places, "forfeit": seat}
        result["reason"] = reason
        result["end_text"] = end_words(result, live.names())  # "alice lost on time; bob wins."
        updated = info.with_changes(
            status=FINISHED,
            version=info.version + 1,
            to_move=None,
            turn_deadline=None,
            finished_at=now,
            result=result,
            last_move_at=now,
            clock=clock,
        )
        updated = self._with_rating(updated, live.meta, reason)

        def write(session: Session) -> None:
            update_table(session, info.version, updated)
            conduct(session, info, seat, "forfeit" if reason == "timeout" else reason, now)
            enqueue_for_table(session, info, updated, now)  # notifications, in this transaction
            if updated.result is not None and updated.result["rated"]:
                rate_game(session, updated, places, now)

        await self._write(info.id, write)
        live.info = updated
        self.announce(updated)
        await self.publish(live)
        await forfeit_line(self, info.id, live.names()[seat], reason)  # "alice resigned"

    def clock_of(self, info: TableInfo, live: LiveTable) -> Clock | None:
        """The table's clock; a table that started before clocks existed gets one now, its running seat's
        time counted from the last move."""
        if info.clock is not None or not info.time_control.clocked:
            return info.clock
        since = info.last_move_at or info.started_at or self.settings.clock()
        return start(info.time_control, info.players, live.state, self._is_person(info), since)

    @staticmethod
    def _is_person(info: TableInfo) -> Any:
        return lambda seat: 0 <= seat < len(info.seats) and info.seats[seat].kind == USER

    async def expire(self, live: LiveTable, now: float) -> bool:
        """Act on the table's clock if its time is up (lock held); answers whether a timeout was handled."""
        info = live.info
        clock = self.clock_of(info, live)
        if info.status != PLAYING or clock is None:
            return False
        seat = clock.running
        if seat is None:
            if clock.expired is not None and info.turn_deadline is not None and info.turn_deadline <= now:
                await self._change_clock(live, let_bot_play(clock), None, now)  # nobody answered: the bot
            elif clock.bot_turn is not None:
                self.kick_bots(live)  # the bot's process may have died while it played
            return False
        if clock.left(seat, now) > 0:
            return False
        if await self._vacation_waits(live, seat, now):
            return False
        if info.on_timeout == "forfeit" or clock.timeouts[seat] + 1 >= self.settings.max_timeouts:
            await self._forfeit(live, seat, "timeout", clock=clock)
            return True
        others = [s for s in info.people() if s != seat]
        ask = info.time_control.kind == LIVE and bool(others)
        window = now + self.settings.timeout_decision_seconds if ask else None
        await self._change_clock(live, timed_out(clock, seat, ask_others=ask), window, now, timeout=seat)
        return True

    async def _change_clock(
        self, live: LiveTable, clock: Clock, deadline: float | None, now: float, timeout: int | None = None
    ) -> None:
        """Store a new clock (a new table version, so a move in flight is judged on it), push, kick the
        bot."""
        info = live.info
        updated = info.with_changes(
            version=info.version + 1, clock=clock, turn_deadline=deadline if deadline else clock.deadline()
        )

        def write(session: Session) -> None:
            update_table(session, info.version, updated)
            if timeout is not None:
                conduct(session, info, timeout, "timeout", now)

        await self._write(info.id, write)
        live.info = updated
        self.announce(updated)
        await self.publish(live)
        self.kick_bots(live)

    async def decide_timeout(self, table_id: str, user: UserPublic, decision: str) -> TableInfo:
        """Another person at a live table answers about the seat whose time ran out: ``bot`` lets the
        timeout bot play its turn, ``end`` ends the game with that seat last."""
        live = await self.live_table(table_id)
        async with live.lock:
            info = live.info
            seat = info.seat_of(user.id)
            if seat is None:
                raise ApiError(403, "you have no seat at this table")
            clock = info.clock
            if info.status != PLAYING or clock is None or clock.expired is None:
                raise ApiError(409, "nobody's time has run out here now")
            if clock.expired == seat:
                raise ApiError(403, "the others decide about a player whose time ran out; you can still move")
            if decision == END:
                await self._forfeit(live, clock.expired, "timeout", clock=clock)
            else:
                await self._change_clock(live, let_bot_play(clock), None, self.settings.clock())
            return live.info

    async def vote_abandon(self, table_id: str, user: UserPublic, vote: bool) -> TableInfo:
        """Vote to end the game by agreement (or take the vote back); once every person at the table has
        voted, the game ends unrated with no winner."""
        live = await self.live_table(table_id)
        async with live.lock:
            info = live.info
            seat = info.seat_of(user.id)
            if seat is None:
                raise ApiError(403, "you have no seat at this table")
            if info.status != PLAYING:
                raise ApiError(409, "the game is over")
            votes = set(info.abandon_votes)
            if vote:
                votes.add(seat)
            else:
                votes.discard(seat)
            now = self.settings.clock()
            if set(info.people()) <= votes:
                await self._abandon(live, now)
                return live.info
            updated = info.with_changes(version=info.version + 1, abandon_votes=tuple(sorted(votes)))
            await self._write(info.id, lambda session: update_table(session, info.version, updated))
            live.info = updated
            self.announce(updated)
            await self.publish(live)
            return updated

    async def _abandon(self, live: LiveTable, now: float) -> None:
        info = live.info
        result: dict[str, Any] = {
            "scores": live.state.scores(),
            "places": None,
            "forfeit": None,
            "reason": "abandoned",
            "abandoned": True,
            "rated": False,
            "not_rated": "the players agreed to abandon the game",
        }
        result["end_text"] = end_words(result, live.names())
        clock = info.clock
        updated = info.with_changes(
            status=FINISHED,
            version=info.version + 1,
            to_move=None,
            turn_deadline=None,
            finished_at=now,
            result=result,
            last_move_at=now,
            abandon_votes=tuple(sorted(info.people())),
            clock=None if clock is None else dataclasses.replace(clock, running=None, since=None),
        )

        def write(session: Session) -> None:
            update_table(session, info.version, updated)
            for seat in info.people():
                conduct(session, info, seat, "abandoned", now)

        await self._write(info.id, write)
        live.info = updated
        self.announce(updated)
        await self.publish(live)
