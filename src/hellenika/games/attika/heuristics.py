"""A quick evaluation of an Attika position for one seat: the greedy bot's judgement and search's cut-off.

Attika has no points, only a race (spec §8): the first to have all 30 buildings on the board, or to link two
shrines with one settlement, wins. So a player's standing is measured in **buildings on the board**:

- each building on the board is one step of the 30-building race (the unit);
- the shrine link: a player ``D`` buildings from linking two shrines (``shrine_paths``: the fewest empty
  spaces that complete a link, other players' buildings being walls) is ``LINK * exp(-D / 2)`` ahead: one
  building short is nearly a win, the start (8) almost nothing, a walled-off link nothing;
- resources for the next buildings: a building on the storage board (it still needs an action and cards),
  landscape cards (a building costs two or three; more than ``CARD_CAP`` are slow to spend), amphorae;
- each settlement beyond the first makes every new one dearer (the surcharge).

**Weights.** A logistic regression of the winner on these features, over 26,000 turn starts of heuristic,
greedy and mixed 2-player games, gave (per building on the board) a link worth 5.8 exp(-D/2), 0.10 per
stored building, 0.15 per card (capped at 8), 0.15 per amphora and -0.55 per extra settlement (log-loss
0.546; a coin is 0.693). Those weights make a poor one-step player, though: the greedy bot then sees no
point in drawing or taking cards. The weights below lose almost nothing as a prediction (log-loss 0.547)
and make greedy play well: it beats greedy with the previous evaluation in 71% of 2-player games and random
in 99%.

**Scale.** The regression's logit is about 0.5 per building, and ``tanh(m / scale) = 2 sigmoid(2 m / scale)
- 1``, so a margin ``m`` is worth ``tanh(m / 4)`` in expected return. Measured: over 28,000 decision nodes
of 2-player games, the scale that best fits ``tanh(evaluate / scale)`` to the final returns (least squares)
is 3.6 (heuristic self-play alone 4.3, games with greedy 3.0), and 3.8 and 3.7 over 3- and 4-player
heuristic games with the form of :func:`evaluate` below; ``EVALUATION_SCALE`` is 4.

A building being placed or paid for counts as built (less the cards still owed), its space included for the
link, so that choosing to build scores at once for a one-step lookahead; a building just drawn counts as
stored.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hellenika.games.attika.phases import DRAWN, PAY, PLACE
from hellenika.games.attika.shrine_paths import FAR, race, race_after

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

WIN = 1000.0  # a won (lost) game, for the greedy bot; search reads terminal returns directly
PLACED = 1.0  # a building on the board: the unit
LINK, LINK_DECAY = 6.0, 2.0  # LINK * exp(-D / LINK_DECAY) for a shrine link D buildings away
STORED = 0.2  # a building on the storage board
CARD, CARD_CAP = 0.18, 6  # a landscape card, up to CARD_CAP of them
AMPHORA = 0.24
SETTLEMENT = 0.3  # each settlement beyond the first
TYPICAL_CARDS = 2  # cards a building costs after reductions, before the space is chosen
EVALUATION_SCALE = 4.0  # see the module docstring
MAX_EXPECTED = 0.9999  # expected returns are kept inside (-1, 1) before atanh

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
