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

from hellenika.engine.events import plural
from hellenika.games.hellas.board import QUARRY, TEMPLE
from hellenika.games.hellas.components import HOUSE, PALACE, SQUARE, STATUE
from hellenika.games.hellas.phases import MINE_WORKER, NAMES, OVER
from hellenika.games.hellas.scoring import CATEGORIES, leftover_marble

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState

COLOURS = ("red", "blue", "green", "yellow")
LETTER = {HOUSE: "H", SQUARE: "S", PALACE: "P"}
YIELD_STYLE = {1: "white", 2: "bold white", 3: "bold bright_white on grey23"}
LEGEND = (
    "H1 house  S1 square  P1 palace (of player 1)  ST statue  free: ~ coast (yellow) · interior (green)\n"
    "[12] active quarry (top tile)  [xx] closed  [  ] empty  [W ] quarry worker  3/8 temple pillars/slots"
)


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


def _status(s: HellasState, names: Sequence[str]) -> str:
    """The round and turn, and on a second line the action being resolved and who decides now."""
    if s.phase == OVER:
        return "game over"
    text = f"round {s.round} of {s.comps.rounds}, turn {s.turn + 1} of {s.n * s.markers}"
    now = []
    if s.space >= 0:
        space = s.comps.track[s.space]
        now.append(f"{names[s.active]}: {space.title()}")
        if space.is_temple and s.pillars_due:
            first = s.pillars_from()
            later = "" if first is None else f" (temple {s.b.temples[first].id} or later)"
            now.append(f"{plural(s.pillars_due, 'pillar')} to place{later}")
    cp = s.current_player()
    if cp >= 0:
        tile = f" (tile {s.pending_tile})" if s.pending_tile else ""
        now.append(f"{names[cp]} to decide: {NAMES[s.phase]}{tile}")
    return text + ("\n" + " · ".join(now) if now else "")


def track_table(s: HellasState, names: Sequence[str]) -> Table:
    """The action spaces in two columns; a marker shows who took the space this round."""
    table = Table(title="Action track (everyone = shared action)", box=box.SIMPLE, pad_edge=False)
    for _ in range(2):
        table.add_column("Space", no_wrap=True, min_width=26)
        table.add_column("Marker", no_wrap=True, min_width=12)
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
            text = space.short_title() + (" · everyone" if space.shared else "")
            row.append(Text(text, style="dim" if owner >= 0 else ""))
            row.append(
                Text(names[owner], style=COLOURS[owner]) if owner >= 0 else Text("free", style="green")
            )
        table.add_row(*row)
    return table


def quarry_text(s: HellasState) -> Text:
    b = s.b
    y = s.g.tile_yield
    ids = [b.cells[c].id for c in b.quarries]
    active = ", ".join(f"{ids[q]} top {s.top(q)} (+{y[s.top(q)]})" for q in s.active_q)
    closed = ", ".join(ids[q] for q in range(len(ids)) if s.closed >> q & 1) or "none"
    if s.worker >= 0:
        worker = ids[s.worker]
    else:
        worker = "the move (choose its new quarry)" if s.phase == MINE_WORKER else "no quarry (off the board)"
    temples = "  ".join(f"{t.id} {s.pillars[t.index]}/{t.slots}" for t in b.temples)
    statues = s.pieces_left(0, STATUE)
    return Text(
        f"Active quarries: {active or 'none'}\n"
        f"Closed: {closed}; quarry worker on {worker}; {len(s.stack)} tiles in the stack\n"
        f"Temples: {temples}   Supply: {statues} statues, {s.pillar_supply()} pillars, {s.ring_supply} rings"
    )


def players_table(s: HellasState, seat: int | None, names: Sequence[str]) -> Table:
    """Marble, rings, pieces left and the score by part (live during play; final after round 3)."""
    over = s.phase == OVER
    table = Table(title="Players (* = start player)", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Player", no_wrap=True)
    headings = ["Marble", "Rings"] + ([] if over else ["H/S/P", "Markers"])
    headings += ["City", "Temples", "Statues", "Ring VP"]
    if over:
        headings += ["+Most", "+Marble"]
    for heading in headings:
        table.add_column(heading, justify="right", no_wrap=True)
    table.add_column("Score", justify="right", style="bold")
    breakdown = s.score_breakdown()
    scores = s.scores()
    shown = CATEGORIES if over else CATEGORIES[:4]
    for p in range(s.n):
        marks = ("*" if p == s.start and not over else "") + (" (you)" if seat == p else "")
        parts = breakdown[p]
        cells = [str(s.marble[p]), str(s.rings[p])]
        if not over:
            cells.append(f"{s.pieces_left(p, HOUSE)}/{s.pieces_left(p, SQUARE)}/{s.pieces_left(p, PALACE)}")
            cells.append(str(s.markers_left(p)))
        cells += [f"{parts[k]:g}" for k in shown]
        table.add_row(Text(f"{names[p]}{marks}", style=f"bold {COLOURS[p]}"), *cells, f"{scores[p]:g}")
    return table


def render(s: HellasState, seat: int | None, names: Sequence[str] | None = None) -> RenderableType:
    names = list(names) if names else s.participant_names()
    title = Text(f"Hellas — {s.b.title} side — {_status(s, names)}", style="bold")
    parts: list[RenderableType] = [
        title,
        board_text(s),
        Text(LEGEND, style="dim"),
        quarry_text(s),
        track_table(s, names),
        players_table(s, seat, names),
    ]
    if s.next_start >= 0:
        parts.append(Text(f"Start player next round: {names[s.next_start]} (* marks this round's)"))
    if s.phase == OVER:
        places = s.ranking()
        order = sorted(range(s.n), key=lambda p: places[p])
        scores = s.scores()
        lines = [
            f"  {places[p]}. {names[p]}: {scores[p]:g} point{'' if scores[p] == 1 else 's'}, "
            f"{leftover_marble(s.comps, s.marble[p])} marble over (tie-break)"
            for p in order
        ]
        parts.append(Text("Final places:\n" + "\n".join(lines), style="bold"))
    return Group(*parts)
