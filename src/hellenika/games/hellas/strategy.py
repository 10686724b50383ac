"""Hellas rules of thumb: the heuristic player (also the playout policy of search) and the position model
that :mod:`heuristics` turns into an evaluation.

draft 2 (lean)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_MARBLE,
    K_MINE,
    K_PALACE,
    K_STATUE,
    K_TEMPLE,
    PALACE,
    SQUARE,
    STATUE,
)
from hellenika.games.hellas.phases import BUILD, CHOOSE, MINE_PLACE, MINE_WORKER, PILLARS
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.engine.rng import Rng
    from hellenika.games.hellas.board import Board
    from hellenika.games.hellas.state import HellasState

# ---------------------------------------------------------------------- weights (tuned in self-play)

MARBLE_END = 0.2  # 1 VP per 5 marble at the end
MARBLE_SPEND = 1.0  # extra value of a marble while it can still buy houses, temples, palaces and statues
INCOME_W = 1.3  # share of the projected income of a house that counts
WORKER_QUARRY = 0.5  # expected yield of the worker's empty quarry (it opens with a low tile, maybe never)
VILLAGE_W = 0.25  # share of a village's city value counted before it has a palace
PALACE_ALONE_W = 0.35  # share of a lone palace's city value counted before a house joins it
FUTURE_PILLARS_W = 0.6  # share of a temple's expected future pillars credited to each city touching it
TEMPLE_ODDS = 0.6  # chance that a temple space still to come is used
SHARED_OPP_W = 1.5  # how much the other players' gain from a shared action counts against choosing it
DENY_W = 0.4  # value of taking a private action another player would have used well
START_BONUS = 0.5  # being first to choose a temple makes you start next round
MINE_CONTROL = 0.0  # the chooser of Mine marble places the tiles and moves the worker
RING_VP = 2.0
MAJORITY_VP = 3.0
MAJORITY_DOUBT = 0.7  # early on, today's ring majority says little about the final one

CITY, VILLAGE, LONE_PALACE, SQUARES = 2, 1, 0, -1


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """Per board side: what each cell touches, as small tuples for the hot path."""

    qadj: tuple[tuple[int, ...], ...]  # cell -> quarry numbers it touches
    tadj: tuple[tuple[int, ...], ...]  # cell -> temple numbers it touches
    zone: int  # building cells touching some temple
    slots: tuple[int, ...]  # per temple


_INFO: dict[str, BoardInfo] = {}


def board_info(b: Board) -> BoardInfo:
    info = _INFO.get(b.name)
    if info is None:
        ncell = len(b.cells)
        qadj = tuple(tuple(q for q, m in enumerate(b.quarry_nbr) if m >> c & 1) for c in range(ncell))
        tnbr = [b.nbr[t.cell] for t in b.temples]
        tadj = tuple(tuple(t for t, m in enumerate(tnbr) if m >> c & 1) for c in range(ncell))
        zone = 0
        for m in tnbr:
            zone |= m
        info = _INFO[b.name] = BoardInfo(qadj, tadj, zone & b.building, tuple(t.slots for t in b.temples))
    return info


# ---------------------------------------------------------------------- the clock


@dataclass(frozen=True, slots=True)
class Clock:
    """How much game is left, and what marble and income are worth at this point."""

    left: float  # share of the game's turns still to come
    mines: float  # Mine marble actions still expected
    pillars: float  # pillars still expected to be placed (before the slots run out)
    mv: float  # VP per marble held now
    iv: float  # VP per marble of income per Mine action
    vw: float  # share of a village's city value (a palace may still join it)
    pw: float  # share of a lone palace's city value (a house may still join it)


_CLOCKS: dict[tuple[int, int, int, int], Clock] = {}


def clock(s: HellasState) -> Clock:
    comps = s.comps
    track = s.track
    spaces = comps.track
    key_bits = 0
    for i, owner in enumerate(track):
        if owner < 0:
            key_bits |= 1 << i
    key = (s.n, s.round, s.turn, key_bits)
    ck = _CLOCKS.get(key)
    if ck is None:
        markers = comps.markers[s.n]
        total = s.n * sum(markers)
        done = s.n * sum(markers[: s.round - 1]) + s.turn
        left = max(0.0, 1.0 - done / total)
        free_spaces = sum(1 for o in track if o < 0)
        turns_left = s.n * s.markers - s.turn
        now = min(1.0, turns_left / free_spaces) if free_spaces else 0.0
        later = sum(min(1.0, s.n * m / len(spaces)) for m in markers[s.round :])
        mines = pillars = palaces = houses = 0.0
        for i, sp in enumerate(spaces):
            expected = (now if key_bits >> i & 1 else 0.0) + later
            if sp.kind == K_MINE:
                mines += expected
            elif sp.kind == K_TEMPLE:
                pillars += expected * sp.pillars * TEMPLE_ODDS
            elif sp.kind == K_PALACE:
                palaces += expected
            elif sp.kind in (K_HOUSE, K_HOUSE_SQUARE):
                houses += expected
        mv = MARBLE_END + MARBLE_SPEND * left
        iv = mines * (MARBLE_END + MARBLE_SPEND * left * 0.5) * INCOME_W
        vw = VILLAGE_W * min(1.0, palaces)
        pw = PALACE_ALONE_W * min(1.0, houses / 2)
        ck = _CLOCKS[key] = Clock(left, mines, pillars, mv, iv, vw, pw)
    return ck


# ---------------------------------------------------------------------- one player's pieces


class Side:
    """One player's groups as the rules of thumb see them: (members, reach, kind, size, x, value) each, x
    being the temples and statues the group touches (with the pillars still to come)."""

    __slots__ = ("groups", "largest", "near", "palaces_left", "weights")

    groups: list[tuple[int, int, int, int, float, float]]
    largest: int  # size of the largest city
    near: int  # cells touching the player's pieces
    palaces_left: int
    weights: list[float] | None  # per temple: cities (and would-be cities) touching it; lazily


def group_value(ck: Clock, kind: int, x: float, size: int, palaces_left: int) -> float:
    """What a group is worth beyond the largest-city points: a city scores the temples and statues it
    touches (x); a village or a lone palace is a share of the city it would make."""
    if kind == CITY:
        return x
    if kind == VILLAGE:
        return ck.vw * (x + size) if palaces_left else 0.0
    if kind == LONE_PALACE:
        return ck.pw * (x + size)
    return 0.0


class Model:
    """What the rules of thumb need about a position; each part computed when first asked for."""

    __slots__ = ("b", "ck", "info", "s", "sides", "tval", "yq")

    def __init__(self, s: HellasState, future_pillars: float = -1.0) -> None:
        self.s = s
        self.b = s.b
        self.info = board_info(s.b)
        self.ck = clock(s)
        ck = self.ck
        slots = self.info.slots
        pillars = s.pillars
        free_total = sum(slots) - sum(pillars)
        # The pillars of a temple action being carried out are certain; the rest are expected.
        due = s.pillars_due if s.phase == PILLARS else 0
        expected = min(ck.pillars + due, float(free_total), float(s.pillar_supply()))
        if future_pillars < 0:
            future_pillars = FUTURE_PILLARS_W
        share = future_pillars * expected / free_total if free_total else 0.0
        self.tval = [pillars[t] + share * (slots[t] - pillars[t]) for t in range(len(slots))]
        yields = s.g.tile_yield
        yq = [0.0] * len(s.b.quarries)
        piles = s.piles
        for q in s.active_q:
            yq[q] = yields[piles[q][-1]]
        if s.worker >= 0:
            yq[s.worker] = WORKER_QUARRY
        self.yq = yq
        self.sides: list[Side | None] = [None] * s.n

    def side(self, p: int) -> Side:
        side = self.sides[p]
        if side is not None:
            return side
        s = self.s
        side = self.sides[p] = Side()
        houses = s.houses[p]
        palaces = s.palaces[p]
        side.palaces_left = pl_left = s.comps.palaces - palaces.bit_count()
        tbits = self.b.temple_bits
        tval = self.tval
        statues = s.statues
        groups = []
        largest = 0
        near = 0
        for members, reach in s.groups[p]:
            near |= reach
            h = members & houses
            pl = members & palaces
            kind = CITY if h and pl else VILLAGE if h else LONE_PALACE if pl else SQUARES
            size = members.bit_count()
            x = 0.0
            if kind != SQUARES:
                for t, bit in enumerate(tbits):
                    if reach & bit:
                        x += tval[t]
                if statues:
                    x += 3 * (reach & statues).bit_count()
                if kind == CITY and size > largest:
                    largest = size
            groups.append((members, reach, kind, size, x, group_value(self.ck, kind, x, size, pl_left)))
        side.groups = groups
        side.largest = largest
        side.near = near
        side.weights = None
        return side

    def weights(self, p: int) -> list[float]:
        """Per temple: how many of ``p``'s cities touch it (villages and lone palaces count a share)."""
        side = self.side(p)
        w = side.weights
        if w is None:
            tbits = self.b.temple_bits
            w = side.weights = [0.0] * len(tbits)
            for _members, reach, kind, _size, _x, _value in side.groups:
                if kind == CITY:
                    k = 1.0
                elif kind == VILLAGE:
                    k = self.ck.vw if side.palaces_left else 0.0
                elif kind == LONE_PALACE:
                    k = self.ck.pw
                else:
                    continue
                for t, bit in enumerate(tbits):
                    if reach & bit:
                        w[t] += k
        return w

    def income(self, p: int) -> float:
        s = self.s
        houses = s.houses[p]
        qnbr = self.b.quarry_nbr
        yq = self.yq
        total = 0.0
        for q in s.active_q:
            k = (houses & qnbr[q]).bit_count()
            if k:
                total += yq[q] * k
        return total

    # ------------------------------------------------------------------ building

    def cell_value(self, p: int, piece: int, c: int) -> float:
        """What building ``piece`` on ``c`` is worth to ``p``, marble cost included."""
        side = self.side(p)
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
        touched = False
        for gm, gr, kind, size, _x, value in side.groups:
            if gm & near:
                touched = True
                members |= gm
                reach |= gr
                old += value
                if kind == CITY:
                    h = pl = True
                elif kind == VILLAGE:
                    h = True
                elif kind == LONE_PALACE:
                    pl = True
            else:
                if kind == CITY and size > others_largest:
                    others_largest = size
                elif kind == VILLAGE and pl_left == 0 and side.palaces_left:
                    lost += value  # the last palace: other villages can no longer become cities
        kind = CITY if h and pl else VILLAGE if h else LONE_PALACE if pl else SQUARES
        s = self.s
        if kind == SQUARES:
            gain = 0.0
        else:
            x = 0.0
            tval = self.tval
            if touched:
                for t, bit in enumerate(b.temple_bits):
                    if reach & bit:
                        x += tval[t]
            else:
                for t in self.info.tadj[c]:
                    x += tval[t]
            if s.statues:
                x += 3 * (reach & s.statues).bit_count()
            size = members.bit_count()
            gain = group_value(self.ck, kind, x, size, pl_left) - old - lost
            if kind == CITY and size > others_largest:
                others_largest = size
        gain += others_largest - side.largest
        if piece == HOUSE:
            yq = self.yq
            for q in self.info.qadj[c]:
                gain += yq[q] * self.ck.iv
        cost = s.g.costs[piece][0 if b.is_coast[c] else 1]
        return gain - cost * self.ck.mv

    def best_cell(self, p: int, piece: int) -> tuple[float, int]:
        """The best value and cell for ``p``'s ``piece`` (cell -1 and value 0 if none is worth building)."""
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
        free = s.free if m >= interior_cost else s.free & self.b.coast_building
        side = self.side(p)
        if piece == HOUSE:
            wanted = side.near | self.income_cells()
        elif piece == PALACE:
            wanted = side.near | self.info.zone
        else:
            wanted = side.near
        cand = free & wanted
        best, where = 0.0, -1
        while cand:
            low = cand & -cand
            cand ^= low
            c = low.bit_length() - 1
            v = self.cell_value(p, piece, c)
            if v > best:
                best, where = v, c
        return best, where

    def income_cells(self) -> int:
        qnbr = self.b.quarry_nbr
        mask = 0
        for q in self.s.active_q:
            mask |= qnbr[q]
        return mask

    def statue_value(self, p: int, c: int) -> float:
        """3 VP per city of ``p`` touching the statue (a share for would-be cities), against the others'."""
        bit = 1 << c
        s = self.s
        mine = others = 0.0
        for q in range(s.n):
            side = self.side(q)
            w = 0.0
            for _gm, gr, kind, _size, _x, _value in side.groups:
                if gr & bit:
                    if kind == CITY:
                        w += 1.0
                    elif kind == VILLAGE:
                        w += self.ck.vw if side.palaces_left else 0.0
                    elif kind == LONE_PALACE:
                        w += self.ck.pw
            if q == p:
                mine = w
            else:
                others += w
        if s.n > 1:
            others /= s.n - 1
        return 3 * (mine - others) - s.comps.costs[STATUE][1] * self.ck.mv

    def best_statue(self, p: int) -> tuple[float, int]:
        s = self.s
        cand = s.free & self.b.interior_building & self.side(p).near
        best, where = -1e9, -1
        while cand:
            low = cand & -cand
            cand ^= low
            c = low.bit_length() - 1
            v = self.statue_value(p, c)
            if v > best:
                best, where = v, c
        return best, where

    # ------------------------------------------------------------------ temples

    def temple_weights(self, p: int) -> list[float]:
        """Per temple: what one more pillar there is worth to ``p`` against the others (mean)."""
        mine = self.weights(p)
        n = self.s.n
        if n == 1:
            return mine
        out = mine[:]
        scale = 1.0 / (n - 1)
        for q in range(n):
            if q != p:
                for t, w in enumerate(self.weights(q)):
                    if w:
                        out[t] -= w * scale
        return out

    def ring_value(self, p: int, extra: int) -> float:
        """Two points per ring, and the change in the expected ring majority."""
        rings = self.s.rings
        best_other = max((r for q, r in enumerate(rings) if q != p), default=0)
        certainty = 1.0 - MAJORITY_DOUBT * self.ck.left
        return RING_VP * extra + certainty * (
            majority_share(rings[p] + extra, best_other) - majority_share(rings[p], best_other)
        )

    def pillar_plan(self, p: int, due: int, start: int) -> tuple[float, int]:
        """Where the next of ``due`` pillars goes (temples ``start``.. in order) and what the lot is worth.

        A pillar is worth what the cities touching its temple gain (ours minus the others'); filling a
        temple's last slot adds a ring. Pillars go one by one where they are worth most, the ring spread
        over the pillars still needed to earn it.
        """
        s = self.s
        w = self.temple_weights(p)
        slots = self.info.slots
        free = [slots[t] - s.pillars[t] if t >= start else 0 for t in range(len(slots))]
        bonus = self.ring_value(p, 1) if s.ring_supply > 1 else 0.0
        total = 0.0
        first = -1
        room = sum(free)
        for k in range(due, 0, -1):
            best, where = -1e18, -1
            for t, f in enumerate(free):
                if f <= 0:
                    continue
                v = w[t] + (bonus / f if f <= k else 0.0)
                if v > best:
                    best, where = v, t
            if where < 0:
                break
            total += w[where] + (bonus if free[where] == 1 else 0.0)
            free[where] -= 1
            room -= 1
            if first < 0 or where < first:
                first = where
        return total, first

    def temple_value(self, p: int, cost: int, pillars: int) -> float:
        value, _first = self.pillar_plan(p, pillars, 0)
        return value + self.ring_value(p, 1) - cost * self.ck.mv


def majority_share(mine: int, best_other: int) -> float:
    """The ring majority (+3 to all tied for most, if any) as it stands."""
    if mine <= 0 or mine < best_other:
        return 0.0
    if mine == best_other:
        return MAJORITY_VP / 2
    return MAJORITY_VP


# ---------------------------------------------------------------------- the decisions


def heuristic_action(s: HellasState, rng: Rng) -> Action:
    phase = s.phase
    if phase == CHOOSE:
        return _choose(s, rng)
    if phase == BUILD:
        return _build(s)
    if phase == PILLARS:
        return _pillar(s)
    if phase == MINE_PLACE:
        return _tile(s)
    if phase == MINE_WORKER:
        return _worker(s)
    if phase == STATUE_PHASE:
        return _statue(s)
    legal = s.legal_actions()
    return legal[rng.randbelow(len(legal))]


def _choose(s: HellasState, rng: Rng) -> Action:
    m = Model(s)
    p = s.cp
    n = s.n
    comps = s.comps
    g = s.g
    track = s.track
    best_v = -1e18
    best_i = -1
    cache: dict[tuple[int, int], float] = {}

    def piece_best(q: int, piece: int) -> float:
        key = (q, piece)
        v = cache.get(key)
        if v is None:
            v = cache[key] = m.best_cell(q, piece)[0]
        return v

    mv = m.ck.mv
    for spaces in g.track_groups:
        i = -1
        for j in spaces:
            if track[j] < 0:
                i = j
                break
        if i < 0:
            continue
        sp = comps.track[i]
        kind = sp.kind
        if kind == K_HOUSE or kind == K_HOUSE_SQUARE or kind == K_PALACE or kind == K_MINE:
            gains = []
            for q in range(n):
                if kind == K_HOUSE:
                    v = piece_best(q, HOUSE)
                elif kind == K_HOUSE_SQUARE:
                    v = piece_best(q, HOUSE) + piece_best(q, SQUARE)
                elif kind == K_PALACE:
                    v = piece_best(q, PALACE)
                else:
                    v = m.income(q) * mv
                gains.append(v)
            mine = gains[p] + (MINE_CONTROL if kind == K_MINE else 0.0)
            others = (sum(gains) - gains[p]) / (n - 1) if n > 1 else 0.0
            value = mine - SHARED_OPP_W * others
        else:
            value = max(0.0, _private_value(s, m, p, kind, sp.cost, sp.pillars, sp.gain))
            if kind != K_MARBLE:
                deny = 0.0
                for q in range(n):
                    if q != p:
                        deny = max(deny, _private_value(s, m, q, kind, sp.cost, sp.pillars, sp.gain))
                value += DENY_W * deny
            if kind == K_TEMPLE and s.next_start < 0 and s.round < comps.rounds:
                value += START_BONUS
        value += rng.random() * 1e-6
        if value > best_v:
            best_v, best_i = value, i
    return g.choose_actions[best_i]


def _private_value(s: HellasState, m: Model, p: int, kind: int, cost: int, pillars: int, gain: int) -> float:
    if kind == K_MARBLE:
        return gain * m.ck.mv
    marble = s.marble[p]
    if kind == K_STATUE:
        if marble < cost or s.statues.bit_count() >= s.comps.statues:
            return 0.0
        return m.best_statue(p)[0]
    if kind == K_TEMPLE:
        if marble < cost or sum(s.free_slots()) < pillars or s.pillar_supply() < pillars:
            return 0.0
        return m.temple_value(p, cost, pillars)
    return 0.0


def _build(s: HellasState) -> Action:
    m = Model(s)
    p = s.builder
    kind = s.space_kind
    if kind == K_HOUSE:
        v, c = m.best_cell(p, HOUSE)
        return s.t.build[HOUSE][c] if c >= 0 else s.g.decline
    if kind == K_PALACE:
        v, c = m.best_cell(p, PALACE)
        return s.t.build[PALACE][c] if c >= 0 else s.g.decline
    best_v, best_piece, best_c = 0.0, -1, -1
    for piece, bit in ((HOUSE, 1), (SQUARE, 2)):
        if not s.built & bit:
            v, c = m.best_cell(p, piece)
            if c >= 0 and v > best_v:
                best_v, best_piece, best_c = v, piece, c
    if best_c < 0:
        return s.g.decline
    return s.t.build[best_piece][best_c]


def _statue(s: HellasState) -> Action:
    m = Model(s)
    v, c = m.best_statue(s.cp)
    if c < 0 or v < 0:
        return s.g.decline
    return s.t.build[STATUE][c]


def _pillar(s: HellasState) -> Action:
    m = Model(s)
    p = s.cp
    space = s.comps.track[s.space]
    due = s.pillars_due
    value, first = m.pillar_plan(p, due, s.pillar_min)
    if due == space.pillars and value + m.ring_value(p, 1) - space.cost * m.ck.mv < 0:
        return s.g.decline
    if first < 0:  # pragma: no cover - the state offers only temple actions that can be completed
        return s.legal_actions()[0]
    return s.t.pillar[first]


def _net_houses(s: HellasState, p: int, mask: int) -> float:
    mine = (s.houses[p] & mask).bit_count()
    if s.n == 1:
        return float(mine)
    others = 0
    for q in range(s.n):
        if q != p:
            others += (s.houses[q] & mask).bit_count()
    return mine - others / (s.n - 1)


def _tile(s: HellasState) -> Action:
    p = s.cp
    v = s.pending_tile
    yields = s.g.tile_yield
    qnbr = s.b.quarry_nbr
    best, where = -1e18, -1
    for q in s.active_q:
        top = s.piles[q][-1]
        if top >= v:
            continue
        value = (yields[v] - yields[top]) * _net_houses(s, p, qnbr[q])
        if value > best:
            best, where = value, q
    return s.t.tile[where]


def _worker(s: HellasState) -> Action:
    p = s.cp
    qnbr = s.b.quarry_nbr
    free = s.free
    best, where = -1e18, -1
    for q, pile in enumerate(s.piles):
        if pile:
            continue
        value = _net_houses(s, p, qnbr[q]) + 0.1 * (qnbr[q] & free).bit_count()
        if value > best:
            best, where = value, q
    return s.t.worker[where]
