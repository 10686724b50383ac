"""Phases 5 and 6 (spec §4): population growth, income from the inhabitant track and the tiles."""

from __future__ import annotations

import pytest

from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import ChooseIncome

from .builders import game, give, own, top, trigger


def income(s):
    trigger(s, (step.POPULATION,), (step.INCOME,))


@pytest.mark.parametrize(
    ("inhabitants", "coins", "luxury"),
    [(0, 1, 0), (2, 1, 0), (3, 2, 0), (6, 3, 0), (8, 4, 0), (13, 5, 0), (15, 5, 2), (17, 5, 4), (25, 5, 6)],
)
def test_case_10_income_by_inhabitants_on_the_mat(inhabitants, coins, luxury):
    s = game(2, civs=["messene", "patras"])
    give(s, 0, coins=0, lux=0, inh=inhabitants)
    income(s)
    assert (s.coins[0], s.lux[0]) == (coins, luxury)


def test_case_11_goods_above_storage_become_luxury():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=9, lux=0)
    own(s, 0, "A07")  # Forest: 3 wood a round
    income(s)
    assert (s.wood[0], s.lux[0], s.food[0]) == (10, 2, 2)


def test_income_from_civilization_and_every_tile_reserved_ones_too():
    s = game(2, civs=["argos", "patras"])  # Argos: 1 wood, 1 stone
    give(s, 0, wood=0, stone=0, food=0)
    own(s, 0, "A08", reserved=("A12",))  # Woodland farms (1 food, 2 wood); a reserved Bridge (1 food)
    income(s)
    assert (s.food[0], s.wood[0], s.stone[0]) == (2, 3, 1)


def test_arkadia_grows_by_one_inhabitant_before_the_income():
    s = game(2, civs=["arkadia", "patras"])
    give(s, 0, inh=4, coins=0)
    income(s)
    # 5 inhabitants after phase 5: the 5-7 band gives 3 coins (4 would give 2).
    assert (s.inh[0], s.coins[0]) == (5, 3)


def test_port_and_temple_give_one_good_of_choice_each():
    s = game(2, civs=["messene", "patras"])
    own(s, 0, "A15", "B15")  # Port and Temple of Apollo
    give(s, 0, wood=0, stone=0, coins=0)
    income(s)
    assert top(s) == (step.INCOME_CHOICE, 0, 2)
    assert s.legal_actions() == [ChooseIncome(g) for g in ("food", "wood", "stone", "coin")]
    s.apply(ChooseIncome("wood"), seat=0)
    assert top(s) == (step.INCOME_CHOICE, 0, 1)
    s.apply(ChooseIncome("coin"), seat=0)
    assert (s.wood[0], s.coins[0]) == (1, 1 + 1)  # and 1 coin for 2 inhabitants


def test_sikyon_loses_wood_and_stone_only_if_it_has_them_and_income_offsets_it():
    s = game(
        2,
        expansion=True,
        civs=["sikyon", "patras"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
    )
    give(s, 0, wood=0, stone=3, food=0)
    own(s, 0, "A07")  # Forest: 3 wood
    income(s)
    # Wood: 0 + 3 - 1 = 2; stone: 3 - 1 = 2; food: +1.
    assert (s.wood[0], s.stone[0], s.food[0]) == (2, 2, 1)
    s = game(
        2,
        expansion=True,
        civs=["sikyon", "patras"],
        heroes=["hector", "helen"],
        colonies=["naxos", "massilia"],
    )
    give(s, 0, wood=0, stone=0)
    income(s)
    assert (s.wood[0], s.stone[0]) == (0, 0)


def test_sikyon_income_pick_offsets_the_loss_before_storage_limits():
    s = game(
        2,
        expansion=True,
        civs=["sikyon", "patras"],
        heroes=["hector", "helen"],
        colonies=["massilia", "naxos"],
    )
    give(s, 0, wood=8, lux=0)  # Massilia stores 8 wood
    own(s, 0, "A15")  # Port
    income(s)
    s.apply(ChooseIncome("wood"), seat=0)
    assert (s.wood[0], s.lux[0]) == (8, 0)  # 8 + 1 - 1


@pytest.mark.parametrize(("hero", "good"), [("achilles", "stone"), ("andromeda", "wood"), ("helen", "food")])
def test_flipped_heroes_lose_a_good_every_round(hero, good):
    s = game(
        2, expansion=True, civs=["argos", "patras"], heroes=[hero, "hector"], colonies=["naxos", "massilia"]
    )
    give(s, 0, food=3, wood=3, stone=3)
    before = {g: getattr(s, g)[0] for g in ("food", "wood", "stone")}
    income(s)
    unflipped = {g: getattr(s, g)[0] - before[g] for g in ("food", "wood", "stone")}
    s = game(
        2, expansion=True, civs=["argos", "patras"], heroes=[hero, "hector"], colonies=["naxos", "massilia"]
    )
    give(s, 0, food=3, wood=3, stone=3)
    s.flipped[0] = True
    income(s)
    flipped = {g: getattr(s, g)[0] - before[g] for g in ("food", "wood", "stone")}
    assert flipped[good] == unflipped[good] - 1
    assert all(flipped[g] == unflipped[g] for g in flipped if g != good)


def test_colony_income_tables():
    # Miletus: higher income; Byzantium lower; Taras more luxury.
    for colony, inhabitants, coins, luxury in (
        ("miletus", 6, 4, 0),
        ("byzantium", 6, 2, 0),
        ("naukratis", 12, 3, 0),
        ("taras", 9, 4, 1),
        ("leptis", 15, 6, 2),
    ):
        s = game(
            2,
            expansion=True,
            civs=["messene", "patras"],
            heroes=["hector", "helen"],
            colonies=[colony, "naxos"],
        )
        give(s, 0, coins=0, lux=0, inh=inhabitants)
        income(s)
        assert (colony, s.coins[0], s.lux[0]) == (colony, coins, luxury)


def test_angelos_has_no_income():
    s = game(
        1,
        expansion=True,
        angelos="stratigos",
        civs=["messene", "sparta"],
        heroes=["hector", "helen"],
        colonies=["naxos"],
    )
    income(s)
    a = s.angelos
    assert (s.coins[a], s.wood[a], s.food[a], s.inh[a]) == (0, 0, 0, 0)
