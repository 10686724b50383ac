"""The board is grown tile by tile (``Board.with_tile``) with only the hexes near the new tile looked at; here
its neighbour tables, tile centres and reading-order picks are checked against a recomputation from the
hex coordinates, on the boards of random games."""

from __future__ import annotations

from itertools import compress

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine import Rng
from hellenika.games.attika.board import FEW, Board
from hellenika.games.attika.hexes import distance, neighbours

from .builders import GAME


def check_board(board: Board, rng: Rng) -> None:
    index = board.index
    for c, h in enumerate(board.cells):
        around = sorted(index[n] for n in neighbours(h) if n in index)
        assert board.nbrs[c] == tuple(around)
        assert board.nbm[c] == sum(1 << n for n in around)
    for k, shrine in enumerate(board.shrines):
        assert board.shrine_adj[k] == sum(1 << index[n] for n in neighbours(shrine) if n in index)
    shrine_any = 0
    for adj in board.shrine_adj:
        shrine_any |= adj
    assert board.shrine_any == shrine_any
    last = range(board.size - 7, board.size)  # the tile laid last, and the old hexes next to it
    assert board.edge == sum(1 << c for c in range(board.size - 7) if any(c in board.nbrs[n] for n in last))
    blocked = set(board.cells) | set(board.shrines)
    lo = min(q for q, _ in blocked) - 3, min(r for _, r in blocked) - 3
    hi = max(q for q, _ in blocked) + 3, max(r for _, r in blocked) + 3
    centres = [
        (q, r)
        for r in range(lo[1], hi[1] + 1)
        for q in range(lo[0], hi[0] + 1)
        if min(distance((q, r), b) for b in blocked) == 2
    ]
    assert board.tile_centres() == centres
    reading = [board.cells[c] for c in board.order]
    assert reading == sorted(board.cells, key=lambda h: (h[1], h[0]))
    for few in (1, 3, FEW, FEW + 1, 40):
        mask = 0
        for _ in range(few):
            mask |= 1 << rng.randbelow(board.size)
        expected = [h for h in reading if mask >> board.index[h] & 1]
        assert list(compress(reading, board.in_reading_order(mask))) == expected
        if mask.bit_count() <= FEW:
            assert board.few_in_reading_order(mask) == expected


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_grown_boards_match_a_recomputation(seed, players):
    state = GAME.new_state(players, {"start_rotation": "random"}, log=False)
    rng = Rng(seed)
    seen = None
    while not state.is_terminal():
        if state.board is not seen and state.board.size:
            seen = state.board
            check_board(seen, rng)
        legal = state.legal_actions()
        action = state.sample_chance(rng) if state.is_chance_node() else legal[rng.randbelow(len(legal))]
        state.apply_unchecked(action)
