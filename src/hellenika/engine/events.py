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
from typing import Any

from hellenika.i18n import ENGLISH, Msg, render

_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. ``step`` is the index (in the history) of the action that caused it.

    ``audience`` limits who may read it (e.g. the seat that drew a secret card); None means everyone. A game
    that logs a secret emits a private line for the audience and a public one ("drew a card") for the rest.
    The public half may leave out the seats that read the secret in full (:func:`everyone_but`), so they read
    one line ("was dealt a Zeus card (it is Storm)"), not two.

    ``msg`` is the line as a message, rendered for each reader in their language; ``text`` is its English
    rendering (kept so that what was stored before messages existed, and English readers, need nothing else).
    """

    step: int
    text: str
    actor: int | None = None
    audience: tuple[int, ...] | None = None
    msg: Msg | None = None

    @classmethod
    def of(cls, step: int, line: str | Msg, actor: int | None, audience: tuple[int, ...] | None) -> Event:
        """An event from a message (or a plain string, taken as English text for every language)."""
        if isinstance(line, Msg):
            return cls(step, render(line, ENGLISH), actor, audience, line)
        return cls(step, line, actor, audience)

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

    def render(self, names: Sequence[str], lang: str = ENGLISH) -> str:
        return render_names(self.words(lang), names)

    def words(self, lang: str = ENGLISH) -> str:
        """The line in ``lang``, participants still as ``{p0}`` placeholders."""
        if self.msg is None or lang == ENGLISH:
            return self.text
        return render(self.msg, lang)

    def to_json(self) -> dict[str, object]:
        out: dict[str, Any] = {"step": self.step, "text": self.text, "actor": self.actor}
        out["audience"] = self.audience
        if self.msg is not None:
            out["msg"] = self.msg.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        msg = data.get("msg")
        return cls(
            int(data["step"]),
            str(data["text"]),
            data.get("actor"),
            tuple(audience) if audience else None,
            Msg.from_json(msg) if msg else None,
        )


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
