"""A Peloponnes civilization reduced to the numbers the projection needs (:class:`Holdings`): printed power
points, inhabitants, coins and goods, incomes, protection from disasters, what reserved buildings still owe
(spec §5), the land placement rule's rightmost land (spec §4.4). Cheap to copy and to change, so the
heuristic player prices a candidate tile by adding it (:func:`add_tile`) instead of cloning the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.peloponnes.catalogue import Colony, Tile
from hellenika.games.peloponnes.timeline import ALL_GOODS, _static

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


class Holdings:
    """A civilization reduced to the numbers the projection needs; cheap to copy and to change."""

    __slots__ = (
        "ci",
        "clovers",
        "coins",
        "col",
        "cpp",
        "fi",
        "food",
        "free_land",
        "ii",
        "inh",
        "land_mask",
        "lux",
        "mercs",
        "nb",
        "nl",
        "owed_pp",
        "owed_stone",
        "owed_wood",
        "penelope",
        "pp",
        "prot",
        "si",
        "stone",
        "strength",
        "wi",
        "wood",
    )

    pp: float  # printed PP of tiles and the red hero
    inh: float
    coins: float
    lux: float
    food: float
    wood: float
    stone: float
    fi: float  # food income a round (civilization and tiles; Sikyon's and flipped heroes' losses included)
    wi: float
    si: float
    ci: float  # income "of choice" (Port, Temple of Apollo)
    ii: float  # inhabitants a round (Arkadia)
    land_mask: int  # goods a new land must share with the rightmost land (all three: placement is free)
    free_land: bool  # Barracks or Leptis Magna: lands go anywhere
    nb: int
    nl: int
    prot: int  # disasters the civilization is protected from (bitmask)
    owed_wood: float  # reserved buildings still to be paid for
    owed_stone: float
    owed_pp: float  # power points of the reserved buildings (lost if they are given up)
    mercs: int
    clovers: float  # (an expected conflict may add or take a part of one)
    strength: int
    cpp: int  # coins per power point at the end
    penelope: bool
    col: Colony

    def copy(self) -> Holdings:
        h = Holdings.__new__(Holdings)
        h.pp = self.pp
        h.inh = self.inh
        h.coins = self.coins
        h.lux = self.lux
        h.food = self.food
        h.wood = self.wood
        h.stone = self.stone
        h.fi = self.fi
        h.wi = self.wi
        h.si = self.si
        h.ci = self.ci
        h.ii = self.ii
        h.nb = self.nb
        h.nl = self.nl
        h.prot = self.prot
        h.owed_wood = self.owed_wood
        h.owed_stone = self.owed_stone
        h.owed_pp = self.owed_pp
        h.mercs = self.mercs
        h.clovers = self.clovers
        h.strength = self.strength
        h.cpp = self.cpp
        h.penelope = self.penelope
        h.land_mask = self.land_mask
        h.free_land = self.free_land
        h.col = self.col
        return h


def holdings(s: PeloponnesState, p: int, without: int = -1) -> Holdings:
    """The numbers of seat ``p`` as they stand (no pending bid counted; see :func:`add_tile`), optionally
    as if tile ``without`` were gone (a disaster, the Persians, an abandoned building)."""
    cat = s.cat
    tiles = cat.tiles
    g = s.g
    col = s.cols[p]
    civ = cat.civilizations[s.civ[p]] if s.civ[p] >= 0 else None
    h = Holdings.__new__(Holdings)
    pp = 0.0
    fi = wi = si = ci = ii = 0.0
    prot = 0
    owed_w = owed_s = owed_pp = 0.0
    cpp = col.coins_per_pp
    unfinished = s.unfinished[p]
    nb = nl = 0
    for t in s.buildings[p]:
        if t == without:
            continue
        nb += 1
        tile = tiles[t]
        pp += tile.pp
        fi += tile.income_food
        wi += tile.income_wood
        si += tile.income_stone
        ci += tile.income_choice
        ii += tile.income_inhabitants
        prot |= tile.protects
        if tile.market and cpp > g.market_coins_per_pp:
            cpp = g.market_coins_per_pp
        if unfinished >> t & 1:
            owed_w += tile.cost_wood
            owed_s += tile.cost_stone
            owed_pp += tile.pp
    for t in s.lands[p]:
        if t == without:
            continue
        nl += 1
        tile = tiles[t]
        pp += tile.pp
        fi += tile.income_food
        wi += tile.income_wood
        si += tile.income_stone
        ci += tile.income_choice
        ii += tile.income_inhabitants
        prot |= tile.protects
    if civ is not None:
        fi += civ.income_food
        wi += civ.income_wood
        si += civ.income_stone
        ii += civ.income_inhabitants
        prot |= civ.protects
    hero = s.hero[p]
    if hero >= 0:
        if not s.flipped[p]:
            pp += cat.heroes[hero].pp
        else:
            loss = cat.heroes[hero].flip_loss
            if loss == 0:
                fi -= 1
            elif loss == 1:
                wi -= 1
            elif loss == 2:
                si -= 1
        if hero == g.DAEDALUS:  # two less of one good on every building
            owed_w = max(0.0, owed_w - 1)
            owed_s = max(0.0, owed_s - 1)
    h.pp = pp
    h.inh = s.inh[p]
    h.coins = s.coins[p]
    h.lux = s.lux[p]
    h.food = s.food[p]
    h.wood = s.wood[p]
    h.stone = s.stone[p]
    h.fi, h.wi, h.si, h.ci, h.ii = fi, wi, si, ci, ii
    h.nb = nb
    h.nl = nl
    h.prot = prot
    h.owed_wood, h.owed_stone, h.owed_pp = owed_w, owed_s, owed_pp
    h.mercs = s.mercs[p]
    h.clovers = s.clovers[p]
    h.strength = s.strength[p]
    h.cpp = cpp
    h.penelope = hero == g.PENELOPE and hero >= 0
    h.land_mask = ALL_GOODS
    h.free_land = col.free_land or any(tiles[t].free_land for t in s.buildings[p] if t != without)
    if not h.free_land:
        lands = [t for t in s.lands[p] if t != without]
        if lands:
            h.land_mask = tiles[lands[-1]].income_mask
    h.col = col
    return h


def add_tile(
    s: PeloponnesState,
    p: int,
    h: Holdings,
    tile: Tile,
    price: float,
    *,
    credit: float = 1.0,
    paid: bool = False,
) -> Holdings:
    """``h`` with ``tile`` added for ``price`` coins (not yet paid unless ``paid``): its PP, one-time gains,
    income, protection, and its build cost owed. ``credit`` < 1 counts a tile that may still be lost."""
    g = s.g
    n = h.copy()
    hero = s.hero[p]
    inh = tile.gain_inhabitants + (1 if tile.is_land and hero == g.HELEN and hero >= 0 else 0)
    coins = tile.gain_coins + (3 if tile.gain_coins and hero == g.ANDROMEDA and hero >= 0 else 0)
    n.pp += credit * tile.pp
    n.inh = max(0.0, n.inh + credit * inh)
    if not paid:
        n.coins -= price
        if n.coins < 0:  # luxury goods pay the rest
            n.lux += n.coins * n.col.luxury_rate
            n.coins = 0.0
    n.coins += credit * coins
    n.lux += credit * tile.gain_luxury
    n.food += credit * tile.gain_food
    n.fi += credit * tile.income_food
    n.wi += credit * tile.income_wood
    n.si += credit * tile.income_stone
    n.ci += credit * tile.income_choice
    n.ii += credit * tile.income_inhabitants
    if credit >= 0.5:
        n.prot |= tile.protects
        if tile.market and n.cpp > g.market_coins_per_pp:
            n.cpp = g.market_coins_per_pp
        if tile.free_land:
            n.free_land = True
            n.land_mask = ALL_GOODS
    if tile.is_building:
        n.nb += 1
        w, st = tile.cost_wood, tile.cost_stone
        if hero == g.DAEDALUS and hero >= 0:
            if w >= st:
                w = max(0, w - 2)
            else:
                st = max(0, st - 2)
        n.owed_wood += credit * w
        n.owed_stone += credit * st
        n.owed_pp += credit * tile.pp
    else:
        n.nl += 1
        if not n.free_land:
            n.land_mask = _static(s.cat)[2][tile.index]
    return n
