"""Scoring (spec §8): the lower of power and population points, cloverleaves, tie-breaks."""

from __future__ import annotations

import pytest

from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import AssignCloverleaves

from .builders import game, give, own, top, trigger


def base():
    return game(2, civs=["messene", "patras"])


def exp(colonies=("naxos", "massilia"), heroes=("hector", "helen")):
    return game(2, expansion=True, civs=["messene", "patras"], heroes=list(heroes), colonies=list(colonies))


def test_base_score_is_the_lower_of_power_and_population():
    s = base()
    give(s, 0, coins=7, inh=3)
    own(s, 0, "A12")
    assert scoring.parts(s, 0) == ({"tiles": 4, "hero": 0, "coins": 2}, {"inhabitants": 9, "mercenaries": 0})
    assert s.scores()[0] == 6
    give(s, 0, inh=1)
    assert s.scores()[0] == 3


def test_breakdown_adds_up_to_the_score():
    s = exp()
    give(s, 0, coins=7, inh=3, mercs=2)
    own(s, 0, "A12", "A07")
    for total, parts in zip(s.scores(), s.score_breakdown(), strict=True):
        assert sum(parts.values()) == pytest.approx(total)
    b = s.score_breakdown()[0]
    assert b["power: tiles"] == 6 and b["power: hero"] == 2 and b["population: mercenaries"] == 2


@pytest.mark.parametrize("market", ["A13", "B02"])
def test_market_and_agora_score_coins_at_two_per_power_point(market):
    s = base()
    give(s, 0, coins=9, inh=10)
    own(s, 0, market)
    power, _ = scoring.parts(s, 0)
    assert power["coins"] == 4


def test_coins_per_power_point_by_colony():
    for colony, per in (("byzantium", 4), ("miletus", 2), ("naxos", 2), ("massilia", 3)):
        s = exp(colonies=(colony, "salamis"))
        give(s, 0, coins=12)
        assert scoring.parts(s, 0)[0]["coins"] == 12 // per


def test_points_per_inhabitant_by_colony():
    for colony, points in (("byzantium", 4), ("salamis", 2), ("naxos", 3)):
        s = exp(colonies=(colony, "taras"))
        give(s, 0, inh=5)
        assert scoring.parts(s, 0)[1]["inhabitants"] == 5 * points


def test_hero_scores_two_power_points_only_on_the_red_side():
    s = exp()
    assert scoring.parts(s, 0)[0]["hero"] == 2
    s.flipped[0] = True
    assert scoring.parts(s, 0)[0]["hero"] == 0


def test_case_33_byzantium_with_mercenaries_and_cloverleaves():
    s = exp(colonies=("byzantium", "naxos"))
    s.flipped[0] = True  # no hero PP in the example
    give(s, 0, inh=6, mercs=2, coins=9)
    own(s, 0, "C08", "C01", "A14", "A05")  # 8 + 7 + 4 + 1 = 20 PP
    assert s.clovers[0] == 3
    power, population = scoring.parts(s, 0)
    assert sum(population.values()) == 6 * 4 + 2 == 26
    assert sum(power.values()) == 20 + 9 // 4 == 22
    assert scoring.best_split(22, 26, 3, 2) in (2, 3)
    assert s.scores()[0] == 26
    for k, expected in ((2, (26, 28)), (3, (28, 26)), (0, (22, 32))):
        s.clover_power[0] = k
        pp, pop, _ = scoring.final(s, 0)
        assert (pp, pop) == expected


def test_case_34_ties_higher_total_then_luxury_then_shared():
    s = base()
    give(s, 0, coins=0, inh=10, lux=0)
    give(s, 1, coins=0, inh=10, lux=5)
    own(s, 0, "C08", "C01", "B03", "B08", "C05", "A07")  # 8 + 7 + 7 + 5 + 5 + 2 = 34 PP
    own(s, 1, "C07", "C10", "C06", "B15", "B12", "A01")  # 6 + 7 + 5 + 5 + 5 + 3 = 31 PP
    assert [scoring.final(s, p)[:2] for p in (0, 1)] == [(34, 30), (31, 30)]
    assert s.scores() == [30, 30] and s.ranking() == [1, 2]  # A's higher total 34 beats 31
    own(s, 1, "B13")  # B's higher total 34 as well: more luxury goods win
    assert scoring.final(s, 1)[:2] == (34, 30)
    assert s.ranking() == [2, 1]
    give(s, 1, lux=0)
    assert s.ranking() == [1, 1]  # still tied: shared


def test_cloverleaves_are_a_decision_at_the_end_with_the_best_split_marked():
    s = exp()
    give(s, 0, coins=0, inh=4)  # population 12, power: hero 2
    own(s, 0, "A12")  # power 6
    trigger(s, (step.GAME_END,))
    assert top(s) == (step.CLOVERS, 0)
    assert s.legal_actions() == [AssignCloverleaves(k) for k in range(4)]
    labels = [s.label(a) for a in s.legal_actions()]
    assert labels[3] == "3 cloverleaves on power, 0 on population: 12 PP / 12 population, score 12 (best)"
    assert "(best)" not in labels[0]
    s.apply(AssignCloverleaves(1), seat=0)
    assert s.clover_power[0] == 1 and s.scores()[0] == 8
    assert top(s) == (step.CLOVERS, 1)


def test_no_cloverleaves_in_the_base_game():
    s = base()
    trigger(s, (step.GAME_END,))
    assert top(s) == (step.REVEAL,)


def test_best_split_prefers_the_higher_other_side_on_equal_scores():
    assert scoring.best_split(10, 10, 1, 2) == 0  # (10, 12) either way: the first found
    assert scoring.best_split(22, 26, 3, 2) == 2
    assert scoring.best_split(0, 20, 5, 2) == 5


def test_reserved_buildings_score_and_a_reserved_market_halves_the_coin_rate():
    s = base()
    give(s, 0, coins=8, inh=9)
    own(s, 0, reserved=("A13",))
    assert scoring.parts(s, 0)[0] == {"tiles": 3, "hero": 0, "coins": 4}


def test_odysseus_coin_on_his_tile_does_not_score():
    from hellenika.games.peloponnes.actions import UseOdysseus
    from hellenika.games.peloponnes.catalogue import PLAGUE

    s = exp(heroes=("odysseus", "helen"))
    give(s, 0, coins=3, inh=6)
    trigger(s, (step.DISASTER, PLAGUE))
    s.apply(UseOdysseus(True), seat=0)
    assert scoring.parts(s, 0)[0]["coins"] == 2 // 2  # Naxos: 2 coins per PP; 2 coins left


def test_mercenaries_are_population_points():
    s = exp()
    give(s, 0, inh=3, mercs=4)
    assert scoring.parts(s, 0)[1] == {"inhabitants": 9, "mercenaries": 4}


def test_market_owner_in_byzantium_scores_coins_at_the_better_rate():
    s = exp(colonies=("byzantium", "naxos"))
    give(s, 0, coins=9)
    assert scoring.parts(s, 0)[0]["coins"] == 9 // 4
    own(s, 0, "B02")  # Agora: 2 coins per PP beats the colony's 4 (not cumulative)
    assert scoring.parts(s, 0)[0]["coins"] == 9 // 2
    s = exp(colonies=("miletus", "naxos"))
    give(s, 0, coins=9)
    own(s, 0, "A13", "B02")  # Miletus already scores 2 per PP; two markets do not make it 1
    assert scoring.parts(s, 0)[0]["coins"] == 9 // 2
