"""Mine marble and the quarries (spec §4.6): income, tile development, opening and closing quarries.

Functions on the state, as Hercules keeps Hades' turn: the state's ``_apply`` calls :func:`income` when Mine
marble is chosen and :func:`offer_draws` (the chooser may stop there), then :func:`next_draw` once the chooser
draws, :func:`reveal` for each tile drawn (a chance node), :func:`put_tile` for the active
player's choice of quarry and :func:`move_worker` for the worker's new quarry. Forced steps (one possible
quarry, one empty quarry for the worker) are taken here without asking.

Quarry fields are *empty* (no tile; the worker may stand there), *active* (a face-up pile whose top tile sets
the yield) or *closed* (face down, dead for the rest of the game). Between actions exactly three are active.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hellas.phases import (
    MINE_DRAW,
    MINE_PLACE,
    MINE_REVEAL,
    MINE_WORKER,
    SETUP_START,
    SETUP_TILE,
    SETUP_WORKER,
)
from hellenika.i18n import _m

if TYPE_CHECKING:
    from hellenika.games.hellas.fields import HellasFields
    from hellenika.games.hellas.flow import FlowMixin
    from hellenika.games.hellas.state import HellasState


def qid(s: HellasState, q: int) -> str:
    """The id ("row,col") of quarry number ``q``."""
    return s.b.cells[s.b.quarries[q]].id


def replace(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """A copy of ``items`` with item ``i`` replaced (piles and tuples are shared by clones)."""
    return (*items[:i], value, *items[i + 1 :])


def income(s: HellasFields) -> None:
    """Every house pays the top-tile yield of each active quarry it touches (spec §4.6 step 1)."""
    yields = s.g.tile_yield
    qnbr = s.b.quarry_nbr
    houses = s.houses
    marble = s.marble
    gains = [0] * s.n
    for q in s.active_q:
        y = yields[s.piles[q][-1]]
        m = qnbr[q]
        for p in range(s.n):
            k = (houses[p] & m).bit_count()
            if k:
                gains[p] += k * y
    for p in range(s.n):
        marble[p] += gains[p]
    if s._events is not None:
        earned = tuple(
            _m("hellas.log.income_part", player=who(p), gain=gains[p]) for p in range(s.n) if gains[p]
        )
        s._emit(_m("hellas.log.income", parts=earned) if earned else _m("hellas.log.income_none"), s.active)


def offer_draws(s: FlowMixin) -> None:
    """After the income, the chooser may draw tiles or stop (``draw`` or ``decline``; spec §4.6 step 2).

    The seed lets "a player ... select an action and choose not to perform it"; Mine marble's own words
    ("draws up to four quarry tiles"; he "can't refrain from revealing tiles after placing a tile on an active
    quarry before having placed his fourth tile") leave him free only before the first draw. The income is
    paid either way. The choice is asked whenever a tile is left to draw: the stack's contents are public.
    """
    if s.stack:
        s.phase = MINE_DRAW
        s.cp = s.active
    else:
        next_draw(s)


def next_draw(s: FlowMixin) -> None:
    """Draw again (a chance node) until four tiles are placed; the stack running out ends the action."""
    if s.tiles_placed >= s.comps.mine_draws:
        s._end_turn()
    elif not s.stack:
        if s._events is not None:
            s._emit(_m("hellas.log.stack_empty"), s.active)
        s._end_turn()
    else:
        s.phase = MINE_REVEAL
        s.cp = CHANCE


def reveal(s: HellasState, v: int) -> None:
    """Tile ``v`` comes off the stack: onto a lower active top (asking only if several fit), else it opens
    the worker's quarry (spec §4.6 steps 2-3). During setup it goes on the coast quarry being opened."""
    stack = s.stack
    i = stack.index(v)
    s.stack = stack[:i] + stack[i + 1 :]
    if s.phase == SETUP_TILE:
        s._setup_tile(v)
        return
    piles = s.piles
    eligible = [q for q in s.active_q if piles[q][-1] < v]
    if s._events is not None:
        s._emit(_m("hellas.log.drew_tile", player=who(s.active), tile=v), s.active)
    if len(eligible) == 1:
        put_tile(s, eligible[0], v)
    elif eligible:
        s.pending_tile = v
        s.phase = MINE_PLACE
        s.cp = s.active
    else:
        open_quarry(s, v)


def put_tile(s: HellasState, q: int, v: int) -> None:
    """The drawn tile goes on active quarry ``q``; a further draw is mandatory below four tiles."""
    old = s.piles[q][-1]
    s.piles = replace(s.piles, q, (*s.piles[q], v))
    s.pending_tile = 0
    s.tiles_placed += 1
    if s._events is not None:
        s._emit(_m("hellas.log.tile_on", tile=v, quarry=qid(s, q), old=old), s.active)
    next_draw(s)


def open_quarry(s: HellasState, v: int) -> None:
    """A tile lower than every active top opens the worker's quarry (spec §4.6 step 3)."""
    log = s._events is not None
    q = s.worker
    if q < 0:  # no worker on the board: the tile leaves the game (spec §4.6 edge cases)
        s.aside = (*s.aside, v)
        if log:
            s._emit(_m("hellas.log.tile_aside", tile=v), s.active)
        s._end_turn()
        return
    s.piles = replace(s.piles, q, (v,))
    s.active_q = tuple(sorted((*s.active_q, q)))
    s.pending_tile = 0
    s.opening = q
    if log:
        s._emit(_m("hellas.log.tile_opened", tile=v, quarry=qid(s, q)), s.active)
    s.worker = -1
    empty = s.empty_quarries()
    if len(empty) > 1:
        s.phase = MINE_WORKER
        s.cp = s.active
        return
    if empty:
        s.worker = empty[0]
        if log:
            s._emit(_m("hellas.log.worker_moved", quarry=qid(s, empty[0])), s.active)
    elif log:
        s._emit(_m("hellas.log.worker_left"), s.active)
    close_highest(s)


def move_worker(s: HellasState, q: int) -> None:
    """The worker goes to empty quarry ``q`` (setup: its random start); then the highest quarry closes."""
    if s.phase == SETUP_WORKER:
        s.worker = q
        s.phase = SETUP_START
        if s._events is not None:
            s._emit(_m("hellas.log.worker_starts", quarry=qid(s, q)))
        return
    s.worker = q
    if s._events is not None:
        s._emit(_m("hellas.log.worker_moved_by", player=who(s.active), quarry=qid(s, q)), s.active)
    close_highest(s)


def close_highest(s: HellasState) -> None:
    """Close the active quarry with the highest top (never the one just opened), end the action."""
    piles = s.piles
    opened = s.opening
    s.opening = -1
    candidates = [q for q in s.active_q if q != opened]
    if candidates:
        q = max(candidates, key=lambda x: piles[x][-1])
        s.closed |= 1 << q
        s.active_q = tuple(x for x in s.active_q if x != q)
        if s._events is not None:
            s._emit(_m("hellas.log.closed", quarry=qid(s, q), top=piles[q][-1]), s.active)
    s._end_turn()
