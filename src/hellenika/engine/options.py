"""Game options (variants, expansions, levels): declared once per game, validated in one place.

An option has a name, a default and either a closed set of choices or a type (bool or int in a range).
Values may arrive as text from the command line (``--option variant=simplified``) or as JSON from the server;
:func:`validate_options` turns both into a complete, typed dict or raises :class:`InvalidOption` saying why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hellenika.engine.errors import InvalidOption

OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game. ``choices`` for enumerations; otherwise ``kind`` is ``bool`` or ``int``.

    An option may apply only at some player counts (``players``: the lowest and highest) or only with a
    yes/no option on (``needs``: its name). Where it does not apply it keeps its default: the lobby does not
    offer it, a table does not show it, and another value is refused naming it (:meth:`applies`)."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    players: tuple[int, int] | None = None
    needs: str | None = None

    def applies(self, players: int, options: Mapping[str, Any]) -> bool:
        """Whether the option means anything with this many players and these (complete) options."""
        if self.players is not None and not self.players[0] <= players <= self.players[1]:
            return False
        return self.needs is None or options.get(self.needs) is True

    def where(self) -> str:
        """Where it applies, in words: "with 1 player and expansion=true"."""
        parts = []
        if self.players is not None:
            low, high = self.players
            count = str(low) if low == high else f"{low}-{high}"
            parts.append(f"with {count} player{'s' if high > 1 else ''}")
        if self.needs is not None:
            parts.append(f"{self.needs}=true")
        return " and ".join(parts) or "always"

    def coerce(self, raw: Any) -> OptionValue:
        """Turn a raw value (text or JSON) into this option's type, or raise InvalidOption."""
        if self.choices:
            if not isinstance(raw, str) or raw not in self.choices:
                raise InvalidOption(
                    f"option {self.name!r} must be one of {', '.join(self.choices)}; got {raw!r}"
                )
            return raw
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(raw, str) and raw.lower() in ("false", "no", "0", "off"):
                return False
            raise InvalidOption(f"option {self.name!r} must be true or false; got {raw!r}")
        if isinstance(self.default, int):
            try:
                value = int(raw) if isinstance(raw, str) else raw
            except ValueError:
                value = None
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOption(f"option {self.name!r} must be a whole number; got {raw!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOption(
                    f"option {self.name!r} must be between {self.minimum} and {self.maximum}; got {value}"
                )
            return value
        if not isinstance(raw, str):
            raise InvalidOption(f"option {self.name!r} must be text; got {raw!r}")
        return raw

    def allowed(self) -> str:
        """The values it takes, as the command line writes them: ``a|b``, ``true|false`` or ``0..40``."""
        if self.choices:
            return "|".join(self.choices)
        if isinstance(self.default, bool):
            return "true|false"
        return f"{self.minimum}..{self.maximum}"

    def default_text(self) -> str:
        """The default as the command line writes it (``false``, not Python's ``False``)."""
        return str(self.default).lower() if isinstance(self.default, bool) else str(self.default)


def validate_options(specs: tuple[OptionSpec, ...], raw: Mapping[str, Any] | None) -> dict[str, OptionValue]:
    """Complete ``raw`` with defaults and coerce every value; unknown names are an error."""
    by_name = {spec.name: spec for spec in specs}
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise InvalidOption(f"unknown option(s) {', '.join(unknown)}; this game's options: {known}")
    return {name: spec.coerce(raw[name]) if name in raw else spec.default for name, spec in by_name.items()}


def check_applicable(specs: tuple[OptionSpec, ...], players: int, options: Mapping[str, OptionValue]) -> None:
    """Refuse a value other than the default for an option that does not apply here, naming it."""
    for spec in specs:
        if options.get(spec.name, spec.default) != spec.default and not spec.applies(players, options):
            raise InvalidOption(f"option {spec.name!r} applies only {spec.where()}")


def applicable(
    specs: tuple[OptionSpec, ...], players: int, options: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """The options that apply here, for showing a table's settings (the others are at their defaults)."""
    by_name = {spec.name: spec for spec in specs}
    return {
        name: value
        for name, value in options.items()
        if name not in by_name or by_name[name].applies(players, options)
    }


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """Parse ``key=value`` strings from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOption(f"options are written key=value; got {pair!r}")
        out[key.strip()] = value.strip()
    return out
