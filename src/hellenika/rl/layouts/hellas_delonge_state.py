"""Hellas (Delonge) observations read straight from the engine state: :class:`StateReading`, the part of
:class:`~hellenika.rl.layouts.hellas_delonge.HellasDelongeEncoder` that writes what its ``fill`` writes from
``state.view(seat)`` without building the view (most of an observation's cost).

Delonge keeps secrets in its state (both hands by card type, the cards each seat knows the other holds, the
tiles seen with the Oracle, and the pool of face-down tiles), so :meth:`StateReading.fill_state` reads the
state's hidden parts exactly as :func:`hellenika.games.hellas_delonge.view.build_view` does, under the same
conditions, and nothing else of them:

- a hand by card type (``hand``, ``fresh``) and the cards known of the other (``known``) only for the
  observing seat (the view's ``hand`` and ``known_opponent_cards``, absent for a spectator);
- every player's cards only as sums by god and in all (the view's ``cards_by_god``,
  ``drawn_this_turn_by_god`` and ``hand_size``, public because the gods' decks are backed differently);
- of the stack, its size (``stack_size``), the tiles put under it (``bottom``, public) and, of the known top,
  only the tiles whose ``top_seen`` bits name the seat or everyone, in order only when ``top_order`` is the
  seat (for a spectator, nothing of the top); the pool only through ``stack_size`` and ``can_grow``, the
  view's own calls; the Oracle's order only for the seat ordering it.

The parts that change seldom go through :class:`~hellenika.rl.layout.PartMemo`: the map's tiles and owners;
the tiles on the map and under the stack; the cards (every player's counts, the seat's own hand and what it
knows of the other's, the decks and the discards, which change together). A part is a method that reads
nothing but its arguments (immutable values, compared by value) and the encoder's fixed tables, and writes
only its own blocks. The cards' key holds both hands by type, as the view reads them to sum them, but the
part writes a hand by type only for the seat in its key (the observer's own, as the view's ``hand``; none for
a spectator) and the other's as sums, so an entry's values are what that seat's view shows, and an entry is
never served to another seat (the seat is in the key).

Why nothing leaks: every value written is one the view holds for that seat, computed from the same fields
under the same conditions. Tests compare both ways at every step of seeded random games, for every seat and
the spectator (``tests/rl/test_layout.py``; ``tests/rl/test_layout_hellas_delonge.py`` in two games that reach
the Oracle and every other rare block), and check that resampling what a seat cannot see
(``state.determinize``) leaves the vector read from the state unchanged: the view stays the definition of
what a seat observes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import load_catalogue
from hellenika.games.hellas_delonge.hexmap import cell, iter_bits
from hellenika.games.hellas_delonge.stack import PUBLIC
from hellenika.games.hellas_delonge.view import ATTACK_PHASES, COLOURS, VOYAGE_PHASES
from hellenika.rl.layout import Layout, PartMemo, flat_vector

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

_BURST_PHASES = (ph.BURST, ph.C_DRAW_CARD)
_SITE_PHASES = (ph.SETUP_TURN, ph.V_TURN)
_NEW_CITY_PHASES = (ph.V_PAY, ph.V_SETTLE)
_DECLARING = (ph.A_COMMIT, ph.A_FORCED)
_STRENGTH_PHASES = (ph.COMBAT, ph.CALLOFF)
_EFFECT_PHASES = (ph.LEVY, ph.LAUNCH)


class StateReading:
    """``fill_state`` and its remembered parts, mixed into the encoder (which sets the fields below)."""

    players: int
    ncell: int
    ntile: int
    ncard: int
    cell_index: dict[tuple[int, int], int]
    phase_index: dict[str, int]
    layout: Layout

    if TYPE_CHECKING:

        def _flat(self, blocks: dict[str, np.ndarray]) -> dict[str, memoryview[float]]: ...

    def _init_state_reading(self) -> None:
        """The tables and memos of :meth:`fill_state` (called once the layout is made)."""
        cat = load_catalogue()
        # fill_state writes a card type's or tile's index where fill writes its id's: they must agree.
        if any(t.index != i for i, t in enumerate(cat.tiles)) or any(
            c.index != i for i, c in enumerate(cat.cards)
        ):
            raise ValueError("catalogue indices must be positions")
        # The map blocks' index of an engine cell (hexmap.cell(q, r)); a cell beyond the grid: KeyError.
        self.grid_of = {cell(q, r): i for (q, r), i in self.cell_index.items()}
        self.phase_of = tuple(self.phase_index[name] for name in ph.NAMES)
        self.god_ranges = cat.god_ranges
        # Per land mask, the offsets in map_land of its land rows.
        self.land_rows = tuple(tuple(d * self.ncell for d in range(6) if mask >> d & 1) for mask in range(64))
        layout = self.layout
        self.map_memo = PartMemo(layout, ("map_tile", "map_land", "map_temple", "map_owner"))
        # Where the tiles are, besides the map's cells: on the map, under the stack (a blocks' span of ~200).
        self.tiles_memo = PartMemo(layout, ("tiles_on_map", "stack_under"))
        # The cards change together (a card drawn leaves a deck for a hand, a card played goes from a hand
        # to the discards): one part.
        self.cards_memo = PartMemo(
            layout,
            (
                *("players_hand_size", "players_cards_by_god", "players_drawn_by_god", "players_colour"),
                *("deck_cards_left", "discards", "hand_playable", "hand_drawn_this_turn"),
                "known_opponent_cards",
            ),
        )

    def fill_state(self, s: HellasState, seat: int | None, blocks: dict[str, np.ndarray]) -> None:
        """What ``fill`` writes from ``s.view(seat)``, read from the state into the zeroed ``blocks``; the
        state's secrets are read only as the view reads them (see the module's docstring)."""
        out = self._flat(blocks)
        vector = flat_vector(blocks, self.layout.size)
        n = self.players
        first = seat if seat is not None and 0 <= seat < n else 0
        board = s.board
        cells = board.cells
        owned = s.owned
        # The parts remembered by their inputs.
        self.map_memo.write(
            vector, self._fill_map, (first, cells, board.land, board.temples, owned[0], owned[1])
        )
        self.tiles_memo.write(vector, self._fill_tiles, (board.tiles, s.bottom))
        hand, fresh = s.hand, s.fresh
        known = s.known[seat] if seat is not None else ()  # the view's known_opponent_cards
        cards = (seat, hand[0], fresh[0], hand[1], fresh[1], known, s.pile, s.discards)
        self.cards_memo.write(vector, self._fill_cards, cards)

        # The Greeks and ships on the map, and the players' pieces: they change too often to be remembered
        # (in random games, nearly every other observation would miss).
        grid = self.grid_of
        greeks, ships = s.greeks, s.ships
        m_greeks, m_ships = out["map_greeks"], out["map_ships"]
        pieces, record = out["players_pieces"], out["players_record_cities"]
        temples, best = board.temples, s.best_cities
        for p in (0, 1):
            mask = owned[p]
            on_greeks = on_ships = 0  # greeks_on_map and ships_on_map, summed while they are written
            for slot in iter_bits(mask):
                g = grid[cells[slot]]
                if k := greeks[slot]:
                    m_greeks[g] = k
                    on_greeks += k
                if k := ships[slot]:
                    m_ships[g] = k
                    on_ships += k
            r = (p - first) % n
            base = r * 6
            cities = mask.bit_count()
            pieces[base] = cities
            pieces[base + 1] = (mask & temples).bit_count()
            pieces[base + 2] = on_greeks
            pieces[base + 3] = s.gsup[p]
            pieces[base + 4] = on_ships
            pieces[base + 5] = s.ssup[p]
            record[r] = max(best[p], cities)  # record_cities
        for slot in iter_bits((1 << len(cells)) - 1 & ~(owned[0] | owned[1])):  # nobody's: the dolphin
            if k := greeks[slot]:
                m_greeks[grid[cells[slot]]] = k
            if k := ships[slot]:
                m_ships[grid[cells[slot]]] = k

        # Turn and decision.
        cp = s.cp
        turn = s.turn
        out["turn"][0] = turn
        out["active"][(s.active - first) % n] = 1.0
        if cp == CHANCE:
            out["to_move"][n] = 1.0
        elif cp == TERMINAL:
            out["to_move"][n + 1] = 1.0
        elif cp >= 0:
            out["to_move"][(cp - first) % n] = 1.0
        if seat is not None and cp == seat:
            out["your_turn"][0] = 1.0
        if turn <= 1:
            out["light_plays_no_cards"][0] = 1.0
        out["phase"][self.phase_of[s.phase]] = 1.0
        stall = out["stall"]
        stall[0] = s.stall_limit
        # The view's turns_since_change: the stall clock runs only once no tile left can be laid.
        since = turn - s.last_change
        if turn and since and not s.can_grow():
            stall[1] = since

        # The card being answered.
        chain = s.chain
        if chain:
            p, t = chain[0]
            out["chain_card"][(p - first) % n * self.ncard + t] = 1.0
            out["chain_answers"][0] = len(chain) - 1

        # The tile stack.
        out["stack_tiles"][0] = s.stack_size()
        if seat is not None:
            if s.top:
                bit = (1 << seat) | PUBLIC
                mine = [t for t, seen in zip(s.top, s.top_seen, strict=True) if seen & bit]
                if mine:
                    top_known = out["stack_top_known"]
                    for t in mine:
                        top_known[t] = 1.0
                    if s.top_order == seat:
                        top_order, ntile = out["stack_top_order"], self.ntile
                        for i, t in enumerate(mine):
                            top_order[i * ntile + t] = 1.0
            if s.phase == ph.ORACLE and s.active == seat and s.oracle_done:
                oracle, ntile = out["oracle_order"], self.ntile
                for i, t in enumerate(s.oracle_done):
                    oracle[i * ntile + t] = 1.0
        if s.drawn:
            drawn_tiles = out["drawn_tiles"]
            for t in s.drawn:
                drawn_tiles[t] = 1.0

        # The current action (while a card is being answered, the action it was played in).
        phase = s.chain_then if s.phase == ph.RESPOND else s.phase
        if phase in _BURST_PHASES and s.burst_left:
            out["burst_actions_left"][0] = s.burst_left
        if s.da_stage:
            out["double_action"][0 if s.da_stage == 1 else 1] = 1.0
        site = s.v_site if s.phase in _SITE_PHASES else None
        if phase in VOYAGE_PHASES:
            if s.v_tile >= 0:
                out["voyage_tile"][s.v_tile] = 1.0
            if s.v_winds:
                out["voyage_cards"][0] = 1.0
            if s.v_free:
                out["voyage_cards"][1] = 1.0
            if phase == ph.STORM:
                site = s.v_site
                out["voyage_rotation"][s.v_rot] = 1.0
            if phase in _NEW_CITY_PHASES:
                out["map_new_city"][self._slot_cell(cells, s.target)] = 1.0
        if site is not None:
            out["map_site"][grid[site]] = 1.0
        if phase in ATTACK_PHASES:
            self._fill_attack(s, phase, cells, out)
        if phase == ph.REGROUP and s.rg_dest >= 0:
            out["map_regroup_into"][self._slot_cell(cells, s.rg_dest)] = 1.0
        if phase in _EFFECT_PHASES and s.effect_left:
            out["placements_left"][0] = s.effect_left
        if phase == ph.RETREAT and s.retreat_left:
            out["retreating_greeks"][0] = s.retreat_left
        if cp == TERMINAL:
            out["game_over"][0] = 1.0
            places = out["places"]
            for p, place in enumerate(s.ranking()):
                places[(p - first) % n] = place

    def _slot_cell(self, cells: tuple[int, ...], slot: int) -> int:
        """The map blocks' index of a city's cell (``KeyError`` for no city, as the view's slot table)."""
        if not 0 <= slot < len(cells):
            raise KeyError(slot)
        return self.grid_of[cells[slot]]

    def _fill_attack(
        self, s: HellasState, phase: int, cells: tuple[int, ...], out: dict[str, memoryview[float]]
    ) -> None:
        """The declared attack, as the view's ``attack`` (its phases only)."""
        at = self._slot_cell
        out["map_attack_target"][at(cells, s.target)] = 1.0
        sources, committed = out["map_attack_sources"], out["map_attack_greeks"]
        commits = s.commits
        for i, city in enumerate(s.sources):
            c = at(cells, city)
            sources[c] = 1.0
            if i < len(commits) and commits[i]:
                committed[c] = commits[i]
        if s.fm_city >= 0:
            out["map_forced_march"][at(cells, s.fm_city)] = 1.0
        if phase not in _DECLARING:
            out["attack_kind"][1 if s.is_sea_attack() else 0] = 1.0
        played = out["attack_cards"]
        played[0] = s.fury
        played[1] = s.firm
        if s.beach:
            played[2] = 1.0
        if s.rocky:
            played[3] = 1.0
        if phase in _STRENGTH_PHASES:
            strength = out["attack_strength"]
            strength[0], strength[1] = s.strengths()

    # ------------------------------------------------------------------ parts remembered by their inputs

    def _fill_map(
        self,
        blocks: dict[str, np.ndarray],
        first: int,
        cells: tuple[int, ...],
        land: tuple[int, ...],
        temples: int,
        owned0: int,
        owned1: int,
    ) -> None:
        """Where tiles lie, their land by direction and their temples, and the cities' owners seen from seat
        ``first``: a :class:`PartMemo` part."""
        out = self._flat(blocks)  # the memo's scratch blocks: flat writes cost half
        grid = self.grid_of
        m_tile, m_land, m_temple = out["map_tile"], out["map_land"], out["map_temple"]
        m_owner = out["map_owner"]
        land_rows = self.land_rows
        row0 = (0 - first) % self.players * self.ncell
        row1 = (1 - first) % self.players * self.ncell
        for slot, (c, mask) in enumerate(zip(cells, land, strict=True)):
            g = grid[c]
            m_tile[g] = 1.0
            for offset in land_rows[mask]:
                m_land[offset + g] = 1.0
            if temples >> slot & 1:
                m_temple[g] = 1.0
            if owned0 >> slot & 1:
                m_owner[row0 + g] = 1.0
            elif owned1 >> slot & 1:
                m_owner[row1 + g] = 1.0

    def _fill_tiles(
        self, blocks: dict[str, np.ndarray], tiles: tuple[int, ...], bottom: tuple[int, ...]
    ) -> None:
        """The tiles on the map (by slot; the dolphin is none) and those put under the stack, by place: a
        :class:`PartMemo` part."""
        out = self._flat(blocks)
        on_map, under = out["tiles_on_map"], out["stack_under"]
        for t in tiles:
            if t >= 0:
                on_map[t] = 1.0
        for place, t in enumerate(bottom, 1):
            under[t] = place

    def _fill_cards(
        self,
        blocks: dict[str, np.ndarray],
        seat: int | None,
        hand0: tuple[int, ...],
        fresh0: tuple[int, ...],
        hand1: tuple[int, ...],
        fresh1: tuple[int, ...],
        known: tuple[int, ...],
        pile: tuple[int, ...],
        discards: tuple[int, ...],
    ) -> None:
        """The cards as ``seat`` sees them (None: a spectator): each player's cards by god and in all, of
        them drawn this turn by god, and colour; the seat's own cards by type (playable, drawn this turn)
        and the other's it knows of (``known``, the seat's); cards left in each god's deck and the
        discards by type. A :class:`PartMemo` part: of a hand it is given by type it writes only the sums,
        but for the seat's own."""
        out = self._flat(blocks)  # the memo's scratch blocks: flat writes cost half
        n = self.players
        first = seat if seat is not None and 0 <= seat < n else 0
        size, by_god = out["players_hand_size"], out["players_cards_by_god"]
        drawn_by_god, colour = out["players_drawn_by_god"], out["players_colour"]
        ranges = self.god_ranges
        ngod, ncolour = len(ranges), len(COLOURS)
        for p, (hand, fresh) in enumerate(((hand0, fresh0), (hand1, fresh1))):
            r = (p - first) % n
            size[r] = sum(hand) + sum(fresh)
            for g, span in enumerate(ranges, r * ngod):
                drawn = sum(fresh[span.start : span.stop])
                by_god[g] = sum(hand[span.start : span.stop]) + drawn
                drawn_by_god[g] = drawn
            colour[r * ncolour + p] = 1.0  # COLOURS is by seat
            if p == seat:  # counts by card type: one numpy assignment each
                blocks["hand_playable"][:] = hand
                blocks["hand_drawn_this_turn"][:] = fresh
        if seat is not None:
            blocks["known_opponent_cards"][:] = known
        left = out["deck_cards_left"]
        for g, span in enumerate(ranges):
            left[g] = sum(pile[span.start : span.stop])
        blocks["discards"][:] = discards
