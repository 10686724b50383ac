"""Setup (spec §3): deals, start values, first turn order, negotiation, Angelos' ranks, options."""

from __future__ import annotations

import pytest

from hellenika.engine import InvalidOption
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import Answer, MakeOffer, NoOffer, OfferCoins

from .builders import CAT, GAME, game, top


def test_base_setup_gives_the_civilizations_start_values_and_orders_by_number():
    s = game(3, civs=["sparta", "messene", "pylos"])
    # Sparta 7 coins, 4 wood, 3 inhabitants; Messene 6 coins, 2 inh; Pylos 8 coins, 3 stone, 2 inh.
    assert (s.coins, s.wood, s.stone, s.inh) == ([7, 6, 8], [4, 0, 0], [0, 0, 3], [3, 2, 2])
    assert s.order == (1, 0, 2)  # by the arrow number: Messene 1, Sparta 5, Pylos 6
    assert s.hero == [-1, -1, -1] and s.clovers == [0, 0, 0]
    assert top(s) == (step.REVEAL,) and s.round == 1


def test_base_game_deals_only_the_seven_base_civilizations():
    s = GAME.new_state(5, log=False)
    civs = [a.civ for a in s.legal_actions()]
    assert "sikyon" not in civs and len(civs) == 7


def test_expansion_setup_hero_colony_cloverleaves_strength():
    s = game(
        2,
        expansion=True,
        civs=["korinth", "patras"],
        heroes=["achilles", "helen"],
        colonies=["naxos", "massilia"],
    )
    # Korinth 7 coins 3 food 3 inh + Achilles 1 coin 2 inh 5 strength.
    assert (s.coins[0], s.food[0], s.inh[0], s.strength[0]) == (8, 3, 5, 5)
    # Patras 7 coins 1 inh + Helen 5 coins 2 inh 1 strength.
    assert (s.coins[1], s.inh[1], s.strength[1]) == (12, 3, 1)
    assert s.clovers == [3, 3]
    assert [s.cols[p].id for p in range(2)] == ["naxos", "massilia"]
    assert s.flipped == [False, False]  # heroes start red side up


def test_start_goods_above_the_colony_storage_become_luxury():
    # Sikyon starts with 9 food; Byzantium stores 9, so Tantalus' 2 extra food become 2 luxury (seed: Sikyon).
    s = game(
        2,
        expansion=True,
        civs=["sikyon", "argos"],
        heroes=["tantalus", "hector"],
        colonies=["byzantium", "naxos"],
    )
    assert (s.food[0], s.lux[0]) == (9, 2)
    assert s.coins[0] == 9 + 2


def test_sikyon_on_a_small_food_store_turns_the_difference_into_luxury():
    s = game(
        2,
        expansion=True,
        civs=["sikyon", "argos"],
        heroes=["hector", "daedalus"],
        colonies=["massilia", "naxos"],
    )
    assert (s.food[0], s.lux[0]) == (9, 0)  # Massilia stores 10
    s = game(
        2,
        expansion=True,
        civs=["argos", "sikyon"],
        heroes=["hector", "andromeda"],
        colonies=["naxos", "apollonia"],
    )
    # Sikyon 9 food + Andromeda 5 food = 14 into Apollonia's 9: 5 luxury.
    assert (s.food[1], s.lux[1]) == (9, 5)


def test_miletus_always_first_and_apollonia_always_last():
    s = game(
        3,
        expansion=True,
        civs=["messene", "patras", "arkadia"],
        heroes=["hector", "helen", "achilles"],
        colonies=["apollonia", "naxos", "miletus"],
    )
    assert s.order == (2, 1, 0)


def test_options_and_player_counts():
    assert GAME.player_range({"expansion": False}) == (1, 5)
    assert GAME.player_range({"expansion": True}) == (1, 8)
    with pytest.raises(InvalidOption):
        GAME.new_state(6)
    GAME.new_state(8, {"expansion": True})
    with pytest.raises(InvalidOption, match=r"'negotiation' applies only .* expansion=true"):
        GAME.new_state(3, {"negotiation": True})
    with pytest.raises(InvalidOption, match="'negotiation' applies only with 2-8 players"):
        GAME.new_state(1, {"expansion": True, "negotiation": True})
    with pytest.raises(InvalidOption, match="'angelos' applies only with 1 player and expansion=true"):
        GAME.new_state(3, {"expansion": True, "angelos": "stratigos"})
    # Where an option does not apply it stays at its default, which may be given (older lobbies sent it).
    assert GAME.validate(4, {"angelos": "hoplite"})["angelos"] == "hoplite"
    with pytest.raises(InvalidOption):
        GAME.new_state(1, {"expansion": True, "angelos": "admiral"})


# ---------------------------------------------------------------------- negotiation (spec §3.3)


def negotiation_game():
    return game(
        2,
        expansion=True,
        negotiation=True,
        civs=["patras", "messene"],  # Messene (1) offers first
        heroes=["daedalus", "ariadne"],
        colonies=["naxos", "salamis"],
    )


def test_negotiation_players_first_take_only_their_civilizations_coins():
    s = negotiation_game()
    assert s.coins == [7, 6] and s.inh == [0, 0] and s.strength == [0, 0] and s.clovers == [0, 0]
    assert top(s) == (step.OFFER, 1, 0)  # Messene's number 1: first to offer, for a colony
    assert s.legal_actions() == [NoOffer(), MakeOffer(0)]


def test_negotiation_seed_example_two_coins_for_a_hero():
    """Seed: Player A bids 2 coins to trade his Ariadne against Daedalus from player B; B agrees, gets the 2
    coins and both trade their hero."""
    s = negotiation_game()
    a, b = 1, 0  # A (Messene) holds Ariadne, B (Patras) holds Daedalus
    s.apply(NoOffer(), seat=a)  # colony round
    s.apply(NoOffer(), seat=b)
    assert top(s) == (step.OFFER, a, 1)  # hero round
    s.apply(MakeOffer(b), seat=a)
    assert s.legal_actions() == [OfferCoins(i) for i in range(7)]  # 0 up to all his 6 coins
    s.apply(OfferCoins(2), seat=a)
    assert top(s)[:2] == (step.ANSWER, b)
    s.apply(Answer(True), seat=b)
    assert CAT.heroes[s.hero[a]].id == "daedalus" and CAT.heroes[s.hero[b]].id == "ariadne"
    assert s.coins == [7 + 2, 6 - 2]
    s.apply(NoOffer(), seat=b)
    # Only now the heroes' top-right values: Daedalus 1 strength; Patras' 1 inhabitant and 1 wood income...
    assert s.strength == [0, 1] and s.inh == [1, 2] and s.clovers == [3, 3]
    assert top(s) == (step.REVEAL,)


def test_negotiation_refused_colony_offer_changes_nothing_then_accepted_swap():
    s = negotiation_game()
    s.apply(MakeOffer(0), seat=1)
    s.apply(OfferCoins(3), seat=1)
    s.apply(Answer(False), seat=0)
    assert [s.cols[p].id for p in (0, 1)] == ["naxos", "salamis"] and s.coins == [7, 6]
    s.apply(MakeOffer(1), seat=0)
    s.apply(OfferCoins(1), seat=0)
    s.apply(Answer(True), seat=1)
    assert [s.cols[p].id for p in (0, 1)] == ["salamis", "naxos"] and s.coins == [6, 7]


def test_negotiation_test_case_40_hero_start_values_after_the_swap():
    """Spec 12.40: A offers 2 coins for B's hero; B accepts -> swap, A -2, B +2; hero start values after."""
    s = game(
        2,
        expansion=True,
        negotiation=True,
        civs=["messene", "patras"],
        heroes=["achilles", "helen"],
        colonies=["naxos", "massilia"],
    )
    s.apply(NoOffer(), seat=0)
    s.apply(NoOffer(), seat=1)
    s.apply(MakeOffer(1), seat=0)
    s.apply(OfferCoins(2), seat=0)
    s.apply(Answer(True), seat=1)
    assert s.coins == [4, 9] and s.strength == [0, 0]
    s.apply(NoOffer(), seat=1)
    # A now has Helen (5 coins, 2 inh, 1 strength), B Achilles (1 coin, 2 inh, 5 strength).
    assert s.coins == [4 + 5, 9 + 1] and s.strength == [1, 5] and s.inh == [2 + 2, 1 + 2]


# ---------------------------------------------------------------------- Angelos' ranks (spec §9)


def test_hoplite_angelos_has_no_civilization_no_hero_three_cloverleaves():
    s = game(1, expansion=True, civs=["sparta"], heroes=["hector"], colonies=["naxos"])
    a = s.angelos
    assert a == 1 and s.num_participants == 2 and s.participant_names() == ["Player 1", "Angelos"]
    assert (s.civ[a], s.hero[a], s.clovers[a], s.strength[a]) == (-1, -1, 3, 0)
    assert s.regular_size == 2 and s.mult == 2  # set up as a 2-player game


def test_lokhagos_gets_a_civilization():
    s = game(
        1, expansion=True, angelos="lokhagos", civs=["sparta", "argos"], heroes=["hector"], colonies=["naxos"]
    )
    a = s.angelos
    assert CAT.civilizations[s.civ[a]].id == "argos" and s.hero[a] == -1 and s.clovers[a] == 3


@pytest.mark.parametrize(
    ("hero", "clovers", "strength"),
    [("sisyphus", 4, 3), ("hector", 5, 4), ("odysseus", 6, 3), ("daedalus", 7, 1), ("achilles", 3, 5)],
)
def test_colonel_gets_a_hero_bonus_cloverleaves_and_its_strength(hero, clovers, strength):
    s = game(
        1,
        expansion=True,
        angelos="syntagmatarkhis",
        civs=["sparta"],
        heroes=["helen", hero],
        colonies=["naxos"],
    )
    a = s.angelos
    assert s.civ[a] == -1 and CAT.heroes[s.hero[a]].id == hero
    assert (s.clovers[a], s.strength[a]) == (clovers, strength)


def test_general_gets_both():
    s = game(
        1,
        expansion=True,
        angelos="stratigos",
        civs=["sparta", "pylos"],
        heroes=["helen", "tantalus"],
        colonies=["naxos"],
    )
    a = s.angelos
    assert CAT.civilizations[s.civ[a]].id == "pylos" and CAT.heroes[s.hero[a]].id == "tantalus"
    assert (s.clovers[a], s.strength[a]) == (5, 3)
    # He has no goods: his civilization's and hero's values count only for his score.
    assert (s.coins[a], s.food[a], s.inh[a]) == (0, 0, 0)


def test_options_apply_only_where_they_mean_something():
    """Angelos' rank is for the solo game with the expansion, the negotiation for 2-8 players with it: a
    table's settings show an option only where it applies (issue 22: "angelos: hoplite" at 2 and 6)."""
    specs = {spec.name: spec for spec in GAME.option_specs}
    assert specs["angelos"].players == (1, 1) and specs["angelos"].needs == "expansion"
    assert specs["negotiation"].players == (2, 8) and specs["negotiation"].needs == "expansion"
    for players, options in [(2, {}), (6, {"expansion": True}), (1, {})]:
        shown = GAME.shown_options(players, GAME.validate(players, options))
        assert "angelos" not in shown, (players, options)
    assert GAME.shown_options(1, GAME.validate(1, {"expansion": True})) == {
        "expansion": True,
        "angelos": "hoplite",
    }
    assert GAME.shown_options(2, GAME.validate(2, {})) == {"expansion": False}
    assert GAME.shown_options(3, GAME.validate(3, {"expansion": True})) == {
        "expansion": True,
        "negotiation": False,
    }
