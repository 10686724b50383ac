"""The heuristic player (rules of thumb) and the evaluation: always legal, deterministic, each important rule
pinned on a constructed position, and the evaluation ranking clearly better positions higher.

Positions are on the Pegasus side (2 players) with the builders' default quarries: 0,4 (tile 12, 1 marble
a house), 8,4 (18, 2 marble) and 2,9 (31, 3 marble), the worker on 4,4. Temples: T8 at 3,2, T6 at 2,7, T4 at
5,5, T5 at 7,5.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine import TERMINAL, Rng
from hellenika.games.hellas.actions import Build, ChooseAction, Decline, MoveWorker, Pillar, PlaceTile, Reveal
from hellenika.games.hellas.clock import clock
from hellenika.games.hellas.heuristics import evaluate, player_values
from hellenika.games.hellas.model import Model
from hellenika.games.hellas.phases import BUILD, CHOOSE, MINE_PLACE, MINE_WORKER, PILLARS
from hellenika.games.hellas.state import HellasState

from .builders import (
    BLUE,
    GAME,
    RED,
    choose,
    decline_everything,
    mine,
    place,
    set_marble,
    set_pillars,
    set_rings,
    setup,
    snapshot,
    take_marble,
)


def heuristic(s: HellasState, seed: int = 0):
    return GAME.heuristic_action(s, Rng(seed))


def red_to_choose_in_round(k: int) -> HellasState:
    """A 2-player game at round ``k`` (nothing built), Red to choose an action space."""
    s = setup(2, log=False)
    decline_everything(s, until_round=k)
    if s.current_player() != RED:
        take_marble(s)
    assert s.current_player() == RED and s.round == k
    return s


def red_city_at_t8(s: HellasState) -> None:
    place(s, RED, "house", "3,3")
    place(s, RED, "palace", "3,4")


# ---------------------------------------------------------------------- legal and deterministic


def play_to_decision(players: int, seed: int, steps: int) -> HellasState | None:
    """A position after ``steps`` actions, the decisions mixing heuristic and random choices."""
    rng = Rng(seed)
    s = GAME.new_state(players, log=False)
    for _ in range(steps):
        if s.current_player() == TERMINAL:
            return None
        if s.is_chance_node():
            s.apply_unchecked(s.sample_chance(rng))
        elif rng.random() < 0.5:
            s.apply_unchecked(GAME.heuristic_action(s, rng))
        else:
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randbelow(len(legal))])
    while s.is_chance_node():
        s.apply_unchecked(s.sample_chance(rng))
    return None if s.current_player() == TERMINAL else s  # type: ignore[return-value]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(8, 160))
def test_the_heuristic_choice_is_legal_deterministic_and_leaves_the_state_alone(players, seed, steps):
    s = play_to_decision(players, seed, steps)
    if s is None:
        return
    before = snapshot(s)
    choice = heuristic(s, seed)
    assert choice in s.legal_actions()
    assert heuristic(s, seed) == choice
    assert snapshot(s) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_run_to_the_end_with_checked_moves(players):
    rng = Rng(players)
    s = GAME.new_state(players, log=False)
    while s.current_player() != TERMINAL:
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(GAME.heuristic_action(s, rng))  # checked: raises if illegal
    assert max(s.scores()) > 10


# ---------------------------------------------------------------------- building


def test_a_house_goes_next_to_the_richest_active_quarry_that_is_not_the_next_to_close():
    s = setup(2, tiles=(3, 12, 29))  # 2,9 pays 3 marble a house, 8,4 pays 1, 0,4 pays 1
    choose(s, "house1")
    assert s.phase == BUILD
    assert heuristic(s) in {Build("house", cell) for cell in ("1,8", "3,8", "3,9", "2,8")}
    s = setup(2, tiles=(3, 29, 31))  # 8,4 and 2,9 both pay 3, but 2,9 has the highest top: it closes next
    choose(s, "house1")
    assert heuristic(s) in {Build("house", cell) for cell in ("8,5", "7,3", "7,4")}


def test_a_house_turns_a_lone_palace_into_a_city():
    s = red_to_choose_in_round(3)
    set_marble(s, 10, 10)
    place(s, RED, "palace", "3,3")  # next to T8
    choose(s, "house1")
    action = heuristic(s)
    assert isinstance(action, Build) and action.piece == "house"
    assert s.b.nbr[s.b.index_of["3,3"]] >> s.b.index_of[action.space] & 1


def test_a_palace_makes_a_city_of_the_village_next_to_a_temple():
    s = red_to_choose_in_round(2)
    set_marble(s, 10, 10)
    set_pillars(s, T8=5)
    place(s, RED, "house", "3,3", "4,3", "4,2")  # a village touching T8
    place(s, RED, "house", "7,8", "7,9")  # a village far from the temples
    choose(s, "palace")
    action = heuristic(s)
    assert isinstance(action, Build) and action.piece == "palace"
    village = sum(1 << s.b.index_of[cell] for cell in ("3,3", "4,3", "4,2"))
    assert s.b.nbr[s.b.index_of[action.space]] & village


def to_the_last_turn() -> HellasState:
    """Round 3 played without building up to the game's last turn, with two kinds of space still free then
    (houses and "marble"), so that the last marker has a choice to make."""
    s = red_to_choose_in_round(3)
    rng = Rng(3)
    decline = Decline()
    keep = ("house1", "house2", "house3", "marble")
    while s.phase != CHOOSE or s.turn < s.n * s.markers - 1:
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
        elif s.phase == CHOOSE:
            legal = s.legal_actions()
            free = [a for a in legal if a.space not in keep]  # type: ignore[attr-defined]
            s.apply(free[0] if free else legal[0])  # then a house: "marble" stays free to the end
        else:
            legal = s.legal_actions()
            s.apply(decline if decline in legal else legal[0])
    return s


def test_a_build_that_adds_nothing_at_the_end_is_declined_to_keep_the_marble():
    s = to_the_last_turn()
    set_marble(s, 9, 9)
    chooser = s.current_player()
    choose(s, "house2")
    assert s.current_player() == chooser and s.phase == BUILD
    assert heuristic(s) == Decline()  # a lone house scores nothing now; 9 marble keep 4 for the tie-break


def test_on_the_last_turn_marble_costs_exactly_the_points_and_tie_break_it_loses():
    s = to_the_last_turn()
    p = s.current_player()
    marble = [10, 10]
    marble[p] = 9
    set_marble(s, *marble)
    m = Model(s)
    assert m.spend_cost(p, 4) == pytest.approx(0.04)  # 9 -> 5: still 1 point, 4 -> 0 left over
    assert m.spend_cost(p, 5) == pytest.approx(1.0)  # 9 -> 4: one point less, the same left over
    assert m.spend_cost(1 - p, 1) == pytest.approx(0.96)  # the other's turns are over too: 10 -> 9
    s = setup(2)
    m = Model(s)
    assert m.spend_cost(RED, 4) == pytest.approx(4 * m.marble_value(RED))  # early on: what it could buy
    assert m.marble_value(RED) > 1


# ---------------------------------------------------------------------- temples, statues, quarries


def test_pillars_go_where_our_city_is_and_the_others_is_not():
    s = setup(2)
    red_city_at_t8(s)
    place(s, BLUE, "house", "2,6")
    place(s, BLUE, "palace", "1,6")  # Blue's city touches T6
    choose(s, "temple2")
    assert s.phase == PILLARS
    assert heuristic(s) == Pillar("T8")


def test_a_pillar_completes_a_temple_for_its_ring():
    s = setup(2)
    red_city_at_t8(s)
    set_pillars(s, T4=3)  # one slot left: a ring for whoever fills it
    choose(s, "temple2")
    assert heuristic(s) == Pillar("T4")


def test_a_temple_action_is_chosen_with_the_marble_and_a_city_next_to_a_temple():
    s = red_to_choose_in_round(3)
    set_marble(s, 10, 10)
    set_pillars(s, T8=2)
    red_city_at_t8(s)
    action = heuristic(s)
    assert isinstance(action, ChooseAction) and action.space.startswith("temple")


def test_a_statue_goes_where_it_touches_two_of_our_cities():
    s = red_to_choose_in_round(3)
    set_marble(s, 10, 10)
    place(s, RED, "house", "3,4")
    place(s, RED, "palace", "2,4")
    place(s, RED, "house", "4,6")
    place(s, RED, "palace", "3,6")
    place(s, BLUE, "house", "6,3")
    place(s, BLUE, "palace", "6,4")
    choose(s, "statue")
    assert heuristic(s) == Build("statue", "3,5")  # touches 3,4 and 3,6 / 4,6: both Red cities


def test_mine_marble_is_chosen_when_we_earn_more_and_avoided_when_the_others_do():
    s = setup(2)
    place(s, RED, "house", "1,8", "3,8", "3,9")  # 9 marble per Mine marble
    assert heuristic(s) == ChooseAction("mine1")
    s = setup(2)
    place(s, BLUE, "house", "1,8", "3,8", "3,9")
    place(s, RED, "house", "0,3")
    assert heuristic(s) != ChooseAction("mine1")


def test_a_drawn_tile_raises_our_quarry_not_theirs():
    s = setup(2, tiles=(36, 18, 20))
    place(s, RED, "house", "1,8", "3,8")  # around 2,9 (top 20: 2 marble a house)
    place(s, BLUE, "house", "8,5", "7,3")  # around 8,4 (top 18: 2 marble a house)
    mine(s, "mine1")
    s.apply(Reveal(30))  # fits on 2,9 and 8,4 and makes it pay 3
    assert s.phase == MINE_PLACE
    assert heuristic(s) == PlaceTile("2,9")


def test_a_drawn_tile_does_not_make_our_quarry_the_next_to_close():
    s = setup(2, tiles=(12, 25, 20))
    place(s, RED, "house", "1,8", "3,8")  # around 2,9 (top 20)
    place(s, BLUE, "house", "8,5", "7,3")  # around 8,4 (top 25)
    mine(s, "mine1")
    s.apply(Reveal(30))  # wherever it goes, that quarry becomes the highest: the next to close
    assert s.phase == MINE_PLACE
    assert heuristic(s) == PlaceTile("8,4")


def test_the_worker_moves_to_the_empty_quarry_our_houses_surround():
    s = setup(2)
    place(s, RED, "house", "6,6", "6,8", "7,7")  # around the empty quarry 6,7
    place(s, BLUE, "house", "1,3")
    mine(s, "mine1")
    s.apply(Reveal(5))  # lower than every top: opens the worker's quarry
    assert s.phase == MINE_WORKER
    assert heuristic(s) == MoveWorker("6,7")


# ---------------------------------------------------------------------- the evaluation


def test_evaluate_prefers_a_city_at_a_full_temple_to_a_village():
    s = setup(2)
    set_pillars(s, T8=6)
    place(s, RED, "house", "3,3")
    place(s, BLUE, "house", "6,3")
    even = evaluate(s, RED)
    place(s, RED, "palace", "3,4")
    assert evaluate(s, RED) > even + 3
    assert evaluate(s, BLUE) == pytest.approx(-evaluate(s, RED))


def test_evaluate_counts_marble_income_and_rings():
    s = setup(2)
    base = evaluate(s, RED)
    set_marble(s, 20, 10)
    assert evaluate(s, RED) > base
    s = setup(2)
    place(s, RED, "house", "1,8")  # next to the 3-marble quarry
    place(s, BLUE, "house", "5,0")  # next to nothing
    assert evaluate(s, RED) > 2
    s = setup(2)
    set_rings(s, 2, 0)
    assert evaluate(s, RED) > 3.5


def test_evaluate_at_the_end_is_the_final_margin_with_the_tie_break():
    s = setup(2, log=False)
    decline_everything(s)
    assert s.current_player() == TERMINAL
    scores = s.scores()
    marble = s.marble
    expected = scores[RED] - scores[BLUE] + 0.01 * (marble[RED] % 5 - marble[BLUE] % 5)
    assert evaluate(s, RED) == pytest.approx(expected)


def test_with_more_players_the_evaluation_combines_the_pairwise_margins():
    s = setup(3)
    place(s, RED, "house", "3,3")
    place(s, RED, "palace", "3,4")
    values = player_values(s)
    assert values[RED] > values[BLUE]
    assert evaluate(s, RED) > 0 > evaluate(s, BLUE)
    estimate = GAME.estimate_returns(s)
    assert len(estimate) == 3 and all(-1 < r < 1 for r in estimate)
    assert estimate[RED] == max(estimate)


def test_the_clock_runs_down_to_the_end():
    s = setup(2, log=False)
    early = clock(s)
    decline_everything(s, until_round=3)
    late = clock(s)
    assert early.left == 1.0 and 0 < late.left < early.left
    assert late.mv < early.mv and late.mines < early.mines
