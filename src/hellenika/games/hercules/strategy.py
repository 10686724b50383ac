"""The heuristic Hercules player: rules of thumb from the game's strategy, cheap enough for search playouts.

Each decision is a one-step look: every Labour the dice allow is valued with the pieces of the position
estimate (``heuristics.py``); every ability is tried in the head, over the faces it can give. No search and
no cloning: a few dozen table look-ups per decision.

The rules of thumb, and why:

1. **Value a Labour by what it earns now and what it sets up.** Every Labour banks a cube (1 VP) and a
   Demigod card. Filling the gap in front of the Apprentice moves it: the Vase of the jump's length and the
   God card where it stops. Any other Labour extends a run behind a gap, a bigger jump (and Vase) to come,
   credited with the chance of rolling that gap before the game ends. So the player prefers Labours that
   move the Apprentice far and earn Vases, and otherwise builds up the jump.
2. **Take the hard numbers while the dice allow.** 7 to 12 are rare (11 comes 2 rolls in 36); the easy ones
   come anyway. The race table (expected turns to clear the row) prices each cube's rarity: a hard number
   taken is tempo won towards Zeus. A light weight, mostly a tie-break between Labours that set nothing up;
   in the last round tempo is worth nothing and the rule is off.
3. **Declare the operation, and choose the Demigod, for the card.** 2,2 makes 4 with + or x, 6,3 makes 2 with
   / and 3 with -; the top cards are face up, so the player takes the card worth most: its VP, a symbol that
   wins or defends a majority or completes a set, an ability it lacks (less as the game runs out).
4. **Spend an ability only for a better Labour.** Each ability (+1, -1, flip, white die, re-roll, copy) is
   used only when the Labour it makes possible (on average, for dice still to roll) beats the best one on
   the dice by more than its price: the cube a Demigod takes (1 VP) and the card lying idle until a Rest.
   This is what turns a bad roll into a Labour, or a good one into a jump for a Vase.
5. **Rest at the right moment**: when no Labour (or none worth an ability) is on the dice and cubes or Gods
   wait to come back (before any card is used: after one, a Labour on the dice must be performed). An empty
   Rest is a plain pass, better than paying for a useless ability. In the last round a Rest is worth exactly
   the cubes it brings back.
6. **While resting, take back the cards that matter**: cubes first off the abilities worth most, then the
   best God.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hercules import heuristics as est
from hellenika.games.hercules.actions import (
    WHITE_SLOT,
    EndTurn,
    PerformLabour,
    RefreshGod,
    Rest,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from hellenika.games.hercules.arithmetic import RESULTS, combine
from hellenika.games.hercules.board import HADES, LAST_COLUMN, slide
from hellenika.games.hercules.cards import DEMIGOD, load_catalogue
from hellenika.games.hercules.phases import CHOOSE, RESTING

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.engine.rng import Rng
    from hellenika.games.hercules.state import HerculesState

#: Weight of a cube's rarity: the expected turns saved by taking it (race table), in VP per turn. Fitted low
#: (1.0 lost 55-45 to it in self-play): the table ignores abilities, which make the hard numbers easier.
RARITY_VP = 0.15
#: The price of using a card beyond the cube a Demigod takes: the card idles until a Rest.
SPEND_DEMIGOD = 1.6  # the cube (1 VP) and the idle card
SPEND_GOD = 0.9
#: A Rest is worth, per cube it brings back (its VP and the ability freed), and for the God it turns up.
REST_CUBE_VP = 1.4
REST_GOD_VP = 1.0
#: Abilities are not tried when a Labour at least this good is already on the dice (saves time; above the
#: usual values of a Labour, so rarely binding).
GOOD_ENOUGH = 12.0

NONE = -1e9
_NO_ROW = [NONE] * 7
DECK_TYCHE, DECK_MORPHEUS = 4, 5
_OPERATION_DECK = {d.operation: d.index for d in load_catalogue().decks if d.operation}
#: (deck of the operation, result) for each pair of faces: RESULTS with the operations' decks.
_LABOURS: list[tuple[tuple[int, int], ...]] = [()] * 49  # by x * 7 + y, x <= y
for _x in range(1, 7):
    for _y in range(_x, 7):
        _LABOURS[_x * 7 + _y] = tuple((_OPERATION_DECK[op], r) for op, r in RESULTS[_x, _y])
#: combine() as a table: (face, face, operation) -> Labour, for the pairs that make one.
_RESULT = {
    (x, y, op): r for x in range(1, 7) for y in range(1, 7) for op in "+-x/" if (r := combine(x, y, op))
}
#: The symbol types each card shows (a type twice if it shows twice), by catalogue index.
_CARD_TYPES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t, k in enumerate(card.symbols) for _ in range(k)) for card in load_catalogue().cards
)


class _Turn:
    """The deciding seat's values for this decision, each computed on first use and kept."""

    __slots__ = (
        "cubes",
        "deck_value",
        "die_value",
        "final",
        "gain",
        "left",
        "owned_abilities",
        "p",
        "pair_value",
        "plans_before",
        "pos",
        "result_value",
        "rounds",
        "rows",
        "s",
        "turns_before",
    )

    def __init__(self, s: HerculesState, p: int) -> None:
        self.s = s
        self.p = p
        self.cubes = s.cubes[p]
        self.pos = s.pos[p]
        self.final = s.end_triggered
        self.rounds = est.race_clock(s) * est.TURN_SPEED
        self.left = min(1.0, self.rounds / est.FULL_GAME_ROUNDS)
        self.result_value: list[float | None] = [None] * 13
        self.deck_value: list[float | None] = [None] * 6
        self.die_value: list[float | None] = [None] * 7
        self.pair_value: list[float | None] = [None] * 49
        self.rows: list[list[float] | None] = [None] * 7
        self.gain: tuple[float, ...] | None = None
        self.owned_abilities: set[str] | None = None
        self.turns_before = -1.0
        self.plans_before = 0.0

    # cards ------------------------------------------------------------------------------

    def card(self, c: int) -> float:
        """What taking card ``c`` is worth to us now: VP, symbols against the others, ability (rule 3)."""
        card = self.s.cat.cards[c]
        v = float(card.vp)
        gain = self.gain
        if gain is None:
            gain = self.gain = est.unit_gains(tuple(self.s.symbols), self.p)
        for t in _CARD_TYPES[c]:
            v += gain[t]
        if card.is_active:
            owned = self.owned_abilities
            if owned is None:
                cards = self.s.cat.cards
                owned = self.owned_abilities = {cards[o].ability for o in self.s.owned[self.p]}
            v += est.ability_worth(self.s, card, self.left, card.ability in owned)
        return v

    def deck(self, d: int) -> float:
        """Worth of the top card of Demigod stack ``d``; NONE when the stack is empty."""
        v = self.deck_value[d]
        if v is None:
            top = self.s.tops[d]
            v = self.deck_value[d] = NONE if top < 0 else self.card(top)
        return v

    def die(self, face: int) -> float:
        """Best Tyche or Morpheus top that a die showing ``face`` earns; NONE if neither shows it."""
        v = self.die_value[face]
        if v is None:
            v = NONE
            s = self.s
            for d in (DECK_TYCHE, DECK_MORPHEUS):
                top = s.tops[d]
                if top >= 0 and s.cat.cards[top].number == face:
                    v = max(v, self.deck(d))
            self.die_value[face] = v
        return v

    # Labours ----------------------------------------------------------------------------

    def result(self, r: int) -> float:
        """Worth of taking cube ``r``, before the Demigod card (rules 1 and 2)."""
        v = self.result_value[r]
        if v is not None:
            return v
        s = self.s
        t = est.tables()
        cubes = self.cubes
        rounds = self.rounds
        if self.turns_before < 0:
            self.turns_before = t.turns[cubes >> 1]
            self.plans_before = est.plans_value(s, cubes, rounds)
        after = cubes & ~(1 << r)
        v = 1.0 + est.plans_value(s, after, rounds) - self.plans_before
        if not self.final:
            v += RARITY_VP * (self.turns_before - t.turns[after >> 1])
        pos = self.pos
        if r == pos + 1:
            new = slide(after, pos)
            v += est.vase_for(s, new - pos)
            if new < LAST_COLUMN:
                god = s.gods[new]
                if god >= 0:
                    v += self.card(god)
            elif s.col12:
                v += s.cat.cards[s.col12[0]].vp
        self.result_value[r] = v
        return v

    def labour(self, deck: int, r: int, x: int, y: int) -> float:
        """A Labour making ``r`` with faces ``x`` and ``y`` by the operation of Demigod stack ``deck``."""
        card = max(self.deck(deck), self.die(x), self.die(y))
        return self.result(r) + (card if card > NONE else 0.0)

    def pair(self, x: int, y: int) -> float:
        """The best Labour two faces make; NONE if they make none. (The hot path: cache hits inlined.)"""
        key = x * 7 + y if x <= y else y * 7 + x
        v = self.pair_value[key]
        if v is not None:
            return v
        v = NONE
        cubes = self.cubes
        extra = -1.0
        decks = self.deck_value
        results = self.result_value
        for deck, r in _LABOURS[key]:
            if cubes >> r & 1:
                if extra < 0.0:
                    dx = self.die_value[x]
                    if dx is None:
                        dx = self.die(x)
                    dy = self.die_value[y]
                    if dy is None:
                        dy = self.die(y)
                    extra = dx if dx > dy else dy
                    extra = extra if extra > 0.0 else 0.0
                card = decks[deck]
                if card is None:
                    card = self.deck(deck)
                value = results[r]
                if value is None:
                    value = self.result(r)
                value += card if card > extra else extra
                v = value if value > v else v
        self.pair_value[key] = v
        return v

    def row(self, face: int) -> list[float]:
        """``row(face)[x]``: the best Labour of ``face`` with ``x``, for x in 1..6 (index 0 unused)."""
        row = self.rows[face]
        if row is None:
            pair = self.pair
            row = self.rows[face] = [
                NONE,
                pair(face, 1),
                pair(face, 2),
                pair(face, 3),
                pair(face, 4),
                pair(face, 5),
                pair(face, 6),
            ]
        return row

    def best(self, a: int, b: int, w: int) -> float:
        """The best Labour with dice ``a``, ``b`` (and the white die ``w`` if not 0), or 0 to end the turn."""
        v = self.pair(a, b)
        if w:
            v = max(v, self.pair(a, w), self.pair(b, w))
        return v if v > 0.0 else 0.0


# -------------------------------------------------------------------------------------------- decisions


def heuristic_action(s: HerculesState, rng: Rng) -> Action:
    """The rules of thumb above for the seat deciding at ``s``; deterministic (ties: first in legal order)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.phase == CHOOSE:
        return _choose_demigod(s, legal)
    if s.phase == RESTING:
        return _rest_step(s, legal)
    return _turn(s, legal)


def _choose_demigod(s: HerculesState, legal: list[Action]) -> Action:
    """Rule 3: of the eligible stacks, the top card worth most to us."""
    turn = _Turn(s, s.actor)
    index = s.g.deck_index
    best = legal[0]
    best_value = NONE
    for a in legal:
        if isinstance(a, TakeDemigod):
            v = turn.deck(index[a.deck])
            if v > best_value:
                best, best_value = a, v
    return best


def _rest_step(s: HerculesState, legal: list[Action]) -> Action:
    """Rule 6: every cube back (the most useful abilities first), then the best God turned up."""
    cards = s.cat.cards
    index = s.g.card_index
    best = legal[-1]  # done
    best_value = NONE
    for a in legal:
        if isinstance(a, TakeBackCube):
            v = 10.0 + est.ABILITY_VP.get(cards[index[a.card]].ability, 0.0)
        elif isinstance(a, RefreshGod):
            v = est.ABILITY_VP.get(cards[index[a.card]].ability, 0.0)
        else:
            continue
        if v > best_value:
            best, best_value = a, v
    return best


def rest_value(s: HerculesState, p: int) -> float:
    """Rule 5: what a Rest would bring back now."""
    g = s.g
    spent = s.spent[p]
    cubes = min(3, (spent & g.demigod_mask).bit_count())
    if s.end_triggered:  # the last round: only the cubes' VP count
        return float(cubes)
    god = 1 if spent & g.god_mask and not s.simplified else 0
    return REST_CUBE_VP * cubes + REST_GOD_VP * god


#: (key, values) of the last turn decision, swapped as one tuple so that a reader never pairs one decision's
#: key with another's values.
_last: list[tuple[tuple[object, ...], _Turn] | None] = [None]


def _turn_values(s: HerculesState, p: int) -> _Turn:
    """The values of this turn, reused across its decisions: none of them depends on the dice, the supply or
    the used cards (what abilities change), only on what the key holds. The values are computed lazily from
    the state, so a reused one is pointed at this state (equal in everything the key holds): the state it was
    made for may have moved on since (a search playout goes on with the same object)."""
    key = (
        s.round,
        s.turn_index,
        p,
        tuple(s.cubes),
        tuple(s.symbols),
        tuple(s.tops),
        tuple(s.gods),
        tuple(s.vases),
        s.owned[p],
        s.col12,
        s.end_triggered,
        s.pegasus,
        s.simplified,
    )
    last = _last[0]
    if last is not None and last[0] == key:
        turn = last[1]
        turn.s = s
        return turn
    turn = _Turn(s, p)
    _last[0] = (key, turn)
    return turn


def _turn(s: HerculesState, legal: list[Action]) -> Action:
    """Rules 1-5: the best of the Labours on the dice, the abilities, and Rest (or ending the turn)."""
    p = s.actor
    turn = _turn_values(s, p)
    dice = s.dice[p]
    white = s.white if s.white_holder == p else 0
    faces = (dice[0], dice[1], white)
    deck_of = s.g.deck_of_operation
    best = legal[-1]  # Rest; once a card was used, End (only when no Labour is on the dice)
    if isinstance(best, Rest):
        best_value = rest_value(s, p)
    elif isinstance(best, EndTurn):
        best_value = 0.0
    else:  # a card was used and a Labour is on the dice: one must be performed (or another card used)
        best_value = float("-inf")
    abilities: list[UseAbility] = []
    for a in legal:
        if isinstance(a, PerformLabour):
            x = faces[a.die_a]
            y = faces[a.die_b]
            op = a.op
            r = _RESULT.get((x, y, op))
            if r is None:
                continue
            v = turn.labour(deck_of[op], r, x, y)
            if v > best_value:
                best, best_value = a, v
        elif isinstance(a, UseAbility):
            abilities.append(a)
    if not abilities or best_value >= GOOD_ENOUGH:
        return best
    cards = s.cat.cards
    index = s.g.card_index
    final = s.end_triggered
    looked: dict[tuple[str, int], float] = {}  # (ability, target) -> value once used, for cards sharing it
    for a in abilities:
        card = cards[index[a.card]]
        key = (card.ability, a.target)
        after = looked.get(key)
        if after is None:
            after = looked[key] = _after_ability(s, turn, card.ability, key[1], faces)
        if card.kind == DEMIGOD:
            v = after - (1.0 if final else SPEND_DEMIGOD)
        else:
            v = after - (0.0 if final else SPEND_GOD)
        if v > best_value:
            best, best_value = a, v
    return best


def _mean_best(row: list[float], other: list[float] | None = None, floor: float = 0.0) -> float:
    """Average over a die's six faces x of the best of ``row[x]``, ``other[x]`` and ``floor`` (at least 0)."""
    total = 0.0
    if other is None:
        for x in range(1, 7):
            v = row[x]
            if v > floor:
                total += v
            elif floor > 0.0:
                total += floor
        return total / 6
    for x in range(1, 7):
        v = max(row[x], other[x], floor)
        if v > 0.0:
            total += v
    return total / 6


def _after_ability(
    s: HerculesState, turn: _Turn, ability: str, target: int, faces: tuple[int, int, int]
) -> float:
    """Rule 4: the best Labour (0: end the turn) once the ability has acted; the average over new faces."""
    a, b, w = faces
    if ability in ("PLUS1", "MINUS1", "FLIP"):
        face = faces[target]
        new = face + 1 if ability == "PLUS1" else face - 1 if ability == "MINUS1" else 7 - face
        if target == 0:
            return turn.best(new, b, w)
        if target == 1:
            return turn.best(a, new, w)
        return turn.best(a, b, new)
    if ability == "COPY":
        if s.solo and target == HADES:
            return turn.best(s.dice[HADES][0], s.white, w)
        x, y = s.dice[target]
        return turn.best(x, y, w)
    # Dice still to roll: the average best Labour over their faces, from rows of pair values.
    row = turn.row
    if ability == "WHITE" or target == 1 << WHITE_SLOT:  # a white die (re-)rolled beside a and b
        return _mean_best(row(a), row(b), max(turn.pair(a, b), 0.0))
    if target == 1:
        return _mean_best(row(b), row(w), turn.pair(b, w)) if w else _mean_best(row(b))
    if target == 2:
        return _mean_best(row(a), row(w), turn.pair(a, w)) if w else _mean_best(row(a))
    outcomes = est.tables().outcomes
    total = 0.0
    if target == 3 and not w:
        rows = [_NO_ROW, row(1), row(2), row(3), row(4), row(5), row(6)]
        for prob, x, y in outcomes:
            v = rows[x][y]
            if v > 0.0:
                total += prob * v
        return total
    best = turn.best
    if target == 3:
        for prob, x, y in outcomes:
            total += prob * best(x, y, w)
        return total
    if target == 5:
        for prob, x, y in outcomes:
            total += prob * best(x, b, y)
        return total
    if target == 6:
        for prob, x, y in outcomes:
            total += prob * best(a, x, y)
        return total
    return NONE  # all three dice: rarely better than two, and 216 outcomes to weigh
