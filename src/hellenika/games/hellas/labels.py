"""Plain-words labels for Hellas actions, as the terminal and the web show them.

A label says what the choice does and costs ("Build a house on 3,4 (interior, 2 marble)") and, where it helps
a person decide, what it leads to: the marble a house will earn from the active quarries next to it, the city
a piece founds or joins, the ring a pillar completes. Labels name participants with ``{p0}`` placeholders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.games.hellas import words
from hellenika.games.hellas.actions import (
    Build,
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    OpenQuarry,
    Pillar,
    PlaceTile,
    Reveal,
    StartPlayer,
    TakeMarble,
)
from hellenika.games.hellas.cities import add_piece, is_city
from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_MARBLE,
    K_MINE,
    K_PALACE,
    K_STATUE,
    PALACE,
    PIECE_CODE,
    STATUE,
)
from hellenika.games.hellas.phases import BUILD, MINE_DRAW, PILLARS, SETUP_WORKER, TAKE
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE
from hellenika.i18n import Msg, _m

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


def label(s: HellasState, action: Action) -> Msg:
    if isinstance(action, ChooseAction):
        return _choose(s, action)
    if isinstance(action, Build):
        return _build(s, action)
    if isinstance(action, Pillar):
        return _pillar(s, action)
    if isinstance(action, PlaceTile):
        q = s.b.quarry_of[s.b.index_of[action.quarry]]
        v = s.pending_tile
        old = s.top(q)
        y = s.g.tile_yield
        return _m("hellas.label.put_tile", tile=v, quarry=action.quarry, old=old, y_old=y[old], y_new=y[v])
    if isinstance(action, MoveWorker):
        q = s.b.quarry_of[s.b.index_of[action.quarry]]
        where = words.COAST if s.b.quarry_is_coast[q] else words.INTERIOR
        if s.phase == SETUP_WORKER:
            return _m("hellas.label.worker_starts", quarry=action.quarry, where=where)
        return _m("hellas.label.worker_moves", quarry=action.quarry, where=where)
    if isinstance(action, Decline):
        if s.phase == BUILD:
            return _m("hellas.label.build_nothing_more") if s.built else _m("hellas.label.decline_build")
        if s.phase == PILLARS:
            return _m("hellas.label.decline_temple")
        if s.phase == STATUE_PHASE:
            return _m("hellas.label.decline_statue")
        if s.phase == MINE_DRAW:
            return _m("hellas.label.decline_draw")
        if s.phase == TAKE:
            return _m("hellas.label.decline_take")
        return _m("hellas.label.decline")
    if isinstance(action, DrawTiles):
        return _m("hellas.label.draw", draws=s.comps.mine_draws)
    if isinstance(action, TakeMarble):
        if s.space < 0 or s.cp < 0:
            return _m("hellas.label.take_the_marble")
        gain, m = s.comps.track[s.space].gain, s.marble[s.cp]
        return _m("hellas.label.take_marble", gain=gain, old=m, new=m + gain)
    if isinstance(action, OpenQuarry):
        return _m("hellas.label.open_quarry", quarry=action.quarry)
    if isinstance(action, Reveal):
        return _m("hellas.label.reveal", tile=action.tile)
    if isinstance(action, StartPlayer):
        return _m("hellas.label.starts", player=who(action.seat))
    return Msg.literal(action.notation())


def _choose(s: HellasState, action: ChooseAction) -> Msg:
    space = s.comps.track[s.g.space_index[action.space]]
    kind = space.kind
    costs = s.g.costs
    text: Msg
    if kind == K_HOUSE:
        text = _m("hellas.label.choose_house", coast=costs[HOUSE][0], interior=costs[HOUSE][1])
    elif kind == K_HOUSE_SQUARE:
        text = _m("hellas.label.choose_house_square")
    elif kind == K_PALACE:
        text = _m("hellas.label.choose_palace", coast=costs[PALACE][0], interior=costs[PALACE][1])
    elif kind == K_MINE:
        text = _m("hellas.label.choose_mine", draws=s.comps.mine_draws)
    elif kind == K_STATUE:
        why = s.statue_blocker(s.active, space.cost)
        if why is None:
            text = _m("hellas.label.choose_statue", cost=space.cost)
        else:  # one may choose an action and not perform it (seed): say so before the choice
            text = _m("hellas.label.choose_statue_unable", why=_unable(s, why, space.cost))
    elif kind == K_MARBLE:
        text = words.title(space)
    else:
        why = s.temple_blocker(s.active, space.cost, space.pillars)
        if why is None:
            text = _m("hellas.label.choose_temple", pillars=space.pillars, cost=space.cost)
        else:
            unable = _unable(s, why, space.cost)
            text = _m("hellas.label.choose_temple_unable", pillars=space.pillars, cost=space.cost, why=unable)
        if s.next_start < 0 and s.round < s.comps.rounds:
            text = _m("hellas.label.start_next_round", text=text)
    return text


def _unable(s: HellasState, why: Msg, cost: int) -> Msg:
    """Why the chooser cannot perform the action, in the words of the label."""
    if why.id == "hellas.why.needs_marble":
        return _m("hellas.label.you_have", have=s.marble[s.active], cost=cost)
    return why


def _build(s: HellasState, action: Build) -> Msg:
    b = s.b
    c = b.index_of[action.space]
    piece = PIECE_CODE[action.piece]
    coast = b.is_coast[c]
    cost = s.g.costs[piece][0 if coast else 1]
    where = words.COAST if coast else words.INTERIOR
    text = _m("hellas.label.build", piece=words.A_PIECE[piece], space=action.space, where=where, cost=cost)
    if piece == STATUE:
        return text
    p = s.cp
    hints: list[Msg] = []
    if piece == HOUSE:
        income = sum(s.g.tile_yield[s.top(q)] for q in s.active_q if b.quarry_nbr[q] >> c & 1)
        if income:
            hints.append(_m("hellas.label.mines", income=income))
    houses = s.houses[p] | (1 << c if piece == HOUSE else 0)
    palaces = s.palaces[p] | (1 << c if piece == PALACE else 0)
    for members, _ in add_piece(s.groups[p], c, b.nbr):
        if members >> c & 1 and is_city(members, houses, palaces):
            hints.append(_m("hellas.label.city", size=members.bit_count()))
    return _m("hellas.label.with_hints", text=text, hints=tuple(hints)) if hints else text


def _pillar(s: HellasState, action: Pillar) -> Msg:
    ti = s.b.temple_by_id[action.temple]
    temple = s.b.temples[ti]
    now = s.pillars[ti]
    text = _m("hellas.label.pillar", temple=temple.id, now=now, slots=temple.slots, next=now + 1)
    space = s.comps.track[s.space]
    if s.pillars_due == space.pillars:
        text = _m("hellas.label.and", text=text, more=_m("hellas.label.pay_ring", cost=space.cost))
    if now + 1 == temple.slots:
        text = _m("hellas.label.and", text=text, more=_m("hellas.label.completes"))
    due = s.pillars_due - 1
    if due:
        text = _m("hellas.label.and", text=text, more=_m("hellas.label.more_to_place", due=due))
    return text
