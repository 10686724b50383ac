"""Attika's laid-out observation: exact block values on real and edited views (hex slots, rows, phases,
hidden parts)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hellenika import games
from hellenika.engine import Rng, State
from hellenika.games.attika.actions import PlaceBuilding
from hellenika.games.attika.catalogue import LANDSCAPES, load_catalogue
from hellenika.games.attika.hexes import DIRECTIONS, footprint
from hellenika.games.attika.phases import NAMES
from hellenika.rl.codec import attika_expansions, codec_for
from hellenika.rl.layout import encode, encode_state, encoder_of
from hellenika.rl.layouts.attika import WIN_REASONS, AttikaEncoder
from tests.rl.conftest import random_states

CAT = load_catalogue()


def blocks_of(view: dict[str, Any], players: int = 2) -> dict[str, np.ndarray]:
    encoder = encoder_of("attika", players)
    return encoder.layout.views(encode(encoder, view))


def first_state(players: int, seed: int, holds: Callable[[State], bool]) -> State:
    state = next((s for s in random_states("attika", players, {}, seed=seed) if holds(s)), None)
    assert state is not None, "no such state in this seeded game"
    return state


def phase_is(name: str) -> Callable[[State], bool]:
    return lambda s: s.view(None)["phase"] == name


def encoder(players: int = 2) -> AttikaEncoder:
    enc = encoder_of("attika", players)
    assert isinstance(enc, AttikaEncoder)
    return enc


def expected_slots(view: dict[str, Any]) -> list[tuple[int, int]]:
    """The slot order, spelled out: the shrines, then each tile's centre, E, NE, NW, W, SW, SE."""
    board = view["board"]
    out = [(h["q"], h["r"]) for h in board["shrines"]]
    for t in board["tiles"]:
        out += [(t["q"] + dq, t["r"] + dr) for dq, dr in [(0, 0), *DIRECTIONS]]
    return out


@pytest.mark.parametrize(("players", "slots", "size"), [(2, 86, 3286), (3, 129, 4981), (4, 158, 6244)])
def test_one_slot_per_hex_the_map_can_hold(players: int, slots: int, size: int) -> None:
    """Shrines plus 7 per tile: the start layout's and one per stack each player can empty (capped by the
    tile stack): 4 + 8, 6 + 12 and 8 + 14 tiles."""
    enc = encoder(players)
    layout = CAT.layouts[players]
    tiles = len(layout.centres) + attika_expansions(games.get("attika"), players)
    assert enc.slots == slots == len(layout.shrines) + 7 * tiles
    assert enc.layout.size == size
    views = enc.layout.views(np.zeros(enc.layout.size, np.float32))
    for name in ("board_hex", "board_shrine", "board_symbol", "board_owner", "board_building", "pay_space"):
        assert views[name].shape[0] == slots


def test_exact_slot_values_on_a_hand_edited_view() -> None:
    """2 players, start layout only: shrines (-2, 1) and (7, -2), then the tiles at (0, 0), (3, -2), (2, 1),
    (5, -1). A building is put by hand on (1, 0), tile 0's E hex: slot 2 + 1."""
    state = first_state(2, seed=4, holds=lambda s: s.view(None)["phase"] == "actions")
    view = copy.deepcopy(state.view(0))  # views share the board's parts: edit a copy
    assert [(t["q"], t["r"]) for t in view["board"]["tiles"]] == [(0, 0), (3, -2), (2, 1), (5, -1)]
    for space in view["board"]["spaces"]:
        space.pop("owner", None)
        space.pop("building", None)
        if (space["q"], space["r"]) == (1, 0):
            space["owner"] = 1
            space["building"] = "TOWER"
    # The first tile's symbols come from the tile and its rotation (ring slot i lies in direction i - 1).
    view["board"]["tiles"][0] = {"tile": "T04", "q": 0, "r": 0, "rotation": 1}  # W M . . . F H
    blocks = blocks_of(view)
    cells = blocks["board_hex"]
    assert cells[:4].tolist() == [[1, -2, 1], [1, 7, -2], [1, 0, 0], [1, 1, 0]]
    assert cells[7:9].tolist() == [[1, -1, 1], [1, 0, 1]]  # tile 0's SW, SE
    assert cells[9].tolist() == [1, 3, -2]  # tile 1's centre
    assert cells[2 + 7 * 4 - 1].tolist() == [1, 5, 0]  # tile 3's SE, the last start hex
    assert not cells[30:].any()  # no expansion yet
    assert blocks["board_shrine"][:3].tolist() == [1, 1, 0] and blocks["board_shrine"].sum() == 2
    w, m, f, h = np.eye(4).tolist()
    none = [0.0] * 4
    # T04 at rotation 1: centre W, E ., NE ., NW ., W F, SW H, SE M.
    assert blocks["board_symbol"][2:9].tolist() == [w, none, none, none, f, h, m]
    assert not blocks["board_symbol"][:2].any()  # shrines show no symbol
    assert blocks["board_owner"][3].tolist() == [0, 1]  # seat 1, seen by seat 0
    assert blocks["board_owner"].sum() == 1
    assert np.flatnonzero(blocks["board_building"][3]).tolist() == [CAT.by_id["TOWER"]]
    assert blocks["board_building"].sum() == 1
    view["seat"] = 1
    assert blocks_of(view)["board_owner"][3].tolist() == [1, 0]


def test_slots_follow_the_shrines_then_the_views_tiles() -> None:
    """In a game with expansions: each slot holds the hex the order says, with that space's symbol, owner
    (seat-relative) and building; slots past the last tile stay zero."""
    state = first_state(2, seed=1, holds=lambda s: len(s.view(None)["board"]["tiles"]) >= 8)
    enc = encoder(2)
    spectator = state.view(None)
    order = expected_slots(spectator)
    assert enc.slot_hexes(spectator) == [*order, *[None] * (enc.slots - len(order))]
    spaces = {(sp["q"], sp["r"]): sp for sp in spectator["board"]["spaces"]}
    shrines = {(h["q"], h["r"]) for h in spectator["board"]["shrines"]}
    assert set(order) == set(spaces) | shrines and len(order) == len(set(order))
    for seat in (0, 1, None):
        blocks = blocks_of(state.view(seat))
        rel = 0 if seat is None else seat
        for k, (q, r) in enumerate(order):
            assert blocks["board_hex"][k].tolist() == [1, q, r]
            assert blocks["board_shrine"][k] == float((q, r) in shrines)
            space = spaces.get((q, r), {})
            assert blocks["board_symbol"][k].tolist() == [float(space.get("symbol") == t) for t in LANDSCAPES]
            owner = space.get("owner")
            expected_owner = [float(owner is not None and (owner - rel) % 2 == row) for row in (0, 1)]
            assert blocks["board_owner"][k].tolist() == expected_owner
            expected_building = [CAT.by_id[space["building"]]] if owner is not None else []
            assert np.flatnonzero(blocks["board_building"][k]).tolist() == expected_building
        for name in ("board_hex", "board_shrine", "board_symbol", "board_owner", "board_building"):
            assert not blocks[name][len(order) :].any(), name
        laid = sorted(CAT.tile_by_id[t["tile"]] for t in spectator["board"]["tiles"])
        assert np.flatnonzero(blocks["board_tiles"]).tolist() == laid


def test_start_layout_slots_are_the_same_in_every_game() -> None:
    """Once set up, the first shrines + 7 x start tiles slots hold the same hexes whatever was drawn."""
    for players in (2, 3, 4):
        layout = CAT.layouts[players]
        fixed = len(layout.shrines) + 7 * len(layout.centres)
        firsts = []
        for seed in (1, 2):
            state = first_state(players, seed, holds=phase_is("actions"))
            firsts.append(blocks_of(state.view(0), players)["board_hex"][:fixed].tolist())
        expected = [[1, q, r] for q, r in layout.shrines]
        expected += [[1, q, r] for c in layout.centres for q, r in footprint(c)]
        assert firsts[0] == firsts[1] == expected


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 0)])
def test_a_board_with_every_tile_the_rules_allow_fits(players: int, seed: int) -> None:
    """Seeded random games whose map reaches the most tiles: 12 with 2 players (4 laid by each), all 22 with
    4. Every slot is then used; one tile more than the rules allow is refused."""
    final = random_states("attika", players, {}, seed=seed, every=10_000)[-1]
    view = final.view(0)
    enc = encoder(players)
    assert len(view["board"]["tiles"]) == enc.tile_slots == {2: 12, 4: 22}[players]
    blocks = blocks_of(view, players)
    assert blocks["board_hex"][:, 0].sum() == enc.slots
    assert enc.slot_hexes(view) == expected_slots(view)
    assert blocks["board_tiles"].sum() == enc.tile_slots
    too_many = copy.deepcopy(view)
    too_many["board"]["tiles"].append({"tile": "T01", "q": 99, "r": 0, "rotation": 0})
    with pytest.raises(ValueError, match="tiles"):
        blocks_of(too_many, players)


def test_every_legal_place_action_has_a_slot() -> None:
    """A policy head over slots covers the codec's place actions: each legal one is the hex of a slot."""
    enc = encoder(2)
    codec = codec_for("attika")
    checked = 0
    for state in random_states("attika", 2, {}, seed=1, every=3):
        if state.is_chance_node() or state.is_terminal():
            continue
        places = [a for a in state.legal_actions() if isinstance(a, PlaceBuilding)]
        if places:
            hexes = enc.slot_hexes(state.view(0))
            for action in places:
                assert (action.q, action.r) in hexes
                assert codec.decode(codec.encode(PlaceBuilding(action.q, action.r))) == action
            checked += 1
    assert checked > 10


def test_player_rows_start_at_the_observer_and_only_it_has_a_hand() -> None:
    state = first_state(
        3, seed=2, holds=lambda s: s.view(None)["phase"] == "actions" and s.view(None)["turn"] > 6
    )
    view = state.view(1)
    view["players"][0]["amphorae"] = 7  # distinct values, to see where each seat's row lands
    view["players"][1]["amphorae"] = 5
    view["players"][2]["amphorae"] = 3
    blocks = blocks_of(view, players=3)
    assert blocks["player_counts"][:, 1].tolist() == [5.0, 3.0, 7.0]  # seats 1, 2, 0
    for row, seat in enumerate((1, 2, 0)):
        entry = view["players"][seat]
        counts = [entry["hand_size"], entry["amphorae"], entry["placed"], entry["settlements"]]
        assert blocks["player_counts"][row].tolist() == counts
        assert blocks["player_stacks"][row].tolist() == entry["stacks"]
        storage = [entry["storage"].get(b.id, 0) for b in CAT.buildings]
        assert blocks["player_storage"][row].tolist() == storage
        in_stacks = [entry["in_stacks"].get(b.id, 0) for b in CAT.buildings]
        assert blocks["player_in_stacks"][row].tolist() == in_stacks
    assert blocks["hand"].tolist() == [view["players"][1]["hand"][t] for t in LANDSCAPES]
    assert blocks["active"].tolist() == [float((view["active"] - 1) % 3 == r) for r in range(3)]
    assert blocks["turn"].tolist() == [view["turn"]]
    assert np.flatnonzero(blocks["phase"]).tolist() == [NAMES.index("actions")]
    spectator = blocks_of(state.view(None), players=3)
    assert not spectator["hand"].any()
    assert spectator["player_counts"][0, 0] == view["players"][0]["hand_size"]  # seen from seat 0


def test_a_drawn_building_shows_only_to_its_drawer() -> None:
    state = first_state(2, seed=6, holds=phase_is("drawn building: build it or store it"))
    actor = state.view(None)["active"]
    mine = blocks_of(state.view(actor))
    theirs = blocks_of(state.view(1 - actor))
    building = CAT.by_id[state.view(actor)["pending"]["building"]]
    assert np.flatnonzero(mine["pending_building"]).tolist() == [building]
    assert not theirs["pending_building"].any()
    assert mine["pending_player"].tolist() == [1.0, 0.0] and theirs["pending_player"].tolist() == [0.0, 1.0]
    stack = state.view(actor)["pending"]["from_stack"]
    assert (
        np.flatnonzero(mine["pending_stack"]).tolist()
        == [stack]
        == np.flatnonzero(theirs["pending_stack"]).tolist()
    )
    assert mine["to_move"].tolist() == [1.0, 0.0, 0.0, 0.0]
    # The drawer's own count of unseen buildings leaves the drawn one out; the other's includes it.
    assert mine["player_in_stacks"][0, building] + 1 == theirs["player_in_stacks"][1, building]


def test_payment_blocks() -> None:
    state = first_state(2, seed=8, holds=phase_is("paying"))
    view = state.view(0)
    pending = view["pending"]
    blocks = blocks_of(view)
    slot = encoder(2).slot_hexes(view).index((pending["space"]["q"], pending["space"]["r"]))
    assert np.flatnonzero(blocks["pay_space"]).tolist() == [slot]
    assert blocks["board_hex"][slot].tolist() == [1, pending["space"]["q"], pending["space"]["r"]]
    owed = [pending["owed_symbols"][t] for t in LANDSCAPES] + [pending["owed_points"]]
    assert blocks["pay_owed"].tolist() == owed
    assert blocks["pay_paid"].tolist() == [pending["paid"][t] for t in LANDSCAPES]
    assert blocks["mode"].tolist() == [0.0, 0.0, 1.0]  # none, draw, build


def test_the_tile_being_turned() -> None:
    state = first_state(4, seed=1, holds=phase_is("turning the board tile"))
    view = state.view(2)
    blocks = blocks_of(view, players=4)
    assert np.flatnonzero(blocks["tile_to_lay"]).tolist() == [CAT.tile_by_id[view["tile_to_lay"]]]
    assert blocks["tile_centre"].tolist() == [1, view["tile_centre"]["q"], view["tile_centre"]["r"]]
    symbols = CAT.tiles[CAT.tile_by_id[view["tile_to_lay"]]].symbols
    for slot, symbol in enumerate(symbols):
        assert blocks["tile_to_lay_symbols"][slot].tolist() == [
            float(symbol == t) for t in range(len(LANDSCAPES))
        ]
    assert blocks["to_move"].tolist() == [float((view["to_move"] - 2) % 4 == r) for r in range(4)] + [
        0.0,
        0.0,
    ]


def test_the_end_and_the_options() -> None:
    final = random_states("attika", 2, {"amphora_rule": "settlement"}, seed=3, every=10_000)[-1]
    view = final.view(1)
    encoder = encoder_of("attika", 2, {"amphora_rule": "settlement"})
    blocks = encoder.layout.views(encode(encoder, view))
    assert np.flatnonzero(blocks["phase"]).tolist() == [NAMES.index("game over")]
    if view["winner"] is not None:
        assert blocks["winner"].tolist() == [float((view["winner"] - 1) % 2 == r) for r in (0, 1)]
    assert np.flatnonzero(blocks["win_reason"]).tolist() == [WIN_REASONS.index(view["win_reason"])]
    # amphora_rule=group, amphora_rule=settlement, start_rotation=fixed, start_rotation=random
    assert blocks["options"].tolist() == [0.0, 1.0, 1.0, 0.0]
    assert blocks["to_move"].tolist() == [0.0, 0.0, 0.0, 1.0]  # game over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_attika_reads_its_state_directly(players: int) -> None:
    """The encoder has a ``fill_state``, so the equality test of test_layout.py compares it with the view."""
    assert hasattr(encoder(players), "fill_state")


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6)])
def test_reading_the_state_shows_no_secret(players: int, seed: int) -> None:
    """Resampling what a seat cannot see (the other hands, a building another player is looking at) leaves
    the vector read straight from the state unchanged, as the view's is: nothing hidden is read."""
    enc = encoder(players)
    rng = Rng(seed)
    drawn = 0
    for state in random_states("attika", players, {}, seed=seed, every=3):
        drawn += state.view(None)["phase"] == "drawn building: build it or store it"
        for seat in range(players):
            other = state.determinize(seat, rng)
            assert np.array_equal(encode_state(enc, other, seat), encode_state(enc, state, seat))
    assert drawn  # some states hold a drawn building hidden from the other seats


def test_a_drawn_building_read_from_the_state_shows_only_to_its_drawer() -> None:
    state = first_state(2, seed=6, holds=phase_is("drawn building: build it or store it"))
    actor = state.view(None)["active"]
    enc = encoder(2)
    mine = enc.layout.views(encode_state(enc, state, actor))
    theirs = enc.layout.views(encode_state(enc, state, 1 - actor))
    building = CAT.by_id[state.view(actor)["pending"]["building"]]
    assert np.flatnonzero(mine["pending_building"]).tolist() == [building]
    assert not theirs["pending_building"].any()
    assert mine["player_in_stacks"][0, building] + 1 == theirs["player_in_stacks"][1, building]
