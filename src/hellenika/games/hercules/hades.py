"""Hades, the solo opponent (spec §7): his whole turn runs by his rules, with no decisions.

1. White die: steal the top card of Demigod stack *w* (solo numbering 1-6). He rolls the white die first,
   unless the hero held Pegasus and used the white die this round (then its face stands).
2. Coloured die: move that many columns, wrapping from 12 to 1, jumping cubes; then exactly one of: take his
   own cube there; or take the card above that column; or slide right to before his next cube, earning a Vase
   for a slide of three or more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hercules.actions import WHITE_SLOT
from hellenika.games.hercules.board import HADES, VASE_MIN, slide
from hellenika.games.hercules.phases import HADES_WHITE
from hellenika.games.hercules.words import deck_name
from hellenika.i18n import _m

if TYPE_CHECKING:
    from hellenika.games.hercules.flow import FlowMixin


def begin_turn(s: FlowMixin) -> None:
    if s.pegasus == 0 and s.white_used_round:
        act(s)
    else:
        s.phase = HADES_WHITE
        s.pending_roll = (HADES, (WHITE_SLOT,))
        s.cp = CHANCE


def landing_column(pos: int, roll: int) -> int:
    """Column reached moving ``roll`` spaces from ``pos``; after 12 comes 1 (spec §7 step 2)."""
    return roll if pos == 0 else (pos - 1 + roll) % 12 + 1


def act(s: FlowMixin) -> None:
    """Steal, then move and collect; ends Hades' turn."""
    deck = s.g.solo_deck[s.white]
    if s.tops[deck] >= 0:
        if s._events is not None:
            stack = deck_name(s.cat.decks[deck].name)
            s._log(_m("hercules.log.hades_stole", stack=s.white, deck=stack), HADES)
        s._take_demigod(HADES, deck)
    elif s._events is not None:
        s._log(_m("hercules.log.hades_empty", stack=s.white, deck=deck_name(s.cat.decks[deck].name)), HADES)
    old = s.pos[HADES]
    new = landing_column(old, s.dice[HADES][0])
    s.pos[HADES] = new
    if s._events is not None:
        s._log(_m("hercules.log.hades_moved", player=who(HADES), old=old, new=new), HADES)
    cubes = s.cubes[HADES]
    if cubes >> new & 1:
        s.cubes[HADES] = cubes & ~(1 << new)
        s.supply[HADES] += 1
        if s._events is not None:
            s._log(_m("hercules.log.hades_cube", player=who(HADES), column=new), HADES)
    elif new <= 11 and s.gods[new] >= 0:
        god = s.gods[new]
        s.gods[new] = -1
        s._gain(HADES, god)
    elif new == 12 and s.col12:
        top = s.col12[0]
        s.col12 = s.col12[1:]
        s._gain(HADES, top)
    else:
        stop = slide(cubes, new)
        s.pos[HADES] = stop
        if stop != new and s._events is not None:
            s._log(_m("hercules.log.hades_slid", player=who(HADES), column=stop), HADES)
        if stop - new >= VASE_MIN:
            s._take_vase(HADES, stop - new)
    s._end_turn()
