"""The terminal picture of a Hercules game (Rich): the columns with cubes and Apprentices, the cards above
them, the stacks, and every participant's dice, cards and score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.engine.events import plural
from hellenika.games.hercules.cards import DEMIGOD, GOD, PANTHEON, SYMBOL_SIGNS, SYMBOLS, Card

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

COLOURS = ("red", "blue", "green", "yellow", "magenta")
DIE_FACES = "·⚀⚁⚂⚃⚄⚅"


def _colour(p: int, s: HerculesState) -> str:
    return "magenta" if s.solo and p == 1 else COLOURS[p]


def _card_text(card: Card, *, used: bool = False, face_down: bool = False, simplified: bool = False) -> Text:
    symbols = "".join(SYMBOL_SIGNS[SYMBOLS[t]] * n for t, n in enumerate(card.symbols))
    # In the simplified variant a God's ability is on the face-down front: show only what its back shows.
    label = f"{card.name} ({card.vp} VP)" if simplified and card.kind == GOD else card.describe()
    if symbols:
        label += f" {symbols}"
    style = "dim" if used or face_down else ""
    if used:
        label += " (used)"
    elif face_down:
        label += " (face down)"
    return Text(label, style=style)


def render(s: HerculesState, seat: int | None, names: Sequence[str] | None = None) -> RenderableType:
    names = list(names) if names else s.participant_names()
    cards = s.cat.cards
    board = Table(
        title=f"Hercules — round {s.round}" + (" (last round)" if s.end_triggered else ""),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 0),
    )
    board.add_column("", no_wrap=True, max_width=14)
    board.add_column("0", justify="center", width=3)
    for c in range(1, 13):
        board.add_column(str(c), justify="center", width=5)
    god_row = [Text("Gods", style="bold"), Text("")]
    for c in range(1, 12):
        g = s.gods[c]
        god_row.append(
            Text(cards[g].name[:4], style="dim" if s.simplified else "bold cyan") if g >= 0 else Text("")
        )
    god_row.append(Text(cards[s.col12[0]].name[:4] if s.col12 else "", style="bold yellow"))
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

    stacks = Table(title="Stacks", show_header=True)
    stacks.add_column("Demigods")
    stacks.add_column("Top card")
    stacks.add_column("Left", justify="right")
    for deck in s.cat.decks:
        top = s.tops[deck.index]
        left = len(s.rests[deck.index]) + (top >= 0)
        stacks.add_row(
            f"{deck.solo_number}. {deck.name}", _card_text(cards[top]) if top >= 0 else Text("—"), str(left)
        )
    vases = "  ".join(
        f"{3 + i}{'+' if i == 4 else ''}: " + ("/".join(str(cards[c].vp) for c in st) or "—")
        for i, st in enumerate(s.vases)
    )
    column12 = f"Column 12: {_column12_text(s)}"
    white = f"White die: {s.white}" + (f" (held by {names[s.white_holder]})" if s.white_holder >= 0 else "")

    players = Table(title="Players", show_lines=True)
    players.add_column("Player")
    players.add_column("Dice")
    players.add_column("Supply", justify="right")
    players.add_column("Cards")
    players.add_column("Score", justify="right")
    scores = s.scores()
    for p in range(s.n):
        dice = " ".join(f"{DIE_FACES[v]} {v}" for v in s.dice[p])
        if s.white_holder == p:
            dice += f"  white {DIE_FACES[s.white]} {s.white}"
        owned = Text()
        for i, c in enumerate(s.owned[p]):
            if i:
                owned.append("\n")
            card = cards[c]
            spent = bool(s.spent[p] >> c & 1)
            owned.append_text(
                _card_text(
                    card,
                    used=spent and card.kind == DEMIGOD,
                    face_down=card.kind == GOD and (spent or (s.simplified and card.is_active)),
                    simplified=s.simplified,
                )
            )
        you = " (you)" if seat == p else ""
        players.add_row(
            Text(names[p] + you, style=f"bold {_colour(p, s)}"),
            dice,
            str(s.supply[p]),
            owned,
            f"{scores[p]:g}",
        )
    parts: list[RenderableType] = [
        board,
        stacks,
        Text(f"Vases (spaces: VP): {vases}"),
        Text(column12),
        Text(white),
        players,
    ]
    if s.is_terminal():
        parts.append(score_table(s, names))
    return Group(*parts)


def _column12_text(s: HerculesState) -> str:
    """The Zeus/Pantheon stack in words: what the next arrival takes, and what lies under it."""
    if not s.col12:
        return "empty (arrivals take nothing)"
    cards = [s.cat.cards[c] for c in s.col12]
    top = f"{cards[0].name} ({cards[0].vp} VP) for the next arrival"
    under = len(cards) - 1
    if not under:
        return top
    vp = ", ".join(sorted({f"{c.vp} VP" for c in cards[1:]}))
    noun = "more Pantheon card" if cards[0].kind == PANTHEON else "Pantheon card"
    return f"{top}, then {plural(under, noun)} ({vp} each)"


def score_table(s: HerculesState, names: Sequence[str]) -> Table:
    places = s.ranking()
    table = Table(title="Final scores")
    table.add_column("Place", justify="right")
    table.add_column("Player")
    for category in ("cards", "majorities", "sets", "cubes"):
        table.add_column(category.capitalize(), justify="right")
    table.add_column("Total", justify="right", style="bold")
    table.add_column("Column", justify="right")
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
