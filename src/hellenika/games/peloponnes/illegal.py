"""Why an action is illegal, naming the rule (``peloponnes §4.4: Wheat fields A05 shares no ...``).

Sections are the spec's: §3 setup (§3.3 negotiation), §4 the round's phases (§4.4 land placement), §5 supply
rounds, §6 disasters (§6.3 Persians, §6.4 mercenaries), §7 heroes and colonies, §8 scoring, §9 solo.
Only called on the error path, so it can be thorough rather than fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import plural
from hellenika.engine.state import CHANCE
from hellenika.games.peloponnes import economy
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    DISCOUNTS,
    INCOME_CHOICES,
    AbandonBuilding,
    Answer,
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Build,
    BuyStrength,
    ChooseIncome,
    Conquer,
    FinishBuilding,
    Hire,
    MakeOffer,
    MoveBid,
    NoOffer,
    OfferCoins,
    Pass,
    RedirectChit,
    RemoveTile,
    Reserve,
    SaveTile,
    TakeTile,
    UseOdysseus,
    Withdraw,
)
from hellenika.games.peloponnes.bidding import can_place_land, least_bid
from hellenika.games.peloponnes.disasters import hire_limit, top_tiles
from hellenika.games.peloponnes.supply import refusal
from hellenika.games.peloponnes.tiles import build_costs

if TYPE_CHECKING:
    from hellenika.games.peloponnes.catalogue import Tile
    from hellenika.games.peloponnes.state import PeloponnesState

# Which step each kind of decision belongs to, and the rule that governs it.
STEP_OF: dict[type[Action], tuple[tuple[int, ...], str]] = {
    BidOn: ((step.BID,), "§4 phase 2"),
    Conquer: ((step.BID,), "§4 phase 2"),
    Pass: ((step.BID, step.SOLO_TAKE), "§4 phase 2"),
    BidAmount: ((step.AMOUNT,), "§4 phase 2"),
    MoveBid: ((step.DISPLACED,), "§4 phase 2"),
    Withdraw: ((step.DISPLACED,), "§4 phase 2"),
    TakeTile: ((step.SOLO_TAKE,), "§9"),
    Build: ((step.BUILD,), "§4 phase 4"),
    Reserve: ((step.BUILD,), "§4 phase 4"),
    BuyStrength: ((step.STRENGTH,), "§4 phase 4"),
    ChooseIncome: ((step.INCOME_CHOICE,), "§4 phase 6"),
    RedirectChit: ((step.ARIADNE,), "§7.1"),
    UseOdysseus: ((step.ODYSSEUS,), "§7.1"),
    SaveTile: ((step.SAVE,), "§6.2"),
    RemoveTile: ((step.PERSIAN_REMOVE,), "§6.3"),
    Hire: ((step.HIRE,), "§6.4"),
    FinishBuilding: ((step.FINISH,), "§5"),
    AbandonBuilding: ((step.FINISH,), "§5"),
    MakeOffer: ((step.OFFER,), "§3.3"),
    NoOffer: ((step.OFFER,), "§3.3"),
    OfferCoins: ((step.OFFER_COINS,), "§3.3"),
    Answer: ((step.ANSWER,), "§3.3"),
    AssignCloverleaves: ((step.CLOVERS,), "§8"),
}


def _rule(section: str, message: str) -> IllegalAction:
    return IllegalAction(f"peloponnes {section}", message)


def explain(s: PeloponnesState, action: Action) -> IllegalAction:
    if s.current_player() == CHANCE:
        now = step.NAMES[s.tasks[-1][0]]
        return _rule("§4", f"a chance outcome is due now ({now}); {action.notation()!r} is not one of them")
    task = s.tasks[-1]
    kind = task[0]
    p = task[1]
    steps, section = STEP_OF.get(type(action), ((), "§4"))
    if kind not in steps:
        return _rule(
            section, f"{action.notation()!r} is not possible now: the decision is {step.NAMES[kind]}"
        )
    if isinstance(action, BidOn | Conquer | MoveBid | TakeTile | RemoveTile | SaveTile):
        tile_id = action.tile
        if tile_id not in s.cat.tile_by_id:
            return _rule("§10", f"there is no tile {tile_id!r}")
    why = _specific(s, p, task, action)
    return why or _rule(section, f"{action.notation()!r} is not legal now")


def _land_rule(s: PeloponnesState, p: int, tile: Tile) -> IllegalAction | None:
    if tile.is_land and not can_place_land(s, p, tile):
        last = s.cat.tiles[s.lands[p][-1]]
        return _rule(
            "§4.4",
            f"{tile.name} {tile.id} ({tile.income_text()}) shares no income good with your rightmost land "
            f"{last.name} {last.id} ({last.income_text()}), and you own no Barracks",
        )
    return None


def _coins(s: PeloponnesState, p: int, need: int, section: str, what: str) -> IllegalAction | None:
    cap = economy.coin_capacity(s, p)
    if cap < need:
        return _rule(
            section, f"{what} needs {plural(need, 'coin')}; you can pay {cap} (coins and luxury goods)"
        )
    return None


def _discount_rule(s: PeloponnesState, p: int, tile: Tile, discount: str, verb: str) -> IllegalAction:
    """A discount that is not one of this building's: unknown, or not Daedalus', or not his for this one."""
    if discount not in DISCOUNTS:
        return _rule("§7.1", f"unknown discount {discount!r}; use none, wood or stone")
    if s.hero[p] == s.g.DAEDALUS:
        target = f" {tile.id}" if verb == "finish" else ""
        choices = " or ".join(f"'{verb}{target} {d}'" for d, _, _ in build_costs(s, p, tile))
        return _rule("§7.1", f"Daedalus builds {tile.name} for 2 wood or 2 stone less: {choices}")
    return _rule("§7.1", "only Daedalus builds for 2 wood or 2 stone less")


def _specific(s: PeloponnesState, p: int, task: tuple[int, ...], action: Action) -> IllegalAction | None:
    cat = s.cat
    if isinstance(action, BidOn):
        t = cat.tile_by_id[action.tile]
        tile = cat.tiles[t]
        if t not in s.row:
            where = "the conquest row: conquer it instead" if t in s.conq else "not on offer"
            return _rule("§4 phase 2", f"{tile.name} {tile.id} is {where}")
        return _land_rule(s, p, tile) or _coins(
            s, p, least_bid(s, p, s.row.index(t)), "§4 phase 2", f"a bid on {tile.name}"
        )
    if isinstance(action, Conquer):
        t = cat.tile_by_id[action.tile]
        tile = cat.tiles[t]
        if t not in s.conq:
            return _rule("§4 phase 2", f"{tile.name} {tile.id} is not in the conquest row")
        return _land_rule(s, p, tile) or _coins(
            s, p, tile.min_bid + s.g.surcharge, "§4 phase 2", f"conquering {tile.name}"
        )
    if isinstance(action, BidAmount):
        t = task[2]
        low = least_bid(s, p, s.row.index(t))
        cap = economy.coin_capacity(s, p)
        if action.coins < low:
            return _rule("§4 phase 2", f"the bid must be at least {plural(low, 'coin')}")
        if action.coins > cap:
            return _rule("§4 phase 2", f"you can pay at most {plural(cap, 'coin')} (coins and luxury goods)")
        return None
    if isinstance(action, MoveBid):
        t = cat.tile_by_id[action.tile]
        tile = cat.tiles[t]
        if t not in s.row:
            return _rule("§4 phase 2", f"{tile.name} {tile.id} is not in the regular row")
        if s.bidder[s.row.index(t)] >= 0:
            return _rule("§4 phase 2", "an outbid player may move his bid only to a tile without a bid")
        if tile.min_bid > s.bid_coins[p] + (1 if s.hero[p] == s.g.SISYPHUS else 0):
            return _rule(
                "§4 phase 2",
                f"your bid of {s.bid_coins[p]} is below {tile.name}'s minimum {tile.min_bid}",
            )
        return _land_rule(s, p, tile)
    if isinstance(action, TakeTile):
        t = cat.tile_by_id[action.tile]
        tile = cat.tiles[t]
        if t not in s.row and t not in s.conq:
            return _rule("§9", f"{tile.name} {tile.id} is not on offer")
        return _land_rule(s, p, tile) or _coins(s, p, tile.min_bid, "§9", f"buying {tile.name}")
    if isinstance(action, Build):
        tile = cat.tiles[task[2]]
        costs = {d: (w, st) for d, w, st in build_costs(s, p, tile)}
        if action.discount not in costs:
            return _discount_rule(s, p, tile, action.discount, "build")
        wood, stone = costs[action.discount]
        return _rule(
            "§4 phase 4",
            f"{tile.name} costs {wood} wood and {stone} stone; you have {s.wood[p]} wood, {s.stone[p]} stone "
            f"and {s.lux[p]} luxury goods",
        )
    if isinstance(action, Reserve):
        need = s.cols[p].reserve_coins
        have = economy.coin_capacity(s, p)
        return _rule("§4 phase 4", f"reserving a building takes {plural(need, 'coin')}; you can pay {have}")
    if isinstance(action, ChooseIncome) and action.good not in INCOME_CHOICES:
        return _rule("§4 phase 6", "choose food, wood, stone or coin")
    if isinstance(action, SaveTile):
        t = cat.tile_by_id[action.tile]
        if t != task[3]:
            return _rule("§6.2", f"the tile at stake now is {cat.tiles[task[3]].id}")
        if action.save:
            return _rule("§6.2", "you cannot pay to keep this tile, even with luxury goods")
        return _rule(
            "§6.2",
            "you can pay to keep it: a tile its owner can pay for is kept (only one he cannot is lost)",
        )
    if isinstance(action, RemoveTile):
        top = ", ".join(cat.tiles[t].id for t in top_tiles(s, p))
        return _rule("§6.3", f"the Persians take one of your tiles with the most power points: {top}")
    if isinstance(action, Hire):
        limit = hire_limit(s, p, task[2])
        what = "your strength" if task[2] else "your power points"
        return _rule(
            "§6.4",
            f"you may hire 0 to {plural(limit, 'mercenary', 'mercenaries')} (up to {what}, 1 coin each)",
        )
    if isinstance(action, FinishBuilding):
        t = cat.tile_by_id.get(action.tile, -1)
        if t != task[2]:
            return _rule("§5", f"the building to finish now is {cat.tiles[task[2]].id}")
        if action.discount not in {d for d, _, _ in build_costs(s, p, cat.tiles[t])}:
            return _discount_rule(s, p, cat.tiles[t], action.discount, "finish")
        return _rule("§5", refusal(s, task, action))
    if isinstance(action, AbandonBuilding):
        if cat.tile_by_id.get(action.tile, -1) != task[2]:
            return _rule("§5", f"the building to finish or give up now is {cat.tiles[task[2]].id}")
        return _rule("§5", refusal(s, task, action))
    if isinstance(action, MakeOffer):
        if action.target == p:
            return _rule("§3.3", "an offer goes to another player")
        return _rule("§3.3", f"there is no player {action.target + 1}")
    if isinstance(action, OfferCoins):
        return _rule("§3.3", f"you can offer 0 to {plural(s.coins[p], 'coin')}")
    if isinstance(action, AssignCloverleaves):
        return _rule("§8", f"you have {plural(s.clovers[p], 'cloverleaf', 'cloverleaves')} to assign")
    return None
