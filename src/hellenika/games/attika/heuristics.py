"""A quick evaluation of an Attika position for one seat: the greedy bot's judgement and search's cut-off.

Attika has no points, only a race (spec §8): the first to have all 30 buildings on the board, or to link two
shrines with one settlement, wins. So a position is worth how far each player has come in the faster of the
two races, in **buildings on the board**:

- each building on the board is one step of the 30-building race (the unit);
- the shrine link: a player ``D`` buildings away from linking two shrines (``shrine_paths``: the fewest
  empty spaces that complete a link, other players' buildings being walls) is ``LINK * exp(-D / 2)`` ahead;
  a link of 1 is nearly a win, one of 8 (the start) almost nothing, a walled-off one nothing;
- resources for the next buildings: a building on the storage board (it still needs an action and cards),
  landscape cards (a building costs two or three; more than ``CARD_CAP`` are slow to spend), amphorae;
- each settlement beyond the first makes every new one dearer (the surcharge) and splits the link.

The weights come from a logistic regression of the winner on these features over 26,000 turn starts of
heuristic, greedy and mixed 2-player games (log-loss 0.546, against 0.693 for a coin), rescaled so that a
building on the board is 1. The regression's logit is ``0.49`` per building, so an evaluation margin ``m``
means a win probability of about ``sigmoid(0.49 m)``; ``estimate_returns`` maps ``m`` with
``tanh(m / scale)``, which equals ``2 sigmoid(2 m / scale) - 1``, hence ``EVALUATION_SCALE = 4.0
MAX_EXPECTED = 0.9999``.

A building being placed or paid for counts as built (less the cards still owed), so that choosing to build
scores at once for a one-step lookahead; a building just drawn counts as stored.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hellenika.games.attika.phases import DRAWN, PAY, PLACE
from hellenika.games.attika.shrine_paths import FAR, race, race_after

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

WIN = 1000.0
PLACED = 1.0
LINK = 6.0
LINK_DECAY = 2.0
STORED = 0.2
CARD, CARD_CAP = 0.18, 6
AMPHORA = 0.24
SETTLEMENT = 0.3
TYPICAL_CARDS = 2  # cards a building costs after reductions, before the space is chosen
EVALUATION_SCALE = 4.0
MAX_EXPECTED = 0.9999

_LINK_VALUE = tuple(LINK * math.exp(-d / LINK_DECAY) for d in range(64))


def link_value(distance: int) -> float:
    """What being ``distance`` buildings from a shrine link is worth, in buildings."""
    return _LINK_VALUE[distance] if distance < len(_LINK_VALUE) else 0.0


def owed_cards(s: AttikaState) -> int:
    """Fewest cards that finish the payment in progress (every matching card used as a match)."""
    hand = s.hands[s.actor]
    c = s.pay_c
    return s.pay_g - sum(min(c[t], hand[t]) for t in range(4))


def position_value(s: AttikaState, p: int) -> float:
    """p's standing in buildings-on-the-board equivalents (see the module docstring)."""
    hand = s.hands[p]
    cards = hand[0] + hand[1] + hand[2] + hand[3]
    stored = sum(s.storage[p])
    placed = s.placed[p]
    if p == s.actor and s.pending >= 0:
        phase = s.phase
        if phase == PAY:
            placed += 1
            cards -= owed_cards(s)
        elif phase == PLACE:
            placed += 1
            cards -= TYPICAL_CARDS
        elif phase == DRAWN:
            stored += 1
    if s.phase == PAY and s.pay_cell >= 0:
        # the building being paid for stands there already, for the link as for the count
        distance = race_after(s, p, s.pay_cell).distance
    else:
        distance = race(s, p).distance
    value = PLACED * placed + STORED * stored + CARD * min(max(cards, 0), CARD_CAP) + AMPHORA * s.amph[p]
    value -= SETTLEMENT * max(0, len(s.comps[p]) - 1)
    if distance < FAR:
        value += link_value(distance)
    return value


def evaluate(s: AttikaState, seat: int) -> float:
    """Seat's standing against the others, in buildings; +-WIN once the game is won.

    With two players: seat's value less the other's. With more, each player's chance to win is taken as
    a softmax of the values (``exp(0.5 v)``, the regression's logistic), the expected pairwise return
    ``(n P - 1) / (n - 1)`` follows (a win beats everybody, a loss loses to one player only), and it is
    given back as the two-player margin with that expected return, so ``estimate_returns`` stays
    calibrated at every player count.
    """
    if s.winner >= 0:
        return WIN if s.winner == seat else -WIN
    values = [position_value(s, p) for p in range(s.n)]
    if s.n == 2:
        return values[seat] - values[1 - seat]
    k = 2.0 / EVALUATION_SCALE
    top = max(values)
    weights = [math.exp(k * (v - top)) for v in values]
    chance = weights[seat] / sum(weights)
    expected = (s.n * chance - 1.0) / (s.n - 1)
    expected = max(-MAX_EXPECTED, min(MAX_EXPECTED, expected))
    return EVALUATION_SCALE * math.atanh(expected)
