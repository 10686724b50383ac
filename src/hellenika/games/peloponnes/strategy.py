"""The heuristic Peloponnes player: rules of thumb from the game's strategy, cheap enough for search playouts.

Every decision is priced with the projection of ``projection.py`` (where a civilization is heading: power
and population at the end, after income, feeding, disasters and the tiles still to come), by changing a few
numbers in a :class:`~hellenika.games.peloponnes.projection.Holdings` instead of cloning the state. The
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
- **Disasters**: keep a tile when it is worth more than the goods and coin it costs; Odysseus spends his one
  coin when the loss is big; Ariadne sends away a chit that would strike her harder than the others now; the
  Persians take the least useful of the tied tiles.
- **Mercenaries**: as many as lift the projection (a population point each, for a coin that would otherwise
  be a third of a power point), their strength counted for the conflicts.
- **Supply rounds**: finish a reserved building unless giving it up projects better.
- **Cloverleaves**: the split with the best score. **Negotiation**: no offers (the projection does not judge
  colonies and heroes); accept an offer of 4 coins or more (about a tile's price).
- **Solo**: buy the tile that does most for oneself, less what it leaves Angelos (he then takes the tile
  with the most power points from the other row, with its strength if from the conquest row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    BidOn,
    Build,
    Conquer,
    FinishBuilding,
    MoveBid,
    TakeTile,
)
from hellenika.games.peloponnes.bidding import least_bid
from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PERSIANS,
    PLAGUE,
    TEMPEST,
    Tile,
)
from hellenika.games.peloponnes.projection import (
    Holdings,
    Timeline,
    add_tile,
    holdings,
    timeline,
    worth,
)

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.state import PeloponnesState

OUTBID_RISK = 0.12  # chance that each later bidder beyond the modelled ones takes over a regular bid
MODELLED_RIVALS = 1  # later bidders whose answer to a regular bid is worked out
MAX_RAISE = 3  # coins above the least bid considered to keep a tile
TAKEOVER_MARGIN = 0.0  # how much better a takeover must be for the later bidder (self-play: none)
DENIAL = 1.0  # weight of what the later bidders make of the round (divided among the opponents)
STRENGTH_VALUE = 0.3  # points per strength point beyond the next conflict
CONFLICT_POINTS = 2.0  # a cloverleaf; the inhabitant is counted by the projection
ACCEPT_COINS = 4
ODYSSEUS_MIN = 3.0  # points a disaster must cost before Odysseus spends his one coin
EPS = 1e-9


def _best(options: list[tuple[float, int, Action]]) -> Action:
    """The highest value; ties go to the earlier option (the legal order), so the choice is deterministic."""
    best = options[0]
    for option in options[1:]:
        if option[0] > best[0] + EPS:
            best = option
    return best[2]


def _buildable_after(s: PeloponnesState, p: int, tile: Tile, price: int) -> bool:
    """After paying ``price`` coins, can ``p`` still build or reserve this building?"""
    if economy.coin_capacity(s, p) - price >= s.cols[p].reserve_coins:
        return True
    return economy.can_afford(s, p, tile.cost_wood, tile.cost_stone, 0, price)


# ---------------------------------------------------------------------- bidding


class Offer:
    """One seat's view of this round's tiles: the projected value of taking each at its price, of passing,
    and of a coin (for pricing other amounts)."""

    __slots__ = ("coin", "conquest", "passing", "regular")

    def __init__(self) -> None:
        self.regular: dict[int, tuple[float, int]] = {}  # slot -> (value at the least price, that price)
        self.conquest: dict[int, float] = {}  # tile -> value at the conquest price
        self.passing = 0.0
        self.coin = 0.0

    def best_without(self, slot: int = -1, tile: int = -1) -> float:
        """The best this seat can do without the regular ``slot`` or the conquest ``tile`` (taken by
        another, or outbid)."""
        best = self.passing
        for other, (value, _) in self.regular.items():
            if other != slot and value > best:
                best = value
        for t, value in self.conquest.items():
            if t != tile and value > best:
                best = value
        return best


def _offer(s: PeloponnesState, tl: Timeline, q: int, coin: bool = True) -> Offer:
    """What each tile of the round is worth to seat ``q`` (only those it may bid on and could use; the value
    of a coin only if ``coin``)."""
    from hellenika.games.peloponnes.bidding import can_place_land

    o = Offer()
    h = holdings(s, q)
    tiles = s.cat.tiles
    cap = economy.coin_capacity(s, q)
    passed = h.copy()
    passed.coins += s.g.pass_coins
    o.passing = worth(s, tl, passed, tiles_from=1)
    o.coin = max(0.05, (o.passing - worth(s, tl, h, tiles_from=1)) / s.g.pass_coins) if coin else 0.3
    for slot, t in enumerate(s.row):
        if t < 0 or s.bidder[slot] == q:
            continue
        tile = tiles[t]
        price = least_bid(s, q, slot)
        if price > cap or (tile.is_land and not can_place_land(s, q, tile)):
            continue
        if tile.is_building and not _buildable_after(s, q, tile, price):
            continue
        o.regular[slot] = (worth(s, tl, add_tile(s, q, h, tile, price), tiles_from=1), price)
    surcharge = s.g.surcharge
    for t in s.conq:
        if t < 0:
            continue
        tile = tiles[t]
        price = tile.min_bid + surcharge
        if price > cap or (tile.is_land and not can_place_land(s, q, tile)):
            continue
        if tile.is_building and not _buildable_after(s, q, tile, price):
            continue
        o.conquest[t] = worth(s, tl, add_tile(s, q, h, tile, price), tiles_from=1)
    return o


_MEMO: dict[tuple[object, ...], Offer] = {}  # the last offers computed, by what they were computed from


def _memo_offer(s: PeloponnesState, tl: Timeline, q: int, coin: bool = True) -> Offer:
    """:func:`_offer`, remembered: the naming of the coins comes right after the choice of the tile, on the
    same position, so the last answers are kept and reused when everything they depend on is equal (the key
    lists all of it: the seat's possessions, the rows and bids, the timeline's contents; so a reuse gives
    exactly what a new computation would)."""
    key = (
        q,
        coin,
        s.round,
        tuple(s.row),
        tuple(s.bidder),
        tuple(s.bid_coins),
        tuple(s.conq),
        tuple(s.hero),
        s.buildings[q],
        s.lands[q],
        s.unfinished[q],
        s.civ[q],
        s.colony[q],
        s.flipped[q],
        s.coins[q],
        s.lux[q],
        s.food[q],
        s.wood[q],
        s.stone[q],
        s.inh[q],
        s.mercs[q],
        s.clovers[q],
        s.strength[q],
        tl.incomes,
        tl.tile_rounds,
        tl.checkpoints,
        tl.owed_by,
        tl.supply_now,
        tl.openness,
        tl.open_free,
    )
    offer = _MEMO.get(key)
    if offer is None:
        offer = _offer(s, tl, q, coin=coin)
        if len(_MEMO) >= 4:
            _MEMO.clear()
        _MEMO[key] = offer
    return offer


def _bonus(s: PeloponnesState, p: int) -> int:
    return 1 if s.hero[p] == s.g.SISYPHUS and s.hero[p] >= 0 else 0


class Plan:
    """A seat's bidding options valued against the later bidders' answers."""

    __slots__ = ("conquest", "mine", "passing", "regular")

    def __init__(self, mine: Offer) -> None:
        self.mine = mine
        self.regular: dict[int, tuple[float, int]] = {}  # slot -> (score of the best bid, its coins)
        self.conquest: dict[int, float] = {}
        self.passing = 0.0


def _regular_plan(
    s: PeloponnesState,
    p: int,
    slot: int,
    mine: Offer,
    rivals: list[tuple[int, Offer]],
    extra_risk: float,
    denial: float,
) -> tuple[float, int]:
    """(score, coins) of the best bid on this slot: the least bid, or a coin or two more if that keeps the
    later bidders from taking it over. A later bidder takes it over when that beats his best alternative;
    the outbid bid then moves to another free tile it meets, or comes back with a coin. The score is the
    seat's projected value less ``denial`` times what the later bidders make of the round."""
    value0, least = mine.regular[slot]
    cap = economy.coin_capacity(s, p)
    tiles = s.cat.tiles
    best = (float("-inf"), least)
    for coins in range(least, min(cap, least + MAX_RAISE) + 1):
        value = value0 - (coins - least) * mine.coin
        # Displaced: move the unchanged bid to a free tile it meets, or take it back (+1 coin).
        fallback = mine.passing
        effective = coins + _bonus(s, p)
        for other, (v, price) in mine.regular.items():
            if other == slot or s.bidder[other] >= 0 or tiles[s.row[other]].min_bid > effective:
                continue
            fallback = max(fallback, v - (coins - price) * mine.coin)
        taken = False
        answer = 0.0
        for q, offer in rivals:
            alternative = offer.best_without(slot)
            if slot in offer.regular:
                their_value, their_least = offer.regular[slot]
                need = max(
                    tiles[s.row[slot]].min_bid - _bonus(s, q), coins + _bonus(s, p) + 1 - _bonus(s, q), 1
                )
                if need <= economy.coin_capacity(s, q):
                    takeover = their_value - (need - their_least) * offer.coin
                    # He weighs what the takeover costs this seat too, as this seat does.
                    if takeover + denial * (value - fallback) > alternative + TAKEOVER_MARGIN:
                        taken = True
                        alternative = takeover
            answer += alternative
        if taken:
            value = fallback
        elif extra_risk:
            value = (1 - extra_risk) * value + extra_risk * mine.passing
        score = value - denial * answer
        if score > best[0] + EPS:
            best = (score, coins)
    return best


def _displaced_loss(s: PeloponnesState, tl: Timeline, q: int, slot: int) -> float:
    """What seat ``q`` loses when his bid on ``slot`` is taken over: the tile, against the best free tile
    his unchanged bid meets or the coins back with one more."""
    from hellenika.games.peloponnes.bidding import can_place_land

    h = holdings(s, q)
    tiles = s.cat.tiles
    keep = worth(s, tl, add_tile(s, q, h, tiles[s.row[slot]], 0, paid=True), tiles_from=1)
    back = h.copy()
    back.coins += s.bid_coins[q] + s.g.pass_coins
    fallback = worth(s, tl, back, tiles_from=1)
    effective = s.bid_coins[q] + _bonus(s, q)
    for other, t in enumerate(s.row):
        if other == slot or t < 0 or s.bidder[other] >= 0:
            continue
        tile = tiles[t]
        if tile.min_bid > effective or (tile.is_land and not can_place_land(s, q, tile)):
            continue
        fallback = max(fallback, worth(s, tl, add_tile(s, q, h, tile, 0, paid=True), tiles_from=1))
    return keep - fallback


def _plan(s: PeloponnesState, p: int, i: int, only: int = -1) -> Plan:
    """This seat's options scored against the answers of the (next two) later bidders; with ``only``, just
    the bid on that regular slot."""
    tl = timeline(s)
    later = s.order[i + 1 :]
    mine = _memo_offer(s, tl, p, coin=bool(later))
    rivals = [(q, _memo_offer(s, tl, q)) for q in later[:MODELLED_RIVALS]]
    extra = min(0.5, OUTBID_RISK * max(0, len(later) - MODELLED_RIVALS))
    denial = DENIAL / (s.num_players - 1) if s.num_players > 1 else 0.0
    plan = Plan(mine)
    for slot in mine.regular:
        if only < 0 or slot == only:
            score, coins = _regular_plan(s, p, slot, mine, rivals, extra, denial)
            holder = s.bidder[slot]
            if holder >= 0 and holder != p and denial:  # outbidding him costs him the tile
                score += denial * _displaced_loss(s, tl, holder, slot)
            plan.regular[slot] = (score, coins)
    if only < 0:
        for t, value in mine.conquest.items():
            plan.conquest[t] = value - denial * sum(o.best_without(tile=t) for _, o in rivals)
        plan.passing = mine.passing - denial * sum(o.best_without() for _, o in rivals)
    return plan


def choose_bid(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Bid, conquer or pass: the option whose projection is best, less what it leaves the later bidders
    (in a two-player game a point for the opponent is a point against); a regular bid is valued as they
    would answer it (taken over when that pays for them), a conquest is safe but 3 coins dearer."""
    _, p, i = task
    plan = _plan(s, p, i)
    by_id = s.cat.tile_by_id
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        kind = type(action)
        if kind is BidOn:
            slot = s.row.index(by_id[action.tile])  # type: ignore[attr-defined]
            if slot in plan.regular:
                options.append((plan.regular[slot][0], k, action))
        elif kind is Conquer:
            t = by_id[action.tile]  # type: ignore[attr-defined]
            if t in plan.conquest:
                options.append((plan.conquest[t], k, action))
        else:
            options.append((plan.passing, k, action))
    return _best(options)


def choose_amount(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """The least bid, or a coin or two more when that keeps a later bidder from taking the tile over."""
    _, p, t = task
    # The bidding task of the next seat is on the stack: it tells how many have moved before this one.
    for item in reversed(s.tasks):
        if item[0] == step.BID:
            i = item[2] - 1
            break
    else:
        return legal[0]  # the last bidder: nobody can take the tile over
    slot = s.row.index(t)
    plan = _plan(s, p, i, only=slot)
    coins = plan.regular[slot][1] if slot in plan.regular else legal[0].coins  # type: ignore[attr-defined]
    for action in legal:
        if action.coins == coins:  # type: ignore[attr-defined]
            return action
    return legal[0]


def choose_displaced(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Move the bid to the best free tile, or take the coins back (+1), whichever projects better."""
    q = task[1]
    tl = timeline(s)
    h = holdings(s, q)
    tiles = s.cat.tiles
    by_id = s.cat.tile_by_id
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        if type(action) is MoveBid:
            tile = tiles[by_id[action.tile]]
            if tile.is_building and not _buildable_after(s, q, tile, 0):
                continue
            options.append((worth(s, tl, add_tile(s, q, h, tile, 0, paid=True), tiles_from=1), k, action))
        else:
            back = h.copy()
            back.coins += s.bid_coins[q] + s.g.pass_coins
            options.append((worth(s, tl, back, tiles_from=1), k, action))
    return _best(options)


def choose_solo(s: PeloponnesState, task: tuple[int, ...], legal: list[Action]) -> Action:
    """Solo: the tile that does most for oneself; against Angelos, less what he then makes of his turn. He
    takes the tile with the most power points from the regular row if the player bought from the conquest
    row, otherwise from the conquest row, and then gains its power points as strength too (which can win
    him the next internal conflict: he wins ties)."""
    from hellenika.games.peloponnes.heuristics import LATER_CONFLICT, angelos_value

    p = task[1]
    tl = timeline(s)
    h = holdings(s, p)
    tiles = s.cat.tiles
    by_id = s.cat.tile_by_id
    a = s.angelos
    conflict = s.exp and bool(tl.checkpoints)
    options: list[tuple[float, int, Action]] = []
    for k, action in enumerate(legal):
        if type(action) is TakeTile:
            t = by_id[action.tile]
            tile = tiles[t]
            if tile.is_building and not _buildable_after(s, p, tile, tile.min_bid):
                continue
            mine = add_tile(s, p, h, tile, tile.min_bid)
            from_conquest = t in s.conq
        else:
            mine = h.copy()
            mine.coins += s.g.pass_coins
            t = -1
            from_conquest = False
        if a < 0:
            options.append((worth(s, tl, mine, tiles_from=1), k, action))
            continue
        his = _angelos_pick(s, t, from_conquest)
        gain = his.pp if his is not None and not from_conquest else 0
        shift = 0.0
        if conflict:
            strength = s.strength[a] + gain
            wins = s.strength[p] > strength or (s.strength[p] == strength and s.cols[p].wins_solo_ties)
            shift = LATER_CONFLICT if wins else -LATER_CONFLICT
            mine.inh = max(0.0, mine.inh + shift)
            mine.clovers = max(0.0, mine.clovers + shift)
        value = worth(s, tl, mine, tiles_from=1) - angelos_value(s, tl, -shift, his, gain)
        options.append((value, k, action))
    return _best(options)


def _angelos_pick(s: PeloponnesState, taken: int, from_conquest: bool) -> Tile | None:
    """The tile Angelos takes after the player's purchase (``taken``, or -1 for a pass)."""
    tiles = s.cat.tiles
    row = s.row if from_conquest else s.conq
    best: Tile | None = None
    key: tuple[int, int, int] | None = None
    for i, t in enumerate(row):
        if t < 0 or t == taken:
            continue
        tile = tiles[t]
        k = (tile.pp, tile.gain_inhabitants, i)
        if key is None or k > key:
            best, key = tile, k
    return best


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
    """Keep a tile when it projects better than the goods and coin it costs to keep (a finished building
    of 3 or more power points whose wood and stone are in store is always worth them)."""
    _, p, d, t = task
    if d == EARTHQUAKE and not s.unfinished[p] >> t & 1 and s.cat.tiles[t].pp >= 3:
        k = s.cols[p].earthquake_cost
        if s.wood[p] >= k and s.stone[p] >= k:
            return legal[0]
    tl = timeline(s, openness=False)
    from hellenika.games.peloponnes.disasters import save_cost

    wood, stone, food, coins = save_cost(s, p, d)
    kept = holdings(s, p)
    _pay(kept, wood, stone, food, coins)
    lost = holdings(s, p, without=t)
    return legal[0] if worth(s, tl, kept) >= worth(s, tl, lost) else legal[1]


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
    _, p, t = task
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
