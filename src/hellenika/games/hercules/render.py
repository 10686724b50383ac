"""The terminal picture of a Hercules game (Rich): the columns with cubes and Apprentices, the cards above
them, the stacks, and every participant's dice, cards and score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.games.hercules import words
from hellenika.games.hercules.cards import DEMIGOD, GOD, PANTHEON, SYMBOL_SIGNS, SYMBOLS, Card
from hellenika.i18n import ENGLISH, Msg, _m, _mn
from hellenika.i18n import render as say

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

COLOURS = ("red", "blue", "green", "yellow", "magenta")
DIE_FACES = "·⚀⚁⚂⚃⚄⚅"


def _colour(p: int, s: HerculesState) -> str:
    return "magenta" if s.solo and p == 1 else COLOURS[p]


def _short(name: str, cells: int = 4) -> str:
    """The first letters of a name that fill ``cells`` terminal cells (a CJK character takes two)."""
    out = ""
    for char in name:
        if cell_len(out + char) > cells:
            break
        out += char
    return out


def _card_text(
    card: Card, lang: str, *, used: bool = False, face_down: bool = False, simplified: bool = False
) -> Text:
    symbols = "".join(SYMBOL_SIGNS[SYMBOLS[t]] * n for t, n in enumerate(card.symbols))
    # In the simplified variant a God's ability is on the face-down front: show only what its back shows.
    if simplified and card.kind == GOD:
        label: Msg = _m("hercules.board.card_vp", name=words.name(card), vp=card.vp)
    else:
        label = words.describe(card)
    if symbols:
        label = _m("hercules.board.with_symbols", card=label, symbols=symbols)
    style = "dim" if used or face_down else ""
    if used:
        label = _m("hercules.board.used", card=label)
    elif face_down:
        label = _m("hercules.board.face_down", card=label)
    return Text(say(label, lang), style=style)


def render(
    s: HerculesState, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
) -> RenderableType:
    names = list(names) if names else s.participant_names()
    cards = s.cat.cards
    title = _m("hercules.board.title", round=s.round)
    board = Table(
        title=say(_m("hercules.board.title_last", title=title) if s.end_triggered else title, lang),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 0),
    )
    board.add_column("", no_wrap=True, max_width=14)
    board.add_column("0", justify="center", width=3)
    for c in range(1, 13):
        board.add_column(str(c), justify="center", width=5)
    god_row = [Text(say(_m("hercules.board.gods"), lang), style="bold"), Text("")]
    for c in range(1, 12):
        g = s.gods[c]
        short = _short(say(words.name(cards[g]), lang)) if g >= 0 else ""
        god_row.append(Text(short, style="dim" if s.simplified else "bold cyan") if g >= 0 else Text(""))
    top12 = _short(say(words.name(cards[s.col12[0]]), lang)) if s.col12 else ""
    god_row.append(Text(top12, style="bold yellow"))
    board.add_row(*god_row)
    for p in range(s.n):
        colour = _colour(p, s)
        marker = "♛" if p == s.pegasus else " "
        row = [Text(f"{marker}{names[p]}", style=f"bold {colour}", overflow="ellipsis", no_wrap=True)]
        for c in range(13):
            if s.pos[p] == c:
                row.append(Text("♟", style=f"bold {colour}"))
            elif c >= 1 and s.cubes[p] >> c & 1:
                row.append(Text("■", style=colour))
            else:
                row.append(Text("·", style="dim"))
        board.add_row(*row)

    stacks = Table(title=say(_m("hercules.board.stacks"), lang), show_header=True)
    stacks.add_column(say(_m("hercules.board.demigods"), lang))
    stacks.add_column(say(_m("hercules.board.top_card"), lang))
    stacks.add_column(say(_m("hercules.board.left"), lang), justify="right")
    for deck in s.cat.decks:
        top = s.tops[deck.index]
        left = len(s.rests[deck.index]) + (top >= 0)
        stacks.add_row(
            f"{deck.solo_number}. {say(words.deck_name(deck.name), lang)}",
            _card_text(cards[top], lang) if top >= 0 else Text("—"),
            str(left),
        )
    vases = "  ".join(
        f"{3 + i}{'+' if i == 4 else ''}: " + ("/".join(str(cards[c].vp) for c in st) or "—")
        for i, st in enumerate(s.vases)
    )
    column12 = say(_m("hercules.board.column12", text=_column12_text(s)), lang)
    if s.white_holder >= 0:
        white = say(_m("hercules.board.white_held", value=s.white, player=names[s.white_holder]), lang)
    else:
        white = say(_m("hercules.board.white", value=s.white), lang)

    players = Table(title=say(_m("hercules.board.players"), lang), show_lines=True)
    players.add_column(say(_m("hercules.board.player"), lang))
    players.add_column(say(_m("hercules.board.dice"), lang))
    players.add_column(say(_m("hercules.board.supply"), lang), justify="right")
    players.add_column(say(_m("hercules.board.cards"), lang))
    players.add_column(say(_m("hercules.board.score"), lang), justify="right")
    scores = s.scores()
    for p in range(s.n):
        dice = " ".join(f"{DIE_FACES[v]} {v}" for v in s.dice[p])
        if s.white_holder == p:
            dice += "  " + say(_m("hercules.board.white_face", face=DIE_FACES[s.white], value=s.white), lang)
        owned = Text()
        for i, c in enumerate(s.owned[p]):
            if i:
                owned.append("\n")
            card = cards[c]
            spent = bool(s.spent[p] >> c & 1)
            owned.append_text(
                _card_text(
                    card,
                    lang,
                    used=spent and card.kind == DEMIGOD,
                    face_down=card.kind == GOD and (spent or (s.simplified and card.is_active)),
                    simplified=s.simplified,
                )
            )
        who = say(_m("hercules.board.you", player=names[p]), lang) if seat == p else names[p]
        players.add_row(
            Text(who, style=f"bold {_colour(p, s)}"),
            dice,
            str(s.supply[p]),
            owned,
            f"{scores[p]:g}",
        )
    parts: list[RenderableType] = [
        board,
        stacks,
        Text(say(_m("hercules.board.vases", vases=vases), lang)),
        Text(column12),
        Text(white),
        players,
    ]
    if s.is_terminal():
        parts.append(score_table(s, names, lang))
    return Group(*parts)


def _column12_text(s: HerculesState) -> Msg:
    """The Zeus/Pantheon stack in words: what the next arrival takes, and what lies under it."""
    if not s.col12:
        return _m("hercules.board.column12_empty")
    cards = [s.cat.cards[c] for c in s.col12]
    top = _m("hercules.board.column12_top", name=words.name(cards[0]), vp=cards[0].vp)
    under = len(cards) - 1
    if not under:
        return top
    vp = tuple(
        _m("hercules.card.vp", vp=v) for v in sorted({c.vp for c in cards[1:]}, key=lambda v: f"{v} VP")
    )
    if cards[0].kind == PANTHEON:
        return _mn("hercules.board.column12_more", under, top=top, vp=vp)
    return _mn("hercules.board.column12_under", under, top=top, vp=vp)


def score_table(s: HerculesState, names: Sequence[str], lang: str = ENGLISH) -> Table:
    places = s.ranking()
    table = Table(title=say(_m("hercules.board.final_scores"), lang))
    table.add_column(say(_m("hercules.board.place"), lang), justify="right")
    table.add_column(say(_m("hercules.board.player"), lang))
    for category in ("cards", "majorities", "sets", "cubes"):
        heading = say(s.score_heading(category), lang)
        table.add_column(heading[:1].upper() + heading[1:], justify="right")
    table.add_column(say(_m("hercules.board.total"), lang), justify="right", style="bold")
    table.add_column(say(_m("hercules.board.column"), lang), justify="right")
    rows = sorted(range(s.n), key=lambda p: places[p])
    breakdown = s.score_breakdown()
    totals = s.scores()
    for p in rows:
        b = breakdown[p]
        table.add_row(
            str(places[p]),
            names[p],
            *(f"{b[k]:g}" for k in ("cards", "majorities", "sets", "cubes")),
            f"{totals[p]:g}",
            str(s.pos[p]),
        )
    return table
