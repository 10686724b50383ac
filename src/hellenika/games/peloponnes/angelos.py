"""Angelos, the solo opponent (spec §9, the seed's solo sheet): every choice of his runs by his rules.

He pays for nothing, has no goods and no income, is immune to every disaster but the Persians, never uses his
hero's ability and never hires mercenaries. Each round, after the player has bought (or passed), he takes one
tile: from the regular row if the player bought from the conquest row, otherwise from the conquest row, and
then he also gains its power points as strength. He takes the tile with the most power points, then the
most inhabitants (top right; negative counts as negative), then the one furthest right in its row.

His tiles form one row in the order he took them (so "rightmost" is the latest). He loses an internal
conflict -> his tile showing the fewest inhabitants (at least 1), then fewest power points, then rightmost;
a second Persian defeat -> his tile with the most power points, then rightmost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.events import who
from hellenika.games.peloponnes.disasters import halve

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def choose(s: PeloponnesState, row: list[int]) -> int:
    """Index in ``row`` of the tile Angelos takes (-1 if the row is empty)."""
    tiles = s.cat.tiles
    best = -1
    best_key: tuple[int, int, int] | None = None
    for i, t in enumerate(row):
        if t < 0:
            continue
        tile = tiles[t]
        key = (tile.pp, tile.gain_inhabitants, i)
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def take_tile(s: PeloponnesState) -> None:
    a = s.angelos
    from_regular = bool(s.took_conquest)
    row = s.row if from_regular else s.conq
    i = choose(s, row)
    if i < 0:
        if s._events is not None:
            s.log(f"{who(a)} finds nothing to take", a)
        return
    t = row[i]
    row[i] = -1
    s.arow = (*s.arow, t)
    tile = s.cat.tiles[t]
    where = "regular" if from_regular else "conquest"
    if s._events is not None:
        s.log(f"{who(a)} takes {tile.short()} from the {where} row", a)
    if not from_regular:
        old = s.strength[a]
        s.strength[a] = min(s.g.strength_cap, old + tile.pp)
        if s._events is not None:
            s.log(f"{who(a)} gains strength: {old} -> {s.strength[a]}", a)


def tile_to_lose_in_conflict(s: PeloponnesState) -> int:
    """Position in his row of the tile he loses after a lost conflict, or -1 if none shows inhabitants."""
    tiles = s.cat.tiles
    best = -1
    best_key: tuple[int, int, int] | None = None
    for i, t in enumerate(s.arow):
        tile = tiles[t]
        if tile.gain_inhabitants < 1:
            continue
        key = (tile.gain_inhabitants, tile.pp, -i)
        if best_key is None or key < best_key:
            best, best_key = i, key
    return best


def tile_to_lose_to_persians(s: PeloponnesState) -> int:
    tiles = s.cat.tiles
    best = -1
    best_key: tuple[int, int] | None = None
    for i, t in enumerate(s.arow):
        key = (tiles[t].pp, i)
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def _drop(s: PeloponnesState, i: int) -> int:
    t = s.arow[i]
    s.arow = s.arow[:i] + s.arow[i + 1 :]
    return t


def conflict(s: PeloponnesState) -> None:
    """The solo internal conflict: the player (seat 0) against Angelos."""
    a = s.angelos
    p = 0
    mine, his = s.strength[p], s.strength[a]
    player_wins = mine > his or (mine == his and s.cols[p].wins_solo_ties)
    log = s._events is not None
    if player_wins:
        s.inh[p] += 1
        gained = "an inhabitant"
        if s.clovers[a] > 0:
            s.clovers[a] -= 1
            s.clovers[p] += 1
            gained += " and a cloverleaf"
        i = tile_to_lose_in_conflict(s)
        lost = ""
        if i >= 0:
            tile = s.cat.tiles[_drop(s, i)]
            lost = f"; {who(a)} loses {tile.name} {tile.id}"
        old = s.strength[p]
        halve(s, p)
        if log:
            s.log(
                f"Internal conflict: {who(p)} ({mine}) beats {who(a)} ({his}) and gains {gained}{lost}; "
                f"strength {old} -> {s.strength[p]}",
                p,
            )
        return
    took = []
    if s.clovers[p] > 0:
        s.clovers[p] -= 1
        s.clovers[a] += 1
        took.append("a cloverleaf")
    if s.inh[p] > 0:
        s.inh[p] -= 1
        s.angelos_pop += 1
        took.append("an inhabitant")
    old = s.strength[a]
    halve(s, a)
    if log:
        what = " and ".join(took) or "nothing"
        s.log(
            f"Internal conflict: {who(a)} ({his}) beats {who(p)} ({mine}) and takes {what}; "
            f"his strength {old} -> {s.strength[a]}",
            a,
        )


def persian_defeat(s: PeloponnesState, attack: int) -> None:
    a = s.angelos
    if attack == 1:
        if s.hero[a] >= 0 and not s.flipped[a]:
            s.flipped[a] = True
            if s._events is not None:
                s.log(f"{who(a)} turns {s.cat.heroes[s.hero[a]].name} to the orange side", a)
        return
    i = tile_to_lose_to_persians(s)
    if i >= 0:
        tile = s.cat.tiles[_drop(s, i)]
        if s._events is not None:
            s.log(f"{who(a)} loses {tile.name} {tile.id} to the Persians", a)
