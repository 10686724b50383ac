"""The terminal picture of a Hellas game (Rich): the hex island with every piece, quarry and temple, then the
action track, the quarries and supply, and every player's marble, rings, pieces and live score.

Each cell is four characters wide and odd rows are shifted by two, so the picture is the board's real hex
layout and fits in 60 columns. Pieces carry the player's number as well as their colour, so the board reads
without colour too (piped output, colour-blind players).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.games.hellas import words
from hellenika.games.hellas.board import QUARRY, TEMPLE
from hellenika.games.hellas.components import HOUSE, PALACE, SQUARE, STATUE
from hellenika.games.hellas.phases import MINE_WORKER, OVER
from hellenika.games.hellas.scoring import CATEGORIES, leftover_marble
from hellenika.games.hellas.words import PHASES
from hellenika.i18n import ENGLISH, Msg, _m, _mn
from hellenika.i18n import render as say

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState

COLOURS = ("red", "blue", "green", "yellow")
LETTER = {HOUSE: "H", SQUARE: "S", PALACE: "P"}
YIELD_STYLE = {1: "white", 2: "bold white", 3: "bold bright_white on grey23"}
LEGEND = _m("hellas.board.legend")


def _cell(s: HellasState, c: int) -> tuple[str, str]:
    """The four characters and style of cell ``c``."""
    b = s.b
    cell = b.cells[c]
    bit = 1 << c
    if cell.kind == QUARRY:
        q = b.quarry_of[c]
        if s.closed >> q & 1:
            return "[xx]", "dim"
        if s.piles[q]:
            top = s.top(q)
            return f"[{top:>2}]", YIELD_STYLE[s.g.tile_yield[top]]
        return ("[W ]", "bold cyan") if s.worker == q else ("[  ]", "dim")
    if cell.kind == TEMPLE:
        t = b.temple_of[c]
        return f"{s.pillars[t]}/{cell.slots}".center(4), "bold magenta"
    if s.statues & bit:
        return " ST ", "bold white"
    for p in range(s.n):
        for mask, piece in ((s.houses[p], HOUSE), (s.squares[p], SQUARE), (s.palaces[p], PALACE)):
            if mask & bit:
                return f" {LETTER[piece]}{p + 1} ", f"bold {COLOURS[p]}"
    # Coast and interior differ in the glyph as well as the colour: the price depends on it (spec §4.5).
    return (" ~  ", "yellow") if cell.coast else (" ·  ", "green")


def board_text(s: HellasState) -> Text:
    b = s.b
    width = max(len(row) for row in b.rows)
    out = Text("   " + "".join(f"{c:^4}" for c in range(width)) + "\n", style="dim")
    for r, row in enumerate(b.rows):
        out.append(f"{r:>2} ", style="dim")
        if r & 1:
            out.append("  ")
        for c in range(len(row)):
            index = b.at.get((r, c))
            if index is None:
                out.append("    ")
            else:
                glyph, style = _cell(s, index)
                out.append(glyph, style=style)
        out.append("\n")
    return out


def _status(s: HellasState, names: Sequence[str], lang: str) -> str:
    """The round and turn, and on a second line the action being resolved and who decides now."""
    if s.phase == OVER:
        return say(PHASES[OVER], lang)
    turns = s.n * s.markers
    text = say(
        _m("hellas.board.status", round=s.round, rounds=s.comps.rounds, turn=s.turn + 1, turns=turns), lang
    )
    now = []
    if s.space >= 0:
        space = s.comps.track[s.space]
        now.append(f"{names[s.active]}: {say(words.title(space), lang)}")
        if space.is_temple and s.pillars_due:
            first = s.pillars_from()
            if first is None:
                due = _mn("hellas.board.to_place", s.pillars_due)
            else:
                due = _mn("hellas.board.to_place_from", s.pillars_due, temple=s.b.temples[first].id)
            now.append(say(due, lang))
    cp = s.current_player()
    if cp >= 0:
        if s.pending_tile:
            decide = _m("hellas.board.decide_tile", phase=PHASES[s.phase], tile=s.pending_tile)
        else:
            decide = _m("hellas.board.decide", phase=PHASES[s.phase])
        now.append(f"{names[cp]} {say(decide, lang)}")
    return text + ("\n" + " · ".join(now) if now else "")


def track_table(s: HellasState, names: Sequence[str], lang: str = ENGLISH) -> Table:
    """The action spaces in two columns; a marker shows who took the space this round."""
    table = Table(title=say(_m("hellas.board.track"), lang), box=box.SIMPLE, pad_edge=False)
    for _ in range(2):
        table.add_column(say(_m("hellas.board.space"), lang), no_wrap=True, min_width=26)
        table.add_column(say(_m("hellas.board.marker"), lang), no_wrap=True, min_width=12)
    track = s.comps.track
    half = (len(track) + 1) // 2
    for i in range(half):
        row: list[Text | str] = []
        for j in (i, i + half):
            if j >= len(track):
                row += ["", ""]
                continue
            space = track[j]
            owner = s.track[j]
            text = say(words.short_title(space), lang)
            if space.shared:
                text = say(_m("hellas.board.everyone", space=text), lang)
            row.append(Text(text, style="dim" if owner >= 0 else ""))
            free = Text(say(_m("hellas.board.free"), lang), style="green")
            row.append(Text(names[owner], style=COLOURS[owner]) if owner >= 0 else free)
        table.add_row(*row)
    return table


def quarry_text(s: HellasState, lang: str = ENGLISH) -> Text:
    b = s.b
    y = s.g.tile_yield
    ids = [b.cells[c].id for c in b.quarries]
    none = _m("hellas.board.none")
    active = tuple(
        _m("hellas.board.active", quarry=ids[q], top=s.top(q), gain=y[s.top(q)]) for q in s.active_q
    )
    closed = tuple(Msg.literal(ids[q]) for q in range(len(ids)) if s.closed >> q & 1)
    worker: Msg
    if s.worker >= 0:
        worker = Msg.literal(ids[s.worker])
    elif s.phase == MINE_WORKER:
        worker = _m("hellas.board.worker_moving")
    else:
        worker = _m("hellas.board.worker_off")
    temples = "  ".join(f"{t.id} {s.pillars[t.index]}/{t.slots}" for t in b.temples)
    statues = s.pieces_left(0, STATUE)
    lines = (
        _m("hellas.board.active_quarries", quarries=active or none),
        _m("hellas.board.closed", closed=closed or none, worker=worker, tiles=len(s.stack)),
        _m(
            "hellas.board.temples",
            temples=temples,
            statues=statues,
            pillars=s.pillar_supply(),
            rings=s.ring_supply,
        ),
    )
    return Text("\n".join(say(line, lang) for line in lines))


def players_table(s: HellasState, seat: int | None, names: Sequence[str], lang: str = ENGLISH) -> Table:
    """Marble, rings, pieces left and the score by part (live during play; final after round 3)."""
    over = s.phase == OVER
    table = Table(title=say(_m("hellas.board.players"), lang), box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(say(_m("hellas.board.player"), lang), no_wrap=True)
    headings = [_m("hellas.board.h_marble"), _m("hellas.board.h_rings")]
    if not over:
        headings += [Msg.literal("H/S/P"), _m("hellas.board.h_markers")]
    headings += [_m("hellas.board.h_city"), _m("hellas.board.h_temples"), _m("hellas.board.h_statues")]
    headings += [_m("hellas.board.h_ring_vp")]
    if over:
        headings += [_m("hellas.board.h_most"), _m("hellas.board.h_plus_marble")]
    for heading in headings:
        table.add_column(say(heading, lang), justify="right", no_wrap=True)
    table.add_column(say(_m("hellas.board.score"), lang), justify="right", style="bold")
    breakdown = s.score_breakdown()
    scores = s.scores()
    shown = CATEGORIES if over else CATEGORIES[:4]
    for p in range(s.n):
        you = say(_m("hellas.board.you"), lang) if seat == p else ""
        marks = ("*" if p == s.start and not over else "") + you
        parts = breakdown[p]
        cells = [str(s.marble[p]), str(s.rings[p])]
        if not over:
            cells.append(f"{s.pieces_left(p, HOUSE)}/{s.pieces_left(p, SQUARE)}/{s.pieces_left(p, PALACE)}")
            cells.append(str(s.markers_left(p)))
        cells += [f"{parts[k]:g}" for k in shown]
        table.add_row(Text(f"{names[p]}{marks}", style=f"bold {COLOURS[p]}"), *cells, f"{scores[p]:g}")
    return table


def render(
    s: HellasState, seat: int | None, names: Sequence[str] | None = None, lang: str = ENGLISH
) -> RenderableType:
    names = list(names) if names else s.participant_names()
    heading = say(_m("hellas.board.title", side=s.b.title, status=_status(s, names, lang)), lang)
    parts: list[RenderableType] = [
        Text(heading, style="bold"),
        board_text(s),
        Text(say(LEGEND, lang), style="dim"),
        quarry_text(s, lang),
        track_table(s, names, lang),
        players_table(s, seat, names, lang),
    ]
    if s.next_start >= 0:
        parts.append(Text(say(_m("hellas.board.next_start", player=names[s.next_start]), lang)))
    if s.phase == OVER:
        places = s.ranking()
        order = sorted(range(s.n), key=lambda p: places[p])
        scores = s.scores()
        lines = [
            "  "
            + say(
                _mn(
                    "hellas.board.place",
                    int(scores[p]) if scores[p] == int(scores[p]) else 2,
                    place=places[p],
                    player=names[p],
                    points=f"{scores[p]:g}",
                    over=leftover_marble(s.comps, s.marble[p]),
                ),
                lang,
            )
            for p in order
        ]
        parts.append(Text(say(_m("hellas.board.final_places"), lang) + "\n" + "\n".join(lines), style="bold"))
    return Group(*parts)
