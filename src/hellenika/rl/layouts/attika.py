"""Attika's laid-out observation: a seat's view (games/attika/view.py) as named blocks of fixed shape.

Attika's map grows during play (spec §7), so the board is laid out as **hex slots**: one slot per hex the map
can ever hold at the player count, each a record spread over the rows of the ``board_*`` blocks: whether the
slot holds a hex, the hex's axial coordinates (q, r) as raw numbers, its landscape symbol, whether it is a
shrine, whose building stands there and which. The slot order is a function of the view alone:

- slots ``0 .. S-1``: the shrines, in the view's order (``board.shrines``, the start layout's; S = players);
- then 7 slots per board tile, in the order the view lists the tiles (``board.tiles``: laying order, the
  start layout's tiles first in its slot order, then the expansions as laid): the hexes of tile ``t`` are
  slots ``S + 7t + i``, ``i`` running over centre, E, NE, NW, W, SW, SE (the order of ``hexes.footprint``).

Start tiles always go to the same centres, so once the map is set up its first ``S + 7 x start tiles`` slots
hold the same hexes in every game; the rest fill in as the board grows, up to the most tiles the rules allow
(the start layout plus :func:`hellenika.rl.codec.attika_expansions`: a tile per stack a player empties,
capped by the tile stack). So every map fits: 86 slots for 2 players (12 tiles), 129 for 3 (18 tiles), 158
for 4 (all 22). Slots not reached yet are all zeros. A slot's symbol is its tile's printed symbol turned by
the tile's rotation (catalogue data looked up by the view's ``board.tiles``, the same symbols the view's
``spaces`` show); owners and buildings are read from ``spaces``.

A network reading the board as a set of tokens concatenates the ``board_*`` rows along the last axis; one
wanting a picture scatters them to (q, r). Hexes are also named elsewhere the same way: the hex being paid for
(``pay_space``) is a one-hot over the slots; the centre chosen for the tile being turned is not on the map
yet, so ``tile_centre`` gives its coordinates. To score the codec's hex actions (``place q r``, ``tile q r``)
per slot, :meth:`AttikaEncoder.slot_hexes` gives the hex of each slot.

Everything else follows :mod:`hellenika.rl.layout`: rows per player start at the observing seat, counts are
raw, categories one-hot over the catalogue (building types, board tiles, landscapes, phases), yes/no is 0/1.

The encoder's ``fill_state`` (:mod:`hellenika.rl.layouts.attika_state`) writes the same vector straight from
the state, reading its hidden parts (the hands, a building just drawn) as the view does.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, NamedTuple

import numpy as np

from hellenika.games.attika.catalogue import BLANK, LANDSCAPES, load_catalogue
from hellenika.games.attika.hexes import DIRECTIONS, Hex, rotated_symbols
from hellenika.games.attika.phases import MODE_NAMES, NAMES

# Only the three win reasons, module constants: ``fill`` reads the view alone (``fill_state``, the state).
from hellenika.games.attika.state import STALEMATE, WIN_ALL, WIN_SHRINES
from hellenika.rl.layout import Block, Layout, mark_to_move, seat_order, to_move_block
from hellenika.rl.layouts.attika_state import AttikaStateReading

NOT_ENCODED: dict[str, str] = {
    "game": "identifier",
    "players_count": "fixed by the layout (the shapes depend on it)",
    "your_turn": "redundant: the observer's row of `to_move`",
    "game_over": "redundant: phase 'game over'",
    "catalogue": "static component data (building costs, groups, free-build arrows)",
}

#: The win reasons, in the order of the ``win_reason`` block.
WIN_REASONS = (WIN_ALL, WIN_SHRINES, STALEMATE)
#: A board tile's hexes, as offsets from its centre, in slot order: centre, E, NE, NW, W, SW, SE.
TILE_OFFSETS: tuple[Hex, ...] = ((0, 0), *DIRECTIONS)

#: How many distinct boards an encoder remembers (a game makes at most 23; the memo is emptied when full).
_BOARD_MEMO = 512
_hex_of = itemgetter("q", "r")
_tile_of = itemgetter("tile", "q", "r", "rotation")


class _BoardPart(NamedTuple):
    """What a board's tiles and shrines decide: the rows of ``board_hex``, ``board_shrine``, ``board_symbol``
    and ``board_tiles``, and the slot of each hex."""

    cells: np.ndarray
    shrine: np.ndarray
    symbol: np.ndarray
    laid: np.ndarray
    slot_of: dict[Hex, int]


def board_slots(players: int) -> tuple[int, int]:
    """(shrine slots, tile slots) of a ``players``-player map: one per shrine, and every tile it can hold."""
    from hellenika import games
    from hellenika.rl.codec import attika_expansions

    layout = load_catalogue().layouts[players]
    return len(layout.shrines), len(layout.centres) + attika_expansions(games.get("attika"), players)


class AttikaEncoder(AttikaStateReading):
    """The layout of one player count, with the index tables that turn view strings into positions; its
    ``fill_state`` (:mod:`~hellenika.rl.layouts.attika_state`) writes the same vector from the state."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        from hellenika import games

        cat = load_catalogue()
        specs = games.get("attika").option_specs
        self.players = players
        self.shrine_slots, self.tile_slots = board_slots(players)
        self.slots = n_slot = self.shrine_slots + len(TILE_OFFSETS) * self.tile_slots
        self.landscape = {t: i for i, t in enumerate(LANDSCAPES)}
        self.building = dict(cat.by_id)
        self.tile = dict(cat.tile_by_id)
        self.phase = {name: i for i, name in enumerate(NAMES)}
        self.mode = {name: i for i, name in enumerate(MODE_NAMES)}
        self.win_reason = {name: i for i, name in enumerate(WIN_REASONS)}
        # Each option's value -> its column in the options block.
        self.option_column: dict[str, dict[Any, int]] = {}
        columns: list[str] = []
        for spec in specs:
            self.option_column[spec.name] = {}
            for choice in spec.choices or ():
                self.option_column[spec.name][choice] = len(columns)
                columns.append(f"{spec.name}={choice}")
        # rel[first][seat]: the row of ``seat`` when ``first`` observes.
        self.rel = [[(p - first) % players for p in range(players)] for first in range(players)]
        # Per board tile and rotation: the symbols of its 7 hexes, in slot order, one-hot (catalogue data).
        self.tile_symbols = np.zeros(
            (len(cat.tiles), 6, len(TILE_OFFSETS), len(LANDSCAPES)), dtype=np.float32
        )
        for tile in cat.tiles:
            for rotation in range(6):
                for i, sym in enumerate(rotated_symbols(tile.symbols, rotation)):
                    if sym != BLANK:
                        self.tile_symbols[tile.index, rotation, i, sym] = 1.0
        printed = self.tile_symbols[:, 0]  # rotation 0: the symbols as printed
        self.offsets = np.array(TILE_OFFSETS)
        self._boards: dict[tuple[tuple[Any, ...], ...], _BoardPart] = {}
        self.n_build = n_build = len(cat.buildings)
        n_tile = len(cat.tiles)
        n_land = len(LANDSCAPES)
        n_stack = 1 + cat.constants.normal_stacks
        n_sym = len(cat.tiles[0].symbols)
        p = players
        slot_order = (
            f"slot k: the k-th shrine for k < {self.shrine_slots}, else hex i of the t-th tile of the "
            f"view's `board.tiles`, start tiles first (k = {self.shrine_slots} + 7t + i; i: centre, E, NE, "
            "NW, W, SW, SE)"
        )
        self.layout = Layout(
            [
                Block(
                    "board_hex",
                    (n_slot, 3),
                    f"per hex slot: 1 if it holds a hex, then the hex's axial q, r (raw); {slot_order}",
                ),
                Block("board_shrine", (n_slot,), "per hex slot: 1 on a shrine"),
                Block(
                    "board_symbol",
                    (n_slot, n_land),
                    "per hex slot: its landscape symbol W, M, F, H (its tile's, turned by its rotation)",
                ),
                Block(
                    "board_owner",
                    (n_slot, p),
                    "per hex slot: the seat (observer first) whose building is on it",
                ),
                Block(
                    "board_building",
                    (n_slot, n_build),
                    "per hex slot: the building type on it (catalogue order)",
                ),
                Block("board_tiles", (n_tile,), "1 per board tile (catalogue order) already on the map"),
                Block("phase", (len(NAMES),), "phase one-hot (phases.NAMES: set-up and chance steps first)"),
                to_move_block(p),
                Block("active", (p,), "seat whose turn it is (observer first)"),
                Block("start_player", (p,), "start player (observer first)"),
                Block("turn", (1,), "turn number (1 for the first turn)"),
                Block("mode", (len(MODE_NAMES),), "turn mode one-hot: none, draw, build"),
                Block(
                    "actions", (2,), "draws or builds taken this turn; actions added by amphorae this turn"
                ),
                Block(
                    "supply", (3,), "landscape cards in the supply; amphorae in the supply; board tiles left"
                ),
                Block("discard", (n_land,), "discarded landscape cards W, M, F, H"),
                Block("tile_to_lay", (n_tile,), "board tile being laid (catalogue order)"),
                Block("tile_to_lay_symbols", (n_sym, n_land), "its symbols unturned: centre, E .. SE x W..H"),
                Block(
                    "tile_centre", (3,), "1 once a centre is chosen for the tile being turned, then its q, r"
                ),
                Block("pending_player", (p,), "seat holding a building to build or store (observer first)"),
                Block("pending_stack", (n_stack,), "stack it was drawn from: main, 1, 2, 3 (zero: storage)"),
                Block("pending_building", (n_build,), "its type, when the observer may see it"),
                Block("pay_space", (n_slot,), "1 on the hex slot (as in `board_hex`) being paid for"),
                Block("pay_owed", (n_land + 1,), "symbols still owed W, M, F, H; payment points still owed"),
                Block("pay_paid", (n_land,), "cards paid so far W, M, F, H"),
                Block(
                    "player_counts", (p, 4), "per seat: hand size, amphorae, buildings placed, settlements"
                ),
                Block("player_stacks", (p, n_stack), "per seat: heights of the main stack and stacks 1-3"),
                Block(
                    "player_storage", (p, n_build), "per seat: buildings of each type on the storage board"
                ),
                Block(
                    "player_in_stacks",
                    (p, n_build),
                    "per seat: buildings of each type not yet seen in stacks",
                ),
                Block("hand", (n_land,), "the observer's landscape cards W, M, F, H (spectator: zero)"),
                Block("winner", (p,), "the winner (observer first)"),
                Block("win_reason", (len(WIN_REASONS),), "why: all buildings, two shrines, stalemate"),
                Block("options", (len(columns),), "rule options one-hot: " + ", ".join(columns)),
            ]
        )
        self._init_state_reading(printed)

    @staticmethod
    def _seat_row(rel: list[int], seat: Any) -> int | None:
        """The row of a seat field (``None``, "chance" and "over" have none)."""
        return rel[seat] if type(seat) is int else None

    def slot_hexes(self, view: Mapping[str, Any]) -> list[Hex | None]:
        """The hex of each slot of ``view``'s board (``None`` for a slot not reached yet), in slot order."""
        board = view["board"]
        out: list[Hex | None] = [None] * self.slots
        for k, h in enumerate(board["shrines"]):
            out[k] = (h["q"], h["r"])
        base = self.shrine_slots
        for t in board["tiles"]:
            q, r = t["q"], t["r"]
            for i, (dq, dr) in enumerate(TILE_OFFSETS):
                out[base + i] = (q + dq, r + dr)
            base += len(TILE_OFFSETS)
        return out

    def _board_part(self, board: Mapping[str, Any]) -> _BoardPart:
        """The slot rows fixed by the board's tiles and shrines (built once per distinct board, then
        reused)."""
        shrines = board["shrines"]
        tiles = board["tiles"]
        key = (tuple(map(_hex_of, shrines)), tuple(map(_tile_of, tiles)))
        part = self._boards.get(key)
        if part is None:
            if len(self._boards) >= _BOARD_MEMO:
                self._boards.clear()
            tile = self.tile
            laid = tuple((tile[t], q, r, rotation) for t, q, r, rotation in key[1])
            part = self._boards[key] = self._new_board_part(key[0], laid, slots=True)
        return part

    def _new_board_part(
        self, shrines: tuple[Hex, ...], tiles: tuple[tuple[int, int, int, int], ...], *, slots: bool
    ) -> _BoardPart:
        """The board part of a board with these shrines and tiles (catalogue index, centre q, r, rotation, in
        laying order, as ``Board.tiles`` holds them); its ``slot_of`` only if ``slots`` (else empty).

        A map larger than the rules allow raises, as the codec does for an action outside its bound: silently
        dropping part of it would be worse.
        """
        if len(tiles) > self.tile_slots or len(shrines) > self.shrine_slots:
            raise ValueError(
                f"the board has {len(tiles)} tiles and {len(shrines)} shrines; this layout holds "
                f"{self.tile_slots} and {self.shrine_slots}"
            )
        n_shrines = len(shrines)
        end = n_shrines + len(TILE_OFFSETS) * len(tiles)
        cells = np.zeros((self.slots, 3), dtype=np.float32)
        cells[:end, 0] = 1.0
        shrine = np.zeros(self.slots, dtype=np.float32)
        shrine[:n_shrines] = 1.0
        symbol = np.zeros((self.slots, len(LANDSCAPES)), dtype=np.float32)
        laid = np.zeros(len(self.tile), dtype=np.float32)
        if shrines:
            cells[:n_shrines, 1:] = shrines
        slot_of: dict[Hex, int] = {}
        if tiles:
            codes = np.array(tiles)  # tile, q, r, rotation
            laid[codes[:, 0]] = 1.0
            # Each tile's 7 hexes: its centre plus the offsets; its symbols: the catalogue's, turned.
            coords = (codes[:, None, 1:3] + self.offsets).reshape(-1, 2)
            cells[n_shrines:end, 1:] = coords
            symbol[n_shrines:end] = self.tile_symbols[codes[:, 0], codes[:, 3]].reshape(-1, len(LANDSCAPES))
            if slots:
                slot_of = dict(zip(map(tuple, coords.tolist()), range(n_shrines, end), strict=True))
        return _BoardPart(cells, shrine, symbol, laid, slot_of)

    def fill(self, view: Mapping[str, Any], blocks: dict[str, np.ndarray]) -> None:
        first = seat_order(view, self.players)[0]
        rel = self.rel[first]
        landscape = self.landscape
        building = self.building

        # The board, slot by slot (see the module docstring). What the tiles decide (the slots' hexes, their
        # symbols and shrines, the tiles laid) comes from a memo keyed by the view's tiles and shrines; only
        # the buildings are read anew from the spaces.
        board = view["board"]
        part = self._board_part(board)
        blocks["board_hex"][:] = part.cells
        blocks["board_shrine"][:] = part.shrine
        blocks["board_symbol"][:] = part.symbol
        blocks["board_tiles"][:] = part.laid
        slot_of = part.slot_of
        owner = blocks["board_owner"].reshape(-1)
        kind = blocks["board_building"].reshape(-1)
        players = self.players
        n_build = self.n_build
        for space in board["spaces"]:
            who = space.get("owner")
            if who is not None:
                k = slot_of[space["q"], space["r"]]
                owner[k * players + rel[who]] = 1.0
                kind[k * n_build + building[space["building"]]] = 1.0

        # Turn and phase.
        blocks["phase"][self.phase[view["phase"]]] = 1.0
        mark_to_move(blocks["to_move"], view["to_move"], rel.__getitem__)
        row = self._seat_row(rel, view["active"])
        if row is not None:
            blocks["active"][row] = 1.0
        row = self._seat_row(rel, view["start_player"])
        if row is not None:
            blocks["start_player"][row] = 1.0
        blocks["turn"][0] = view["turn"]
        blocks["mode"][self.mode[view["mode"]]] = 1.0
        actions = blocks["actions"]
        actions[0] = view["actions_used"]
        actions[1] = view["extra_actions"]

        # Supplies.
        supply = blocks["supply"]
        supply[0] = view["supply_cards"]
        supply[1] = view["amphora_supply"]
        supply[2] = view["board_tiles_left"]
        discard = blocks["discard"]
        for t, n in view["discard"].items():
            discard[landscape[t]] = n

        # The board tile being laid: which one, its printed symbols, and the centre chosen for it.
        tile = view["tile_to_lay"]
        if tile is not None:
            blocks["tile_to_lay"][self.tile[tile]] = 1.0
        tile_symbols = view["tile_to_lay_symbols"]
        if tile_symbols is not None:
            symbols = blocks["tile_to_lay_symbols"]
            for slot, sym in enumerate(tile_symbols):
                if sym is not None:
                    symbols[slot, landscape[sym]] = 1.0
        centre = view["tile_centre"]
        if centre is not None:
            blocks["tile_centre"][:] = (1.0, centre["q"], centre["r"])

        # The building in hand and its payment.
        pending = view["pending"]
        if pending is not None:
            row = self._seat_row(rel, pending["player"])
            if row is not None:
                blocks["pending_player"][row] = 1.0
            stack = pending["from_stack"]
            if stack is not None:
                blocks["pending_stack"][stack] = 1.0
            b = pending.get("building")
            if b is not None:
                blocks["pending_building"][building[b]] = 1.0
            space = pending.get("space")
            if space is not None:
                blocks["pay_space"][slot_of[space["q"], space["r"]]] = 1.0
                owed = blocks["pay_owed"]
                for t, n in pending["owed_symbols"].items():
                    owed[landscape[t]] = n
                owed[-1] = pending["owed_points"]
                paid = blocks["pay_paid"]
                for t, n in pending["paid"].items():
                    paid[landscape[t]] = n

        # Every player's public resources; the observer's hand.
        counts = blocks["player_counts"]
        stacks = blocks["player_stacks"]
        storage = blocks["player_storage"]
        in_stacks = blocks["player_in_stacks"]
        for entry in view["players"]:
            r = rel[entry["seat"]]
            row_counts = counts[r]
            row_counts[0] = entry["hand_size"]
            row_counts[1] = entry["amphorae"]
            row_counts[2] = entry["placed"]
            row_counts[3] = entry["settlements"]
            stacks[r] = entry["stacks"]
            stored = storage[r]
            for b, n in entry["storage"].items():
                stored[building[b]] = n
            unseen = in_stacks[r]
            for b, n in entry["in_stacks"].items():
                unseen[building[b]] = n
            hand = entry.get("hand")
            if hand is not None:
                own = blocks["hand"]
                for t, n in hand.items():
                    own[landscape[t]] = n

        # The end.
        row = self._seat_row(rel, view["winner"])
        if row is not None:
            blocks["winner"][row] = 1.0
        reason = view["win_reason"]
        if reason is not None:
            blocks["win_reason"][self.win_reason[reason]] = 1.0

        opts = blocks["options"]
        for name, value in view["options"].items():
            col = self.option_column.get(name, {}).get(value)
            if col is not None:
                opts[col] = 1.0


def make_encoder(players: int, options: dict[str, Any]) -> AttikaEncoder:
    """Attika's encoder for ``players`` seats (no option changes a shape: the rule options are a block)."""
    return AttikaEncoder(players, options)
