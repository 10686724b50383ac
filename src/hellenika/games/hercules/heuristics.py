"""How a Hercules position stands: an estimate of every participant's final score, for the greedy bot and
search cut-offs (``evaluate``); the heuristic player (``strategy.py``) values single moves with its pieces.

The current score is a poor guide early on: most points are still to come, and where they will come from is
on the board. So each participant's estimate adds up:

- **banked points**: card VP and cubes in supply, exactly as they will score;
- **symbols**: each majority as the *chance* of still holding it at the end (a lead of one is not safe, a lead
  of three nearly is), complete sets plus a little credit for progress towards the next one;
- **the race**: the expected number of turns each row still needs (:attr:`Tables.turns`, exact over the 4096
  cube masks, from the dice probabilities). The seat nearest to clearing its row sets the clock: it will do
  all its remaining Labours, the others only the share of theirs that fits in that time, and the nearer a
  seat is to the front, the likelier Zeus. A seat still to play this round is nearer by a turn's progress,
  so a lost turn costs and an ability that rescues a roll earns;
- **planned jumps**: a remaining cube followed by Labours already done is a jump waiting to happen: filling it
  earns the Vase of that length and the God card where the Apprentice stops. It is credited with the chance
  of rolling that cube before the game ends;
- **abilities**: active cards turn bad rolls into Labours: worth more early than late.

The weights of the speculative parts (plans, abilities, a Labour to come, the tempo of a turn) were fitted on
positions from heuristic games against their final margins and results, then checked with the greedy bot,
which must still prefer progress to hoarding (a pure fit made it rest too much).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from hellenika.games.hercules.arithmetic import RESULTS
from hellenika.games.hercules.board import HADES, VASE_MAX, VASE_MIN, slide
from hellenika.games.hercules.cards import DEMIGOD, GOD, USE_DEMIGOD, Card
from hellenika.games.hercules.phases import CHOOSE, DICE, RESTING, REVEAL, TURN

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

MAJORITY_VP = 5.0
SET_VP = 5.0

#: What a Labour still to do is worth: the cube it banks and the Demigod card it earns.
LABOUR_VP = 2.0
#: Zeus, for the seat at the front of the race (less for those behind: share of the time left ** 4).
ZEUS_VP = 5.0
#: Hades' expected gain per round in solo (a stolen Demigod, and a cube or a card).
HADES_TURN_VP = 2.5
#: Turns of the race table that a seat still to play this round is ahead by, if its turn performs a Labour
#: (a round is about 1.4 table turns; fitted a little higher).
TEMPO = 2.0
#: Phases in which the actor's Labour (or Rest) is already done: only its rewards are being settled.
AFTER_LABOUR = frozenset({CHOOSE, RESTING, REVEAL})
#: Chance that each ready ability rescues a roll with no Labour (at most RESCUE_MAX).
RESCUE_PER_ABILITY = 0.3
RESCUE_MAX = 0.8
#: Real games finish faster than :attr:`Tables.turns` says (abilities help): game rounds per table turn.
TURN_SPEED = 0.7
#: Rounds in a whole game, for the share of the game still to play.
FULL_GAME_ROUNDS = 14.0
#: Weights of the speculative parts in the estimate (fitted, see the module docstring).
PLANS_WEIGHT = 0.55
ABILITIES_WEIGHT = 1.4

#: Chance of still holding a symbol majority at the end, by the current lead over the best other (-3..+3).
MAJORITY_CHANCE = (0.04, 0.15, 0.32, 0.6, 0.82, 0.93, 0.97)
#: Credit per symbol type above the number of complete sets (progress towards the next set).
SET_PROGRESS_VP = 0.8

#: What an active ability is worth over a whole game (scaled by the share of the game still to play).
ABILITY_VP = {"PLUS1": 2.5, "MINUS1": 2.2, "FLIP": 2.5, "WHITE": 3.0, "REROLL": 2.8, "COPY": 1.5}
#: A Demigod's ability costs a cube (1 VP) each time; a God's is free.
DEMIGOD_ABILITY_FACTOR = 0.7
#: A second card with an ability already owned adds less.
DUPLICATE_ABILITY_FACTOR = 0.6
#: A card already used (a cube on it, or face down) waits for a Rest: this share of a ready one.
SPENT_FACTOR = 0.9

#: Each remaining cube before a planned jump makes it less sure (the gaps are filled left to right).
LATER_JUMP_FACTOR = 0.7
#: A second plan aiming at an already planned Vase stack: the share it may still get.
SECOND_VASE_FACTOR = 0.6
#: A gap's chance per turn of being filled is at least this (abilities help with the hard numbers).
MIN_REACH = 0.25
#: A planned landing under a God card: this share of (its VP + GOD_EXTRA_VP for its symbol and ability);
#: the opponents stop under Gods too, so such a plan is far from sure.
GOD_PLAN_FACTOR = 0.5
GOD_EXTRA_VP = 1.0


@dataclass(frozen=True, slots=True)
class Tables:
    """Precomputed dice and row tables; a cube mask (bits 1..12) is indexed by ``mask >> 1``."""

    #: the 21 unordered rolls of two dice: (probability, low face, high face)
    outcomes: tuple[tuple[float, int, int], ...]
    #: p_roll[r]: the chance that a roll of two dice can make Labour r
    p_roll: tuple[float, ...]
    #: expected turns to clear a row, choosing each Labour well, without abilities
    turns: tuple[float, ...]
    #: the chance that a roll of two dice makes some Labour of the row
    p_any: tuple[float, ...]
    #: the row's planned jumps: (gap, landing, spaces, weight) for each remaining cube followed by Labours
    #: already done; the weight falls by LATER_JUMP_FACTOR for every remaining cube before the gap
    plans: tuple[tuple[tuple[int, int, int, float], ...], ...]


@cache
def tables() -> Tables:
    """Built once, on first use (about 0.1 s)."""
    outcomes = []
    masks = []
    for a in range(1, 7):
        for b in range(a, 7):
            weight = (1 if a == b else 2) / 36
            mask = 0
            for _, r in RESULTS[a, b]:
                mask |= 1 << r
            outcomes.append((weight, a, b))
            masks.append((weight, mask))
    p_roll = tuple(sum(w for w, m in masks if m >> r & 1) for r in range(13))
    # turns[m] = (1 + sum over rolls that make a Labour of P(roll) * min over them of turns[m - r]) / P(some)
    turns = [0.0] * 4096
    p_any = [0.0] * 4096
    for index in range(1, 4096):
        cubes = index << 1
        ok = acc = 0.0
        for w, m in masks:
            x = m & cubes
            if x:
                best = 1e9
                while x:
                    low = x & -x
                    best = min(best, turns[(cubes ^ low) >> 1])
                    x ^= low
                ok += w
                acc += w * best
        turns[index] = (1 + acc) / ok
        p_any[index] = ok
    plans = []
    for index in range(4096):
        cubes = index << 1
        row = []
        weight = 1.0
        for g in range(1, 13):
            if cubes >> g & 1:
                landing = slide(cubes & ~(1 << g), g - 1)
                if landing > g:
                    row.append((g, landing, landing - g + 1, weight))
                weight *= LATER_JUMP_FACTOR
        plans.append(tuple(row))
    return Tables(tuple(outcomes), p_roll, tuple(turns), tuple(p_any), tuple(plans))


# ---------------------------------------------------------------------------------------------- symbols


def majority_value(mine: int, best_other: int) -> float:
    """Expected majority VP from one symbol type, given my count and the best other participant's."""
    d = max(-3, min(3, mine - best_other))
    return MAJORITY_VP * MAJORITY_CHANCE[d + 3]


def set_value(counts: tuple[int, ...]) -> float:
    """Complete sets, plus credit for the types already above the scarcest one."""
    low = min(counts)
    return SET_VP * low + SET_PROGRESS_VP * sum(1 for c in counts if c > low)


def symbol_value(s: HerculesState, p: int) -> float:
    """Expected symbol points of ``p``: majorities as chances, sets with progress credit."""
    mine = s.symbols[p]
    total = set_value(mine)
    others = [s.symbols[o] for o in range(s.n) if o != p]
    for t in range(5):
        total += majority_value(mine[t], max(o[t] for o in others))
    return total


@lru_cache(maxsize=8192)
def unit_gains(symbols: tuple[tuple[int, ...], ...], p: int) -> tuple[float, ...]:
    """What one more symbol of each type is worth to ``p``, given everyone's symbol counts.

    A majority ``p`` takes is one the others lose, so both sides count (that is what decides places). For
    sets, one more of the only scarcest type completes one; otherwise it is progress towards one. Cached:
    symbol counts change only when a card is taken, and a search revisits the same counts many times.
    """
    mine = symbols[p]
    low = min(mine)
    scarcest = mine.count(low) == 1
    chance = MAJORITY_CHANCE
    gains = []
    for t in range(5):
        m = mine[t]
        gain = 0.0
        if m == low:
            if scarcest:
                gain = SET_VP - SET_PROGRESS_VP * 4 + SET_PROGRESS_VP * sum(1 for c in mine if c > low + 1)
            else:
                gain = SET_PROGRESS_VP
        best = max((counts[t] for o, counts in enumerate(symbols) if o != p), default=0)
        d = max(-3, min(3, m - best))
        up = max(-3, min(3, m + 1 - best))
        gains.append(gain + MAJORITY_VP * (chance[up + 3] - chance[d + 3] + chance[3 - d] - chance[3 - up]))
    return tuple(gains)


# ---------------------------------------------------------------------------------------------- abilities


def ability_worth(s: HerculesState, card: Card, left: float, duplicate: bool) -> float:
    """What an active card is worth for the rest of the game (``left``: share of the game still to play)."""
    if card.kind == GOD and s.simplified:
        return 0.0
    worth = ABILITY_VP[card.ability] * left
    if card.kind == DEMIGOD:
        worth *= DEMIGOD_ABILITY_FACTOR
    if duplicate:
        worth *= DUPLICATE_ABILITY_FACTOR
    return worth


def abilities_value(s: HerculesState, p: int, left: float) -> float:
    """The worth of all of ``p``'s active cards (spent ones for less)."""
    cards = s.cat.cards
    spent = s.spent[p]
    total = 0.0
    seen: set[str] = set()
    for c in s.owned[p]:
        card = cards[c]
        if not card.is_active:
            continue
        worth = ability_worth(s, card, left, card.ability in seen)
        if spent >> c & 1:
            worth *= SPENT_FACTOR
        seen.add(card.ability)
        total += worth
    return total


def ready_abilities(s: HerculesState, p: int) -> int:
    """How many of ``p``'s active cards could be used now (face up; a cube in supply for a Demigod)."""
    spent = s.spent[p]
    use_kind = s.g.use_kind
    has_cube = s.supply[p] > 0
    simplified = s.simplified
    count = 0
    for c in s.owned[p]:
        kind = use_kind[c]
        if kind and not spent >> c & 1 and (has_cube if kind == USE_DEMIGOD else not simplified):
            count += 1
    return count


# ---------------------------------------------------------------------------------------------- the row


def vase_for(s: HerculesState, spaces: int) -> int:
    """VP of the Vase an advance of ``spaces`` would earn now (the fallback to lower stacks included)."""
    if spaces < VASE_MIN:
        return 0
    vases = s.vases
    for k in range(min(spaces, VASE_MAX), VASE_MIN - 1, -1):
        stack = vases[k - VASE_MIN]
        if stack:
            return s.cat.cards[stack[0]].vp
    return 0


def plans_value(s: HerculesState, cubes: int, rounds: float) -> float:
    """Vases and God cards the row's planned jumps would earn, each weighted by the chance it happens.

    Only gaps followed by Labours already done count: those are the plans the row has committed to. Of two
    plans aiming at Vases, the second counts for less (they may want the same stack).
    """
    if rounds <= 0:
        return 0.0
    t = tables()
    cards = s.cat.cards
    gods = s.gods
    total = 0.0
    vases_planned = False
    for gap, landing, spaces, weight in t.plans[cubes >> 1]:
        value = 0.0
        if spaces >= VASE_MIN:
            vp = vase_for(s, spaces)
            if vp:
                value = vp * SECOND_VASE_FACTOR if vases_planned else vp
                vases_planned = True
        if landing <= 11:
            god = gods[landing]
            if god >= 0:
                value += GOD_PLAN_FACTOR * (cards[god].vp + GOD_EXTRA_VP)
        if value:
            q = max(t.p_roll[gap], MIN_REACH)
            total += weight * value * (1.0 - (1.0 - q) ** rounds)
    return total


# ---------------------------------------------------------------------------------------------- the race


def turn_chance(s: HerculesState, p: int) -> float:
    """The chance that ``p``'s coming (or current) turn of this round performs a Labour."""
    if p == s.actor:
        if s.phase == TURN:
            return 1.0 if s._has_labour() else min(RESCUE_MAX, RESCUE_PER_ABILITY * ready_abilities(s, p))
        if s.phase == DICE:
            return RESCUE_MAX
    ok = tables().p_any[s.cubes[p] >> 1]
    return ok + (1.0 - ok) * min(RESCUE_MAX, RESCUE_PER_ABILITY * ready_abilities(s, p))


def race(s: HerculesState) -> tuple[list[float], float]:
    """Expected turns each participant needs to clear its row, and the fewest among the seats.

    A seat still to play this round is nearer by the chance that its turn performs a Labour. Hades (solo)
    is left out of the minimum: his row is not a race (he rarely lands on his last cubes).
    """
    turns = tables().turns
    needs = [turns[c >> 1] for c in s.cubes]
    if s.end_triggered:
        return needs, 0.0
    seats = s.num_players
    order = s.n
    played = s.turn_index + (1 if s.phase in AFTER_LABOUR else 0)
    for k in range(played, order):
        p = (s.pegasus + k) % order
        if p < seats and needs[p] > TEMPO:
            needs[p] -= TEMPO * turn_chance(s, p)
    return needs, min(needs[:seats])


def race_clock(s: HerculesState) -> float:
    """A quicker :func:`race` for the heuristic player: the fewest turns any seat needs (a seat still to play
    this round :data:`TEMPO` nearer, whatever its dice)."""
    if s.end_triggered:
        return 0.0
    turns = tables().turns
    seats = s.num_players
    order = s.n
    played = s.turn_index + (1 if s.phase in AFTER_LABOUR else 0)
    fewest = 99.0
    cubes = s.cubes
    for k in range(order):
        p = (s.pegasus + k) % order
        if p < seats:
            fewest = min(fewest, turns[cubes[p] >> 1] - (TEMPO if k >= played else 0.0))
    return max(fewest, 0.0)


def future_value(s: HerculesState, p: int, needs: list[float], fewest: float) -> float:
    """The Labours ``p`` can still expect before the game ends (:data:`LABOUR_VP` each), and Zeus.

    The seat nearest to clearing its row sets the clock: the others get the share of their remaining Labours
    that fits in that time. The front seat takes Zeus; one close behind may still overtake it.
    """
    remaining = s.cubes[p].bit_count()
    if not remaining or fewest <= 0:
        return 0.0
    share = min(1.0, fewest / needs[p])
    return LABOUR_VP * remaining * share + ZEUS_VP * share**4


# ---------------------------------------------------------------------------------------------- estimates


def estimate(s: HerculesState, p: int, needs: list[float], fewest: float) -> float:
    """Expected final score of participant ``p`` (see the module docstring)."""
    rounds = fewest * TURN_SPEED
    base = s.card_vp[p] + s.supply[p] + symbol_value(s, p)
    if s.solo and p == HADES:
        # Hades plays no plans and no abilities; most turns he steals a Demigod and takes a cube or a card.
        return base + HADES_TURN_VP * rounds
    left = min(1.0, rounds / FULL_GAME_ROUNDS)
    return (
        base
        + future_value(s, p, needs, fewest)
        + PLANS_WEIGHT * plans_value(s, s.cubes[p], rounds)
        + ABILITIES_WEIGHT * abilities_value(s, p, left)
    )


def estimates(s: HerculesState) -> list[float]:
    """:func:`estimate` for every participant; the exact scores once the game is over."""
    if s.is_terminal():
        return s.scores()
    needs, fewest = race(s)
    return [estimate(s, p, needs, fewest) for p in range(s.n)]


def evaluate(s: HerculesState, seat: int) -> float:
    """The estimated final margin of ``seat`` over the average other participant (exact at the end).

    Against the average rather than the best: ``returns`` are pairwise (wins minus losses over each other
    participant), and with this margin one ``evaluation_scale`` (see ``game.py``) fits 2, 3 and 4 players.
    """
    values = estimates(s)
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - sum(others) / len(others)
