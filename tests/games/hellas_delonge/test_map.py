"""Placement legality (spec §5.1 P1-P4) and links (§6.1): spec test cases 2, 3, 4, 5 and 20."""

from __future__ import annotations

from hellenika.games.hellas_delonge.components import load_catalogue
from hellenika.games.hellas_delonge.hexmap import cell

from .builders import board_with

CAT = load_catalogue()


def sites(board, tile_id):
    return {(s.q, s.r): ks for s, ks in board.placements(CAT.tile(tile_id))}


def fits(board, tile_id, q, r, k):
    site = board.site_at.get(cell(q, r))
    return site is not None and board.fits(CAT.tile(tile_id), site, k)


def test_case_2_dolphin_edge_must_be_sea():
    board = board_with([])
    assert fits(board, "T12", 1, 0, 0)  # W edge e[3] = S faces the dolphin
    assert not fits(board, "T12", 1, 0, 3)  # e[0] = L would face the dolphin (P3)


def test_case_3_anchoring_needs_the_dolphin_or_two_neighbours():
    board = board_with([("T12", 1, 0, 0)])
    site = board.site_at[cell(2, 0)]
    assert not site.anchored
    assert (2, 0) not in sites(board, "T01")
    assert not any(fits(board, t.id, 2, 0, k) for t in CAT.tiles for k in range(6))


def test_case_4_no_new_body_of_water():
    board = board_with([("T12", 1, 0, 0), ("T08", 0, 1, 5)])
    b = board.site_at[cell(1, 1)]
    assert b.anchored and b.neighbours.bit_count() == 2
    assert b.land == b.neighbours  # both neighbours show it land
    assert not any(fits(board, t.id, 1, 1, k) for t in CAT.tiles for k in range(6))
    # Once a neighbour shows it sea, a tile fits there again.
    board = board_with([("T12", 1, 0, 0), ("T08", 0, 1, 5), ("T01", 2, 0, 0)])
    assert (1, 1) not in sites(board, "T01")  # an island still cannot face land
    assert any((1, 1) in sites(board, t.id) for t in CAT.tiles)


def test_case_5_a_bridge_keeps_one_body_of_water():
    board = board_with([])
    assert fits(board, "T17", 0, -1, 0)  # e[1] = S faces the dolphin; both L edges face empty hexes
    assert not fits(board, "T21", 0, -1, 0)  # region {4,5} would be a new body of water (P4)


def test_p1_an_occupied_position_is_not_a_site():
    board = board_with([("T01", 1, 0, 0)])
    assert cell(1, 0) not in board.site_at
    assert (1, 0) not in sites(board, "T02")


def test_case_20_tiles_next_to_the_dolphin_are_sea_linked():
    board = board_with([("T01", 1, 0, 0), ("T02", -1, 0, 0)])
    assert not board.adj[1] >> 2 & 1  # they do not touch
    assert board.sealink[1] >> 2 & 1 and board.sealink[2] >> 1 & 1
    assert not board.landlink[1]


def test_land_link_is_a_shared_land_edge_and_wins_over_the_dolphin_route():
    # T12 at (1,0) shows land to SW; T08 turned 5 at (0,1) shows land to NE: one land edge between them.
    board = board_with([("T12", 1, 0, 0), ("T08", 0, 1, 5)])
    assert board.landlink[1] == 1 << 2 and board.landlink[2] == 1 << 1
    assert not board.sealink[1] >> 2 & 1  # both border the dolphin, but land counts (spec §6.1)


def test_land_across_other_tiles_is_no_link():
    # A land chain A - B - C: A and C are not linked (FAQ: only a direct shared land edge counts).
    board = board_with([("T12", 1, 0, 0), ("T15", 1, 1, 4), ("T04", 1, 2, 4)])
    assert (
        board.landlink[1] == 1 << 2 and board.landlink[2] == (1 << 1 | 1 << 3) and board.landlink[3] == 1 << 2
    )
    assert not board.links(1) >> 3 & 1


def test_incremental_placement_matches_a_full_rebuild():
    from hellenika.engine.rng import Rng
    from hellenika.games.hellas_delonge.hexmap import Board

    from .builders import GAME

    checked = 0
    for seed in range(12):
        s = GAME.new_state(2, log=False)
        rng = Rng(seed)
        while not s.is_terminal():
            before = s.board
            options = s.legal_actions()
            s.apply(s.sample_chance(rng) if s.is_chance_node() else options[rng.randbelow(len(options))])
            b = s.board
            if b is not before:
                full = Board._build(b.cells, b.tiles, b.rots, b.land, b.temples)
                for name in ("adj", "landlink", "sealink", "temples", "slot_at", "frontier", "site_at"):
                    assert getattr(b, name) == getattr(full, name), name
                checked += 1
    assert checked > 100


def test_the_bit_list_memo_stays_bounded() -> None:
    """``iter_bits`` memoises every mask it meets; past its limit it starts over, with the same answers."""
    from hellenika.games.hellas_delonge import hexmap

    memo = hexmap._BITS
    memo.clear()
    for mask in range(1, hexmap.BITS_LIMIT + 500):
        hexmap.iter_bits(mask)
    assert len(memo) <= hexmap.BITS_LIMIT
    assert hexmap.iter_bits(0b101001) == (0, 3, 5) and hexmap.iter_bits(0) == ()
    memo.clear()


def test_the_bit_lists_of_wide_masks() -> None:
    """A miss joins the bits of the mask's bytes (32 bits and fewer) or peels them one by one (wider)."""
    from hellenika.games.hellas_delonge import hexmap

    for mask in (0xFFFFFFFF, 1 << 31 | 1 << 8 | 1, 0x80808080, 1 << 32, (1 << 40) | 0b1010, (1 << 70) - 1):
        hexmap._BITS.pop(mask, None)
        assert hexmap.iter_bits(mask) == tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
