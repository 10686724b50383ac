"""Saving and restoring an Attika state as JSON (the ``state`` part of ``State.to_json``).

Only the facts are written: tiles in the order laid, buildings by hex, cards and buildings by id, the turn's
bookkeeping. Everything the hot path keeps incrementally (the board's masks, settlements, reduction masks)
is rebuilt on load, so a restored state is a from-scratch recomputation of the live one; the tests compare
the two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.games.attika import reductions
from hellenika.games.attika.board import Board, iter_bits
from hellenika.games.attika.catalogue import Vector

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState


def state_json(s: AttikaState) -> dict[str, Any]:
    """Everything needed to restore the state exactly; derived structures (masks) are rebuilt on load."""
    cat = s.cat
    ids = [b.id for b in cat.buildings]
    board = s.board
    buildings = []
    for p in range(s.n):
        base = p * s.types
        for b in range(s.types):
            for c in iter_bits(s.tmask[base + b]):
                q, r = board.cells[c]
                buildings.append([q, r, p, ids[b]])
    buildings.sort()

    def counts(v: tuple[int, ...]) -> dict[str, int]:
        return {ids[b]: n for b, n in enumerate(v) if n}

    return {
        "phase": s.phase,
        "cp": s.cp,
        "actor": s.actor,
        "first": s.first,
        "turn": s.turn,
        "mode": s.mode,
        "used": s.used,
        "extra": s.extra,
        "idle": s.idle,
        "board_tiles": [[cat.tiles[t].id, q, r, k] for t, q, r, k in board.tiles],
        "tiles_left": [cat.tiles[t].id for t in s.tiles_left],
        "buildings": buildings,
        "hands": [list(h) for h in s.hands],
        "deck": list(s.deck),
        "discard": list(s.discard),
        "amphorae": list(s.amph),
        "amphora_supply": s.supply,
        "storage": [counts(v) for v in s.storage],
        "unseen": [counts(v) for v in s.unseen],
        "stacks": [list(v) for v in s.stacks],
        "pending": ids[s.pending] if s.pending >= 0 else None,
        "drawn_stack": s.drawn_stack,
        "expand": s.expand,
        "pay_cell": list(board.cells[s.pay_cell]) if s.pay_cell >= 0 else None,
        "pay_owed": list(s.pay_c),
        "pay_points": s.pay_g,
        "paid": list(s.paid),
        "cards_due": s.cards_due,
        "resume": s.resume,
        "tile": cat.tiles[s.tile].id if s.tile >= 0 else None,
        "tile_centre": list(s.tile_centre),
        "setup_step": s.setup_step,
        "setup_sub": s.setup_sub,
        "winner": s.winner,
        "win_reason": s.win_reason,
    }


def load_state(s: AttikaState, data: Any) -> AttikaState:
    """Fill a new state ``s`` from :func:`state_json` output, recomputing every derived structure (the
    board from its tiles, the masks from the buildings, the reduction masks from scratch)."""
    players = s.n
    cat = s.cat
    for name in (
        "phase",
        "cp",
        "actor",
        "first",
        "turn",
        "mode",
        "used",
        "extra",
        "idle",
        "drawn_stack",
        "expand",
        "pay_points",
        "cards_due",
        "resume",
        "setup_step",
        "setup_sub",
        "winner",
        "win_reason",
    ):
        setattr(s, "pay_g" if name == "pay_points" else name, data[name])
    board = Board.empty(cat.layouts[players].shrines)
    for tile_id, q, r, k in data["board_tiles"]:
        board = board.with_tile(cat.tiles[cat.tile_by_id[tile_id]], (q, r), k)
    s.board = board
    s.tiles_left = tuple(cat.tile_by_id[t] for t in data["tiles_left"])
    for q, r, p, building_id in data["buildings"]:
        c = board.index[(q, r)]
        b = cat.by_id[building_id]
        s.occ |= 1 << c
        s.own[p] |= 1 << c
        s.tmask[p * s.types + b] |= 1 << c
        s.placed[p] += 1
    for p in range(players):
        s.ownadj[p] = board.adjacent(s.own[p])
        s.comps[p] = _components(board, s.own[p])
    reductions.set_cells(s.red, board, board.full, board.full & ~s.occ, cat.max_level)

    def vec(v: list[int]) -> Vector:
        return (v[0], v[1], v[2], v[3])

    def types(counts: dict[str, int]) -> tuple[int, ...]:
        out = [0] * s.types
        for building_id, n in counts.items():
            out[cat.by_id[building_id]] = n
        return tuple(out)

    s.hands = [vec(h) for h in data["hands"]]
    s.deck = vec(data["deck"])
    s.discard = vec(data["discard"])
    s.amph = list(data["amphorae"])
    s.supply = data["amphora_supply"]
    s.storage = [types(v) for v in data["storage"]]
    s.unseen = [types(v) for v in data["unseen"]]
    s.stacks = [tuple(v) for v in data["stacks"]]
    s.pending = cat.by_id[data["pending"]] if data["pending"] else -1
    s.pay_cell = board.index[tuple(data["pay_cell"])] if data["pay_cell"] else -1
    s.pay_c = vec(data["pay_owed"])
    s.paid = vec(data["paid"])
    s.tile = cat.tile_by_id[data["tile"]] if data["tile"] else -1
    s.tile_centre = (data["tile_centre"][0], data["tile_centre"][1])
    return s


def _components(board: Board, own: int) -> tuple[int, ...]:
    """Split a player's buildings into settlements (connected by their own adjacency, §5.6)."""
    comps = []
    rest = own
    nbm = board.nbm
    while rest:
        seen = frontier = rest & -rest
        while frontier:
            grow = 0
            for c in iter_bits(frontier):
                grow |= nbm[c]
            frontier = grow & own & ~seen
            seen |= frontier
        comps.append(seen)
        rest &= ~seen
    return tuple(comps)
