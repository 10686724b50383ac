"""Plain-words labels for Hellas actions, as the terminal and the web show them.

A label says what the choice does and costs ("Build a house on 3,4 (interior, 2 marble)") and, where it helps
a person decide, what it leads to: the marble a house will earn from the active quarries next to it, the city
a piece founds or joins, the ring a pillar completes. Labels name participants with ``{p0}`` placeholders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import who
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
from hellenika.i18n import Msg, render

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


def label(s: HellasState, action: Action) -> str:
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
        return (
            f"Put tile {v} on quarry {action.quarry} (top {old} -> {v}, yield {y[old]} -> {y[v]} per house)"
        )
    if isinstance(action, MoveWorker):
        q = s.b.quarry_of[s.b.index_of[action.quarry]]
        where = "coast" if s.b.quarry_is_coast[q] else "interior"
        if s.phase == SETUP_WORKER:
            return f"The quarry worker starts on {action.quarry} ({where} quarry)"
        return f"Move the quarry worker to {action.quarry} ({where} quarry)"
    if isinstance(action, Decline):
        if s.phase == BUILD:
            return "Build nothing more" if s.built else "Decline (build nothing)"
        if s.phase == PILLARS:
            return "Decline the temple action (pay nothing, no ring)"
        if s.phase == STATUE_PHASE:
            return "Decline (build no statue)"
        if s.phase == MINE_DRAW:
            return "Decline (draw no quarry tiles; the income stays paid)"
        if s.phase == TAKE:
            return "Decline (take no marble)"
        return "Decline"
    if isinstance(action, DrawTiles):
        return f"Draw quarry tiles (up to {s.comps.mine_draws}; no stopping once you have drawn)"
    if isinstance(action, TakeMarble):
        if s.space < 0 or s.cp < 0:
            return "Take the marble"
        gain, m = s.comps.track[s.space].gain, s.marble[s.cp]
        return f"Take {gain} marble ({m} -> {m + gain})"
    if isinstance(action, OpenQuarry):
        return f"Quarry {action.quarry} gets a starting tile"
    if isinstance(action, Reveal):
        return f"Quarry tile {action.tile} is drawn"
    if isinstance(action, StartPlayer):
        return f"{who(action.seat)} starts"
    return action.notation()


def _choose(s: HellasState, action: ChooseAction) -> str:
    space = s.comps.track[s.g.space_index[action.space]]
    kind = space.kind
    costs = s.g.costs
    if kind == K_HOUSE:
        text = f"Build a house (everyone in turn, {costs[HOUSE][0]}/{costs[HOUSE][1]} marble)"
    elif kind == K_HOUSE_SQUARE:
        text = "Build a house and/or a square (everyone in turn, 1/2 marble each)"
    elif kind == K_PALACE:
        text = f"Build a palace (everyone in turn, {costs[PALACE][0]}/{costs[PALACE][1]} marble)"
    elif kind == K_MINE:
        text = f"Mine marble (everyone earns, then you may draw up to {s.comps.mine_draws} tiles)"
    elif kind == K_STATUE:
        why = s.statue_blocker(s.active, space.cost)
        if why is None:
            text = f"Build a statue ({space.cost} marble, interior)"
        else:  # one may choose an action and not perform it (seed): say so before the choice
            text = f"Choose Build a statue ({_unable(s, why, space.cost)}: nothing will be built)"
    elif kind == K_MARBLE:
        text = f"Take {space.gain} marble"
    else:
        why = s.temple_blocker(s.active, space.cost, space.pillars)
        if why is None:
            text = f"Temple: exactly {space.pillars} pillars for {space.cost} marble, +1 ring"
        else:
            text = (
                f"Choose Temple: {space.pillars} pillars for {space.cost} marble "
                f"({_unable(s, why, space.cost)}: nothing will be built)"
            )
        if s.next_start < 0 and s.round < s.comps.rounds:
            text += "; start next round"
    return text


def _unable(s: HellasState, why: Msg, cost: int) -> str:
    """Why the chooser cannot perform the action, in the words of the label."""
    if why.id == "hellas.why.needs_marble":
        return f"you have {s.marble[s.active]} of {cost} marble"
    return render(why)


def _build(s: HellasState, action: Build) -> str:
    b = s.b
    c = b.index_of[action.space]
    piece = PIECE_CODE[action.piece]
    coast = b.is_coast[c]
    cost = s.g.costs[piece][0 if coast else 1]
    text = f"Build a {action.piece} on {action.space} ({'coast' if coast else 'interior'}, {cost} marble)"
    if piece == STATUE:
        return text
    p = s.cp
    hints = []
    if piece == HOUSE:
        income = sum(s.g.tile_yield[s.top(q)] for q in s.active_q if b.quarry_nbr[q] >> c & 1)
        if income:
            hints.append(f"mines +{income}")
    houses = s.houses[p] | (1 << c if piece == HOUSE else 0)
    palaces = s.palaces[p] | (1 << c if piece == PALACE else 0)
    for members, _ in add_piece(s.groups[p], c, b.nbr):
        if members >> c & 1 and is_city(members, houses, palaces):
            hints.append(f"city of {members.bit_count()}")
    return text + (f": {', '.join(hints)}" if hints else "")


def _pillar(s: HellasState, action: Pillar) -> str:
    ti = s.b.temple_by_id[action.temple]
    temple = s.b.temples[ti]
    now = s.pillars[ti]
    text = f"Place a pillar in {temple.id} ({now}/{temple.slots} -> {now + 1}/{temple.slots})"
    extras = []
    space = s.comps.track[s.space]
    if s.pillars_due == space.pillars:
        extras.append(f"pay {space.cost} marble, +1 ring")
    if now + 1 == temple.slots:
        extras.append("completes it: +1 ring")
    due = s.pillars_due - 1
    if due:
        extras.append(f"{due} more to place")
    return text + (f"; {'; '.join(extras)}" if extras else "")
