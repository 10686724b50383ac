"""The plain-words log of what happened, for every user interface.

Games emit events while applying actions, but only when the state keeps a log (states cloned for search do
not, so bots pay nothing for it). Event text names participants with ``{p0}``, ``{p1}``... placeholders so
that
each interface can substitute its own names (user names on the server, "Player 1" in the terminal).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. ``step`` is the index (in the history) of the action that caused it.

    ``audience`` limits who may read it (e.g. the seat that drew a secret card); None means everyone. A game
    that logs a secret emits a private line for the audience and a public one ("drew a card") for the rest.
    The public half may leave out the seats that read the secret in full (:func:`everyone_but`), so they read
    one line ("was dealt a Zeus card (it is Storm)"), not two.
    """

    step: int
    text: str
    actor: int | None = None
    audience: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.audience is None:
            return True
        if self.is_public_half:  # every reader but the excluded seats, spectators included
            return seat is None or ~seat not in self.audience
        return seat is not None and seat in self.audience

    @property
    def is_public_half(self) -> bool:
        """A line for everyone but the seats that read the secret in full (see :func:`everyone_but`)."""
        return bool(self.audience) and self.audience[0] < 0  # type: ignore[index]

    def render(self, names: Sequence[str]) -> str:
        return render_names(self.text, names)

    def to_json(self) -> dict[str, object]:
        return {"step": self.step, "text": self.text, "actor": self.actor, "audience": self.audience}


def everyone_but(*seats: int) -> tuple[int, ...]:
    """The audience of the public half of a secret: every reader (spectators too) except ``seats``, who read
    a fuller line of their own. Written as the seats' complements (``~seat``, negative), so an audience stays
    a tuple of ints wherever events are stored."""
    return tuple(~seat for seat in seats)


def render_names(text: str, names: Sequence[str]) -> str:
    """Replace ``{p0}``-style placeholders (in event text and action labels) with names."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if index < len(names) else f"Player {index + 1}"

    return _PLACEHOLDER.sub(name, text)


def who(participant: int) -> str:
    """The placeholder for a participant's name in event text."""
    return f"{{p{participant}}}"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 coin``, ``2 coins``, ``0 coins``: a count and its noun in agreement (``many``: irregular)."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"
