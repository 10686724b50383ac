"""Names of accounts: what may be a name, when two names clash, and which names are kept for roles.

Names are NFKC-normalised and may hold only letters, digits, spaces, dots, hyphens and underscores (so no
invisible format characters such as a zero-width joiner). Two names clash when they are equal ignoring case
(``name_key``) or when they *look* alike: their confusable skeletons (Unicode TR39, from the confusables
data shipped in the ``confusable-homoglyphs`` package) are equal, so Cyrillic "Аlice" cannot pose as
"Alice", nor "rnike" as "mike".

Names of the site's roles ("admin", "moderator", "system" ...: :data:`RESERVED`) are refused to everyone,
compared by skeleton after normalising, so neither fullwidth "Ａdmin" (NFKC makes it "Admin") nor Greek
"Αdmin" can pose as the site's staff in chat, on profiles or in reports.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from importlib import resources

from hellenika.server.core.errors import ApiError

NAME_RULE = re.compile(r"^[\w][\w .\-]{0,30}[\w]$")
#: The longest skeleton stored (``users.name_skeleton``); a few characters spell out long (a ligature).
MAX_SKELETON = 255
_LRM = "\u200e"  # the data wraps right-to-left characters in left-to-right marks for display
#: Names kept for the site's roles and its own voice (system lines in chat); lookalikes are refused too.
RESERVED = (
    "admin",
    "admins",
    "administrator",
    "administrators",
    "moderator",
    "moderators",
    "mod",
    "mods",
    "staff",
    "system",
    "sysop",
    "support",
    "hellenika",
)
#: What a name may hold besides letters and digits (ignored when comparing with :data:`RESERVED`).
SEPARATORS = frozenset(" .-_")


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and the string it looks like (its TR39 prototype, spelled in the prototypes'
    own representatives), from ``confusable_homoglyphs/confusables.json``.

    That file is Unicode's confusables.txt with both directions of each line ("а → a" and "a → а"), so every
    group of lookalikes is a star around its prototype: a several-character string when there is one ("rn"
    for "m"), else the character most others point to. In a pair either one serves: skeletons only need to be
    equal for lookalikes, and the pair's two characters map to the same one."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    lookalikes: dict[str, set[str]] = {}
    for source, entries in data.items():
        a = source.replace(_LRM, "")
        for entry in entries:
            b = entry["c"].replace(_LRM, "")
            lookalikes.setdefault(a, set()).add(b)
            lookalikes.setdefault(b, set()).add(a)
    centre: dict[str, str] = {}
    for node, others in sorted(lookalikes.items()):
        if node in centre:
            continue
        group = {node, *others}
        for other in others:  # a leaf: its one neighbour is the centre, whose neighbours are the rest
            group |= lookalikes[other]
        longer = sorted(g for g in group if len(g) > 1)
        prototype = longer[0] if longer else max(sorted(group), key=lambda g: len(lookalikes[g]))
        for member in group:
            centre[member] = prototype
    single = {ch: p for ch, p in centre.items() if len(ch) == 1 and len(p) == 1}
    table: dict[str, str] = {}
    for ch, prototype in centre.items():
        if len(ch) == 1 and ch != prototype:
            table[ch] = "".join(single.get(c, c) for c in prototype)
        elif len(ch) == 1 and prototype != single.get(ch, ch):
            table[ch] = single[ch]
    return {ch: p for ch, p in table.items() if p != ch}


def _skeleton_pass(text: str) -> str:
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in decomposed))


def name_skeleton(name: str) -> str:
    """What a name looks like: equal for names a reader could mistake for each other, case ignored.

    TR39's skeleton (NFD, each character to its prototype, NFD), then case folded and mapped once more, so
    "Ian" and "lan" (capital I, small L) clash as well as "alice" and "ALICE"."""
    first = _skeleton_pass(unicodedata.normalize("NFKC", name))
    return _skeleton_pass(first.casefold())


@functools.cache
def _reserved() -> frozenset[str]:
    """The skeletons of the reserved names, in lower, upper and title case (a skeleton keeps some of case:
    "I" looks like "l", so "ADMIN" and "ADMlN" share one that "admin" does not)."""
    forms = (form for word in RESERVED for form in (word, word.upper(), word.title()))
    return frozenset(_bare(name_skeleton(form)) for form in forms)


def _bare(skeleton: str) -> str:
    """A skeleton without its separators, so "ad.min" and "Admin_" are "admin" too."""
    return "".join(ch for ch in skeleton if ch not in SEPARATORS)


def is_reserved(name: str) -> bool:
    """Whether the name is, or looks like, a name of the site's roles ("Admin", fullwidth "Ａdmin", Greek
    "Αdmin", "ad.min"): compared by skeleton after NFKC, as lookalikes of taken names are."""
    reserved = _reserved()
    return any(_bare(name_skeleton(form)) in reserved for form in (name, name_key(name)))


def check_name(name: str) -> str:
    """The name as it will be stored (NFKC, stripped), or 422: not the allowed characters, too long a
    skeleton, or a name of a role (:func:`is_reserved`, checked on the normalised name)."""
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME_RULE.match(name) or len(name_skeleton(name)) > MAX_SKELETON:
        raise ApiError(
            422,
            "a name is 2 to 32 letters, digits, spaces, dots, hyphens or underscores, "
            "starting and ending with a letter or digit",
        )
    if is_reserved(name):
        raise ApiError(422, f"the name {name!r} is kept for the site's roles; choose another")
    return name
