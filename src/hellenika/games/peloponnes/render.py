"""The terminal picture of a Peloponnes game (Rich), at most 100 columns wide.

Top: the round, the two tile rows with their bids, the disaster tiles and the Persian track. Below: one row
per civilization with its goods, inhabitants, strength and cloverleaves, its buildings and lands (reserved
buildings marked), and its running score (power / population / the lower of the two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hellenika.engine.events import plural, render_names
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import PERSIANS, Tile

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

COLOURS = ("red", "blue", "green", "magenta", "cyan", "yellow", "bright_red", "bright_blue", "white")


def _colour(p: int, s: PeloponnesState) -> str:
    return "bright_black" if p == s.angelos else COLOURS[p % len(COLOURS)]


LEGEND = "W wood  S stone  F food  c coins  i inhabitants  L luxury"


def _amounts(*pairs: tuple[int, str], sign: bool = False) -> str:
    return " ".join(f"{n:+d}{code}" if sign else f"{n}{code}" for n, code in pairs if n)


def _tile_cells(s: PeloponnesState, tile: Tile) -> list[str]:
    """Compact cells: ``Bridge A12 | 1 | 4 | 2W | +2i | 1F | ...``."""
    cost = "land" if tile.is_land else _amounts((tile.cost_wood, "W"), (tile.cost_stone, "S"))
    gains = _amounts(
        (tile.gain_inhabitants, "i"),
        (tile.gain_coins, "c"),
        (tile.gain_food, "F"),
        (tile.gain_wood, "W"),
        (tile.gain_stone, "S"),
        (tile.gain_luxury, "L"),
        sign=True,
    )
    income = _amounts(
        (tile.income_food, "F"),
        (tile.income_wood, "W"),
        (tile.income_stone, "S"),
        (tile.income_inhabitants, "i"),
    )
    if tile.income_choice:
        income = (income + " " if income else "") + "1 any"
    notes = []
    if tile.protects:
        notes += ["vs " + name for d, (_, name, _) in enumerate(s.cat.disasters) if tile.protects >> d & 1]
    if tile.free_land:
        notes.append("lands free")
    if tile.market:
        notes.append("2c = 1 PP")
    if tile.supply:
        notes.append("supply!")
    return [f"{tile.name} {tile.id}", str(tile.min_bid), str(tile.pp), cost, gains, income, ", ".join(notes)]


def _offer_table(s: PeloponnesState, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), caption=LEGEND, caption_justify="left")
    table.add_column("Tiles on offer", no_wrap=True, max_width=24)
    table.add_column("Min", justify="right")
    table.add_column("PP", justify="right")
    table.add_column("Cost", no_wrap=True)
    table.add_column("Gains", max_width=10)
    table.add_column("Income", max_width=8)
    table.add_column("Notes", max_width=12)
    table.add_column("Bid", max_width=16)
    tiles = s.cat.tiles
    for i, t in enumerate(s.row):
        if t < 0:
            continue
        q = s.bidder[i]
        # The amount first: in an 80-column terminal the bidder's name may wrap, the coins stay in sight.
        bid = Text(f"{s.bid_coins[q]} · {names[q]}", style=_colour(q, s)) if q >= 0 else Text("—", "dim")
        table.add_row(*_tile_cells(s, tiles[t]), bid)
    conquest = [t for t in s.conq if t >= 0]
    if conquest:
        surcharge = 0 if s.solo else s.g.surcharge
        head = "conquest row" + (f" (min + {surcharge})" if surcharge else "")
        table.add_row(Text(head, style="bold"), end_section=False)
        for t in conquest:
            price = tiles[t].min_bid + surcharge
            table.add_row(*_tile_cells(s, tiles[t]), Text(plural(price, "coin"), "dim"))
    return table


def _disaster_line(s: PeloponnesState) -> Text:
    text = Text("Disasters: ", style="bold")
    threshold = s.g.disaster_threshold
    for d, (_, name, _) in enumerate(s.cat.disasters):
        if d == PERSIANS:
            continue
        n = s.placed[d]
        struck = n >= threshold
        text.append(f"{name} ", style="red" if struck else "")
        text.append(
            "●" * min(n, threshold) + "○" * max(0, threshold - n), style="red" if struck else "yellow"
        )
        text.append("  ")
    if s.exp:
        attacks = sum(1 for a in s.g.persian_attacks if s.pcount >= a)
        text.append(
            f"\nPersians: {s.pcount}/8 chits, sum {s.psum} (x{s.mult} = {s.mult * s.psum}), "
            f"attacks {attacks}/2; players' strength {sum(s.strength)}",
            style="bold",
        )
    left = s.s1 + s.s2
    under = f" + {len(s.under2)} known under stack 2" if s.under2 else ""
    text.append(f"\nChits face down: {left}{under}   Tiles left: ", style="dim")
    text.append(" ".join(f"{'ABC'[i]} {len(x)}" for i, x in enumerate(s.stack_left)), style="dim")
    return text


def _player_cell(s: PeloponnesState, p: int, names: Sequence[str], seat: int | None) -> Text:
    cat = s.cat
    marker = "► " if s.cp == p else ""
    text = Text(marker + names[p] + (" (you)" if seat == p else ""))
    text.stylize(f"bold {_colour(p, s)}")
    if s.civ[p] >= 0:
        text.append(f"\n{cat.civilizations[s.civ[p]].name}", style="")
    if s.hero[p] >= 0:
        hero = cat.heroes[s.hero[p]].name
        text.append(f"\n{hero}" + (" (orange)" if s.flipped[p] else ""), style="dim" if s.flipped[p] else "")
    if p == s.angelos:
        text.append(f"\n{cat.ranks[s.rank].id}", style="dim")
    elif s.exp:
        text.append(f"\n{s.cols[p].name}", style="dim")
    return text


def _tiles_line(s: PeloponnesState, p: int, names: Sequence[str]) -> Text:
    tiles = s.cat.tiles
    text = Text(f"{names[p]}: ", style=f"bold {_colour(p, s)}")
    if p == s.angelos:
        text.append(", ".join(f"{tiles[t].name} {tiles[t].id}" for t in s.arow) or "no tiles")
        return text
    builds = []
    for t in s.buildings[p]:
        reserved = s.unfinished[p] >> t & 1
        builds.append(f"{tiles[t].name}{' (reserved)' if reserved else ''}")
    lands = [f"{tiles[t].name} {tiles[t].id}" for t in s.lands[p]]
    text.append("buildings ", style="dim")
    text.append(", ".join(builds) or "—")
    text.append(" · lands ", style="dim")
    text.append(" → ".join(lands) or "—")
    return text


def _players_table(s: PeloponnesState, names: Sequence[str], seat: int | None) -> Table:
    table = Table(
        title="Civilizations (in turn order)",
        caption="W/S/F: wood, stone, food (and the storage limits); Score: power / population → the lower",
        caption_justify="left",
        show_lines=True,
        padding=(0, 1),
        pad_edge=False,
    )
    table.add_column("Player", no_wrap=True, max_width=19)
    table.add_column("Coins", justify="right", min_width=3)
    table.add_column("W/S/F", justify="right", no_wrap=True)
    table.add_column("Lux", justify="right", min_width=3)
    table.add_column("Inh", justify="right", min_width=3)
    if s.exp:
        table.add_column("Str", justify="right", min_width=3)
        table.add_column("♣", justify="right", min_width=2)
    table.add_column("Score", justify="right", no_wrap=True)
    for p in (*s.order, *([s.angelos] if s.angelos >= 0 else [])):
        pp, pop, _ = scoring.final(s, p)
        score = Text(f"{pp}/{pop} → {min(pp, pop)}", style="bold")
        if p == s.angelos:
            goods: list[RenderableType] = ["—"] * 4
        else:
            col = s.cols[p]
            stock = Text(f"{s.wood[p]}/{s.stone[p]}/{s.food[p]}")
            stock.append(f"\nmax {col.max_wood}/{col.max_stone}/{col.max_food}", style="dim")
            inh = str(s.inh[p]) + (f"\n+{s.mercs[p]}m" if s.mercs[p] else "")
            goods = [str(s.coins[p]), stock, str(s.lux[p]), inh]
        row: list[RenderableType] = [_player_cell(s, p, names, seat), *goods]
        if s.exp:
            row += [str(s.strength[p]), str(s.clovers[p])]
        row.append(score)
        table.add_row(*row)
    return table


def render(s: PeloponnesState, seat: int | None, names: Sequence[str] | None = None) -> RenderableType:
    names = list(names) if names else s.participant_names()
    mode = "Heroes & Colonies" if s.exp else "base game"
    if s.angelos >= 0:
        mode += f", solo vs Angelos ({s.cat.ranks[s.rank].id})"
    when = f"round {s.round} of {s.g.rounds}" if s.round else "setting up"
    title = Text(f"Peloponnes ({mode}) — {when}", style="bold")
    if s.tasks:
        title.append(f" · {step.NAMES[s.tasks[-1][0]]}", style="dim")
    parts: list[RenderableType] = [title]
    pending = _decision_line(s, names)
    if pending is not None:
        parts.append(pending)
    if s.row or s.conq:
        parts.append(_offer_table(s, names))
    parts.append(_disaster_line(s))
    parts.append(_players_table(s, names, seat))
    order = (*s.order, *([s.angelos] if s.angelos >= 0 else []))
    parts.append(Group(*(_tiles_line(s, p, names) for p in order)))
    if s.is_terminal():
        parts.append(score_table(s, names))
    return Group(*parts)


def _decision_line(s: PeloponnesState, names: Sequence[str]) -> Text | None:
    """Whose decision it is and what about (the tile being built, the chit Ariadne sees, ...)."""
    if s.cp < 0 or not s.tasks:
        return None
    task = s.tasks[-1]
    kind = task[0]
    tiles = s.cat.tiles
    about = ""
    if kind in (step.AMOUNT, step.BUILD, step.STRENGTH, step.FINISH):
        about = f": {tiles[task[2]].describe()}"
    elif kind == step.SAVE:
        about = f": {tiles[task[3]].name} {tiles[task[3]].id} ({s.cat.disasters[task[2]][1]})"
    elif kind == step.ARIADNE:
        about = f": the {s.cat.chits[s.drawn].id} chit"
    elif kind == step.INCOME_CHOICE:
        about = f" ({task[2]} to pick)"
    text = Text(f"To decide: {names[task[1]]} — {step.NAMES[kind]}{about}", style="bold")
    return text


def score_table(s: PeloponnesState, names: Sequence[str]) -> Table:
    places = s.ranking()
    table = Table(title="Final scores")
    for column in ("Place", "Player", "Power", "Population", "Score", "Luxury"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for p in sorted(range(s.n), key=lambda p: places[p]):
        pp, pop, _ = scoring.final(s, p)
        lux = str(s.lux[p]) if p != s.angelos else "—"
        table.add_row(
            str(places[p]), render_names(names[p], names), str(pp), str(pop), str(min(pp, pop)), lux
        )
    return table
