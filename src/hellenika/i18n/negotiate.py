"""Choosing a reader's language: from an HTTP ``Accept-Language`` header or a POSIX ``LANG`` value.

Tags are parsed by Babel, which also fills in the script a region implies (``zh-TW`` and ``zh-HK`` are
``zh_Hant``), and matched with Babel's :func:`babel.negotiate_locale`. Chinese without a script, or in
Simplified script, gets the Traditional catalogue: it is our only Chinese and reads far better than English.
Anything unmatched gets English.
"""

from __future__ import annotations

from hellenika.i18n.catalogue import ENGLISH, LANGUAGES, PSEUDO, directory_name

_AVAILABLE = [directory_name(lang) for lang in LANGUAGES]
_ALIASES = {"zh": "zh_Hant", "zh_Hans": "zh_Hant"}


def _candidates(tag: str) -> list[str]:
    """``zh-TW`` -> ``["zh_Hant_TW", "zh_Hant", "zh"]``: the tag, then ever less specific forms."""
    from babel import Locale, UnknownLocaleError  # (imported when a language is negotiated, not at start)

    tag = tag.strip().split(".")[0].split("@")[0]  # LANG's codeset and modifier: de_DE.UTF-8@euro
    try:
        locale = Locale.parse(tag, sep="-" if "-" in tag else "_")
    except (UnknownLocaleError, ValueError, TypeError):
        return [tag.split("-")[0].split("_")[0].lower()] if tag else []
    out = [str(locale)]
    if locale.script:
        out.append(f"{locale.language}_{locale.script}")
    out.append(locale.language)
    return list(dict.fromkeys(out))


def _tag(directory: str) -> str:
    return next(lang for lang in LANGUAGES if directory_name(lang) == directory)


def best_language(preferred: list[str]) -> str:
    """The first of ``preferred`` (tags, best first) we have a catalogue for; English if none."""
    from babel import negotiate_locale

    for tag in preferred:
        if tag.strip() == PSEUDO:
            return PSEUDO
        found = negotiate_locale(_candidates(tag), _AVAILABLE, sep="_", aliases=_ALIASES)
        if found is not None:
            return _tag(found)
    return ENGLISH


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an ``Accept-Language`` header, best first (by ``q``, then by order); ``*`` dropped."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            weighted.append((-q, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def from_accept_language(header: str | None) -> str:
    """The language to answer a browser in (``de-CH,de;q=0.9,en;q=0.8`` -> ``de``)."""
    return best_language(parse_accept_language(header))


def from_posix(value: str | None) -> str:
    """The language of a ``LANG`` / ``LC_ALL`` / ``LANGUAGE`` value (``zh_TW.UTF-8`` -> ``zh-Hant``);
    ``C`` and ``POSIX`` are English. ``LANGUAGE`` may list several, colon-separated."""
    tags = [t for t in (value or "").split(":") if t and t not in ("C", "POSIX", "C.UTF-8")]
    return best_language(tags)
