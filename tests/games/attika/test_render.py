"""The terminal picture: fits 100 columns at every stage of a game (the map switches to 2 columns per hex
when the board has grown wide), shows the choice numbers on the map, and never another player's hand."""

from __future__ import annotations

import pytest
from rich.console import Console

from hellenika.engine import Rng
from hellenika.games.attika.phases import DRAWN, PLACE, TILE_PLACE
from hellenika.games.attika.render import render_map

from .builders import GAME, act, position


def picture(state, seat) -> list[str]:
    console = Console(width=100, record=True, force_terminal=False)
    console.print(GAME.render(state, seat, ["Ann", "Bob", "Cy", "Di"][: state.n]))
    return console.export_text().splitlines()


@pytest.mark.parametrize("players", [2, 4])
def test_the_picture_fits_100_columns_all_game_long(players):
    state = GAME.new_state(players)
    rng = Rng(players)
    step = 0
    while not state.is_terminal():
        if step % 40 == 0 or state.phase in (TILE_PLACE,):
            seat = state.current_player() if state.current_player() >= 0 else None
            board = render_map(state, seat).plain.splitlines()
            assert max(len(line) for line in board) <= 100  # the map itself never wraps
            assert picture(state, seat)
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.is_chance_node() else legal[rng.randbelow(len(legal))])
        step += 1
    text = "\n".join(picture(state, None))
    assert "Winner:" in text or "without a winner" in text


def test_choice_numbers_are_drawn_on_the_map():
    state = position(hands=["WWWWW", ""], storage=[["STREET"], []])
    act(state, "build STREET")
    assert state.phase == PLACE
    text = "\n".join(picture(state, 0))
    for i in range(1, 8):
        assert f"{i}" in text
    # Another seat sees the map without numbers.
    assert " 1W" not in "\n".join(picture(state, 1))


def test_other_hands_and_the_drawn_building_stay_hidden():
    state = position(hands=["WWM", "FFHH"])
    act(state, "draw 1", "reveal ACADEMY")
    assert state.phase == DRAWN
    mine = "\n".join(picture(state, 0))
    theirs = "\n".join(picture(state, 1))
    assert "W2 M1 F0 H0" in mine and "4 cards" in mine
    assert "W0 M0 F2 H2" in theirs and "3 cards" in theirs
    assert "Academy" in mine and "Drawn: a building from stack 1" in theirs and "Academy" not in theirs
