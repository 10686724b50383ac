"""The position model of the Hellas rules of thumb: what a position is worth in expected final points, piece
by piece, for the heuristic player (:mod:`strategy`) and the evaluation (:mod:`heuristics`).

It prices marble by the :class:`~hellenika.games.hellas.clock.Clock`, income by the active quarries' top tiles
(spec §4.6), cities by the temples and statues they touch and their size (spec §6), and rings with the ring
majority; :mod:`strategy`'s docstring says how, and why. Each player's groups are read once into a
:class:`Side`; everything is read from bitmasks, and only cells that can matter are looked at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hellenika.games.hellas.clock import CACHE_LIMIT, MARBLE_END, Clock, clock
from hellenika.games.hellas.components import HOUSE, PALACE, SQUARE, STATUE
from hellenika.games.hellas.phases import CHOOSE, PILLARS

if TYPE_CHECKING:
    from hellenika.games.hellas.board import Board
    from hellenika.games.hellas.state import HellasState

# ---------------------------------------------------------------- weights (tuned in play against greedy)

WORKER_QUARRY = 0.5  # expected yield of the worker's empty quarry (it opens with a low tile, maybe never)
FUTURE_PILLARS_W = 0.6  # share of the pillars still to come credited to the cities touching the temples
MAJORITY_DOUBT = 0.7  # early on, today's ring majority says little about the final one
SPEND_PER_TURN = 6.0  # marble a player can put to good use per action marker still in hand
HIGH_RISK = 0.35  # share of the highest active quarry's yield at risk: it is the next to close
TIE_BREAK = 0.01  # a marble left over (mod 5) breaks ties

CITY, VILLAGE, LONE_PALACE, SQUARES = 2, 1, 0, -1


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """Per board side: what each cell touches, as small tuples for the hot path."""

    qadj: tuple[tuple[int, ...], ...]  # cell -> quarry numbers it touches
    tadj: tuple[tuple[int, ...], ...]  # cell -> temple numbers it touches
    tnbr: tuple[int, ...]  # temple -> the building cells touching it
    zone: int  # the building cells touching some temple
    temple_cells: int  # mask of the temples' cells
    slots: tuple[int, ...]  # temple -> pillar slots
    temples_in: dict[int, tuple[int, ...]]  # (mask & temple_cells) -> the temples in it; filled lazily


_INFO: dict[str, BoardInfo] = {}


def board_info(b: Board) -> BoardInfo:
    info = _INFO.get(b.name)
    if info is None:
        ncell = len(b.cells)
        qadj = tuple(tuple(q for q, m in enumerate(b.quarry_nbr) if m >> c & 1) for c in range(ncell))
        tnbr = tuple(b.nbr[t.cell] & b.building for t in b.temples)
        tadj = tuple(tuple(t for t, m in enumerate(tnbr) if m >> c & 1) for c in range(ncell))
        cells = zone = 0
        for bit, m in zip(b.temple_bits, tnbr, strict=True):
            cells |= bit
            zone |= m
        slots = tuple(t.slots for t in b.temples)
        info = _INFO[b.name] = BoardInfo(qadj, tadj, tnbr, zone, cells, slots, {})
    return info


def temples_touched(info: BoardInfo, bits: tuple[int, ...], reach: int) -> tuple[int, ...]:
    """The temples whose cells are in ``reach`` (cached by the temple part of the mask)."""
    key = reach & info.temple_cells
    found = info.temples_in.get(key)
    if found is None:
        found = info.temples_in[key] = tuple(t for t, bit in enumerate(bits) if key & bit)
    return found


# ---------------------------------------------------------------------- one player's pieces

Group = tuple[int, int, int, int, float, float, float]  # members, reach, kind, size, x, value, share


class Side:
    """One player's groups as the rules of thumb see them.

    Each group is ``(members, reach, kind, size, x, value, share)``: ``x`` the temples (with the pillars
    still to come) and statues it touches, ``value`` what it is worth beyond the largest-city points, and
    ``share`` how much of a city it counts as (1 for a city, less for a village or lone palace)."""

    __slots__ = ("groups", "largest", "near", "net", "palaces_left", "pieces", "ring1", "weights")

    groups: list[Group]
    largest: int  # size of the largest city
    near: int  # cells touching the player's pieces
    pieces: int  # the player's houses, squares and palaces
    palaces_left: int
    weights: list[float]  # per temple: the shares of the player's groups touching it
    net: list[float] | None  # per temple: the same less the other players' mean (lazily)
    ring1: float | None  # what one more ring is worth (lazily)


def group_value(ck: Clock, kind: int, x: float, size: int, palaces_left: int) -> float:
    """What a group is worth beyond the largest-city points: a city scores the temples and statues it
    touches (``x``); a village or a lone palace a share of the city it would make."""
    if kind == CITY:
        return x
    if kind == VILLAGE:
        return ck.vw * (x + size) if palaces_left else 0.0
    if kind == LONE_PALACE:
        return ck.pw * (x + size)
    return 0.0


def majority_share(mine: int, best_other: int) -> float:
    """The ring majority as it stands: 3 VP to everyone tied for the most rings, if anyone has one."""
    if mine <= 0 or mine < best_other:
        return 0.0
    if mine == best_other:
        return MAJORITY_VP / 2
    return MAJORITY_VP


RING_VP = 2.0
MAJORITY_VP = 3.0


class Model:
    """What the rules of thumb need about a position: the clock, temple values, quarry yields and each
    player's :class:`Side` (computed when first asked for)."""

    __slots__ = ("b", "ck", "info", "last_round", "mvs", "s", "sides", "tval", "yf", "yq")

    def __init__(self, s: HellasState, future_pillars: float = -1.0, high_risk: float = -1.0) -> None:
        self.s = s
        b = self.b = s.b
        info = self.info = board_info(b)
        ck = self.ck = clock(s)
        slots = info.slots
        pillars = s.pillars
        free_total = sum(slots) - sum(pillars)
        if free_total:
            # The pillars of a temple action being carried out are certain; the rest are expected.
            due = s.pillars_due if s.phase == PILLARS else 0
            expected = min(ck.pillars + due, float(free_total), float(s.pillar_supply()))
            if future_pillars < 0:
                future_pillars = FUTURE_PILLARS_W
            share = future_pillars * expected / free_total
            self.tval = [pillars[t] + share * (slots[t] - pillars[t]) for t in range(len(slots))]
        else:
            self.tval = [float(x) for x in pillars]
        yields = s.g.tile_yield
        yq = [0.0] * len(b.quarries)
        piles = s.piles
        top = highest = -1
        for q in s.active_q:
            yq[q] = yields[piles[q][-1]]
            if piles[q][-1] > top:
                top, highest = piles[q][-1], q
        self.yq = yq
        yf = yq[:]
        if s.worker >= 0:
            yf[s.worker] = WORKER_QUARRY
        if highest >= 0:
            yf[highest] *= 1.0 - (HIGH_RISK if high_risk < 0 else high_risk)
        self.yf = yf
        self.sides: list[Side | None] = [None] * s.n
        self.mvs: list[float] = [-1.0] * s.n
        self.last_round = s.round == len(s.comps.markers[s.n])

    def spend_cost(self, p: int, cost: int) -> float:
        """What paying ``cost`` marble costs ``p`` in points. On ``p``'s last turn of the game this is exact:
        the marble points lost (1 per 5) and the leftover for the tie-break; before, ``cost`` times
        :meth:`marble_value`."""
        s = self.s
        if self.last_round and s.markers_left(p) == (s.phase == CHOOSE and p == s.active):
            m = s.marble[p]
            per = s.comps.marble_per_point
            after = m - cost
            return m // per - after // per + TIE_BREAK * (m % per - after % per)
        return cost * self.marble_value(p)

    def marble_value(self, p: int) -> float:
        """What one more (or one less) marble is worth to ``p``: the clock's value for the marble ``p`` can
        still spend in the turns left, only the end value (1 VP per 5) for a hoard beyond that."""
        mv = self.mvs[p]
        if mv < 0:
            s = self.s
            ck = self.ck
            turns = s.markers_left(p) + sum(s.comps.markers[s.n][s.round :])
            room = turns * SPEND_PER_TURN
            marble = s.marble[p]
            mv = ck.mv
            if marble > room:
                mv = MARBLE_END + (mv - MARBLE_END) * room / marble
            self.mvs[p] = mv
        return mv

    def side(self, p: int) -> Side:
        side = self.sides[p]
        if side is not None:
            return side
        s = self.s
        ck = self.ck
        info = self.info
        bits = self.b.temple_bits
        tval = self.tval
        statues = s.statues
        houses = s.houses[p]
        palaces = s.palaces[p]
        side = self.sides[p] = Side()
        side.palaces_left = pl_left = s.comps.palaces - palaces.bit_count()
        weights = [0.0] * len(tval)
        groups = []
        largest = 0
        near = 0
        for members, reach in s.groups[p]:
            near |= reach
            h = members & houses
            pl = members & palaces
            size = members.bit_count()
            if h and pl:
                kind, share = CITY, 1.0
                largest = max(largest, size)
            elif h:
                kind, share = VILLAGE, ck.vw if pl_left else 0.0
            elif pl:
                kind, share = LONE_PALACE, ck.pw
            else:
                groups.append((members, reach, SQUARES, size, 0.0, 0.0, 0.0))
                continue
            x = 0.0
            for t in temples_touched(info, bits, reach):
                x += tval[t]
                weights[t] += share
            if statues:
                x += 3 * (reach & statues).bit_count()
            groups.append((members, reach, kind, size, x, group_value(ck, kind, x, size, pl_left), share))
        side.groups = groups
        side.largest = largest
        side.near = near
        side.pieces = houses | palaces | s.squares[p]
        side.weights = weights
        side.net = None
        side.ring1 = None
        return side

    def income(self, p: int, future: bool = False) -> float:
        """Marble ``p`` earns from the next Mine marble action (``future``: from a later one, the highest
        quarry, the next to close, counting less)."""
        s = self.s
        houses = s.houses[p]
        qnbr = self.b.quarry_nbr
        yq = self.yf if future else self.yq
        total = 0.0
        for q in s.active_q:
            k = (houses & qnbr[q]).bit_count()
            if k:
                total += yq[q] * k
        return total

    # ------------------------------------------------------------------ building

    def cell_value(self, p: int, piece: int, c: int) -> float:
        """What building ``piece`` on ``c`` is worth to ``p``, marble cost included."""
        side = self.sides[p] or self.side(p)
        b = self.b
        if b.nbr[c] & side.pieces or (piece == PALACE and side.palaces_left == 1):
            gain = self.joined_gain(side, piece, c)
        else:
            gain = self.alone_gain(side, piece, c)
        if piece == HOUSE:
            for q in self.info.qadj[c]:
                gain += self.yf[q] * self.ck.iv
        cost = self.s.g.costs[piece][0 if b.is_coast[c] else 1]
        return gain - self.spend_cost(p, cost)

    def alone_gain(self, side: Side, piece: int, c: int) -> float:
        """A piece touching none of its owner's: a new village or lone palace, a share of a city to be."""
        if piece == SQUARE or (piece == HOUSE and not side.palaces_left):
            return 0.0
        x = 1.0
        tval = self.tval
        for t in self.info.tadj[c]:
            x += tval[t]
        statues = self.s.statues
        if statues:
            x += 3 * (self.b.nbr[c] & statues).bit_count()
        return (self.ck.vw if piece == HOUSE else self.ck.pw) * x

    def joined_gain(self, side: Side, piece: int, c: int) -> float:
        """A piece joining (and maybe merging) its owner's groups: the change in their value, the largest
        city included. Using the last palace ends the hopes of the villages it does not join."""
        b = self.b
        near = b.nbr[c]
        pl_left = side.palaces_left - (piece == PALACE)
        members = 1 << c
        reach = near
        h = piece == HOUSE
        pl = piece == PALACE
        old = 0.0
        others_largest = 0
        lost = 0.0
        for gm, gr, kind, size, _x, value, _share in side.groups:
            if gm & near:
                members |= gm
                reach |= gr
                old += value
                if kind == CITY:
                    h = pl = True
                elif kind == VILLAGE:
                    h = True
                elif kind == LONE_PALACE:
                    pl = True
            elif kind == CITY:
                others_largest = max(others_largest, size)
            elif kind == VILLAGE and pl_left == 0 and side.palaces_left:
                lost += value
        gain = -old - lost
        if h or pl:
            kind = CITY if h and pl else VILLAGE if h else LONE_PALACE
            x = 0.0
            tval = self.tval
            for t in temples_touched(self.info, b.temple_bits, reach):
                x += tval[t]
            statues = self.s.statues
            if statues:
                x += 3 * (reach & statues).bit_count()
            size = members.bit_count()
            gain += group_value(self.ck, kind, x, size, pl_left)
            if kind == CITY and size > others_largest:
                others_largest = size
        return gain + others_largest - side.largest

    def best_cell(self, p: int, piece: int) -> tuple[float, int]:
        """The best value and cell for ``p``'s ``piece`` (cell -1 and value 0 if none is worth building).

        Only cells that can matter are looked at: those touching the player's pieces (growing, founding or
        joining cities) and, for houses, those next to active quarries (income).
        """
        s = self.s
        comps = s.comps
        if piece == HOUSE:
            if s.houses[p].bit_count() >= comps.houses:
                return 0.0, -1
        elif piece == PALACE:
            if s.palaces[p].bit_count() >= comps.palaces:
                return 0.0, -1
        elif s.squares[p].bit_count() >= comps.squares:
            return 0.0, -1
        coast_cost, interior_cost = s.g.costs[piece]
        m = s.marble[p]
        if m < coast_cost:
            return 0.0, -1
        b = self.b
        free = s.free if m >= interior_cost else s.free & b.coast_building
        side = self.sides[p] or self.side(p)
        ck = self.ck
        # A palace or a square away from one's own pieces is rarely worth its marble.
        cand = free & (side.near | self.income_cells()) if piece == HOUSE else free & side.near
        best, where = 0.0, -1
        if not cand:
            return best, where
        mine = side.pieces
        nbr = b.nbr
        is_coast = b.is_coast
        coast_vp = self.spend_cost(p, coast_cost)
        interior_vp = self.spend_cost(p, interior_cost)
        iv = ck.iv
        yq = self.yf
        qadj = self.info.qadj
        last_palace = piece == PALACE and side.palaces_left == 1
        while cand:
            low = cand & -cand
            cand ^= low
            c = low.bit_length() - 1
            if nbr[c] & mine or last_palace:
                v = self.joined_gain(side, piece, c)
            else:
                v = self.alone_gain(side, piece, c)
            if piece == HOUSE:
                for q in qadj[c]:
                    v += yq[q] * iv
            v -= coast_vp if is_coast[c] else interior_vp
            if v > best:
                best, where = v, c
        return best, where

    def income_cells(self) -> int:
        qnbr = self.b.quarry_nbr
        mask = 0
        for q in self.s.active_q:
            mask |= qnbr[q]
        return mask

    def quick_value(self, p: int, piece: int) -> float:
        """A cheap estimate of ``best_cell(p, piece)`` for choosing an action: the best of the typical
        moves, read from the groups rather than cell by cell. A palace turns a village into a city; a house
        founds a city next to a lone palace, grows a city (towards a temple it does not touch yet) or
        earns income next to an active quarry; a square grows a city."""
        s = self.s
        comps = s.comps
        if piece == HOUSE:
            if s.houses[p].bit_count() >= comps.houses:
                return 0.0
        elif piece == PALACE:
            if s.palaces[p].bit_count() >= comps.palaces:
                return 0.0
        elif s.squares[p].bit_count() >= comps.squares:
            return 0.0
        coast_cost, interior_cost = s.g.costs[piece]
        m = s.marble[p]
        if m < coast_cost:
            return 0.0
        b = self.b
        coast = b.coast_building
        free = s.free if m >= interior_cost else s.free & coast
        ck = self.ck
        coast_vp = self.spend_cost(p, coast_cost)
        interior_vp = self.spend_cost(p, interior_cost)
        side = self.sides[p] or self.side(p)
        largest = side.largest
        bits = b.temple_bits
        tnbr = self.info.tnbr
        zone = self.info.zone
        tval = self.tval
        best = 0.0
        for _gm, gr, kind, size, x, value, _share in side.groups:
            spots = free & gr
            if not spots:
                continue
            if piece == PALACE:
                if kind != VILLAGE:
                    continue
                v = x - value + max(0, size + 1 - largest)
            elif kind == CITY:
                v = 1.0 if size >= largest else 0.0
                if spots & zone:
                    reach_more = 0.0
                    for t, bit in enumerate(bits):
                        if not gr & bit and spots & tnbr[t] and tval[t] > reach_more:
                            reach_more = tval[t]
                    v += reach_more
            elif piece == HOUSE and kind == LONE_PALACE:
                v = x - value + max(0, size + 1 - largest)
            else:
                continue
            v -= coast_vp if spots & coast else interior_vp
            best = max(best, v)
        if piece == HOUSE:
            qnbr = b.quarry_nbr
            yq = self.yf
            iv = ck.iv
            alone = ck.vw if side.palaces_left else 0.0
            for q in s.active_q:
                spots = free & qnbr[q]
                if spots:
                    v = yq[q] * iv + alone - (coast_vp if spots & coast else interior_vp)
                    best = max(best, v)
        return best

    # ------------------------------------------------------------------ statues

    def statue_value(self, p: int, c: int) -> float:
        """3 VP per city of ``p`` the statue touches (a share for would-be cities), against the others'
        mean, less its marble."""
        bit = 1 << c
        value = 0.0
        for reach, share in self.statue_shares(p):
            if reach & bit:
                value += share
        return 3 * value - self.spend_cost(p, self.s.comps.costs[STATUE][1])

    def statue_shares(self, p: int) -> list[tuple[int, float]]:
        """Every group that a statue could touch, with its share of a city: ``p``'s counting for, the
        others' (their mean) against."""
        n = self.s.n
        against = 1.0 / (n - 1) if n > 1 else 0.0
        out = []
        for q in range(n):
            side = self.sides[q] or self.side(q)
            sign = 1.0 if q == p else -against
            for _gm, gr, _kind, _size, _x, _value, share in side.groups:
                if share:
                    out.append((gr, sign * share))
        return out

    def best_statue(self, p: int) -> tuple[float, int]:
        """The best statue cell for ``p`` among the free interior cells next to its pieces."""
        s = self.s
        cand = s.free & self.b.interior_building & (self.sides[p] or self.side(p)).near
        best, where = -1e9, -1
        if not cand:
            return best, where
        shares = self.statue_shares(p)
        while cand:
            low = cand & -cand
            cand ^= low
            v = 0.0
            for reach, share in shares:
                if reach & low:
                    v += share
            if v > best:
                best, where = v, low.bit_length() - 1
        return 3 * best - self.spend_cost(p, s.comps.costs[STATUE][1]), where

    # ------------------------------------------------------------------ temples

    def temple_weights(self, p: int) -> list[float]:
        """Per temple: what one more pillar there is worth to ``p`` against the others (mean): pillars
        score for every city touching the temple, whoever placed them."""
        side = self.sides[p] or self.side(p)
        out = side.net
        if out is None:
            out = side.net = side.weights[:]
            n = self.s.n
            if n > 1:
                scale = 1.0 / (n - 1)
                for q in range(n):
                    if q != p:
                        other = self.sides[q] or self.side(q)
                        for t, w in enumerate(other.weights):
                            if w:
                                out[t] -= w * scale
        return out

    def ring_value(self, p: int) -> float:
        """What one more ring is worth to ``p``: 2 VP and the change in the expected ring majority."""
        side = self.sides[p] or self.side(p)
        value = side.ring1
        if value is None:
            rings = self.s.rings
            best_other = max((r for q, r in enumerate(rings) if q != p), default=0)
            certainty = 1.0 - MAJORITY_DOUBT * self.ck.left
            value = side.ring1 = RING_VP + certainty * (
                majority_share(rings[p] + 1, best_other) - majority_share(rings[p], best_other)
            )
        return value

    def pillar_plan(self, p: int, due: int, start: int) -> tuple[float, int]:
        """Where the next of ``due`` pillars goes (temples ``start``.. in order) and what they are worth.

        Pillars go one by one where they are worth most; filling a temple's last slot adds a ring, its value
        spread over the pillars still needed while they are within the pillars left to place.
        """
        s = self.s
        w = self.temple_weights(p)
        bonus = self.ring_value(p) if s.ring_supply > 1 else 0.0
        key = (tuple(w), s.pillars, bonus, due, start)
        plan = _PLANS.get(key)
        if plan is None:
            if len(_PLANS) > CACHE_LIMIT:
                _PLANS.clear()
            plan = _PLANS[key] = _plan(w, self.info.slots, s.pillars, bonus, due, start)
        return plan

    def temple_value(self, p: int, cost: int, pillars: int) -> float:
        """A temple action for ``p``: its pillars where they help most, its ring, less its marble."""
        value, _first = self.pillar_plan(p, pillars, 0)
        return value + self.ring_value(p) - self.spend_cost(p, cost)


_PLANS: dict[tuple[tuple[float, ...], tuple[int, ...], float, int, int], tuple[float, int]] = {}


def _plan(
    w: list[float], slots: tuple[int, ...], pillars: tuple[int, ...], bonus: float, due: int, start: int
) -> tuple[float, int]:
    """:meth:`Model.pillar_plan` for temple weights ``w`` and a ring worth ``bonus`` (cached by these)."""
    nt = len(slots)
    free = [slots[t] - pillars[t] if t >= start else 0 for t in range(nt)]
    total = 0.0
    first = nt
    for k in range(due, 0, -1):
        best, where = -1e18, -1
        for t in range(nt):
            f = free[t]
            if f:
                v = w[t] + bonus / f if f <= k else w[t]
                if v > best:
                    best, where = v, t
        if where < 0:
            break
        total += w[where]
        f = free[where] = free[where] - 1
        if not f:
            total += bonus
        first = min(first, where)
    return total, (first if first < nt else -1)
