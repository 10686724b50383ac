"""The component data (spec §2, §10) loads into the catalogue with the rulebook's totals."""

from __future__ import annotations

from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PERSIANS,
    PLAGUE,
    TEMPEST,
    load_catalogue,
)

CAT = load_catalogue()


def test_twenty_buildings_and_twenty_lands_in_stacks_of_15_15_10():
    tiles = CAT.tiles
    assert len(tiles) == 40
    assert sum(t.is_building for t in tiles) == 20
    assert sum(t.is_land for t in tiles) == 20
    assert [len(stack) for stack in CAT.stacks] == [15, 15, 10]
    by_stack = [
        (sum(CAT.tiles[t].is_land for t in st), sum(CAT.tiles[t].is_building for t in st))
        for st in CAT.stacks
    ]
    assert by_stack == [(10, 5), (7, 8), (3, 7)]  # spec §10.3 stack totals


def test_tile_values_match_the_spec_tables():
    bridge = CAT.tile("A12")
    assert (bridge.name, bridge.min_bid, bridge.pp, bridge.cost_wood, bridge.cost_stone) == (
        "Bridge",
        1,
        4,
        2,
        0,
    )
    assert (bridge.gain_inhabitants, bridge.income_food) == (2, 1)
    zeus = CAT.tile("C08")
    assert (zeus.min_bid, zeus.pp, zeus.cost_stone, zeus.gain_inhabitants) == (8, 8, 8, 2)
    barracks = CAT.tile("A11")
    assert barracks.free_land and barracks.gain_coins == 4 and barracks.gain_inhabitants == -2
    assert CAT.tile("A13").market and CAT.tile("B02").market
    assert CAT.tile("A15").income_choice == 1 and CAT.tile("B15").income_choice == 1
    assert [t.id for t in CAT.tiles if t.supply] == ["B05", "C04"]
    a05 = CAT.tile("A05")
    assert (a05.is_land, a05.min_bid, a05.pp, a05.income_food) == (True, 3, 1, 3)


def test_protections_follow_the_disaster_table():
    protectors = {d: sorted(t.id for t in CAT.tiles if t.protects >> d & 1) for d in range(5)}
    assert protectors == {
        PLAGUE: ["B01", "B14"],
        DROUGHT: ["B15", "C09"],
        EARTHQUAKE: ["C01"],
        TEMPEST: ["C06"],
        DECLINE: ["A15", "C07"],
    }
    sikyon = CAT.civilizations[CAT.civ_by_id["sikyon"]]
    assert sikyon.protects == 1 << TEMPEST


def test_civilizations_base_seven_and_sikyon():
    assert [c.number for c in CAT.civilizations] == [1, 2, 3, 4, 5, 6, 7, 14]
    assert len(CAT.civilizations_in(False)) == 7
    assert len(CAT.civilizations_in(True)) == 8
    sikyon = CAT.civilizations[CAT.civ_by_id["sikyon"]]
    assert (sikyon.coins, sikyon.food, sikyon.inhabitants) == (9, 9, 3)  # seed: Civilization Sikyon
    assert (sikyon.income_food, sikyon.income_wood, sikyon.income_stone) == (1, -1, -1)
    arkadia = CAT.civilizations[CAT.civ_by_id["arkadia"]]
    assert arkadia.income_inhabitants == 1


def test_chits_base_16_and_eight_persians():
    assert sum(CAT.chit_pool(False)) == 16
    assert sum(CAT.chit_pool(True)) == 24
    persians = [c for c in CAT.chits if c.disaster == PERSIANS]
    assert sum(c.count for c in persians) == 8
    values = sorted(v for c in persians for v in [c.value] * c.count)
    assert values == [1, 1, 1, 2, 2, 2, 3, 3]


def test_heroes_start_values_from_the_seed():
    h = {x.id: x for x in CAT.heroes}
    assert len(h) == 10
    assert (h["achilles"].coins, h["achilles"].inhabitants, h["achilles"].strength) == (1, 2, 5)
    assert (h["andromeda"].food, h["andromeda"].inhabitants) == (5, 2)
    assert h["daedalus"].strength == 1 and h["hector"].strength == 4 and h["odysseus"].strength == 3
    assert (h["helen"].coins, h["helen"].inhabitants, h["helen"].strength) == (5, 2, 1)
    assert (h["penelope"].inhabitants, h["penelope"].strength) == (1, 1)
    assert (h["sisyphus"].coins, h["sisyphus"].inhabitants, h["sisyphus"].strength) == (2, 1, 3)
    assert (h["tantalus"].coins, h["tantalus"].food, h["tantalus"].strength) == (2, 2, 3)
    # Angelos' extra cloverleaves by hero (solo sheet).
    bonus = {k: v.solo_cloverleaves for k, v in h.items()}
    assert bonus == {
        "achilles": 0,
        "andromeda": 2,
        "ariadne": 4,
        "daedalus": 4,
        "hector": 2,
        "helen": 0,
        "odysseus": 3,
        "penelope": 3,
        "sisyphus": 1,
        "tantalus": 2,
    }


def test_colonies_nine_boards_and_the_mat():
    cols = {c.id: c for c in CAT.colonies}
    assert len(CAT.colony_boards) == 9
    mat = cols["mat"]
    assert (mat.max_wood, mat.max_stone, mat.max_food) == (10, 10, 13)
    assert mat.income_coins == (1, 2, 3, 4, 5, 5, 5, 5) and mat.income_luxury == (0, 0, 0, 0, 0, 2, 4, 6)
    assert cols["apollonia"].turn_position == "last" and cols["miletus"].turn_position == "first"
    assert cols["byzantium"].inhabitant_points == 4 and cols["byzantium"].coins_per_pp == 4
    assert cols["leptis"].reserve_coins == 3 and cols["leptis"].free_land
    assert cols["naukratis"].luxury_rate == 1
    assert cols["salamis"].inhabitant_points == 2 and cols["salamis"].inhabitants_per_food == 2
    assert cols["taras"].decline_all and cols["taras"].tempest_cost == 2
    assert cols["apollonia"].drought_half and cols["apollonia"].earthquake_cost == 2
    assert cols["miletus"].coins_per_pp == 2 and cols["naxos"].coins_per_pp == 2
    assert cols["miletus"].wins_solo_ties


def test_ranks_of_angelos():
    assert [(r.id, r.civilization, r.hero) for r in CAT.ranks] == [
        ("hoplite", False, False),
        ("lokhagos", True, False),
        ("syntagmatarkhis", False, True),
        ("stratigos", True, True),
    ]


def test_key_constants():
    k = CAT.constants
    assert (k["rounds"], k["tiles_per_round"], k["conquest_surcharge"], k["pass_compensation"]) == (
        8,
        5,
        3,
        1,
    )
    assert (k["chits_per_round_base"], k["chits_per_round_expansion"]) == (2, 3)
    assert (k["strength_cap"], k["start_cloverleaves"], k["cloverleaf_value"]) == (29, 3, 2)
