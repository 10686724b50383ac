"""Actions: small immutable values with a text notation and a JSON form.

Every game defines its actions as frozen, slotted dataclasses deriving from :class:`Action`, each with a short
``KIND`` keyword. The notation is ``KIND`` followed by the fields in order (``labour 0 1 +``); it round-trips
through :meth:`ActionCodec.parse`, as python-chess's UCI does. Chance outcomes (dice, draws, shuffles) are
actions too, so a game's record is simply its list of actions.

Field types supported by the codec: ``int``, ``str`` (no spaces), ``bool``, ``tuple[int, ...]``,
``tuple[str, ...]`` and ``X | None`` of those. That keeps every action trivially JSON-serialisable.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from hellenika.engine.errors import InvalidAction

JSONValue = Any
_NONE_TOKEN = "-"


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action; subclasses are frozen slotted dataclasses with a ``KIND``."""

    KIND: ClassVar[str] = ""

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def notation(self) -> str:
        parts = [self.KIND]
        for f in dataclasses.fields(self):
            parts.append(_format_token(getattr(self, f.name)))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()


def _format_token(value: object) -> str:
    if value is None:
        return _NONE_TOKEN
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else "()"
    return str(value)


Converter = Callable[[Any], Any]


def _converter(hint: Any, *, from_text: bool) -> Converter:
    """Build a function that turns a JSON value (or a notation token) into a field value of type ``hint``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        inner = _converter(args[0], from_text=from_text)

        def optional(v: Any) -> Any:
            if v is None or (from_text and v == _NONE_TOKEN):
                return None
            return inner(v)

        return optional
    if origin is tuple:
        item = _converter(typing.get_args(hint)[0], from_text=from_text)

        def to_tuple(v: Any) -> tuple[Any, ...]:
            if from_text:
                v = [] if v == "()" else v.split(",")
            if not isinstance(v, list | tuple):
                raise TypeError("expected a list")
            return tuple(item(x) for x in v)

        return to_tuple
    if hint is bool:

        def to_bool(v: Any) -> bool:
            if from_text:
                if v in ("yes", "true", "1"):
                    return True
                if v in ("no", "false", "0"):
                    return False
                raise ValueError("expected yes or no")
            if not isinstance(v, bool):
                raise TypeError("expected true or false")
            return v

        return to_bool
    if hint is int:

        def to_int(v: Any) -> int:
            if from_text:
                return int(v)
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError("expected an integer")
            return v

        return to_int
    if hint is str:

        def to_str(v: Any) -> str:
            if not isinstance(v, str):
                raise TypeError("expected a string")
            return v

        return to_str
    raise TypeError(f"unsupported action field type {hint!r}")


class ActionCodec:
    """Reads a game's actions back from JSON and from notation; one per game, built from its action types."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        self._fields: dict[str, list[tuple[str, Converter, Converter]]] = {}
        for cls in action_types:
            if not cls.KIND or cls.KIND in self._types:
                raise ValueError(f"action kind {cls.KIND!r} of {cls.__name__} is empty or repeated")
            hints = typing.get_type_hints(cls)
            self._types[cls.KIND] = cls
            self._fields[cls.KIND] = [
                (
                    f.name,
                    _converter(hints[f.name], from_text=False),
                    _converter(hints[f.name], from_text=True),
                )
                for f in dataclasses.fields(cls)
            ]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._types)

    def from_json(self, data: Mapping[str, JSONValue]) -> Action:
        if not isinstance(data, Mapping):
            raise InvalidAction("an action must be a JSON object with a 'kind'")
        kind = data.get("kind")
        cls = self._types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidAction(f"unknown action kind {kind!r}; known kinds: {', '.join(self._types)}")
        fields = self._fields[kind]  # type: ignore[index]
        extra = set(data) - {"kind"} - {name for name, _, _ in fields}
        if extra:
            raise InvalidAction(f"action {kind!r} has no field(s) {', '.join(sorted(extra))}")
        values = {}
        for name, convert, _ in fields:
            if name not in data:
                raise InvalidAction(f"action {kind!r} needs field {name!r}")
            try:
                values[name] = convert(data[name])
            except (TypeError, ValueError) as exc:
                raise InvalidAction(f"action {kind!r}, field {name!r}: {exc}") from None
        return cls(**values)

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if not tokens:
            raise InvalidAction("empty action notation")
        kind, args = tokens[0], tokens[1:]
        cls = self._types.get(kind)
        if cls is None:
            raise InvalidAction(f"unknown action kind {kind!r}; known kinds: {', '.join(self._types)}")
        fields = self._fields[kind]
        if len(args) != len(fields):
            names = " ".join(name for name, _, _ in fields)
            raise InvalidAction(f"'{kind}' takes {len(fields)} argument(s): {kind} {names}".rstrip())
        values = {}
        for (name, _, convert), token in zip(fields, args, strict=True):
            try:
                values[name] = convert(token)
            except (TypeError, ValueError) as exc:
                raise InvalidAction(f"'{kind}', argument {name!r}: {exc}") from None
        return cls(**values)
