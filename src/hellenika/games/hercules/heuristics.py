"""A quick evaluation of a Hercules position for one seat, used by the greedy bot.

Current score margin (live scoring: card VP, majorities, sets, cubes) plus the Apprentice's progress, which
is what ends the game and wins ties; unused active cards are worth a little (they turn bad rolls into
Labours).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hercules.cards import DEMIGOD

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

PROGRESS_WEIGHT = 1.5
LABOUR_WEIGHT = 0.5
READY_CARD_WEIGHT = 0.4


def position_value(s: HerculesState, p: int) -> float:
    cards = s.cat.cards
    ready = sum(
        1
        for c in s.owned[p]
        if cards[c].is_active and not s.spent[p] >> c & 1 and (cards[c].kind != DEMIGOD or s.supply[p] > 0)
    )
    done = 12 - s.cubes[p].bit_count()
    return PROGRESS_WEIGHT * s.pos[p] + LABOUR_WEIGHT * done + READY_CARD_WEIGHT * ready


def evaluate(s: HerculesState, seat: int) -> float:
    scores = s.scores()
    values = [scores[p] + position_value(s, p) for p in range(s.n)]
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return values[seat] - best_other
