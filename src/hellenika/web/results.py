"""Why a game ended, in plain words: the one place that says it, for the table model (the score table and
the winner line), the ``table`` JSON (lobby cards, my games), the records and the replays (docs/WEB.md,
"End reasons"). Pages only display these words.

A result is the ``result`` object of a finished table (or of a record): ``places`` per participant, and for
a game a seat forfeited ``forfeit`` (the seat) and ``reason`` (``"timeout"`` or ``"resigned"``); a game a
safety net of the engine ended has ``end_reason`` (``State.end_reason``, e.g. "ended by the stall rule after
12 turns (...)").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Added to a log line whose action a bot made for a late player (the master's ``by == "timeout"``).
TIMEOUT_MARK = " (played by the timeout bot)"


def _name(names: Sequence[str], index: int) -> str:
    return names[index] if 0 <= index < len(names) else f"Player {index + 1}"


def winner_words(places: Sequence[int] | None, names: Sequence[str]) -> str:
    """The winner line: "bob wins.", "ann and bob share first place." or "The game is over."."""
    winners = [_name(names, i) for i, place in enumerate(places or []) if place == 1]
    if not winners:
        return "The game is over."
    if len(winners) == 1:
        return f"{winners[0]} wins."
    return f"{' and '.join(winners)} share first place."


#: What a forfeit's reason says of the seat: a deadline passed, the player resigned, an admin removed them
#: from a stuck game (server/mod/service.py).
FORFEIT_VERBS = {
    "timeout": "lost on time",
    "resigned": "resigned",
    "removed": "was removed by the server's admin",
}


def forfeit_words(seat: int, reason: str | None, names: Sequence[str]) -> str:
    """A forfeit in words: "alice lost on time" (a deadline passed), "alice resigned", "alice was removed by
    the server's admin"."""
    return f"{_name(names, seat)} {FORFEIT_VERBS.get(reason or '', 'resigned')}"


def end_reason_words(result: Mapping[str, Any] | None, names: Sequence[str]) -> str | None:
    """Why the game ended when it was not the game's own end: a forfeit's words, or the safety net's."""
    if not result:
        return None
    forfeit = result.get("forfeit")
    if isinstance(forfeit, int) and not isinstance(forfeit, bool):
        return forfeit_words(forfeit, result.get("reason"), names)
    reason = result.get("end_reason")
    return reason if isinstance(reason, str) and reason else None


#: A game every player agreed to abandon (server/round/endings.py): no winner, never rated.
ABANDONED_WORDS = "The players agreed to abandon the game; nobody wins."


def end_words(result: Mapping[str, Any] | None, names: Sequence[str]) -> str | None:
    """The one line that says how a finished game ended: "alice lost on time; bob wins.", "bob resigned;
    ann wins.", "ann wins. The game ended by the stall rule after 12 turns (...).", an abandoned game's
    words, or the winner line."""
    if not result:
        return None
    if result.get("abandoned"):
        return ABANDONED_WORDS
    places = result.get("places")
    winner = winner_words(places if isinstance(places, list) else None, names)
    forfeit = result.get("forfeit")
    why = end_reason_words(result, names)
    if why is None:
        return winner
    if isinstance(forfeit, int) and not isinstance(forfeit, bool):
        return f"{why}; {winner}"
    return f"{winner} The game {why}."
