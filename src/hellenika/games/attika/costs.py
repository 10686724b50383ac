"""What a building costs on a space, and where a player can build it now (spec §5.2-§5.6).

On space c, player p's building B is **free** when c is next to p's own predecessor of B (§5.4; a street's
predecessor is a street, §5.5). Otherwise p owes the cost after reductions R' (§5.2; a street: 5 any, less
every symbol around, §5.5) plus the surcharge S, the number of p's settlements, when c has no own building
next to it (§5.6).

:func:`buildable` answers "where may B go?" for the whole board at once with bitmasks: the spaces next to
the predecessor, plus, for every reduction vector d whose remaining cost the hand can pay, the empty spaces
offering at least d (``reductions.py``), split by surcharge (next to an own building or not).
"""

from __future__ import annotations

from itertools import compress, product
from typing import TYPE_CHECKING

from hellenika.games.attika import reductions
from hellenika.games.attika.catalogue import Building, Catalogue, Vector

if TYPE_CHECKING:
    from hellenika.games.attika.fields import AttikaFields

ZERO: Vector = (0, 0, 0, 0)


def predecessor_cells(s: AttikaFields, p: int, b: int) -> int:
    """Empty spaces where p's building b would be free (next to p's own predecessor)."""
    pred = s.cat.buildings[b].pred
    if pred < 0:
        return 0
    cells = s.tmask[p * s.types + pred]
    if not cells:
        return 0
    return s.board.adjacent(cells) & s.board.full & ~s.occ


def requirement(s: AttikaFields, p: int, b: int, c: int) -> tuple[bool, Vector, int]:
    """(free, R', generic) for p's building b on empty space c; generic = surcharge (+ a street's cost)."""
    board = s.board
    _, pred_type, street = s.g.building_facts[b]
    if pred_type >= 0:
        pred = s.tmask[p * s.types + pred_type]
        if pred and board.nbm[c] & pred:
            return True, ZERO, 0
    surcharge = 0 if s.ownadj[p] >> c & 1 else len(s.comps[p])
    w, m, f, h, total = reductions.counts_at(board, c, board.full & ~s.occ)
    if street:
        return False, ZERO, max(0, street - total) + surcharge
    cw, cm, cf, ch = s.cat.buildings[b].cost
    # max(0, cost - reduction) per type, as conditional expressions (cheaper than four calls of max)
    rest = (
        cw - w if cw > w else 0,
        cm - m if cm > m else 0,
        cf - f if cf > f else 0,
        ch - h if ch > h else 0,
    )
    return False, rest, surcharge


def reductions_at(s: AttikaFields, c: int) -> Vector:
    """Symbols of each type that reduce a cost on empty space c (its own and its empty neighbours')."""
    w, m, f, h, _ = reductions.counts_at(s.board, c, s.board.full & ~s.occ)
    return (w, m, f, h)


def buildable(s: AttikaFields, p: int, b: int) -> int:
    """Mask of empty spaces where p can build b now, free or paid from the hand."""
    board = s.board
    empty = board.full & ~s.occ
    if not empty:
        return 0
    _, pred_type, street = s.g.building_facts[b]
    mask = 0
    if pred_type >= 0:
        pred = s.tmask[p * s.types + pred_type]
        if pred:
            around = board.adjacent_memo.get(pred)  # board.adjacent_cached, its lookup inline
            if around is None:
                around = board.adjacent_cached(pred)
            mask = around & empty
    near = empty & s.ownadj[p]
    far = empty & ~near
    settlements = len(s.comps[p])
    red = s.red
    cat = s.cat
    levels = cat.max_level
    hand = s.hands[p]
    key = s.g.hand_keys.get(hand)  # hand_key, its lookup inline
    if key is None:
        key = hand_key(s.g.hand_keys, hand, levels)
    size, shape = key
    if street:
        mask |= reductions.total_at_least(red, street - size, near, levels)
        mask |= reductions.total_at_least(red, street + settlements - size, far, levels)
        return mask
    max_points = cat.max_points
    table = s.g.affordable
    types = s.types
    # The two regions written out, as in buildable_types; a hand smaller than the surcharge pays nothing.
    if near:
        options = table[(((size if size < max_points else max_points) + 1) * _SHAPES + shape) * types + b]
        if options is _UNKNOWN:
            options = affordable_reductions(table, cat.buildings[b], size, shape, levels, max_points)
        if options is None:  # the full cost is affordable: every space of the region
            mask |= near
        else:
            for masks in options:
                cells = near
                for i in masks:
                    cells &= red[i]
                mask |= cells
    slack = size - settlements
    if far and slack >= 0:
        options = table[(((slack if slack < max_points else max_points) + 1) * _SHAPES + shape) * types + b]
        if options is _UNKNOWN:
            options = affordable_reductions(table, cat.buildings[b], slack, shape, levels, max_points)
        if options is None:
            mask |= far
        else:
            for masks in options:
                cells = far
                for i in masks:
                    cells &= red[i]
                mask |= cells
    return mask


_UNKNOWN: tuple[tuple[int, ...], ...] = ((-1,),)
_SHAPES = 256  # > (levels + 1) ** 4 for levels <= 3
_CAPPED: dict[int, tuple[int, ...]] = {}  # levels -> min(n, levels) for every count n a hand can hold


def hand_shape(hand: Vector, levels: int) -> int:
    """The hand's counts capped at ``levels`` (2), as one small int: all that matters for payability."""
    cap = _CAPPED.get(levels)
    if cap is None:
        cap = _CAPPED[levels] = tuple(min(n, levels) for n in range(_MAX_COUNT + 1))
    base = levels + 1
    return cap[hand[0]] + base * (cap[hand[1]] + base * (cap[hand[2]] + base * cap[hand[3]]))


def hand_key(known: dict[Vector, tuple[int, int]], hand: Vector, levels: int) -> tuple[int, int]:
    """(size, :func:`hand_shape`) of a hand, memoised in ``known`` (the game's: one entry per hand seen, at
    most 16 ** 4 with the supply's 15 cards of each type)."""
    key = known.get(hand)
    if key is None:
        key = known[hand] = (hand[0] + hand[1] + hand[2] + hand[3], hand_shape(hand, levels))
    return key


_MAX_COUNT = 255  # more cards of one type than any hand can hold (the supply has 15 of each)


def _slack_key(slack: int, max_points: int) -> int:
    """The slack's place in the memo table: 0 for a negative slack, else min(slack, max_points) + 1, times
    the shapes (so that adding the hand's shape gives the entry)."""
    return (0 if slack < 0 else (slack if slack < max_points else max_points) + 1) * _SHAPES


_Options = tuple[tuple[int, ...], ...] | None


def affordable_table(cat: Catalogue) -> list[_Options]:
    """The memo table of :func:`affordable_reductions` for a catalogue (the game keeps it), every key held at
    once (``_UNKNOWN`` until worked out) so the hot paths index it with no bounds check: entry ``(slack key
    + shape) * types + b`` (:func:`_slack_key`, :func:`hand_shape`). The building type varies fastest, so
    the entries one hand reads for the buildings of a storage board lie together (a few cache lines, where
    a block per building spread them over the whole table)."""
    return [_UNKNOWN] * ((cat.max_points + 2) * _SHAPES * len(cat.buildings))


def affordable_reductions(
    table: list[_Options], building: Building, slack: int, shape: int, levels: int, max_points: int
) -> _Options:
    """The least reductions d (as level-mask indices) with which a hand pays the building plus a surcharge;
    None when no reduction is needed.

    Whether R' = R - d is payable depends on the hand only through its size less the surcharge (``slack``:
    below 0 nothing is payable, from ``max_points`` = 2|R| everything is) and its counts capped at the most
    symbols of one type a cost has (``shape``, :func:`hand_shape`), so the answer is memoised on those, in a
    flat table indexed by one int (``table``, :func:`affordable_table`; hot path: every phase-A decision asks
    it for each building on the storage board). A miss fills the entries of every slack at once
    (:func:`_fill`).
    """
    types = len(table) // ((max_points + 2) * _SHAPES)
    key = (_slack_key(slack, max_points) + shape) * types + building.index
    if table[key] is _UNKNOWN:
        _fill(table, building, shape, levels, max_points)
    return table[key]


def _fill(
    table: list[_Options],
    building: Building,
    shape: int,
    levels: int,
    max_points: int,
) -> None:
    """Work out :func:`affordable_reductions` for ``building`` and ``shape`` at every slack, and store it
    under every shape alike for this building: a hand's cards of a type beyond the building's symbols of
    that type pay nothing more, so shapes that agree once capped at the cost have the same answers (the
    table then fills after a few hundred misses, not thousands)."""
    base = levels + 1
    counts = [shape // base**t % base for t in range(4)]
    cost = building.cost
    held = [min(counts[t], cost[t]) for t in range(4)]
    choices = [range(cost[t], base) if counts[t] >= cost[t] else (counts[t],) for t in range(4)]
    alike = [a + base * (b + base * (c + base * d)) for a, b, c, d in product(*choices)]
    types = len(table) // ((max_points + 2) * _SHAPES)
    # How many cards more than the surcharge each reduction's remaining cost needs (payment.shortfall,
    # written out): worked out once, then compared with every slack.
    h0, h1, h2, h3 = held
    needs = []
    for d, (r0, r1, r2, r3), levels_of_d in building.reductions:
        need = 2 * (r0 + r1 + r2 + r3) - min(r0, h0) - min(r1, h1) - min(r2, h2) - min(r3, h3)
        needs.append((need, d, levels_of_d))
    for slack in range(-1, max_points + 1):
        result = _least_reductions(needs, slack)
        key = _slack_key(slack, max_points)
        for other in alike:
            table[(key + other) * types + building.index] = result


def _least_reductions(needs: list[tuple[int, Vector, tuple[int, ...]]], slack: int) -> _Options:
    """:func:`affordable_reductions` for a hand ``slack`` cards larger than the surcharge, given what each
    reduction (fewest first) needs (see :func:`_fill`)."""
    found: list[Vector] = []
    masks: list[tuple[int, ...]] = []
    for need, d, levels in needs:
        if need > slack:
            continue
        if not levels:
            return None
        d0, d1, d2, d3 = d
        if any(f[0] <= d0 and f[1] <= d1 and f[2] <= d2 and f[3] <= d3 for f in found):
            continue  # a smaller reduction already pays: its spaces include these
        found.append(d)
        masks.append(levels)
    return tuple(masks)


def building_facts(cat: Catalogue) -> tuple[tuple[int, int, int], ...]:
    """Per building type, what the hot paths ask of it: (its index, predecessor or -1, a street's cost
    or 0)."""
    return tuple((b.index, b.pred, b.generic if b.is_street else 0) for b in cat.buildings)


def buildable_types(s: AttikaFields, p: int) -> list[int]:
    """Building types on p's storage board that p can build somewhere now (phase A's ``build`` choices).

    The same test as :func:`buildable`, answered per type with an early exit, and with the hand's shape and
    the two regions (next to an own building or not) worked out once for all types. The near region is
    tried first: it is the one that usually exists (the far one only when the hand covers the surcharge).
    """
    board = s.board
    empty = board.full & ~s.occ
    if not empty:
        return []
    g = s.g
    hand = s.hands[p]
    key = g.hand_keys.get(hand)  # hand_key, its lookup inline
    if key is None:
        key = hand_key(g.hand_keys, hand, s.cat.max_level)
    size, shape = key
    near = empty & s.ownadj[p]
    red = s.red
    tmask = s.tmask
    offset = p * s.types
    table = g.affordable
    types = s.types
    adjacent = board.adjacent_memo  # board.adjacent_cached, its lookup inline
    # Each region's key into the memo table less the building type (affordable_table). A hand smaller than
    # the surcharge pays nothing in the far region (affordable_reductions would find no option): no region.
    max_points = s.cat.max_points
    near_key = (((size if size < max_points else max_points) + 1) * _SHAPES + shape) * types
    slack = size - len(s.comps[p])
    if slack < 0:
        far = far_key = 0
    else:
        far = empty & ~near
        far_key = (((slack if slack < max_points else max_points) + 1) * _SHAPES + shape) * types
    out = []
    for b, pred, street in compress(g.building_facts, s.storage[p]):
        if pred >= 0:
            cells = tmask[offset + pred]
            if cells:
                around = adjacent.get(cells)
                if around is None:
                    around = board.adjacent_cached(cells)
                if around & empty:
                    out.append(b)
                    continue
        if street:
            # reductions.total_at_least in each region: spaces with at least k symbols of any type around.
            street_base = 4 * s.cat.max_level
            street_levels = len(red) - street_base
            for region, k in ((near, street - size), (far, street - slack)):
                if region and (k <= 0 or (k <= street_levels and region & red[street_base + k - 1])):
                    out.append(b)
                    break
            continue
        # The two regions, written out (a loop over them cost more than the checks).
        if near:
            options = table[near_key + b]
            if options is None:  # the full cost is affordable
                out.append(b)
                continue
            if options is _UNKNOWN:
                options = affordable_reductions(
                    table, s.cat.buildings[b], size, shape, s.cat.max_level, max_points
                )
                if options is None:
                    out.append(b)
                    continue
            for masks in options:
                cells = near
                for i in masks:
                    cells &= red[i]
                if cells:
                    break
            else:
                cells = 0
            if cells:
                out.append(b)
                continue
        if far:
            options = table[far_key + b]
            if options is None:
                out.append(b)
                continue
            if options is _UNKNOWN:
                options = affordable_reductions(
                    table, s.cat.buildings[b], slack, shape, s.cat.max_level, max_points
                )
                if options is None:
                    out.append(b)
                    continue
            for masks in options:
                cells = far
                for i in masks:
                    cells &= red[i]
                if cells:
                    out.append(b)
                    break
    return out
