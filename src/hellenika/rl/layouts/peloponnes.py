"""Peloponnes' laid-out observation: a seat's view as named blocks (see :mod:`hellenika.rl.layout`).

Everything on a Peloponnes table is public (``games/peloponnes/view.py``), so every seat's vector differs only
in its rotation. Rows are participants, seat-relative (the observer first), with Angelos, the solo
opponent of the expansion, as the last row. Tiles are indexed as in the catalogue (``data/components.toml``,
sorted by id); a participant's buildings and lands are one-hot over the building and the land tiles only.
Blocks that only the Heroes & Colonies expansion can set (heroes, colonies, strength, the Persians, the
chits slid under the second stack) and the negotiation variant's offer are left out of the layouts without
them.

Bids: coins per seat and tile, and the luxury goods paid into each seat's standing bid (they come back as
luxury goods if the bid is withdrawn); an outbid player's bid, in his hand while he decides where to move it,
is part of the decision. The face-down chits are counted by kind (which of the two stacks holds which is
hidden, so there is one count for both).

Counts are raw. The view's printed component data (a tile's cost, gains and income, a colony's storage) is
static and not repeated: a tile's one-hot stands for it; only the income goods of each player's rightmost
land are spelled out, since the land placement rule (spec §4.4) turns on them.

The module is long because it holds every block of one of the largest observations with its encoder: each
block and the code that fills it read best side by side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as steps
from hellenika.games.peloponnes.catalogue import PERSIANS, load_catalogue
from hellenika.games.peloponnes.view import decision_json
from hellenika.rl.layout import Block, Layout, mark_to_move, to_move_block

if TYPE_CHECKING:
    from hellenika.games.peloponnes.state import PeloponnesState

#: Top-level view keys left out of the vector, and why.
NOT_ENCODED = {
    "game": "identifier, always peloponnes",
    "stack": "follows from the round: A in rounds 1-3, B in 4-6, C in 7-8",
    "your_turn": "the first entry of `to_move` (the observer is to move)",
    "game_over": "the `over` entry of `to_move`",
    "persian_strength": "the Persians' chit strength sum (block `persians`) times a constant of the "
    "configuration: the player count, 2 solo",
    "score_columns": "how score tables group their columns (the same constant list at every game's end)",
}

#: Blocks random play may leave at zero in every configuration (empty: each is set in the tests' games).
MAY_STAY_ZERO: dict[str, str] = {}

GOODS = ("coins", "wood", "stone", "food", "luxury", "inhabitants")
EXPANSION_GOODS = ("mercenaries", "strength", "cloverleaves")
SCORES = ("power_points", "population_points", "cloverleaves_on_power", "score")


class PeloponnesEncoder:
    """The layout of one player count and option set, with the index tables ``fill`` needs."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        cat = load_catalogue()
        expansion = bool(options.get("expansion", False))
        negotiation = bool(options.get("negotiation", False)) and expansion
        angelos = players == 1 and expansion
        self.players = players
        self.expansion = expansion
        self.negotiation = negotiation
        self.angelos = angelos
        # Participants: the seats, then Angelos (participant index ``players``) in the solo expansion game.
        n = self.participants = players + (1 if angelos else 0)
        self.tile_index = {t.id: t.index for t in cat.tiles}
        buildings = [t for t in cat.tiles if t.is_building]
        lands = [t for t in cat.tiles if t.is_land]
        # A tile id -> (True, building column) or (False, land column).
        self.tile_slot = {t.id: (True, i) for i, t in enumerate(buildings)} | {
            t.id: (False, i) for i, t in enumerate(lands)
        }
        self.land_income = {t.id: (t.income_food, t.income_wood, t.income_stone) for t in lands}
        civs = [cat.civilizations[c] for c in cat.civilizations_in(expansion)]
        self.civ_index = {c.id: i for i, c in enumerate(civs)}
        self.hero_index = {h.id: i for i, h in enumerate(cat.heroes)}
        self.colony_index = {c.id: i for i, c in enumerate(cat.colonies)}
        pool = cat.chit_pool(expansion)
        chits = [c for c in cat.chits if pool[c.index]]
        self.chit_index = {c.id: i for i, c in enumerate(chits)}
        disasters = [d for i, d in enumerate(cat.disasters) if expansion or i != PERSIANS]
        self.disaster_index = {d[0]: i for i, d in enumerate(disasters)}
        self.rank_index = {r.id: i for i, r in enumerate(cat.ranks)}
        names: list[str] = []
        for name in steps.NAMES.values():
            if name not in names:
                names.append(name)
        self.step_index = {name: i for i, name in enumerate(names)}
        self.stack_names = tuple("ABC"[: len(cat.stacks)])
        self.rounds = int(cat.constants["rounds"])
        self.under_depth = int(cat.constants["chits_per_round_expansion"])
        self.goods = GOODS + (EXPANSION_GOODS if expansion else ())
        # row_of[first][p]: the row of participant p when seat ``first`` observes (seat_order's rotation).
        self.row_of = [
            [(p - first) % players if p < players else p for p in range(n)] for first in range(players)
        ]
        # For fill_state, by catalogue index: a tile's (building?, column), a land's income; a step kind's
        # block entry; a chit's and a disaster's entry (-1: not in this game); a civilization's column.
        self.slot_at = tuple(self.tile_slot[t.id] for t in cat.tiles)
        self.income_at = tuple(self.land_income.get(t.id, (0, 0, 0)) for t in cat.tiles)
        self.step_at = {kind: self.step_index[name] for kind, name in steps.NAMES.items()}
        self.chit_at = tuple(self.chit_index.get(c.id, -1) for c in cat.chits)
        self.chit_kinds = tuple(c.index for c in chits)
        self.disaster_at = tuple(self.disaster_index.get(d[0], -1) for d in cat.disasters)
        self.civ_at = tuple(self.civ_index.get(c.id, -1) for c in cat.civilizations)
        self.colony_at = {c.id: i for i, c in enumerate(cat.colonies)}

        n_tiles, n_chits, n_disasters = len(cat.tiles), len(chits), len(disasters)
        blocks = [
            Block(
                "rules",
                (3 + len(cat.ranks),),
                "expansion, negotiation variant, solo game (0/1); Angelos' rank one-hot (solo expansion)",
            ),
            Block("round", (self.rounds + 1,), "round one-hot (0: setting up, then rounds 1-8)"),
            Block("step", (len(names),), "the game's current step one-hot (the view's `step`, tasks.NAMES)"),
            to_move_block(players),
            Block(
                "turn_order",
                (players, players),
                "per seat (seat-relative): its position in this round's turn order",
            ),
            Block("regular_row", (n_tiles,), "tiles face up in the regular row (by catalogue tile index)"),
            Block(
                "bids", (players, n_tiles), "coins each seat (seat-relative) has bid on a regular-row tile"
            ),
            Block(
                "bid_luxury",
                (players,),
                "luxury goods paid into each seat's (seat-relative) standing bid",
            ),
            Block("conquest_row", (n_tiles,), "tiles face up in the conquest row"),
            Block("tile_stacks", (len(self.stack_names),), "tiles left face down in stacks A, B, C"),
            Block(
                "chits",
                (3,),
                "disaster chits face down in stack 1 and stack 2; chits still to draw this round",
            ),
            Block(
                "face_down_chits",
                (n_chits,),
                "disaster chits face down (both stacks), count per chit kind",
            ),
        ]
        if expansion:
            blocks += [
                Block("under_stack_2", (n_chits,), "chits slid under stack 2 (known), count per chit kind"),
                Block(
                    "under_stack_2_next",
                    (self.under_depth, n_chits),
                    "the first chits slid under stack 2, one-hot per position, in the order they come up",
                ),
            ]
        blocks += [
            Block(
                "last_chit",
                (n_chits,),
                "the chit placed last this round, one-hot (chit kinds of the catalogue)",
            ),
            Block(
                "disaster_chits",
                (n_disasters,),
                "chits lying on each disaster tile (plague ... decline, Persians)",
            ),
            Block(
                "disaster_struck", (n_disasters - (1 if expansion else 0),), "each disaster has struck (0/1)"
            ),
        ]
        if expansion:
            blocks.append(
                Block("persians", (2,), "the Persians: sum of their chits' strength values, attacks so far")
            )
        blocks += [
            Block(
                "decision_tile",
                (n_tiles,),
                "the pending decision's tile (bid amount, build, strength, save...)",
            ),
            Block(
                "decision_disaster",
                (n_disasters,),
                "the disaster of the pending decision (saving tiles; Odysseus' coin against it)",
            ),
        ]
        if expansion:
            blocks.append(
                Block("decision_chit", (n_chits,), "the chit Ariadne's holder may send under stack 2")
            )
        blocks.append(
            Block(
                "decision_bid",
                (2,),
                "an outbid player's bid, to move or withdraw: its coins, the luxury goods paid into it",
            )
        )
        blocks.append(
            Block(
                "decision_detail",
                (3,),
                "hiring mercenaries up to strength / up to power points (0/1); income picks left",
            )
        )
        if negotiation:
            blocks.append(
                Block(
                    "offer",
                    (3 + players,),
                    "negotiation offer: for a colony, for a hero (0/1); coins offered; the other seat "
                    "(seat-relative one-hot: the target named, or the offerer answered)",
                )
            )
        blocks += [
            Block("goods", (n, len(self.goods)), "per participant: " + ", ".join(self.goods)),
            Block(
                "scores",
                (n, len(SCORES) + 1),
                "per participant: power points, population points, cloverleaves on power, score, final place",
            ),
            Block("civilization", (n, len(civs)), "per participant: civilization one-hot"),
        ]
        if expansion:
            blocks += [
                Block("hero", (n, len(cat.heroes)), "per participant: hero one-hot"),
                Block("hero_state", (n, 2), "per participant: hero flipped, Odysseus' coin used (0/1)"),
                Block("colony", (n, len(cat.colonies)), "per participant: colony one-hot (0: the base mat)"),
            ]
        blocks += [
            Block("buildings", (n, len(buildings)), "per participant: buildings owned (building tiles)"),
            Block("reserved", (n, len(buildings)), "per participant: of those, reserved (not finished)"),
            Block("lands", (n, len(lands)), "per participant: land tiles owned (land tiles)"),
            Block(
                "last_land_income", (n, 3), "per participant: food, wood, stone income of the rightmost land"
            ),
            Block(
                "won",
                (players, n_tiles),
                "per seat: the tile won this round (bid or conquest), waiting to be added",
            ),
        ]
        if angelos:
            blocks.append(Block("angelos", (1,), "Angelos' population coins (internal conflicts won)"))
        self.layout = Layout(blocks)

    def fill(self, view: Mapping[str, Any], blocks: dict[str, np.ndarray]) -> None:
        players = self.players
        seat = view.get("seat")
        first = seat if isinstance(seat, int) and 0 <= seat < players else 0
        row_of = self.row_of[first]
        tile_index = self.tile_index

        rules = blocks["rules"]
        rules[0] = view["expansion"]
        rules[1] = view["negotiation"]
        rules[2] = view["solo"]
        rank = view["angelos_rank"]
        if rank is not None:
            rules[3 + self.rank_index[rank]] = 1.0
        rnd = view["round"]
        if 0 <= rnd <= self.rounds:
            blocks["round"][rnd] = 1.0
        step = self.step_index.get(view["step"])
        if step is not None:
            blocks["step"][step] = 1.0
        mark_to_move(blocks["to_move"], view["to_move"], row_of.__getitem__)
        turn_order = blocks["turn_order"]
        for position, p in enumerate(view["turn_order"]):
            turn_order[row_of[p], position] = 1.0

        regular = blocks["regular_row"]
        bids = blocks["bids"]
        bid_luxury = blocks["bid_luxury"]
        for slot in view["regular_row"]:
            if slot is None:
                continue
            t = tile_index[slot["tile"]["id"]]
            regular[t] = 1.0
            bidder = slot["bidder"]
            if bidder is not None:
                bids[row_of[bidder], t] = slot["bid"]
                bid_luxury[row_of[bidder]] = slot["bid_luxury"]
        conquest = blocks["conquest_row"]
        for tile in view["conquest_row"]:
            if tile is not None:
                conquest[tile_index[tile["id"]]] = 1.0
        stacks = view["tile_stacks"]
        tile_stacks = blocks["tile_stacks"]
        for i, name in enumerate(self.stack_names):
            tile_stacks[i] = stacks[name]
        chit_stacks = view["chit_stacks"]
        chits = blocks["chits"]
        chits[0] = chit_stacks["stack_1"]
        chits[1] = chit_stacks["stack_2"]
        chits[2] = view["chits_to_draw_this_round"]
        chit_index = self.chit_index
        face_down = blocks["face_down_chits"]
        for chit, count in chit_stacks["face_down_by_kind"].items():
            face_down[chit_index[chit]] = count
        if self.expansion:
            under = blocks["under_stack_2"]
            under_next = blocks["under_stack_2_next"]
            depth = self.under_depth
            for i, chit in enumerate(chit_stacks["under_stack_2"]):
                c = chit_index[chit]
                under[c] += 1.0
                if i < depth:
                    under_next[i, c] = 1.0
        last = view["last_chit"]
        if last is not None:
            blocks["last_chit"][chit_index[last]] = 1.0
        disaster_index = self.disaster_index
        on_tile = blocks["disaster_chits"]
        struck = blocks["disaster_struck"]
        for entry in view["disasters"]:
            d = disaster_index[entry["id"]]
            on_tile[d] = entry["chits"]
            if "strength_sum" in entry:
                persians = blocks["persians"]
                persians[0] = entry["strength_sum"]
                persians[1] = entry["attacks"]
            elif entry["struck"]:
                struck[d] = 1.0

        decision = view["decision"]
        if decision is not None:
            self._fill_decision(decision, blocks, row_of)
        self._fill_participants(view["participants"], view["places"], blocks, row_of)

    def fill_state(self, s: PeloponnesState, seat: int | None, blocks: dict[str, np.ndarray]) -> None:
        """What :meth:`fill` writes from ``s.view(seat)``, read straight from the state into the zeroed
        ``blocks`` (building the view, its tile dicts and score breakdowns, costs about four fills).
        Everything on a Peloponnes table is public and the state holds no order of the face-down stacks, so
        nothing here can be hidden from ``seat``; a test checks that both ways give the same vector in every
        configuration, and the view stays the definition."""
        players = self.players
        first = seat if seat is not None and 0 <= seat < players else 0
        row_of = self.row_of[first]
        cp = s.current_player()
        rules = blocks["rules"]
        rules[0] = s.exp
        rules[1] = s.negotiation
        rules[2] = s.solo
        if s.rank >= 0:
            rules[3 + s.rank] = 1.0
        if 0 <= s.round <= self.rounds:
            blocks["round"][s.round] = 1.0
        if s.tasks:
            blocks["step"][self.step_at[s.tasks[-1][0]]] = 1.0
        elif (over := self.step_index.get("game over")) is not None:
            blocks["step"][over] = 1.0
        to_move = blocks["to_move"]
        if cp == CHANCE:
            to_move[players] = 1.0
        elif cp == TERMINAL:
            to_move[players + 1] = 1.0
        elif cp >= 0:
            to_move[row_of[cp]] = 1.0
        turn_order = blocks["turn_order"]
        for position, p in enumerate(s.order):
            turn_order[row_of[p], position] = 1.0

        regular = blocks["regular_row"]
        bids = blocks["bids"]
        bid_luxury = blocks["bid_luxury"]
        bidder = s.bidder
        for i, t in enumerate(s.row):
            if t < 0:
                continue
            regular[t] = 1.0
            q = bidder[i]
            if q >= 0:
                bids[row_of[q], t] = s.bid_coins[q]
                bid_luxury[row_of[q]] = s.bid_lux[q]
        conquest = blocks["conquest_row"]
        for t in s.conq:
            if t >= 0:
                conquest[t] = 1.0
        tile_stacks = blocks["tile_stacks"]
        for i, left in enumerate(s.stack_left):
            tile_stacks[i] = len(left)
        chits = blocks["chits"]
        chits[0] = s.s1
        chits[1] = s.s2
        chits[2] = max(0, s.to_place) if s.tasks and s.round else 0
        face_down = blocks["face_down_chits"]
        pool = s.pool
        for i, c in enumerate(self.chit_kinds):
            face_down[i] = pool[c]
        chit_at = self.chit_at
        if self.expansion:
            under = blocks["under_stack_2"]
            under_next = blocks["under_stack_2_next"]
            depth = self.under_depth
            for i, chit in enumerate(s.under2):
                c = chit_at[chit]
                under[c] += 1.0
                if i < depth:
                    under_next[i, c] = 1.0
        if s.last_chit >= 0:
            blocks["last_chit"][chit_at[s.last_chit]] = 1.0
        on_tile = blocks["disaster_chits"]
        struck = blocks["disaster_struck"]
        threshold = s.g.disaster_threshold
        for d, column in enumerate(self.disaster_at):
            if column < 0:
                continue
            placed = s.placed[d]
            on_tile[column] = placed
            if d == PERSIANS:
                persians = blocks["persians"]
                persians[0] = s.psum
                persians[1] = sum(1 for a in s.g.persian_attacks if s.pcount >= a)
            elif placed >= threshold:
                struck[column] = 1.0

        decision = decision_json(s)
        if decision is not None:
            self._fill_decision(decision, blocks, row_of)
        self._fill_participants_from(s, cp == TERMINAL, blocks, row_of)

    def _fill_participants_from(
        self, s: PeloponnesState, over: bool, blocks: dict[str, np.ndarray], row_of: list[int]
    ) -> None:
        """:meth:`_fill_participants` read from the state."""
        slot_at = self.slot_at
        scores = blocks["scores"]
        civilization = blocks["civilization"]
        goods = blocks["goods"]
        buildings = blocks["buildings"]
        reserved = blocks["reserved"]
        lands = blocks["lands"]
        places = s.ranking() if over else None
        expansion = self.expansion
        if expansion:
            hero_of = blocks["hero"]
            hero_state = blocks["hero_state"]
            colony = blocks["colony"]
            strength_col = self.goods.index("strength")
        for p in range(s.n):
            r = row_of[p]
            pp, pop, k = scoring.final(s, p)
            scores[r, 0] = pp
            scores[r, 1] = pop
            scores[r, 2] = k
            scores[r, 3] = min(pp, pop)
            if places is not None:
                scores[r, 4] = places[p]
            if s.civ[p] >= 0:
                civilization[r, self.civ_at[s.civ[p]]] = 1.0
            if expansion:
                if s.hero[p] >= 0:
                    hero_of[r, s.hero[p]] = 1.0
                if s.flipped[p]:
                    hero_state[r, 0] = 1.0
                goods[r, strength_col] = s.strength[p]
                goods[r, strength_col + 1] = s.clovers[p]
            if p == s.angelos:
                for t in s.arow:
                    is_building, column = slot_at[t]
                    (buildings if is_building else lands)[r, column] = 1.0
                blocks["angelos"][0] = s.angelos_pop
                continue
            row = goods[r]  # in GOODS' order, then mercenaries (EXPANSION_GOODS' first)
            row[0] = s.coins[p]
            row[1] = s.wood[p]
            row[2] = s.stone[p]
            row[3] = s.food[p]
            row[4] = s.lux[p]
            row[5] = s.inh[p]
            if expansion:
                row[6] = s.mercs[p]
                if s.odysseus_used[p]:
                    hero_state[r, 1] = 1.0
                colony[r, self.colony_at[s.cols[p].id]] = 1.0
            unfinished = s.unfinished[p]
            for t in s.buildings[p]:
                column = slot_at[t][1]
                buildings[r, column] = 1.0
                if unfinished >> t & 1:
                    reserved[r, column] = 1.0
            owned = s.lands[p]
            for t in owned:
                lands[r, slot_at[t][1]] = 1.0
            if owned:
                income = blocks["last_land_income"]
                for good, amount in enumerate(self.income_at[owned[-1]]):
                    if amount:
                        income[r, good] = amount
            if s.won[p] >= 0:
                blocks["won"][r, s.won[p]] = 1.0

    def _fill_participants(
        self,
        participants: list[dict[str, Any]],
        places: list[int] | None,
        blocks: dict[str, np.ndarray],
        row_of: list[int],
    ) -> None:
        """Each participant's row: goods, scores, civilization (hero, colony), tiles."""
        tile_slot = self.tile_slot
        goods_names = self.goods
        scores = blocks["scores"]
        civilization = blocks["civilization"]
        goods = blocks["goods"]
        buildings = blocks["buildings"]
        reserved = blocks["reserved"]
        lands = blocks["lands"]
        expansion = self.expansion
        if expansion:
            hero_of = blocks["hero"]
            hero_state = blocks["hero_state"]
            colony = blocks["colony"]
            strength_col = goods_names.index("strength")
            seat_goods = goods_names[:strength_col]  # strength and cloverleaves: Angelos has them too
        else:
            seat_goods = goods_names
        for p, part in enumerate(participants):
            r = row_of[p]
            scores[r, 0] = part["power_points"]
            scores[r, 1] = part["population_points"]
            scores[r, 2] = part["cloverleaves_on_power"]
            scores[r, 3] = part["score"]
            if places is not None:
                scores[r, 4] = places[p]
            civ = part["civilization"]
            if civ is not None:
                civilization[r, self.civ_index[civ]] = 1.0
            if expansion:
                hero = part["hero"]
                if hero is not None:
                    hero_of[r, self.hero_index[hero]] = 1.0
                if part["hero_flipped"]:
                    hero_state[r, 0] = 1.0
                goods[r, strength_col] = part["strength"]
                goods[r, strength_col + 1] = part["cloverleaves"]
            if "tiles" in part:  # Angelos: his row of tiles, and no goods
                for tile in part["tiles"]:
                    is_building, column = tile_slot[tile["id"]]
                    (buildings if is_building else lands)[r, column] = 1.0
                blocks["angelos"][0] = part["population_coins"]
                continue
            for i, name in enumerate(seat_goods):
                goods[r, i] = part[name]
            if expansion:
                if part["odysseus_coin_used"]:
                    hero_state[r, 1] = 1.0
                colony[r, self.colony_index[part["colony"]]] = 1.0
            for tile in part["buildings"]:
                column = tile_slot[tile["id"]][1]
                buildings[r, column] = 1.0
                if tile["reserved"]:
                    reserved[r, column] = 1.0
            owned = part["lands"]
            for tile in owned:
                lands[r, tile_slot[tile["id"]][1]] = 1.0
            if owned:
                income = blocks["last_land_income"]
                for good, amount in enumerate(self.land_income[owned[-1]["id"]]):
                    if amount:
                        income[r, good] = amount
            won = part["won"]
            if won is not None:
                blocks["won"][r, self.tile_index[won]] = 1.0

    def _fill_decision(
        self, decision: Mapping[str, Any], blocks: dict[str, np.ndarray], row_of: list[int]
    ) -> None:
        """The pending decision's object: its tile, disaster or chit, and the numbers that go with it."""
        tile = decision.get("tile")
        if tile is not None:
            blocks["decision_tile"][self.tile_index[tile]] = 1.0
        disaster = decision.get("disaster") or decision.get("event")
        if disaster is not None:
            blocks["decision_disaster"][self.disaster_index[disaster]] = 1.0
        chit = decision.get("chit")
        if chit is not None:
            blocks["decision_chit"][self.chit_index[chit]] = 1.0
        bid = decision.get("bid")
        if bid is not None:
            blocks["decision_bid"][0] = bid["coins"]
            blocks["decision_bid"][1] = bid["luxury"]
        limit = decision.get("limit")
        if limit is not None:
            blocks["decision_detail"][0 if limit == "strength" else 1] = 1.0
        picks = decision.get("picks_left")
        if picks is not None:
            blocks["decision_detail"][2] = picks
        what = decision.get("for")
        if what is not None:
            offer = blocks["offer"]
            offer[0 if what == "colony" else 1] = 1.0
            offer[2] = decision.get("coins", 0)
            other = decision.get("target", decision.get("offerer"))
            if other is not None:
                offer[3 + row_of[other]] = 1.0


def make_encoder(players: int, options: dict[str, Any]) -> PeloponnesEncoder:
    return PeloponnesEncoder(players, options)
