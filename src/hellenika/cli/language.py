"""The terminal's language: ``--lang``, else the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, the first one set, as gettext reads them), else English.

The root option (``hellenika --lang de play ...``) and each command's own ``--lang`` set the same thing; a
command's wins. Messages are rendered with :func:`say`.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from hellenika.engine.errors import InvalidOption
from hellenika.i18n import ENGLISH, LANGUAGES, PSEUDO, Msg, from_posix, render

LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=f"Language of the game's texts: {', '.join(LANGUAGES)} (default: from LANG, else English).",
    ),
]

_chosen: list[str] = []


def from_environment(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return from_posix(value)
    return ENGLISH


def choose(explicit: str | None) -> str:
    """Set the language for this run (``explicit``: a ``--lang`` value, checked) and answer it."""
    if explicit is not None:
        tags = {lang.lower(): lang for lang in (*LANGUAGES, PSEUDO)}
        found = tags.get(explicit.replace("_", "-").lower())
        if found is None:
            raise InvalidOption(f"--lang {explicit!r}: choose one of {', '.join(LANGUAGES)}")
        _chosen[:] = [found]
    elif not _chosen:
        _chosen[:] = [from_environment()]
    return _chosen[0]


def reset() -> None:
    """Forget the choice (each invocation of the app starts afresh; tests invoke it many times)."""
    _chosen.clear()


def current() -> str:
    return _chosen[0] if _chosen else from_environment()


def say(msg: Msg, lang: str | None = None) -> str:
    return render(msg, lang or current())
