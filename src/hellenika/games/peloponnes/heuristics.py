"""The evaluation of a Peloponnes position for one seat (greedy bot, search cut-offs): the projected standing.

Each participant's value is the final score its civilization is heading for (``projection.py``: income,
future tiles, feeding in the supply rounds, the disasters still to strike, what is owed), not its current
score: early on, a civilization of hungry inhabitants or one with no coins left for the coming tiles is worth
less than its score suggests. On top of that:

- a tile won or bid on but not yet placed counts as owned (a bid that can still be outbid a little less), a
  bid being named counts as made at the least amount, so a one-step look-ahead sees what a bid is for;
- with the expansion, the next internal conflict is counted as the strengths stand (the strongest takes an
  inhabitant and a cloverleaf from the weakest), and strength is worth a little beyond it (later conflicts,
  the Persians);
- solo against Angelos, his projected score (his tiles, one more a round) is the one to beat.

The value of a seat is its projection minus the best other participant's (the score itself in the base solo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.bidding import least_bid
from hellenika.games.peloponnes.holdings import Holdings, add_tile, holdings
from hellenika.games.peloponnes.projection import combine, sigma_for, worth
from hellenika.games.peloponnes.timeline import STACK_OF_ROUND, Timeline, stack_averages, timeline

if TYPE_CHECKING:
    from hellenika.games.peloponnes.catalogue import Tile
    from hellenika.games.peloponnes.state import PeloponnesState

PENDING = 0.85  # a bid that a later bidder may still take over
STRENGTH = 0.15  # per strength point, beyond the next conflict
LATER_CONFLICT = 0.5  # weight of a conflict still to come (strengths and the turn order can change)
# Angelos takes the tile with the most power points of his row: measured against the stacks' average tiles,
# about a fifth more power points and a third fewer inhabitants.
# He loses about a tile in three again (internal conflicts the player wins, a lost second Persian attack).
ANGELOS_PP = 1.2 * 0.7
ANGELOS_INH = 0.7 * 0.7


def acted(s: PeloponnesState) -> tuple[int, ...]:
    """Seats that have made their one bidding move this round (while the bidding is open)."""
    for task in s.tasks:
        kind = task[0]
        if kind == step.BID:
            return s.order[: task[2]]
        if kind in (step.BIDDING, step.REVEAL, step.SOLO_TAKE):
            return ()
    return s.order


def claimed(s: PeloponnesState, p: int, h: Holdings, later: bool) -> Holdings:
    """``h`` with the tile ``p`` has won, bid on or is placing this round (not yet among his tiles)."""
    tiles = s.cat.tiles
    if s.won[p] >= 0:
        return add_tile(s, p, h, tiles[s.won[p]], 0, paid=True)
    if s.tasks:
        top = s.tasks[-1]
        if top[0] == step.BUILD and top[1] == p:
            return add_tile(s, p, h, tiles[top[2]], 0, paid=True)
        if top[0] == step.AMOUNT and top[1] == p:
            t = top[2]
            price = least_bid(s, p, s.row.index(t))
            return add_tile(s, p, h, tiles[t], price, credit=PENDING if later else 1.0)
        if top[0] == step.DISPLACED and top[1] == p:
            h = h.copy()
            h.coins += s.bid_coins[p] + s.g.pass_coins  # at worst he takes them back
            return h
    slot = s.bid_slot[p]
    if 0 <= slot < len(s.row):
        credit = PENDING if later else 1.0
        n = add_tile(s, p, h, tiles[s.row[slot]], 0, credit=credit, paid=True)
        if credit < 1:
            n.coins += (1 - credit) * (s.bid_coins[p] + s.g.pass_coins)
        return n
    return h


def conflict_shift(s: PeloponnesState, tl: Timeline) -> list[float]:
    """How many inhabitants and cloverleaves each participant is expected to win (+) or lose (-) at the next
    internal conflict. Under way, it is decided as the strengths and the turn order stand; before that,
    strengths can still change and the turn order will, so only a clear lead counts, and by half."""
    out = [0.0] * s.n
    if not s.exp or s.n < 2:
        return out
    pending = any(task[0] == step.CONFLICT for task in s.tasks)
    if not pending and not tl.checkpoints:
        return out
    weight = 1.0 if pending else LATER_CONFLICT
    if s.angelos >= 0:
        a = s.angelos
        mine, his = s.strength[0], s.strength[a]
        if mine > his or (mine == his and s.cols[0].wins_solo_ties):
            out[0], out[a] = weight, -weight
        else:
            out[0], out[a] = -weight, weight
        return out
    from hellenika.games.peloponnes.supply import strongest_and_weakest

    strongest, weakest = strongest_and_weakest(s)
    strengths = s.strength
    for group, sign in ((strongest, 1.0), (weakest, -1.0)):
        for p in group:
            tied = sum(1 for q in range(s.num_players) if strengths[q] == strengths[p])
            if pending or tied == 1:
                out[p] += sign * weight
            else:  # a tie broken by a turn order still to change: shared among the tied
                out[p] += sign * weight / tied
                for q in range(s.num_players):
                    if q != p and strengths[q] == strengths[p]:
                        out[q] += sign * weight / tied
    return out


def seat_value(s: PeloponnesState, p: int, tl: Timeline, shift: float, moved: tuple[int, ...]) -> float:
    h = holdings(s, p)
    tiles_from = 0
    if tl.tile_rounds and tl.tile_rounds[0] == tl.round and p in moved:
        tiles_from = 1
        later = len(moved) < len(s.order) and not s.solo
        h = claimed(s, p, h, later)
    if shift:
        h = h.copy()
        h.inh = max(0.0, h.inh + shift)
        h.clovers = max(0.0, h.clovers + shift)
    value = worth(s, tl, h, tiles_from=tiles_from)
    if s.exp:
        value += STRENGTH * s.strength[p]
    return value


def angelos_value(
    s: PeloponnesState,
    tl: Timeline,
    shift: float,
    taken: Tile | None = None,
    strength_gain: int = 0,
) -> float:
    """Angelos' projected score: his tiles, one more each round to come (he picks the most power points);
    with ``taken``, the tile he takes this round (and the strength it brings), the rounds after it to come."""
    from hellenika.games.peloponnes.scoring import parts

    a = s.angelos
    power, population = parts(s, a)
    pp = float(sum(power.values()))
    pop = float(sum(population.values()))
    rounds = tl.tile_rounds
    if taken is not None:
        pp += taken.pp + taken.gain_coins / 3
        pop += 3 * taken.gain_inhabitants
        rounds = rounds[1:]
    avgs = stack_averages(s.cat)
    for x in rounds:
        avg = avgs[STACK_OF_ROUND[x]]
        pp += avg[0] * ANGELOS_PP + avg[6] / 3
        pop += 3 * avg[1] * ANGELOS_INH
    clovers = max(0.0, s.clovers[a] + shift)
    # The conflicts after the next one: the player wins about two in three (he loses a tile with an
    # inhabitant and a cloverleaf; when he wins, he gains a cloverleaf and a population coin).
    later = max(0, len(tl.checkpoints) - (0 if any(task[0] == step.CONFLICT for task in s.tasks) else 1))
    pp -= 2.0 * later
    pop -= 1.6 * later
    clovers = max(0.0, clovers - 0.3 * later)
    if s.pcount < s.g.persian_attacks[-1]:
        pp -= 2.0  # a lost second Persian attack takes his tile with the most power points
    if shift > 0:
        pop += shift  # a population coin
    elif shift < 0:
        pp += 3 * shift  # a tile with an inhabitant
        pop += 3 * shift
    value = combine(pp, pop, 0.0, s.g.cloverleaf_value * clovers, sigma_for(tl))
    return value + STRENGTH * min(s.g.strength_cap, s.strength[a] + strength_gain)


def values(s: PeloponnesState) -> list[float]:
    """Every participant's projected final score (plus the small strength term with the expansion).

    Once only the cloverleaves are left to assign, nothing is uncertain any more: the scores are exact, with
    the split each player chose and the best split for those still to choose (a projection would treat every
    cloverleaf as still free, so every split would look the same)."""
    if s.tasks and s.tasks[-1][0] == step.CLOVERS:
        return scoring.totals(s)
    tl = timeline(s)
    shift = conflict_shift(s, tl)
    moved = acted(s) if tl.tile_rounds and tl.tile_rounds[0] == tl.round and s.round > 0 else ()
    out = []
    for p in range(s.n):
        if p == s.angelos:
            out.append(angelos_value(s, tl, shift[p]))
        else:
            out.append(seat_value(s, p, tl, shift[p], moved))
    return out


def evaluate(s: PeloponnesState, seat: int) -> float:
    if s.is_terminal():
        scores = s.scores()
        if s.n == 1:
            return scores[0]
        return scores[seat] - max(v for p, v in enumerate(scores) if p != seat)
    vals = values(s)
    if s.n == 1:
        return vals[0]
    return vals[seat] - max(v for p, v in enumerate(vals) if p != seat)


__all__ = ["evaluate", "values"]
