"""Villages and cities (spec §5) and scoring (§6): live components, end-only components, the tie-break and
shared wins. Spec test cases 16-18 and 20-25, the seed's scoring example, and property tests checking the
incremental cities and live score against a from-scratch computation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.engine import TERMINAL, Rng
from hellenika.games.hellas import scoring
from hellenika.games.hellas.actions import Build
from hellenika.games.hellas.cities import groups_of, is_city
from hellenika.games.hellas.phases import OVER

from .builders import (
    BLUE,
    GREEN,
    RED,
    choose,
    decline_everything,
    place,
    set_marble,
    set_pillars,
    set_rings,
    setup,
)


def parts(s, p):
    city, temples, statues, rings = s.live_scores()[p]
    return {"largest city": city, "temples": temples, "statues": statues, "rings": rings}


def finish(s, rng_seed=0):
    """Play to the end building nothing; the position (pieces, pillars, statues) is unchanged."""
    decline_everything(s, Rng(rng_seed))
    assert s.current_player() == TERMINAL and s.phase == OVER


def test_spec_16_city_formation_via_square():
    s = setup(3)
    place(s, RED, "house", "2,6")
    place(s, RED, "palace", "1,4")
    assert parts(s, RED)["largest city"] == 0  # not adjacent: no city
    choose(s, "house-square")
    s.apply(Build("square", "1,5"))
    assert len(s.groups[RED]) == 1
    assert parts(s, RED)["largest city"] == 3


def test_spec_17_lone_palace_then_house():
    s = setup(3)
    set_pillars(s, T4=4, T8=3)
    place(s, RED, "palace", "3,7")
    assert s.scores()[RED] == 0  # a palace alone is no city, though it touches T4
    choose(s, "house1")
    s.apply(Build("house", "3,6"))
    assert parts(s, RED) == {"largest city": 2, "temples": 7, "statues": 0, "rings": 0}


def test_spec_18_village_next_to_temple_scores_only_once_it_is_a_city():
    s = setup(3, start=BLUE)
    set_pillars(s, T4=4, T8=3)
    place(s, BLUE, "house", "2,6")
    assert parts(s, BLUE)["temples"] == 0
    before = s.scores()[BLUE]
    choose(s, "palace")
    s.apply(Build("palace", "1,6"))
    assert parts(s, BLUE)["temples"] == 7 and parts(s, BLUE)["largest city"] == 2
    assert s.scores()[BLUE] - before == 9


def test_spec_20_statue_scoring_and_merge():
    s = setup(3)
    place(s, RED, "statue", "4,4")
    place(s, RED, "palace", "3,3")
    place(s, RED, "house", "3,4")  # city A
    place(s, RED, "house", "5,4")
    place(s, RED, "palace", "6,4")  # city B
    assert parts(s, RED)["statues"] == 6
    assert parts(s, RED)["largest city"] == 2
    choose(s, "house1")
    s.apply(Build("house", "4,5"))  # joins A and B
    assert len(s.groups[RED]) == 1
    members, reach = s.groups[RED][0]
    assert members.bit_count() == 5
    assert reach >> s.b.index_of["3,5"] & 1 and reach >> s.b.index_of["5,5"] & 1  # touches T8 and q(5,5)
    assert parts(s, RED)["statues"] == 3  # the live score went down
    assert parts(s, RED)["largest city"] == 5


def test_spec_21_largest_city_tie_counts_once():
    s = setup(3)
    place(s, RED, "palace", "0,4")
    place(s, RED, "house", "1,3", "1,2", "2,2")
    place(s, RED, "palace", "9,4")
    place(s, RED, "house", "9,5", "10,5", "9,6")
    assert len(s.groups[RED]) == 2
    assert parts(s, RED)["largest city"] == 4


def test_other_players_statues_temples_and_quarries_never_connect():
    s = setup(3)
    place(s, RED, "house", "1,4")
    place(s, BLUE, "house", "1,5")
    place(s, RED, "house", "1,6")  # touches Red's 1,4? no: 1,5 is Blue's
    assert len(s.groups[RED]) == 2
    place(s, RED, "statue", "2,5")
    assert len(s.groups[RED]) == 2
    s2 = setup(3)
    place(s2, RED, "house", "2,6", "1,7")  # both touch T4 (2,7) but not each other... 2,6-1,7? no
    place(s2, RED, "house", "3,6")
    assert len(s2.groups[RED]) == 2  # 2,6 and 3,6 joined; 1,7 apart (the temple does not connect)


def test_a_group_without_a_house_scores_nothing():
    s = setup(3)
    set_pillars(s, T4=4)
    place(s, RED, "palace", "1,6")
    place(s, RED, "square", "2,6")
    assert parts(s, RED) == {"largest city": 0, "temples": 0, "statues": 0, "rings": 0}
    place(s, RED, "house", "3,6")
    assert parts(s, RED)["largest city"] == 3


def test_a_city_may_hold_several_palaces_and_cities_merge():
    s = setup(3)
    place(s, RED, "palace", "6,0", "6,2")
    place(s, RED, "house", "7,1")  # 7,1 touches 6,0? 7 odd row: (6,1),(6,2) -- not 6,0
    place(s, RED, "house", "6,1")
    assert len(s.groups[RED]) == 1
    members, _ = s.groups[RED][0]
    assert is_city(members, s.houses[RED], s.palaces[RED]) and members.bit_count() == 4


def test_spec_22_rings_at_the_end():
    s = setup(3)
    finish(s)
    set_marble(s, 0, 0, 0)
    set_rings(s, 3, 3, 1)
    b = s.score_breakdown()
    assert [(x["rings"], x["ring majority"]) for x in b] == [(6, 3), (6, 3), (2, 0)]
    assert s.scores() == [9, 9, 2]
    set_rings(s, 0, 0, 0)
    assert [x["ring majority"] for x in s.score_breakdown()] == [0, 0, 0]


def test_ring_majority_and_marble_count_only_at_the_end():
    s = setup(3)
    set_rings(s, 2, 0, 0)
    set_marble(s, 20, 0, 0)
    assert s.score_breakdown()[RED] == {
        "largest city": 0, "temples": 0, "statues": 0, "rings": 4, "ring majority": 0, "marble": 0,
    }  # fmt: skip
    assert s.scores()[RED] == 4


def test_spec_23_marble_tie_break():
    s = setup(3)
    finish(s)
    # A and B finish on 40 VP including marble points: A 37 + 3 (18 marble), B 38 + 2 (14 marble).
    set_rings(s, 5, 5, 0)  # 10 + 3 each
    a_cells = grow(s, "2,6", 16, rows=range(4))  # north of T8
    b_cells = grow(s, "4,6", 17, rows=range(4, 11))  # south of it
    lay_city(s, RED, a_cells)
    lay_city(s, BLUE, b_cells)
    set_pillars(s, T8=8)  # the only temple with pillars; both cities touch it
    assert "T8" in temples_touched(s, a_cells) and "T8" in temples_touched(s, b_cells)
    assert [len(s.groups[p]) for p in (RED, BLUE)] == [1, 1]
    set_marble(s, 18, 14, 0)
    assert s.score_breakdown()[RED]["marble"] == 3 and s.score_breakdown()[BLUE]["marble"] == 2
    assert s.scores()[RED] == s.scores()[BLUE] == 40
    assert s.rank_key(RED) == (40, 3) and s.rank_key(BLUE) == (40, 4)
    assert s.ranking() == [2, 1, 3] and s.winners() == [BLUE]  # B wins on leftover marble
    set_marble(s, 19, 14, 0)  # A 3 VP, 4 over; B 2 VP, 4 over: equal remainders
    assert s.scores()[RED] == s.scores()[BLUE] == 40
    assert s.ranking() == [1, 1, 3] and s.winners() == [RED, BLUE]  # shared victory
    assert s.returns()[RED] == s.returns()[BLUE]


def test_seed_tie_break_example_seven_marble_leaves_two():
    assert scoring.leftover_marble(setup(3).comps, 7) == 2
    assert scoring.marble_points(setup(3).comps, 7) == 1


def test_spec_25_the_seed_scoring_example():
    s = setup(3)
    finish(s)
    set_pillars(s, T4=4, T6=6, T8=5)  # T4 and T6 complete, T8 (8 slots) with 5 columns
    place(s, RED, "statue", "2,5", "4,7")
    # Red's largest city: 6 houses, 2 squares, 2 palaces
    place(s, RED, "palace", "1,6", "2,9")
    place(s, RED, "square", "1,7", "1,8")
    place(s, RED, "house", "2,6", "3,6", "3,7", "2,8", "1,5", "1,9")
    # a second Red city, next to the 6-pillar temple and one of the statues
    place(s, RED, "house", "5,7")
    place(s, RED, "palace", "6,8")
    # two Green cities next to the 6-pillar temple
    place(s, GREEN, "house", "6,6")
    place(s, GREEN, "palace", "6,5")
    place(s, GREEN, "house", "7,7")
    place(s, GREEN, "palace", "8,8")
    # one Blue city next to a statue and the 8-pillar temple
    place(s, BLUE, "house", "3,4")
    place(s, BLUE, "palace", "3,3")
    set_rings(s, 0, 3, 2)  # Green has 2 rings; another player has more
    set_marble(s, 18, 0, 0)
    # The position is the seed's, not just its totals: which city touches what.
    cities = {p: [g for g in s.view(None)["players"][p]["groups"] if g["kind"] == "city"] for p in range(3)}
    big, small = sorted(cities[RED], key=lambda g: -g["size"])
    assert big["size"] == 10 and len(big["statues"]) == 2 and len(small["statues"]) == 1
    assert set(small["statues"]) < set(big["statues"])  # "also adjacent to one of these statues"
    assert sorted(t for g in cities[RED] for t in g["temples"]) == ["T4", "T6", "T8"]  # each touched once
    assert len(cities[GREEN]) == 2 and all("T6" in g["temples"] for g in cities[GREEN])
    assert [len(g["statues"]) for g in cities[BLUE]] == [1] and [g["temples"] for g in cities[BLUE]] == [
        ["T8"]
    ]
    b = s.score_breakdown()
    # Red: 10 + 9 + 15 + 3
    assert b[RED]["largest city"] == 10
    assert b[RED]["statues"] == 3 * 2 + 3 * 1 == 9
    assert b[RED]["temples"] == 4 + 6 + 5 == 15
    assert b[RED]["marble"] == 3 and scoring.leftover_marble(s.comps, s.marble[RED]) == 3
    # Green: 12 + 4, no majority
    assert b[GREEN]["temples"] == 6 + 6 == 12
    assert b[GREEN]["rings"] == 4 and b[GREEN]["ring majority"] == 0
    # Blue: 3 + 5
    assert b[BLUE]["statues"] == 3
    assert b[BLUE]["temples"] == 5
    assert b == [
        {"largest city": 10, "temples": 15, "statues": 9, "rings": 0, "ring majority": 0, "marble": 3},
        {"largest city": 2, "temples": 5, "statues": 3, "rings": 6, "ring majority": 3, "marble": 0},
        {"largest city": 2, "temples": 12, "statues": 0, "rings": 4, "ring majority": 0, "marble": 0},
    ]
    assert s.scores() == [37, 19, 18]


# ---------------------------------------------------------------------- helpers for large positions


def neighbours(s, cells):
    out = set()
    for space in cells:
        out |= {s.b.cells[d].id for d in s.b.nbr_cells[s.b.index_of[space]]}
    return out


def grow(s, start, size, rows):
    """A connected set of ``size`` free building spaces from ``start`` within ``rows`` (breadth first)."""
    cells = [start]
    frontier = [start]
    while frontier and len(cells) < size:
        here = frontier.pop(0)
        for d in s.b.nbr_cells[s.b.index_of[here]]:
            cell = s.b.cells[d]
            if cell.is_building and cell.id not in cells and cell.row in rows and s.free >> d & 1:
                cells.append(cell.id)
                frontier.append(cell.id)
                if len(cells) == size:
                    break
    assert len(cells) == size
    return cells


def lay_city(s, player, cells):
    """3 palaces, up to 12 houses, then squares."""
    place(s, player, "palace", *cells[:3])
    place(s, player, "house", *cells[3:15])
    place(s, player, "square", *cells[15:])


def temples_touched(s, cells):
    return {t.id for t in s.b.temples if s.b.cells[t.cell].id in neighbours(s, cells)}


# ---------------------------------------------------------------------- properties


def from_scratch(s, p):
    """The live components by the written rules, from the pieces alone (no incremental state)."""
    b = s.b
    own = s.houses[p] | s.squares[p] | s.palaces[p]
    return scoring.live_components(
        b, s.comps, groups_of(own, b.nbr), s.houses[p], s.palaces[p], s.pillars, s.statues, s.rings[p]
    )


@settings(max_examples=60, deadline=None)
@given(
    placements=st.lists(
        st.tuples(
            st.integers(0, 2), st.sampled_from(["house", "square", "palace", "statue"]), st.integers(0, 10**6)
        ),
        max_size=45,
    )
)
def test_incremental_cities_equal_a_from_scratch_flood_fill(placements):
    s = setup(3, log=False)
    for player, piece, pick in placements:
        if not s.free_cells:
            break
        if piece != "statue" and s.pieces_left(player, ["house", "square", "palace"].index(piece)) <= 0:
            continue
        cells = [c for c in s.free_cells if piece != "statue" or not s.b.is_coast[c]]
        place(s, player, piece, s.b.cells[cells[pick % len(cells)]].id)
    set_pillars(s, T4=2, T5=1, T6=3, T7=0, T8=5)
    for p in range(3):
        own = s.houses[p] | s.squares[p] | s.palaces[p]
        assert sorted(s.groups[p]) == sorted(groups_of(own, s.b.nbr))
        assert s.live_scores()[p] == from_scratch(s, p)
        cities = [m for m, _ in s.groups[p] if is_city(m, s.houses[p], s.palaces[p])]
        assert len(cities) <= 3  # three palaces: at most three cities at once (spec §5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_score_equals_the_written_formula_on_the_final_position(players):
    from hellenika.bots import GreedyBot, RandomBot
    from hellenika.engine import play_match
    from hellenika.games.hellas import GAME

    for seed in range(3):
        agents = [GreedyBot() if (seed + p) % 2 else RandomBot() for p in range(players)]
        state = play_match(GAME, players, agents, seed=seed).state
        majority = scoring.ring_majority(state.comps, state.rings)
        for p in range(players):
            city, temples, statues, rings = from_scratch(state, p)
            expected = city + temples + statues + rings + majority[p] + state.marble[p] // 5
            assert state.scores()[p] == expected
        assert sum(state.score_breakdown()[0].values()) == state.scores()[0]


def test_quarries_never_connect_groups_and_a_city_touching_a_quarry_scores_nothing_for_it():
    s = setup(3)
    place(s, RED, "house", "0,4", "0,6")  # both next to the quarry 0,5, not to each other
    assert len(s.groups[RED]) == 2
    place(s, RED, "palace", "1,4")  # touches 0,4 (and the quarry), not 0,6
    assert sorted(m.bit_count() for m, _ in s.groups[RED]) == [1, 2]
    place(s, RED, "square", "1,5")  # 1,5 touches 1,4 and 0,6: one city of 4
    assert len(s.groups[RED]) == 1
    assert s.live_scores()[RED] == (4, 0, 0, 0)


def test_a_statue_between_two_houses_does_not_connect_them():
    s = setup(3)
    place(s, RED, "statue", "4,4")
    place(s, RED, "house", "4,3", "4,5")  # both touch the statue, not each other
    place(s, RED, "palace", "3,3")  # touches 4,3 (and 4,4): a city of 2 next to the statue
    assert len(s.groups[RED]) == 2
    assert s.live_scores()[RED] == (2, 0, 3, 0)
