"""Supply rounds (spec §5): feeding, finishing reserved buildings, internal conflict, Tantalus' mercenaries.

Three a game: when the supply tiles B05 and C04 are revealed, and after round 8.

1. Feeding: every inhabitant eats 1 food (Salamis: 1 food feeds 2; Penelope needs 2 food less). Luxury goods
   replace missing food 2:1. Each inhabitant left unfed is lost. (Feeding is automatic and maximal: an
   inhabitant is worth more than the two luxury goods that feed him.)
2. Every reserved building is finished (its cost paid, its coins back) or given up (its coins back too).
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
        steps.extend((step.FINISH, p, t) for t in s.buildings[p] if s.unfinished[p] >> t & 1)
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


def finish_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    _, p, t = task
    g = s.g
    tile = s.cat.tiles[t]
    out: list[Action] = [
        g.finish[t][discount]
        for discount, wood, stone in build_costs(s, p, tile)
        if economy.can_afford(s, p, wood, stone)
    ]
    out.append(g.abandon[t])
    return out


def apply_finish(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, t = task
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
