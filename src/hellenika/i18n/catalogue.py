"""The message catalogues and rendering a :class:`Msg` in a language.

One gettext ``.po`` file per language under ``locale/<lang>/LC_MESSAGES/hellenika.po`` is the source; the
extraction command compiles each to ``hellenika.mo`` beside it (Babel's ``write_mo``), committed, and a test
fails when a ``.mo`` differs from what its ``.po`` compiles to, so neither can go stale. At run time only the
``.mo`` is read, by the standard library's :class:`gettext.GNUTranslations`: about a millisecond, with no
Babel import (reading a ``.po`` with Babel takes a quarter of a second a language, too slow for every start
of the terminal). Without its ``.mo`` (a catalogue just edited), the ``.po`` is compiled in memory.

Plural forms are gettext's: an entry with ``msgid_plural`` has one ``msgstr[i]`` per form of its language
(English and German two, Chinese one) and is chosen by the message's ``n`` parameter through the language's
``Plural-Forms`` rule. Templates use Python's brace format with named fields (``{n}``, ``{player}``).

``en-XA`` is a pseudo-locale for tests: English with every letter accented and each message lengthened by a
third between ``⟦`` and ``⟧``, so a text that escaped the catalogues shows up unaccented, and layouts are
tried on text longer than German's.
"""

from __future__ import annotations

import functools
import gettext
import io
import string
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from hellenika.i18n.message import LITERAL, Msg, Param, _m

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "hellenika"
ENGLISH = "en"
PSEUDO = "en-XA"
LANGUAGES: tuple[str, ...] = ("en", "de", "zh-Hant")
"""The languages with a complete catalogue, as BCP 47 tags (what pages, settings and ``--lang`` use)."""

PLURAL_PARAM = "n"
LIST_SEPARATOR = _m("i18n.list_separator").id
"""What joins a list parameter's items: ``, `` in English and German, ``、`` in Chinese."""


def directory_name(lang: str) -> str:
    """``zh-Hant`` -> ``zh_Hant``: Babel's and gettext's spelling, used for the catalogue's folder."""
    return lang.replace("-", "_")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / directory_name(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def read_catalogue(lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=directory_name(lang), domain=DOMAIN)


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes the ``.po`` of ``lang`` compiles to."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, read_catalogue(lang), use_fuzzy=False)
    return buffer.getvalue()


@functools.cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (one of :data:`LANGUAGES`), read once per process."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for language {lang!r}; there are {', '.join(LANGUAGES)}")
    path = mo_path(lang)
    data = path.read_bytes() if path.is_file() else compiled(lang)
    return gettext.GNUTranslations(io.BytesIO(data))


@functools.lru_cache(maxsize=8192)
def template(msg_id: str, lang: str, count: int | None = None) -> str:
    """The template of ``msg_id`` in ``lang`` (English where ``lang`` lacks it); KeyError for an unknown id.

    gettext answers the id itself for a missing entry, and an id is a dotted key no translation equals.
    """
    base = ENGLISH if lang == PSEUDO else lang
    for code in dict.fromkeys((base, ENGLISH)):
        catalogue = translations(code)
        text = msg_id
        if count is not None:  # a plural entry answers the form for the count; a singular one, the id
            text = catalogue.ngettext(msg_id, msg_id, count)
        if text == msg_id:  # (gettext answers a plural entry's singular form)
            text = catalogue.gettext(msg_id)
        if text != msg_id:
            return _pseudo(text) if lang == PSEUDO else text
    raise KeyError(f"message {msg_id!r} is in no catalogue; run python -m hellenika.i18n.extract")


def render(msg: Msg | str, lang: str = ENGLISH) -> str:
    """``msg`` in ``lang`` (a tag of :data:`LANGUAGES` or :data:`PSEUDO`); a plain string as is."""
    if isinstance(msg, str):
        return msg
    if msg.id == LITERAL:
        return str(msg.params[0][1]) if msg.params else ""
    count = None
    values: dict[str, str] = {}
    for name, value in msg.params:  # (the hot path of every logged game: plain values first)
        kind = type(value)
        if kind is str:
            values[name] = value  # type: ignore[assignment]
        elif kind is int:
            values[name] = str(value)
            if name == PLURAL_PARAM:
                count = value
        else:
            values[name] = _render_param(value, lang)
    text = template(msg.id, lang, count)
    try:
        return text.format_map(values)
    except (KeyError, IndexError, ValueError) as exc:
        raise KeyError(f"message {msg.id!r} in {lang}: {exc!r} does not fit its parameters") from None


def _render_param(value: Param, lang: str) -> str:
    if isinstance(value, Msg):
        return render(value, lang)
    if isinstance(value, tuple):
        return template(LIST_SEPARATOR, lang).join(_render_param(v, lang) for v in value)
    return str(value)


def field_names(text: str) -> set[str]:
    """The named fields of a template (``"{n} coins for {player}"`` -> ``{"n", "player"}``)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


# ---------------------------------------------------------------------------------------------- pseudo-locale

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķľɱñöþǫŕšţûṽŵẋýžÀßÇĐÉƑĜĤÎĴĶĽṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def _pseudo(text: str) -> str:
    """Accent the letters outside ``{fields}`` and lengthen by a third, keeping the fields intact."""
    out: list[str] = []
    for literal, field, spec, conversion in string.Formatter().parse(text):
        out.append(literal.replace("{", "{{").replace("}", "}}").translate(_ACCENTED))
        if field is not None:
            out.append(
                "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            )
    body = "".join(out)
    padding = "·" * max(1, len(text) // 3)
    return f"⟦{body}{padding}⟧"


def is_pseudo(text: str) -> bool:
    """Whether ``text`` went through the pseudo-locale (tests: any other text escaped the catalogues)."""
    return text.startswith("⟦") and text.endswith("⟧")


def render_all(messages: Mapping[str, Msg], lang: str) -> dict[str, str]:
    """Several messages at once (a page's or a prompt's texts)."""
    return {key: render(msg, lang) for key, msg in messages.items()}
