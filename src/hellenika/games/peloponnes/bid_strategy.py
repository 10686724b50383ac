"""How the heuristic Peloponnes player bids (spec §4 phase 2; the solo purchase, §9): every tile of the
round valued by the projection at its least price (:class:`Offer`), each option weighed against the later
bidders' answers (:class:`Plan`: a regular bid they would take over moves or comes back with a coin; a
conquest is safe but dearer), the coins named, an outbid bid moved or taken back, and the solo purchase
against Angelos. The rules of thumb, and why, are in :mod:`strategy`'s docstring; this is the bidding part of
that player, with :func:`_best`, which its other decisions share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import BidOn, Conquer, MoveBid, TakeTile
from hellenika.games.peloponnes.bidding import least_bid
from hellenika.games.peloponnes.catalogue import Tile
from hellenika.games.peloponnes.holdings import add_tile, holdings
from hellenika.games.peloponnes.projection import worth
from hellenika.games.peloponnes.timeline import Timeline, timeline

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

OUTBID_RISK = 0.12  # chance that each later bidder beyond the modelled ones takes over a regular bid
MODELLED_RIVALS = 1  # later bidders whose answer to a regular bid is worked out
MAX_RAISE = 3  # coins above the least bid considered to keep a tile
TAKEOVER_MARGIN = 0.0  # how much better a takeover must be for the later bidder (self-play: none)
DENIAL = 1.0  # weight of what the later bidders make of the round (divided among the opponents)
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
