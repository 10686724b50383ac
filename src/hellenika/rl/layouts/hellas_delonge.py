"""The laid-out observation of Hellas (Delonge): the growing hex map as planes, then pieces, cards, decisions.

Read from the seat's view (:mod:`hellenika.games.hellas_delonge.view`), or, the same vector, straight from
the state (``fill_state``, in :mod:`hellenika.rl.layouts.hellas_delonge_state`, which reads the state's
secrets only as the view does); conventions in :mod:`hellenika.rl.layout`.

**The map grid.** The map grows from the dolphin at axial (0, 0) as tiles are laid, so the map blocks cover
every cell a tile can ever reach: the hexagon of cells at hex distance at most :func:`map_radius` from the
dolphin, ``1 + 3 * D * (D + 1)`` cells, numbered by ``q`` then ``r`` (:func:`grid_cells`). The bound comes
from the tile count and placement rule P2 (spec §5.1: a tile is laid next to the dolphin, or next to two laid
tiles; every placement, in setup and on a voyage, goes through that rule):

- a tile at distance ``d >= 2`` has no dolphin next to it, so it needs two laid neighbours, at distance
  ``d - 1`` or more; for the *first* tile at distance ``d`` both are at exactly ``d - 1``;
- so, by induction, when the first tile at distance ``d`` is laid, each distance ``1 .. d - 1`` already holds
  two tiles: ``2 * d - 1`` tiles in all. With the data's 23 land tiles, ``D = (23 + 1) // 2 = 12``
  (469 cells). The bound is tight: a two-wide strip of tiles walking out from the dolphin reaches it. A
  cell beyond it in a view raises ``KeyError`` (a broken rule, not a position to drop silently).

The site of a tile being laid (``site``) is a cell such a tile may take, so it lies in the same hexagon.
Map planes are planes-first (``(k, cells)``), like OpenSpiel's image tensors. Cities are referred to by the
view as slot numbers (placement order); their blocks mark the city's cell instead, so a network needs no slot
table.

Per tile, only what the rules read after it is laid is a plane: land by direction (the view's ``edges``,
already rotated) and the temple. Its bridge and bodies of water matter only while it is being laid (P4), and
its identity lives in ``tiles_on_map`` (which, with the stack blocks, tells the tiles still face down).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import DIRECTION_NAMES, GODS, load_catalogue
from hellenika.games.hellas_delonge.godcards import ORACLE_DEPTH
from hellenika.games.hellas_delonge.view import COLOURS
from hellenika.rl.layout import Block, Layout, mark_to_move, seat_order, to_move_block
from hellenika.rl.layouts.hellas_delonge_state import StateReading

NOT_ENCODED = {
    "game": "identifier",
    "seat": "only orders the rows; the observer's colour is in `players_colour`",
    "card_info": "static card catalogue text for the ids the view mentions",
    "tile_info": "static tile catalogue data for the ids the view mentions",
    "winner": "redundant with `places`",
    "end": "free-text reason the game ended; `places` holds the result",
    "map_closed": "the stall clock's switch; `stall` counts 0 turns while a tile left can be laid",
}

#: Blocks of rare moments, each set in random play (tests/rl/test_layout_hellas_delonge.py finds every one in
#: two seeded random games) but not in the few snapshots of one game the shared test looks at.
MAY_STAY_ZERO = {
    "map_temple": "temple tiles are set aside in setup and reach the map only by voyage",
    "map_new_city": "only in the two steps after a voyage lands (paying the ship, settling)",
    "map_forced_march": "needs Forced March (2 of 48 cards)",
    "voyage_tile": "only in the few steps of a voyage once its tile is drawn",
    "voyage_cards": "needs Favourable Winds or Free Passage played on a voyage",
    "voyage_rotation": "only in the Storm window of a voyage",
    "attack_cards": "needs an Ares combat card played in an attack",
    "chain_answers": "needs a Thunderbolt played in answer to a card",
    "placements_left": "needs Levy or Shipwrights played",
    "retreating_greeks": "needs Orderly Retreat played (1 of 48 cards)",
    "stack_top_known": "needs the Oracle played (1 of 48 cards)",
    "stack_top_order": "needs the Oracle played (1 of 48 cards)",
    "oracle_order": "only while the Oracle's tiles are being put back",
}

#: The view's ``double_action`` values (Double Action played: its Burst is pending, or done).
DOUBLE_ACTION = ("burst first", "burst done")
#: Columns of ``players_pieces``, as the view names them.
PIECES = ("cities", "temples", "greeks_on_map", "greek_supply", "ships_on_map", "ship_supply")


def map_radius(tiles: int) -> int:
    """The farthest hex distance from the dolphin a tile can reach with ``tiles`` land tiles (see above)."""
    return (tiles + 1) // 2


def grid_cells(radius: int) -> list[tuple[int, int]]:
    """The axial cells (q, r) within ``radius`` of the dolphin, in the order of the map blocks."""
    return [
        (q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius
    ]


class HellasDelongeEncoder(StateReading):
    def __init__(self, players: int) -> None:
        cat = load_catalogue()
        self.players = players
        self.radius = map_radius(len(cat.tiles))
        cells = grid_cells(self.radius)
        self.cell_index = {qr: i for i, qr in enumerate(cells)}
        self.tile_index = dict(cat.tile_by_id)  # the dolphin is not a catalogue tile: no index
        self.card_index = dict(cat.card_by_id)
        self.phase_index = {name: i for i, name in enumerate(dict.fromkeys(ph.NAMES))}
        self.colour_index = {c: i for i, c in enumerate(COLOURS)}
        self.double_index = {v: i for i, v in enumerate(DOUBLE_ACTION)}
        ncell, ntile, ncard, ngod = len(cells), len(cat.tiles), len(cat.cards), len(GODS)
        n, depth = players, ORACLE_DEPTH
        self.ncell, self.ntile, self.ncard = ncell, ntile, ncard
        # Per edge string ("LSSLSS": the edge facing E, SE, ... NE), the offsets in map_land of its land rows.
        self.land_offsets: dict[str, tuple[int, ...]] = {}
        for mask in range(64):
            edges = "".join("L" if mask >> d & 1 else "S" for d in range(6))
            self.land_offsets[edges] = tuple(d * ncell for d in range(6) if mask >> d & 1)
        self._views: dict[int, tuple[dict[str, np.ndarray], dict[str, memoryview[float]]]] = {}
        dirs = ", ".join(DIRECTION_NAMES)
        self.layout = Layout(
            [
                # The map (cells of the hexagon of radius D, by q then r).
                Block("map_tile", (ncell,), "1 where a tile lies (the dolphin included)"),
                Block("map_land", (6, ncell), f"row d: the tile's edge facing direction d ({dirs}) is land"),
                Block("map_temple", (ncell,), "1 where a city has a temple"),
                Block("map_owner", (n, ncell), "row k: the city is owned by seat-relative player k"),
                Block("map_greeks", (ncell,), "Greeks in the city"),
                Block("map_ships", (ncell,), "ships at the city"),
                Block(
                    "map_site",
                    (ncell,),
                    "1 at the site of the tile being laid (rotation pending, or Storm window)",
                ),
                Block(
                    "map_new_city", (ncell,), "1 at the city just founded by the voyage (paying, settling)"
                ),
                Block("map_attack_target", (ncell,), "1 at the city under attack"),
                Block("map_attack_sources", (ncell,), "1 at each city the attack comes from"),
                Block("map_attack_greeks", (ncell,), "Greeks committed to the attack from each source city"),
                Block("map_forced_march", (ncell,), "1 at the city that joins the attack by Forced March"),
                Block(
                    "map_regroup_into", (ncell,), "1 at the only city pieces may move into while regrouping"
                ),
                Block("tiles_on_map", (ntile,), "1 per land tile (catalogue order) that lies on the map"),
                # Players, seat-relative.
                Block("players_pieces", (n, len(PIECES)), "per player: " + ", ".join(PIECES)),
                Block("players_hand_size", (n,), "cards in each player's hand"),
                Block(
                    "players_record_cities",
                    (n,),
                    "the most cities each player has held (beating it restarts the stall count)",
                ),
                Block("players_cards_by_god", (n, ngod), f"cards in hand by god ({', '.join(GODS)})"),
                Block(
                    "players_drawn_by_god", (n, ngod), "of those, drawn this turn (not yet playable), by god"
                ),
                Block("players_colour", (n, len(COLOURS)), f"one-hot colour ({', '.join(COLOURS)})"),
                # Turn and decision.
                Block("turn", (1,), "turn number (0 during setup)"),
                Block("active", (n,), "one-hot seat-relative player whose turn it is"),
                to_move_block(n),
                Block("your_turn", (1,), "1 when the observing seat decides now"),
                Block("light_plays_no_cards", (1,), "1 in Light's first turn (no cards may be played)"),
                Block("phase", (len(self.phase_index),), "one-hot phase, over the view's distinct names"),
                Block(
                    "stall",
                    (2,),
                    "stall limit (0 = none), turns since a player last beat his own record of cities",
                ),
                # Cards.
                Block("deck_cards_left", (ngod,), "cards left in each god's draw deck"),
                Block("discards", (ncard,), "cards per card type in the discard piles"),
                Block("hand_playable", (ncard,), "own playable cards per card type"),
                Block("hand_drawn_this_turn", (ncard,), "own cards per card type drawn this turn"),
                Block(
                    "known_opponent_cards",
                    (ncard,),
                    "opponent's cards per type the seat knows (Hermes' Theft)",
                ),
                Block("chain_card", (n, ncard), "card being answered: row of who played it, column its type"),
                Block("chain_answers", (1,), "Thunderbolts played so far in answer to it"),
                # The tile stack.
                Block("stack_tiles", (1,), "tiles in the stack"),
                Block(
                    "stack_under", (ntile,), "per tile: its place (1 = first) among those put under the stack"
                ),
                Block("stack_top_known", (ntile,), "1 per tile the seat knows lies on top of the stack"),
                Block(
                    "stack_top_order",
                    (depth, ntile),
                    "row i: the i-th tile from the top, when the seat knows the order",
                ),
                Block("drawn_tiles", (ntile,), "1 per tile drawn and shown (setup, voyage, Sea Chart)"),
                Block(
                    "oracle_order",
                    (depth, ntile),
                    "row i: the i-th tile put back so far while ordering the Oracle",
                ),
                # The current action.
                Block("burst_actions_left", (1,), "Burst of Strength actions left"),
                Block(
                    "double_action", (len(DOUBLE_ACTION),), "one-hot Double Action: burst pending, burst done"
                ),
                Block("voyage_tile", (ntile,), "one-hot tile of the voyage"),
                Block("voyage_cards", (2,), "voyage under Favourable Winds, under Free Passage"),
                Block(
                    "voyage_rotation",
                    (6,),
                    "one-hot rotation (clockwise steps) of the voyage tile at map_site (Storm window)",
                ),
                Block("attack_kind", (2,), "one-hot attack resolved by land, by sea (once known)"),
                Block("attack_cards", (4,), "Battle Fury played, Stand Firm played, Beachhead, Rocky Coast"),
                Block("attack_strength", (2,), "attacker strength, defender strength (card window, resolve)"),
                Block("placements_left", (1,), "Levy or Shipwrights placements left"),
                Block("retreating_greeks", (1,), "Greeks still to withdraw in an orderly retreat"),
                Block("game_over", (1,), "1 when the game is over"),
                Block("places", (n,), "final place of each player (1 = first; a draw shares 1)"),
            ]
        )
        self._init_state_reading()  # fill_state's tables and remembered parts

    def _flat(self, blocks: dict[str, np.ndarray]) -> dict[str, memoryview[float]]:
        """Flat float memoryviews of the blocks (a memoryview write costs half a numpy one), made once per
        blocks dict: ``encode`` passes the same scratch views at every call of a thread (a dict whose arrays
        are swapped in place is not noticed). Kept by the dict's identity, with the dict, so that threads
        encoding at once (the server's bots) each find their own. A block that is not one contiguous float32
        run is refused."""
        found = self._views.get(id(blocks))
        if found is None or found[0] is not blocks:
            if any(a.dtype != np.float32 for a in blocks.values()):
                raise TypeError("blocks must be float32 views (Layout.views of a float32 vector)")
            if len(self._views) >= 64:  # scratch dicts live as long as their threads; callers' own do not
                self._views.clear()
            found = self._views[id(blocks)] = (
                blocks,
                {n: a.data.cast("B").cast("f") for n, a in blocks.items()},
            )
        return found[1]

    def fill(self, view: Mapping[str, Any], blocks: dict[str, np.ndarray]) -> None:
        out = self._flat(blocks)
        n = self.players
        ncell = self.ncell
        ntile = self.ntile
        first = seat_order(view, n)[0]
        cell_index = self.cell_index
        tile_index = self.tile_index
        card_index = self.card_index

        # The map, slot by slot (cities are numbered by slot: placement order).
        m_tile, m_land, m_temple = out["map_tile"], out["map_land"], out["map_temple"]
        m_owner, m_greeks, m_ships = out["map_owner"], out["map_greeks"], out["map_ships"]
        on_map = out["tiles_on_map"]
        land_offsets = self.land_offsets
        slot_cell: dict[int, int] = {}
        for entry in view["map"]:
            c = cell_index[entry["q"], entry["r"]]
            slot_cell[entry["city"]] = c
            m_tile[c] = 1.0
            for offset in land_offsets[entry["edges"]]:
                m_land[offset + c] = 1.0
            if entry["temple"]:
                m_temple[c] = 1.0
            owner = entry["owner"]
            if owner is not None:
                m_owner[(owner - first) % n * ncell + c] = 1.0
            if entry["greeks"]:
                m_greeks[c] = entry["greeks"]
            if entry["ships"]:
                m_ships[c] = entry["ships"]
            t = tile_index.get(entry["tile"])
            if t is not None:
                on_map[t] = 1.0

        # Players.
        pieces, hand_size = out["players_pieces"], out["players_hand_size"]
        record = out["players_record_cities"]
        by_god, drawn_by_god = out["players_cards_by_god"], out["players_drawn_by_god"]
        colour, colour_index = out["players_colour"], self.colour_index
        npieces, ngod, ncolour = len(PIECES), len(GODS), len(colour_index)
        for pl in view["players"]:
            row = (pl["seat"] - first) % n
            base = row * npieces
            for k, key in enumerate(PIECES):
                pieces[base + k] = pl[key]
            hand_size[row] = pl["hand_size"]
            record[row] = pl["record_cities"]
            cards, drawn = pl["cards_by_god"], pl["drawn_this_turn_by_god"]
            base = row * ngod
            for g, god in enumerate(GODS):
                by_god[base + g] = cards[god]
                drawn_by_god[base + g] = drawn[god]
            colour[row * ncolour + colour_index[pl["colour"]]] = 1.0

        # Turn and decision.
        out["turn"][0] = view["turn"]
        out["active"][(view["active"] - first) % n] = 1.0
        mark_to_move(out["to_move"], view["to_move"], lambda p: (p - first) % n)
        if view["your_turn"]:
            out["your_turn"][0] = 1.0
        if view["light_plays_no_cards"]:
            out["light_plays_no_cards"][0] = 1.0
        out["phase"][self.phase_index[view["phase"]]] = 1.0
        stall = out["stall"]
        stall[0] = view["stall_limit"]
        stall[1] = view["turns_since_change"]

        # Cards.
        left, discards = out["deck_cards_left"], out["discards"]
        decks = view["decks"]
        for g, god in enumerate(GODS):
            deck = decks[god]
            left[g] = deck["cards_left"]
            for card, count in deck["discards"].items():
                discards[card_index[card]] = count
        hand = view.get("hand")
        if hand is not None:
            playable, fresh = out["hand_playable"], out["hand_drawn_this_turn"]
            for card, count in hand["playable"].items():
                playable[card_index[card]] = count
            for card, count in hand["drawn_this_turn"].items():
                fresh[card_index[card]] = count
        known = view.get("known_opponent_cards")
        if known:
            block = out["known_opponent_cards"]
            for card, count in known.items():
                block[card_index[card]] = count
        chain = view["chain"]
        if chain:
            link = chain[0]
            out["chain_card"][(link["player"] - first) % n * self.ncard + card_index[link["card"]]] = 1.0
            out["chain_answers"][0] = len(chain) - 1

        # The tile stack.
        stack = view["stack"]
        out["stack_tiles"][0] = stack["tiles"]
        under = out["stack_under"]
        for place, tile in enumerate(stack["under"], 1):
            under[tile_index[tile]] = place
        top = stack.get("top_known")
        if top is not None:
            top_known = out["stack_top_known"]
            for tile in top["tiles"]:
                top_known[tile_index[tile]] = 1.0
            if top["in_order"]:
                top_order = out["stack_top_order"]
                for i, tile in enumerate(top["tiles"]):
                    top_order[i * ntile + tile_index[tile]] = 1.0
        drawn_tiles = out["drawn_tiles"]
        for tile in view["drawn_tiles"]:
            drawn_tiles[tile_index[tile]] = 1.0
        oracle = view.get("oracle_order")
        if oracle:
            block = out["oracle_order"]
            for i, tile in enumerate(oracle):
                block[i * ntile + tile_index[tile]] = 1.0

        # The current action.
        burst = view.get("burst_actions_left")
        if burst:
            out["burst_actions_left"][0] = burst
        double = view.get("double_action")
        if double is not None:
            out["double_action"][self.double_index[double]] = 1.0
        site = view.get("site")
        voyage = view.get("voyage")
        if voyage is not None:
            tile = voyage["tile"]
            if tile is not None:
                out["voyage_tile"][tile_index[tile]] = 1.0
            if voyage["favourable_winds"]:
                out["voyage_cards"][0] = 1.0
            if voyage["free_passage"]:
                out["voyage_cards"][1] = 1.0
            if "site" in voyage:
                site = voyage["site"]
                out["voyage_rotation"][voyage["rotation"]] = 1.0
            new_city = voyage.get("new_city")
            if new_city is not None:
                out["map_new_city"][slot_cell[new_city]] = 1.0
        if site is not None:
            out["map_site"][cell_index[site[0], site[1]]] = 1.0
        attack = view.get("attack")
        if attack is not None:
            out["map_attack_target"][slot_cell[attack["target"]]] = 1.0
            sources, committed = out["map_attack_sources"], out["map_attack_greeks"]
            for source in attack["sources"]:
                c = slot_cell[source["city"]]
                sources[c] = 1.0
                if source["greeks"]:
                    committed[c] = source["greeks"]
            forced = attack["forced_march_city"]
            if forced is not None:
                out["map_forced_march"][slot_cell[forced]] = 1.0
            sea = attack["sea"]
            if sea is not None:
                out["attack_kind"][1 if sea else 0] = 1.0
            played = out["attack_cards"]
            played[0] = attack["battle_fury"]
            played[1] = attack["stand_firm"]
            if attack["beachhead"]:
                played[2] = 1.0
            if attack["rocky_coast"]:
                played[3] = 1.0
            if attack["attacker_strength"] is not None:
                strength = out["attack_strength"]
                strength[0] = attack["attacker_strength"]
                strength[1] = attack["defender_strength"]
        regroup = view.get("regroup")
        if regroup is not None and regroup["into"] is not None:
            out["map_regroup_into"][slot_cell[regroup["into"]]] = 1.0
        placements = view.get("placements_left")
        if placements:
            out["placements_left"][0] = placements
        retreating = view.get("retreating_greeks")
        if retreating:
            out["retreating_greeks"][0] = retreating
        if view["game_over"]:
            out["game_over"][0] = 1.0
            places = out["places"]
            for s, place in enumerate(view["places"]):
                places[(s - first) % n] = place


def make_encoder(players: int, options: dict[str, Any]) -> HellasDelongeEncoder:
    """The encoder for ``players`` seats (always 2); the stall option changes values, not shapes."""
    return HellasDelongeEncoder(players)
