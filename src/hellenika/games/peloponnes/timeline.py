"""What is still to come in a Peloponnes game, for everybody: the incomes still to be paid, the rounds whose
tile is still to be bid for, the supply rounds still to come (the final one, and those B05 and C04 call while
they are face down) and the disasters expected to strike before each of them (spec §4-§6). The
:class:`Timeline` of a position is shared by every seat's projection (:mod:`projection`); so are the stacks'
average tiles the projection's future tiles are made of, and the tables here that depend only on the
catalogue or on what the stacks still hold (cached).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import PERSIANS, Catalogue

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

ROUNDS = 8
ALL_GOODS = 7  # a land mask sharing a good with every land: placement is free
COMPATIBLE = tuple(tuple(k for k in range(8) if k & m) for m in range(8))  # land masks sharing a good
# Rounds drawing from each stack (A 1-3, B 4-6, C 7-8).
STACK_OF_ROUND = (0, 0, 0, 0, 1, 1, 1, 2, 2)  # index: round (0 = before the game)
# The future tiles are the stacks' average tiles, corrected by how players choose them (measured on
# heuristic self-play: a coin or so above the minimum bid, and a tile in about 5 rounds of 6; what they
# bring is corrected in :mod:`projection`).
ACQUIRE = 0.85  # chance of taking a tile in a future round the coins would pay for
BID_EXTRA = 1.3  # coins above the average minimum bid a future tile costs (outbidding, conquests)


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
