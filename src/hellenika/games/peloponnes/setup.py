"""Setting up (spec §3): dealing civilizations, heroes and colonies, the negotiation variant, start values.

Deals are chance nodes, one component per node, uniform over what is left in the box. Angelos (solo) gets
a civilization and/or a hero by his rank (spec §9). In the negotiation variant (spec §3.3) players first take
only their civilization's coins, then make one offer each for another player's colony, then one for a hero;
only afterwards does everybody take the rest of the start values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import Answer, MakeOffer

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.state import PeloponnesState

COLONY_ROUND, HERO_ROUND = 0, 1


def setup_tasks(s: PeloponnesState) -> list[tuple[int, ...]]:
    """The opening steps, bottom of the stack first (the stack runs from its end)."""
    seats = range(s.num_players)
    steps: list[tuple[int, ...]] = [(step.DEAL_CIV, p) for p in seats]
    if s.exp:
        steps += [(step.DEAL_HERO, p) for p in seats]
        steps += [(step.DEAL_COLONY, p) for p in seats]
    if s.angelos >= 0:
        rank = s.cat.ranks[s.rank]
        if rank.civilization:
            steps.append((step.DEAL_CIV, s.angelos))
        if rank.hero:
            steps.append((step.DEAL_HERO, s.angelos))
    if s.negotiation:
        steps.append((step.NEGOTIATION_COINS,))
    steps.append((step.START_VALUES,))
    steps.reverse()
    return steps


def civ_order(s: PeloponnesState) -> list[int]:
    """Seats by the number on their civilization (the first round's order, spec §3.1)."""
    civs = s.cat.civilizations
    return sorted(range(s.num_players), key=lambda p: civs[s.civ[p]].number)


def force_positions(s: PeloponnesState, order: list[int]) -> tuple[int, ...]:
    """Miletus always moves to first place, Apollonia to last (seed: Colonies)."""
    if s.exp:
        for p in list(order):
            if s.cols[p].turn_position == "first":
                order.remove(p)
                order.insert(0, p)
        for p in list(order):
            if s.cols[p].turn_position == "last":
                order.remove(p)
                order.append(p)
    return tuple(order)


# ---------------------------------------------------------------------- dealing (chance)


def _civ_left(s: PeloponnesState) -> list[int]:
    taken = set(s.civ)
    return [c for c in s.cat.civilizations_in(s.exp) if c not in taken]


def _hero_left(s: PeloponnesState) -> list[int]:
    taken = set(s.hero)
    return [h.index for h in s.cat.heroes if h.index not in taken]


def _colony_left(s: PeloponnesState) -> list[int]:
    taken = {c for p, c in enumerate(s.colony) if p < s.num_players and c != s.cat.mat}
    return [c for c in s.cat.colony_boards if c not in taken]


def deal_outcomes(s: PeloponnesState, task: tuple[int, ...]) -> list[tuple[Action, float]]:
    actions = _deal_actions(s, task)
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]


def deal_sample(s: PeloponnesState, task: tuple[int, ...], rng: Rng) -> Action:
    actions = _deal_actions(s, task)
    return actions[rng.randbelow(len(actions))]


def _deal_actions(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    kind, p = task
    g = s.g
    if kind == step.DEAL_CIV:
        return [g.deal_civ[p][c] for c in _civ_left(s)]
    if kind == step.DEAL_HERO:
        return [g.deal_hero[p][h] for h in _hero_left(s)]
    return [g.deal_colony[p][c] for c in _colony_left(s)]


def apply_deal(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    kind, p = task
    s.tasks.pop()
    cat = s.cat
    if kind == step.DEAL_CIV:
        c = cat.civ_by_id[action.civ]  # type: ignore[attr-defined]
        s.civ[p] = c
        what = f"the civilization {cat.civilizations[c].name}"
    elif kind == step.DEAL_HERO:
        h = cat.hero_by_id[action.hero]  # type: ignore[attr-defined]
        s.hero[p] = h
        what = f"the hero {cat.heroes[h].name}"
    else:
        c = cat.colony_by_id[action.colony]  # type: ignore[attr-defined]
        s.set_colony(p, c)
        what = f"the colony {cat.colonies[c].name}"
    if s._events is not None:
        s.log(f"{who(p)} is dealt {what}", p)


# ---------------------------------------------------------------------- start values


def start_values(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """Civilization and hero start values, cloverleaves, strength, the first turn order (spec §3.1-3.2)."""
    s.tasks.pop()
    cat = s.cat
    start_clovers = cat.constants["start_cloverleaves"]
    for p in range(s.num_players):
        civ = cat.civilizations[s.civ[p]]
        if not s.negotiation:
            s.coins[p] += civ.coins  # with negotiation the coins came first
        s.food[p] += civ.food
        s.wood[p] += civ.wood
        s.stone[p] += civ.stone
        s.inh[p] += civ.inhabitants
        if s.hero[p] >= 0:
            hero = cat.heroes[s.hero[p]]
            s.coins[p] += hero.coins
            s.food[p] += hero.food
            s.inh[p] += hero.inhabitants
            s.strength[p] = hero.strength
        if s.exp:
            s.clovers[p] = start_clovers
        extra = economy.store(s, p)
        if s._events is not None and extra:
            s.log(f"{who(p)}: {extra} start goods over storage become luxury", p)
    a = s.angelos
    if a >= 0:
        s.clovers[a] = start_clovers
        if s.hero[a] >= 0:
            hero = cat.heroes[s.hero[a]]
            s.clovers[a] += hero.solo_cloverleaves
            s.strength[a] = hero.strength
    s.order = force_positions(s, civ_order(s))
    s.tasks.append((step.ROUND, 1))


def negotiation_coins(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """Negotiation variant: the civilizations' coins only, then one offer each for a colony, then for a
    hero, in the order of the civilization numbers (spec §3.3)."""
    s.tasks.pop()
    for p in range(s.num_players):
        s.coins[p] = s.cat.civilizations[s.civ[p]].coins
    by_number = civ_order(s)
    offers = [(step.OFFER, p, COLONY_ROUND) for p in by_number]
    offers += [(step.OFFER, p, HERO_ROUND) for p in by_number]
    s.tasks.extend(reversed(offers))
    if s._events is not None:
        s.log("Negotiation: everybody takes only the coins of their civilization")


# ---------------------------------------------------------------------- negotiation decisions


def offer_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    _, p, _what = task
    g = s.g
    return [g.no_offer, *(g.make_offer[q] for q in range(s.num_players) if q != p)]


def apply_offer(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, what = task
    s.tasks.pop()
    if isinstance(action, MakeOffer):
        s.tasks.append((step.OFFER_COINS, p, what, action.target))
    elif s._events is not None:
        s.log(f"{who(p)} makes no offer for a {'colony' if what == COLONY_ROUND else 'hero'}", p)


def offer_coins_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    p = task[1]
    return s.g.offer_coins_upto(s.coins[p])


def apply_offer_coins(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, what, target = task
    s.tasks.pop()
    coins = action.coins  # type: ignore[attr-defined]
    if s._events is not None:
        thing = _thing(s, target, what)
        s.log(f"{who(p)} offers {plural(coins, 'coin')} to {who(target)} for {thing}", p)
    s.tasks.append((step.ANSWER, target, what, p, coins))


def answer_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    return s.g.answers


def apply_answer(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, target, what, offerer, coins = task
    s.tasks.pop()
    if not isinstance(action, Answer) or not action.accept:
        if s._events is not None:
            s.log(f"{who(target)} refuses", target)
        return
    s.coins[offerer] -= coins
    s.coins[target] += coins
    if what == COLONY_ROUND:
        mine, theirs = s.colony[offerer], s.colony[target]
        s.set_colony(offerer, theirs)
        s.set_colony(target, mine)
    else:
        s.hero[offerer], s.hero[target] = s.hero[target], s.hero[offerer]
    if s._events is not None:
        s.log(
            f"{who(target)} accepts: {who(offerer)} now has {_thing(s, offerer, what)} and "
            f"{who(target)} {_thing(s, target, what)} (+{plural(coins, 'coin')})",
            target,
        )


def _thing(s: PeloponnesState, p: int, what: int) -> str:
    if what == COLONY_ROUND:
        return s.cat.colonies[s.colony[p]].name
    return s.cat.heroes[s.hero[p]].name
