"""Phase 4 (spec §4): adding tiles, building now or later, one-time gains, the strength purchase."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import BidAmount, BidOn, Build, BuyStrength, Pass, Reserve

from .builders import game, give, own, reveal, tile, top

CIVS = ["messene", "patras"]  # seat 0 bids first


def win(s, tile_id, coins=None):
    """Seat 0 bids on ``tile_id`` (the regular row), seat 1 passes: phase 4 for seat 0."""
    s.apply(BidOn(tile_id), seat=0)
    if top(s)[0] == step.AMOUNT:  # (a single possible amount is bid at once)
        s.apply(s.legal_actions()[0] if coins is None else BidAmount(coins), seat=0)
    s.apply(Pass(), seat=1)


def base_round(*tiles, **goods):
    s = game(2, civs=CIVS)
    give(s, 0, **goods)
    reveal(s, *tiles)
    return s


def exp_round(*tiles, hero="hector", colony="naxos", **goods):
    other = "penelope" if hero != "penelope" else "hector"
    s = game(2, expansion=True, civs=CIVS, heroes=[hero, other], colonies=[colony, "massilia"])
    give(s, 0, **goods)
    reveal(s, *tiles)
    return s


ROW = ("A12", "A14", "A07", "A05", "A01")  # Bridge, Street | Forest, Wheat fields, Quarry hills


def test_build_now_pays_wood_and_stone_then_gains():
    s = base_round(*ROW, wood=3, coins=6)
    win(s, "A12")
    assert top(s) == (step.BUILD, 0, tile("A12"))
    assert s.legal_actions() == [Build("none"), Reserve()]
    s.apply(Build("none"), seat=0)
    assert s.wood[0] == 1 and s.buildings[0] == (tile("A12"),) and s.unfinished[0] == 0
    assert s.inh[0] == 2 + 2  # Messene's 2 and the Bridge's +2


def test_luxury_goods_replace_missing_wood_two_for_one():
    s = base_round(*ROW, wood=1, lux=3)
    win(s, "A12")
    s.apply(Build("none"), seat=0)
    assert (s.wood[0], s.lux[0]) == (0, 1)


def test_reserve_puts_a_coin_on_the_building_which_works_at_once():
    s = base_round(*ROW, coins=6)
    win(s, "A12", coins=1)
    # No wood: reserving is the only choice, taken at once (the round runs on to its chits).
    assert s.unfinished[0] == 1 << tile("A12") and top(s) == (step.CHIT,)
    assert s.coins[0] == 6 - 1 - 1 + 2  # bid, the coin on the tile, income of 4 inhabitants
    assert s.inh[0] == 4  # the one-time gains come with it
    assert "reserves Bridge A12 with 1 coin" in "\n".join(s.iter_log())
    # Its income (1 food) arrives in phase 6 like a finished building's.
    assert s.food[0] == 2 + 1  # Messene's 2 food + the Bridge's 1


def test_leptis_magna_reserves_with_three_coins():
    s = exp_round(*ROW, colony="leptis", coins=4)
    win(s, "A12", coins=1)
    assert s.unfinished[0] == 1 << tile("A12")
    assert s.coins[0] == 4 - 1 - 3 + 2  # bid, 3 coins on the tile, then 2 coins of income (4 inh.)


def test_a_building_nobody_could_pay_goes_to_the_box():
    s = base_round(*ROW, coins=1)
    win(s, "A12", coins=1)
    assert s.buildings[0] == () and "goes to the box" in "\n".join(s.iter_log())


def test_one_time_gains_negative_inhabitants_floor_at_zero():
    s = base_round("A11", "A14", "A07", "A05", "A01", inh=1, wood=1, stone=2, coins=6)
    win(s, "A11", coins=2)  # Barracks: +4 coins, -2 inhabitants
    s.apply(Build("none"), seat=0)
    assert s.inh[0] == 0 and s.coins[0] == 6 - 2 + 4 + 1  # and 1 coin of income at 0 inhabitants


def test_one_time_goods_above_storage_become_luxury():
    s = game(2, civs=["korinth", "sparta"])
    give(s, 0, food=12, wood=3)
    s.round = 4  # stack B
    reveal(s, "B12", "B14", "B07", "B09", "B01")
    win(s, "B12", coins=2)  # Granary: +3 food
    s.apply(Build("none"), seat=0)
    # 12 + 3 = 15 > 13: 2 luxury; then the income (Korinth 1 food) overflows again.
    assert s.food[0] == 13 and s.lux[0] == 2 + 1


def test_andromeda_gets_three_more_coins_on_tiles_showing_coins():
    s = exp_round("A03", "A14", "A07", "A05", "A01", hero="andromeda", coins=6)
    win(s, "A03", coins=4)  # Silver hills: +5 coins
    assert top(s) == (step.STRENGTH, 0, tile("A03"))  # (she has food for strength: the round waits)
    assert s.coins[0] == 6 - 4 + 5 + 3
    assert "+5 coins (hero bonus)" in "\n".join(s.iter_log())
    s = exp_round("A07", "A14", "A12", "A05", "A01", hero="andromeda", coins=6)
    win(s, "A07", coins=2)  # Forest: no coin in its top right
    assert top(s) == (step.STRENGTH, 0, tile("A07")) and s.coins[0] == 6 - 2


def test_helen_gets_an_extra_inhabitant_with_every_land():
    s = exp_round(*("A07", "A12", "A14", "A05", "A01"), hero="helen", inh=0)
    win(s, "A07", coins=2)  # Forest: +2 inhabitants
    assert s.inh[0] == 2 + 1
    s = exp_round(*ROW, hero="helen", inh=0, wood=2)
    win(s, "A12", coins=1)  # Bridge, a building: +2 only
    s.apply(Build("none"), seat=0)
    assert s.inh[0] == 2


def test_daedalus_builds_for_two_wood_or_two_stone_less():
    s = exp_round("A15", "A14", "A07", "A05", "A01", hero="daedalus", wood=1, stone=1)
    win(s, "A15", coins=2)  # Port: 1 wood + 3 stone
    # 2 wood less -> 0 wood + 3 stone (unaffordable); 2 stone less -> 1 wood + 1 stone.
    assert s.legal_actions() == [Build("stone"), Reserve()]
    with pytest.raises(IllegalAction, match="costs 0 wood and 3 stone"):
        s.apply(Build("wood"), seat=0)
    with pytest.raises(IllegalAction, match="Daedalus builds Port for 2 wood or 2 stone less"):
        s.apply(Build("none"), seat=0)
    s.apply(Build("stone"), seat=0)
    assert (s.wood[0], s.stone[0]) == (0, 0)


def test_daedalus_bridge_costs_nothing():
    s = exp_round(*ROW, hero="daedalus")
    win(s, "A12", coins=1)  # Bridge: 2 wood, 2 less: free (the only discount that applies)
    assert top(s) == (step.BUILD, 0, tile("A12"))
    assert s.legal_actions() == [Build("wood"), Reserve()]


def test_seed_example_strength_for_the_bridge():
    """Seed: the player pays 3 wood and 1 stone (instead of 2 wood) for the Bridge and gains 4 strength."""
    s = exp_round(*ROW, wood=3, stone=1)
    win(s, "A12", coins=1)
    s.apply(Build("none"), seat=0)
    assert top(s) == (step.STRENGTH, 0, tile("A12"))
    s.apply(BuyStrength(True), seat=0)
    assert (s.wood[0], s.stone[0], s.strength[0]) == (0, 0, 4 + 4)  # Hector starts with 4


def test_case_21_achilles_gains_two_more():
    s = exp_round(*ROW, hero="achilles", wood=3, stone=1)
    win(s, "A12", coins=1)
    s.apply(Build("none"), seat=0)
    s.apply(BuyStrength(True), seat=0)
    assert s.strength[0] == 5 + 6


def test_case_22_no_strength_with_a_reserved_building():
    s = exp_round(*ROW, wood=0, stone=5, coins=6)
    win(s, "A12", coins=1)
    # The Bridge needs 2 wood: only reserving is possible, and it gives no strength purchase.
    assert s.unfinished[0] == 1 << tile("A12")
    assert s.strength[0] == 4 and top(s)[0] != step.STRENGTH


def test_case_23_strength_is_capped_at_29():
    s = game(2, expansion=True, civs=CIVS, heroes=["hector", "helen"], colonies=["naxos", "massilia"])
    give(s, 0, strength=27, stone=9, wood=1, coins=10)
    s.round = 7
    reveal(s, "C08", "C01", "C02", "C03", "C05")
    win(s, "C08", coins=8)  # Statue of Zeus, 8 PP
    s.apply(Build("none"), seat=0)
    s.apply(BuyStrength(True), seat=0)
    assert s.strength[0] == 29


def test_land_strength_costs_two_food_and_luxury_may_stand_in():
    s = exp_round("A07", "A12", "A14", "A05", "A01", food=1, lux=2)
    win(s, "A07", coins=2)  # Forest, 2 PP
    assert top(s) == (step.STRENGTH, 0, tile("A07"))
    s.apply(BuyStrength(True), seat=0)
    # 1 food and 2 luxury paid; then the round's income brings Messene's 2 food.
    assert (s.food[0], s.lux[0], s.strength[0]) == (0 + 2, 0, 4 + 2)


def test_no_strength_purchase_in_the_base_game():
    s = base_round(*ROW, wood=5, stone=5)
    win(s, "A12")
    s.apply(Build("none"), seat=0)
    assert s.strength == [0, 0] and top(s)[0] != step.STRENGTH


def test_no_strength_offer_without_the_goods():
    s = exp_round("A07", "A12", "A14", "A05", "A01", food=1, lux=1)
    win(s, "A07", coins=2)
    assert top(s)[0] != step.STRENGTH and s.strength[0] == 4


def test_lands_go_to_the_right_in_order():
    s = base_round(*("A07", "A12", "A14", "A05", "A01"))
    own(s, 0, "A09")
    win(s, "A07", coins=2)
    assert s.lands[0] == (tile("A09"), tile("A07"))


def test_abilities_stay_active_on_the_orange_side():
    s = exp_round(*("A07", "A12", "A14", "A05", "A01"), hero="helen", inh=0)
    s.flipped[0] = True
    win(s, "A07", coins=2)
    assert s.inh[0] == 2 + 1


def test_luxury_goods_may_stand_in_for_the_reserve_coin():
    s = base_round(*ROW, coins=1, lux=2)
    win(s, "A12", coins=1)  # no coins, no wood left: reserve with 2 luxury, at once
    assert s.unfinished[0] == 1 << tile("A12") and s.lux[0] == 0


def test_case_22_reserving_by_choice_also_forbids_the_strength_purchase():
    s = exp_round(*ROW, wood=5, stone=5, coins=6)
    win(s, "A12", coins=1)
    assert s.legal_actions() == [Build("none"), Reserve()]  # he could build now ...
    s.apply(Reserve(), seat=0)  # ... but puts a coin on it: no strength with this tile
    assert s.unfinished[0] == 1 << tile("A12") and s.strength[0] == 4
    assert top(s)[0] != step.STRENGTH and (s.wood[0], s.stone[0]) == (5, 5)
