"""Building houses, squares, palaces and statues (spec §4.3, §4.5) and supply limits (§2).
Spec test cases 2, 3, 4, 14, 15 and 24."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.hellas.actions import Build, ChooseAction, Decline, TakeMarble
from hellenika.games.hellas.phases import BUILD, CHOOSE, STATUE, TAKE

from .builders import BLUE, GREEN, RED, choose, place, set_marble, set_quarries, setup, snapshot


def build(s, piece, space):
    s.apply(Build(piece, space), seat=s.current_player())


def rejects(s, action, rule, text=""):
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert text in str(info.value)
    assert snapshot(s) == before
    return info.value


def test_spec_2_building_cost_by_space():
    s = setup(3)
    choose(s, "house1")
    build(s, "house", "0,4")  # coast
    assert s.marble[RED] == 9
    build(s, "house", "1,4")  # Blue, interior
    assert s.marble[BLUE] == 8
    s.apply(Decline())
    choose(s, "palace")  # Blue's turn
    build(s, "palace", "0,7")  # Blue: coast palace
    assert s.marble[BLUE] == 3
    build(s, "palace", "1,5")  # Green: interior palace
    assert s.marble[GREEN] == 3
    set_marble(s, 9, 3, 3)
    s.apply(Decline())  # Red
    choose(s, "house-square")  # Green
    s.apply(Decline())  # Green
    build(s, "square", "0,6")  # Red: coast square
    assert s.marble[RED] == 8


def test_labels_say_where_and_what_it_costs():
    s = setup(3)
    choose(s, "house1")
    assert s.label(Build("house", "3,4")) == "Build a house on 3,4 (interior, 2 marble)"
    assert s.label(Build("house", "0,4")) == "Build a house on 0,4 (coast, 1 marble): mines +1"
    assert s.label(Decline()) == "Decline (build nothing)"


def test_spec_3_illegal_targets():
    s = setup(3)
    set_quarries(s, {"0,5": [12], "10,6": [18], "2,10": [31]}, worker="5,5", closed=["2,10"])
    set_quarries(s, {"0,5": [12], "10,6": [18], "2,10": [31], "7,3": [5]}, worker="5,5", closed=["2,10"])
    place(s, BLUE, "house", "0,4")
    choose(s, "house1")
    for space, what in (("0,5", "quarry"), ("2,4", "quarry"), ("2,10", "quarry"), ("3,5", "temple")):
        rejects(s, Build("house", space), "hellas §4.5", what)
    rejects(s, Build("house", "0,4"), "hellas §4.5", "taken by {p1}'s house")
    rejects(s, Build("house", "0,0"), "hellas §7", "no space")
    rejects(s, Build("palace", "1,4"), "hellas §4.4", "no palace")
    build(s, "house", "1,4")
    s.apply(Decline())
    s.apply(Decline())
    choose(s, "house-square")  # Blue
    for piece in ("house", "square"):
        for space in ("0,5", "2,4", "2,10", "3,5", "1,4"):
            rejects(s, Build(piece, space), "hellas §4.5")
    s.apply(Decline())
    s.apply(Decline())
    s.apply(Decline())
    choose(s, "palace")  # Green
    for space in ("0,5", "2,4", "2,10", "3,5", "1,4"):
        rejects(s, Build("palace", space), "hellas §4.5")


def test_spec_4_statue_placement():
    s = setup(3)
    choose(s, "statue")
    set_marble(s, 10, 10, 10)
    assert s.phase == STATUE and s.current_player() == RED
    rejects(s, Build("statue", "0,4"), "hellas §4.5", "statues go on interior spaces; 0,4 is on the coast")
    rejects(s, Build("statue", "2,4"), "hellas §4.5", "quarry")
    rejects(s, Build("house", "4,4"), "hellas §4.5", "building action")
    assert all(not s.b.is_coast[s.b.index_of[a.space]] for a in s.legal_actions() if isinstance(a, Build))
    assert s.label(Build("statue", "4,4")) == "Build a statue on 4,4 (interior, 7 marble)"
    build(s, "statue", "4,4")
    assert s.marble[RED] == 3 and s.pieces_left(RED, 3) == 2
    assert s.phase == CHOOSE and s.active == BLUE
    choose(s, "house1")
    set_marble(s, 10, 10, 10)
    rejects(s, Build("house", "4,4"), "hellas §4.5", "taken by a statue")


def test_spec_4_all_statues_built_blocks_the_space_and_does_nothing():
    s = setup(3)
    place(s, RED, "statue", "4,4", "6,5", "7,5")
    assert s.pieces_left(RED, 3) == 0
    set_marble(s, 20, 20, 20)
    choose(s, "statue")
    assert s.marble == [20, 20, 20]
    assert s.track[s.g.space_index["statue"]] == RED  # the marker stays: the space is blocked
    assert s.phase == CHOOSE and s.active == BLUE
    assert ChooseAction("statue") not in s.legal_actions()
    assert "all statues are built" in list(s.iter_log())[-1]


def test_statue_without_marble_or_declined_does_nothing():
    s = setup(3)
    set_marble(s, 6, 10, 10)
    choose(s, "statue")
    assert s.marble[RED] == 6 and s.phase == CHOOSE and s.active == BLUE
    s = setup(3)
    choose(s, "statue")
    set_marble(s, 7, 10, 10)
    assert s.label(Decline()) == "Decline (build no statue)"
    s.apply(Decline())
    assert s.marble[RED] == 7 and s.statues == 0 and s.active == BLUE


def test_shared_build_goes_clockwise_from_the_active_player():
    s = setup(4, start=2)
    choose(s, "house1")
    order = []
    while s.phase == BUILD:
        order.append(s.current_player())
        s.apply(Decline())
    assert order == [2, 3, 0, 1]


def test_spec_14_declining_a_shared_action():
    s = setup(3)
    set_marble(s, 10, 10, 10)
    choose(s, "palace")  # A
    s.apply(Decline())
    assert s.current_player() == BLUE and s.phase == BUILD
    build(s, "palace", "1,5")
    assert s.current_player() == GREEN
    build(s, "palace", "0,7")
    assert s.palaces[BLUE] and s.palaces[GREEN] and not s.palaces[RED]
    assert s.phase == CHOOSE and s.active == BLUE


def test_players_who_cannot_build_are_skipped():
    s = setup(3)
    set_marble(s, 10, 4, 10)
    choose(s, "palace")
    s.apply(Decline())
    assert s.current_player() == GREEN  # Blue cannot pay 5
    assert (
        "{p1} could not build (not enough marble for a palace)"
        in list(s.iter_log(["{p0}", "{p1}", "{p2}"]))[-1]
    )


def test_coast_only_when_marble_covers_only_the_coast():
    s = setup(3)
    set_marble(s, 1, 10, 10)
    choose(s, "house1")
    spaces = [a.space for a in s.legal_actions() if isinstance(a, Build)]
    assert spaces and all(s.b.cell(x).coast for x in spaces)
    rejects(s, Build("house", "1,4"), "hellas §4.5", "a house in the interior costs 2 marble; you have 1")
    set_marble(s, 6, 10, 10)
    build(s, "house", "1,4")
    s.apply(Decline())
    s.apply(Decline())
    choose(s, "palace")  # Blue's turn
    set_marble(s, 5, 10, 10)
    s.apply(Decline())
    s.apply(Decline())
    spaces = [a.space for a in s.legal_actions() if isinstance(a, Build)]
    assert s.current_player() == RED and spaces and all(s.b.cell(x).coast for x in spaces)


def test_spec_15_house_and_or_square():
    s = setup(3)
    set_marble(s, 10, 10, 10)
    choose(s, "house-square")
    # only a square
    build(s, "square", "0,6")
    assert s.phase == BUILD and s.current_player() == RED
    assert s.label(Decline()) == "Build nothing more"
    assert not [a for a in s.legal_actions() if isinstance(a, Build) and a.piece == "square"]
    s.apply(Decline())
    assert s.squares[RED] and not s.houses[RED] and s.marble[RED] == 9
    # both, not on the same space
    assert s.current_player() == BLUE
    build(s, "house", "1,4")
    rejects(s, Build("square", "1,4"), "hellas §4.5", "taken")
    rejects(s, Build("house", "1,5"), "hellas §4.5", "already built a house")
    build(s, "square", "1,5")
    assert s.current_player() == GREEN  # both built: Blue is done
    assert s.marble[BLUE] == 6


def test_spec_15_no_squares_left_still_builds_the_house():
    s = setup(3)
    place(s, RED, "square", "6,0", "9,5", "10,7")
    set_marble(s, 10, 10, 10)
    choose(s, "house-square")
    assert s.pieces_left(RED, 1) == 0
    assert not [a for a in s.legal_actions() if isinstance(a, Build) and a.piece == "square"]
    rejects(s, Build("square", "0,6"), "hellas §2", "all 3 of your squares")
    build(s, "house", "0,6")
    assert s.current_player() == BLUE  # nothing more to build: the turn passes on


def test_spec_15_square_first_then_house():
    s = setup(3)
    choose(s, "house-square")
    build(s, "square", "1,4")
    assert {a.piece for a in s.legal_actions() if isinstance(a, Build)} == {"house"}
    build(s, "house", "0,4")
    assert s.marble[RED] == 7 and s.current_player() == BLUE


def test_spec_24_supply_exhaustion():
    s = setup(3)
    houses = ["6,0", "6,1", "4,0", "4,1", "3,1", "2,1", "2,2", "1,2", "1,3", "9,4", "9,7", "9,8"]
    place(s, RED, "house", *houses)
    assert s.pieces_left(RED, 0) == 0
    choose(s, "house1")
    assert s.current_player() == BLUE  # Red cannot build a house: skipped
    build(s, "house", "0,4")
    assert s.current_player() == GREEN
    build(s, "house", "0,6")
    s2 = setup(3, start=1)
    place(s2, RED, "house", *houses)
    choose(s2, "house1")
    s2.apply(Decline())
    s2.apply(Decline())
    assert s2.phase == CHOOSE  # Red was skipped after Green
    log = list(s2.iter_log(["R", "B", "G"]))
    assert "R could not build (no houses left)" in log


def test_palaces_and_houses_run_out():
    s = setup(3)
    place(s, RED, "palace", "6,0", "6,1", "4,0")
    set_marble(s, 20, 0, 0)
    choose(s, "palace")
    assert s.phase == CHOOSE and s.active == BLUE  # nobody could build
    log = list(s.iter_log(["R", "B", "G"]))
    assert "R could not build (no palaces left)" in log
    assert "B could not build (not enough marble for a palace)" in log


def test_building_needs_no_adjacency_and_may_touch_other_players():
    s = setup(3)
    set_marble(s, 10, 10, 10)
    place(s, BLUE, "house", "1,5")
    choose(s, "house1")
    build(s, "house", "1,4")  # next to Blue's house
    build(s, "house", "10,5")  # far from everything
    assert s.houses[RED] and s.houses[BLUE].bit_count() == 2


def test_spec_3_statues_never_go_on_quarries_temples_or_taken_spaces():
    s = setup(3)
    set_quarries(s, {"0,5": [12], "10,6": [18], "2,4": [31], "7,3": [35]}, worker="5,5", closed=["7,3"])
    place(s, BLUE, "house", "3,4")
    choose(s, "statue")
    assert s.phase == STATUE
    for space, what in (
        ("0,5", "quarry"),  # coast quarry, active
        ("5,5", "quarry"),  # interior quarry, empty (the worker's)
        ("7,3", "quarry"),  # closed quarry
        ("3,5", "temple"),  # T8
        ("3,4", "taken by {p1}'s house"),
    ):
        rejects(s, Build("statue", space), "hellas §4.5", what)
    statue_spaces = {a.space for a in s.legal_actions() if isinstance(a, Build)}
    assert statue_spaces == {
        s.b.cells[c].id for c in s.free_cells if not s.b.is_coast[c]
    }  # every free interior building space, nothing else
    assert "3,4" not in statue_spaces and "5,5" not in statue_spaces


def test_statue_without_a_free_interior_space_is_not_performed():
    s = setup(3)
    for c in list(s.free_cells):
        if not s.b.is_coast[c]:
            s.free &= ~(1 << c)  # as if every interior space were built on
    s.free_cells = tuple(c for c in s.free_cells if s.b.is_coast[c])
    set_marble(s, 10, 10, 10)
    choose(s, "statue")
    assert s.marble[RED] == 10 and s.statues == 0 and s.phase == CHOOSE and s.active == BLUE
    assert "could not build a statue (no free interior space)" in list(s.iter_log())[-1]


def test_take_three_marble_gives_three():
    s = setup(3)
    choose(s, "marble")
    assert s.phase == TAKE and s.legal_actions() == [TakeMarble(), Decline()]
    s.apply(TakeMarble())
    assert s.marble == [13, 10, 10]
    assert s.track[s.g.space_index["marble"]] == RED
    assert s.phase == CHOOSE and s.active == BLUE


def test_house_and_or_square_decline_before_building_anything():
    s = setup(3)
    choose(s, "house-square")
    s.apply(Decline())
    assert s.marble[RED] == 10 and not s.houses[RED] and not s.squares[RED]
    assert s.current_player() == BLUE and s.phase == BUILD  # the others still get their chance
