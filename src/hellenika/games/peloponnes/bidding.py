"""Phases 1-3 of a round (spec §4): reveal five tiles, bid in turn order, adjust the turn order.

Bidding: in turn order each player does exactly one thing: bid on a free tile of the regular row, outbid
another player's bid (the displaced player moves his unchanged bid to a free tile or takes his coins back with
a coin of compensation, so displacement never chains), conquer a tile of the conquest row at its minimum bid
plus 3, or pass for a coin. Bids are paid when made (coins first, then luxury goods) and refunded on
withdrawal. Sisyphus' bids count one coin higher, except for the turn order. A land tile the player could
not place (spec §4.4) is never offered to him.

Solo (spec §9): the player buys one tile of either row at its printed minimum bid or passes; then Angelos
takes his tile by his rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import angelos, economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import BidOn, Conquer, MoveBid, TakeTile
from hellenika.games.peloponnes.setup import force_positions

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.catalogue import Tile
    from hellenika.games.peloponnes.state import PeloponnesState


# ---------------------------------------------------------------------- phase 1: reveal


def start_round(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    s.round = task[1]
    s.row = []
    s.bidder = []
    s.conq = []
    s.took_conquest = 0
    if s._events is not None:
        s.log(f"Round {s.round} (stack {'ABC'[s.stack_index()]})")
    s.tasks.extend(
        (
            (step.END_ROUND,),
            (step.CHITS,),
            (step.INCOME,),
            (step.POPULATION,),
            (step.RESOLVE_BIDS,),
            (step.BIDDING,),
            (step.AFTER_REVEAL,),
            (step.REVEAL,),
        )
    )


def reveal_outcomes(s: PeloponnesState, task: tuple[int, ...]) -> list[tuple[Action, float]]:
    left = s.stack_left[s.stack_index()]
    p = 1.0 / len(left)
    reveal = s.g.reveal
    return [(reveal[t], p) for t in left]


def reveal_sample(s: PeloponnesState, task: tuple[int, ...], rng: Rng) -> Action:
    left = s.stack_left[s.stack_index()]
    return s.g.reveal[left[rng.randbelow(len(left))]]


def apply_reveal(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    t = s.cat.tile_by_id[action.tile]  # type: ignore[attr-defined]
    si = s.stack_index()
    left = s.stack_left[si]
    i = left.index(t)
    s.stack_left[si] = left[:i] + left[i + 1 :]
    if len(s.row) < s.regular_size:
        s.row.append(t)
        s.bidder.append(-1)
        where = "the regular row"
    else:
        s.conq.append(t)
        where = "the conquest row"
    if s._events is not None:
        s.log(f"Revealed for {where}: {s.cat.tiles[t].describe()}")
    if len(s.row) + len(s.conq) >= s.cat.constants["tiles_per_round"]:
        s.tasks.pop()


def after_reveal(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """A supply symbol among the new tiles calls a supply round before the bidding (spec §4 phase 1)."""
    s.tasks.pop()
    tiles = s.cat.tiles
    if any(tiles[t].supply for t in s.row) or any(tiles[t].supply for t in s.conq):
        s.tasks.append((step.SUPPLY,))


# ---------------------------------------------------------------------- land placement (spec §4.4)


def can_place_land(s: PeloponnesState, p: int, tile: Tile) -> bool:
    """A new land must share an income good with the rightmost land; Barracks and Leptis Magna free it."""
    lands = s.lands[p]
    if not lands or s.cols[p].free_land:
        return True
    tiles = s.cat.tiles
    if tile.income_mask & tiles[lands[-1]].income_mask:
        return True
    return any(tiles[b].free_land for b in s.buildings[p])


# ---------------------------------------------------------------------- phase 2: bidding


def begin_bidding(s: PeloponnesState, task: tuple[int, ...]) -> None:
    s.tasks.pop()
    for p in range(s.num_players):
        s.bid_slot[p] = -1
        s.bid_coins[p] = 0
        s.bid_lux[p] = 0
        s.won[p] = -1
        s.paid[p] = 0
    if s.solo:
        s.tasks.append((step.SOLO_TAKE, 0))
    else:
        s.tasks.append((step.BID, s.order[0], 0))


def _bonus(s: PeloponnesState, p: int) -> int:
    """Sisyphus' bids count one coin higher (minimum bid and outbidding)."""
    return 1 if s.hero[p] == s.g.SISYPHUS and s.hero[p] >= 0 else 0


def least_bid(s: PeloponnesState, p: int, slot: int) -> int:
    """The fewest coins ``p`` may bid on this slot of the regular row (at least 1 coin)."""
    tile = s.cat.tiles[s.row[slot]]
    bonus = _bonus(s, p)
    need = tile.min_bid - bonus
    q = s.bidder[slot]
    if q >= 0:
        need = max(need, s.bid_coins[q] + _bonus(s, q) + 1 - bonus)
    return max(1, need)


def bid_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    # The hot path of random play: least_bid and can_place_land are inlined.
    p = task[1]
    g = s.g
    tiles = s.cat.tiles
    cap = economy.coin_capacity(s, p)
    bonus = _bonus(s, p)
    lands = s.lands[p]
    free = not lands or s.cols[p].free_land or any(tiles[b].free_land for b in s.buildings[p])
    last_mask = tiles[lands[-1]].income_mask if lands else 0
    bidder = s.bidder
    out: list[Action] = []
    for slot, t in enumerate(s.row):
        tile = tiles[t]
        if not free and tile.kind == "land" and not tile.income_mask & last_mask:
            continue
        need = tile.min_bid - bonus
        q = bidder[slot]
        if q >= 0:
            need = max(need, s.bid_coins[q] + _bonus(s, q) + 1 - bonus)
        if cap >= max(1, need):
            out.append(g.bid_on[t])
    surcharge = g.surcharge
    for t in s.conq:
        if t < 0:
            continue
        tile = tiles[t]
        if not free and tile.kind == "land" and not tile.income_mask & last_mask:
            continue
        if cap >= tile.min_bid + surcharge:
            out.append(g.conquer[t])
    out.append(g.pass_)
    return out


def apply_bid(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, i = task
    tasks = s.tasks
    tasks.pop()
    if i + 1 < len(s.order):
        tasks.append((step.BID, s.order[i + 1], i + 1))
    kind = type(action)
    if kind is BidOn:
        t = s.cat.tile_by_id[action.tile]  # type: ignore[attr-defined]
        tasks.append((step.AMOUNT, p, t))
    elif kind is Conquer:
        t = s.cat.tile_by_id[action.tile]  # type: ignore[attr-defined]
        price = s.cat.tiles[t].min_bid + s.g.surcharge
        economy.pay_coins(s, p, price)
        s.conq[s.conq.index(t)] = -1
        s.won[p] = t
        s.paid[p] = price
        if s._events is not None:
            s.log(f"{who(p)} conquers {s.cat.tiles[t].short()} for {plural(price, 'coin')}", p)
    else:
        s.coins[p] += s.g.pass_coins
        if s._events is not None:
            s.log(f"{who(p)} passes and takes {plural(s.g.pass_coins, 'coin')}", p)


def amount_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    _, p, t = task
    slot = s.row.index(t)
    low = least_bid(s, p, slot)
    return s.g.amounts_between(low, economy.coin_capacity(s, p))


def apply_amount(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    _, p, t = task
    s.tasks.pop()
    coins = action.coins  # type: ignore[attr-defined]
    slot = s.row.index(t)
    q = s.bidder[slot]
    s.bidder[slot] = p
    s.bid_slot[p] = slot
    s.bid_coins[p] = coins
    s.bid_lux[p] = economy.pay_coins(s, p, coins)
    if s._events is not None:
        tile = s.cat.tiles[t]
        if q >= 0:
            s.log(f"{who(p)} outbids {who(q)} on {tile.short()} with {plural(coins, 'coin')}", p)
        else:
            s.log(f"{who(p)} bids {plural(coins, 'coin')} on {tile.short()}", p)
    if q >= 0:
        s.bid_slot[q] = -1
        s.tasks.append((step.DISPLACED, q))


def displaced_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    q = task[1]
    g = s.g
    tiles = s.cat.tiles
    effective = s.bid_coins[q] + _bonus(s, q)
    out: list[Action] = []
    for slot, t in enumerate(s.row):
        if s.bidder[slot] >= 0:
            continue
        tile = tiles[t]
        if tile.min_bid > effective:
            continue
        if tile.kind == "land" and not can_place_land(s, q, tile):
            continue
        out.append(g.move_bid[t])
    out.append(g.withdraw)
    return out


def apply_displaced(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    q = task[1]
    s.tasks.pop()
    if type(action) is MoveBid:
        t = s.cat.tile_by_id[action.tile]
        slot = s.row.index(t)
        s.bidder[slot] = q
        s.bid_slot[q] = slot
        if s._events is not None:
            s.log(f"{who(q)} moves the {plural(s.bid_coins[q], 'coin')} to {s.cat.tiles[t].short()}", q)
        return
    refund = s.bid_coins[q]
    lux = s.bid_lux[q]
    coins_back = refund - lux // s.cols[q].luxury_rate
    s.coins[q] += coins_back + s.g.pass_coins
    s.lux[q] += lux
    s.bid_coins[q] = 0
    s.bid_lux[q] = 0
    if s._events is not None:
        s.log(f"{who(q)} takes the bid back and {plural(s.g.pass_coins, 'coin')} of compensation", q)


# ---------------------------------------------------------------------- solo (spec §9)


def solo_legal(s: PeloponnesState, task: tuple[int, ...]) -> list[Action]:
    p = task[1]
    g = s.g
    tiles = s.cat.tiles
    cap = economy.coin_capacity(s, p)
    out: list[Action] = []
    for t in (*s.row, *s.conq):
        if t < 0:
            continue
        tile = tiles[t]
        if tile.kind == "land" and not can_place_land(s, p, tile):
            continue
        if cap >= tile.min_bid:
            out.append(g.take[t])
    out.append(g.pass_)
    return out


def apply_solo(s: PeloponnesState, task: tuple[int, ...], action: Action) -> None:
    p = task[1]
    s.tasks.pop()
    if type(action) is TakeTile:
        t = s.cat.tile_by_id[action.tile]
        tile = s.cat.tiles[t]
        economy.pay_coins(s, p, tile.min_bid)
        s.won[p] = t
        s.paid[p] = tile.min_bid
        if t in s.conq:
            s.conq[s.conq.index(t)] = -1
            s.took_conquest = 1
        else:
            s.row[s.row.index(t)] = -1
        if s._events is not None:
            s.log(f"{who(p)} buys {tile.short()} for {plural(tile.min_bid, 'coin')}", p)
    else:
        s.coins[p] += s.g.pass_coins
        if s._events is not None:
            s.log(f"{who(p)} passes and takes {plural(s.g.pass_coins, 'coin')}", p)
    if s.angelos >= 0:
        angelos.take_tile(s)


# ---------------------------------------------------------------------- phase 3: turn order


def resolve_bids(s: PeloponnesState, task: tuple[int, ...]) -> None:
    """Tiles to their bidders, the rest out of the game; the new turn order; phase 4 in that order."""
    s.tasks.pop()
    if not s.solo:
        for slot, t in enumerate(s.row):
            q = s.bidder[slot]
            if q >= 0:
                s.won[q] = t
                s.paid[q] = s.bid_coins[q]
        order = s.order
        takers = sorted((p for p in order if s.won[p] >= 0), key=lambda p: -s.paid[p])
        rest = [p for p in order if s.won[p] < 0]
        s.order = force_positions(s, takers + rest)
    if s._events is not None:
        left = [t for t in s.row if t >= 0 and t not in s.won] + [t for t in s.conq if t >= 0]
        if left:
            names = ", ".join(f"{s.cat.tiles[t].name} {s.cat.tiles[t].id}" for t in left)
            s.log(f"Out of the game: {names}")
        if not s.solo:
            s.log("Turn order: " + ", ".join(who(p) for p in s.order))
    s.row = []
    s.bidder = []
    s.conq = []
    s.tasks.extend((step.ADD_TILE, p) for p in reversed(s.order) if s.won[p] >= 0)
