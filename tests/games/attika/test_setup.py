"""Set-up (spec §3.2) as chance nodes: tiles into the layout slots, the start player, each player's four
stack tops turned up, starting hands 4/5/6/7 in turn order."""

from __future__ import annotations

import pytest

from hellenika.engine import CHANCE, Rng
from hellenika.games.attika.actions import DrawBoardTile, TurnStartTile
from hellenika.games.attika.phases import ACTIONS, SETUP_ROTATION, SETUP_TILE

from .builders import CAT, GAME


def _setup(players: int, seed: int = 1, options=None):
    state = GAME.new_state(players, options)
    rng = Rng(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_the_published_starting_position(players):
    state = _setup(players)
    layout = CAT.layouts[players]
    assert state.phase == ACTIONS and state.current_player() == state.first
    # The layout: tiles drawn into the slots in order, rotation 0; shrines at the listed hexes.
    assert [(q, r) for _, q, r, _ in state.board.tiles] == list(layout.centres)
    assert all(k == 0 for *_, k in state.board.tiles)
    assert state.board.shrines == layout.shrines
    assert len(state.tiles_left) == 22 - len(layout.centres)
    # Each player: stacks of 5, 7, 7, 7 after one building of each went face up to the storage board.
    for p in range(players):
        assert state.stacks[p] == (5, 7, 7, 7)
        stored = [CAT.buildings[b] for b, n in enumerate(state.storage[p]) for _ in range(n)]
        assert len(stored) == 4 and sum(b.main for b in stored) == 1
        assert sum(state.unseen[p]) == 26
    # Hands 4, 5, 6, 7 in turn order from the start player; 60 cards in all; amphorae in the supply.
    sizes = [sum(state.hands[(state.first + i) % players]) for i in range(players)]
    assert sizes == [4, 5, 6, 7][:players]
    assert sum(state.deck) + sum(sizes) == 60 and state.discard == (0, 0, 0, 0)
    assert state.supply == 15 and state.amph == [0] * players
    assert state.occ == 0 and state.placed == [0] * players  # no buildings on the board


def test_start_player_is_drawn_and_every_seat_can_start():
    firsts = {_setup(2, seed).first for seed in range(12)}
    assert firsts == {0, 1}


def test_tiles_are_drawn_uniformly_one_at_a_time():
    state = GAME.new_state(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 22 and all(p == pytest.approx(1 / 22) for _, p in outcomes)
    state.apply(DrawBoardTile("T07"))
    assert len(state.chance_outcomes()) == 21 and state.board.tiles == ((6, 0, 0, 0),)


def test_random_start_rotation_option():
    state = GAME.new_state(2, {"start_rotation": "random"})
    state.apply(DrawBoardTile("T04"))
    assert state.phase == SETUP_ROTATION
    outcomes = dict((a.rotation, p) for a, p in state.chance_outcomes())
    assert sorted(outcomes) == [0, 1, 2, 3, 4, 5] and sum(outcomes.values()) == pytest.approx(1)
    state.apply(TurnStartTile(2))
    assert state.phase == SETUP_TILE and state.board.tiles == ((3, 0, 0, 2),)
    # T04 = W M . . . F H turned 2 x 60° clockwise: E (M) -> SW, SW (F) -> NW, SE (H) -> W.
    board = state.board
    symbol = {board.cells[c]: board.symbol[c] for c in range(board.size)}
    assert symbol[(0, 0)] == 0  # the centre stays W
    assert symbol[(-1, 1)] == 1 and symbol[(0, -1)] == 2 and symbol[(-1, 0)] == 3
    assert [symbol[h] for h in ((1, 0), (1, -1), (0, 1))] == [-1, -1, -1]
