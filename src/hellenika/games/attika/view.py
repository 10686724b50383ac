"""What a seat sees of an Attika game (spec §10 Q8): everything on the table, its own hand, the sizes of the
other hands, the heights of the stacks. Absent by construction: other players' cards, and the building a
player has just drawn until it is built or stored (only that player has looked at it).

For drawing the table (the web board) the view also carries public constants and face-up facts:
``catalogue`` (every building type: name, three-letter code, group, main, copies, printed cost, the building
whose arrow points to it; the groups in order), the symbols of the board tile being laid
(``tile_to_lay_symbols``: centre, E, NE, NW, W, SW, SE at rotation 0, ``null`` for blank) and where it lies
while its turn is chosen (``tile_centre``).

The printed parts (the catalogue, each tile's symbols) are built once per catalogue, and what a board holds
(its hexes without their buildings, shrines and tiles) once per board (boards are immutable): every view
shares them, so treat a view as read-only (copy it before changing it).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, NamedTuple

from hellenika.engine.memo import BuiltOnce
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.attika.board import Board
from hellenika.games.attika.catalogue import BLANK, LANDSCAPES, Catalogue
from hellenika.games.attika.phases import DRAWN, MODE_NAMES, NAMES, PAY, TILE_ROTATE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState


def cards_json(v: tuple[int, ...]) -> dict[str, int]:
    return {LANDSCAPES[t]: v[t] for t in range(4)}


def catalogue_json(cat: Catalogue) -> dict[str, Any]:
    """The printed storage board: building types in catalogue order, and the groups."""
    buildings = [
        {
            "id": b.id,
            "name": b.name,
            "short": b.short,
            "group": cat.groups[b.group].id,
            "main": b.main,
            "copies": b.copies,
            "cost": f"{b.generic}*" if b.is_street else b.cost_text(),
            "free_after": cat.buildings[b.pred].id if b.pred >= 0 else None,
        }
        for b in cat.buildings
    ]
    return {"buildings": buildings, "groups": [{"id": g.id, "name": g.name} for g in cat.groups]}


class Printed(NamedTuple):
    """A catalogue's JSON parts. :func:`printed` builds them once; views share them (never change them)."""

    cat: Catalogue
    catalogue: dict[str, Any]  # catalogue_json
    ids: tuple[str, ...]  # building ids by type index
    tile_symbols: tuple[list[str | None], ...]  # by tile index: centre, E, NE, NW, W, SW, SE at rotation 0

    @classmethod
    def of(cls, cat: Catalogue) -> Printed:
        return cls(
            cat,
            catalogue_json(cat),
            tuple(b.id for b in cat.buildings),
            tuple([None if t == BLANK else LANDSCAPES[t] for t in tile.symbols] for tile in cat.tiles),
        )


#: The printed parts of a catalogue, built on its first view and shared by all later ones.
printed: BuiltOnce[Catalogue, Printed] = BuiltOnce(Printed.of)


class BoardParts(NamedTuple):
    """What a board holds, as JSON. :func:`board_parts` builds them once per board (boards never change);
    every view of the board shares them (never change them)."""

    spaces: tuple[dict[str, Any], ...]  # the board hexes in reading order, without buildings
    at: tuple[int, ...]  # by hex index: its place in ``spaces``
    shrines: list[dict[str, int]]
    tiles: list[dict[str, Any]]

    @classmethod
    def of(cls, board: Board, cat: Catalogue) -> BoardParts:
        spaces = []
        at = [0] * board.size
        for k, c in enumerate(board.order):
            q, r = board.cells[c]
            item: dict[str, Any] = {"q": q, "r": r}
            sym = board.symbol[c]
            if sym != BLANK:
                item["symbol"] = LANDSCAPES[sym]
            spaces.append(item)
            at[c] = k
        return cls(
            tuple(spaces),
            tuple(at),
            [{"q": q, "r": r} for q, r in board.shrines],
            [{"tile": cat.tiles[t].id, "q": q, "r": r, "rotation": k} for t, q, r, k in board.tiles],
        )


def board_parts(board: Board, cat: Catalogue) -> BoardParts:
    """The board's JSON parts, built by its first view and kept on it."""
    parts: BoardParts | None = board.view_parts
    if parts is None:
        parts = board.view_parts = BoardParts.of(board, cat)
    return parts


def _nonzero(ids: tuple[str, ...], counts: tuple[int, ...]) -> dict[str, int]:
    """The building ids with a non-zero count (by type), in catalogue order."""
    return dict(zip(compress(ids, counts), filter(None, counts), strict=True))


def build_view(s: AttikaState, seat: int | None) -> dict[str, Any]:
    cat = s.cat
    board = s.board
    fixed = printed(cat)
    ids = fixed.ids
    cp = s.current_player()
    parts = board_parts(board, cat)
    spaces = list(parts.spaces)
    at = parts.at
    types = s.types
    tmask = s.tmask
    for i in compress(range(len(tmask)), tmask):  # p's buildings of type b: p * types + b
        p, b = divmod(i, types)
        building = ids[b]
        mask = tmask[i]
        while mask:  # iter_bits, inline (most masks hold one hex)
            low = mask & -mask
            k = at[low.bit_length() - 1]
            spaces[k] = {**spaces[k], "owner": p, "building": building}
            mask ^= low
    players = []
    for p in range(s.n):
        entry: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(s.hands[p]),
            "amphorae": s.amph[p],
            "placed": s.placed[p],
            "settlements": len(s.comps[p]),
            "stacks": list(s.stacks[p]),
            "storage": _nonzero(ids, s.storage[p]),
            "in_stacks": _nonzero(ids, s.unseen[p]),
        }
        if seat == p:
            entry["hand"] = cards_json(s.hands[p])
        players.append(entry)
    pending: dict[str, Any] | None = None
    if s.pending >= 0:
        pending = {"player": s.actor, "from_stack": s.drawn_stack if s.drawn_stack >= 0 else None}
        hidden = s.phase == DRAWN and seat != s.actor
        if hidden:
            # The drawn building may be any of that stack's pool: counts include it.
            players[s.actor]["in_stacks"] = {
                ids[b]: n + (b == s.pending) for b, n in enumerate(s.unseen[s.actor]) if n or b == s.pending
            }
        else:
            pending["building"] = ids[s.pending]
        if s.phase == PAY:
            q, r = board.cells[s.pay_cell]
            pending["space"] = {"q": q, "r": r}
            pending["owed_symbols"] = cards_json(s.pay_c)
            pending["owed_points"] = s.pay_g
            pending["paid"] = cards_json(s.paid)
    return {
        "game": "attika",
        "seat": seat,
        "players_count": s.n,
        "options": dict(s.options),
        "phase": NAMES[s.phase],
        "to_move": "chance" if cp == CHANCE else "over" if cp == TERMINAL else cp,
        "your_turn": seat is not None and cp == seat,
        "active": s.actor,
        "start_player": s.first,
        "turn": s.turn + 1,
        "mode": MODE_NAMES[s.mode],
        "actions_used": s.used,
        "extra_actions": s.extra,
        "board": {
            "spaces": spaces,
            "shrines": parts.shrines,
            "tiles": parts.tiles,
        },
        "board_tiles_left": len(s.tiles_left),
        "tile_to_lay": cat.tiles[s.tile].id if s.tile >= 0 else None,
        "tile_to_lay_symbols": fixed.tile_symbols[s.tile] if s.tile >= 0 else None,
        "tile_centre": {"q": s.tile_centre[0], "r": s.tile_centre[1]} if s.phase == TILE_ROTATE else None,
        "supply_cards": sum(s.deck),
        "discard": cards_json(s.discard),
        "amphora_supply": s.supply,
        "pending": pending,
        "players": players,
        "game_over": cp == TERMINAL,
        "winner": s.winner if s.winner >= 0 else None,
        "win_reason": s.win_reason or None,
        "catalogue": fixed.catalogue,
    }
