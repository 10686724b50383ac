"""A Hellas state as JSON and back (the engine's ``to_json`` / ``Game.state_from_json`` round trip).

Tiles and cards are written by id, not by catalogue index, so a saved game stays readable; the map is the
list of laid tiles in slot order (the board's derived tables are rebuilt on load).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.games.hellas_delonge.components import rotate
from hellenika.games.hellas_delonge.hexmap import Board, cell, iter_bits, qr

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

_PLAIN = (
    "phase",
    "cp",
    "active",
    "turn",
    "setup_count",
    "deal_step",
    "burst_left",
    "da_stage",
    "draw_god",
    "rg_dest",
    "rg_gave_g",
    "rg_recv_g",
    "rg_gave_s",
    "rg_recv_s",
    "rg_then",
    "v_site",
    "v_rot",
    "v_adj",
    "v_winds",
    "v_free",
    "v_need",
    "target",
    "fm_city",
    "fm_used",
    "nat_sea",
    "fury",
    "firm",
    "beach",
    "rocky",
    "cw_next",
    "cw_passes",
    "retreat_left",
    "def_ships",
    "chain_then",
    "effect_left",
    "effect_then",
    "discarder",
    "end_mode",
    "voy_ok",
    "atk_ok",
    "migrated",
    "last_change",
    "last_record",
    "best_cities",
    "winner",
    "reason",
    "top_order",
)
_TILE_LISTS = ("top", "bottom", "drawn", "oracle_done")
_TILE_MASKS = ("pool", "aside")


def state_to_json(s: HellasState) -> dict[str, Any]:
    cat = s.cat
    tiles = cat.tiles
    cards = cat.cards

    def counts(vector: tuple[int, ...]) -> dict[str, int]:
        return {cards[t].id: n for t, n in enumerate(vector) if n}

    board = s.board
    out: dict[str, Any] = {name: getattr(s, name) for name in _PLAIN}
    out["map"] = [
        [tiles[board.tiles[i]].id, *qr(board.cells[i]), board.rots[i]] for i in range(1, board.size)
    ]
    out["greeks"] = list(s.greeks)
    out["ships"] = list(s.ships)
    out["tired"] = list(s.tired)
    out["owned"] = [iter_bits(m) for m in s.owned]
    out["greek_supply"] = list(s.gsup)
    out["ship_supply"] = list(s.ssup)
    out["hand"] = [counts(v) for v in s.hand]
    out["fresh"] = [counts(v) for v in s.fresh]
    out["known"] = [counts(v) for v in s.known]
    out["pile"] = counts(s.pile)
    out["discards"] = counts(s.discards)
    for name in _TILE_LISTS:
        out[name] = [tiles[t].id for t in getattr(s, name)]
    for name in _TILE_MASKS:
        out[name] = [tiles[t].id for t in iter_bits(getattr(s, name))]
    out["top_seen"] = list(s.top_seen)
    out["v_tile"] = tiles[s.v_tile].id if s.v_tile >= 0 else None
    out["sources"] = list(s.sources)
    out["commits"] = list(s.commits)
    out["chain"] = [[p, cards[t].id] for p, t in s.chain]
    return out


def state_from_json(s: HellasState, data: Any) -> None:
    cat = s.cat
    tile_index = cat.tile_by_id
    card_index = cat.card_by_id
    n_cards = len(cat.cards)

    def vector(d: dict[str, int]) -> tuple[int, ...]:
        out = [0] * n_cards
        for card_id, n in d.items():
            out[card_index[card_id]] = n
        return tuple(out)

    for name in _PLAIN:
        setattr(s, name, data[name])
    board = Board.initial()
    for tile_id, q, r, k in data["map"]:
        tile = cat.tiles[tile_index[tile_id]]
        board = board.place(tile, cell(q, r), k, rotate(tile.edges, tile.regions, k)[0])
    s.board = board
    s.greeks = list(data["greeks"])
    s.ships = list(data["ships"])
    s.tired = tuple(data["tired"])
    s.best_cities = tuple(data["best_cities"])
    s.owned = [sum(1 << c for c in cities) for cities in data["owned"]]
    s.gsup = list(data["greek_supply"])
    s.ssup = list(data["ship_supply"])
    s.hand = [vector(d) for d in data["hand"]]
    s.fresh = [vector(d) for d in data["fresh"]]
    s.known = [vector(d) for d in data["known"]]
    s.pile = vector(data["pile"])
    s.discards = vector(data["discards"])
    for name in _TILE_LISTS:
        setattr(s, name, tuple(tile_index[t] for t in data[name]))
    for name in _TILE_MASKS:
        setattr(s, name, sum(1 << tile_index[t] for t in data[name]))
    s.top_seen = tuple(data["top_seen"])
    s.v_tile = tile_index[data["v_tile"]] if data["v_tile"] is not None else -1
    s.sources = tuple(data["sources"])
    s.commits = tuple(data["commits"])
    s.chain = tuple((p, card_index[c]) for p, c in data["chain"])
