"""The error classes every part of Hellenika raises and catches.

They are narrow on purpose (the python-chess model): a caller can tell malformed input (``InvalidAction``)
from a well-formed move that the rules forbid here (``IllegalAction``), from a move by the wrong seat
(``NotYourTurn``). The server maps each class to one HTTP status in one place.
"""

from __future__ import annotations


class HellenikaError(Exception):
    """Base class of every error raised on purpose by Hellenika."""


class InvalidAction(HellenikaError, ValueError):
    """The input does not describe an action of this game at all (bad JSON, unknown kind, wrong field)."""


class IllegalAction(HellenikaError):
    """A well-formed action that the rules do not allow in the current state.

    ``rule`` names the rules section broken, e.g. ``"hercules §4.3"``; the message says why in plain words.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message


class NotYourTurn(IllegalAction):
    """An action submitted for a seat that is not the one to decide."""

    def __init__(self, seat: int, expected: int) -> None:
        who = "chance" if expected < 0 else f"seat {expected}"
        super().__init__("turn order", f"seat {seat} may not act now; it is {who} to decide")
        self.seat = seat
        self.expected = expected


class GameOver(IllegalAction):
    """An action applied to a finished game."""

    def __init__(self) -> None:
        super().__init__("game over", "the game has ended; no more actions are accepted")


class InvalidOption(HellenikaError, ValueError):
    """A game option or player count that the game does not support."""


class RecordError(HellenikaError, ValueError):
    """A game record that cannot be read or does not replay."""


class UnknownGame(HellenikaError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
