"""What a seat sees of a Peloponnes game.

Everything on the table is public: civilizations, heroes, colonies, goods, tiles, bids, the disaster tiles.
What nobody sees is the order of the face-down tile stacks and chit stacks; the state holds no such order
(draws are chance nodes), and the view gives only their sizes (and, for the chits, what is left by kind: see
below). The chits slid under the second stack were seen when drawn, so they are listed. The view is
therefore the same for every seat; it still says whose view it is and which choice is that seat's.

Bids: a player's ``bid`` is shown only while it lies on the regular row (the engine keeps its last slot
until the next bidding starts). A bid holds its value in ``coins`` and the ``luxury`` goods paid for part of
it (they come back as luxury goods on withdrawal, the rest as coins). An outbid player's bid is in his hand
while he decides where to move it: the pending decision carries it.

Chits: which chits are still face down is public (the game's chit set is printed in the rules, and every
chit is shown when drawn), so ``chit_stacks["face_down_by_kind"]`` counts them by kind. Which of the two
face-down stacks of the expansion holds which of them is not known (the 24 chits are shuffled and split in
two blind): while stack 1 is not empty its make-up, and stack 2's, are hidden; once it is empty, the
chits face down are exactly stack 2's. ``last_chit`` is the chit placed last this round;
``chit_stacks["last_revealed"]`` the chit revealed last this round, placed or slid under the second stack
(the expansion's repeat rule compares the next chit with it).

The per-tile dicts (printed component data) are built once per catalogue and shared between views: treat
a view as read-only (copy it before changing it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import PERSIANS, Catalogue, Tile

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


# Static per catalogue (keyed by its id; the catalogue is loaded once): the dict of each tile, by tile index.
_TILE_JSON: dict[int, tuple[dict[str, Any], ...]] = {}


def tile_dicts(cat: Catalogue) -> tuple[dict[str, Any], ...]:
    """:func:`tile_json` of every tile, by catalogue index, built once (shared: never change them)."""
    cached = _TILE_JSON.get(id(cat))
    if cached is None:
        cached = _TILE_JSON[id(cat)] = tuple(tile_json(t) for t in cat.tiles)
    return cached


def bid_json(s: PeloponnesState, p: int) -> dict[str, Any]:
    """A bid's value in coins and the luxury goods paid for part of it (without its tile)."""
    return {"coins": s.bid_coins[p], "luxury": s.bid_lux[p]}


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
    elif kind == step.DISPLACED:
        out["bid"] = bid_json(s, task[1])  # in his hand: on no tile until he moves it
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


def participant_json(
    s: PeloponnesState, p: int, names: list[str], standing: dict[int, str] | None = None
) -> dict[str, Any]:
    """One participant's entry. ``standing``: the bids lying on the regular row, bidder -> tile id."""
    cat = s.cat
    tile_dict = tile_dicts(cat)
    (pp, pop, k), breakdown = scoring.scored(s, p)
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
        "breakdown": breakdown,
    }
    if p == s.angelos:
        out["tiles"] = [tile_dict[t] for t in s.arow]
        out["population_coins"] = s.angelos_pop
        return out
    if standing is None:
        standing = standing_bids(s)
    bid_tile = standing.get(p)
    col = s.cols[p]
    unfinished = s.unfinished[p]
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
            "buildings": [{**tile_dict[t], "reserved": bool(unfinished >> t & 1)} for t in s.buildings[p]],
            "lands": [tile_dict[t] for t in s.lands[p]],
            "bid": None if bid_tile is None else {"tile": bid_tile, **bid_json(s, p)},
            "won": cat.tiles[s.won[p]].id if s.won[p] >= 0 else None,
        }
    )
    return out


def standing_bids(s: PeloponnesState) -> dict[int, str]:
    """The bids lying on the regular row: bidder -> tile id (``bid_slot`` outlives the round's bids)."""
    tiles = s.cat.tiles
    return {q: tiles[s.row[slot]].id for slot, q in enumerate(s.bidder) if q >= 0}


_CHIT_KINDS: dict[tuple[int, bool], tuple[tuple[int, str], ...]] = {}


def chit_kinds(cat: Catalogue, expansion: bool) -> tuple[tuple[int, str], ...]:
    """The chit kinds of a game, (catalogue index, id), in catalogue order."""
    key = (id(cat), expansion)
    cached = _CHIT_KINDS.get(key)
    if cached is None:
        pool = cat.chit_pool(expansion)
        cached = _CHIT_KINDS[key] = tuple((c.index, c.id) for c in cat.chits if pool[c.index])
    return cached


def build_view(s: PeloponnesState, seat: int | None) -> dict[str, Any]:
    cat = s.cat
    tile_dict = tile_dicts(cat)
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
    bidder = s.bidder
    bid_coins = s.bid_coins
    bid_lux = s.bid_lux
    pool = s.pool
    standing = standing_bids(s)
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
                "tile": tile_dict[t],
                "bidder": bidder[i] if bidder[i] >= 0 else None,
                "bid": bid_coins[bidder[i]] if bidder[i] >= 0 else None,
                "bid_luxury": bid_lux[bidder[i]] if bidder[i] >= 0 else None,
            }
            for i, t in enumerate(s.row)
        ],
        "conquest_row": [None if t < 0 else tile_dict[t] for t in s.conq],
        "tile_stacks": {"ABC"[i]: len(left) for i, left in enumerate(s.stack_left)},
        "chit_stacks": {
            "face_down": s.s1 + s.s2,
            "stack_1": s.s1,
            "stack_2": s.s2,
            "under_stack_2": [chits[c].id for c in s.under2],
            "face_down_by_kind": {cid: pool[c] for c, cid in chit_kinds(cat, s.exp)},
            # What the repeat rule compares the next chit with: revealed last this round, placed or not.
            "last_revealed": chits[s.last_revealed].id if s.last_revealed >= 0 else None,
        },
        "chits_to_draw_this_round": max(0, s.to_place) if s.tasks and s.round else 0,
        "last_chit": chits[s.last_chit].id if s.last_chit >= 0 else None,
        "disasters": disasters,
        "persian_strength": s.mult * s.psum,
        "participants": [participant_json(s, p, names, standing) for p in range(s.n)],
        "game_over": cp == TERMINAL,
        "places": s.ranking() if cp == TERMINAL else None,
        # How a final score table groups its columns (the board's and the page's: scoring.SCORE_COLUMNS).
        "score_columns": [dict(c) for c in scoring.SCORE_COLUMNS] if cp == TERMINAL else None,
    }
    return view
