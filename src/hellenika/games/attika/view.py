"""What a seat sees of an Attika game (spec §10 Q8): everything on the table, its own hand, the sizes of the
other hands, the heights of the stacks. Absent by construction: other players' cards, and the building a
player has just drawn until it is built or stored (only that player has looked at it).

For drawing the table (the web board) the view also carries public constants and face-up facts:
``catalogue`` (every building type: name, three-letter code, group, main, copies, printed cost, the building
whose arrow points to it; the groups in order), the symbols of the board tile being laid
(``tile_to_lay_symbols``: centre, E, NE, NW, W, SW, SE at rotation 0, ``null`` for blank) and where it lies
while its turn is chosen (``tile_centre``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.attika.board import iter_bits
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


def build_view(s: AttikaState, seat: int | None) -> dict[str, Any]:
    cat = s.cat
    board = s.board
    cp = s.current_player()
    owner: dict[int, tuple[int, int]] = {}
    for p in range(s.n):
        base = p * s.types
        for b in range(s.types):
            for c in iter_bits(s.tmask[base + b]):
                owner[c] = (p, b)
    spaces = []
    for c in board.order:
        q, r = board.cells[c]
        item: dict[str, Any] = {"q": q, "r": r}
        sym = board.symbol[c]
        if sym != BLANK:
            item["symbol"] = LANDSCAPES[sym]
        if c in owner:
            p, b = owner[c]
            item["owner"] = p
            item["building"] = cat.buildings[b].id
        spaces.append(item)
    players = []
    for p in range(s.n):
        entry: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(s.hands[p]),
            "amphorae": s.amph[p],
            "placed": s.placed[p],
            "settlements": len(s.comps[p]),
            "stacks": list(s.stacks[p]),
            "storage": {cat.buildings[b].id: n for b, n in enumerate(s.storage[p]) if n},
            "in_stacks": {cat.buildings[b].id: n for b, n in enumerate(s.unseen[p]) if n},
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
                cat.buildings[b].id: n + (b == s.pending)
                for b, n in enumerate(s.unseen[s.actor])
                if n or b == s.pending
            }
        else:
            pending["building"] = cat.buildings[s.pending].id
        if s.phase == PAY:
            q, r = board.cells[s.pay_cell]
            pending["space"] = {"q": q, "r": r}
            pending["owed_symbols"] = cards_json(s.pay_c)
            pending["owed_points"] = s.pay_g
            pending["paid"] = cards_json(s.paid)
    tile_symbols = None
    if s.tile >= 0:
        tile_symbols = [None if t == BLANK else LANDSCAPES[t] for t in cat.tiles[s.tile].symbols]
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
            "shrines": [{"q": q, "r": r} for q, r in board.shrines],
            "tiles": [{"tile": cat.tiles[t].id, "q": q, "r": r, "rotation": k} for t, q, r, k in board.tiles],
        },
        "board_tiles_left": len(s.tiles_left),
        "tile_to_lay": cat.tiles[s.tile].id if s.tile >= 0 else None,
        "tile_to_lay_symbols": tile_symbols,
        "tile_centre": {"q": s.tile_centre[0], "r": s.tile_centre[1]} if s.phase == TILE_ROTATE else None,
        "supply_cards": sum(s.deck),
        "discard": cards_json(s.discard),
        "amphora_supply": s.supply,
        "pending": pending,
        "players": players,
        "game_over": cp == TERMINAL,
        "winner": s.winner if s.winner >= 0 else None,
        "win_reason": s.win_reason or None,
        "catalogue": catalogue_json(cat),
    }
