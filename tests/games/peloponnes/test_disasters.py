"""Phase 7 and the disasters (spec §4 phase 7, §6): chits, the five disasters, Odysseus, Ariadne, Persians."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    DrawChit,
    Hire,
    RedirectChit,
    RemoveTile,
    SaveTile,
    UseOdysseus,
)
from hellenika.games.peloponnes.catalogue import (
    DECLINE,
    DROUGHT,
    EARTHQUAKE,
    PERSIANS,
    PLAGUE,
    TEMPEST,
)

from .builders import CAT, draw, game, give, log_text, own, tile, tiles_of, top, trigger


def strike(s, d):
    trigger(s, (step.DISASTER, d))


def exp_game(players=2, heroes=None, colonies=None, civs=None):
    heroes = heroes or ["hector", "helen", "penelope", "daedalus"][:players]
    colonies = colonies or ["naxos", "massilia", "byzantium", "salamis"][:players]
    civs = civs or ["messene", "patras", "arkadia", "korinth"][:players]
    return game(players, expansion=True, civs=civs, heroes=heroes, colonies=colonies)


# ---------------------------------------------------------------------- chits


def test_base_game_draws_two_chits_a_round_from_one_stack_of_16():
    s = game(2, civs=["messene", "patras"])
    assert (s.s1, s.s2, sum(s.pool)) == (16, 0, 16)
    trigger(s, (step.CHITS,))
    assert top(s) == (step.CHIT,)
    assert {a.chit for a, _ in s.chance_outcomes()} == {
        "plague",
        "drought",
        "earthquake",
        "tempest",
        "decline",
        "blank",
    }
    assert dict((a.chit, p) for a, p in s.chance_outcomes())["plague"] == pytest.approx(3 / 16)
    draw(s, "plague", "plague")
    assert s.placed[PLAGUE] == 2 and top(s) == (step.REVEAL,)


def test_expansion_draws_three_chits_from_two_stacks_of_12_with_persians():
    s = exp_game()
    assert (s.s1, s.s2, sum(s.pool)) == (12, 12, 24)
    trigger(s, (step.CHITS,))
    draw(s, "plague", "drought", "persians-3")
    assert (s.placed[PLAGUE], s.placed[DROUGHT], s.pcount, s.psum) == (1, 1, 1, 3)
    assert (s.s1, s.s2) == (9, 12)
    assert top(s) == (step.REVEAL,)


def test_a_disaster_strikes_when_its_third_chit_lands():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=6)
    trigger(s, (step.CHITS,))
    draw(s, "plague", "plague")
    assert s.inh[0] == 6
    trigger(s, (step.CHITS,))
    draw(s, "plague")
    assert s.placed[PLAGUE] == 3 and s.inh[0] == 4 and "Plague strikes!" in log_text(s)


def test_case_32_same_disaster_twice_in_a_row_goes_under_the_second_stack():
    s = exp_game()
    trigger(s, (step.CHITS,))
    draw(s, "plague", "plague")
    assert s.placed[PLAGUE] == 1 and s.under2 == (CAT.chit_by_id["plague"],)
    assert top(s) == (step.CHIT,) and s.to_place == 2
    draw(s, "drought", "plague")
    assert s.placed[PLAGUE] == 2 and s.to_place == 0


def test_chits_under_the_second_stack_come_back_once_the_face_down_chits_are_gone():
    s = exp_game()
    s.under2 = (CAT.chit_by_id["tempest"],)
    s.s1, s.s2 = 0, 1
    s.pool = [0] * len(s.pool)
    s.pool[CAT.chit_by_id["decline"]] = 1
    trigger(s, (step.CHITS,))
    draw(s, "decline")  # the last face-down chit; then the known Tempest is drawn without chance
    assert s.placed[DECLINE] == 1 and s.placed[TEMPEST] == 1 and s.under2 == ()
    assert top(s) == (step.REVEAL,) and s.to_place == 1  # nothing left for the third chit


# The repeat rule follows the seed's letter (issue 19): "If two chits of the same disaster are revealed in a
# row, the second chit is slid under the second stack, and another chit is revealed instead." A chit is
# compared with the chit revealed just before it, whatever became of that one (placed, or slid under stack 2
# by this rule or by Ariadne).


def test_a_chit_repeating_the_one_ariadne_sent_away_goes_under_the_second_stack_too():
    s = exp_game(heroes=["ariadne", "hector"])
    trigger(s, (step.CHITS,))
    draw(s, "drought")
    s.apply(RedirectChit(False), seat=0)  # the drought is placed
    draw(s, "plague")
    s.apply(RedirectChit(True), seat=0)  # Ariadne slides the plague under stack 2
    draw(s, "plague")  # the replacement: a plague revealed right after a plague
    plague = CAT.chit_by_id["plague"]
    assert s.placed[PLAGUE] == 0 and s.under2 == (plague, plague)
    assert top(s) == (step.CHIT,) and s.to_place == 2 and s.ariadne_used
    assert "Same disaster as the chit revealed before it" in log_text(s)
    draw(s, "tempest")  # "another chit is revealed instead"
    assert s.placed[TEMPEST] == 1 and s.placed[DROUGHT] == 1 and s.to_place == 1


def test_a_chit_is_compared_with_the_one_revealed_before_it_not_the_one_placed_before_it():
    s = exp_game(heroes=["ariadne", "hector"])
    trigger(s, (step.CHITS,))
    draw(s, "plague")
    s.apply(RedirectChit(False), seat=0)  # the plague is placed
    draw(s, "drought")
    s.apply(RedirectChit(True), seat=0)  # Ariadne slides the drought under stack 2
    draw(s, "plague")  # revealed after the drought: not two plagues in a row
    assert s.placed[PLAGUE] == 2 and s.under2 == (CAT.chit_by_id["drought"],) and s.to_place == 1
    assert s.view(1)["chit_stacks"]["last_revealed"] == "plague"


def test_plain_repeat_the_view_names_the_chit_the_next_one_is_compared_with():
    s = exp_game()
    trigger(s, (step.CHITS,))
    assert s.view(0)["chit_stacks"]["last_revealed"] is None  # the round's first chit repeats nothing
    draw(s, "plague", "plague")  # the second goes under stack 2
    view = s.view(0)
    assert view["last_chit"] == "plague" and view["chit_stacks"]["last_revealed"] == "plague"
    assert view["chit_stacks"]["under_stack_2"] == ["plague"]
    draw(s, "plague")  # a third plague, right after the second: under stack 2 as well
    assert s.placed[PLAGUE] == 1 and s.under2 == (CAT.chit_by_id["plague"],) * 2 and s.to_place == 2
    draw(s, "drought", "blank")
    view = s.view(None)
    assert s.placed[DROUGHT] == 1 and s.to_place == 0
    assert view["last_chit"] == "blank" and view["chit_stacks"]["last_revealed"] == "blank"


def test_in_a_row_means_within_one_rounds_reveal():
    """The rule qualifies "3 Disaster Chits ... drawn successively" at the end of each round: the first chit
    of a round is not in a row with the previous round's last one."""
    s = exp_game()
    trigger(s, (step.CHITS,))
    draw(s, "drought", "tempest", "plague")
    trigger(s, (step.CHITS,))
    assert s.view(0)["chit_stacks"]["last_revealed"] is None
    draw(s, "plague")
    assert s.placed[PLAGUE] == 2 and s.under2 == ()


def test_repeat_rule_does_not_apply_when_every_chit_left_shows_that_disaster():
    s = exp_game()
    s.s1, s.s2 = 1, 0
    s.pool = [0] * len(s.pool)
    s.pool[CAT.chit_by_id["plague"]] = 1
    s.last_chit = CAT.chit_by_id["plague"]
    s.to_place = 1
    trigger(s, (step.DRAW_CHIT,))
    draw(s, "plague")
    assert s.placed[PLAGUE] == 1 and s.under2 == ()


def test_no_repeat_rule_in_the_base_game():
    s = game(2, civs=["messene", "patras"])
    trigger(s, (step.CHITS,))
    draw(s, "decline", "decline")
    assert s.placed[DECLINE] == 2 and s.under2 == ()


def test_ariadne_sends_one_drawn_chit_a_round_under_the_second_stack():
    s = exp_game(heroes=["ariadne", "hector"])
    trigger(s, (step.CHITS,))
    draw(s, "earthquake")
    assert top(s) == (step.ARIADNE, 0) and s.legal_actions() == [RedirectChit(True), RedirectChit(False)]
    s.apply(RedirectChit(True), seat=0)
    assert s.under2 == (CAT.chit_by_id["earthquake"],) and s.placed[EARTHQUAKE] == 0
    draw(s, "tempest")  # the replacement: no second redirect this round
    assert top(s) == (step.CHIT,) and s.placed[TEMPEST] == 1
    draw(s, "decline", "blank")
    assert s.placed[DECLINE] == 1 and top(s) == (step.REVEAL,)


def test_ariadne_declining_places_the_chit_and_may_redirect_a_later_one():
    s = exp_game(heroes=["ariadne", "hector"])
    trigger(s, (step.CHITS,))
    draw(s, "earthquake")
    s.apply(RedirectChit(False), seat=0)
    assert s.placed[EARTHQUAKE] == 1
    draw(s, "tempest")
    assert top(s) == (step.ARIADNE, 0)


# ---------------------------------------------------------------------- the five disasters


def test_case_12_plague_loses_a_third_rounded_up():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=7)
    strike(s, PLAGUE)
    assert s.inh[0] == 4


@pytest.mark.parametrize("protector", ["B01", "B14"])
def test_aqueduct_and_well_protect_from_the_plague(protector):
    s = game(2, civs=["messene", "patras"])
    give(s, 0, inh=7)
    own(s, 0, protector)
    strike(s, PLAGUE)
    assert s.inh[0] == 7 and "protected" in log_text(s)


def test_case_13_drought_third_rounded_up_apollonia_half_rounded_down():
    s = exp_game(colonies=["apollonia", "naxos"])
    give(s, 0, food=9)
    give(s, 1, food=9)
    strike(s, DROUGHT)
    assert (s.food[0], s.food[1]) == (5, 6)


@pytest.mark.parametrize("protector", ["B15", "C09"])
def test_temple_of_apollo_and_liongate_protect_from_the_drought(protector):
    s = game(2, civs=["messene", "patras"])
    give(s, 0, food=9)
    own(s, 0, protector)
    strike(s, DROUGHT)
    assert s.food[0] == 9


def test_case_14_earthquake_save_two_of_three_buildings():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=2, stone=1, lux=4)
    own(s, 0, "A12", "A14", "A13")
    strike(s, EARTHQUAKE)
    assert top(s) == (step.SAVE, 0, EARTHQUAKE, tile("A12"))
    assert s.legal_actions() == [SaveTile("A12", True), SaveTile("A12", False)]
    s.apply(SaveTile("A12", True), seat=0)  # 1 wood + 1 stone
    s.apply(SaveTile("A14", True), seat=0)  # 1 wood + 2 luxury
    assert (s.wood[0], s.stone[0], s.lux[0]) == (0, 0, 2)
    # The third would need 4 more luxury: it falls without a decision.
    assert tiles_of(s, 0) == ["A12", "A14"]
    assert "loses Market A13 to the Earthquake" in log_text(s)


def test_earthquake_player_chooses_which_building_to_save():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=1, stone=1, lux=0)
    own(s, 0, "A12", "A14")
    strike(s, EARTHQUAKE)
    s.apply(SaveTile("A12", False), seat=0)  # then the Street must be kept, and is
    assert tiles_of(s, 0) == ["A14"] and (s.wood[0], s.stone[0]) == (0, 0)


def test_earthquake_every_building_its_owner_can_pay_for_is_kept():
    # "1 wood and 1 stone per building" (Apollonia: "2 Wood and 2 Stone per building"): a payment, not an
    # option. A building its owner can pay for is kept, without a decision.
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=2, stone=1, lux=2)
    own(s, 0, "A12", "A14")
    strike(s, EARTHQUAKE)
    assert tiles_of(s, 0) == ["A12", "A14"] and (s.wood[0], s.stone[0], s.lux[0]) == (0, 0, 0)
    assert top(s)[0] != step.SAVE
    assert "pays to keep Street A14" in log_text(s)


def test_earthquake_a_building_may_be_let_go_only_while_the_others_take_all_the_means():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=2, stone=2, lux=0)
    own(s, 0, "A12", "A14", "A13")  # means for two of the three
    strike(s, EARTHQUAKE)
    assert s.legal_actions() == [SaveTile("A12", True), SaveTile("A12", False)]
    s.apply(SaveTile("A12", False), seat=0)
    # Two left and means for two: both are kept without a decision.
    assert tiles_of(s, 0) == ["A14", "A13"] and (s.wood[0], s.stone[0]) == (0, 0)


def test_earthquake_destroying_a_reserved_building_returns_its_coin():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=0, stone=0, lux=0, coins=2)
    own(s, 0, reserved=("A12",))
    strike(s, EARTHQUAKE)
    assert s.buildings[0] == () and s.unfinished[0] == 0 and s.coins[0] == 3


def test_apollonia_pays_two_wood_and_two_stone_per_building():
    s = exp_game(colonies=["apollonia", "naxos"])
    give(s, 0, wood=2, stone=2, lux=0)
    own(s, 0, "A12")
    strike(s, EARTHQUAKE)
    assert tiles_of(s, 0) == ["A12"] and (s.wood[0], s.stone[0]) == (0, 0)


def test_cyclopean_masonry_protects_from_the_earthquake_reserved_or_not():
    s = game(2, civs=["messene", "patras"])
    give(s, 0, wood=0, stone=0, lux=0)
    own(s, 0, "A12", reserved=("C01",))
    strike(s, EARTHQUAKE)
    assert tiles_of(s, 0) == ["A12", "C01"]


def test_tempest_one_food_and_one_coin_per_land_taras_two_and_two():
    s = exp_game(colonies=["taras", "naxos"])
    give(s, 0, food=2, coins=2, lux=0)
    give(s, 1, food=2, coins=2, lux=0)
    own(s, 0, "A07", "A09")
    own(s, 1, "A07", "A09")
    strike(s, TEMPEST)
    # Player 1 (Messene, first in order) is Taras: the first land costs 2 + 2, the second is lost.
    s.apply(SaveTile("A07", True), seat=0)
    assert tiles_of(s, 0) == ["A07"] and (s.food[0], s.coins[0]) == (0, 0)
    # Player 2 can pay 1 + 1 for both: both are kept without a decision.
    assert tiles_of(s, 1) == ["A07", "A09"] and (s.food[1], s.coins[1]) == (0, 0)


def test_case_15_workshop_of_phidias_protects_from_the_tempest_and_so_does_sikyon():
    s = exp_game(civs=["messene", "sikyon"])
    give(s, 0, food=0, coins=0, lux=0)
    give(s, 1, food=0, coins=0, lux=0)
    own(s, 0, "A07", "C06")
    own(s, 1, "A07")
    strike(s, TEMPEST)
    assert tiles_of(s, 0) == ["C06", "A07"] and tiles_of(s, 1) == ["A07"]


def test_case_16_decline_loses_ten_luxury_taras_all():
    s = exp_game(colonies=["naxos", "taras"])
    give(s, 0, lux=14)
    give(s, 1, lux=14)
    strike(s, DECLINE)
    assert (s.lux[0], s.lux[1]) == (4, 0)


@pytest.mark.parametrize("protector", ["A15", "C07"])
def test_port_and_stoa_protect_from_the_decline(protector):
    s = game(2, civs=["messene", "patras"])
    give(s, 0, lux=14)
    own(s, 0, protector)
    strike(s, DECLINE)
    assert s.lux[0] == 14


def test_odysseus_escapes_one_disaster_with_his_coin_once_a_game():
    s = exp_game(heroes=["odysseus", "hector"])
    give(s, 0, inh=9, coins=3)
    strike(s, PLAGUE)
    assert top(s) == (step.ODYSSEUS, 0, PLAGUE)
    s.apply(UseOdysseus(True), seat=0)
    assert (s.inh[0], s.coins[0], s.odysseus_used[0]) == (9, 2, True)
    give(s, 0, food=9)
    strike(s, DROUGHT)
    assert s.food[0] == 6 and top(s) == (step.REVEAL,)  # no second escape


def test_odysseus_may_keep_his_coin():
    s = exp_game(heroes=["odysseus", "hector"])
    give(s, 0, inh=9, coins=3)
    strike(s, PLAGUE)
    s.apply(UseOdysseus(False), seat=0)
    assert (s.inh[0], s.coins[0], s.odysseus_used[0]) == (6, 3, False)


def test_odysseus_needs_a_coin():
    s = exp_game(heroes=["odysseus", "hector"])
    give(s, 0, inh=9, coins=0)
    strike(s, PLAGUE)
    assert s.inh[0] == 6


# ---------------------------------------------------------------------- the Persians (spec §6.3)


def persian_game(strengths, players=4, heroes=None):
    heroes = heroes or ["hector", "helen", "penelope", "daedalus"][:players]
    s = exp_game(players, heroes=heroes)
    for p, value in enumerate(strengths):
        s.strength[p] = value
    return s


def third_persian(s, first_two_sum, last):
    """Two Persian chits are already out (summing to ``first_two_sum``); the third is drawn now."""
    s.pcount, s.psum, s.placed[PERSIANS] = 2, first_two_sum, 2
    trigger(s, (step.CHITS,))
    draw(s, f"persians-{last}")


def test_case_28_first_attack_lost_every_hero_flips():
    """Seed: 4 players, Persians 4 x 5 = 20; the players have only 18 strength in sum: heroes turn orange."""
    s = persian_game([6, 6, 3, 3])
    third_persian(s, 1 + 2, 2)
    assert "4 x 5 = 20 against the players' 18: the Persians win" in log_text(s)
    assert s.flipped == [True, True, True, True]
    assert s.strength == [6, 6, 3, 3]
    assert "turns Hector to the orange side" in log_text(s)


def test_case_29_defended_everybody_halves_then_hires_mercenaries_up_to_power_points():
    s = persian_game([8, 6, 3, 3])
    give(s, 0, coins=10)
    own(s, 0, "A12")  # 4 PP + the red hero's 2 = 6
    third_persian(s, 3, 2)
    assert "= 20 against the players' 20: the players hold them off" in log_text(s)
    assert s.strength == [8 - 2, 3, 1, 1]  # halved, rounded down; Hector loses only 2
    assert top(s) == (step.HIRE, 0, 0)
    assert s.legal_actions() == [Hire(i) for i in range(7)]
    s.apply(Hire(3), seat=0)
    assert (s.coins[0], s.mercs[0], s.strength[0]) == (7, 3, 9)


def test_seed_example_three_mercenaries_for_three_coins():
    """Seed: the player stacked 3 coins at his space and gains 3 strength (and 3 population points)."""
    s = persian_game([8, 6, 3, 3])
    give(s, 1, coins=5)
    own(s, 1, "A12")
    third_persian(s, 3, 2)
    s.apply(Hire(0), seat=0)
    before = s.strength[1]
    s.apply(Hire(3), seat=1)
    assert s.strength[1] == before + 3 and s.coins[1] == 2 and s.mercs[1] == 3


def test_mercenaries_limited_by_coins_and_strength_cap():
    s = persian_game([29, 0], players=2, heroes=["hector", "helen"])
    give(s, 0, coins=3)
    own(s, 0, "C08")  # 8 PP
    third_persian(s, 2, 1)  # 2 x 3 = 6 against 29
    assert s.strength[0] == 27
    assert s.legal_actions() == [Hire(i) for i in range(4)]  # only 3 coins
    s.apply(Hire(3), seat=0)
    assert s.strength[0] == 29 and s.mercs[0] == 3


def test_case_30_second_attack_lost_each_player_loses_his_highest_tile():
    s = persian_game([0, 0, 0, 0])
    s.flipped = [True] * 4
    own(s, 0, "A12", "A07")  # Bridge 4 PP, Forest 2 PP
    own(s, 1, "A05")
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 8, 5
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert tiles_of(s, 0) == ["A07"] and tiles_of(s, 1) == []
    assert "loses Bridge A12 to the Persians" in log_text(s)


def test_second_defeat_ties_are_the_owners_choice():
    s = persian_game([0, 0], players=2, heroes=["hector", "helen"])
    own(s, 0, "A12", "A14", "A07")  # Bridge 4, Street 4, Forest 2
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 8, 5
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert top(s) == (step.PERSIAN_REMOVE, 0)
    assert s.legal_actions() == [RemoveTile("A12"), RemoveTile("A14")]
    with pytest.raises(IllegalAction, match="most power points"):
        s.apply(RemoveTile("A07"), seat=0)
    s.apply(RemoveTile("A14"), seat=0)
    assert tiles_of(s, 0) == ["A12", "A07"]


def test_case_31_odysseus_coin_on_the_second_lost_attack_keeps_his_tile():
    s = persian_game([0, 0], players=2, heroes=["odysseus", "helen"])
    give(s, 0, coins=3)
    own(s, 0, "A12")
    own(s, 1, "A14")
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 8, 5
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert top(s) == (step.ODYSSEUS, 0, step.PERSIAN_EVENT + 2)
    s.apply(UseOdysseus(True), seat=0)
    assert tiles_of(s, 0) == ["A12"] and tiles_of(s, 1) == []
    assert s.coins[0] == 2  # the coin lies on his tile and does not score


def test_odysseus_counts_his_strength_even_when_he_escapes():
    s = persian_game([10, 0], players=2, heroes=["odysseus", "helen"])
    third_persian(s, 2, 1)  # 2 x 3 = 6 against 10: won, Odysseus' strength counted
    assert "against the players' 10" in log_text(s)


def test_seventh_and_eighth_persian_chits_are_ignored():
    s = persian_game([0, 0], players=2, heroes=["hector", "helen"])
    own(s, 0, "A12")
    s.pcount, s.psum, s.placed[PERSIANS] = 6, 12, 6
    trigger(s, (step.CHITS,))
    draw(s, "persians-3")
    assert s.pcount == 7 and tiles_of(s, 0) == ["A12"] and "attack" not in log_text(s)


def test_persian_strength_counts_all_revealed_chits():
    s = persian_game([0, 0], players=2, heroes=["hector", "helen"])
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 10, 5
    s.strength = [15, 10]
    trigger(s, (step.CHITS,))
    draw(s, "persians-2")
    assert "2 x 12 = 24 against the players' 25" in log_text(s)


def test_persians_not_in_the_base_game():
    s = game(2, civs=["messene", "patras"])
    trigger(s, (step.CHITS,))
    assert not any(a.chit.startswith("persians") for a, _ in s.chance_outcomes())
    assert all(isinstance(a, DrawChit) for a in s.legal_actions())


def test_odysseus_escapes_the_first_persian_defeat_keeping_his_red_side():
    s = persian_game([0, 0], players=2, heroes=["odysseus", "helen"])
    give(s, 0, coins=2)
    third_persian(s, 3, 1)
    assert top(s) == (step.ODYSSEUS, 0, step.PERSIAN_EVENT + 1)
    s.apply(UseOdysseus(True), seat=0)
    assert s.flipped == [False, True]


def test_mercenaries_may_be_paid_with_luxury_goods():
    s = persian_game([8, 0], players=2, heroes=["helen", "hector"])
    give(s, 0, coins=1, lux=4)
    own(s, 0, "A12")
    third_persian(s, 2, 1)
    assert s.legal_actions() == [Hire(i) for i in range(4)]  # 1 coin + 4 // 2 luxury
    s.apply(Hire(3), seat=0)
    assert (s.coins[0], s.lux[0], s.mercs[0]) == (0, 0, 3)


def test_case_13_base_mat_drought_loses_a_third_of_nine_food():
    s = game(2, civs=["messene", "patras"])  # the base game: player mats, no colonies
    give(s, 0, food=9)
    give(s, 1, food=10)
    strike(s, DROUGHT)
    assert (s.food[0], s.food[1]) == (9 - 3, 10 - 4)  # a third, rounded up
    assert "Player 1 loses 3 food to the drought" in log_text(s)


def test_odysseus_is_not_asked_when_protected_or_unhurt():
    s = exp_game(heroes=["odysseus", "hector"])
    give(s, 0, inh=9, coins=3)
    own(s, 0, "B01")  # the Aqueduct protects him from the plague: his coin is not at stake
    strike(s, PLAGUE)
    assert s.inh[0] == 9 and not s.odysseus_used[0] and top(s) == (step.REVEAL,)
    give(s, 0, lux=0)
    strike(s, DECLINE)  # nothing to lose
    assert not s.odysseus_used[0] and top(s) == (step.REVEAL,)
