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

from typing import TYPE_CHECKING

from hellenika.games.attika import reductions
from hellenika.games.attika.catalogue import Building, Vector
from hellenika.games.attika.payment import can_pay

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

ZERO: Vector = (0, 0, 0, 0)


def predecessor_cells(s: AttikaState, p: int, b: int) -> int:
    """Empty spaces where p's building b would be free (next to p's own predecessor)."""
    pred = s.cat.buildings[b].pred
    if pred < 0:
        return 0
    cells = s.tmask[p * s.types + pred]
    if not cells:
        return 0
    return s.board.adjacent(cells) & s.board.full & ~s.occ


def requirement(s: AttikaState, p: int, b: int, c: int) -> tuple[bool, Vector, int]:
    """(free, R', generic) for p's building b on empty space c; generic = surcharge (+ a street's cost)."""
    board = s.board
    building = s.cat.buildings[b]
    if building.pred >= 0:
        pred = s.tmask[p * s.types + building.pred]
        if pred and board.nbm[c] & pred:
            return True, ZERO, 0
    surcharge = 0 if s.ownadj[p] >> c & 1 else len(s.comps[p])
    w, m, f, h, total = reductions.counts_at(board, c, board.full & ~s.occ)
    if building.is_street:
        return False, ZERO, max(0, building.generic - total) + surcharge
    cw, cm, cf, ch = building.cost
    return False, (max(0, cw - w), max(0, cm - m), max(0, cf - f), max(0, ch - h)), surcharge


def reductions_at(s: AttikaState, c: int) -> Vector:
    """Symbols of each type that reduce a cost on empty space c (its own and its empty neighbours')."""
    w, m, f, h, _ = reductions.counts_at(s.board, c, s.board.full & ~s.occ)
    return (w, m, f, h)


def buildable(s: AttikaState, p: int, b: int) -> int:
    """Mask of empty spaces where p can build b now, free or paid from the hand."""
    board = s.board
    empty = board.full & ~s.occ
    if not empty:
        return 0
    building = s.cat.buildings[b]
    mask = 0
    if building.pred >= 0:
        pred = s.tmask[p * s.types + building.pred]
        if pred:
            mask = board.adjacent(pred) & empty
    hand = s.hands[p]
    near = empty & s.ownadj[p]
    far = empty & ~near
    settlements = len(s.comps[p])
    red = s.red
    levels = s.cat.max_level
    if building.is_street:
        size = hand[0] + hand[1] + hand[2] + hand[3]
        base = building.generic
        mask |= reductions.total_at_least(red, base - size, near, levels)
        mask |= reductions.total_at_least(red, base + settlements - size, far, levels)
        return mask
    size = hand[0] + hand[1] + hand[2] + hand[3]
    shape = hand_shape(hand, levels)
    for region, surcharge in ((near, 0), (far, settlements)):
        if not region:
            continue
        options = affordable_reductions(building, size - surcharge, shape, hand, surcharge, s.cat.max_points)
        if options is None:  # the full cost is affordable: every space of the region
            mask |= region
        else:
            for masks in options:
                mask |= reductions.at_least(red, masks, region)
    return mask


_UNKNOWN: tuple[tuple[int, ...], ...] = ((-1,),)
_AFFORDABLE: list[tuple[tuple[int, ...], ...] | None] = []


def hand_shape(hand: Vector, levels: int) -> int:
    """The hand's counts capped at ``levels`` (2), as one small int: all that matters for payability."""
    base = levels + 1
    return min(hand[0], levels) + base * (
        min(hand[1], levels) + base * (min(hand[2], levels) + base * min(hand[3], levels))
    )


def affordable_reductions(
    building: Building, slack: int, shape: int, hand: Vector, surcharge: int, max_points: int
) -> tuple[tuple[int, ...], ...] | None:
    """The least reductions d (as level-mask indices) with which ``hand`` pays the building plus
    ``surcharge``; None when no reduction is needed.

    Whether R' = R - d is payable depends on the hand only through its size less the surcharge (``slack``:
    below 0 nothing is payable, from ``max_points`` = 2|R| everything is) and its counts capped at the most
    symbols of one type a cost has (``shape``), so the answer is memoised on those, in a flat table indexed
    by one int (hot path: every phase-A decision asks it for each building on the storage board).
    """
    slack = -1 if slack < 0 else min(slack, max_points)
    key = ((building.index * (max_points + 2)) + slack + 1) * _SHAPES + shape
    if key >= len(_AFFORDABLE):
        _AFFORDABLE.extend([_UNKNOWN] * (key + 1 - len(_AFFORDABLE)))
    result = _AFFORDABLE[key]
    if result is not _UNKNOWN:
        return result
    found: list[Vector] = []
    masks: list[tuple[int, ...]] = []
    for d, rest, levels in building.reductions:
        if not can_pay(hand, rest, surcharge):
            continue
        if not levels:
            result = None
            break
        if any(all(a <= b for a, b in zip(f, d, strict=True)) for f in found):
            continue  # a smaller reduction already pays: its spaces include these
        found.append(d)
        masks.append(levels)
    else:
        result = tuple(masks)
    _AFFORDABLE[key] = result
    return result


_SHAPES = 256  # > (levels + 1) ** 4 for levels <= 3


def buildable_types(s: AttikaState, p: int) -> list[int]:
    """Building types on p's storage board that p can build somewhere now (phase A's ``build`` choices).

    The same test as :func:`buildable`, answered per type with an early exit, and with the hand's shape and
    the two regions (next to an own building or not) worked out once for all types.
    """
    storage = s.storage[p]
    board = s.board
    empty = board.full & ~s.occ
    if not empty:
        return []
    cat = s.cat
    buildings = cat.buildings
    levels = cat.max_level
    max_points = cat.max_points
    hand = s.hands[p]
    size = hand[0] + hand[1] + hand[2] + hand[3]
    shape = hand_shape(hand, levels)
    near = empty & s.ownadj[p]
    far = empty & ~near
    settlements = len(s.comps[p])
    red = s.red
    tmask = s.tmask
    offset = p * s.types
    table = _AFFORDABLE
    stride = max_points + 2
    out = []
    for b in range(len(storage)):
        if not storage[b]:
            continue
        building = buildings[b]
        if building.pred >= 0:
            pred = tmask[offset + building.pred]
            if pred and board.adjacent(pred) & empty:
                out.append(b)
                continue
        if building.is_street:
            cost = building.generic
            if reductions.total_at_least(red, cost - size, near, levels) or reductions.total_at_least(
                red, cost + settlements - size, far, levels
            ):
                out.append(b)
            continue
        found = False
        for region, surcharge in ((far, settlements), (near, 0)):
            if not region:
                continue
            slack = size - surcharge
            key = (b * stride + (0 if slack < 0 else min(slack, max_points) + 1)) * _SHAPES + shape
            options = table[key] if key < len(table) else _UNKNOWN
            if options is _UNKNOWN:
                options = affordable_reductions(building, slack, shape, hand, surcharge, max_points)
            if options is None:
                found = True
                break
            for masks in options:
                if reductions.at_least(red, masks, region):
                    found = True
                    break
            if found:
                break
        if found:
            out.append(b)
    return out
