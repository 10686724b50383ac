"""Twins (docs/rules/hellas_delonge.md, "Twins are accepted"): a choice left out of the legal actions
because an offered one is interchangeable with it (a rotation that looks like an offered one, the other of
two alike tiles) is accepted and played as the offered one; what is really illegal still raises, naming the
rule, and a tile the player has not seen is never a twin.
"""

from __future__ import annotations

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.games.hellas_delonge import phases as ph

from .builders import LIGHT, expect_twin, legal, play, position
from .test_setup import dealt

# Light's island two steps east of the dolphin: the site (1,0) between them touches sea on W and E.
OPPOSITE = [("T01", 2, 0, 0, LIGHT, 1, 2), ("T02", -1, 0, 0, 1, 1, 0)]
TILES = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, 1, 1, 0)]


def test_a_rotation_that_looks_like_an_offered_one_is_played_as_it_at_setup():
    # T17 (LSSLSS) looks the same after half a turn: turn 4 is turn 1, turn 5 is turn 2.
    s = play(dealt(), "tile T17", "at 1 0")
    assert s.phase == ph.SETUP_TURN and legal(s) == ["turn 1", "turn 2"]
    with pytest.raises(IllegalAction, match=r"§5\.1 P3: rotation 3 does not fit there"):
        play(s, "turn 3")  # turn 0 again: land would face the dolphin
    with pytest.raises(IllegalAction, match=r"§2\.1"):
        play(s, "turn 7")
    expect_twin(s, "turn 4", "turn 1")
    assert s.board.rots[1] == 1


def test_a_rotation_that_looks_like_an_offered_one_is_played_as_it_in_a_voyage():
    s = play(position(OPPOSITE, stack=["T17", "T05"]), "voyage", "tile T17", "at 1 0")
    assert s.phase == ph.V_TURN and legal(s) == ["turn 1", "turn 2"]
    with pytest.raises(IllegalAction, match=r"§5\.1 P3"):
        play(s, "turn 0")
    expect_twin(s, "turn 5", "turn 2")


def test_the_other_of_two_alike_tiles_is_put_back_as_the_first_by_the_oracle():
    s = position(TILES, hands=(("Z6",), ()), stack=["T04", "T05", "T06", "T07", "T12", "T18"])
    play(s, "play Z6", "peek T04", "peek T05", "peek T12")
    assert s.phase == ph.ORACLE and legal(s) == ["order T04", "order T12"]
    # T06 is alike too, but still face down in the stack: not one Light could choose.
    with pytest.raises(IllegalAction, match=r"§8\.3 Z6: T06 is not one of the tiles still to put back"):
        play(s, "order T06")
    expect_twin(s, "order T05", "order T04")
    assert s.phase == ph.ORACLE and legal(s) == ["order T05", "order T12"]


def test_the_other_of_two_alike_drawn_tiles_is_kept_as_the_first_with_a_sea_chart():
    """Two alike tiles are one choice, which runs itself in play; an edited position asks it, as a state
    restored from elsewhere could."""
    s = position(TILES, stack=["T03", "T23", "T05", "T06", "T07"], hands=(("P2",), ()))
    play(s, "voyage", "play P2", "tile T03", "tile T23")
    assert s.phase == ph.V_CHOOSE
    ids = s.cat.tile_by_id
    s.drawn = (ids["T05"], ids["T06"])
    s.pool = s.pool & ~(1 << ids["T05"] | 1 << ids["T06"]) | 1 << ids["T03"] | 1 << ids["T23"]
    s._legal = None
    assert legal(s) == ["use T05"]
    with pytest.raises(IllegalAction, match=r"§8\.3 P2: T07 is not one of the drawn tiles \(T05, T06\)"):
        play(s, "use T07")  # alike, but not drawn
    expect_twin(s, "use T06", "use T05")
    assert s.bottom == (ids["T06"],) and s.v_tile == ids["T05"]
