"""``Msg``: a sentence to show someone, as a message id and named parameters, in no language yet.

Game logs, choices, errors and results are built as ``Msg`` values and rendered only when a reader's language
is known (:func:`hellenika.i18n.render`), so two players at one table each read their own language and what
is stored (records, logs) stays language-neutral. A ``Msg`` is hashable, comparable and JSON-serialisable
(``to_json`` / ``from_json``); a parameter is an int, a float, a string (names, component ids, the ``{p0}``
placeholders of :mod:`hellenika.engine.events`), a nested ``Msg`` (rendered in the same language: a
component's name, a counted phrase) or a tuple of those (rendered as a list in the reader's language).

The marker :func:`_m` is what the extraction command looks for, so message ids are written literally in the
code (``_m("hercules.illegal.labour_done", n=3)``); ids are dotted keys (the lichess model), the English
sentence lives in the English catalogue like every other language's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

Param: TypeAlias = "int | float | str | Msg | tuple[Param, ...]"

LITERAL = "="
"""The id of a literal: text shown as it is in every language (a name, a notation), never a sentence."""


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id and its named parameters (sorted by name, so equal messages compare equal)."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def args(self) -> dict[str, Param]:
        return dict(self.params)

    @classmethod
    def literal(cls, text: str) -> Msg:
        """Text the same in every language (a notation, a user's name); not a translatable sentence."""
        return cls(LITERAL, (("text", text),))

    @property
    def is_literal(self) -> bool:
        return self.id == LITERAL

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError("a message is a JSON object with a string 'id'")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise ValueError("a message's 'params' is a JSON object")
        return cls(data["id"], tuple(sorted((str(k), _param_from_json(v)) for k, v in params.items())))


def _m(msg_id: str, /, **params: Param) -> Msg:
    """Build a message; the extraction command collects the literal ids of every call."""
    return Msg(msg_id, tuple(sorted(params.items())))


def _mn(msg_id: str, /, n: int, **params: Param) -> Msg:
    """Build a message with plural forms, chosen by the count ``n`` (gettext's ``msgid_plural`` entries)."""
    return Msg(msg_id, tuple(sorted({**params, "n": n}.items())))


def _param_json(value: Param) -> Any:
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, tuple):
        return [_param_json(v) for v in value]
    return value


def _param_from_json(value: Any) -> Param:
    if isinstance(value, Mapping) and "msg" in value:
        return Msg.from_json(value["msg"])
    if isinstance(value, list):
        return tuple(_param_from_json(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"a message parameter is a number, a string, a message or a list, not {value!r}")
    return value
