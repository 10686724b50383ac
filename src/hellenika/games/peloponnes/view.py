"""What a seat sees of a Peloponnes game.

Everything on the table is public: civilizations, heroes, colonies, goods, tiles, bids, the disaster tiles.
What nobody sees is the order of the face-down tile stacks and chit stacks; the state holds no such order
(draws are chance nodes), and the view gives only their sizes. The chits slid under the second stack were
seen when drawn, so they are listed. The view is therefore the same for every seat; it still says whose
view it is and which choice is that seat's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import PERSIANS, Tile

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState


def tile_json(tile: Tile) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": tile.id,
        "name": tile.name,
        "kind": tile.kind,
        "min_bid": tile.min_bid,
        "pp": tile.pp,
    }
    if tile.is_building:
        out["cost"] = {"wood": tile.cost_wood, "stone": tile.cost_stone}
    gain = {
        k: v
        for k, v in (
            ("inhabitants", tile.gain_inhabitants),
            ("coins", tile.gain_coins),
            ("food", tile.gain_food),
            ("wood", tile.gain_wood),
            ("stone", tile.gain_stone),
            ("luxury", tile.gain_luxury),
        )
        if v
    }
    if gain:
        out["gain"] = gain
    income = {
        k: v
        for k, v in (
            ("food", tile.income_food),
            ("wood", tile.income_wood),
            ("stone", tile.income_stone),
            ("inhabitants", tile.income_inhabitants),
            ("choice", tile.income_choice),
        )
        if v
    }
    if income:
        out["income"] = income
    if tile.protects:
        out["protects"] = tile.protects
    if tile.free_land:
        out["free_land"] = True
    if tile.market:
        out["market"] = True
    if tile.supply:
        out["supply"] = True
    return out


def decision_json(s: PeloponnesState) -> dict[str, Any] | None:
    """What the pending decision is about (the tile being bid on, the chit Ariadne sees, ...)."""
    if not s.tasks or s.cp < 0:
        return None
    task = s.tasks[-1]
    kind = task[0]
    out: dict[str, Any] = {"step": step.NAMES[kind], "seat": task[1]}
    tiles = s.cat.tiles
    if kind in (step.AMOUNT, step.BUILD, step.STRENGTH, step.FINISH):
        out["tile"] = tiles[task[2]].id
    elif kind == step.SAVE:
        out["disaster"] = s.cat.disasters[task[2]][0]
        out["tile"] = tiles[task[3]].id
    elif kind == step.ARIADNE:
        out["chit"] = s.cat.chits[s.drawn].id
    elif kind == step.ODYSSEUS:
        event = task[2]
        out["event"] = "persians" if event >= step.PERSIAN_EVENT else s.cat.disasters[event][0]
    elif kind == step.HIRE:
        out["limit"] = "strength" if task[2] else "power points"
    elif kind in (step.OFFER, step.OFFER_COINS):
        out["for"] = "colony" if task[2] == 0 else "hero"
        if kind == step.OFFER_COINS:
            out["target"] = task[3]
    elif kind == step.ANSWER:
        out.update({"for": "colony" if task[2] == 0 else "hero", "offerer": task[3], "coins": task[4]})
    elif kind == step.INCOME_CHOICE:
        out["picks_left"] = task[2]
    return out


def participant_json(s: PeloponnesState, p: int, names: list[str]) -> dict[str, Any]:
    cat = s.cat
    tiles = cat.tiles
    pp, pop, k = scoring.final(s, p)
    out: dict[str, Any] = {
        "index": p,
        "name": names[p],
        "seat": p if p < s.num_players else None,
        "automaton": p >= s.num_players,
        "civilization": cat.civilizations[s.civ[p]].id if s.civ[p] >= 0 else None,
        "hero": cat.heroes[s.hero[p]].id if s.hero[p] >= 0 else None,
        "hero_flipped": s.flipped[p],
        "strength": s.strength[p],
        "cloverleaves": s.clovers[p],
        "power_points": pp,
        "population_points": pop,
        "cloverleaves_on_power": k,
        "score": min(pp, pop),
        "breakdown": scoring.breakdown(s)[p],
    }
    if p == s.angelos:
        out["tiles"] = [tile_json(tiles[t]) for t in s.arow]
        out["population_coins"] = s.angelos_pop
        return out
    col = s.cols[p]
    out.update(
        {
            "colony": col.id,
            "storage": {"wood": col.max_wood, "stone": col.max_stone, "food": col.max_food},
            "coins": s.coins[p],
            "wood": s.wood[p],
            "stone": s.stone[p],
            "food": s.food[p],
            "luxury": s.lux[p],
            "inhabitants": s.inh[p],
            "mercenaries": s.mercs[p],
            "odysseus_coin_used": s.odysseus_used[p],
            "buildings": [
                {**tile_json(tiles[t]), "reserved": bool(s.unfinished[p] >> t & 1)} for t in s.buildings[p]
            ],
            "lands": [tile_json(tiles[t]) for t in s.lands[p]],
            "bid": (
                {"tile": tiles[s.row[s.bid_slot[p]]].id, "coins": s.bid_coins[p]}
                if s.bid_slot[p] >= 0 and s.bid_slot[p] < len(s.row)
                else None
            ),
            "won": tiles[s.won[p]].id if s.won[p] >= 0 else None,
        }
    )
    return out


def build_view(s: PeloponnesState, seat: int | None) -> dict[str, Any]:
    cat = s.cat
    tiles = cat.tiles
    cp = s.current_player()
    names = s.participant_names()
    chits = cat.chits
    disasters = []
    for d, (did, name, _) in enumerate(cat.disasters):
        if d == PERSIANS and not s.exp:
            continue
        entry: dict[str, Any] = {"id": did, "name": name, "chits": s.placed[d]}
        if d == PERSIANS:
            entry["strength_sum"] = s.psum
            entry["attacks"] = sum(1 for a in s.g.persian_attacks if s.pcount >= a)
        else:
            entry["struck"] = s.placed[d] >= s.g.disaster_threshold
        disasters.append(entry)
    view: dict[str, Any] = {
        "game": "peloponnes",
        "seat": seat,
        "expansion": s.exp,
        "negotiation": s.negotiation,
        "solo": s.solo,
        "angelos_rank": cat.ranks[s.rank].id if s.rank >= 0 else None,
        "round": s.round,
        "stack": "ABC"[s.stack_index()] if s.round else None,
        "step": step.NAMES[s.tasks[-1][0]] if s.tasks else "game over",
        "to_move": "chance" if cp == CHANCE else "over" if cp == TERMINAL else cp,
        "your_turn": seat is not None and cp == seat,
        "decision": decision_json(s),
        "turn_order": list(s.order),
        "regular_row": [
            None
            if t < 0
            else {
                "tile": tile_json(tiles[t]),
                "bidder": s.bidder[i] if s.bidder[i] >= 0 else None,
                "bid": s.bid_coins[s.bidder[i]] if s.bidder[i] >= 0 else None,
            }
            for i, t in enumerate(s.row)
        ],
        "conquest_row": [None if t < 0 else tile_json(tiles[t]) for t in s.conq],
        "tile_stacks": {"ABC"[i]: len(left) for i, left in enumerate(s.stack_left)},
        "chit_stacks": {
            "face_down": s.s1 + s.s2,
            "stack_1": s.s1,
            "stack_2": s.s2,
            "under_stack_2": [chits[c].id for c in s.under2],
        },
        "chits_to_draw_this_round": max(0, s.to_place) if s.tasks and s.round else 0,
        "last_chit": chits[s.last_chit].id if s.last_chit >= 0 else None,
        "disasters": disasters,
        "persian_strength": s.mult * s.psum,
        "participants": [participant_json(s, p, names) for p in range(s.n)],
        "game_over": cp == TERMINAL,
        "places": s.ranking() if cp == TERMINAL else None,
    }
    return view
