"""A factored action space: every decision of the flat codec as a short sequence of small choices.

The flat codec (:mod:`hellenika.rl.codec`) numbers every action a game can produce, so Attika has 15,344
decision numbers and Hellas Delonge 3,791, although each of them is only a kind and two or three fields
(``build HOUSE c4``: the kind ``build``, the building, the hex). The factored space numbers the *tokens*:
``(0, kind)`` and ``(i, value)`` for the i-th field's value, shared by every kind with a field there. A
decision becomes a sequence of tokens chosen one at a time among those that still lead to a legal action
(the kind first, then each field), and steps where only one token is possible are taken automatically, so
each step is a real choice. Sizes: Hercules 102 tokens, Hellas 145, Attika 240, Hellas Delonge 205,
Peloponnes 193 (``FactoredCodec.num_tokens``), at most 4 steps per decision.

Chance is not factored: OpenSpiel samples chance by its outcomes' numbers, the flat chance table's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import Any

from hellenika.engine.actions import Action
from hellenika.rl.codec import codec_for

Token = tuple[int, Any]


def tokens_of(action: Action) -> tuple[Token, ...]:
    """The action as its kind and field values, each tagged with its position."""
    values: list[Any] = [action.KIND]
    values.extend(getattr(action, f.name) for f in dataclasses.fields(action))
    return tuple((i, tuple(v) if isinstance(v, list) else v) for i, v in enumerate(values))


def _token_key(token: Token) -> tuple[int, str, str]:
    position, value = token
    return position, type(value).__name__, repr(value)


class FactoredCodec:
    """Token numbers of one game's decisions (see the module docstring)."""

    def __init__(self, game: str) -> None:
        self.game = game
        flat = codec_for(game).decisions
        found: set[Token] = set()
        self.steps_of: dict[Action, tuple[int, ...]] = {}
        for action in flat.actions:
            found.update(tokens_of(action))
        self.tokens: tuple[Token, ...] = tuple(sorted(found, key=_token_key))
        self.number: dict[Token, int] = {t: i for i, t in enumerate(self.tokens)}
        for action in flat.actions:
            self.steps_of[action] = tuple(self.number[t] for t in tokens_of(action))
        self.max_steps = max((len(s) for s in self.steps_of.values()), default=1)

    @property
    def num_tokens(self) -> int:
        return len(self.tokens)

    def steps(self, action: Action) -> tuple[int, ...]:
        """The token numbers of an action (an action not in the flat table is tokenised on the fly)."""
        found = self.steps_of.get(action)
        if found is None:
            found = tuple(self.number[t] for t in tokens_of(action))
        return found

    def candidates(self, legal: Sequence[Action], prefix: Sequence[int]) -> list[Action]:
        """The legal actions whose tokens start with ``prefix``."""
        k = len(prefix)
        return [a for a in legal if self.steps(a)[:k] == tuple(prefix)]

    def options(self, legal: Sequence[Action], prefix: Sequence[int]) -> list[int]:
        """The token numbers that may come next after ``prefix`` (sorted)."""
        k = len(prefix)
        return sorted({self.steps(a)[k] for a in self.candidates(legal, prefix)})

    def advance(self, legal: Sequence[Action], prefix: list[int]) -> Action | None:
        """Take the forced steps after ``prefix`` (appending them to it) and return the action once only one
        candidate is left, else ``None`` (a real choice is next)."""
        while True:
            found = self.candidates(legal, prefix)
            if not found:
                raise ValueError("no legal action starts with these tokens")
            if len(found) == 1:
                return found[0]
            nxt = {self.steps(a)[len(prefix)] for a in found}
            if len(nxt) > 1:
                return None
            prefix.append(nxt.pop())

    def text(self, number: int) -> str:
        position, value = self.tokens[number]
        return f"{value}" if position == 0 else f"[{position}] {value}"


@cache
def factored_codec(game: str) -> FactoredCodec:
    return FactoredCodec(game)


__all__ = ["FactoredCodec", "factored_codec", "tokens_of"]
