"""The completeness check of the catalogues (run as a test, and by ``python -m hellenika.i18n.check``).

A catalogue is complete when every message the code builds has, in every language, a non-empty text for each
plural form of the language, none marked fuzzy, each a valid template using the same named parameters as the
English one (a plural message's count ``n`` may be left out of a form, as in "a coin"), and the catalogues
hold nothing else (the extraction is current).
"""

from __future__ import annotations

import sys

from babel.messages.catalog import Catalog, Message

from hellenika.i18n.catalogue import ENGLISH, LANGUAGES, PLURAL_PARAM, field_names, read_catalogue
from hellenika.i18n.extract import code_ids


def _texts(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string or ""]


def _key(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else message.id


def _fields(message: Message) -> set[str] | None:
    names: set[str] = set()
    for text in _texts(message):
        try:
            names |= field_names(text)
        except ValueError:
            return None
    if isinstance(message.id, tuple | list):
        names.discard(PLURAL_PARAM)
    return names


def _entries(catalogue: Catalog) -> dict[str, Message]:
    return {_key(m): m for m in catalogue if m.id}


def problems() -> list[str]:
    """Every way the catalogues are incomplete or inconsistent, one line each; empty when all is well."""
    out: list[str] = []
    ids = code_ids()
    english = _entries(read_catalogue(ENGLISH))
    for lang in LANGUAGES:
        catalogue = read_catalogue(lang)
        entries = _entries(catalogue)
        for msg_id in sorted(set(ids) - set(entries)):
            out.append(f"{lang}: {msg_id!r} is used in the code but missing; run the extraction")
        for msg_id in sorted(set(entries) - set(ids)):
            out.append(f"{lang}: {msg_id!r} is in the catalogue but no code uses it; run the extraction")
        for msg_id, message in sorted(entries.items()):
            if msg_id not in ids:
                continue
            plural = isinstance(message.id, tuple | list)
            if plural != ids[msg_id][0]:
                out.append(f"{lang}: {msg_id!r} should {'' if ids[msg_id][0] else 'not '}have plural forms")
                continue
            texts = _texts(message)
            if message.fuzzy:
                out.append(f"{lang}: {msg_id!r} is marked fuzzy")
            if not all(texts) or (plural and len(texts) != catalogue.num_plurals):
                out.append(f"{lang}: {msg_id!r} has no text (each plural form needs one)")
                continue
            fields = _fields(message)
            if fields is None:
                out.append(f"{lang}: {msg_id!r} is not a valid template (unbalanced braces?)")
            elif lang != ENGLISH and msg_id in english:
                expected = _fields(english[msg_id])
                if expected is not None and fields != expected:
                    out.append(
                        f"{lang}: {msg_id!r} uses the parameters {sorted(fields)}, English {sorted(expected)}"
                    )
    return out


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
