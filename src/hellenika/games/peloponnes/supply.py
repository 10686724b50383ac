"""Supply rounds (spec §5): feeding, finishing reserved buildings, internal conflict, Tantalus' mercenaries.

Three a game: when the supply tiles B05 and C04 are revealed, and after round 8.

1. Feeding: every inhabitant eats 1 food (Salamis: 1 food feeds 2; Penelope needs 2 food less). Luxury goods
   replace missing food 2:1. Each inhabitant left unfed is lost. (Feeding is automatic and maximal: an
   inhabitant is worth more than the two luxury goods that feed him.)
2. "Every unfinished building must be built" (seed): a reserved building is finished (its cost paid, its
   coins back) whenever its owner can pay for it; only one he cannot pay for is given up (its coins back
   too). With means for only some, the owner chooses which to finish, but may not give up one he could
   still also pay for (see ``finish_legal``).
3. Expansion: internal conflict. The strongest player takes 1 inhabitant and 1 cloverleaf from the weakest
   (with 5-8 players the two strongest from the two weakest), then halves his strength (Hector: -2). Ties:
   earlier in turn order is stronger, later is weaker. Solo: the player against Angelos, who wins ties
   unless the player has Miletus.
4. Tantalus may hire mercenaries up to his strength.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import angelos, economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import FinishBuilding
from hellenika.games.peloponnes.disasters import halve
from hellenika.games.peloponnes.tiles import build_costs, cost_for, remove_tile

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def supply_round(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    if s._events is not None:
        s.log("Supply round")
    for p in s.order:
        feed(s, p)
    steps: list[tuple[int, ...]] = []
    for p in s.order:
        steps.extend(finish_tasks(s, p))
    if s.exp and s.n >= 2:
        steps.append((step.CONFLICT,))
        tantalus = [p for p in s.order if s.hero[p] == s.g.TANTALUS]
        steps.extend((step.HIRE, p, 1) for p in tantalus)
    steps.reverse()
    s.tasks.extend(steps)


def food_needed(s: PeloponnesState, p: int) -> int:
    per_food = s.cols[p].inhabitants_per_food
    need = -(-s.inh[p] // per_food)
    if s.hero[p] == s.g.PENELOPE:
        need -= 2
    return max(0, need)


def feed(s: PeloponnesState, p: int) -> None:
    per_food = s.cols[p].inhabitants_per_food
    bonus = 2 if s.hero[p] == s.g.PENELOPE else 0
    need = food_needed(s, p)
    from_food = min(s.food[p], need)
    rate = s.cols[p].luxury_rate
    from_lux = min(need - from_food, s.lux[p] // rate)
    s.food[p] -= from_food
    s.lux[p] -= from_lux * rate
    fed = min(s.inh[p], (from_food + from_lux + bonus) * per_food)
    lost = s.inh[p] - fed
    s.inh[p] = fed
    if s._events is not None:
        text = f"{who(p)} feeds {plural(fed, 'inhabitant')} with {from_food} food"
        if from_lux:
            text += f" and {from_lux * rate} luxury"
        if lost:
            text += f"; {lost} starve"
        s.log(text, p)


# ---------------------------------------------------------------------- reserved buildings
#
# "Every unfinished building must be built." A player's reserved buildings are decided one by one, in the
# order he took them. The outcome must be one where every building given up could not have been paid for
# together with the buildings finished, from what the player had when his finishing began (with any of
# Daedalus' discounts): so a building its owner can pay for is finished, with means for only some he picks
# which, and he never pays in a way that leaves a building unbuilt he could have built. Each choice offered
# is one that can still end so (one always can: pay for the most that can be paid). A FINISH task carries
# what the player had at the start: (FINISH, p, tile, reserved-buildings mask, wood, stone, luxury).

Means = tuple[int, int, int]  # wood, stone, luxury


def finish_tasks(s: PeloponnesState, p: int) -> list[tuple[int, ...]]:
    """One FINISH step per reserved building of ``p``, in the order he took them."""
    mask = s.unfinished[p]
    if not mask:
        return []
    return [
        (step.FINISH, p, t, mask, s.wood[p], s.stone[p], s.lux[p]) for t in s.buildings[p] if mask >> t & 1
    ]


def _costs(s: PeloponnesState, p: int, t: int) -> list[tuple[int, int]]:
    return [(wood, stone) for _, wood, stone in build_costs(s, p, s.cat.tiles[t])]


def _pay_from(means: Means, wood: int, stone: int, rate: int) -> Means | None:
    """What is left after paying ``wood`` and ``stone`` (luxury for what is missing); None if too little."""
    have_wood, have_stone, lux = means
    short = rate * (max(0, wood - have_wood) + max(0, stone - have_stone))
    if short > lux:
        return None
    return max(0, have_wood - wood), max(0, have_stone - stone), lux - short


def payable_together(s: PeloponnesState, p: int, tiles: tuple[int, ...], means: Means) -> bool:
    """Whether all these buildings can be paid from ``means``, with any choice of Daedalus' discounts."""
    totals = {(0, 0)}
    for t in tiles:
        totals = {(w + dw, st + ds) for w, st in totals for dw, ds in _costs(s, p, t)}
    return any(_pay_from(means, wood, stone, s.cols[p].luxury_rate) is not None for wood, stone in totals)


def _can_end_well(
    s: PeloponnesState,
    p: int,
    rest: tuple[int, ...],
    means: Means,
    done: tuple[int, ...],
    given_up: tuple[int, ...],
    start: Means,
) -> bool:
    """Whether the buildings in ``rest`` can still be decided so that no building given up could have been
    paid for together with the finished ones."""
    if not rest:
        return not any(payable_together(s, p, (*done, b), start) for b in given_up)
    t, later = rest[0], rest[1:]
    rate = s.cols[p].luxury_rate
    for wood, stone in _costs(s, p, t):
        after = _pay_from(means, wood, stone, rate)
        if after is not None and _can_end_well(s, p, later, after, (*done, t), given_up, start):
            return True
    return _can_end_well(s, p, later, means, done, (*given_up, t), start)


class Finishing:
    """Where a player's finishing stands at a FINISH step: the building decided now, the ones after it, the
    ones already finished and given up, what he has now and what he had at the start."""

    __slots__ = ("done", "given_up", "later", "now", "p", "start", "t")

    def __init__(self, s: PeloponnesState, task: tuple[int, ...]) -> None:
        self.p = p = task[1]
        self.t = t = task[2]
        mask = task[3]
        unfinished = s.unfinished[p]
        owned = s.buildings[p]
        self.later = tuple(b for b in owned if b != t and mask >> b & 1 and unfinished >> b & 1)
        self.done = tuple(b for b in owned if mask >> b & 1 and not unfinished >> b & 1)
        self.given_up = tuple(b for b in range(mask.bit_length()) if mask >> b & 1 and b not in owned)
        self.now: Means = (s.wood[p], s.stone[p], s.lux[p])
        self.start: Means = (task[4], task[5], task[6])

    def may_finish(self, s: PeloponnesState, wood: int, stone: int) -> bool:
        after = _pay_from(self.now, wood, stone, s.cols[self.p].luxury_rate)
        return after is not None and _can_end_well(
            s, self.p, self.later, after, (*self.done, self.t), self.given_up, self.start
        )

    def may_give_up(self, s: PeloponnesState) -> bool:
        return _can_end_well(s, self.p, self.later, self.now, self.done, (*self.given_up, self.t), self.start)


def finish_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    g = s.g
    at = Finishing(s, task)
    t = at.t
    out: list[Action] = [
        g.finish[t][discount]
        for discount, wood, stone in build_costs(s, at.p, s.cat.tiles[t])
        if at.may_finish(s, wood, stone)
    ]
    if at.may_give_up(s):
        out.append(g.abandon[t])
    return out


def apply_finish(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p, t = task[1], task[2]
    s.tasks.pop()
    tile = s.cat.tiles[t]
    if type(action) is FinishBuilding:
        wood, stone = cost_for(s, p, tile, action.discount)
        economy.pay(s, p, wood, stone)
        s.unfinished[p] &= ~(1 << t)
        s.coins[p] += s.cols[p].reserve_coins
        if s._events is not None:
            s.log(f"{who(p)} finishes {tile.name} {tile.id} and takes the coins back", p)
        return
    remove_tile(s, p, t)
    if s._events is not None:
        s.log(f"{who(p)} gives up {tile.name} {tile.id} (coins back, the tile goes to the box)", p)


def refusal(s: PeloponnesState, task: tuple[int, ...], action: Action) -> str:
    """Why finishing or giving up the building at stake this way is not allowed (error path only)."""
    at = Finishing(s, task)
    tile = s.cat.tiles[at.t]
    name = f"{tile.name} {tile.id}"
    rule = "every unfinished building must be built; only one its owner cannot pay for is given up"
    if type(action) is not FinishBuilding:
        others = " together with the other buildings you finish" if at.later or at.done else ""
        return f"you can pay for {name}{others}: {rule}"
    wood, stone = cost_for(s, at.p, tile, action.discount)
    if _pay_from(at.now, wood, stone, s.cols[at.p].luxury_rate) is None:
        return f"you cannot pay for {name} this way, even with luxury goods"
    rest = ", ".join(f"{s.cat.tiles[b].name} {s.cat.tiles[b].id}" for b in (*at.later, *at.given_up))
    return (
        f"paying for {name} with 2 {action.discount} less leaves too little for the other buildings you "
        f"can also pay for ({rest}): {rule}"
    )


# ---------------------------------------------------------------------- internal conflict


def strongest_and_weakest(s: PeloponnesState) -> tuple[list[int], list[int]]:
    """The one (1-4 players) or two (5-8) strongest and weakest, with the turn-order tie-breaks."""
    order = s.order
    pairs = 2 if len(order) >= 5 else 1
    position = {p: i for i, p in enumerate(order)}
    strongest = sorted(order, key=lambda p: (-s.strength[p], position[p]))[:pairs]
    weakest = sorted(order, key=lambda p: (s.strength[p], -position[p]))[:pairs]
    return strongest, weakest


def conflict(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    if s.angelos >= 0:
        angelos.conflict(s)
        return
    strongest, weakest = strongest_and_weakest(s)
    for winner, loser in zip(strongest, weakest, strict=True):
        take(s, winner, loser)
    for winner in strongest:
        old = s.strength[winner]
        halve(s, winner)
        if s._events is not None:
            s.log(f"{who(winner)} halves his strength: {old} -> {s.strength[winner]}", winner)


def take(s: PeloponnesState, winner: int, loser: int) -> None:
    """The winner takes an inhabitant and a cloverleaf from the loser, as far as the loser has them."""
    got = []
    if s.inh[loser] > 0:
        s.inh[loser] -= 1
        s.inh[winner] += 1
        got.append("an inhabitant")
    if s.clovers[loser] > 0:
        s.clovers[loser] -= 1
        s.clovers[winner] += 1
        got.append("a cloverleaf")
    if s._events is not None:
        what = " and ".join(got) or "nothing (there is nothing to take)"
        s.log(
            f"Internal conflict: {who(winner)} (strength {s.strength[winner]}) takes {what} from "
            f"{who(loser)} (strength {s.strength[loser]})",
            winner,
        )
