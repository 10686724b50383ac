"""Hidden information (spec §10 Q8): hands and the building just drawn are absent from other seats' views and
logs; ``determinize`` redeals exactly those, consistently with what the seat has seen."""

from __future__ import annotations

import json

from hellenika.engine import Rng
from hellenika.games.attika.phases import DRAWN

from .builders import CAT, act, position


def test_hands_are_private_and_their_sizes_public():
    state = position(hands=["WWM", "FH"])
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["players"][0]["hand"] == {"W": 2, "M": 1, "F": 0, "H": 0}
    assert "hand" not in mine["players"][1] and mine["players"][1]["hand_size"] == 2
    assert "hand" not in theirs["players"][0] and theirs["players"][1]["hand"]["F"] == 1
    assert all("hand" not in p for p in spectator["players"])
    json.dumps(spectator)


def test_the_drawn_building_is_seen_only_by_its_owner_until_built_or_stored():
    state = position()
    act(state, "draw 1", "reveal TOWER")
    assert state.phase == DRAWN
    assert state.view(0)["pending"]["building"] == "TOWER"
    other = state.view(1)["pending"]
    assert "building" not in other and other["from_stack"] == 1
    assert state.view(1)["players"][0]["in_stacks"] == state.view(None)["players"][0]["in_stacks"]
    private = [e for e in state.events if e.audience == (0,)]
    assert private and "Tower" in private[-1].text
    assert all("Tower" not in e.text for e in state.visible_events(1))
    act(state, "store")
    assert state.view(1)["players"][0]["storage"]["TOWER"] == 1


def test_card_draws_are_logged_privately():
    state = position()
    act(state, "end", "card W", "card M", "card H")
    public = [e.render(["P", "O"]) for e in state.visible_events(1)]
    assert "P took 3 landscape cards" in public and not any("water" in line for line in public)
    assert any("water" in e.text for e in state.visible_events(0))


def test_determinize_redeals_only_what_the_seat_cannot_see():
    state = position(hands=["WWWMM", "FFHHHW"], discard="MMF")
    for seed in range(20):
        sample = state.determinize(0, Rng(seed))
        assert sample.view(0) == state.view(0)
        assert sample.hands[0] == state.hands[0] and sum(sample.hands[1]) == 6
        for t in range(4):  # every card still somewhere: 15 of each type
            assert sample.hands[0][t] + sample.hands[1][t] + sample.deck[t] + sample.discard[t] == 15
    seen = {state.determinize(0, Rng(seed)).hands[1] for seed in range(40)}
    assert len(seen) > 5  # really resampled


def test_determinize_redraws_a_building_an_opponent_is_looking_at_from_its_stack():
    state = position()
    act(state, "draw 0", "reveal AGORA")
    mains = {b.id for b in CAT.buildings if b.main}
    drawn = {CAT.buildings[state.determinize(1, Rng(seed)).pending].id for seed in range(40)}
    assert drawn <= mains and len(drawn) > 2
    sample = state.determinize(1, Rng(3))
    assert sample.view(1) == state.view(1)
    # The owner knows it: nothing changes for seat 0.
    assert all(state.determinize(0, Rng(seed)).pending == state.pending for seed in range(10))
    assert state.determinize(0, Rng(1)).legal_actions() == state.legal_actions()
