"""``python -m hellenika.i18n.extract``: collect the code's message ids, bring every catalogue up to date.

Babel's Python extractor finds every ``_m("id", ...)`` and ``_mn("id", n=...)`` call (the id must be a string
literal) under ``src/hellenika``; each language's ``.po`` file then gains the new ids (empty, so the
completeness check fails until someone writes them: the English sentence in ``en``, its translations in the
others), keeps its translations of the ids still used, and drops the ids no code uses any more (their last
text stays in git); each is then compiled to the ``.mo`` the run time reads. Entries are sorted by id and
carry no line numbers, so a change to the code changes the catalogues only where a message changed.

``--check`` writes nothing and exits 1 when a catalogue is not up to date with the code (for CI).
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.pofile import write_po

from hellenika.i18n.catalogue import (
    DOMAIN,
    LANGUAGES,
    compiled,
    directory_name,
    mo_path,
    po_path,
    read_catalogue,
)

PACKAGE_DIR = Path(__file__).resolve().parent.parent
_EPOCH = datetime.datetime(2026, 12, 7, tzinfo=datetime.UTC)
_LITERAL_CALL = re.compile(r"\b_mn?\(\s*['\"]([\w.]+)['\"]")
MARKERS = {"_m": False, "_mn": True}


def code_ids(root: Path = PACKAGE_DIR) -> dict[str, tuple[bool, list[str]]]:
    """Every message id the code builds: id -> (has plural forms, the files using it).

    Only files that mention a marker are tokenised (Babel's extractor is the slow part)."""
    found: dict[str, tuple[bool, list[str]]] = {}
    for path in sorted(root.rglob("*.py")):
        source = path.read_bytes()
        if b"_m(" not in source and b"_mn(" not in source:
            continue
        where = f"hellenika/{path.relative_to(root).as_posix()}"
        calls = extract_python(io.BytesIO(source), list(MARKERS), [], {})
        for _line, marker, message, _comments in calls:
            first = message[0] if isinstance(message, tuple | list) else message
            if marker not in MARKERS or not isinstance(first, str) or not first:
                continue
            plural = MARKERS[marker]
            was_plural, files = found.get(first, (plural, []))
            if was_plural != plural:
                raise SystemExit(f"message {first!r} is built both with and without plural forms ({where})")
            if where not in files:
                files.append(where)
            found[first] = (plural, files)
        hidden = set(_LITERAL_CALL.findall(source.decode("utf-8"))) - set(found)
        # Babel skips f-strings (Python 3.11 tokenises them whole); i18n's own docstrings show markers
        if hidden and not where.startswith("hellenika/i18n/"):
            raise SystemExit(f"{where}: build {', '.join(sorted(hidden))} outside an f-string")
    return found


def template(ids: dict[str, tuple[bool, list[str]]]) -> Catalog:
    catalogue = Catalog(domain=DOMAIN, project="hellenika", fuzzy=False)
    for msg_id, (plural, files) in sorted(ids.items()):
        catalogue.add((msg_id, msg_id) if plural else msg_id, locations=[(f, None) for f in sorted(files)])
    return catalogue


def updated(lang: str, pot: Catalog) -> bytes:
    """The ``.po`` file of ``lang`` brought up to date with ``pot``."""
    if po_path(lang).exists():
        catalogue = read_catalogue(lang)
    else:
        catalogue = Catalog(locale=directory_name(lang), domain=DOMAIN, project="hellenika", fuzzy=False)
    catalogue.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    _stable_header(catalogue, lang)
    out = io.BytesIO()
    write_po(
        out,
        catalogue,
        width=110,
        omit_header=False,
        ignore_obsolete=True,
        include_lineno=False,
        sort_output=True,
        include_previous=False,
    )
    return out.getvalue()


def _stable_header(catalogue: Catalog, lang: str) -> None:
    """A header that does not change from run to run (no dates, no placeholders), so ``--check`` is exact."""
    catalogue.header_comment = (
        f"# Hellenika's messages in {Locale.parse(directory_name(lang)).english_name}.\n"
        "# Add or change a message in the code, run `python -m hellenika.i18n.extract`, fill in msgstr.\n"
        "# See docs/I18N.md."
    )
    catalogue.fuzzy = False
    catalogue.project = "hellenika"
    catalogue.version = "1"
    catalogue.msgid_bugs_address = ""
    catalogue.last_translator = "Hellenika developers"
    catalogue.language_team = "Hellenika developers"
    catalogue.creation_date = _EPOCH
    catalogue.revision_date = _EPOCH


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hellenika.i18n.extract", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a catalogue is stale")
    parser.add_argument("--lang", action="append", help="a language to add or update (default: all)")
    args = parser.parse_args(argv)
    pot = template(code_ids())
    stale = []
    for lang in args.lang or LANGUAGES:
        path = po_path(lang)
        new = updated(lang, pot)
        if not (path.exists() and path.read_bytes() == new):
            stale.append(str(path))
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(new)
        if path.exists():  # the compiled catalogue the run time reads (catalogue.py)
            mo = mo_path(lang)
            binary = compiled(lang)
            if not (mo.exists() and mo.read_bytes() == binary):
                stale.append(str(mo))
                if not args.check:
                    mo.write_bytes(binary)
    verb = "out of date" if args.check else "updated"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
