"""Every row of the spec's data tables (spec §10.1-10.6) against the loaded catalogue, field by field.

``test_data.py`` checks the totals and a few tiles; this file transcribes the whole tables, so a typo in
``data/components.toml`` (a cost, a bid, an income, a storage limit) fails here with the tile or board named.
"""

from __future__ import annotations

import re

import pytest

from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    FOOD,
    PLAGUE,
    STONE,
    TEMPEST,
    WOOD,
    load_catalogue,
)

CAT = load_catalogue()

# §10.2 Buildings: id, name, min bid, PP, cost, one-time, income ("any" = 1 of choice), ability.
BUILDINGS = """
A11 Barracks              2 4 2S1W +4c-2i  -     free
A12 Bridge                1 4 2W   +2i     1F    -
A13 Market                3 3 3W   +3i     1F    market
A14 Street                1 4 1S   +1i     1F    -
A15 Port                  2 3 3S1W +2i     any   decline
B01 Aqueduct              4 4 3S1W +2i     1F    plague
B02 Agora                 4 4 4S   +2i     1F    market
B03 Epidauros_Odeon       6 7 3S2W +3L+3i  -     -
B08 Leonidaion            2 5 2S3W +5L+1i  -     -
B12 Granary               2 5 3W   +3F     -     -
B13 Quarry                3 3 2S2W -       2S    -
B14 Well                  4 3 2S1W +1i     1F    plague
B15 Temple_of_Apollo      4 5 5S   +2i     any   drought
C01 Cyclopean_Masonry     6 7 6S   +1i     -     earthquake
C02 Agriculture           4 5 5W   -       2F    -
C06 Workshop_of_Phidias   5 5 3S3W +1i     1S    tempest
C07 Stoa                  7 6 4S2W +2i     1F    decline
C08 Statue_of_Zeus        8 8 8S   +2i     1F    -
C09 Liongate              5 4 2S1W +1i     1S1F  drought
C10 Tiryns_Fortress       6 7 3S1W -1i     1W1F  -
"""

# §10.3 Lands: id, min bid, PP, one-time, income, supply symbol.
LANDS = """
A01 3 3 -      3S   -
A02 3 2 +1i    1W1S -
A03 4 2 +5c+1i 1S   -
A04 4 2 +2c+1i 1W1S -
A05 3 1 -      3F   -
A06 3 1 +2i    2F1W -
A07 2 2 +2i    3W   -
A08 3 2 +2i    1F2W -
A09 2 1 +2i    1F2W -
A10 2 2 +2c+1i 2W   -
B04 4 2 +2i    2F1W -
B05 5 2 +1i    3F   supply
B06 3 4 +3i    2W   -
B07 4 4 +1c+1i 1W1S -
B09 5 3 +1i    3S   -
B10 4 4 +3c+1i 1S   -
B11 3 4 +3c+2i 1W   -
C03 5 4 +3i    2W   -
C04 4 4 +1c+2i 1W1S supply
C05 5 5 +2c+1i 2S   -
"""

PROTECTS = {
    "plague": PLAGUE,
    "drought": DROUGHT,
    "earthquake": EARTHQUAKE,
    "tempest": TEMPEST,
    "decline": DECLINE,
}


def amounts(text: str) -> dict[str, int]:
    """``+4c-2i`` -> {"c": 4, "i": -2}; ``2S1W`` -> {"S": 2, "W": 1}; ``-`` -> {}."""
    out: dict[str, int] = {}
    for number, code in re.findall(r"([+-]?\d+)([A-Za-z])", text):
        out[code] = out.get(code, 0) + int(number)
    return out


def rows(table: str) -> list[list[str]]:
    return [line.split() for line in table.strip().splitlines()]


@pytest.mark.parametrize("row", rows(BUILDINGS), ids=lambda r: r[0])
def test_every_building_matches_spec_10_2(row):
    tile_id, name, bid, pp, cost, gain, income, ability = row
    t = CAT.tile(tile_id)
    c, g, i = amounts(cost), amounts(gain), amounts(income)
    assert t.is_building and t.name == name.replace("_", " ")
    assert (t.min_bid, t.pp) == (int(bid), int(pp))
    assert (t.cost_wood, t.cost_stone) == (c.get("W", 0), c.get("S", 0))
    assert (t.gain_inhabitants, t.gain_coins, t.gain_food, t.gain_wood, t.gain_stone, t.gain_luxury) == (
        g.get("i", 0),
        g.get("c", 0),
        g.get("F", 0),
        g.get("W", 0),
        g.get("S", 0),
        g.get("L", 0),
    )
    assert (t.income_food, t.income_wood, t.income_stone, t.income_inhabitants) == (
        i.get("F", 0),
        i.get("W", 0),
        i.get("S", 0),
        0,
    )
    assert t.income_choice == (1 if income == "any" else 0)
    assert t.protects == (1 << PROTECTS[ability] if ability in PROTECTS else 0)
    assert t.free_land == (ability == "free") and t.market == (ability == "market") and not t.supply
    assert t.stack == "ABC".index(tile_id[0])


@pytest.mark.parametrize("row", rows(LANDS), ids=lambda r: r[0])
def test_every_land_matches_spec_10_3(row):
    tile_id, bid, pp, gain, income, note = row
    t = CAT.tile(tile_id)
    g, i = amounts(gain), amounts(income)
    assert t.is_land and (t.min_bid, t.pp) == (int(bid), int(pp))
    assert (t.cost_wood, t.cost_stone, t.gain_food, t.gain_wood, t.gain_stone, t.gain_luxury) == (0,) * 6
    assert (t.gain_inhabitants, t.gain_coins) == (g.get("i", 0), g.get("c", 0))
    assert (t.income_food, t.income_wood, t.income_stone, t.income_choice) == (
        i.get("F", 0),
        i.get("W", 0),
        i.get("S", 0),
        0,
    )
    assert t.supply == (note == "supply") and t.protects == 0 and not t.free_land and not t.market
    assert t.stack == "ABC".index(tile_id[0])


# §10.1: number, coins, start food/wood/stone, inhabitants, income food/wood/stone/inhabitants.
CIVILIZATIONS = {
    "messene": (1, 6, 0, 0, 0, 2, 2, 0, 0, 0),
    "patras": (2, 7, 0, 0, 0, 1, 1, 1, 0, 0),
    "arkadia": (3, 8, 0, 0, 0, 2, 0, 0, 0, 1),
    "korinth": (4, 7, 3, 0, 0, 3, 1, 0, 0, 0),
    "sparta": (5, 7, 0, 4, 0, 3, 0, 1, 0, 0),
    "pylos": (6, 8, 0, 0, 3, 2, 0, 0, 1, 0),
    "argos": (7, 5, 0, 0, 0, 2, 0, 1, 1, 0),
    "sikyon": (14, 9, 9, 0, 0, 3, 1, -1, -1, 0),
}


@pytest.mark.parametrize("civ_id", list(CIVILIZATIONS))
def test_every_civilization_matches_spec_10_1(civ_id):
    c = CAT.civilizations[CAT.civ_by_id[civ_id]]
    got = (
        c.number,
        c.coins,
        c.food,
        c.wood,
        c.stone,
        c.inhabitants,
        c.income_food,
        c.income_wood,
        c.income_stone,
        c.income_inhabitants,
    )
    assert got == CIVILIZATIONS[civ_id]
    assert c.protects == (1 << TEMPEST if civ_id == "sikyon" else 0)
    assert c.expansion == (civ_id == "sikyon")


# §10.5 and the solo sheet: coins, food, inhabitants, strength, PP red, good lost a round when flipped,
# Angelos' extra cloverleaves.
HEROES = {
    "achilles": (1, 0, 2, 5, 2, STONE, 0),
    "andromeda": (0, 5, 2, 0, 2, WOOD, 2),
    "ariadne": (0, 0, 0, 0, 2, -1, 4),
    "daedalus": (0, 0, 0, 1, 2, -1, 4),
    "hector": (0, 0, 0, 4, 2, -1, 2),
    "helen": (5, 0, 2, 1, 2, FOOD, 0),
    "odysseus": (0, 0, 0, 3, 2, -1, 3),
    "penelope": (0, 0, 1, 1, 2, -1, 3),
    "sisyphus": (2, 0, 1, 3, 2, -1, 1),
    "tantalus": (2, 2, 0, 3, 2, -1, 2),
}


@pytest.mark.parametrize("hero_id", list(HEROES))
def test_every_hero_matches_spec_10_5_both_sides(hero_id):
    h = CAT.heroes[CAT.hero_by_id[hero_id]]
    got = (h.coins, h.food, h.inhabitants, h.strength, h.pp, h.flip_loss, h.solo_cloverleaves)
    assert got == HEROES[hero_id]


# §10.6: wood/stone/food max, coins by band, luxury by band, points per inhabitant, coins per PP.
BOARDS = {
    "mat": (10, 10, 13, (1, 2, 3, 4, 5, 5, 5, 5), (0, 0, 0, 0, 0, 2, 4, 6), 3, 3),
    "apollonia": (10, 7, 9, (1, 2, 3, 4, 5, 5, 5, 5), (0, 0, 0, 0, 1, 2, 4, 6), 3, 3),
    "byzantium": (10, 10, 9, (1, 1, 2, 3, 4, 4, 5, 5), (0, 0, 0, 0, 1, 2, 4, 6), 4, 4),
    "leptis": (10, 10, 13, (1, 2, 3, 4, 5, 6, 6, 6), (0, 0, 0, 0, 0, 2, 4, 6), 3, 3),
    "massilia": (8, 8, 10, (1, 2, 3, 4, 5, 5, 5, 5), (0, 0, 0, 0, 1, 2, 4, 6), 3, 3),
    "miletus": (10, 10, 13, (2, 3, 4, 5, 6, 6, 6, 6), (0, 0, 0, 0, 1, 2, 4, 6), 3, 2),
    "naukratis": (13, 13, 16, (1, 1, 2, 2, 3, 3, 4, 4), (0, 0, 0, 0, 0, 2, 4, 6), 3, 3),
    "naxos": (13, 13, 16, (1, 2, 3, 5, 6, 6, 6, 6), (0, 0, 0, 0, 1, 2, 4, 6), 3, 2),
    "salamis": (10, 10, 13, (1, 2, 3, 4, 5, 5, 5, 5), (0, 0, 0, 0, 0, 2, 4, 6), 2, 3),
    "taras": (7, 7, 13, (1, 2, 3, 4, 5, 5, 5, 5), (0, 0, 0, 1, 2, 3, 5, 7), 3, 3),
}

# §7.2: the colonies' special rules; everything not listed has the base mat's value.
SPECIAL = {
    "apollonia": {"turn_position": "last", "drought_half": True, "earthquake_cost": 2},
    "leptis": {"reserve_coins": 3, "free_land": True},
    "miletus": {"turn_position": "first", "wins_solo_ties": True},
    "naukratis": {"luxury_rate": 1},
    "salamis": {"inhabitants_per_food": 2},
    "taras": {"decline_all": True, "tempest_cost": 2},
}
PLAIN = {
    "turn_position": "",
    "reserve_coins": 1,
    "free_land": False,
    "luxury_rate": 2,
    "inhabitants_per_food": 1,
    "drought_half": False,
    "earthquake_cost": 1,
    "tempest_cost": 1,
    "decline_all": False,
    "wins_solo_ties": False,
}


@pytest.mark.parametrize("board_id", list(BOARDS))
def test_every_colony_board_and_the_mat_match_spec_10_6_and_7_2(board_id):
    col = next(c for c in CAT.colonies if c.id == board_id)
    got = (
        col.max_wood,
        col.max_stone,
        col.max_food,
        col.income_coins,
        col.income_luxury,
        col.inhabitant_points,
        col.coins_per_pp,
    )
    assert got == BOARDS[board_id]
    for field, value in {**PLAIN, **SPECIAL.get(board_id, {})}.items():
        assert getattr(col, field) == value, field
