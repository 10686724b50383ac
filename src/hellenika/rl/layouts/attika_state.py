"""Attika's observation read straight from the state: :meth:`AttikaStateReading.fill_state`, a mixin of
:class:`~hellenika.rl.layouts.attika.AttikaEncoder`.

It writes exactly what the encoder's ``fill`` writes from ``state.view(seat)`` (building that view is most of
an observation's cost), with the board's slots as :mod:`hellenika.rl.layouts.attika` lays them out: board hex
``c`` is slot ``S + c`` (S: the shrines), since a board numbers its hexes in laying order, seven per tile in
the footprint's order (centre, E, NE, NW, W, SW, SE), as the slots run.

**What a seat may not see.** Attika's state holds every player's hand and, while a player looks at the
building just drawn, which building that is; it holds no order of a stack or of the card supply (a draw is a
chance node over counts), so no order can leak. The hidden parts are read as
:func:`hellenika.games.attika.view.build_view` reads them, under the same conditions: of another player's hand
only its size (the sum of its counts), the observer's own cards only when ``seat`` is that player, and the
building in hand only where :func:`sees_pending` says the view shows it (where it does not, that player's
unseen buildings count it, as the view's ``in_stacks`` do). The view stays the definition of an observation:
a test compares both ways at every step of seeded random games in every configuration, for every seat and the
spectator, and another that resampling what a seat cannot see leaves its vector unchanged.

**Parts remembered by their inputs** (:mod:`hellenika.rl.layout`): the board's hexes through a
:class:`PartMemo` (by its shrines and tiles, which change when a tile is laid); through an :class:`ArrayMemo`,
whose misses cost less, the parts that change at every placement or draw: the buildings on the board, whose
stand where (by each player's hexes, observer first) and which (by each player's hexes of each type, whoever
observes), and each player's row of stacks, storage board and unseen buildings (one entry serving every
observing seat).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

import numpy as np

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.attika.phases import DRAWN, PAY, TILE_ROTATE
from hellenika.rl.layout import ArrayMemo, Layout, PartMemo, flat_vector

if TYPE_CHECKING:
    from hellenika.games.attika.hexes import Hex
    from hellenika.games.attika.state import AttikaState
    from hellenika.rl.layouts.attika import _BoardPart


def sees_pending(s: AttikaState, seat: int | None) -> bool:
    """Does ``seat`` see which building is in hand (``s.pending``)? Not while another player looks at the
    building just drawn (the condition under which :func:`~hellenika.games.attika.view.build_view` leaves
    it out of the view)."""
    return not (s.phase == DRAWN and seat != s.actor)


#: The blocks of a player's row that :meth:`AttikaStateReading._player_row` fills, in its order.
_PLAYER_ROWS = ("player_stacks", "player_storage", "player_in_stacks")


class AttikaStateReading:
    """``fill_state`` for :class:`~hellenika.rl.layouts.attika.AttikaEncoder` (which sets the attributes
    below and calls :meth:`_init_state_reading` once its layout is made)."""

    players: int
    layout: Layout
    rel: list[list[int]]
    win_reason: dict[str, int]
    option_column: dict[str, dict[Any, int]]

    if TYPE_CHECKING:

        def _new_board_part(
            self, shrines: tuple[Hex, ...], tiles: tuple[tuple[int, int, int, int], ...], *, slots: bool
        ) -> _BoardPart: ...

    def _init_state_reading(self, printed: np.ndarray) -> None:
        """The memos of the parts remembered by their inputs, and the positions of the players' rows;
        ``printed``: each board tile's symbols at rotation 0, one-hot (the ``tile_to_lay_symbols`` of the
        tile)."""
        layout = self.layout
        self.printed = printed
        self.board_memo = PartMemo(layout, ("board_hex", "board_shrine", "board_symbol", "board_tiles"))
        self.owner_memo = ArrayMemo()
        self.building_memo = ArrayMemo()
        self.player_memo = ArrayMemo()
        self.owner_at = layout.offsets["board_owner"]
        self.building_at = layout.offsets["board_building"]
        # Per seat-relative row: the positions of its stacks, storage board and unseen buildings, end to end.
        widths = {b.name: b.size // self.players for b in layout.blocks}
        self.player_at = [
            np.concatenate(
                [np.arange(widths[name]) + layout.offsets[name] + r * widths[name] for name in _PLAYER_ROWS]
            )
            for r in range(self.players)
        ]

    def fill_state(self, s: AttikaState, seat: int | None, blocks: dict[str, np.ndarray]) -> None:
        """What ``fill`` writes from ``s.view(seat)``, read from ``s`` into the zeroed ``blocks``.

        It cannot show ``seat`` more than its view, for it reads the hidden parts as the view does: of the
        hands every size but only ``seat``'s own cards, the building in hand only if :func:`sees_pending`
        (else counted among the drawer's unseen buildings, as in the view); and the state keeps no order of
        a stack or of the card supply that could be read.
        """
        n = self.players
        first = seat if seat is not None and 0 <= seat < n else 0
        rel = self.rel[first]
        vector = flat_vector(blocks, self.layout.size)

        # The board: its hexes (by its shrines and tiles), whose buildings stand on them (the observer's
        # first) and which (whoever observes).
        board = s.board
        self.board_memo.write(vector, self._fill_board, (board.shrines, board.tiles))
        base = len(board.shrines)  # slot of board hex c: base + c
        own = s.own
        at, ones = self.owner_memo.get(self._owner_ones, (base, *own[first:], *own[:first]))
        vector[at] = ones
        at, ones = self.building_memo.get(self._building_ones, (base, s.types, *s.tmask))
        vector[at] = ones

        # Turn and phase (the view's names index the same tables as the state's numbers).
        phase = s.phase
        blocks["phase"][phase] = 1.0
        cp = s.current_player()
        if cp == CHANCE:
            blocks["to_move"][n] = 1.0
        elif cp == TERMINAL:
            blocks["to_move"][n + 1] = 1.0
        elif cp >= 0:
            blocks["to_move"][rel[cp]] = 1.0
        actor = s.actor
        blocks["active"][rel[actor]] = 1.0
        blocks["start_player"][rel[s.first]] = 1.0
        blocks["turn"][0] = s.turn + 1
        blocks["mode"][s.mode] = 1.0
        actions = blocks["actions"]
        actions[0] = s.used
        actions[1] = s.extra

        # Supplies: counts only (the supply of cards and the tile stack keep no order).
        supply = blocks["supply"]
        deck = s.deck
        supply[0] = deck[0] + deck[1] + deck[2] + deck[3]
        supply[1] = s.supply
        supply[2] = len(s.tiles_left)
        discard = blocks["discard"]
        w, m, f, h = s.discard
        discard[0], discard[1], discard[2], discard[3] = w, m, f, h

        # The board tile being laid, its printed symbols, and the centre chosen for it.
        tile = s.tile
        if tile >= 0:
            blocks["tile_to_lay"][tile] = 1.0
            blocks["tile_to_lay_symbols"][:] = self.printed[tile]
        if phase == TILE_ROTATE:
            q, r = s.tile_centre
            centre = blocks["tile_centre"]
            centre[0], centre[1], centre[2] = 1.0, q, r

        # The building in hand and its payment.
        drawn = -1  # the building the drawer's unseen ones count back in, for an observer not seeing it
        pending = s.pending
        if pending >= 0:
            blocks["pending_player"][rel[actor]] = 1.0
            if s.drawn_stack >= 0:
                blocks["pending_stack"][s.drawn_stack] = 1.0
            if sees_pending(s, seat):
                blocks["pending_building"][pending] = 1.0
            else:
                drawn = pending
            if phase == PAY:
                blocks["pay_space"][base + s.pay_cell] = 1.0
                owed = blocks["pay_owed"]
                w, m, f, h = s.pay_c
                owed[0], owed[1], owed[2], owed[3], owed[4] = w, m, f, h, s.pay_g
                paid = blocks["pay_paid"]
                w, m, f, h = s.paid
                paid[0], paid[1], paid[2], paid[3] = w, m, f, h

        # Every player's public resources (of a hand, its size); then the observer's own hand.
        counts = blocks["player_counts"]
        hands = s.hands
        player_row = self.player_memo.get
        player_at = self.player_at
        for p in range(n):
            r = rel[p]
            row = counts[r]
            w, m, f, h = hands[p]
            row[0] = w + m + f + h
            row[1] = s.amph[p]
            row[2] = s.placed[p]
            row[3] = len(s.comps[p])
            key = (s.stacks[p], s.storage[p], s.unseen[p], drawn if p == actor else -1)
            vector[player_at[r]] = player_row(self._player_row, key)
        if seat is not None and 0 <= seat < n:
            hand = blocks["hand"]
            w, m, f, h = hands[seat]
            hand[0], hand[1], hand[2], hand[3] = w, m, f, h

        # The end, and the options.
        if s.winner >= 0:
            blocks["winner"][rel[s.winner]] = 1.0
        if s.win_reason:
            blocks["win_reason"][self.win_reason[s.win_reason]] = 1.0
        opts = blocks["options"]
        for name, value in s.options.items():
            col = self.option_column.get(name, {}).get(value)
            if col is not None:
                opts[col] = 1.0

    # ------------------------------------------------------------------ parts remembered by their inputs

    def _fill_board(
        self,
        blocks: dict[str, np.ndarray],
        shrines: tuple[tuple[int, int], ...],
        tiles: tuple[tuple[int, int, int, int], ...],
    ) -> None:
        """``board_hex``, ``board_shrine``, ``board_symbol`` and ``board_tiles`` of the board with these
        shrines and tiles (tile index, centre q, r, rotation, in laying order): the rows of the view's board
        (``_new_board_part``)."""
        part = self._new_board_part(shrines, tiles, slots=False)
        blocks["board_hex"][:] = part.cells
        blocks["board_shrine"][:] = part.shrine
        blocks["board_symbol"][:] = part.symbol
        blocks["board_tiles"][:] = part.laid

    def _owner_ones(self, base: int, *own: int) -> tuple[np.ndarray, np.ndarray]:
        """The ones of ``board_owner`` (positions in the vector, and as many ones): ``own[r]`` holds the
        board hexes with a building of the player of row ``r`` (observer first); board hex ``c`` is slot
        ``base + c``."""
        n = len(own)
        out: list[int] = []
        for r, hexes in enumerate(own):
            first = self.owner_at + base * n + r  # slot base, row r
            mask = hexes
            while mask:  # iter_bits, inline
                low = mask & -mask
                out.append(first + (low.bit_length() - 1) * n)
                mask ^= low
        return _ones(out)

    def _building_ones(self, base: int, types: int, *tmask: int) -> tuple[np.ndarray, np.ndarray]:
        """The ones of ``board_building``: ``tmask[p * types + b]`` holds the board hexes with player ``p``'s
        buildings of type ``b`` (most masks are empty or hold one hex); board hex ``c`` is slot
        ``base + c``."""
        out: list[int] = []
        start = self.building_at + base * types  # slot base, type 0
        for i in compress(range(len(tmask)), tmask):
            first = start + i % types
            mask = tmask[i]
            while mask:
                low = mask & -mask
                out.append(first + (low.bit_length() - 1) * types)
                mask ^= low
        return _ones(out)

    @staticmethod
    def _player_row(
        stacks: tuple[int, ...], storage: tuple[int, ...], unseen: tuple[int, ...], drawn: int
    ) -> np.ndarray:
        """One player's row of ``player_stacks``, ``player_storage`` and ``player_in_stacks``, end to end (at
        ``player_at``); ``drawn``, if not -1, is the building type that player is looking at, counted among
        the unseen for an observer who may not see it (as the view counts it)."""
        values = np.array(stacks + storage + unseen, dtype=np.float32)
        if drawn >= 0:
            values[len(stacks) + len(storage) + drawn] += 1.0
        return values


def _ones(at: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Positions and as many ones (numpy assigns an array of ones faster than it converts a Python 1.0)."""
    return np.array(at, dtype=np.intp), np.ones(len(at), dtype=np.float32)
