"""Regrouping (spec §7, seed IV): the full regroup after a Burst, limits and final-state checks (case 23)."""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, LIGHT, legal, play, position

TILES = [
    ("T01", 1, 0, 0, LIGHT, 1, 2),
    ("T02", 0, 1, 0, LIGHT, 3, 1),
    ("T03", -1, 1, 0, LIGHT, 2, 0),
    ("T04", 3, -2, 0, DARK, 1, 1),
]


def regrouping():
    s = play(position(TILES), "burst", "stop")
    assert s.phase == ph.REGROUP and s.rg_dest == -1
    return s


def test_case_23_every_city_keeps_a_greek_but_may_lose_all_ships():
    s = regrouping()
    with pytest.raises(IllegalAction, match="city 1 must keep at least one Greek"):
        play(s, "march 1 3")
    play(s, "sail 2 3")
    assert s.ships[2] == 0  # no minimum for ships


def test_moves_anywhere_within_your_territory_without_adjacency():
    s = regrouping()
    play(s, "march 2 1", "march 2 3", "sail 1 3")
    assert [s.greeks[c] for c in (1, 2, 3)] == [2, 1, 3]
    assert [s.ships[c] for c in (1, 2, 3)] == [1, 1, 1]
    assert s.greeks_on_map(LIGHT) == 6 and s.ships_on_map(LIGHT) == 3  # nothing to or from the supply


def test_caps_of_three():
    s = regrouping()
    play(s, "march 2 3")
    with pytest.raises(IllegalAction, match="city 3 already has 3 Greeks"):
        play(s, "march 2 3")
    play(s, "sail 2 1")
    assert s.ships[1] == 3
    tiles = [TILES[0], ("T02", 0, 1, 0, LIGHT, 3, 3), *TILES[2:]]
    s = play(position(tiles), "burst", "stop", "sail 2 1")
    with pytest.raises(IllegalAction, match="city 1 already has 3 ships"):
        play(s, "sail 2 1")


def test_no_piece_goes_back_and_forth():
    s = regrouping()
    play(s, "march 2 1")
    assert "march 1 2" not in legal(s)
    with pytest.raises(IllegalAction, match="received Greeks"):
        play(s, "march 1 3")
    with pytest.raises(IllegalAction, match="sent Greeks"):
        play(s, "march 3 2")
    play(s, "sail 1 2")  # Greeks and ships are separate
    play(s, "done")
    assert s.phase == ph.END or s.active == DARK


def test_enemy_cities_are_not_part_of_a_regroup():
    s = regrouping()
    with pytest.raises(IllegalAction, match="not yours"):
        play(s, "march 2 4")
    with pytest.raises(IllegalAction, match="dolphin"):
        play(s, "sail 0 1")


def test_no_regroup_after_a_failed_action():
    tiles = [("T12", 1, 0, 0, LIGHT, 3, 1), ("T08", 0, 1, 5, DARK, 3, 1), ("T01", -1, 0, 0, LIGHT, 1, 1)]
    s = play(position(tiles), "attack 2", "commit 2", "resolve")
    assert s.active == DARK


def test_regroup_moves_kept_on_the_game_match_fresh_ones_across_interleaved_games():
    """The last regroup moves are kept on the game (shared by every state) by the masks they were made from,
    and a regroup's masks are kept up to date move by move: two games played in turn, and a clone going
    its own way, list the same moves as a state restored from JSON, which works them out afresh."""
    from hellenika import games
    from hellenika.engine.rng import Rng

    game = games.get("hellas_delonge")
    states = [game.new_state(2, log=False) for _ in range(2)]
    rngs = [Rng(3), Rng(4)]
    checked = 0
    for _ in range(1500):
        for s, rng in zip(states, rngs, strict=True):
            if s.is_terminal():
                continue
            if s.is_chance_node():
                s.apply_unchecked(s.sample_chance(rng))
                continue
            options = s.legal_actions()
            if s.phase == ph.REGROUP:
                assert game.state_from_json(s.to_json()).legal_actions() == options
                fork = s.clone()
                fork.apply_unchecked(options[0])
                assert fork.legal_actions() == game.state_from_json(fork.to_json()).legal_actions()
                assert s.legal_actions() == options
                checked += 1
            s.apply_unchecked(options[rng.randbelow(len(options))])
    assert checked > 100
