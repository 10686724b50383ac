"""Solo (spec §9): the base game's solitaire and Angelos, the expansion's automatic opponent."""

from __future__ import annotations

import pytest

from hellenika.games.peloponnes import scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import Pass, RedirectChit, TakeTile
from hellenika.games.peloponnes.catalogue import DROUGHT, PERSIANS, PLAGUE, TEMPEST

from .builders import CAT, draw, game, give, log_text, own, reveal, tile, top, trigger


def solo(rank="hoplite", hero="sisyphus", colony="naxos", civs=("sparta", "pylos"), angelos_hero="odysseus"):
    return game(
        1,
        expansion=True,
        angelos=rank,
        civs=list(civs),
        heroes=[hero, angelos_hero],
        colonies=[colony],
    )


def ids(row):
    return [CAT.tiles[t].id if t >= 0 else None for t in row]


# ---------------------------------------------------------------------- buying a tile


def test_solo_buys_any_tile_at_its_printed_minimum_or_passes():
    s = solo()
    s.round = 7
    give(s, 0, coins=20)
    reveal(s, "C01", "C02", "C08", "C03", "C05")
    assert len(s.row) == 2 and len(s.conq) == 3
    assert top(s) == (step.SOLO_TAKE, 0)
    assert s.legal_actions() == [TakeTile(i) for i in ("C01", "C02", "C08", "C03", "C05")] + [Pass()]
    s.apply(TakeTile("C08"), seat=0)  # conquest row, no surcharge
    assert s.coins[0] <= 20 - 8 + 5


def test_case_35_player_buys_from_the_regular_row_angelos_takes_the_best_conquest_tile_and_strength():
    s = solo()
    s.round = 7
    give(s, 0, coins=20, wood=5, stone=5)
    reveal(s, "C01", "C02", "C08", "C03", "C05")
    s.apply(TakeTile("C02"), seat=0)
    assert ids(s.arow) == ["C08"]
    assert s.strength[s.angelos] == 8
    assert "Angelos takes Statue of Zeus C08" in log_text(s) and "from the conquest row" in log_text(s)


def test_passing_also_sends_angelos_to_the_conquest_row():
    s = solo()
    s.round = 7
    reveal(s, "C01", "C02", "C08", "C03", "C05")
    coins = s.coins[0]
    s.apply(Pass(), seat=0)
    assert ids(s.arow) == ["C08"] and s.coins[0] >= coins + 1


def test_case_36_equal_power_points_most_inhabitants_wins():
    s = solo()
    s.round = 7
    give(s, 0, coins=20)
    reveal(s, "C09", "C10", "C01", "C03", "C05")
    s.row[1] = tile("B06")  # put Pine forest (4 PP, +3 inh) next to Liongate (4 PP, +1 inh)
    s.apply(TakeTile("C01"), seat=0)  # from the conquest row: Angelos takes from the regular row
    assert ids(s.arow) == ["B06"] and s.strength[s.angelos] == 0  # no strength from the regular row


def test_angelos_full_tie_goes_to_the_rightmost_tile():
    s = solo()
    s.round = 4
    give(s, 0, coins=20)
    reveal(s, "B09", "B14", "B03", "B13", "B08")  # conquest: Odeon 7, Quarry 3, Leonidaion 5
    s.conq = [tile("B02"), tile("B01"), tile("B13")]  # Agora 4 PP +2 inh, Aqueduct 4 PP +2 inh
    s.apply(TakeTile("B09"), seat=0)
    assert ids(s.arow) == ["B01"]


def test_negative_inhabitants_count_as_negative():
    s = solo()
    s.round = 1
    give(s, 0, coins=20)
    reveal(s, "A05", "A06", "A11", "A14", "A08")  # Barracks 4 PP -2 inh; Street 4 PP +1 inh
    s.apply(TakeTile("A05"), seat=0)
    assert ids(s.arow) == ["A14"]


def test_angelos_pays_nothing_has_no_income_and_ignores_disasters():
    s = solo()
    s.round = 1
    reveal(s, "A05", "A06", "A11", "A14", "A08")
    s.apply(Pass(), seat=0)
    a = s.angelos
    assert (s.coins[a], s.inh[a], s.food[a]) == (0, 0, 0)
    trigger(s, (step.DISASTER, PLAGUE))
    assert "Angelos" not in log_text(s).split("Plague strikes!")[-1]


# ---------------------------------------------------------------------- conflicts


def test_case_37_angelos_wins_ties_he_takes_a_cloverleaf_and_an_inhabitant_then_halves():
    s = solo()
    a = s.angelos
    give(s, 0, strength=6, inh=4, food=9)
    give(s, a, strength=6)
    trigger(s, (step.SUPPLY,))
    assert (s.clovers[0], s.inh[0], s.strength[0]) == (2, 3, 6)
    assert (s.clovers[a], s.angelos_pop, s.strength[a]) == (4, 1, 3)
    assert scoring.parts(s, a)[1]["conflict coins"] == 1


def test_miletus_wins_ties_against_angelos():
    s = solo(colony="miletus")
    a = s.angelos
    give(s, 0, strength=6, inh=4, food=9)
    give(s, a, strength=6)
    trigger(s, (step.SUPPLY,))
    assert (s.clovers[0], s.inh[0], s.strength[0]) == (4, 5, 3)


def test_case_38_player_wins_angelos_loses_his_tile_with_fewest_inhabitants_then_fewest_pp():
    s = solo()
    a = s.angelos
    s.arow = (tile("A14"), tile("A02"), tile("A01"))  # X Street (1 inh, 4 PP), Y Wooded hills (1 inh, 2 PP)
    give(s, 0, strength=10, inh=4, food=9)
    give(s, a, strength=3)
    trigger(s, (step.SUPPLY,))
    assert ids(s.arow) == ["A14", "A01"]  # Y lost; Quarry hills shows no inhabitant and is never eligible
    assert (s.clovers[0], s.inh[0], s.strength[0]) == (4, 5, 5)
    assert s.clovers[a] == 2


def test_angelos_loses_nothing_when_no_tile_shows_an_inhabitant():
    s = solo()
    a = s.angelos
    s.arow = (tile("A01"), tile("A05"))
    give(s, 0, strength=10, food=9)
    trigger(s, (step.SUPPLY,))
    assert ids(s.arow) == ["A01", "A05"] and s.clovers[a] == 2


def test_angelos_strength_helps_against_the_persians_and_he_halves_but_hires_none():
    s = solo(angelos_hero="hector", rank="syntagmatarkhis")
    a = s.angelos
    give(s, 0, strength=3, coins=0)
    give(s, a, strength=7)
    s.pcount, s.psum, s.placed[PERSIANS] = 2, 3, 2
    trigger(s, (step.CHITS,))
    draw(s, "persians-2")  # 2 x 5 = 10 against 3 + 7
    assert "2 x 5 = 10 against the players' 10: the players hold them off" in log_text(s)
    assert s.strength == [1, 3]  # Angelos does not use Hector's ability
    assert s.mercs[a] == 0


def test_angelos_lost_attacks_flip_his_hero_then_take_his_best_tile_rightmost_on_ties():
    s = solo(rank="stratigos")
    a = s.angelos
    s.arow = (tile("A12"), tile("A14"), tile("A07"))
    give(s, 0, strength=0)
    give(s, a, strength=0)
    s.pcount, s.psum, s.placed[PERSIANS] = 2, 3, 2
    trigger(s, (step.CHITS,))
    draw(s, "persians-2")
    assert s.flipped[a]
    assert scoring.parts(s, a)[0]["hero"] == 0
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 8, 5
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert ids(s.arow) == ["A12", "A07"]  # Bridge and Street both 4 PP: the rightmost (Street) goes


# ---------------------------------------------------------------------- scoring


def test_angelos_scores_the_printed_inhabitants_and_coins_of_his_tiles_civilization_and_hero():
    s = solo(rank="stratigos", civs=("sparta", "korinth"), angelos_hero="helen")
    a = s.angelos
    s.arow = (
        tile("A03"),
        tile("A11"),
        tile("B06"),
    )  # Silver hills (+5 coins +1), Barracks (+4, -2), Pine (+3)
    s.angelos_pop = 2
    power, population = scoring.parts(s, a)
    # Korinth 7 coins 3 inh; Helen 5 coins 2 inh (+2 PP red).
    assert population == {"inhabitants": 3 * (1 - 2 + 3 + 3 + 2), "conflict coins": 2}
    assert power == {"tiles": 2 + 4 + 4, "hero": 2, "coins": (5 + 4 + 7 + 5) // 3}
    # Helen brings no extra cloverleaves: his 3 are assigned for his best score, 19 / 23 -> 23 / 25.
    assert s.clovers[a] == 3 and s.scores()[a] == 23


def test_player_must_beat_angelos_a_tie_is_his():
    s = solo()
    a = s.angelos
    s.flipped[0] = True
    give(s, 0, coins=0, inh=2)
    s.clovers = [0, 0]
    own(s, 0, "A14", "A07")  # the player: power 4 + 2 = 6, population 6
    s.arow = (tile("A09"), tile("A07"))  # Angelos: power 1 + 2 = 3, population 3 x 4 = 12
    assert s.scores() == [6, 3] and s.ranking() == [1, 2]
    s.arow = (tile("B06"), tile("A07"))  # power 4 + 2 = 6, population 15
    assert s.scores() == [6, 6]
    assert s.ranking() == [2, 1] and s.ranking()[a] == 1  # winners() is [] until the game is over


# ---------------------------------------------------------------------- disaster chits against Angelos


def test_solo_repeat_rule_counts_the_chit_the_players_ariadne_sent_away():
    """The solo game reveals its 3 chits a round like the multiplayer game, under the same repeat rule."""
    s = solo(hero="ariadne")
    trigger(s, (step.CHITS,))
    draw(s, "drought")
    s.apply(RedirectChit(False), seat=0)
    draw(s, "plague")
    s.apply(RedirectChit(True), seat=0)
    draw(s, "plague")  # two plagues revealed in a row: the second goes under stack 2
    plague = CAT.chit_by_id["plague"]
    assert s.placed[PLAGUE] == 0 and s.under2 == (plague, plague) and s.to_place == 2
    draw(s, "tempest")
    assert (s.placed[DROUGHT], s.placed[TEMPEST], s.to_place) == (1, 1, 1)


def test_angelos_never_uses_ariadne_and_the_repeat_rule_still_applies():
    s = solo(angelos_hero="ariadne")
    trigger(s, (step.CHITS,))
    draw(s, "plague")  # no decision: Angelos never uses his hero's ability
    assert top(s) == (step.CHIT,) and s.placed[PLAGUE] == 1
    draw(s, "plague")
    assert s.placed[PLAGUE] == 1 and s.under2 == (CAT.chit_by_id["plague"],) and s.to_place == 2


# ---------------------------------------------------------------------- the base solitaire


def test_base_solitaire_has_no_angelos_and_two_chits_a_round():
    s = game(1, civs=["sparta"])
    assert s.angelos == -1 and s.num_participants == 1 and s.regular_size == 2
    reveal(s, "A05", "A06", "A11", "A14", "A08")
    assert s.legal_actions()[-1] == Pass() and len(s.legal_actions()) == 6
    s.apply(TakeTile("A14"), seat=0)
    assert s.arow == () and s.conq == [] and s.row == []
    assert top(s) == (step.CHIT,)
    draw(s, "plague", "drought")
    assert top(s) == (step.REVEAL,) and s.round == 2


@pytest.mark.parametrize("rank", ["hoplite", "lokhagos", "syntagmatarkhis", "stratigos"])
def test_every_rank_plays_to_the_end(rank):
    from .builders import play_out

    s = play_out(game(1, expansion=True, angelos=rank), seed=3)
    assert s.is_terminal() and len(s.scores()) == 2


def test_solo_purchase_costs_exactly_the_printed_minimum_in_either_row():
    s = solo(civs=("argos", "pylos"))
    s.round = 7
    give(s, 0, coins=20, lux=0, stone=9)
    reveal(s, "C01", "C02", "C08", "C03", "C05")
    s.apply(TakeTile("C08"), seat=0)  # conquest row: 8 coins, no surcharge
    assert s.coins[0] == 20 - 8 and s.paid[0] == 8 and "buys Statue of Zeus C08" in log_text(s)
    assert s.took_conquest == 1 and ids(s.arow) == ["C01"]  # Angelos: the regular row's best (7 PP)


def test_angelos_wins_but_the_player_has_no_inhabitant_to_give():
    s = solo()
    a = s.angelos
    give(s, 0, strength=0, inh=0, food=0)
    give(s, a, strength=4)
    trigger(s, (step.SUPPLY,))
    assert (s.clovers[0], s.clovers[a], s.angelos_pop, s.strength[a]) == (2, 4, 0, 2)
