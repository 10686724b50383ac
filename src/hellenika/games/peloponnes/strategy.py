"""The heuristic Peloponnes player: rules of thumb from the game's strategy, cheap enough for search playouts.

Every decision is priced with the projection of ``projection.py`` (where a civilization is heading: power
and population at the end, after income, feeding, disasters and the tiles still to come), by changing a few
numbers in a :class:`~hellenika.games.peloponnes.holdings.Holdings` instead of cloning the state. The
score is the lower of the two sides, so what a tile is worth depends on which side it feeds; that is why one
projection prices everything. The rules, and why:

- **Bid for the tile that does most for the projected score**: its power points, its inhabitants only as
  far as there will be food for them at the supply rounds, its income, its protection from the disasters
  still to strike, its price now (coins are the next rounds' tiles: a player who runs dry passes) and its
  build cost (a building that cannot be paid by the next supply round is lost). Lands must share a good with
  the rightmost land, so a land that leaves few tiles to choose from later is worth less.
- **Answer the later bidder**: a regular bid with the next player still to bid is valued as he would answer
  it (he takes it over when that beats his own best option, and the bid then moves or comes back with a
  coin); a conquest is safe but 3 coins dearer. In a two-player game every point the opponent makes is a
  point against, so each option also counts what it leaves him (less so with more opponents).
- **Bid the least, or just enough**: a coin or up to three more when that makes taking the tile over no
  longer worth it for the later bidder; the last bidder always bids the least.
- **Outbid**: move the bid to the best free tile or take the coins back, whichever projects better.
- **Build now or reserve**, whichever projects better: building now spends goods (and luxury goods, which
  are also food) at once; reserving owes them at the next supply round. With the expansion only a building
  built now buys strength. Daedalus takes the discount that projects better.
- **Strength** (expansion): buy it when it wins or keeps the next internal conflict (an inhabitant and a
  cloverleaf change hands), when the Persians are close and the players short, or when the goods are spare.
- **Income of choice**: the good that lifts the projection most: food before a hungry supply round, stone or
  wood owed for a building, otherwise a coin.
- **Disasters**: a tile its owner can pay for must be kept; with means for only some, keep the ones whose
  loss would cost most; Odysseus spends his one
  coin when the loss is big; Ariadne sends away a chit that would strike her harder than the others now; the
  Persians take the least useful of the tied tiles.
- **Mercenaries**: as many as lift the projection (a population point each, for a coin that would otherwise
  be a third of a power point), their strength counted for the conflicts.
- **Supply rounds**: a reserved building its owner can pay for must be finished; with means for only some,
  finish or give up whichever projects better.
- **Cloverleaves**: the split with the best score. **Negotiation**: no offers (the projection does not judge
  colonies and heroes); accept an offer of 4 coins or more (about a tile's price).
- **Solo**: buy the tile that does most for oneself, less what it leaves Angelos (he then takes the tile
  with the most power points from the other row, with its strength if from the conquest row).

The bidding decisions (bid, coins, an outbid bid, the solo purchase) are :mod:`bid_strategy`'s; the others,
and the dispatch by decision, are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import Build, FinishBuilding
from hellenika.games.peloponnes.bid_strategy import (
    _best,
    choose_amount,
    choose_bid,
    choose_displaced,
    choose_solo,
)
from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PERSIANS,
    PLAGUE,
    TEMPEST,
)
from hellenika.games.peloponnes.holdings import Holdings, add_tile, holdings
from hellenika.games.peloponnes.projection import worth
from hellenika.games.peloponnes.timeline import timeline

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.state import PeloponnesState

STRENGTH_VALUE = 0.3  # points per strength point beyond the next conflict
CONFLICT_POINTS = 2.0  # a cloverleaf; the inhabitant is counted by the projection
ACCEPT_COINS = 4
ODYSSEUS_MIN = 3.0  # points a disaster must cost before Odysseus spends his one coin


# ---------------------------------------------------------------------- adding tiles


def _pay(n: Holdings, wood: float = 0, stone: float = 0, food: float = 0, coins: float = 0) -> None:
    """Pay from the goods (and coins) in ``n``, luxury goods making up what is missing."""
    rate = n.col.luxury_rate
    short = 0.0
    for name, amount in (("wood", wood), ("stone", stone), ("food", food), ("coins", coins)):
        if amount:
            have = getattr(n, name)
            if have >= amount:
                setattr(n, name, have - amount)
            else:
                setattr(n, name, 0.0 if have > 0 else have)
                short += amount - (have if have > 0 else 0.0)
    n.lux -= short * rate


def choose_build(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Build now or reserve, whichever projects better: building now spends the goods (or luxury goods, which
    are also food) at once, reserving leaves the cost owed at the next supply round, where a building that
    cannot be paid is lost. With the expansion, only a building built now can buy strength."""
    _, p, t = task
    from hellenika.games.peloponnes.tiles import cost_for

    tile = s.cat.tiles[t]
    tl = timeline(s, openness=False)
    h = holdings(s, p)
    owed = add_tile(s, p, h, tile, 0, paid=True)
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        n = owed.copy()
        if type(action) is Build:
            wood, stone = cost_for(s, p, tile, action.discount)
            n.owed_wood, n.owed_stone, n.owed_pp = h.owed_wood, h.owed_stone, h.owed_pp
            _pay(n, wood, stone)
            value = worth(s, tl, n)
            if s.exp and s.strength[p] < s.g.strength_cap:
                gain = tile.pp + (2 if s.hero[p] == s.g.ACHILLES else 0)
                value += max(0.0, STRENGTH_VALUE * gain + _conflict_gain(s, p, gain) - 1.0)
        else:
            _pay(n, coins=s.cols[p].reserve_coins)
            value = worth(s, tl, n)
        options.append((value, k, action))
    return _best(options)


def choose_strength(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Buy strength when it wins or keeps the next internal conflict, when the Persians need it, or when
    the goods it costs are spare (the projection barely moves)."""
    _, p, t = task
    tile = s.cat.tiles[t]
    g = s.g
    gain = (
        min(g.strength_cap, s.strength[p] + tile.pp + (2 if s.hero[p] == g.ACHILLES else 0)) - s.strength[p]
    )
    tl = timeline(s, openness=False)
    h = holdings(s, p)
    paid = h.copy()
    if tile.is_land:
        _pay(paid, food=g.land_strength_food)
    else:
        _pay(paid, g.building_strength_wood, g.building_strength_stone)
    cost = worth(s, tl, h) - worth(s, tl, paid)
    value = STRENGTH_VALUE * gain + _conflict_gain(s, p, gain) + _persian_gain(s, gain)
    return legal[0] if value > cost else legal[1]


def _conflict_gain(s: PeloponnesState, p: int, gain: int) -> float:
    """Points the extra strength is worth at the next internal conflict (winning it, or not losing it)."""
    if s.n < 2:
        return 0.0
    mine = s.strength[p]
    points = s.cols[p].inhabitant_points + CONFLICT_POINTS
    if s.angelos >= 0:
        his = s.strength[s.angelos]
        ties = s.cols[p].wins_solo_ties
        before = mine > his or (mine == his and ties)
        after = mine + gain > his or (mine + gain == his and ties)
        return 2 * points if after and not before else 0.0
    others = [s.strength[q] for q in range(s.num_players) if q != p]
    top = max(others)
    low = min(others)
    value = 0.0
    if mine <= top < mine + gain:
        value += points * (2 if s.num_players == 2 else 1)
    if mine <= low < mine + gain:
        value += points * (0 if s.num_players == 2 else 1)
    return value


def _persian_gain(s: PeloponnesState, gain: int) -> float:
    """Strength counts for everybody against the Persians: worth something when the next attack is close
    and the players are short."""
    if not s.exp:
        return 0.0
    attacks = s.g.persian_attacks
    if s.pcount >= attacks[-1]:
        return 0.0
    nxt = attacks[0] if s.pcount < attacks[0] else attacks[-1]
    expected = s.psum + 2 * (nxt - s.pcount)
    short = s.mult * expected - sum(s.strength)
    if short <= 0 or short > 3 * gain + 6:
        return 0.0
    return 1.0 * min(gain, short)


def choose_income(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Port / Temple of Apollo: the good that lifts the projection most (food while the supply rounds are
    short of it, wood or stone owed for buildings), else a coin."""
    p = task[1]
    tl = timeline(s, openness=False)
    h = holdings(s, p)
    if tl.incomes:  # this pick is made now, not among the projection's picks to come
        h.ci -= 1 / tl.incomes
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        good = action.good  # type: ignore[attr-defined]
        n = h.copy()
        if good == "food":
            n.food += 1
        elif good == "wood":
            n.wood += 1
        elif good == "stone":
            n.stone += 1
        else:
            n.coins += 1
        # A coin breaks ties (it is last in the legal order, so give it the tie).
        options.append((worth(s, tl, n) + (1e-6 if good == "coin" else 0.0), k, action))
    return _best(options)


# ---------------------------------------------------------------------- disasters


def choose_save(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Asked only with means for some of the tiles at stake (the others must be kept): keep this tile when it
    is among the ones worth most, judged by what the civilization projects to without each."""
    from hellenika.games.peloponnes.disasters import at_stake, savable

    p, d = task[1], task[2]
    left = at_stake(s, p)
    can = savable(s, p, d, left)
    stake = [u[3] for u in reversed(s.tasks[-left:])]  # this tile first, then the ones after it
    tl = timeline(s, openness=False)
    without = {u: worth(s, tl, holdings(s, p, without=u)) for u in stake}
    keep = sorted(range(len(stake)), key=lambda i: (without[stake[i]], i))[:can]
    return legal[0] if 0 in keep else legal[1]


def _disaster_loss(s: PeloponnesState, p: int, h: Holdings, event: int) -> Holdings:
    """``h`` after suffering this disaster (or Persian defeat: 10 + attack) without Odysseus' coin."""
    n = h.copy()
    if event >= step.PERSIAN_EVENT:
        if event - step.PERSIAN_EVENT == 1:
            n.pp -= s.cat.heroes[s.hero[p]].pp
        else:
            from hellenika.games.peloponnes.disasters import top_tiles

            n = holdings(s, p, without=top_tiles(s, p)[0])
        return n
    if event == PLAGUE:
        n.inh -= -(-s.inh[p] // 3)
    elif event == DROUGHT:
        n.food -= s.food[p] // 2 if s.cols[p].drought_half else -(-s.food[p] // 3)
    elif event == DECLINE:
        n.lux -= s.lux[p] if s.cols[p].decline_all else min(s.g.decline_loss, s.lux[p])
    elif event == EARTHQUAKE:
        k = s.cols[p].earthquake_cost * len(s.buildings[p])
        n.wood -= k
        n.stone -= k
    elif event == TEMPEST:
        k = s.cols[p].tempest_cost * len(s.lands[p])
        n.food -= k
        n.coins -= k
    for name in ("wood", "stone", "food"):
        value = getattr(n, name)
        if value < 0:
            n.lux += value * s.cols[p].luxury_rate
            setattr(n, name, 0)
    return n


def choose_odysseus(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Spend Odysseus' one coin when the disaster would cost clearly more than a coin (he gets one chance)."""
    _, p, event = task
    tl = timeline(s, openness=False)
    h = holdings(s, p)
    used = h.copy()
    used.coins -= 1
    loss = worth(s, tl, used) - worth(s, tl, _disaster_loss(s, p, h, event))
    return legal[0] if loss >= ODYSSEUS_MIN else legal[1]


def choose_ariadne(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Send a chit away when it would set off a disaster (or a lost Persian attack) now that hurts Ariadne's
    player more than her opponents; every other chit is placed."""
    p = task[1]
    chit = s.cat.chits[s.drawn]
    d = chit.disaster
    if d < 0:
        return legal[1]
    if d == PERSIANS:
        attacks = s.g.persian_attacks
        if s.pcount + 1 in attacks and sum(s.strength) < s.mult * (s.psum + chit.value):
            return legal[0]
        return legal[1]
    if s.placed[d] + 1 < s.g.disaster_threshold:
        return legal[1]
    from hellenika.games.peloponnes.disasters import protected

    def hurt(q: int) -> float:
        if protected(s, q, d):
            return 0.0
        if d == PLAGUE:
            return s.inh[q] / 3 * s.cols[q].inhabitant_points
        if d == DROUGHT:
            return s.food[q] / 3
        if d == DECLINE:
            return min(s.g.decline_loss, s.lux[q]) / 2
        if d == EARTHQUAKE:
            return 2.0 * len(s.buildings[q]) * 0.5
        return 1.5 * len(s.lands[q])

    others = [hurt(q) for q in range(s.num_players) if q != p]
    mine = hurt(p)
    average = sum(others) / len(others) if others else 0.0
    return legal[0] if mine > average + 2 else legal[1]


def choose_remove(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """The Persians take one of the tied tiles: the one whose loss projects least bad."""
    p = task[1]
    tl = timeline(s, openness=False)
    by_id = s.cat.tile_by_id
    options = [
        (worth(s, tl, holdings(s, p, without=by_id[a.tile])), k, a)  # type: ignore[attr-defined]
        for k, a in enumerate(legal)
    ]
    return _best(options)


def choose_hire(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Mercenaries: as many as lift the projection (a population point each for a coin that would be a third
    of a power point), with their strength counted for the conflicts."""
    p = task[1]
    tl = timeline(s, openness=False)
    h = holdings(s, p)
    options: list[tuple[float, int, Action]] = []
    cap = s.g.strength_cap
    for k, action in enumerate(legal):
        count = action.count  # type: ignore[attr-defined]
        n = h.copy()
        _pay(n, coins=count * s.g.mercenary_cost)
        n.mercs += count
        gain = min(cap, s.strength[p] + count) - s.strength[p]
        value = worth(s, tl, n) + STRENGTH_VALUE * gain + _conflict_gain(s, p, gain)
        options.append((value, k, action))
    return _best(options)


# ---------------------------------------------------------------------- supply rounds and the end


def choose_finish(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Finish a reserved building (the cheapest way in luxury goods) unless giving it up projects better."""
    p, t = task[1], task[2]
    tl = timeline(s, openness=False)
    tile = s.cat.tiles[t]
    from hellenika.games.peloponnes.tiles import cost_for

    h = holdings(s, p)
    rest = holdings(s, p, without=t)  # what is owed for the other reserved buildings
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        if type(action) is FinishBuilding:
            wood, stone = cost_for(s, p, tile, action.discount)
            n = h.copy()
            n.owed_wood, n.owed_stone, n.owed_pp = rest.owed_wood, rest.owed_stone, rest.owed_pp
            _pay(n, wood, stone)
            options.append((worth(s, tl, n), k, action))
        else:
            options.append((worth(s, tl, rest), k, action))
    return _best(options)


def choose_clovers(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """The split with the highest score, then the higher other side (the tie-break)."""
    from hellenika.games.peloponnes.endgame import best_clovers

    k = best_clovers(s, task[1])
    return legal[k] if k < len(legal) else legal[-1]


def choose_offer(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Negotiation: make no offer (a colony or hero is worth about as much as any other to this player)."""
    return s.g.no_offer if s.g.no_offer in legal else legal[0]


def choose_offer_coins(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    return legal[min(1, len(legal) - 1)]


def choose_answer(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Negotiation: sell one's colony or hero for 4 coins or more (about a tile's price)."""
    coins = task[4]
    accept = coins >= ACCEPT_COINS
    for action in legal:
        if action.accept == accept:  # type: ignore[attr-defined]
            return action
    return legal[0]


CHOOSERS = {
    step.BID: choose_bid,
    step.AMOUNT: choose_amount,
    step.DISPLACED: choose_displaced,
    step.SOLO_TAKE: choose_solo,
    step.BUILD: choose_build,
    step.STRENGTH: choose_strength,
    step.INCOME_CHOICE: choose_income,
    step.ARIADNE: choose_ariadne,
    step.ODYSSEUS: choose_odysseus,
    step.SAVE: choose_save,
    step.PERSIAN_REMOVE: choose_remove,
    step.HIRE: choose_hire,
    step.FINISH: choose_finish,
    step.CLOVERS: choose_clovers,
    step.OFFER: choose_offer,
    step.OFFER_COINS: choose_offer_coins,
    step.ANSWER: choose_answer,
}


def heuristic_action(s: PeloponnesState, rng: Rng) -> Action:
    """The rule-of-thumb choice at a decision node (see the module docstring)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    task = s.tasks[-1]
    chooser = CHOOSERS.get(task[0])
    if chooser is None:  # pragma: no cover - every decision kind has a chooser
        return legal[rng.randbelow(len(legal))]
    return chooser(s, task, legal)


__all__ = ["heuristic_action"]
