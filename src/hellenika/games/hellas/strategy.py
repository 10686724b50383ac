"""Hellas rules of thumb: the heuristic player (the ``heuristic`` bot and the playout policy of search). Its
position model, which :mod:`heuristics` also turns into an evaluation, is :mod:`model`'s (with the
:mod:`clock`); its decisions are here.

Everything is priced in expected final points, so that one number compares a house with a temple action:

- **Marble** is worth what it can still buy: about 1.2 VP early (houses that earn, palaces, temples), falling
  to the 0.2 VP (1 per 5) it scores at the end (:class:`Clock`); a hoard beyond what the turns left can
  spend is worth only that end value; on a player's last turn, paying costs exactly the points (1 per 5) and
  the tie-break (marble mod 5) it loses (:meth:`Model.spend_cost`).
- **Income**: a house next to an active quarry earns the top tile's yield at every Mine marble still to come,
  whoever chooses it. The quarry with the highest top counts a third less: it is the one that closes when a
  low tile opens the worker's quarry. The worker's empty quarry counts a little (it opens with a low tile).
- **Cities**: only cities score. A city is worth the pillars of every temple it touches (with a share of the
  pillars still to come, spread over the free slots), 3 per statue it touches, and its size if it is the
  largest. A village is a share of the city it would become with a palace, a lone palace a share of the city a
  house would make; both shares fade as the palace and house actions run out.
- **Rings**: 2 VP each, plus the ring majority (3 VP) as it stands, trusted more as the game runs out.

The decisions (each docstring says why):

- choosing an action space (:func:`_choose`): a shared action helps everyone, so it is worth what it gives
  us *minus* 1.5 times what it gives the others on average (starving the others of good shared actions is most
  of the bot's edge); a private action (temple, statue, take marble) is worth what it gives us, plus a part of
  what it would give an opponent who could use it (denial); the first temple choice also wins the start;
- building (:func:`_build`): the best cell by the value of the piece there (income, growing or founding a
  city, reaching a temple or statue, merging groups) less its marble, or nothing if nothing pays (which
  keeps the marble, and its tie-break, at the end);
- pillars (:func:`_pillar`): into temples our cities touch and the others' do not, completing a temple when
  the ring is in reach; declining a temple action whose pillars and ring do not pay for the marble;
- the statue (:func:`_statue`): next to our cities and away from the others';
- quarry tiles (:func:`_tile`): raising the yield of quarries our houses surround, not the others', and
  never making ours the highest quarry, the next to close;
- the quarry worker (:func:`_worker`): to the empty quarry with most of our houses (and room for more).

Speed matters: ``heuristic_action`` drives every playout of the search. Values are read from bitmasks and
each player's few groups; only cells that can matter are looked at (next to one's own pieces, or to active
quarries for houses); choosing an action estimates the building actions from the groups instead of trying
cells (:meth:`Model.quick_value`); the clock is cached by round, turn and track.
"""

from __future__ import annotations

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
from hellenika.games.hellas.model import Model
from hellenika.games.hellas.phases import (
    BUILD,
    CHOOSE,
    MINE_DRAW,
    MINE_PLACE,
    MINE_WORKER,
    PILLARS,
    TAKE,
)
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.engine.rng import Rng
    from hellenika.games.hellas.state import HellasState

# ---------------------------------------------------------------- weights (tuned in play against greedy)

SHARED_OPP_W = 1.5  # how much the others' gain from a shared action counts against choosing it
DENY_W = 0.4  # share of an opponent's gain from a private action that taking it first denies them
START_BONUS = 0.5  # being first to choose a temple makes you start the next round
CLOSE_RISK = 1.0  # how surely the highest active quarry is the next to close (a low tile opens another)


# ---------------------------------------------------------------------- the decisions


def heuristic_action(s: HellasState, rng: Rng) -> Action:
    """The rules-of-thumb choice for the seat deciding at ``s`` (a decision node)."""
    phase = s.phase
    if phase == CHOOSE:
        return _choose(s)
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
    if phase == MINE_DRAW:  # this bot always draws, as every Mine marble did before the choice existed
        return s.g.draw
    if phase == TAKE:  # more marble never lowers a score or the tie-break
        return s.g.take
    legal = s.legal_actions()  # pragma: no cover - every decision phase is handled above
    return legal[rng.randbelow(len(legal))]


def _choose(s: HellasState) -> Action:
    """The action space worth most now (ties: the first in track order).

    Shared actions (houses, palace, mine) are worth our gain less ``SHARED_OPP_W`` times the others' mean
    gain: everyone gets them, so they only pay when they help us more. Private ones are worth our gain, plus
    ``DENY_W`` of the best gain an opponent could make of it (a temple or statue they can afford, taken before
    them). Being first to choose a temple this round adds ``START_BONUS`` (it wins the next start).
    """
    m = Model(s)
    p = s.cp
    n = s.n
    comps = s.comps
    track = s.track
    others = [q for q in range(n) if q != p]
    spread = SHARED_OPP_W / len(others) if others else 0.0
    houses: list[float] | None = None
    slots_free = sum(m.info.slots) - sum(s.pillars)
    pillars_left = s.pillar_supply()
    first_temple = s.next_start < 0 and s.round < comps.rounds
    best_v = -1e18
    best_i = -1
    for spaces in s.g.track_groups:
        i = -1
        for j in spaces:
            if track[j] < 0:
                i = j
                break
        if i < 0:
            continue
        sp = comps.track[i]
        kind = sp.kind
        if kind == K_MINE:
            value = m.income(p) * m.marble_value(p)
            for q in others:
                value -= spread * m.income(q) * m.marble_value(q)
        elif kind in (K_HOUSE, K_HOUSE_SQUARE):
            if houses is None:
                houses = [m.quick_value(q, HOUSE) for q in range(n)]
            value = houses[p]
            for q in others:
                value -= spread * houses[q]
            if kind == K_HOUSE_SQUARE:
                value += m.quick_value(p, SQUARE)
                for q in others:
                    value -= spread * m.quick_value(q, SQUARE)
        elif kind == K_PALACE:
            value = m.quick_value(p, PALACE)
            for q in others:
                value -= spread * m.quick_value(q, PALACE)
        elif kind == K_MARBLE:
            value = sp.gain * m.marble_value(p)
        else:
            if kind == K_TEMPLE and (slots_free < sp.pillars or pillars_left < sp.pillars):
                value = 0.0
            else:
                value = _private_value(s, m, p, kind, sp.cost, sp.pillars)
                if value < 0:
                    value = 0.0
                deny = 0.0
                for q in others:
                    if s.marble[q] >= sp.cost:
                        deny = max(deny, _private_value(s, m, q, kind, sp.cost, sp.pillars))
                value += DENY_W * deny
            if kind == K_TEMPLE and first_temple:
                value += START_BONUS
        if value > best_v:
            best_v, best_i = value, i
    return s.g.choose_actions[best_i]


def _private_value(s: HellasState, m: Model, p: int, kind: int, cost: int, pillars: int) -> float:
    """What a temple or statue action is worth to ``p`` (0 if ``p`` cannot pay or no statue is left)."""
    if s.marble[p] < cost:
        return 0.0
    if kind == K_STATUE:
        if s.statues.bit_count() >= s.comps.statues:
            return 0.0
        return m.best_statue(p)[0]
    return m.temple_value(p, cost, pillars)


def _build(s: HellasState) -> Action:
    """The best piece and cell (:meth:`Model.best_cell`), or nothing if no build pays for its marble."""
    m = Model(s)
    p = s.builder
    kind = s.space_kind
    build = s.t.build
    if kind == K_HOUSE:
        _v, c = m.best_cell(p, HOUSE)
        return build[HOUSE][c] if c >= 0 else s.g.decline
    if kind == K_PALACE:
        _v, c = m.best_cell(p, PALACE)
        return build[PALACE][c] if c >= 0 else s.g.decline
    best_v, best_piece, best_c = 0.0, -1, -1
    for piece, bit in ((HOUSE, 1), (SQUARE, 2)):
        if not s.built & bit:
            v, c = m.best_cell(p, piece)
            if c >= 0 and v > best_v:
                best_v, best_piece, best_c = v, piece, c
    if best_c < 0:
        return s.g.decline
    return build[best_piece][best_c]


def _statue(s: HellasState) -> Action:
    """Next to our cities and away from the others'; declined if no cell pays for the 7 marble."""
    m = Model(s)
    v, c = m.best_statue(s.cp)
    if c < 0 or v < 0:
        return s.g.decline
    return s.t.build[STATUE][c]


def _pillar(s: HellasState) -> Action:
    """The next pillar of the best plan (:meth:`Model.pillar_plan`); before paying, decline a temple
    action whose pillars and ring are worth less than its marble."""
    m = Model(s)
    p = s.cp
    space = s.comps.track[s.space]
    due = s.pillars_due
    value, first = m.pillar_plan(p, due, s.pillar_min)
    if due == space.pillars and value + m.ring_value(p) - m.spend_cost(p, space.cost) < 0:
        return s.g.decline
    if first < 0:  # pragma: no cover - the state offers only temple actions that can be completed
        return s.legal_actions()[0]
    return s.t.pillar[first]


def _net_houses(s: HellasState, p: int, mask: int) -> float:
    """``p``'s houses in ``mask`` less the other players' mean."""
    mine = (s.houses[p] & mask).bit_count()
    if s.n == 1:
        return float(mine)
    others = 0
    for q in range(s.n):
        if q != p:
            others += (s.houses[q] & mask).bit_count()
    return mine - others / (s.n - 1)


def _tile(s: HellasState) -> Action:
    """Put the drawn tile where the yield it adds goes to our houses rather than the others'; and not where
    it makes our quarry the highest, the one that closes when a low tile opens the worker's quarry (rather
    make it theirs)."""
    p = s.cp
    v = s.pending_tile
    yields = s.g.tile_yield
    qnbr = s.b.quarry_nbr
    piles = s.piles
    highest = max(piles[q][-1] for q in s.active_q)
    best, where = -1e18, -1
    for q in s.active_q:
        top = piles[q][-1]
        if top >= v:
            continue
        net = _net_houses(s, p, qnbr[q])
        value = (yields[v] - yields[top]) * net
        if v > highest:  # now the highest quarry: the next to close when a low tile opens another
            value -= CLOSE_RISK * yields[v] * net
        if value > best:
            best, where = value, q
    return s.t.tile[where]


def _worker(s: HellasState) -> Action:
    """Move the worker to the empty quarry our houses surround (it opens there next), with room to build."""
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
