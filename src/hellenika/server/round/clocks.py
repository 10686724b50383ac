"""The clock's arithmetic: what a move, a game's start and a timeout do to a table's clock (pure functions).

The rules, the same for every time control (server/tables/clock.py):

- Time runs only for a person who must decide: from ``since`` (the moment their turn reached them, or their
  previous decision of the same turn was received) to the receipt of their next decision. A bot's turn,
  chance (resolved in the same commit as the move before it) and a turn the timeout bot plays run no clock.
- A turn is the game's (``State.current_turn``: its owner and key): at its end the seat that ended it gets
  its bonus: the increment (live, capped where the control has a cap), the bank's bonus (never above the
  cap), or a full new allowance (per move). Several decisions of one turn earn one bonus, and a seat that
  takes two turns in a row (Hercules' Pegasus, a solo game) earns two. A reaction inside another seat's turn
  (Hellas (Delonge)) runs the reacting seat's time and earns nothing.
- When a seat runs out, the turn is marked: the timeout bot plays exactly that turn (``bot_turn``), or at a
  live table the others first decide (``expired``); the mark ends with the turn.
"""

from __future__ import annotations

from collections.abc import Callable

from hellenika.engine.state import State
from hellenika.server.tables import BANK, LIVE, PER_MOVE, Clock, TimeControl, turn_token


def bonus(control: TimeControl, remaining: float) -> float:
    """A seat's time after the end of one of its turns."""
    if control.kind == PER_MOVE:
        return control.base
    grown = max(0.0, remaining) + control.increment
    if control.kind == BANK or (control.kind == LIVE and control.cap is not None):
        cap = control.cap if control.cap is not None else control.base
        return min(grown, cap)
    return grown


def current_token(state: State) -> str | None:
    """The token of the turn in progress, or None at the end of the game."""
    return turn_token(state.current_turn()) if state.current_player() >= 0 else None


def bot_plays(clock: Clock | None, state: State) -> bool:
    """Whether the decision in progress is one the timeout bot makes: the late seat's, in its timed-out turn
    (another seat's reaction inside that turn is that seat's own)."""
    if clock is None or clock.bot_turn is None:
        return False
    return clock.bot_seat == state.current_player() and clock.bot_turn == current_token(state)


def start(
    control: TimeControl, players: int, state: State, is_person: Callable[[int], bool], now: float
) -> Clock:
    """The clock at the start of a game: every seat's allowance, the first person's time running."""
    clock = Clock(remaining=(control.base,) * players, timeouts=(0,) * players)
    return _run_for(clock, state, is_person, now, continuing=False)


def after_decision(
    control: TimeControl,
    clock: Clock,
    seat: int,
    received: float,
    after: State,
    is_person: Callable[[int], bool],
    now: float,
) -> tuple[Clock, float | None]:
    """The clock after ``seat``'s decision received at ``received`` (and the chance that followed) led to
    ``after``; answers it and the seconds the decision cost the seat (None: no time of theirs ran)."""
    remaining = list(clock.remaining)
    spent = None
    if clock.running == seat and clock.since is not None:
        spent = max(0.0, received - clock.since)
        remaining[seat] -= spent
    token = current_token(after)
    changed = clock.with_changes(remaining=tuple(remaining))
    if token != clock.turn:  # the turn is over: its bonus, and no mark of it stays
        if is_person(seat):
            remaining[seat] = bonus(control, remaining[seat])
        changed = changed.with_changes(remaining=tuple(remaining), expired=None, bot_turn=None, bot_seat=None)
    elif clock.expired == seat:  # the late player came back and moved while the others were deciding
        changed = changed.with_changes(expired=None)
    if token == clock.turn and after.current_player() == seat and clock.running == seat:  # the seat goes on
        changed = changed.with_changes(since=received)
        return _run_for(changed, after, is_person, received, continuing=True), spent
    return _run_for(changed, after, is_person, now, continuing=False), spent


def _run_for(
    clock: Clock, state: State, is_person: Callable[[int], bool], now: float, *, continuing: bool
) -> Clock:
    """Whose time runs now: the person to decide, unless the timeout bot plays their turn or the table waits
    for the others' decision about an expired seat."""
    seat = state.current_player()
    token = current_token(state)
    runs = seat >= 0 and is_person(seat) and clock.expired is None and not bot_plays(clock, state)
    if not runs:
        return clock.with_changes(running=None, since=None, turn=token)
    if continuing and clock.running == seat:
        return clock.with_changes(turn=token)
    return clock.with_changes(running=seat, since=now, turn=token)


def timed_out(clock: Clock, seat: int, *, ask_others: bool) -> Clock:
    """The clock once ``seat``'s time has run out in the turn in progress: its time 0, a timeout counted, and
    either the timeout bot marked to play the turn or (``ask_others``) the others asked first."""
    remaining = list(clock.remaining)
    remaining[seat] = 0.0
    timeouts = list(clock.timeouts)
    timeouts[seat] += 1
    changed = clock.with_changes(
        remaining=tuple(remaining), timeouts=tuple(timeouts), running=None, since=None
    )
    if ask_others:
        return changed.with_changes(expired=seat)
    return changed.with_changes(bot_turn=clock.turn, bot_seat=seat)


def let_bot_play(clock: Clock) -> Clock:
    """The others chose to let the timeout bot play the expired seat's turn."""
    return clock.with_changes(expired=None, bot_turn=clock.turn, bot_seat=clock.expired)


def paused(clock: Clock, seconds: float) -> Clock:
    """The running time moved on by ``seconds`` (a vacation the deadline fell in: its days do not count)."""
    if clock.since is None:
        return clock
    return clock.with_changes(since=clock.since + seconds)
