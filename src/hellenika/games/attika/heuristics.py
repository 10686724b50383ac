"""A quick evaluation of an Attika position for one seat, used by the greedy bot.

Attika has no points, only a race (spec §8): 30 buildings, or two shrines linked. So a position is worth the
buildings on the board (most), those ready on the storage board, the cards and amphorae that pay for more,
less the settlements that make new ones dearer, plus how far the best settlement reaches towards a second
shrine. Cards and stored buildings are worth less the more one has (a big hand is slow to use), so the
bot takes cards when it is short and builds when it can. A building being paid for counts as built, less
the cards still owed, so that choosing to build scores at once (the greedy bot looks one step ahead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.attika.hexes import distance
from hellenika.games.attika.phases import DRAWN, PAY, PLACE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

WIN = 1000.0
PLACED = 5.0
STORED, STORED_CAP, STORED_EXTRA = 1.6, 4, 0.4
CARD, CARD_CAP, CARD_EXTRA = 0.9, 6, 0.25
AMPHORA = 1.2
SETTLEMENT = 0.8
SHRINE = 2.0
REACH = 0.5
TYPICAL_CARDS = 2  # cards a building costs after reductions, before the space is chosen


def _concave(count: int, value: float, cap: int, extra: float) -> float:
    return value * min(count, cap) + extra * max(0, count - cap)


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
                mine = [cells[c] for c in range(board.size) if comp >> c & 1]
                near = min(distance(a, h) for h in others for a in mine)
                value += REACH * max(0, 10 - near)
        best = max(best, value)
    return best


def owed_cards(s: AttikaState) -> int:
    """Fewest cards that finish the payment in progress (every matching card used as a match)."""
    hand = s.hands[s.actor]
    c = s.pay_c
    return s.pay_g - sum(min(c[t], hand[t]) for t in range(4))


def position_value(s: AttikaState, p: int) -> float:
    hand = sum(s.hands[p])
    stored = sum(s.storage[p])
    if p == s.actor and s.pending >= 0:
        if s.phase == PAY:
            return _value(s, p, s.placed[p] + 1, stored, hand - owed_cards(s))
        if s.phase == PLACE:
            return _value(s, p, s.placed[p] + 1, stored, hand - TYPICAL_CARDS)
        if s.phase == DRAWN:
            stored += 1
    return _value(s, p, s.placed[p], stored, hand)


def _value(s: AttikaState, p: int, placed: int, stored: int, hand: int) -> float:
    value = PLACED * placed + _concave(stored, STORED, STORED_CAP, STORED_EXTRA)
    value += _concave(max(hand, 0), CARD, CARD_CAP, CARD_EXTRA) + AMPHORA * s.amph[p]
    value -= SETTLEMENT * max(0, len(s.comps[p]) - 1)
    return value + shrine_progress(s, p)


def evaluate(s: AttikaState, seat: int) -> float:
    if s.winner >= 0:
        return WIN if s.winner == seat else -WIN
    values = [position_value(s, p) for p in range(s.n)]
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)
