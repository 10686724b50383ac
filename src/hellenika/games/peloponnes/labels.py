"""Plain-words labels for Peloponnes actions, as the terminal and the web show them.

Labels name participants with ``{p0}``-style placeholders (see :func:`hellenika.engine.render_names`) and
say what a choice costs and gives, so a player can decide from the list alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.peloponnes import economy, endgame, scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    AbandonBuilding,
    Answer,
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Build,
    BuyStrength,
    ChooseIncome,
    Conquer,
    DealCivilization,
    DealColony,
    DealHero,
    DrawChit,
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
    RevealTile,
    SaveTile,
    TakeTile,
    UseOdysseus,
    Withdraw,
)
from hellenika.games.peloponnes.bidding import least_bid
from hellenika.games.peloponnes.catalogue import EARTHQUAKE
from hellenika.games.peloponnes.disasters import save_cost
from hellenika.games.peloponnes.tiles import cost_for, strength_cost, strength_gain

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def _goods(wood: int = 0, stone: int = 0, food: int = 0, coins: int = 0) -> str:
    parts = [
        f"{n} {what}" for n, what in ((wood, "wood"), (stone, "stone"), (food, "food"), (coins, "coins")) if n
    ]
    return " + ".join(parts) or "nothing"


def _with_luxury(s: PeloponnesState, p: int, wood: int, stone: int, food: int = 0, coins: int = 0) -> str:
    text = _goods(wood, stone, food, coins)
    lux = economy.shortfall(s, p, wood, stone, food, coins)
    return f"{text}, {lux} of it in luxury" if lux else text


def label(s: PeloponnesState, action: Action) -> str:
    cat = s.cat
    task = s.tasks[-1] if s.tasks else (step.FINISHED,)
    p = task[1] if len(task) > 1 and task[0] >= step.FIRST_DECISION else -1
    if isinstance(action, BidOn):
        t = cat.tile_by_id[action.tile]
        tile = cat.tiles[t]
        slot = s.row.index(t) if t in s.row else -1
        q = s.bidder[slot] if slot >= 0 else -1
        least = least_bid(s, p, slot) if slot >= 0 else tile.min_bid
        if q >= 0:
            return f"Outbid {who(q)} ({plural(s.bid_coins[q], 'coin')}) on {tile.describe()}: {least}+ coins"
        return f"Bid on {tile.describe()}: {least}+ coins"
    if isinstance(action, BidAmount):
        return f"Bid {plural(action.coins, 'coin')}"
    if isinstance(action, Conquer):
        tile = cat.tile(action.tile)
        return f"Conquer {tile.describe()} for {plural(tile.min_bid + s.g.surcharge, 'coin')}"
    if isinstance(action, Pass):
        return f"Pass (+{plural(s.g.pass_coins, 'coin')})"
    if isinstance(action, MoveBid):
        return f"Move your bid to {cat.tile(action.tile).describe()}"
    if isinstance(action, Withdraw):
        lux = s.bid_lux[p]
        back = s.bid_coins[p] - lux // s.cols[p].luxury_rate  # as bidding.apply_displaced refunds it
        paid = f"{plural(back, 'coin')} and {plural(lux, 'luxury good')}" if lux else plural(back, "coin")
        return f"Take your bid back: {paid} (+{plural(s.g.pass_coins, 'coin')})"
    if isinstance(action, TakeTile):
        tile = cat.tile(action.tile)
        return f"Buy {tile.describe()} for {plural(tile.min_bid, 'coin')}"
    if isinstance(action, Build):
        t = task[2]
        tile = cat.tiles[t]
        wood, stone = cost_for(s, p, tile, action.discount)
        less = f" (Daedalus: 2 {action.discount} less)" if action.discount != "none" else ""
        return f"Build {tile.name} now for {_with_luxury(s, p, wood, stone)}{less}"
    if isinstance(action, Reserve):
        tile = cat.tiles[task[2]]
        coins = s.cols[p].reserve_coins
        return f"Reserve {tile.name} with {plural(coins, 'coin')}; finish it in the next supply round"
    if isinstance(action, BuyStrength):
        tile = cat.tiles[task[2]]
        if not action.buy:
            return "No strength"
        wood, stone, food = strength_cost(tile, s.g)
        gain = strength_gain(s, p, tile)
        new = min(s.g.strength_cap, s.strength[p] + gain)
        return f"Buy strength for {_with_luxury(s, p, wood, stone, food)}: {s.strength[p]} -> {new}"
    if isinstance(action, ChooseIncome):
        return f"Take 1 {action.good} as income"
    if isinstance(action, RedirectChit):
        chit = cat.chits[s.drawn] if s.drawn >= 0 else None
        what = chit.id if chit else "the chit"
        if action.redirect:
            return f"Ariadne: send the {what} chit under the second stack and draw another"
        return f"Let the {what} chit be placed"
    if isinstance(action, UseOdysseus):
        event = task[2]
        what = "the Persian defeat" if event >= step.PERSIAN_EVENT else f"the {cat.disasters[event][1]}"
        if action.use:
            return f"Odysseus: put a coin on his tile and escape {what} (once a game)"
        return f"Suffer {what} (keep Odysseus' coin)"
    if isinstance(action, SaveTile):
        tile = cat.tile(action.tile)
        d = task[2]
        if not action.save:
            return f"Lose {tile.name} {tile.id} ({tile.pp} PP)"
        wood, stone, food, coins = save_cost(s, p, d)
        what = "Earthquake" if d == EARTHQUAKE else "Tempest"
        return (
            f"Save {tile.name} {tile.id} from the {what}: pay {_with_luxury(s, p, wood, stone, food, coins)}"
        )
    if isinstance(action, RemoveTile):
        tile = cat.tile(action.tile)
        return f"Give {tile.name} {tile.id} ({tile.pp} PP) to the Persians"
    if isinstance(action, Hire):
        if not action.count:
            return "Hire no mercenaries"
        hired = plural(action.count, "mercenary", "mercenaries")
        return f"Hire {hired} for {plural(action.count, 'coin')} (+{action.count} strength)"
    if isinstance(action, FinishBuilding):
        tile = cat.tile(action.tile)
        wood, stone = cost_for(s, p, tile, action.discount)
        less = f" (Daedalus: 2 {action.discount} less)" if action.discount != "none" else ""
        return f"Finish {tile.name} {tile.id}: pay {_with_luxury(s, p, wood, stone)}{less}"
    if isinstance(action, AbandonBuilding):
        tile = cat.tile(action.tile)
        return f"Give up {tile.name} {tile.id} (the coins come back)"
    if isinstance(action, MakeOffer):
        if task[2] == 0:
            col = cat.colonies[s.colony[action.target]]
            return f"Make {who(action.target)} an offer for the colony {col.name} ({col.summary})"
        hero = cat.heroes[s.hero[action.target]]
        return f"Make {who(action.target)} an offer for the hero {hero.name} ({hero.ability})"
    if isinstance(action, NoOffer):
        if task[2] == 0:
            col = cat.colonies[s.colony[p]]
            return f"Make no offer (keep {col.name}: {col.summary})"
        hero = cat.heroes[s.hero[p]]
        return f"Make no offer (keep {hero.name}: {hero.ability})"
    if isinstance(action, OfferCoins):
        return f"Offer {plural(action.coins, 'coin')}"
    if isinstance(action, Answer):
        _, _, round_of, offerer, coins = task
        if round_of == 0:
            mine, theirs = cat.colonies[s.colony[p]].name, cat.colonies[s.colony[offerer]].name
        else:
            mine, theirs = cat.heroes[s.hero[p]].name, cat.heroes[s.hero[offerer]].name
        if action.accept:
            return f"Accept {plural(coins, 'coin')} from {who(offerer)}: give {mine}, take {theirs}"
        return f"Refuse the offer (keep {mine})"
    if isinstance(action, AssignCloverleaves):
        rest = s.clovers[p] - action.power
        power, population = scoring.parts(s, p)
        value = s.g.cloverleaf_value
        pp = sum(power.values()) + value * action.power
        pop = sum(population.values()) + value * rest
        best = " (best)" if action.power == endgame.best_clovers(s, p) else ""
        return (
            f"{plural(action.power, 'cloverleaf', 'cloverleaves')} on power, {rest} on population: "
            f"{pp} PP / {pop} population, score {min(pp, pop)}{best}"
        )
    if isinstance(action, DealCivilization):
        return f"{who(action.participant)} is dealt {cat.civilizations[cat.civ_by_id[action.civ]].name}"
    if isinstance(action, DealHero):
        return f"{who(action.participant)} is dealt {cat.heroes[cat.hero_by_id[action.hero]].name}"
    if isinstance(action, DealColony):
        return f"{who(action.participant)} is dealt {cat.colonies[cat.colony_by_id[action.colony]].name}"
    if isinstance(action, RevealTile):
        return f"Reveal {cat.tile(action.tile).describe()}"
    if isinstance(action, DrawChit):
        return f"Draw the disaster chit {action.chit}"
    return action.notation()
