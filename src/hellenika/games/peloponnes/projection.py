"""Where a Peloponnes civilization is heading: a closed-form projection of its final power and population.

The score is the lower of power points and population points at the end, so a position is judged by where
both sides will be after the remaining rounds, not by where they are now. The projection runs a civilization
forward without search, in at most three segments (up to each supply round still to come: the one the Fertile
plain B05 calls in rounds 4-6, the one the Mountain valley C04 calls in rounds 7-8, and the final one):

- **income** of coins (by the inhabitant track), luxury goods and goods, once per round still to be paid;
- **future tiles**: about one a round, the stack's average tile as players pick them (measured on self-play),
  round by round as far as the coins in hand by then pay for them (a player who runs dry passes), and fewer
  the fewer tiles the land placement rule leaves to choose from;
- **feeding** at each supply round: every inhabitant eats one food (luxury goods and the income "of choice"
  stand in); who cannot be fed is lost, and food above the storage limit is only worth luxury goods;
- **the disasters still to strike**, at the time their remaining chits are expected to come up, against an
  unprotected civilization: the plague takes a third of the inhabitants, the drought a third of the food,
  the earthquake and the tempest cost goods and coins for each building or land, the decline luxury goods;
- **what is owed**: wood and stone for reserved buildings at the next supply round (after the feeding; what
  luxury goods and picks "of choice" cannot make up is given up, with its power points), for an earthquake
  and for future buildings (a player short of them takes lands instead, with fewer power points).

Coins left at the end count as power points (3 a PP; colonies and Market/Agora 2 or 4). Cloverleaves and part
of the future tiles can still go to either side, so :func:`combine` lets them make up the lower side before it
takes a smooth minimum (the uncertainty of the rounds to come makes an unbalanced projection worth a little
less than its lower side alone).

Everything here reads a state and builds small value objects; nothing is cloned, so a bot can price every
candidate tile by adding it to a :class:`Holdings` and projecting again.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PERSIANS,
    PLAGUE,
    TEMPEST,
    Catalogue,
    Colony,
    Tile,
)
from hellenika.games.peloponnes.economy import BAND

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

ROUNDS = 8
ALL_GOODS = 7  # a land mask sharing a good with every land: placement is free
COMPATIBLE = tuple(tuple(k for k in range(8) if k & m) for m in range(8))  # land masks sharing a good
BANDS = BAND  # income band by inhabitants (0-19; 20 and more: band 7)
# Rounds drawing from each stack (A 1-3, B 4-6, C 7-8).
STACK_OF_ROUND = (0, 0, 0, 0, 1, 1, 1, 2, 2)  # index: round (0 = before the game)
# The future tiles are the stacks' average tiles, corrected by how players choose them (measured on
# heuristic self-play: a little fewer power points, more inhabitants and food than the average tile, a coin or
# so above the minimum bid, and a tile in about 5 rounds of 6).
ACQUIRE = 0.85  # chance of taking a tile in a future round the coins would pay for
OPEN_WEIGHT = 2.0  # how much fewer tiles to choose from cost (the land placement rule)
PICK_PP = 0.95
PICK_INH = 1.15
PICK_FOOD = 1.3
FLEX_PER_TILE = 1.5  # points a future tile can move between power and population (which tiles one picks)
SIGMA_END = 1.5  # smooth-min width at the end of the game ...
SIGMA_PER_ROUND = 1.2  # ... plus this per future round (the projection grows less certain)
PASS_COIN = 1.0
BID_EXTRA = 1.3  # coins above the average minimum bid a future tile costs (outbidding, conquests)
OWED_STEEP = 3.0  # a reserved building a third of its cost short is as good as lost
QUAKE_PP = 2.5  # power points lost per wood or stone missing when the earthquake strikes (half a building)
BUILD_PP = 0.5  # per wood or stone missing for future buildings (a land instead of a building)


_AVERAGES: dict[int, tuple[tuple[float, ...], ...]] = {}


def stack_averages(cat: Catalogue) -> tuple[tuple[float, ...], ...]:
    """Per stack: mean (pp, inhabitants, food income, min bid, wood cost, stone cost, coin gain, buildings,
    other goods income) over its tiles; the future tiles of the projection are these averages."""
    cached = _AVERAGES.get(id(cat))
    if cached is not None:
        return cached
    out = []
    for s in range(3):
        tiles = [t for t in cat.tiles if t.stack == s]
        n = len(tiles)
        out.append(
            (
                sum(t.pp for t in tiles) / n,
                sum(t.gain_inhabitants for t in tiles) / n,
                sum(t.income_food for t in tiles) / n,
                sum(t.min_bid for t in tiles) / n,
                sum(t.cost_wood for t in tiles) / n,
                sum(t.cost_stone for t in tiles) / n,
                sum(t.gain_coins for t in tiles) / n,
                sum(1 for t in tiles if t.is_building) / n,
                sum(t.income_wood + t.income_stone + t.income_choice for t in tiles) / n,
            )
        )
    result = _AVERAGES[id(cat)] = tuple(out)
    return result


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


class Timeline:
    """What is still to come for everybody: incomes, tile rounds, supply rounds, disasters.

    ``checkpoints`` lists the supply rounds still to come as (incomes paid before it, share of the future tile
    rounds before it, disasters striking before it as a bitmask), the final supply round last.
    """

    __slots__ = (
        "averages",
        "checkpoints",
        "incomes",
        "open_free",
        "openness",
        "owed_by",
        "paid_after",
        "round",
        "steps",
        "supply_now",
        "tile_rounds",
        "totals",
    )

    round: int
    incomes: int
    tile_rounds: tuple[int, ...]  # rounds whose tile is still to be bid for (the current one included)
    checkpoints: tuple[tuple[float, float, int], ...]
    owed_by: float  # incomes before the next supply round at the earliest (reserved buildings are due)
    supply_now: bool  # a supply round is under way: fed, its reserved buildings due now
    averages: tuple[tuple[float, ...], ...]
    steps: list[list[tuple[Any, ...]] | None]  # per tiles_from (0, 1), built when first needed: see _steps
    paid_after: list[int]  # per tiles_from: incomes paid after the last future tile round
    totals: list[tuple[float, ...]]  # per tiles_from: see _totals
    openness: tuple[float, ...]  # per land mask: the share of the tiles left one could still add, less
    # that of a typical land (mask 7: no land yet)
    open_free: float  # the same for free placement (Barracks, Leptis Magna)


_STATIC: dict[int, tuple[Any, ...]] = {}


def _static(cat: Catalogue) -> tuple[Any, ...]:
    """Per catalogue: the supply tiles (stack, index), the disaster chits (chit index, disaster) and each
    tile's kind (-1 a building, else a land's income mask)."""
    cached = _STATIC.get(id(cat))
    if cached is None:
        supply = tuple((t.stack, t.index) for t in cat.tiles if t.supply)
        chits = tuple((c.index, c.disaster) for c in cat.chits if c.disaster >= 0 and c.disaster != PERSIANS)
        kinds = tuple(-1 if t.is_building else t.income_mask for t in cat.tiles)
        cached = _STATIC[id(cat)] = (supply, chits, kinds)
    return cached


_CLOSED = (0.0,) * 8
_OPEN: dict[tuple[tuple[int, ...], ...], tuple[tuple[float, ...], float]] = {}


def _openness(stacks: list[tuple[int, ...]], kinds: tuple[int, ...]) -> tuple[tuple[float, ...], float]:
    """Per land mask, the share of the tiles left in the stacks one could add, less that of the land one
    would typically take (mask 7: no land yet, which counts as typical); and the same for free placement.
    A pure function of the stacks, kept for the positions seen last."""
    key = (stacks[0], stacks[1], stacks[2])
    cached = _OPEN.get(key)
    if cached is not None:
        return cached
    lands_by_mask = [0] * 8
    total = 0
    for stack in stacks:
        total += len(stack)
        for t in stack:
            k = kinds[t]
            if k >= 0:
                lands_by_mask[k] += 1
    if total:
        lands = sum(lands_by_mask)
        buildings = total - lands
        raw = [(buildings + sum(lands_by_mask[k] for k in COMPATIBLE[m])) / total for m in range(8)]
        typical = sum(raw[m] * n for m, n in enumerate(lands_by_mask)) / lands if lands else 1.0
        cached = ((*(x - typical for x in raw[:ALL_GOODS]), 0.0), 1.0 - typical)
    else:
        cached = (_CLOSED, 0.0)
    if len(_OPEN) > 512:
        _OPEN.clear()
    _OPEN[key] = cached
    return cached


def timeline(s: PeloponnesState, *, openness: bool = True) -> Timeline:
    """What is still to come (see :class:`Timeline`). Without ``openness`` the land placement rule is left
    out: enough to compare options that do not change a seat's rightmost land."""
    tl = Timeline.__new__(Timeline)
    r = s.round
    income_pending = resolve_pending = reveal_pending = chits_pending = supply_now = game_end = False
    for task in s.tasks:
        kind = task[0]
        if kind in (step.INCOME, step.INCOME_FINISH):
            income_pending = True
        elif kind == step.RESOLVE_BIDS:
            resolve_pending = True
        elif kind == step.REVEAL:
            reveal_pending = True
        elif kind == step.CHITS:
            chits_pending = True
        elif kind in (step.FINISH, step.CONFLICT) or (kind == step.HIRE and task[2] == 1):
            supply_now = True
        elif kind == step.GAME_END:
            game_end = True
    if r == 0:
        incomes = ROUNDS
        first_tile = first_reveal = first_draw = 1
    else:
        incomes = ROUNDS - r + (1 if income_pending else 0)
        first_tile = r if resolve_pending else r + 1
        first_reveal = r if reveal_pending else r + 1
        first_draw = r if chits_pending else r + 1
    first_income = ROUNDS + 1 - incomes
    tl.round = r
    tl.incomes = incomes
    tile_rounds = tl.tile_rounds = tuple(range(first_tile, ROUNDS + 1))
    future = len(tile_rounds) or 1
    cat = s.cat
    supply_tiles, disaster_chits, kinds = _static(cat)
    # Supply rounds called by B05 (rounds 4-6) and C04 (rounds 7-8), while those tiles are face down; the
    # reserved buildings are due at the earliest of them.
    cps: list[list[Any]] = []
    owed_by = float(incomes)
    for stack, t in supply_tiles:
        if t not in s.stack_left[stack]:
            continue
        rounds = [x for x in range(first_reveal, ROUNDS + 1) if STACK_OF_ROUND[x] == stack]
        if not rounds:
            continue
        at = sum(rounds) / len(rounds)  # revealed at the start of that round, before its bidding and income
        before_incomes = at - first_income if at > first_income else 0.0
        soonest = rounds[0] - first_income
        if soonest < owed_by:
            owed_by = soonest if soonest > 0 else 0.0
        before_tiles = sum(1 for x in tile_rounds if x < at) + (at - int(at)) * 0.5
        cps.append([before_incomes, min(1.0, before_tiles / future), 0])
    cps.append([float(incomes), 1.0, 0])
    # Disasters: when the last of the chits a disaster still needs is expected to come up.
    left = s.s1 + s.s2 + len(s.under2)
    if left:
        per_round = s.g.chits_per_round[s.exp]
        threshold = s.g.disaster_threshold
        under2 = s.under2
        for c, d in disaster_chits:
            need = threshold - s.placed[d]
            if need <= 0:
                continue
            have = s.pool[c] + (under2.count(c) if under2 else 0)
            if have < need:
                continue
            position = need * (left + 1) / (have + 1)  # expected draw number of the chit that sets it off
            incomes_before = first_draw + (position - 1) / per_round - first_income + 1  # after the income
            if incomes_before > incomes + 1:
                continue  # not expected before the end (a position no real game reaches)
            for cp in cps:
                if incomes_before <= cp[0] + 0.5 or cp is cps[-1]:
                    cp[2] |= 1 << d
                    break
    # In the middle of a supply round (its feeding done, reserved buildings being paid now): the final one
    # has no feeding left to come.
    if supply_now:
        owed_by = 0.0
        if game_end:
            cps = []
    tl.supply_now = supply_now
    tl.owed_by = owed_by
    tl.checkpoints = tuple((a, b, c) for a, b, c in cps)
    tl.averages = stack_averages(cat)
    # How open each land mask leaves the future: the share of the tiles still in the stacks one could add.
    if openness:
        tl.openness, tl.open_free = _openness(s.stack_left, kinds)
    else:
        tl.openness, tl.open_free = _CLOSED, 0.0
    tl.steps = [None, None]
    tl.paid_after = [-1, -1]
    tl.totals = [(), ()]
    return tl


_FUTURE: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _future(tl: Timeline, tiles_from: int) -> list[tuple[Any, ...]]:
    """Fill the timeline's future tile rounds after skipping ``tiles_from`` (shared by every timeline with
    the same rounds to come: they depend on nothing else)."""
    key = (tl.incomes, tl.tile_rounds, tiles_from, ACQUIRE, BID_EXTRA, id(tl.averages))
    cached = _FUTURE.get(key)
    if cached is None:
        steps = _steps(tl, tiles_from)
        cached = (steps, _totals(steps), _paid_after(tl, tiles_from))
        if len(_FUTURE) > 256:
            _FUTURE.clear()
        _FUTURE[key] = cached
    tl.steps[tiles_from], tl.totals[tiles_from], tl.paid_after[tiles_from] = cached
    result: list[tuple[Any, ...]] = cached[0]
    return result


def _steps(tl: Timeline, tiles_from: int) -> list[tuple[Any, ...]]:
    """The future tile rounds after skipping ``tiles_from``: per round, the incomes paid before its bidding
    and the average tile of its stack (food and goods income over the rounds left)."""
    avgs = tl.averages
    next_income = ROUNDS + 1 - tl.incomes
    out: list[tuple[Any, ...]] = []
    for x in tl.tile_rounds[tiles_from:]:
        paid = 0
        while next_income < x:
            paid += 1
            next_income += 1
        a = avgs[STACK_OF_ROUND[x]]
        left = ROUNDS + 1 - x
        full = (paid, a[3] + BID_EXTRA, a[0], a[1], a[2] * left, a[4], a[5], a[7], a[8] * left, a[6])
        out.append((paid, full[1], a[1], a[6], full))
    return out


def _totals(steps: list[tuple[Any, ...]]) -> tuple[float, ...]:
    """(pp, inhabitants, food, wood, stone, buildings, goods, tiles) of the future tiles if every round's is
    bought (with the chance ACQUIRE)."""
    return (
        ACQUIRE * sum(x[4][2] for x in steps),
        ACQUIRE * sum(x[4][3] for x in steps),
        ACQUIRE * sum(x[4][4] for x in steps),
        ACQUIRE * sum(x[4][5] for x in steps),
        ACQUIRE * sum(x[4][6] for x in steps),
        ACQUIRE * sum(x[4][7] for x in steps),
        ACQUIRE * sum(x[4][8] for x in steps),
        ACQUIRE * len(steps),
    )


def _paid_after(tl: Timeline, tiles_from: int) -> int:
    rounds = tl.tile_rounds[tiles_from:]
    next_income = ROUNDS + 1 - tl.incomes
    if rounds:
        next_income = max(next_income, rounds[-1])
    return ROUNDS + 1 - next_income


def _pay_owed(h: Holdings, incomes: float, flex: float, later: float = 0.0) -> tuple[float, float]:
    """Pay the reserved buildings with the goods in after ``incomes`` more incomes, then with ``flex``
    (luxury goods and picks, as goods) but the ``later`` part of it that may not be in yet; returns (power
    points given up, flex left)."""
    wood = h.wood + h.wi * incomes
    stone = h.stone + h.si * incomes
    short = (h.owed_wood - wood if h.owed_wood > wood else 0.0) + (
        h.owed_stone - stone if h.owed_stone > stone else 0.0
    )
    if short <= 0:
        return 0.0, flex
    ready = flex - later
    pay = ready if ready < short else short
    if pay > 0:
        flex -= pay
        short -= pay
    if short <= 0:
        return 0.0, flex
    # A building one good short is lost whole: the loss rises steeply with what is missing.
    lost = OWED_STEEP * short / (h.owed_wood + h.owed_stone)
    return h.owed_pp * (lost if lost < 1 else 1.0), flex


def project(
    s: PeloponnesState,
    tl: Timeline,
    h: Holdings,
    *,
    tiles_from: int = 0,
    detail: dict[str, float] | None = None,
) -> tuple[float, float, float]:
    """(power points, population points, flexible points) at the end of the game, projected.

    ``tiles_from`` skips that many of the timeline's tile rounds (the current round's tile already settled).
    The flexible points are the part of the future tiles that can still go to either side.

    Units: luxury goods count as what they buy (``luxury_rate`` of them for a food, a good or a coin); the
    income "of choice" is one good or coin a round, wherever it is missing.
    """
    col = h.col
    incomes = tl.incomes
    checkpoints = tl.checkpoints
    # The future tiles, round by round as the coins allow (ACQUIRE: not every round brings one even then).
    # The totals assume every round's tile is bought; rounds the coins cannot pay for are taken off.
    coin_table = col.income_coins
    bands = BANDS
    # Lands must share a good with the rightmost land: a narrow one leaves fewer tiles to choose from.
    acquire = ACQUIRE * (1 + OPEN_WEIGHT * (tl.open_free if h.free_land else tl.openness[h.land_mask]))
    pass_coin = PASS_COIN
    grow = acquire * PICK_INH
    cash = h.coins
    inh_est = h.inh
    ii = h.ii
    steps = tl.steps[tiles_from]
    if steps is None:
        steps = _future(tl, tiles_from)
    f_pp, f_inh, f_food, f_w, f_s, f_nb, f_goods, n_future = tl.totals[tiles_from]
    if acquire != ACQUIRE:
        k = acquire / ACQUIRE
        f_pp *= k
        f_inh *= k
        f_food *= k
        f_w *= k
        f_s *= k
        f_nb *= k
        f_goods *= k
        n_future *= k
    missed = 0.0
    for paid_before, cost, inh_, coins_, step_ in steps:
        for _ in range(paid_before):
            cash += coin_table[bands[int(inh_est)] if 0 < inh_est < 20 else (0 if inh_est <= 0 else 7)]
            inh_est += ii
        if cash >= cost * acquire:
            cash += acquire * (coins_ - cost) + (1 - acquire) * pass_coin
            inh_est += grow * inh_
            continue
        buy = cash / cost if cash > 0 else 0.0
        short = acquire - buy
        missed += short * cost
        cash += buy * (coins_ - cost) + (1 - buy) * pass_coin
        inh_est += buy * inh_ * PICK_INH
        n_future -= short
        f_pp -= short * step_[2]
        f_inh -= short * inh_
        f_food -= short * step_[4]
        f_w -= short * step_[5]
        f_s -= short * step_[6]
        f_nb -= short * step_[7]
        f_goods -= short * step_[8]
    paid_after = tl.paid_after[tiles_from]
    while paid_after:
        cash += coin_table[bands[int(inh_est)] if 0 < inh_est < 20 else (0 if inh_est <= 0 else 7)]
        inh_est += ii
        paid_after -= 1
    f_pp *= PICK_PP
    f_inh *= PICK_INH
    f_food *= PICK_FOOD
    f_goods *= 0.4  # wood or stone: half each, some of it "of choice"
    # Luxury by the inhabitant track, at the population expected halfway.
    mid_inh = (h.inh + inh_est) * 0.5
    lux_rate = col.income_luxury[BANDS[int(mid_inh)] if 0 < mid_inh < 20 else (0 if mid_inh <= 0 else 7)]
    rate = col.luxury_rate
    prot = h.prot
    lost_pp = 0.0
    # Wood and stone left for the future buildings and an earthquake; the excess over storage is luxury.
    wood = h.wood + h.wi * incomes + f_goods - h.owed_wood
    stone = h.stone + h.si * incomes + f_goods - h.owed_stone
    quake = 0.0
    tempest = 0.0
    for _, share, dis in checkpoints:
        if dis >> EARTHQUAKE & 1 and not prot >> EARTHQUAKE & 1:
            quake = (h.nb + f_nb * share) * col.earthquake_cost
        if dis >> TEMPEST & 1 and not prot >> TEMPEST & 1:
            tempest = (h.nl + (n_future - f_nb) * share) * col.tempest_cost
    if wood < 0:
        wood = 0.0
    if stone < 0:
        stone = 0.0
    quake_short = (quake - wood if quake > wood else 0.0) + (quake - stone if quake > stone else 0.0)
    wood = wood - quake if wood > quake else 0.0
    stone = stone - quake if stone > quake else 0.0
    build_short = (f_w - wood if f_w > wood else 0.0) + (f_s - stone if f_s > stone else 0.0)
    spare = 0.0
    if wood - f_w > col.max_wood:
        spare += wood - f_w - col.max_wood
    if stone - f_s > col.max_stone:
        spare += stone - f_s - col.max_stone
    # Feeding, segment by segment up to each supply round.
    inh = h.inh
    food = h.food
    flex = h.lux / rate
    # Luxury goods (income, and goods over the storage limits) and the picks "of choice" (a good or a coin).
    flex_rate = lux_rate / rate + h.ci + (spare / rate / incomes if incomes else 0.0)
    owed = h.owed_wood + h.owed_stone
    cap = col.max_food
    per_food = col.inhabitants_per_food
    penelope = 2.0 if h.penelope else 0.0
    fi = h.fi
    food_rate = f_food / incomes if incomes else 0.0
    prev_inc = 0.0
    prev_share = 0.0
    starved = plague = 0.0
    if owed > 0 and tl.supply_now:
        lost_pp, flex = _pay_owed(h, 0.0, flex)
        owed = 0.0
    for inc, share, dis in checkpoints:
        d_inc = inc - prev_inc
        food += (fi + food_rate * (prev_share + share)) * d_inc
        inh += h.ii * d_inc + f_inh * (share - prev_share)
        flex += flex_rate * d_inc
        if food > cap:
            flex += (food - cap) / rate
            food = cap
        hit = dis & ~prot
        if hit:
            if hit >> PLAGUE & 1:
                plague = inh / 3
                inh -= plague
            if hit >> DROUGHT & 1:
                food -= food / (2 if col.drought_half else 3)
            if hit >> TEMPEST & 1:
                food -= tempest
            if hit >> DECLINE & 1:
                lux_now = flex * rate
                flex -= (lux_now if col.decline_all else (lux_now if lux_now < 10 else 10.0)) / rate
        need = inh / per_food - penelope
        if need > 0:
            if food >= need:
                food -= need
            else:
                need -= food if food > 0 else 0.0
                food = 0.0
                if flex >= need:
                    flex -= need
                else:
                    need -= flex if flex > 0 else 0.0
                    flex = 0.0
                    inh -= need * per_food
                    starved += need * per_food
        if owed > 0:
            # Reserved buildings are paid now, after the feeding, with the goods in by then (luxury goods
            # and picks make up the rest); what cannot be paid is given up.
            soon = tl.owed_by if tl.owed_by < inc else inc
            lost_pp, flex = _pay_owed(h, soon, flex, flex_rate * (inc - soon))
            owed = 0.0
        if flex < 0:
            flex = 0.0
        prev_inc = inc
        prev_share = share
    # Luxury goods left buy the missing wood and stone: for the earthquake first, then new buildings.
    if quake_short > 0:
        pay = flex if flex < quake_short else quake_short
        flex -= pay
        lost_pp += (quake_short - pay) * QUAKE_PP
    if build_short > 0:
        pay = flex if flex < build_short else build_short
        flex -= pay
        lost_pp += (build_short - pay) * BUILD_PP
    # Coins left at the end are power points; so are the picks "of choice" left (a coin each). Luxury goods
    # left only count where they would have paid for tiles the coins could not.
    picks = h.ci * incomes
    if flex > picks:
        lux_left = flex - picks
        flex = picks + (lux_left if lux_left < missed else missed)
    left = cash + flex - tempest
    if left < 0:
        left = 0.0
    pp = h.pp - lost_pp + f_pp + left / h.cpp
    if inh < 0:
        inh = 0.0
    pop = inh * col.inhabitant_points + h.mercs
    if detail is not None:
        detail.update(
            future_tiles=n_future,
            future_pp=f_pp,
            future_inh=f_inh,
            future_food=f_food,
            lost_pp=lost_pp,
            coins_left=left,
            inhabitants=inh,
            starved=starved,
            plague=plague,
        )
    return pp, pop, FLEX_PER_TILE * n_future


def combine(pp: float, pop: float, flexible: float, clover_points: float, sigma: float) -> float:
    """The final score a projection is worth: cloverleaves and flexible points shore up the lower side, then a
    smooth minimum (width ``sigma``) for the uncertainty of what is still to come."""
    low, high = (pp, pop) if pp < pop else (pop, pp)
    # Cloverleaves add to the lower side until the two meet, then to both halves.
    if clover_points:
        gap = high - low
        if clover_points <= gap:
            low += clover_points
        else:
            low = high = (low + high + clover_points) / 2
    if flexible:
        gap = high - low
        move = flexible if flexible * 2 <= gap else gap / 2
        low += move
        high -= move
    diff = high - low
    return (low + high - math.sqrt(diff * diff + sigma * sigma)) / 2 + sigma / 2


def sigma_for(tl: Timeline) -> float:
    return SIGMA_END + SIGMA_PER_ROUND * len(tl.tile_rounds)


def worth(s: PeloponnesState, tl: Timeline, h: Holdings, *, tiles_from: int = 0) -> float:
    """The projected final score of these holdings (see :func:`combine`)."""
    pp, pop, flexible = project(s, tl, h, tiles_from=tiles_from)
    return combine(pp, pop, flexible, s.g.cloverleaf_value * h.clovers, sigma_for(tl))
