"""The error classes every part of Hellenika raises and catches.

They are narrow on purpose (the python-chess model): a caller can tell malformed input (``InvalidAction``)
from a well-formed move that the rules forbid here (``IllegalAction``), from a move by the wrong seat
(``NotYourTurn``). The server maps each class to one HTTP status in one place.
"""

from __future__ import annotations

from hellenika.i18n import ENGLISH, Msg, _m, render


class HellenikaError(Exception):
    """Base class of every error raised on purpose by Hellenika."""


class InvalidAction(HellenikaError, ValueError):
    """The input does not describe an action of this game at all (bad JSON, unknown kind, wrong field)."""


class IllegalAction(HellenikaError):
    """A well-formed action that the rules do not allow in the current state.

    ``rule`` names the rules section broken, e.g. ``"hercules §4.3"`` (the same in every language); the
    message says why in plain words: a :class:`Msg` (``msg``) that each reader renders in their language,
    with ``reason`` its English text (``str(error)`` is ``"rule: reason"``). A plain string is taken as a
    literal, for messages not in the catalogues.
    """

    def __init__(self, rule: str, message: str | Msg) -> None:
        self.msg = message if isinstance(message, Msg) else Msg.literal(message)
        self.reason = render(self.msg, ENGLISH)
        super().__init__(f"{rule}: {self.reason}")
        self.rule = rule

    def render(self, lang: str) -> str:
        """``rule: reason`` in ``lang``."""
        return f"{self.rule}: {render(self.msg, lang)}"


class NotYourTurn(IllegalAction):
    """An action submitted for a seat that is not the one to decide."""

    def __init__(self, seat: int, expected: int) -> None:
        if expected < 0:
            reason = _m("engine.illegal.not_your_turn_chance", seat=seat)
        else:
            reason = _m("engine.illegal.not_your_turn", seat=seat, expected=expected)
        super().__init__("turn order", reason)
        self.seat = seat
        self.expected = expected


class GameOver(IllegalAction):
    """An action applied to a finished game."""

    def __init__(self) -> None:
        super().__init__("game over", _m("engine.illegal.game_over"))


class InvalidOption(HellenikaError, ValueError):
    """A game option or player count that the game does not support."""


class RecordError(HellenikaError, ValueError):
    """A game record that cannot be read or does not replay."""


class UnknownGame(HellenikaError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
