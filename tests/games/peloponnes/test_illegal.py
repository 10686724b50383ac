"""Illegal actions at every kind of decision: an ``IllegalAction`` naming the rule, and nothing changed.

Each case builds the decision with the real state machine, then tries a well-formed action the rules forbid
there; the saved state (``to_json``, history included) must be byte-for-byte what it was, and the legal
action must still work afterwards.
"""

from __future__ import annotations

import json

import pytest

from hellenika.engine import IllegalAction
from hellenika.engine.errors import NotYourTurn
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.actions import (
    AbandonBuilding,
    Answer,
    AssignCloverleaves,
    BidAmount,
    BidOn,
    Build,
    BuyStrength,
    Conquer,
    FinishBuilding,
    Hire,
    MakeOffer,
    MoveBid,
    OfferCoins,
    Pass,
    RemoveTile,
    Reserve,
    SaveTile,
    TakeTile,
    UseOdysseus,
    Withdraw,
)
from hellenika.games.peloponnes.catalogue import EARTHQUAKE, PERSIANS

from .builders import draw, game, give, own, reveal, top, trigger

ABC = ["messene", "patras", "arkadia"]


def unchanged_after(s, action, match, seat=None, error=IllegalAction):
    before = json.dumps(s.to_json(), sort_keys=True)
    legal = s.legal_actions()
    with pytest.raises(error, match=match or None):
        s.apply(action, seat=seat)
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert s.legal_actions() == legal


def exp2(heroes=("hector", "helen"), colonies=("naxos", "massilia")):
    return game(2, expansion=True, civs=ABC[:2], heroes=list(heroes), colonies=list(colonies))


def test_bidding_decisions():
    s = game(3, civs=ABC)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    unchanged_after(s, BidOn("A12"), "", seat=1, error=NotYourTurn)  # seat 0 bids first
    unchanged_after(s, Pass(), "", seat=2, error=NotYourTurn)
    unchanged_after(s, Conquer("A12"), r"peloponnes §4 phase 2: Bridge A12 is not in the conquest row")
    unchanged_after(s, TakeTile("A12"), r"peloponnes §9: 'take A12' is not possible now")
    s.apply(BidOn("A12"), seat=0)
    unchanged_after(s, BidAmount(7), r"peloponnes §4 phase 2: you can pay at most 6 coins")
    unchanged_after(s, Pass(), r"peloponnes §4 phase 2: 'pass' is not possible now")
    s.apply(BidAmount(2), seat=0)
    s.apply(BidOn("A12"), seat=1)
    unchanged_after(s, BidAmount(2), r"peloponnes §4 phase 2: the bid must be at least 3 coins")
    s.apply(BidAmount(3), seat=1)
    assert top(s) == (step.DISPLACED, 0)
    unchanged_after(
        s, MoveBid("A12"), r"§4 phase 2: an outbid player may move his bid only to a tile without"
    )
    unchanged_after(s, MoveBid("A05"), r"§4 phase 2: Wheat fields A05 is not in the regular row")
    s.apply(Withdraw(), seat=0)


def test_building_and_strength_decisions():
    s = exp2()
    give(s, 0, wood=0, stone=1, lux=0, coins=6)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A14"), seat=0)
    s.apply(BidAmount(1), seat=0)
    s.apply(Pass(), seat=1)
    assert s.legal_actions() == [Build("none"), Reserve()]
    unchanged_after(s, Build("wood"), r"peloponnes §7\.1: only Daedalus builds for 2 wood or 2 stone less")
    unchanged_after(s, BuyStrength(True), r"peloponnes §4 phase 4: 'strength yes' is not possible now")


def test_build_now_unaffordable_is_refused():
    s = game(2, civs=ABC[:2])
    give(s, 0, wood=1, stone=0, lux=1, coins=6)
    reveal(s, "A12", "A14", "A07", "A05", "A01")
    s.apply(BidOn("A12"), seat=0)
    s.apply(BidAmount(1), seat=0)
    s.apply(Pass(), seat=1)
    # Bridge: 2 wood; 1 wood and 1 luxury (half a wood) are not enough: reserving was the only choice.
    assert s.unfinished[0] == 1 << s.cat.tile_by_id["A12"]


def test_disaster_decisions():
    s = game(2, civs=ABC[:2])
    give(s, 0, wood=1, stone=1, lux=0)
    own(s, 0, "A12", "A14")
    trigger(s, (step.DISASTER, EARTHQUAKE))
    assert top(s) == (step.SAVE, 0, EARTHQUAKE, s.cat.tile_by_id["A12"])
    unchanged_after(s, SaveTile("A14", True), r"peloponnes §6\.2: the tile at stake now is A12")
    s.apply(SaveTile("A12", True), seat=0)  # the last wood and stone: the Street falls without a decision
    assert [s.cat.tiles[t].id for t in s.buildings[0]] == ["A12"]


def test_persian_and_mercenary_decisions():
    s = exp2()
    own(s, 0, "A12", "A14", "A07")
    give(s, 0, coins=2)
    s.strength = [0, 0]
    s.pcount, s.psum, s.placed[PERSIANS] = 5, 8, 5
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert top(s) == (step.PERSIAN_REMOVE, 0)
    unchanged_after(s, RemoveTile("A07"), r"peloponnes §6\.3: .*most power points: A12, A14")
    unchanged_after(s, UseOdysseus(True), r"peloponnes §7\.1: 'odysseus yes' is not possible now")
    s.apply(RemoveTile("A12"), seat=0)

    s = exp2()
    own(s, 0, "A12")  # 4 PP + red hero 2
    give(s, 0, coins=10)
    s.strength = [20, 0]
    s.pcount, s.psum, s.placed[PERSIANS] = 2, 2, 2
    trigger(s, (step.CHITS,))
    draw(s, "persians-1")
    assert top(s) == (step.HIRE, 0, 0)
    unchanged_after(
        s, Hire(7), r"peloponnes §6\.4: you may hire 0 to 6 mercenaries \(up to your power points"
    )
    s.apply(Hire(6), seat=0)


def test_supply_decisions():
    s = game(2, civs=ABC[:2])
    give(s, 0, inh=0, wood=3, stone=0, lux=0, coins=0)
    own(s, 0, reserved=("A12", "B12"))  # Bridge (2 wood) or Granary (3 wood): means for one of them
    trigger(s, (step.SUPPLY,))
    assert top(s)[:3] == (step.FINISH, 0, s.cat.tile_by_id["A12"])
    unchanged_after(s, FinishBuilding("B12", "none"), r"peloponnes §5: the building to finish now is A12")
    unchanged_after(s, AbandonBuilding("B12"), r"peloponnes §5: the building to finish or give up now is A12")
    unchanged_after(s, FinishBuilding("A12", "stone"), r"peloponnes §7\.1: only Daedalus")
    s.apply(FinishBuilding("A12", "none"), seat=0)


def test_a_payable_building_may_not_be_given_up_and_nothing_changes():
    s = exp2(heroes=("daedalus", "helen"))
    give(s, 0, inh=0, wood=1, stone=3, lux=0, coins=0)
    own(s, 0, reserved=("A15",))  # Port: Daedalus pays 0 wood + 3 stone or 1 wood + 1 stone
    trigger(s, (step.SUPPLY,))
    assert top(s)[:3] == (step.FINISH, 0, s.cat.tile_by_id["A15"])
    unchanged_after(
        s,
        AbandonBuilding("A15"),
        r"peloponnes §5: you can pay for Port A15: every unfinished building must be built; only one its "
        r"owner cannot pay for is given up",
    )
    unchanged_after(
        s, FinishBuilding("A15", "none"), r"peloponnes §7\.1: Daedalus builds Port for 2 wood or 2 stone less"
    )
    s.apply(FinishBuilding("A15", "stone"), seat=0)


def test_negotiation_decisions():
    s = game(
        2,
        expansion=True,
        negotiation=True,
        civs=["messene", "patras"],
        heroes=["achilles", "helen"],
        colonies=["naxos", "massilia"],
    )
    unchanged_after(s, MakeOffer(0), r"peloponnes §3\.3: an offer goes to another player")
    unchanged_after(s, MakeOffer(5), r"peloponnes §3\.3: there is no player 6")
    s.apply(MakeOffer(1), seat=0)
    unchanged_after(s, OfferCoins(7), r"peloponnes §3\.3: you can offer 0 to 6 coins")
    s.apply(OfferCoins(2), seat=0)
    unchanged_after(s, Answer(True), "", seat=0, error=NotYourTurn)  # the answer is the other player's
    s.apply(Answer(False), seat=1)


def test_cloverleaf_decision():
    s = exp2()
    trigger(s, (step.GAME_END,))
    assert top(s) == (step.CLOVERS, 0)
    unchanged_after(s, AssignCloverleaves(4), r"peloponnes §8: you have 3 cloverleaves to assign")
    s.apply(AssignCloverleaves(3), seat=0)


def test_solo_purchase_decision():
    s = game(1, expansion=True, civs=["argos"], heroes=["hector"], colonies=["naxos"])
    give(s, 0, coins=3, lux=0)
    reveal(s, "A03", "A14", "A12", "A07", "A01")  # Silver hills min 4: too dear
    unchanged_after(s, TakeTile("A03"), r"peloponnes §9: buying Silver hills needs 4 coins; you can pay 3")
    unchanged_after(s, BidOn("A14"), r"peloponnes §4 phase 2: 'bid A14' is not possible now")
    s.apply(TakeTile("A14"), seat=0)
