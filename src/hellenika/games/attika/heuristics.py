"""A quick evaluation of an Attika position for one seat, used by the greedy bot.

Attika has no points, only a race (spec §8): 30 buildings, or two shrines linked. So a position is worth the
buildings on the board (most), those ready on the storage board, the cards and amphorae that pay for more,
less the settlements that make new ones dearer, plus how far the best settlement reaches towards a second
shrine. A building being paid for counts as built, less what is still owed, so that choosing to build
scores at once (the greedy bot looks one step ahead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.attika.hexes import distance
from hellenika.games.attika.phases import DRAWN, PAY, PLACE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

WIN = 1000.0
PLACED = 4.0
STORED = 1.5
CARD = 0.6
AMPHORA = 1.2
SETTLEMENT = 0.8
SHRINE = 2.5
REACH = 0.4


def shrine_progress(s: AttikaState, p: int) -> float:
    """For p's best settlement: shrines touched, and how close it comes to another shrine."""
    board = s.board
    best = 0.0
    cells = board.cells
    for comp in s.comps[p]:
        touched = [k for k, adj in enumerate(board.shrine_adj) if adj & comp]
        value = SHRINE * len(touched)
        if touched:
            others = [h for k, h in enumerate(board.shrines) if k not in touched]
            if others:
                near = min(distance(cells[c], h) for h in others for c in range(board.size) if comp >> c & 1)
                value += REACH * max(0, 10 - near)
        best = max(best, value)
    return best


def position_value(s: AttikaState, p: int) -> float:
    value = PLACED * s.placed[p] + STORED * sum(s.storage[p])
    value += CARD * sum(s.hands[p]) + AMPHORA * s.amph[p]
    value -= SETTLEMENT * max(0, len(s.comps[p]) - 1)
    value += shrine_progress(s, p)
    if p == s.actor and s.pending >= 0:
        if s.phase == PAY:
            value += PLACED - CARD * s.pay_g / 2
        elif s.phase == PLACE:
            value += PLACED - CARD * 2
        elif s.phase == DRAWN:
            value += STORED
    return value


def evaluate(s: AttikaState, seat: int) -> float:
    if s.winner >= 0:
        return WIN if s.winner == seat else -WIN
    values = [position_value(s, p) for p in range(s.n)]
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)
