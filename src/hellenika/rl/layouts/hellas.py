"""Hellas (Dorra): a seat's view as a laid-out vector (see :mod:`hellenika.rl.layout`).

Hellas hides nothing (marble is public on Yucata and the draw stack holds no order), so every seat's vector
differs only in its rotation: rows per player start with the observing seat. The board planes run over the
board side's **building spaces** (the only spaces a piece can stand on), in the order of
``data/boards.toml`` (row by row); quarries and temples are indexed in the board's order too (quarries row by
row, temples by their number of slots), and the action track in the order of ``data/components.toml``.
Which side is played is fixed by the player count, so every index table is built once in
:func:`make_encoder` from the game's data.

Tile numbers are encoded raw (a quarry's top tile, the drawn tile) since the rules compare them (a drawn tile
goes on a lower top); the tiles still in the stack are a 0/1 mask over every tile number. Groups (spec §5) are
given per cell and per temple, so that a network need not find villages and cities by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hellas.board import board_for
from hellenika.games.hellas.cities import is_city, is_village
from hellenika.games.hellas.components import (
    HOUSE,
    KINDS,
    PALACE,
    PIECE_CODE,
    SQUARE,
    STATUE,
    load_components,
)
from hellenika.games.hellas.phases import NAMES, OVER
from hellenika.games.hellas.scoring import CATEGORIES
from hellenika.games.hellas.view import set_bits
from hellenika.rl.layout import Block, Layout, PartMemo, flat_vector, mark_to_move, to_move_block

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState

NOT_ENCODED: dict[str, str] = {
    "game": "identifier",
    "board": "the board side, fixed by the player count",
    "board_title": "the board side's name, fixed by the player count",
    "board_rows": "board geometry, static: the planes run over its building spaces",
    "costs": "piece prices, static component data",
    "rounds": "number of rounds, static: the `round` one-hot has one entry per round",
    "your_turn": "redundant with the observing seat's row of `to_move`",
    "game_over": "redundant with the last entry of `phase`",
}

MAY_STAY_ZERO: dict[str, str] = {
    "statues": "a statue costs 7 marble, which random players seldom hold when they choose it (none is built "
    "in the seed-3 games of every player count; most other seeds build one or two)",
    "group_statues": "zero while no statue stands (see `statues`)",
}

#: Group kinds as the view names them (a group with houses and no palace is a village, with both a city).
GROUP_KINDS = ("none", "village", "city")
#: Quarry states as the view names them.
QUARRY_STATES = ("empty", "active", "closed")
#: Pieces a player owns (statues are neutral and have a plane of their own).
OWN_PIECES = ("house", "square", "palace")


class HellasEncoder:
    """The layout of one player count, with the index tables that map view ids to positions."""

    def __init__(self, players: int) -> None:
        comps = load_components()
        board = board_for(players)
        self.players = n = players
        cells = board.cells
        self.cell = {cells[c].id: i for i, c in enumerate(board.building_cells)}
        self.quarry = {cells[c].id: q for q, c in enumerate(board.quarries)}
        self.temple = {t.id: t.index for t in board.temples}
        self.space = {s.id: s.index for s in comps.track}
        self.phase = {name: i for i, name in enumerate(NAMES)}
        self.piece = {name: PIECE_CODE[name] for name in OWN_PIECES}
        self.kind = {name: i for i, name in enumerate(GROUP_KINDS)}
        self.qstate = {name: i for i, name in enumerate(QUARRY_STATES)}
        self.tile = {v: i for i, v in enumerate(comps.tiles)}
        self.category = {name: i for i, name in enumerate(CATEGORIES)}
        self.rounds = comps.rounds
        self.tile_yield = comps.tile_yield
        # The same positions by the state's own indices, for :meth:`fill_state`.
        self.building_at = {c: i for i, c in enumerate(board.building_cells)}  # board cell -> plane column
        self.temple_cells = tuple((t.cell, t.index) for t in board.temples)
        self.mine = tuple(KINDS[space.kind] == "mine" for space in comps.track)
        self.track_index = tuple(space.index for space in comps.track)
        # Per observing seat: every seat's row (the observer first, then the seats after it in turn order).
        self.rows = [{p: (p - first) % n for p in range(n)} for first in range(n)]
        b, q, t, s, tiles = (
            len(self.cell),
            len(board.quarries),
            len(board.temples),
            len(comps.track),
            len(comps.tiles),
        )
        self.layout = Layout(
            [
                Block(
                    "phase", (len(NAMES),), "phase of play, one-hot (chance steps included; last: game over)"
                ),
                to_move_block(n),
                Block("round", (self.rounds,), "round being played, one-hot"),
                Block(
                    "round_progress",
                    (3,),
                    "turns taken this round, turns in the round, action markers per player this round",
                ),
                Block(
                    "roles",
                    (3, n),
                    "seat-relative one-hots: start player, next round's start player (first temple chooser), "
                    "player whose turn it is",
                ),
                Block(
                    "resources",
                    (n, 6),
                    "per player (seat-relative): marble, rings, houses left, squares left, palaces left, "
                    "action markers left this round",
                ),
                Block("score", (n,), "per player (seat-relative): score now (live; final after round 3)"),
                Block(
                    "score_parts",
                    (n, len(CATEGORIES)),
                    "per player: " + ", ".join(CATEGORIES) + " (the last two only after the game)",
                ),
                Block(
                    "places",
                    (n, n),
                    "per player: final place one-hot (1st first; ties share), after the game",
                ),
                Block(
                    "pieces",
                    (n, len(OWN_PIECES), b),
                    "per player: 1 on each building space holding their house / square / palace",
                ),
                Block("statues", (b,), "1 on each building space holding a statue"),
                Block(
                    "group_kind",
                    (n, len(GROUP_KINDS), b),
                    "per player: 1 on each of their pieces, in the plane of its group's kind "
                    "(no house: none / village / city)",
                ),
                Block("group_size", (n, b), "per player: on each of their pieces, the size of its group"),
                Block(
                    "group_temples",
                    (n, len(GROUP_KINDS), t),
                    "per player and group kind (none / village / city): how many of their groups touch each "
                    "temple",
                ),
                Block(
                    "group_statues",
                    (n, len(GROUP_KINDS)),
                    "per player and group kind (none / village / city): statues touched, summed over groups",
                ),
                Block("temple_pillars", (t,), "pillars in each temple"),
                Block(
                    "quarry_state", (q, len(QUARRY_STATES)), "each quarry: empty / active / closed, one-hot"
                ),
                Block("quarry_top", (q,), "each active quarry: its top tile's number (0 otherwise)"),
                Block("quarry_yield", (q,), "each active quarry: marble a touching house earns when mining"),
                Block("quarry_tiles", (q,), "each quarry: tiles in its pile (closed quarries too)"),
                Block("quarry_worker", (q,), "1 on the quarry where the quarry worker stands"),
                Block("tile_stack", (tiles,), "1 for each tile number still in the draw stack"),
                Block(
                    "supply",
                    (4,),
                    "general supply: statues, pillars and rings left; tiles left in the draw stack",
                ),
                Block(
                    "track_markers",
                    (s, n),
                    "each action space: one-hot of the player (seat-relative) whose marker is on it",
                ),
                Block("action_space", (s,), "action space being resolved, one-hot (none between turns)"),
                Block("action_chooser", (n,), "player (seat-relative) who chose the action being resolved"),
                Block(
                    "action_progress",
                    (5,),
                    "action being resolved: house built, square built (house-and/or-square), pillars still "
                    "due, tiles placed (mining), number of the drawn tile waiting for a quarry (0: none)",
                ),
                Block(
                    "action_pillars_from",
                    (t,),
                    "once a temple action placed a pillar: one-hot of the first temple the rest may go to",
                ),
            ]
        )
        # Parts of the state-read encoding that change seldom, remembered by their inputs (fill_state).
        self.board_memo = PartMemo(
            self.layout, ("pieces", "group_kind", "group_size", "group_temples", "group_statues"), rows=True
        )
        self.stack_memo = PartMemo(self.layout, ("tile_stack",))
        self.quarry_memo = PartMemo(
            self.layout, ("quarry_state", "quarry_top", "quarry_yield", "quarry_tiles", "quarry_worker")
        )

    def fill(self, view: Mapping[str, Any], blocks: dict[str, np.ndarray]) -> None:
        n = self.players
        seat = view.get("seat")
        first = seat if isinstance(seat, int) and 0 <= seat < n else 0

        row = self.rows[first].get  # seat -> its seat-relative row; row(x, -1) is -1 for None or "chance"

        i = self.phase.get(view["phase"], -1)
        if i >= 0:
            blocks["phase"][i] = 1.0
        mark_to_move(blocks["to_move"], view["to_move"], lambda p: row(p, -1))
        rnd = view["round"]
        if 1 <= rnd <= self.rounds:
            blocks["round"][rnd - 1] = 1.0
        progress = blocks["round_progress"]
        progress[0] = view["turn"]
        progress[1] = view["turns_in_round"]
        progress[2] = view["markers_each"]
        roles = blocks["roles"]
        for k, key in enumerate(("start_player", "next_start_player", "active")):
            if (r := row(view[key], -1)) >= 0:
                roles[k, r] = 1.0

        resources = blocks["resources"]
        score = blocks["score"]
        parts = blocks["score_parts"]
        markers_left = view["markers_left"]
        category = self.category
        cell = self.cell
        temple = self.temple
        kinds = self.kind
        group_kind = blocks["group_kind"]
        group_size = blocks["group_size"]
        group_temples = blocks["group_temples"]
        group_statues = blocks["group_statues"]
        for p, player in enumerate(view["players"]):
            r = row(p, -1)
            res = resources[r]
            res[0] = player["marble"]
            res[1] = player["rings"]
            res[2] = player["houses_left"]
            res[3] = player["squares_left"]
            res[4] = player["palaces_left"]
            res[5] = markers_left[p]
            score[r] = player["score"]
            part = parts[r]
            for name, value in player["breakdown"].items():
                part[category[name]] = value
            kind_r, size_r, temples_r, statues_r = (
                group_kind[r],
                group_size[r],
                group_temples[r],
                group_statues[r],
            )
            for group in player["groups"]:
                k = kinds[group["kind"]]
                size = group["size"]
                plane = kind_r[k]
                for space in group["spaces"]:
                    c = cell[space]
                    plane[c] = 1.0
                    size_r[c] = size
                for t in group["temples"]:
                    temples_r[k, temple[t]] += 1.0
                statues_r[k] += len(group["statues"])
        places = view["places"]
        if places is not None:
            block = blocks["places"]
            for p, place in enumerate(places):
                if 1 <= place <= n:
                    block[row(p, -1), place - 1] = 1.0

        own = blocks["pieces"]
        statues = blocks["statues"]
        piece = self.piece
        for item in view["pieces"]:
            c = cell[item["space"]]
            owner = item["owner"]
            if owner is None:
                statues[c] = 1.0
            else:
                own[row(owner, -1), piece[item["piece"]], c] = 1.0

        pillars = blocks["temple_pillars"]
        for t in view["temples"]:
            pillars[temple[t["id"]]] = t["pillars"]

        qstate, qtop, qyield, qtiles, qworker = (
            blocks["quarry_state"],
            blocks["quarry_top"],
            blocks["quarry_yield"],
            blocks["quarry_tiles"],
            blocks["quarry_worker"],
        )
        states = self.qstate
        quarry = self.quarry
        for item in view["quarries"]:
            q = quarry[item["id"]]
            qstate[q, states[item["state"]]] = 1.0
            top = item["top"]
            if top is not None:
                qtop[q] = top
                qyield[q] = item["yield"]
            qtiles[q] = item["tiles"]
            if item["worker"]:
                qworker[q] = 1.0

        stack = view["tile_stack"]
        mask = blocks["tile_stack"]
        tile = self.tile
        for v in stack["tiles"]:
            mask[tile[v]] = 1.0
        supply = view["supply"]
        sup = blocks["supply"]
        sup[0] = supply["statues"]
        sup[1] = supply["pillars"]
        sup[2] = supply["rings"]
        sup[3] = stack["count"]

        markers = blocks["track_markers"]
        space = self.space
        for item in view["track"]:
            if (r := row(item["marker"], -1)) >= 0:
                markers[space[item["id"]], r] = 1.0

        current = view["current_action"]
        if current is not None:
            blocks["action_space"][space[current["space"]]] = 1.0
            if (r := row(current["chosen_by"], -1)) >= 0:
                blocks["action_chooser"][r] = 1.0
            act = blocks["action_progress"]
            built = current["built"]
            act[0] = "house" in built
            act[1] = "square" in built
            act[2] = current["pillars_due"] or 0
            act[3] = current["tiles_placed"] or 0
            act[4] = current["drawn_tile"] or 0
            if current["pillars_from"] is not None:
                blocks["action_pillars_from"][temple[current["pillars_from"]]] = 1.0

    def fill_state(self, s: HellasState, seat: int | None, blocks: dict[str, np.ndarray]) -> None:
        """What :meth:`fill` writes from ``s.view(seat)``, read straight from the state into the zeroed
        ``blocks`` (the view's groups, pieces and quarries are most of an observation's cost). Hellas
        shows everything on the table and its state keeps no secret (the tile order is not in it), so
        nothing here can be hidden from ``seat``; a test checks that both ways give the same vector in every
        configuration, and the view stays the definition."""
        n = self.players
        first = seat if seat is not None and 0 <= seat < n else 0
        row = self.rows[first].get
        cp = s.current_player()
        blocks["phase"][self.phase[NAMES[s.phase]]] = 1.0
        to_move = blocks["to_move"]
        if cp == CHANCE:
            to_move[n] = 1.0
        elif cp == TERMINAL:
            to_move[n + 1] = 1.0
        elif (r := row(cp, -1)) >= 0:
            to_move[r] = 1.0
        if 1 <= s.round <= self.rounds:
            blocks["round"][s.round - 1] = 1.0
        progress = blocks["round_progress"]
        progress[0] = s.turn
        progress[1] = s.n * s.markers
        progress[2] = s.markers
        roles = blocks["roles"]
        for k, p in enumerate((s.start, s.next_start, s.active)):
            if (r := row(p, -1)) >= 0:
                roles[k, r] = 1.0

        resources = blocks["resources"]
        parts = blocks["score_parts"]
        score = blocks["score"]
        category = self.category
        statues = s.statues
        breakdown = s.score_breakdown()
        vector = flat_vector(blocks, self.layout.size)
        board = self.board_memo.write
        for p in range(s.n):
            r = row(p, -1)
            res = resources[r]
            res[0] = s.marble[p]
            res[1] = s.rings[p]
            res[2] = s.pieces_left(p, HOUSE)
            res[3] = s.pieces_left(p, SQUARE)
            res[4] = s.pieces_left(p, PALACE)
            res[5] = s.markers_left(p)
            part = parts[r]
            total: float = 0
            for name, value in breakdown[p].items():
                part[category[name]] = value
                total += value
            score[r] = total  # the state's score is the sum of its breakdown, during play and after
            pieces = (s.groups[p], s.houses[p], s.squares[p], s.palaces[p], statues)
            board(vector, self._fill_board, pieces, r)
        if s.phase == OVER:
            block = blocks["places"]
            for p, place in enumerate(s.ranking()):
                if 1 <= place <= n:
                    block[row(p, -1), place - 1] = 1.0
        statue_plane = blocks["statues"]
        building_at = self.building_at
        for c in set_bits(statues):
            statue_plane[building_at[c]] = 1.0

        pillars = blocks["temple_pillars"]
        for (_, t), count in zip(self.temple_cells, s.pillars, strict=True):
            pillars[t] = count
        self.quarry_memo.write(vector, self._fill_quarries, (s.piles, s.closed, s.worker))
        self.stack_memo.write(vector, self._fill_stack, (s.stack,))
        sup = blocks["supply"]
        sup[0] = s.pieces_left(0, STATUE)
        sup[1] = s.pillar_supply()
        sup[2] = s.ring_supply
        sup[3] = len(s.stack)

        markers = blocks["track_markers"]  # changes at most turns: a memo of it would miss more than hit
        for space, marker in zip(self.track_index, s.track, strict=True):
            if (r := row(marker, -1)) >= 0:
                markers[space, r] = 1.0
        if s.space >= 0:
            blocks["action_space"][self.track_index[s.space]] = 1.0
            if (r := row(s.active, -1)) >= 0:
                blocks["action_chooser"][r] = 1.0
            act = blocks["action_progress"]
            act[0] = s.built >> HOUSE & 1
            act[1] = s.built >> SQUARE & 1
            act[2] = (s.pillars_due if s.comps.track[s.space].is_temple else None) or 0
            act[3] = (s.tiles_placed if self.mine[s.space] else None) or 0
            act[4] = s.pending_tile or 0
            first_temple = s.pillars_from()
            if first_temple is not None:
                blocks["action_pillars_from"][self.temple_cells[first_temple][1]] = 1.0

    def _fill_board(
        self,
        blocks: dict[str, np.ndarray],
        r: int,
        groups: tuple[tuple[int, int], ...],
        houses: int,
        squares: int,
        palaces: int,
        statues: int,
    ) -> None:
        """One player's pieces and groups (spec §5), in row ``r``: a :class:`PartMemo` part, so it reads
        nothing but its arguments and the board's tables."""
        building_at = self.building_at
        temple_cells = self.temple_cells
        kind_r, size_r = blocks["group_kind"][r], blocks["group_size"][r]
        temples_r, statues_r = blocks["group_temples"][r], blocks["group_statues"][r]
        for members, reach in groups:
            k = 2 if is_city(members, houses, palaces) else 1 if is_village(members, houses, palaces) else 0
            size = members.bit_count()
            plane = kind_r[k]
            for c in set_bits(members):
                b = building_at[c]
                plane[b] = 1.0
                size_r[b] = size
            for cell, t in temple_cells:
                if reach >> cell & 1:
                    temples_r[k, t] += 1.0
            statues_r[k] += (reach & statues).bit_count()
        own_r = blocks["pieces"][r]
        for mask, piece in ((houses, HOUSE), (squares, SQUARE), (palaces, PALACE)):
            plane = own_r[piece]
            for c in set_bits(mask & ~statues):
                plane[building_at[c]] = 1.0

    def _fill_stack(self, blocks: dict[str, np.ndarray], stack: tuple[int, ...]) -> None:
        """The tile numbers still in the draw stack: a :class:`PartMemo` part."""
        in_stack = blocks["tile_stack"]
        tile = self.tile
        for v in stack:
            in_stack[tile[v]] = 1.0

    def _fill_quarries(
        self, blocks: dict[str, np.ndarray], piles: tuple[tuple[int, ...], ...], closed: int, worker: int
    ) -> None:
        """Every quarry's state, top tile, yield and pile size, and the worker's quarry: a :class:`PartMemo`
        part (what ``quarry_state``, ``is_active_quarry`` and ``top`` read, passed in)."""
        qstate, qtop, qyield, qtiles = (
            blocks["quarry_state"],
            blocks["quarry_top"],
            blocks["quarry_yield"],
            blocks["quarry_tiles"],
        )
        states = self.qstate
        tile_yield = self.tile_yield
        for q, pile in enumerate(piles):
            if closed >> q & 1:
                qstate[q, states["closed"]] = 1.0
            elif pile:
                qstate[q, states["active"]] = 1.0
                top = pile[-1]
                qtop[q] = top
                qyield[q] = tile_yield[top]
            else:
                qstate[q, states["empty"]] = 1.0
            qtiles[q] = len(pile)
        if 0 <= worker < len(piles):
            blocks["quarry_worker"][worker] = 1.0


def make_encoder(players: int, options: dict[str, Any]) -> HellasEncoder:
    """Hellas has no options; the board side (and so every plane's width) follows the player count."""
    return HellasEncoder(players)
