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
candidate tile by adding it to a :class:`~hellenika.games.peloponnes.holdings.Holdings` and projecting again.
What is still to come for everybody is the :class:`~hellenika.games.peloponnes.timeline.Timeline`'s; a
civilization's numbers are its :class:`~hellenika.games.peloponnes.holdings.Holdings`; the projection over
both, and the score it is worth, are here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PLAGUE,
    TEMPEST,
)
from hellenika.games.peloponnes.economy import BAND
from hellenika.games.peloponnes.timeline import ACQUIRE, _future

if TYPE_CHECKING:
    from hellenika.games.peloponnes.holdings import Holdings
    from hellenika.games.peloponnes.state import PeloponnesState
    from hellenika.games.peloponnes.timeline import Timeline

BANDS = BAND  # income band by inhabitants (0-19; 20 and more: band 7)
# The future tiles (:mod:`timeline`) are the stacks' average tiles, corrected by how players choose them
# (measured on heuristic self-play: a little fewer power points, more inhabitants and food than the average
# tile).
OPEN_WEIGHT = 2.0  # how much fewer tiles to choose from cost (the land placement rule)
PICK_PP = 0.95
PICK_INH = 1.15
PICK_FOOD = 1.3
FLEX_PER_TILE = 1.5  # points a future tile can move between power and population (which tiles one picks)
SIGMA_END = 1.5  # smooth-min width at the end of the game ...
SIGMA_PER_ROUND = 1.2  # ... plus this per future round (the projection grows less certain)
PASS_COIN = 1.0
OWED_STEEP = 3.0  # a reserved building a third of its cost short is as good as lost
QUAKE_PP = 2.5  # power points lost per wood or stone missing when the earthquake strikes (half a building)
BUILD_PP = 0.5  # per wood or stone missing for future buildings (a land instead of a building)


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
