"""The terminal picture of a Hellas game (Rich), as one seat may see it.

The map is drawn hex by hex in a brick layout (each row of hexes is shifted by half a hex, as pointy-top hexes
are). A hex is three lines: its edges (``#`` land, ``~`` sea, coloured when the terminal allows) around the
city: owner letter (L light, D dark), Greeks and ships (``L2g1s``), its number below, a ``T`` above for a
temple. The dolphin is ``dolph``. While the viewer lays a tile, the legal empty sites show their coordinates
(``+1,-2``) for the ``at q r`` choices. Below: both players, the viewer's own cards, decks and the stack,
and what is under way (the voyage tile, the declared attack with its strengths, the cards being answered).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.engine.events import plural
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import GOD_NAMES, GODS
from hellenika.games.hellas_delonge.hexmap import qr
from hellenika.games.hellas_delonge.stack import PUBLIC

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

PLAYER_STYLES = ("bold yellow", "bold magenta")
LETTERS = ("L", "D")
LAND_STYLE = "green"
SEA_STYLE = "blue"
MAX_WIDTH = 100


def _edge(land: int, d: int) -> Text:
    return Text("#", style=LAND_STYLE) if land >> d & 1 else Text("~", style=SEA_STYLE)


def _sites(s: HellasState, seat: int | None) -> list[int]:
    """Empty cells where the viewer may lay the drawn tile now (none unless it is his choice)."""
    if seat is None or s.cp != seat or s.phase not in (ph.SETUP_SITE, ph.V_SITE):
        return []
    from hellenika.games.hellas_delonge.actions import PlaceAt
    from hellenika.games.hellas_delonge.hexmap import cell

    return [cell(a.q, a.r) for a in s.legal_actions() if isinstance(a, PlaceAt)]


def map_text(s: HellasState, seat: int | None = None) -> Text:
    board = s.board
    sites = _sites(s, seat)
    cells = [*board.cells, *sites]
    coords = [qr(c) for c in cells]
    xs = [2 * q + r for q, r in coords]
    rows = [r for _, r in coords]
    span = max(xs) - min(xs)
    unit = 4 if span * 4 + 8 <= MAX_WIDTH else 3
    width = unit * 2
    xmin, rmin = min(xs), min(rows)
    n_lines = (max(rows) - rmin + 1) * 3
    n_cols = span * unit + width
    grid: list[list[Text]] = [[Text(" ") for _ in range(n_cols)] for _ in range(n_lines)]

    def put(line: int, col: int, text: Text) -> None:
        for i, ch in enumerate(text.plain):
            if 0 <= col + i < n_cols:
                grid[line][col + i] = Text(ch, style=text.style)

    for slot in range(board.size):
        q, r = qr(board.cells[slot])
        x = (2 * q + r - xmin) * unit
        y = (r - rmin) * 3
        land = board.land[slot]
        put(y, x + unit - 2, _edge(land, 4))
        put(y, x + unit + 1, _edge(land, 5))
        put(y + 1, x, _edge(land, 3))
        put(y + 1, x + width - 1, _edge(land, 0))
        put(y + 2, x + unit - 2, _edge(land, 2))
        put(y + 2, x + unit + 1, _edge(land, 1))
        if slot == 0:
            put(y + 1, x + 1, Text("dolph"[: width - 2].center(width - 2), style="bold cyan"))
            continue
        if board.temples >> slot & 1:
            put(y, x + unit - 1, Text("T", style="bold cyan"))
        put(y + 2, x + unit - 1, Text(f"{slot:>2}", style="bold"))
        owner = s.owner(slot)
        if owner >= 0:
            body = (
                f"{LETTERS[owner]}{s.greeks[slot]}g{s.ships[slot]}s"
                if unit == 4
                else f"{LETTERS[owner]}{s.greeks[slot]}{s.ships[slot]}"
            )
            put(y + 1, x + 1, Text(body.center(width - 2), style=PLAYER_STYLES[owner]))
        else:
            put(y + 1, x + 1, Text("new".center(width - 2), style="dim"))
    for c in sites:
        q, r = qr(c)
        x = (2 * q + r - xmin) * unit
        y = (r - rmin) * 3
        label = f"{q:+d},{r:+d}"
        put(y + 1, x + max(0, (width - len(label)) // 2), Text(label, style="bold green"))
    out = Text()
    for i, line in enumerate(grid):
        if i:
            out.append("\n")
        for ch in line:
            out.append_text(ch)
    return out


def _players_table(s: HellasState, seat: int | None, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Cities", justify="right")
    table.add_column("Temples", justify="right")
    table.add_column("Greeks map/supply", justify="right")
    table.add_column("Ships map/supply", justify="right")
    table.add_column("Cards (Z/P/A)", justify="right", no_wrap=True)
    for p in (0, 1):
        both = tuple(x + y for x, y in zip(s.hand[p], s.fresh[p], strict=True))
        by_god = "/".join(str(s.god_count(both, g)) for g in range(3))
        fresh = s.hand_size(p) - sum(s.hand[p])
        cards = f"{s.hand_size(p)} ({by_god})" + (f", {fresh} new" if fresh else "")
        marker = "▶ " if s.active == p and s.turn else "  "
        you = " (you)" if seat == p else ""
        table.add_row(
            Text(f"{marker}{LETTERS[p]} {names[p]}{you}", style=PLAYER_STYLES[p]),
            str(s.cities(p)),
            str(s.temples_of(p)),
            f"{s.greeks_on_map(p)}/{s.gsup[p]}",
            f"{s.ships_on_map(p)}/{s.ssup[p]}",
            cards,
        )
    return table


def _stall_text(s: HellasState, names: Sequence[str]) -> Text | None:
    """The stall rule's clock (spec Q9): stopped while a tile can still be laid; then the records to pass and
    the turn at whose end the game stops."""
    if not s.stall_limit or not s.turn or s.is_terminal():
        return None
    if s.can_grow():
        return Text(
            f"Stall rule: it counts only once no tile left in the stack can be laid; then the game stops "
            f"after {s.stall_limit} turns in a row in which no player holds more cities than ever before.",
            style="dim",
        )
    records = ", ".join(f"{names[p]} {s.record_cities(p)}" for p in (0, 1))
    return Text(
        f"No tile left can be laid. Most cities held: {records}. The game stops at the end of turn "
        f"{s.last_change + s.stall_limit} unless a player passes their own (stall rule).",
        style="dim",
    )


def _hand_text(s: HellasState, seat: int) -> Text:
    cards = s.cat.cards
    out = Text("Your cards: ", style="bold")
    items = []
    for t, card in enumerate(cards):
        n, f = s.hand[seat][t], s.fresh[seat][t]
        if n or f:
            count = f"{n + f}x " if n + f > 1 else ""
            new = " (new: next turn)" if f and not n else f" ({f} new)" if f else ""
            items.append(f"{count}{card.name} [{card.id}, {GOD_NAMES[GODS[card.god]]}]{new}")
    out.append("; ".join(items) if items else "none")
    known = [f"{cards[t].name}" for t, n in enumerate(s.known[seat]) for _ in range(n)]
    if known:
        out.append(f"\nYou know the opponent holds: {', '.join(known)}")
    return out


def _decks_text(s: HellasState, seat: int | None) -> Text:
    cards = s.cat.cards
    parts = []
    for g, r in enumerate(s.cat.god_ranges):
        left = sum(s.pile[r.start : r.stop])
        gone = [f"{cards[t].name} {s.discards[t]}" for t in r if s.discards[t]]
        parts.append(f"{GOD_NAMES[GODS[g]]} {left}" + (f" (discards: {', '.join(gone)})" if gone else ""))
    text = Text("Decks: " + "; ".join(parts))
    tiles = s.cat.tiles
    stack = f"\nTile stack: {s.stack_size()}"
    if s.bottom:
        stack += f" (at the bottom, in order: {', '.join(tiles[t].id for t in s.bottom)})"
    if seat is not None:
        bit = (1 << seat) | PUBLIC
        mine = [t for t, seen in zip(s.top, s.top_seen, strict=True) if seen & bit]
        if mine:
            if s.top_order == seat:
                stack += f"; you know the top: {', '.join(tiles[t].id for t in mine)}"
            else:
                stack += f"; among the top tiles: {', '.join(sorted(tiles[t].id for t in mine))}"
    text.append(stack)
    return text


def _context(s: HellasState, names: Sequence[str]) -> Text | None:
    # While a card is being answered, show the action it was played in.
    phase = s.chain_then if s.phase == ph.RESPOND else s.phase
    tiles = s.cat.tiles
    lines = []
    if s.drawn and phase in (ph.SETUP_SITE, ph.SETUP_TURN, ph.V_CHOOSE):
        lines.append("Drawn: " + ", ".join(tiles[t].describe() for t in s.drawn) + f" (edges {_edges(s)})")
    if s.v_tile >= 0 and phase in (ph.V_SITE, ph.V_TURN, ph.STORM):
        extra = " Favourable Winds." if s.v_winds else ""
        lines.append(
            f"Voyage tile: {tiles[s.v_tile].describe()}, edges e0-e5 {tiles[s.v_tile].edges}.{extra}"
        )
        if phase == ph.STORM:
            q, r = qr(s.v_site)
            lines.append(f"Declared: ({q},{r}), rotation {s.v_rot}")
    if phase in (ph.BURST,):
        lines.append(f"Burst actions left: {s.burst_left}")
    if s.da_stage == 2 and phase == ph.MAIN:
        lines.append("Double Action: now a Voyage or an Attack")
    if phase in (ph.A_COMMIT, ph.A_FORCED, ph.COMBAT, ph.CALLOFF, ph.RETREAT_WINDOW, ph.RETREAT, ph.FLEET):
        x = s.target
        sent = ", ".join(f"{k} from {c}" for c, k in zip(s.sources, s.commits, strict=False) if k)
        line = f"Attack on city {x} ({plural(s.greeks[x], 'Greek')})" + (f": {sent}" if sent else "")
        if phase in (ph.COMBAT, ph.CALLOFF):
            a_str, d_str = s.strengths()
            kind = "sea (needs one more)" if s.is_sea_attack() else "land (equal is enough)"
            mods = []
            if s.fury:
                mods.append(f"Battle Fury x{s.fury}")
            if s.firm:
                mods.append(f"Stand Firm x{s.firm}")
            if s.beach:
                mods.append("Beachhead")
            if s.rocky:
                mods.append("Rocky Coast")
            line += f"; {kind}: {a_str} against {d_str}" + (f" [{', '.join(mods)}]" if mods else "")
        lines.append(line)
    if s.chain:
        played = " <- ".join(f"{names[p]}: {s.cat.cards[t].name}" for p, t in s.chain)
        lines.append(f"Cards on the table: {played}")
    if phase == ph.REGROUP:
        lines.append(
            "Regroup" + (f" into city {s.rg_dest}" if s.rg_dest >= 0 else " freely") + "; then 'done'"
        )
    return Text("\n".join(lines), style="cyan") if lines else None


def _edges(s: HellasState) -> str:
    return "/".join(s.cat.tiles[t].edges for t in s.drawn)


def render(s: HellasState, seat: int | None, names: Sequence[str] | None = None) -> RenderableType:
    names = list(names) if names else s.participant_names()
    title = f"Hellas — turn {s.turn}" if s.turn else "Hellas — setup"
    if s.turn and s.cp >= 0:
        title += f", {names[s.active]} to play"
        if s.cp != s.active:
            title += f", {names[s.cp]} to answer"
        title += f" ({ph.NAMES[s.phase]})"
    parts: list[RenderableType] = [
        Text(title, style="bold"),
        map_text(s, seat),
        Text(
            "# land ~ sea T temple  L2g1s = Light, 2 Greeks, 1 ship (D: Dark); city no. below",
            style="dim",
        ),
        _players_table(s, seat, names),
    ]
    stall = _stall_text(s, names)
    if stall is not None:
        parts.append(stall)
    if seat is not None:
        parts.append(_hand_text(s, seat))
    parts.append(_decks_text(s, seat))
    context = _context(s, names)
    if context is not None:
        parts.append(context)
    if s.is_terminal():
        how = s.end_reason() or s.reason
        if s.winner >= 0:
            parts.append(Text(f"{names[s.winner]} wins ({how}).", style="bold"))
        else:
            parts.append(Text(f"The game ends in a draw ({how}).", style="bold"))
    return Group(*parts)
