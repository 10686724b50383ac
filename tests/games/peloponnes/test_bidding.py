"""Phases 1-3 (spec §4): the reveal, bidding (bid, outbid, conquer, pass), land placement, turn order."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    BidAmount,
    BidOn,
    Conquer,
    MoveBid,
    Pass,
    Withdraw,
)

from .builders import CAT, game, give, own, reveal, tile, top

# Seats A, B, C = 0, 1, 2; Messene (1), Patras (2), Arkadia (3): turn order A, B, C.
ABC = ["messene", "patras", "arkadia"]


def three_player_round():
    s = game(3, civs=ABC)
    reveal(s, "A12", "A14", "A07", "A05", "A01")  # Bridge, Street, Forest | Wheat fields, Quarry hills
    return s


def test_case_1_three_players_three_regular_two_conquest():
    s = three_player_round()
    assert [CAT.tiles[t].id for t in s.row] == ["A12", "A14", "A07"]
    assert [CAT.tiles[t].id for t in s.conq] == ["A05", "A01"]
    assert top(s) == (step.BID, 0, 0)


def test_case_2_five_players_five_regular_no_conquest():
    s = game(5)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    assert len(s.row) == 5 and s.conq == []
    assert not any(isinstance(a, Conquer) for a in s.legal_actions())


@pytest.mark.parametrize("players", [6, 7, 8])
def test_six_to_eight_players_still_five_tiles_no_conquest_row(players):
    s = game(players, expansion=True)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    assert len(s.row) == 5 and s.conq == [] and s.mult == players


def test_two_players_two_regular_three_conquest():
    s = game(2)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    assert len(s.row) == 2 and len(s.conq) == 3


def test_reveal_draws_from_stack_a_b_c_by_round():
    s = game(2)
    assert {a.tile[0] for a in s.legal_actions()} == {"A"} and len(s.legal_actions()) == 15
    s.round = 4
    assert {a.tile[0] for a, _ in s.chance_outcomes()} == {"B"}
    s.round = 7
    assert {a.tile[0] for a, _ in s.chance_outcomes()} == {"C"} and len(s.chance_outcomes()) == 10


def test_bid_needs_the_minimum_and_is_paid_when_made():
    s = three_player_round()
    s.apply(BidOn("A07"), seat=0)  # Forest, min 2
    assert s.legal_actions() == [BidAmount(c) for c in range(2, 7)]  # Messene has 6 coins
    with pytest.raises(IllegalAction, match="at least 2"):
        s.apply(BidAmount(1))
    s.apply(BidAmount(3))
    assert s.coins[0] == 3 and s.bidder == [-1, -1, 0] and s.bid_coins[0] == 3
    assert top(s) == (step.BID, 1, 1)


def test_case_3_outbid_player_moves_his_unchanged_bid_or_takes_it_back_with_a_coin():
    s = three_player_round()
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(3), seat=0)  # A bids 3 on the Bridge (min 1)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(4), seat=1)  # B bids 4 on the Bridge
    assert top(s) == (step.DISPLACED, 0)
    # A may move his 3 to a free regular tile whose minimum is at most 3 (Street 1, Forest 2), or withdraw.
    assert s.legal_actions() == [MoveBid("A14"), MoveBid("A07"), Withdraw()]
    before = s.coins[0]
    s.apply(Withdraw(), seat=0)
    assert s.coins[0] == before + 3 + 1
    assert s.bid_slot[0] == -1 and s.bidder[0] == 1


def test_moved_bid_keeps_its_coins():
    s = three_player_round()
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(3), seat=0)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(4), seat=1)
    s.apply(MoveBid("A07"), seat=0)
    assert s.bidder == [1, -1, 0] and s.bid_coins[0] == 3 and s.coins[0] == 3
    with pytest.raises(IllegalAction):
        s.apply(BidOn("A07"), seat=1)  # B already acted: it is C's turn
    assert top(s) == (step.BID, 2, 2)


def test_displaced_player_never_moves_onto_a_tile_with_a_bid_or_above_his_bid():
    s = three_player_round()
    s.apply(BidOn("A14"), seat=0)
    s.apply(BidAmount(1), seat=0)  # A: 1 on Street
    s.apply(BidOn("A07"), seat=1)
    s.apply(BidAmount(2), seat=1)  # B: 2 on Forest
    s.apply(BidOn("A14"), seat=2)
    s.apply(BidAmount(2), seat=2)  # C outbids A on Street
    # Bridge (min 1) is free; Forest has B's bid; so A's 1 coin can only go to the Bridge.
    assert s.legal_actions() == [MoveBid("A12"), Withdraw()]


def test_displaced_player_with_nowhere_to_go_takes_his_coins_back_automatically():
    s = game(2, civs=ABC[:2])
    reveal(s, "A12", "A03", "A07", "A05", "A01")  # regular: Bridge (1), Silver hills (4)
    s.apply(BidOn("A03"), seat=0)
    s.apply(BidAmount(4), seat=0)
    s.apply(BidOn("A03"), seat=1)
    s.apply(BidAmount(5), seat=1)
    # Bridge is free and A's 4 meets its minimum 1, so A has a choice.
    assert top(s) == (step.DISPLACED, 0)
    s = game(2, civs=ABC[:2])
    reveal(s, "A12", "A03", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(1), seat=0)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(2), seat=1)
    # The only free tile (Silver hills, min 4) is above A's 1: withdrawal is forced, no decision asked.
    # (The round then runs on to its income: 1 coin for A's 2 inhabitants.)
    assert s.coins[0] == 6 + 1 + 1 and s.bid_slot[0] == -1 and s.won[0] == -1
    assert "takes the bid back" in "\n".join(s.iter_log())


def test_case_4_sisyphus_bid_counts_one_higher_but_pays_and_orders_by_his_real_coins():
    s = game(
        3,
        expansion=True,
        civs=ABC,
        heroes=["hector", "sisyphus", "helen"],
        colonies=["naxos", "massilia", "taras"],
    )
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    a, sis = 0, 1
    s.apply(BidOn("A07"), seat=a)
    s.apply(BidAmount(3), seat=a)
    s.apply(BidOn("A07"), seat=sis)
    assert s.legal_actions()[0] == BidAmount(3)  # 3 + 1 = 4 > 3
    s.apply(BidAmount(3), seat=sis)
    assert s.bidder[2] == sis and s.coins[sis] == 7 + 2 - 3
    s.apply(Withdraw(), seat=a)
    s.apply(Pass(), seat=2)
    # Sisyphus paid 3: for the turn order he counts 3, not 4.
    assert s.paid[sis] == 3


def test_sisyphus_may_bid_one_below_the_minimum():
    s = game(2, expansion=True, civs=ABC[:2], heroes=["sisyphus", "hector"], colonies=["naxos", "massilia"])
    reveal(s, "A03", "A14", "A07", "A05", "A01")  # Silver hills, min 4
    s.apply(BidOn("A03"), seat=0)
    assert s.legal_actions()[0] == BidAmount(3)


def test_case_5_and_6_land_placement_rule():
    s = game(2, civs=ABC[:2])
    own(s, 1, "A01")  # B's rightmost land gives 3 stone
    reveal(s, "A05", "A02", "A07", "A09", "A12")  # Wheat fields (3 food), Wooded hills (wood, stone)
    s.apply(Pass(), seat=0)
    legal = s.legal_actions()
    assert BidOn("A05") not in legal and BidOn("A02") in legal  # A02 shares stone with A01
    with pytest.raises(IllegalAction, match=r"§4\.4"):
        s.apply(BidOn("A05"), seat=1)
    # Test case 6: the same player owning the Barracks may place any land.
    own(s, 1, "A11")
    s._refresh_node()
    assert BidOn("A05") in s.legal_actions()


def test_first_land_is_free_and_leptis_magna_ignores_the_placement_rule():
    s = game(2, civs=ABC[:2])
    reveal(s, "A05", "A02", "A07", "A09", "A12")
    assert BidOn("A05") in s.legal_actions()  # no land yet
    s = game(2, expansion=True, civs=ABC[:2], heroes=["hector", "helen"], colonies=["leptis", "naxos"])
    own(s, 0, "A01")
    reveal(s, "A05", "A02", "A07", "A09", "A12")
    assert BidOn("A05") in s.legal_actions()


def test_case_7_conquer_pays_minimum_plus_three_and_cannot_be_outbid():
    s = three_player_round()
    s.apply(Conquer("A05"), seat=0)  # Wheat fields, min 3
    assert s.coins[0] == 6 - 6 and s.won[0] == tile("A05")
    s = game(3, civs=ABC)
    reveal(s, "A12", "A14", "A05", "A07", "A01")  # Forest (A07, min 2) in the conquest row
    s.apply(Conquer("A07"), seat=0)
    assert s.coins[0] == 6 - 5 and s.paid[0] == 5
    assert Conquer("A07") not in s.legal_actions() and BidOn("A07") not in s.legal_actions()


def test_conquering_needs_the_coins():
    s = game(2, civs=["argos", "patras"])  # Argos: 5 coins
    reveal(s, "A12", "A14", "A03", "A07", "A01")  # Silver hills (min 4) conquest price 7
    s.apply(Pass(), seat=1)  # Patras (2) bids before Argos (7)
    assert Conquer("A03") not in s.legal_actions() and Conquer("A07") in s.legal_actions()
    with pytest.raises(IllegalAction, match="7 coins"):
        s.apply(Conquer("A03"), seat=0)


def test_luxury_goods_pay_for_missing_coins_two_for_one():
    s = game(3, civs=["messene", "patras", "arkadia"])
    give(s, 0, coins=2, lux=5)
    reveal(s, "A12", "A03", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    assert s.legal_actions()[-1] == BidAmount(4)  # 2 coins + 5 // 2 luxury
    s.apply(BidAmount(4), seat=0)
    assert (s.coins[0], s.lux[0]) == (0, 1)
    # Outbid and withdrawn: the coins and the luxury goods come back, and the compensation coin.
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(5), seat=1)
    s.apply(Withdraw(), seat=0)
    assert (s.coins[0], s.lux[0]) == (3, 5)


def test_case_8_turn_order_highest_payer_first_passers_last():
    # Previous order C, A, B: Messene is C, Patras is A, Arkadia is B.
    s = game(3, civs=["patras", "arkadia", "messene"])
    a, b, c = 0, 1, 2
    assert s.order == (c, a, b)
    reveal(s, "A12", "A03", "A07", "A05", "A01")
    s.apply(Pass(), seat=c)
    s.apply(BidOn("A03"), seat=a)
    s.apply(BidAmount(4), seat=a)
    s.apply(BidOn("A07"), seat=b)
    s.apply(BidAmount(6), seat=b)
    assert s.order == (b, a, c)
    assert s.coins[c] == 6 + 1 + 1  # pass coin, then his income from 2 inhabitants (1 coin)


def test_ties_in_payment_keep_the_previous_order():
    s = game(3, civs=ABC)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=0)
    s.apply(BidOn("A07"), seat=1)
    s.apply(BidAmount(2), seat=1)
    s.apply(BidOn("A14"), seat=2)
    s.apply(BidAmount(2), seat=2)
    assert s.order == (1, 2, 0)


def test_case_9_miletus_first_even_after_passing():
    s = game(
        3,
        expansion=True,
        civs=ABC,
        heroes=["hector", "helen", "penelope"],
        colonies=["miletus", "naxos", "taras"],
    )
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    assert s.order[0] == 0
    s.apply(Pass(), seat=0)
    s.apply(BidOn("A07"), seat=1)
    s.apply(BidAmount(2), seat=1)
    s.apply(BidOn("A14"), seat=2)
    s.apply(BidAmount(3), seat=2)
    assert s.order == (0, 2, 1)


def test_apollonia_always_last_even_after_the_highest_bid():
    s = game(2, expansion=True, civs=ABC[:2], heroes=["hector", "helen"], colonies=["apollonia", "naxos"])
    assert s.order == (1, 0)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=1)
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(5), seat=0)
    assert s.order == (1, 0)


def test_pass_gives_a_coin_and_tiles_without_bids_leave_the_game():
    s = game(2, civs=ABC[:2])
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(Pass(), seat=0)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(1), seat=1)
    assert s.coins[0] == 6 + 1 + 1  # the pass coin and 1 coin of income
    assert s.row == [] and s.conq == []
    assert "Out of the game: Street A14, Forest A07, Wheat fields A05, Quarry hills A01" in "\n".join(
        s.iter_log()
    )
    # Patras has no wood for the Bridge: reserving it with a coin is the only choice, taken at once.
    assert s.buildings[1] == (tile("A12"),) and s.unfinished[1] == 1 << tile("A12")


def test_each_player_bids_once():
    s = three_player_round()
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(1), seat=0)
    s.apply(BidOn("A14"), seat=1)
    s.apply(BidAmount(1), seat=1)
    s.apply(BidOn("A12"), seat=2)
    s.apply(BidAmount(2), seat=2)
    # A's 1 coin fits no free tile (Forest needs 2): he withdraws, and having bid once is out this round.
    assert s.round == 1 and top(s) == (step.CHIT,)
    assert s.buildings == [(), (tile("A14"),), (tile("A12"),)]


def test_outbid_sisyphus_moves_his_bid_with_his_bonus_counted_against_the_minimum():
    s = game(
        3,
        expansion=True,
        civs=ABC,
        heroes=["sisyphus", "hector", "helen"],
        colonies=["naxos", "massilia", "taras"],
    )
    reveal(s, "A12", "A01", "A07", "A05", "A14")  # Bridge (1), Quarry hills (3), Forest (2)
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(2), seat=0)  # Sisyphus: 2 coins count as 3
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(4), seat=1)
    assert s.legal_actions() == [MoveBid("A01"), MoveBid("A07"), Withdraw()]  # 2 + 1 meets Quarry hills' 3


def test_outbid_player_may_move_only_to_a_land_he_could_place():
    s = three_player_round()  # regular: Bridge, Street, Forest (3 wood)
    own(s, 0, "A01")  # A's rightmost land: 3 stone, so the Forest is not for him
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(2), seat=0)
    s.apply(BidOn("A12"), seat=1)
    s.apply(BidAmount(3), seat=1)
    assert s.legal_actions() == [MoveBid("A14"), Withdraw()]


def test_outbidding_sisyphus_takes_two_more_than_his_coins():
    s = game(
        3,
        expansion=True,
        civs=ABC,
        heroes=["sisyphus", "hector", "helen"],
        colonies=["naxos", "massilia", "taras"],
    )
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(3), seat=0)  # Sisyphus: 3 coins count as 4
    s.apply(BidOn("A12"), seat=1)
    assert s.legal_actions()[0] == BidAmount(5)
    with pytest.raises(IllegalAction, match="at least 5"):
        s.apply(BidAmount(4), seat=1)


def test_naukratis_pays_missing_coins_with_luxury_one_for_one():
    s = game(2, expansion=True, civs=ABC[:2], heroes=["hector", "helen"], colonies=["naukratis", "naxos"])
    give(s, 0, coins=1, lux=3)
    reveal(s, "A03", "A14", "A07", "A05", "A01")  # Silver hills, min 4
    s.apply(BidOn("A03"), seat=0)
    # 1 coin + 3 luxury pay at most 4: the only amount, bid at once (no decision asked).
    assert top(s) == (step.BID, 1, 1)
    assert (s.coins[0], s.lux[0], s.bid_coins[0], s.bid_lux[0]) == (0, 0, 4, 3)
