"""Languages: message catalogues, rendering messages, choosing a reader's language.

The lowest layer of the package (only Babel below it), so the engine and every game can build
language-neutral :class:`Msg` values and every interface can render them for its reader. See docs/I18N.md.
"""

from hellenika.i18n.catalogue import ENGLISH, LANGUAGES, PSEUDO, is_pseudo, render, render_all
from hellenika.i18n.message import LITERAL, Msg, Param, _m, _mn
from hellenika.i18n.negotiate import best_language, from_accept_language, from_posix

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LITERAL",
    "PSEUDO",
    "Msg",
    "Param",
    "_m",
    "_mn",
    "best_language",
    "from_accept_language",
    "from_posix",
    "is_pseudo",
    "render",
    "render_all",
]
