"""A table's time: the time control chosen when it was created, and the clock the server runs.

Three ways to keep time, as the sites these games are played on do:

- ``live``: a Fischer clock (lichess): every seat starts with ``base`` seconds and gets ``increment`` more at
  the end of each of its turns; BGA's real-time speeds are the same with a ``cap`` (never more than the
  start).
- ``bank``: BGA's turn-based "N moves a day": a bank of ``base`` seconds that gains ``increment`` (24 / N
  hours) at the end of each turn, never above ``cap``.
- ``per-move``: correspondence, lichess's "N days per move": every turn starts with ``base`` seconds.
- ``none``: no clock (unrated tables among friends).

:class:`Clock` is the running state, stored with the table (JSON) so that a restart, or the loss of the
process that served the table, neither loses nor counts twice any time, and every process reads the same.
The seat to move's time runs from ``since``; the others' stand still. Only a person's time runs: a bot's turn,
chance and the timeout bot's turn run no clock. The arithmetic of a move is the round's
(server/round/clocks.py); this module holds the data, its JSON and how a viewer is shown it.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

NONE, LIVE, BANK, PER_MOVE = "none", "live", "bank", "per-move"
KINDS = (NONE, LIVE, BANK, PER_MOVE)

#: A live clock is marked low in its last 10 % of the starting time, and always in its last 30 seconds.
LOW_SHARE = 0.10
LOW_LIVE_SECONDS = 30.0
#: A turn-based clock is marked low (and the turn e-mail says so) in its last 12 hours (the last half of an
#: allowance shorter than a day).
LOW_TURN_BASED_SECONDS = 12 * 3600.0


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How a table keeps time (seconds throughout)."""

    kind: str
    base: float = 0.0
    increment: float = 0.0
    cap: float | None = None

    @property
    def clocked(self) -> bool:
        return self.kind != NONE

    @property
    def turn_based(self) -> bool:
        return self.kind in (BANK, PER_MOVE)

    def label(self) -> str:
        """Short words for the lobby and the table: "10+5", "1 move a day", "2 days a move", "no clock"."""
        if self.kind == LIVE:
            return f"{_number(self.base / 60)}+{_number(self.increment)}"
        if self.kind == BANK:
            per_day = round(86400 / self.increment) if self.increment > 0 else 0
            return f"{per_day} move{'s' if per_day != 1 else ''} a day"
        if self.kind == PER_MOVE:
            hours = self.base / 3600
            if hours >= 24 and hours % 24 == 0:
                days = hours / 24
                return f"{_number(days)} day{'s' if days != 1 else ''} a move"
            return f"{_number(hours)} hour{'s' if hours != 1 else ''} a move"
        return "no clock"

    def low(self, remaining: float) -> bool:
        """Whether ``remaining`` seconds is little enough to warn about."""
        if self.kind == LIVE:
            return remaining <= max(LOW_LIVE_SECONDS, LOW_SHARE * self.base)
        if self.turn_based:  # the last 12 hours, or the last half of a shorter allowance
            return remaining <= min(LOW_TURN_BASED_SECONDS, 0.5 * (self.cap or self.base))
        return False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "base_seconds": self.base,
            "increment_seconds": self.increment,
            "cap_seconds": self.cap,
            "label": self.label(),
        }

    def stored(self) -> dict[str, Any]:
        return {"kind": self.kind, "base": self.base, "increment": self.increment, "cap": self.cap}

    @classmethod
    def from_stored(cls, data: dict[str, Any] | None, deadline_hours: float | None = None) -> TimeControl:
        """The table's time control from its column; a table made before clocks existed keeps its deadline
        in hours a move (``deadline_hours``), which is a per-move clock."""
        if data:
            return cls(
                str(data["kind"]), float(data["base"]), float(data["increment"]), _maybe(data.get("cap"))
            )
        if deadline_hours is not None:
            return cls(PER_MOVE, deadline_hours * 3600.0)
        return cls(NONE)


NO_CLOCK = TimeControl(NONE)


def turn_token(turn: tuple[int, Hashable]) -> str:
    """A turn (``State.current_turn()``: its owner and the game's turn key) as text that can be stored and
    compared: tuples and lists of numbers write the same."""
    return json.dumps(turn, separators=(",", ":"), default=list)


@dataclass(frozen=True, slots=True)
class Clock:
    """The running clock of a table: seconds left per seat (for the running seat, as of ``since``)."""

    remaining: tuple[float, ...]
    running: int | None = None
    since: float | None = None
    #: The turn in progress (its token), whoever plays it.
    turn: str | None = None
    #: Turns a seat ran out of time in (played by the timeout bot or decided by the others).
    timeouts: tuple[int, ...] = field(default_factory=tuple)
    #: A live table's seat whose time ran out, while the others decide what happens.
    expired: int | None = None
    #: The timed-out turn the timeout bot plays (its token) and the seat it plays for; None once that turn is
    #: over (the late seat's decisions in it are the bot's, a reaction of another seat inside it is not).
    bot_turn: str | None = None
    bot_seat: int | None = None

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (less than 0 once it has run out)."""
        remaining = self.remaining[seat]
        if seat == self.running and self.since is not None:
            remaining -= max(0.0, now - self.since)
        return remaining

    def deadline(self) -> float | None:
        """When the running seat runs out, or None when no person's time runs."""
        if self.running is None or self.since is None:
            return None
        return self.since + self.remaining[self.running]

    def with_changes(self, **changes: Any) -> Clock:
        return replace(self, **changes)

    def stored(self) -> dict[str, Any]:
        return {
            "remaining": list(self.remaining),
            "running": self.running,
            "since": self.since,
            "turn": self.turn,
            "timeouts": list(self.timeouts),
            "expired": self.expired,
            "bot_turn": self.bot_turn,
            "bot_seat": self.bot_seat,
        }

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Clock:
        remaining = tuple(float(x) for x in data["remaining"])
        return cls(
            remaining=remaining,
            running=data.get("running"),
            since=_maybe(data.get("since")),
            turn=data.get("turn"),
            timeouts=tuple(int(x) for x in data.get("timeouts") or [0] * len(remaining)),
            expired=data.get("expired"),
            bot_turn=data.get("bot_turn"),
            bot_seat=data.get("bot_seat"),
        )

    def shown(self, control: TimeControl, now: float) -> dict[str, Any]:
        """The ``clock`` of the table JSON: each seat's seconds left at the server's ``now`` (a page counts
        the running one down from the moment it reads this), who is running, and who is low."""
        left = [round(max(0.0, self.left(seat, now)), 3) for seat in range(len(self.remaining))]
        return {
            "remaining": left,
            "running": self.running,
            "low": [control.low(seconds) for seconds in left],
            "timeouts": list(self.timeouts),
            "expired": self.expired,
        }


def _maybe(value: Any) -> float | None:
    return None if value is None else float(value)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


#: Live speeds per game, (base minutes, increment seconds) each, sized by the game's usual length: turns per
#: seat in a game of the medium bots (measured: Hercules 13, Hellas 16-22, Attika 21-28, Peloponnes 12-16,
#: Hellas (Delonge) about 100), so that a "normal" game takes each seat about 10 + turns x 10 s minutes and
#: the long Delonge game, with a smaller increment, about as long.
LIVE_PRESETS: dict[str, dict[str, tuple[float, float]]] = {
    "default": {"fast": (5, 5), "normal": (10, 10), "slow": (20, 20)},
    "hellas_delonge": {"fast": (5, 3), "normal": (10, 5), "slow": (20, 10)},
}
#: Turn-based: BGA's "N moves a day" banks (the bank starts at, and never grows past, 3 days' bonuses) and
#: correspondence days a move.
MOVES_PER_DAY = (1, 2, 3)
DAYS_PER_MOVE = (1, 2, 3, 7)
#: A rated turn-based table without a time control of its own gets this many days a move.
DEFAULT_DAYS_PER_MOVE = 3


def live_presets(game: str) -> dict[str, TimeControl]:
    """The live speeds offered for ``game``, by name."""
    presets = LIVE_PRESETS.get(game, LIVE_PRESETS["default"])
    return {name: TimeControl(LIVE, minutes * 60.0, seconds) for name, (minutes, seconds) in presets.items()}


def bank(moves_per_day: int) -> TimeControl:
    """BGA's turn-based speed: ``24 / moves_per_day`` hours a turn, banked up to three turns' worth."""
    bonus = 86400.0 / moves_per_day
    return TimeControl(BANK, 3 * bonus, bonus, 3 * bonus)


def per_move(hours: float) -> TimeControl:
    return TimeControl(PER_MOVE, hours * 3600.0)


def presets(game: str) -> dict[str, list[dict[str, Any]]]:
    """Every preset for the lobby's form: live speeds, moves a day, days a move."""
    return {
        "live": [{"name": name, **c.to_json()} for name, c in live_presets(game).items()],
        "bank": [{"moves_per_day": n, **bank(n).to_json()} for n in MOVES_PER_DAY],
        "per-move": [{"days": d, **per_move(24.0 * d).to_json()} for d in DAYS_PER_MOVE],
    }


def default_control(game: str, mode: str, rated: bool) -> TimeControl:
    """The time control of a table created without one: a rated table always has a clock (the game's normal
    live speed, or days a move), an unrated one has none."""
    if not rated:
        return NO_CLOCK
    if mode == "live":
        return live_presets(game)["normal"]
    return per_move(24.0 * DEFAULT_DAYS_PER_MOVE)
