"""The heuristic player (strategy.py), the projection behind it (projection.py) and the evaluation.

Every decision the heuristic makes is legal and repeatable; each important rule of thumb is pinned on a
constructed position; the evaluation prefers a clearly better position. No test asserts a win rate or a time.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine import Rng
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    AbandonBuilding,
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Build,
    BuyStrength,
    ChooseIncome,
    Conquer,
    Hire,
    MoveBid,
    Pass,
    Reserve,
    SaveTile,
    TakeTile,
    UseOdysseus,
    Withdraw,
)
from hellenika.games.peloponnes.catalogue import EARTHQUAKE, PLAGUE
from hellenika.games.peloponnes.holdings import add_tile, holdings
from hellenika.games.peloponnes.projection import worth
from hellenika.games.peloponnes.timeline import timeline

from .builders import CAT, GAME, game, give, own, reveal, tile, top, trigger

CONFIGS = GAME.configurations()


def heuristic(s, seed: int = 0):
    return GAME.heuristic_action(s, Rng(seed))


def advance(s, rng: Rng, steps: int):
    """Play ``steps`` random actions (chance sampled), stopping at the end."""
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_unchecked(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randbelow(len(legal))])
    return s


# ---------------------------------------------------------------------- legal and repeatable


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_the_heuristic_always_chooses_a_legal_action(config, seed, steps):
    players, options = CONFIGS[config]
    s = advance(GAME.new_state(players, options, log=False), Rng(seed), steps)
    while not s.is_terminal() and s.is_chance_node():
        s.apply_unchecked(s.sample_chance(Rng(seed)))
    if s.is_terminal():
        return
    action = GAME.heuristic_action(s, Rng(seed))
    assert action in s.legal_actions()
    s.apply(action)  # checked


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_heuristic_games_run_to_the_end_with_checked_moves(players, options):
    s = GAME.new_state(players, options, log=False)
    rng = Rng(players * 7 + len(options))
    while not s.is_terminal():
        action = s.sample_chance(rng) if s.is_chance_node() else GAME.heuristic_action(s, rng)
        s.apply(action)
    assert s.round == 8 and len(s.returns()) == players


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 250))
def test_the_heuristic_is_deterministic_for_a_given_rng_and_reads_no_history(config, seed, steps):
    players, options = CONFIGS[config]
    s = advance(GAME.new_state(players, options, log=False), Rng(seed), steps)
    if s.is_terminal() or s.is_chance_node():
        return
    first = GAME.heuristic_action(s, Rng(seed))
    assert GAME.heuristic_action(s, Rng(seed)) == first
    assert GAME.heuristic_action(s.clone(), Rng(seed)) == first
    assert GAME.heuristic_action(GAME.state_from_json(s.to_json()), Rng(seed)) == first


def test_the_heuristic_leaves_the_state_unchanged():
    s = advance(GAME.new_state(3, {"expansion": True}, log=False), Rng(5), 40)
    while s.is_chance_node():
        s.apply_unchecked(s.sample_chance(Rng(1)))
    before = s.digest()
    GAME.heuristic_action(s, Rng(0))
    assert s.digest() == before


# ---------------------------------------------------------------------- bidding


def test_bids_for_the_food_its_inhabitants_need():
    """Round 3, ten inhabitants, no food and no food income: Wheat fields (3 food a round, 1 PP) beat the
    Timber camp and even the Bridge (4 PP, +2 inhabitants who would starve too)."""
    s = game(2, civs=["argos", "messene"])
    s.round = 3
    give(s, 0, inh=10, coins=10, food=0)
    reveal(s, "A05", "A10", "A07", "A12", "A02")  # Wheat fields, Timber camp | Forest, Bridge, Wooded hills
    assert top(s) == (step.BID, 1, 0)
    s.apply(Pass(), seat=1)
    assert heuristic(s) == BidOn("A05")


def test_never_bids_on_a_building_it_could_neither_build_nor_reserve():
    """Cyclopean Masonry needs 6 stone: with no stone, no luxury and coins for the bid only, it is no buy."""
    s = game(2, civs=["argos", "messene"])
    s.round = 7
    give(s, 0, coins=6, stone=0, wood=0, lux=0)
    give(s, 1, coins=0)
    reveal(s, "C01", "C03", "C02", "C05", "C06")  # Messene, with no coins, passes by itself
    assert top(s)[:2] == (step.BID, 0)
    assert BidOn("C01") in s.legal_actions()
    assert heuristic(s) != BidOn("C01")


def test_the_last_bidder_bids_the_least():
    s = game(2, civs=["argos", "messene"])
    give(s, 0, coins=12)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=1)  # Messene bids first, then Argos is the last bidder
    s.apply(BidOn("A14"), seat=0)
    assert heuristic(s) == BidAmount(1)


def test_raises_the_bid_so_that_the_later_bidder_does_not_take_the_tile_over():
    """Both want the Street; the rich later bidder would take it over at the least bid, so the first bidder
    bids enough that taking it over is no longer worth it for him."""
    s = game(2, civs=["messene", "patras"])
    give(s, 0, coins=12, stone=2)
    give(s, 1, coins=4, stone=2)
    reveal(s, "A14", "A05", "A09", "A10", "A07")
    s.apply(BidOn("A14"), seat=0)
    amount = heuristic(s)
    assert isinstance(amount, BidAmount) and amount.coins > 1


def test_an_outbid_player_moves_his_bid_to_the_free_tile_he_wants():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, coins=8)
    give(s, 1, coins=8)
    reveal(s, "A12", "A06", "A10", "A02", "A01")  # Bridge, Farmland | ...
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(3), seat=0)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(4), seat=1)
    assert top(s) == (step.DISPLACED, 0)
    assert s.legal_actions() == [MoveBid("A06"), Withdraw()]
    assert heuristic(s) == MoveBid("A06")


def test_prefers_a_land_that_keeps_its_options_open():
    """Land placement: after Wheat fields (food only) few lands fit; a land with wood and stone keeps most
    of the stacks open, so of two otherwise alike first lands it takes the wider one."""
    s = game(2, civs=["argos", "messene"])
    tl = timeline(s)
    h = holdings(s, 0)
    narrow = add_tile(s, 0, h, CAT.tile("A05"), 0)
    wide = add_tile(s, 0, h, CAT.tile("A05"), 0)
    wide.land_mask = CAT.tile("A02").income_mask  # the same land, as if it showed wood and stone
    assert worth(s, tl, wide, tiles_from=1) > worth(s, tl, narrow, tiles_from=1)


# ---------------------------------------------------------------------- adding tiles and income


def test_builds_now_with_its_own_goods():
    s = game(2, civs=["argos", "messene"])
    give(s, 0, coins=5, wood=5)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=1)
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(1), seat=0)
    assert top(s) == (step.BUILD, 0, tile("A12"))
    assert s.legal_actions() == [Build("none"), Reserve()]
    assert heuristic(s) == Build("none")


def test_reserves_when_building_now_would_eat_the_luxury_goods_it_needs_for_food():
    """Bridge (2 wood): no wood yet but 2 wood a round coming; the luxury goods are the only food for the
    supply round, so it reserves rather than pay with them."""
    s = game(2, civs=["argos", "messene"])
    own(s, 0, "A10")  # Timber camp: 2 wood a round
    give(s, 0, coins=5, wood=0, lux=8, inh=4, food=0)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=1)
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(1), seat=0)
    assert s.legal_actions() == [Build("none"), Reserve()]
    assert heuristic(s) == Reserve()


def test_picks_food_when_the_supply_round_is_short_of_it_and_stone_when_a_building_waits_for_it():
    s = game(2, civs=["argos", "messene"])
    s.round = 8  # the last income before the final supply round, the disasters past
    s.stack_left = [(), (), ()]
    s.placed = [3, 3, 3, 3, 3, 0]
    own(s, 0, "A15", "B03", "C01", "C08", "A07")  # Port (one good of choice a round) and plenty of PP
    give(s, 0, inh=9, food=5, coins=9, wood=6, stone=6)
    trigger(s, (step.INCOME,))
    assert top(s)[0] == step.INCOME_CHOICE
    assert heuristic(s) == ChooseIncome("food")

    s = game(2, civs=["argos", "messene"])
    s.round = 4
    own(s, 0, "A15", "A05", reserved=("B15",))  # Port; Wheat fields feed; the Temple needs 5 stone
    give(s, 0, inh=3, food=8, stone=4, coins=4)
    trigger(s, (step.INCOME,))
    assert heuristic(s) == ChooseIncome("stone")


# ---------------------------------------------------------------------- disasters and supply rounds


def test_with_means_for_one_of_two_buildings_in_an_earthquake_it_keeps_the_one_worth_more():
    s = game(2, civs=["argos", "messene"])
    own(s, 0, "A12", "C08")  # Bridge (4 PP) and Statue of Zeus (8 PP): 1 wood and 1 stone keep one
    give(s, 0, wood=1, stone=1, lux=0)
    trigger(s, (step.DISASTER_PLAYER, 0, EARTHQUAKE))
    assert top(s) == (step.SAVE, 0, EARTHQUAKE, tile("A12"))
    assert heuristic(s) == SaveTile("A12", False)


def test_with_means_for_one_of_two_reserved_buildings_it_finishes_the_one_worth_more():
    s = game(2, civs=["argos", "messene"])
    s.round = 8
    # Bridge (2 wood, 4 PP) or Workshop of Phidias (3 wood + 3 stone, 5 PP): not both.
    own(s, 0, "A07", reserved=("A12", "C06"))
    give(s, 0, inh=4, food=6, wood=3, stone=3, lux=0, coins=5)
    s.tasks = [(step.FINISHED,), (step.GAME_END,), (step.SUPPLY,)]
    s._run()
    assert top(s)[:3] == (step.FINISH, 0, tile("A12"))
    assert heuristic(s) == AbandonBuilding("A12")


def test_odysseus_spends_his_coin_against_a_heavy_plague():
    s = game(
        2,
        civs=["argos", "messene"],
        heroes=["odysseus", "helen"],
        colonies=["naxos", "massilia"],
        expansion=True,
    )
    give(s, 0, inh=12, food=13, coins=6)
    own(s, 0, "B15")  # drought protection only
    trigger(s, (step.DISASTER_PLAYER, 0, PLAGUE))
    assert top(s) == (step.ODYSSEUS, 0, PLAGUE)
    assert heuristic(s) == UseOdysseus(True)


# ---------------------------------------------------------------------- expansion: strength, mercenaries


def test_buys_strength_that_wins_the_next_internal_conflict():
    s = game(
        2,
        civs=["argos", "messene"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
        expansion=True,
    )
    give(s, 0, strength=3, wood=4, stone=4, food=6)
    give(s, 1, strength=5)
    trigger(s, (step.STRENGTH, 0, tile("A12")))  # Bridge: 4 PP of strength for 1 wood + 1 stone
    assert top(s)[0] == step.STRENGTH
    assert heuristic(s) == BuyStrength(True)


def test_hires_mercenaries_when_population_is_the_lower_side():
    s = game(
        2,
        civs=["argos", "messene"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
        expansion=True,
    )
    s.round = 8
    own(s, 0, "C01", "C08", "B03", "A07")
    give(s, 0, inh=3, food=10, coins=12)
    s.tasks = [(step.FINISHED,), (step.GAME_END,), (step.SUPPLY,), (step.END_ROUND,), (step.HIRE, 0, 0)]
    s._run()
    assert top(s) == (step.HIRE, 0, 0)
    choice = heuristic(s)
    assert isinstance(choice, Hire) and choice.count >= 6


def clover_ending(*choosers: int):
    """The end of a game in which seat 0 has 17 power points, 9 population points (Naxos: 3 a head) and
    four cloverleaves, seat 1 one; ``choosers`` assign theirs, the last first."""
    s = game(
        2,
        civs=["argos", "messene"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
        expansion=True,
    )
    own(s, 0, "C01", "C08")  # 15 PP + hero 2
    give(s, 0, inh=3, clovers=4, coins=0)
    give(s, 1, clovers=1)
    s.tasks = [(step.FINISHED,), *((step.CLOVERS, p) for p in choosers)]
    s._run()
    return s


def test_cloverleaves_go_where_they_lift_the_score():
    s = clover_ending(0)
    assert heuristic(s) == AssignCloverleaves(0)  # all four on population: 17 / 17


def test_the_evaluation_reads_the_cloverleaves_already_assigned():
    s = clover_ending(0, 1)
    s.apply(AssignCloverleaves(1), 1)
    assert top(s) == (step.CLOVERS, 0)
    values = {k: GAME.evaluate(after(s, AssignCloverleaves(k)), 0) for k in range(5)}
    assert values[0] == max(values.values())  # 17 / 17 beats every split that leaves population lower
    assert values[0] - values[4] == 8  # all four on power: 25 / 9, a score of 9 instead of 17
    assert len(set(values.values())) == 5


def after(s, action):
    c = s.clone()
    c.apply(action)
    return c


# ---------------------------------------------------------------------- solo


def test_solo_buys_a_tile_rather_than_pass():
    s = game(1, civs=["sparta"])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    assert top(s)[0] == step.SOLO_TAKE
    assert isinstance(heuristic(s), TakeTile)


def test_solo_against_angelos_weighs_what_he_takes():
    """Taking from the conquest row sends Angelos to the regular row (and denies him the strength)."""
    s = game(1, civs=["sparta"], expansion=True, angelos="hoplite")
    reveal(
        s, "A14", "A12", "A05", "A11", "A01"
    )  # regular: Street, Bridge | conquest: Wheat, Barracks, Quarry
    choice = heuristic(s)
    assert isinstance(choice, (TakeTile, Conquer))


# ---------------------------------------------------------------------- the evaluation


def test_evaluate_prefers_a_clearly_better_position():
    s = game(2, civs=["argos", "messene"])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    even = GAME.evaluate(s, 0)
    own(s, 0, "A05", "A12", "A13")
    give(s, 0, inh=6, food=6, coins=8)
    assert GAME.evaluate(s, 0) > even + 5
    assert GAME.evaluate(s, 1) == pytest.approx(-GAME.evaluate(s, 0))


def test_evaluate_counts_hunger_and_coming_disasters():
    s = game(2, civs=["argos", "pylos"])
    s.round = 7
    for p in (0, 1):
        own(s, p, "A07", "A12", "A14", "B10")
        give(s, p, inh=10, food=10, coins=5)
    assert GAME.evaluate(s, 0) == pytest.approx(0, abs=1)
    own(s, 0, "A05")  # Wheat fields: 3 food a round
    assert GAME.evaluate(s, 0) > 3  # the other's inhabitants go hungry at the last supply round
    s.lands[0] = s.lands[0][:-1]
    s.buildings[0] = (*s.buildings[0], tile("B01"))  # the Aqueduct: safe from the plague still to come
    assert GAME.evaluate(s, 0) > 3


def test_estimate_returns_are_in_range_and_exact_at_the_end():
    for players, options in [(2, {}), (4, {}), (1, {"expansion": True}), (3, {"expansion": True})]:
        s = GAME.new_state(players, options, log=False)
        rng = Rng(players)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_unchecked(s.sample_chance(rng))
                continue
            estimate = GAME.estimate_returns(s)
            assert len(estimate) == players and all(-1 <= x <= 1 for x in estimate)
            if players == 2:
                assert estimate[0] == pytest.approx(-estimate[1])
                assert estimate[0] == pytest.approx(math.tanh(GAME.evaluate(s, 0) / GAME.evaluation_scale))
            s.apply_unchecked(GAME.heuristic_action(s, rng))
        assert GAME.estimate_returns(s) == s.returns()
