"""The view's printed parts (each card's and tile's description, each map slot's tile) are built once and
shared by every view; what varies is read from the state."""

from __future__ import annotations

import pytest

from hellenika.games.hellas_delonge import view as view_module
from hellenika.games.hellas_delonge.components import GODS, load_catalogue
from hellenika.games.hellas_delonge.state import HellasState
from tests.games.views import assert_unchanged, views_along

CAT = load_catalogue()  # the game's, loaded once
VARYING = ("owner", "greeks", "ships")


@pytest.mark.parametrize("seed", [1, 2])
def test_views_share_the_printed_parts_and_show_the_state(seed: int) -> None:
    """Along a random game: card and tile descriptions are the same objects in every view and equal a fresh
    build; each map slot is its board's fixed part plus the state's owner, Greeks and ships; the card counts
    are the state's; no view changes another."""
    fixed = view_module.printed(CAT)
    assert fixed == view_module.Printed.of(CAT)
    views = views_along("hellas_delonge", 2, seed=seed, options={"stall": 0})
    described = 0
    for state, seat, view, _text in views:
        assert isinstance(state, HellasState)
        for card_id, info in view["card_info"].items():
            assert info is fixed.card_info[card_id] == view_module.card_info_json(CAT.card(card_id))
        for tile_id, info in view["tile_info"].items():
            assert info is fixed.tile_info[tile_id] == view_module.tile_info_json(CAT.tile(tile_id))
        described += bool(view["card_info"]) and bool(view["tile_info"])
        board = state.board
        for slot, entry in enumerate(view["map"]):
            assert {k: v for k, v in entry.items() if k not in VARYING} == board.view_slots[slot]
            assert entry["city"] == slot
            assert entry["edges"] == view_module.edges_by_direction(board.land[slot])
            owner = state.owner(slot)
            assert [entry[k] for k in VARYING] == [
                owner if owner >= 0 else None,
                state.greeks[slot],
                state.ships[slot],
            ]
        for p, entry in enumerate(view["players"]):
            assert entry["cards_by_god"] == {god: state.held_of_god(p, g) for g, god in enumerate(GODS)}
            assert entry["drawn_this_turn_by_god"] == {
                god: state.god_count(state.fresh[p], g) for g, god in enumerate(GODS)
            }
        for god, deck in view["decks"].items():
            r = CAT.god_ranges[GODS.index(god)]
            assert deck["discards"] == {CAT.cards[t].id: state.discards[t] for t in r if state.discards[t]}
        if seat is not None:
            assert view["hand"]["playable"] == {
                c.id: state.hand[seat][c.index] for c in CAT.cards if state.hand[seat][c.index]
            }
    assert described
    assert_unchanged(views)
