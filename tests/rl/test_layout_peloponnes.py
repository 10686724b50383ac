"""Peloponnes' laid-out observation: exact block values on real views (hellenika.rl.layouts.peloponnes)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from hellenika.games.peloponnes import tasks as steps
from hellenika.games.peloponnes.actions import BidAmount, BidOn
from hellenika.games.peloponnes.catalogue import load_catalogue
from hellenika.rl.layout import encode, encoder_of
from tests.games.peloponnes.builders import game, give, reveal
from tests.rl.conftest import random_states

CAT = load_catalogue()
BUILDINGS = [t.id for t in CAT.tiles if t.is_building]
LANDS = [t.id for t in CAT.tiles if t.is_land]
STEPS = list(dict.fromkeys(steps.NAMES.values()))


def blocks_of(players: int, options: dict[str, Any], view: dict[str, Any]) -> dict[str, np.ndarray]:
    encoder = encoder_of("peloponnes", players, options)
    return encoder.layout.views(encode(encoder, view))


def test_layouts_follow_the_player_count_and_options() -> None:
    base = encoder_of("peloponnes", 2).layout
    expansion = encoder_of("peloponnes", 2, {"expansion": True}).layout
    solo = encoder_of("peloponnes", 1, {"expansion": True}).layout
    negotiation = encoder_of("peloponnes", 5, {"expansion": True, "negotiation": True}).layout
    assert "hero" not in base.offsets and "persians" not in base.offsets and "offer" not in expansion.offsets
    shapes = {b.name: b.shape for b in base.blocks}
    assert shapes["goods"] == (2, 6) and shapes["bids"] == (2, len(CAT.tiles))
    assert shapes["buildings"] == (2, len(BUILDINGS)) and shapes["lands"] == (2, len(LANDS))
    assert shapes["civilization"] == (2, len(CAT.civilizations) - 1)  # Sikyon comes with the expansion
    assert {b.name: b.shape for b in solo.blocks}["goods"] == (2, 9)  # the seat, then Angelos
    assert "angelos" in solo.offsets and "angelos" not in expansion.offsets
    assert {b.name: b.shape for b in negotiation.blocks}["offer"] == (3 + 5,)
    assert (
        shapes["face_down_chits"] == (6,) and shapes["bid_luxury"] == (2,) and shapes["decision_bid"] == (2,)
    )
    assert {b.name: b.shape for b in expansion.blocks}["face_down_chits"] == (9,)  # and the Persian chits
    assert base.size == 543 and expansion.size == 650


def test_a_players_goods_and_tiles_land_in_his_seat_relative_row() -> None:
    state = random_states("peloponnes", 3, {}, seed=5, every=40)[2]
    view = copy.deepcopy(state.view(2))
    part = view["participants"][1]
    part.update({"coins": 17, "wood": 4, "luxury": 9, "inhabitants": 6, "score": 11})
    part["buildings"] = [{"id": "A13", "reserved": True}, {"id": "A12", "reserved": False}]
    part["lands"] = [{"id": "A07"}, {"id": "A06"}]  # rightmost: Farmland, income 2 food + 1 wood
    part["won"] = "B05"
    blocks = blocks_of(3, {}, view)
    row = 2  # seat 2 observes: seats 2, 0, 1
    assert blocks["goods"][row].tolist()[:6] == [17, 4, part["stone"], part["food"], 9, 6]
    assert blocks["scores"][row, 3] == 11
    assert np.flatnonzero(blocks["buildings"][row]).tolist() == sorted(
        [BUILDINGS.index("A12"), BUILDINGS.index("A13")]
    )
    assert np.flatnonzero(blocks["reserved"][row]).tolist() == [BUILDINGS.index("A13")]
    assert np.flatnonzero(blocks["lands"][row]).tolist() == sorted([LANDS.index("A06"), LANDS.index("A07")])
    assert blocks["last_land_income"][row].tolist() == [2, 1, 0]
    assert np.flatnonzero(blocks["won"][row]).tolist() == [CAT.tile_by_id["B05"]]


def test_rows_rotate_with_the_observer_and_the_spectator_sees_seat_0() -> None:
    for state in random_states("peloponnes", 4, {"expansion": True}, seed=2, every=37):
        seen = [blocks_of(4, {"expansion": True}, state.view(seat)) for seat in range(4)]
        for seat in range(1, 4):
            for name in ("goods", "scores", "hero", "colony", "buildings", "lands", "bids", "won"):
                assert np.array_equal(seen[seat][name], np.roll(seen[0][name], -seat, axis=0)), name
            for name in ("regular_row", "disaster_chits", "step", "round"):
                assert np.array_equal(seen[seat][name], seen[0][name]), name
        spectator = blocks_of(4, {"expansion": True}, state.view(None))
        assert all(np.array_equal(spectator[name], seen[0][name]) for name in spectator)


def test_step_turn_and_bid_on_the_tile_being_bid_for() -> None:
    states = random_states("peloponnes", 3, {}, seed=5, every=1)
    state = next(s for s in states if s.view(0)["step"] == "bidding: naming the coins")
    view = state.view(1)
    blocks = blocks_of(3, {}, view)
    assert np.flatnonzero(blocks["step"]).tolist() == [STEPS.index("bidding: naming the coins")]
    deciding = view["to_move"]
    assert np.flatnonzero(blocks["to_move"]).tolist() == [(deciding - 1) % 3]
    assert np.flatnonzero(blocks["round"]).tolist() == [view["round"]]
    assert np.flatnonzero(blocks["decision_tile"]).tolist() == [CAT.tile_by_id[view["decision"]["tile"]]]
    on_row = sorted(CAT.tile_by_id[slot["tile"]["id"]] for slot in view["regular_row"] if slot)
    assert np.flatnonzero(blocks["regular_row"]).tolist() == on_row
    for slot in view["regular_row"]:
        if slot and slot["bidder"] is not None:
            assert blocks["bids"][(slot["bidder"] - 1) % 3, CAT.tile_by_id[slot["tile"]["id"]]] == slot["bid"]
    for position, seat in enumerate(view["turn_order"]):
        assert blocks["turn_order"][(seat - 1) % 3, position] == 1


def test_angelos_is_the_last_row_with_his_tiles_by_kind() -> None:
    options = {"expansion": True, "angelos": "stratigos"}
    state = random_states("peloponnes", 1, options, seed=4, every=1)[-1]
    view = state.view(0)
    angelos = view["participants"][1]
    blocks = blocks_of(1, options, view)
    assert blocks["rules"].tolist() == [1, 0, 1, 0, 0, 0, 1]
    assert blocks["to_move"].tolist() == [0, 0, 1]  # seat 0, chance, game over
    assert blocks["goods"][1].tolist() == [0] * 7 + [angelos["strength"], angelos["cloverleaves"]]
    assert blocks["angelos"][0] == angelos["population_coins"]
    assert blocks["scores"][1].tolist() == [
        angelos["power_points"],
        angelos["population_points"],
        angelos["cloverleaves_on_power"],
        angelos["score"],
        view["places"][1],
    ]
    kinds = [(t["kind"], t["id"]) for t in angelos["tiles"]]
    assert blocks["buildings"][1].sum() == sum(1 for kind, _ in kinds if kind == "building")
    assert all(blocks["lands"][1, LANDS.index(i)] == 1 for kind, i in kinds if kind == "land")


def test_negotiation_offer_names_the_other_seat() -> None:
    options: dict[str, object] = {"expansion": True, "negotiation": True}
    states = random_states("peloponnes", 5, options, seed=3, every=1)
    state = next(s for s in states if (s.view(0)["decision"] or {}).get("target") is not None)
    decision = state.view(0)["decision"]
    blocks = blocks_of(5, options, state.view(3))
    what = [1, 0] if decision["for"] == "colony" else [0, 1]
    party = [0] * 5
    party[(decision["target"] - 3) % 5] = 1
    assert blocks["offer"].tolist() == [*what, 0, *party]


def test_chits_under_the_second_stack_keep_their_order() -> None:
    view = copy.deepcopy(random_states("peloponnes", 2, {"expansion": True}, seed=5, every=50)[1].view(0))
    view["chit_stacks"]["under_stack_2"] = ["decline", "persians-3", "decline", "plague"]
    blocks = blocks_of(2, {"expansion": True}, view)
    kinds = [c.id for c in CAT.chits]
    assert blocks["under_stack_2"][kinds.index("decline")] == 2
    assert blocks["under_stack_2"].sum() == 4
    assert [int(np.flatnonzero(row)[0]) for row in blocks["under_stack_2_next"]] == [
        kinds.index("decline"),
        kinds.index("persians-3"),
        kinds.index("decline"),
    ]


def test_the_outbid_players_bid_and_the_luxury_in_bids() -> None:
    """A (seat 0) bids 4 on the Bridge with 2 coins and 4 luxury goods; B outbids him with 5; A decides."""
    state = game(3, civs=["messene", "patras", "arkadia"])  # turn order 0, 1, 2
    give(state, 0, coins=2, lux=5)
    reveal(state, "A12", "A03", "A07", "A05", "A01")  # regular: Bridge (1), Silver hills (4), Forest (2)
    state.apply(BidOn("A12"), seat=0)
    state.apply(BidAmount(4), seat=0)
    bridge = CAT.tile_by_id["A12"]
    blocks = blocks_of(3, {}, state.view(1))
    assert blocks["bid_luxury"].tolist() == [0, 0, 4] and blocks["bids"][2, bridge] == 4  # seat 1 observes
    assert blocks["decision_bid"].tolist() == [0, 0]
    state.apply(BidOn("A12"), seat=1)
    state.apply(BidAmount(5), seat=1)
    blocks = blocks_of(3, {}, state.view(1))
    assert blocks["decision_bid"].tolist() == [4, 4]
    assert blocks["bid_luxury"].tolist() == [0, 0, 0]  # B paid in coins; A's bid is in his hand
    assert blocks["bids"][0, bridge] == 5 and blocks["bids"][2].sum() == 0


def test_face_down_chits_count_by_kind() -> None:
    view = random_states("peloponnes", 2, {"expansion": True}, seed=5, every=50)[1].view(0)
    blocks = blocks_of(2, {"expansion": True}, view)
    mix = view["chit_stacks"]["face_down_by_kind"]
    kinds = [c.id for c in CAT.chits]
    assert blocks["face_down_chits"].tolist() == [mix[k] for k in kinds]
    assert blocks["face_down_chits"].sum() == view["chit_stacks"]["face_down"] < 24
