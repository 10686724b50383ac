"""The terminal picture of an Attika game (Rich): the hex map, the players' boards, the turn.

The map is drawn pointy-top with rows offset by half a hex (spec §3.1): each row is labelled with its r and
the q of its first hex, and q grows by one per hex to the right. Empty spaces show their landscape symbol,
buildings their owner's colour and a two-letter code followed by the owner's number (``Tw2``, readable
without colour; the storage boards list the codes), shrines an Ω. When the viewer is choosing a space (or
where to lay a board tile), the hexes offered carry the number of that choice, so a player can type the
number read off the map. The map uses 4 columns per hex, or 2 (the code alone, in the owner's colour) when
the board has grown too wide for 100 columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.engine.events import plural
from hellenika.games.attika.actions import PlaceBuilding, PlaceTile
from hellenika.games.attika.board import iter_bits
from hellenika.games.attika.catalogue import BLANK, LANDSCAPES
from hellenika.games.attika.hexes import Hex
from hellenika.games.attika.payment import describe_owed
from hellenika.games.attika.phases import (
    DRAW_MODE,
    DRAWN,
    MODE_NAMES,
    PAY,
    PLACE,
    TILE_PLACE,
    TILE_ROTATE,
)

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

WIDTH = 100
PLAYER_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold white on magenta")
PLAYER_COLOURS = ("red", "blue", "green", "magenta")
SYMBOL_STYLES = ("bold cyan", "bold white", "bold green", "bold yellow")
LEGEND = "W water  M mountain  F forest  H hill  · blank  Ω shrine  Tw2 Tower of player 2  (numbers: choices)"


def _choices(s: AttikaState, seat: int | None) -> dict[Hex, int]:
    """Hex -> choice number, when ``seat`` is choosing a space or a tile position now."""
    if seat is None or s.current_player() != seat or s.phase not in (DRAWN, PLACE, TILE_PLACE):
        return {}
    out: dict[Hex, int] = {}
    for i, action in enumerate(s.legal_actions(), 1):
        if isinstance(action, PlaceBuilding | PlaceTile):
            out[(action.q, action.r)] = i
    return out


def render_map(s: AttikaState, seat: int | None) -> Text:
    board = s.board
    choices = _choices(s, seat)
    owner: dict[int, tuple[int, int]] = {}
    for p in range(s.n):
        base = p * s.types
        for b in range(s.types):
            for c in iter_bits(s.tmask[base + b]):
                owner[c] = (p, b)
    hexes = set(board.cells) | set(board.shrines) | set(choices)
    xs = [2 * q + r for q, r in hexes]
    rs = [r for _, r in hexes]
    xmin, xmax = min(xs), max(xs)
    prefix = 9
    wide = prefix + 2 * (xmax - xmin) + 4 <= WIDTH
    step = 2 if wide else 1
    token = 3 if wide else 2
    shrine_no = {h: k + 1 for k, h in enumerate(board.shrines)}
    out = Text()
    for r in range(min(rs), max(rs) + 1):
        row = sorted(q for q, rr in hexes if rr == r)
        if not row:
            continue
        line = Text(f"{r:>3} q{row[0]:<4}", style="dim")
        col = 0
        for q in row:
            x = (2 * q + r - xmin) * step
            if x > col:
                line.append(" " * (x - col))
                col = x
            text, style = _cell(s, (q, r), owner, choices, shrine_no, token)
            line.append(text, style=style)
            col += len(text)
        out.append_text(line)
        out.append("\n")
    out.append(LEGEND, style="dim")
    return out


def _cell(
    s: AttikaState,
    h: Hex,
    owner: dict[int, tuple[int, int]],
    choices: dict[Hex, int],
    shrine_no: dict[Hex, int],
    token: int,
) -> tuple[str, str]:
    board = s.board
    if h in shrine_no:
        return ("Ω" + str(shrine_no[h])).center(token)[:token], "bold yellow"
    c = board.index.get(h)
    number = choices.get(h)
    if c is not None and c in owner:
        p, b = owner[c]
        building = s.cat.buildings[b]
        # Wide: the code and the owner's number (Tw2: a Tower of player 2), readable without colour too.
        return (f"{building.tag}{p + 1}" if token == 3 else building.tag), PLAYER_STYLES[p]
    sym = board.symbol[c] if c is not None else BLANK
    letter = "·" if sym == BLANK else LANDSCAPES[sym]
    if number is not None:
        if token == 3 and number < 100 and c is not None:
            return f"{number:>2}{letter}", "bold black on bright_white"
        return f"{number:>{token}}"[-token:], "bold black on bright_white"
    if c is None:
        return " " * token, ""
    text = f" {letter} " if token == 3 else f"{letter} "
    return text, "dim" if sym == BLANK else SYMBOL_STYLES[sym]


def _hand_text(s: AttikaState, p: int, seat: int | None) -> str:
    hand = s.hands[p]
    if seat == p:
        return " ".join(f"{LANDSCAPES[t]}{hand[t]}" for t in range(4)) + f" ({sum(hand)})"
    return plural(sum(hand), "card")


def _storage_text(s: AttikaState, p: int) -> Text:
    out = Text()
    for b, n in enumerate(s.storage[p]):
        if not n:
            continue
        building = s.cat.buildings[b]
        if out:
            out.append(", ")
        out.append(f"{building.name} ({building.tag})" + (f" ×{n}" if n > 1 else ""))
        out.append(f" {building.cost_text()}", style="dim")
    return out if out else Text("—", style="dim")


def players_table(s: AttikaState, seat: int | None, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True, max_width=16)
    table.add_column("Hand", no_wrap=True)
    table.add_column("Amph", justify="right")
    table.add_column("Built", justify="right")
    table.add_column("Sett", justify="right")
    table.add_column("Stacks", no_wrap=True)
    table.add_column("Storage board")
    for p in range(s.n):
        marker = "▶ " if p == s.actor and not s.is_terminal() else "  "
        marker += f"{p + 1} "  # the number the map shows on this player's buildings
        you = " (you)" if seat == p else ""
        stacks = " ".join(str(h) for h in s.stacks[p])
        table.add_row(
            Text(marker + names[p] + you, style=f"bold {PLAYER_COLOURS[p]}"),
            _hand_text(s, p, seat),
            str(s.amph[p]),
            f"{s.placed[p]}/30",
            str(len(s.comps[p])),
            stacks,
            _storage_text(s, p),
        )
    return table


def turn_text(s: AttikaState, seat: int | None, names: Sequence[str]) -> Text:
    """Whose turn, what is going on. Worded without verbs agreeing with the name (any name reads right)."""
    if s.is_terminal():
        if s.winner < 0:
            return Text("The game is over without a winner: nobody can act any more.", style="bold")
        how = "with all 30 buildings" if s.win_reason == "all buildings" else "by connecting two shrines"
        return Text(f"Winner: {names[s.winner]}, {how}!", style=f"bold {PLAYER_COLOURS[s.winner]}")
    text = Text(f"Turn {s.turn + 1}: {names[s.actor]}", style=f"bold {PLAYER_COLOURS[s.actor]}")
    if s.mode:
        unit = "draw" if s.mode == DRAW_MODE else "build"
        allowed = s.base_actions() + s.extra
        extra = f" (+{s.extra} by amphora)" if s.extra else ""
        text.append(f" — {MODE_NAMES[s.mode]} turn, {s.used} of {allowed} {unit}s used{extra}")
    if s.pending >= 0:
        building = s.cat.buildings[s.pending]
        if s.phase == DRAWN and seat != s.actor:
            text.append(f"\nDrawn: a building from {s.stack_name(s.drawn_stack)}, not shown yet")
        elif s.phase == DRAWN:
            text.append(f"\nDrawn: the {building.name} ({building.cost_text()}): build it now or store it")
        elif s.phase == PLACE:
            text.append(f"\nBuilding the {building.name} ({building.cost_text()}): where?")
        elif s.phase == PAY:
            q, r = s.board.cells[s.pay_cell]
            paid = " ".join(LANDSCAPES[t] * k for t, k in enumerate(s.paid) if k) or "nothing yet"
            text.append(
                f"\nPaying for the {building.name} on {q},{r}: paid {paid}; "
                f"still owed {describe_owed(s.pay_c, s.pay_g)}"
            )
    if s.phase in (TILE_PLACE, TILE_ROTATE) and s.tile >= 0:
        tile = s.cat.tiles[s.tile]
        if s.phase == TILE_PLACE:
            text.append(f"\nBoard tile {tile.id} ({tile.text()}) to lay: where?")
        else:
            q, r = s.tile_centre
            text.append(f"\nBoard tile {tile.id} ({tile.text()}) on {q},{r}: turned how?")
    return text


def supply_text(s: AttikaState) -> Text:
    discard = " ".join(f"{LANDSCAPES[t]}{s.discard[t]}" for t in range(4))
    return Text(
        f"Supply {plural(sum(s.deck), 'card')} · discard {discard} · board tiles left {len(s.tiles_left)} · "
        f"amphorae in the supply {s.supply}",
        style="dim",
    )


def render(s: AttikaState, seat: int | None, names: Sequence[str] | None = None) -> RenderableType:
    names = list(names) if names else s.participant_names()
    parts: list[RenderableType] = [
        Text("Attika", style="bold underline"),
        render_map(s, seat),
        players_table(s, seat, names),
        supply_text(s),
        turn_text(s, seat, names),
    ]
    return Group(*parts)
