"""Illegal actions (spec §4-§7): each raises ``IllegalAction`` naming its rule and leaves the state exactly as
it was (same JSON, same digest, same legal actions, same log), in every phase of a turn. P is seat 0."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.attika.phases import ACTIONS, CARDS, DRAWN, PAY, PLACE, TILE_PLACE, TILE_ROTATE

from .builders import FIXTURE_B, GAME, NORMALS, act, position


def at_actions():
    return position(hands=["MH", ""], storage=[["QUARRY", "HARBOR"], []], amphorae=[1, 0])


def in_draw_turn():
    return act(position(hands=["WFHM", ""], storage=[["QUARRY"], []]), "draw 1", "reveal TOWER", "store")


def in_build_turn():
    state = position(hands=["WWFHM" * 2, ""], storage=[["QUARRY", "STREET"], []])
    return act(state, "build QUARRY", "place 0 0", "pay M")


def drawn():
    return act(position(hands=["WFHM", ""]), "draw 1", "reveal TOWER")


def placing():
    return act(position(hands=["WFHM", ""], storage=[["QUARRY"], []]), "build QUARRY")


def placing_short():
    return act(position(hands=["WF", ""], storage=[["QUARRY"], []]), "build QUARRY")


def paying():
    return act(position(hands=["WFHM", ""], storage=[["QUARRY"], []]), "build QUARRY", "place 0 0")


def nothing_to_follow():
    return position(amphorae=[1, 0], in_stacks=[[], None])


def paying_with_amphora():
    state = position(hands=["WFHM", ""], storage=[["QUARRY"], []], amphorae=[1, 0])
    return act(state, "build QUARRY", "place 0 0")


def in_phase_b():
    return act(position(amphorae=[1, 0]), "end", "card W", "card W", "card W")


def laying_tile():
    state = position(tiles=FIXTURE_B, in_stacks=[["AGORA", *NORMALS[3:]], None])
    return act(state, "draw 0", "reveal AGORA", "store", "boardtile T10")


def turning_tile():
    return act(laying_tile(), "tile -4 2")


CASES = [
    (at_actions, ACTIONS, "build HARBOR", "§5.3", "cannot pay for the Harbor"),
    (at_actions, ACTIONS, "build TEMPLE", "§4.3", "no Temple on your storage board"),
    (at_actions, ACTIONS, "build PALACE", "§9.1", "no building"),
    (at_actions, ACTIONS, "draw 7", "§4.1", "stacks are 0"),
    (nothing_to_follow, ACTIONS, "amphora", "§4.1", "no draw or build of this turn's kind could follow"),
    (drawn, DRAWN, "amphora", "§4.1", "you have no amphora"),
    (paying_with_amphora, PAY, "amphora", "§4.1", "finish what you are doing first"),
    (at_actions, ACTIONS, "place 0 0", "§5.1", "no building in your hand"),
    (at_actions, ACTIONS, "store", "§4.1", "no drawn building"),
    (at_actions, ACTIONS, "pay W", "§5.3", "nothing is being paid"),
    (at_actions, ACTIONS, "pass", "§4.2", "take your landscape cards first"),
    (at_actions, ACTIONS, "tile 3 3", "§7", "no board tile"),
    (at_actions, ACTIONS, "rotate 1", "§7", "no board tile"),
    (at_actions, ACTIONS, "card W", "§4", "not legal now"),
    (in_draw_turn, ACTIONS, "build QUARRY", "§4.1", "never be mixed"),
    (in_build_turn, ACTIONS, "draw 1", "§4.1", "never be mixed"),
    (drawn, DRAWN, "draw 2", "§4.1", "finish what you are doing first"),
    (drawn, DRAWN, "place -2 1", "§5.1", "is a shrine"),
    (drawn, DRAWN, "place 9 9", "§5.1", "not a board space"),
    (drawn, DRAWN, "end", "§4.1", "finish what you are doing first"),
    (placing, PLACE, "store", "§4.3", "must be built"),
    (placing, PLACE, "place 5 5", "§5.1", "not a board space"),
    (placing_short, PLACE, "place 0 -1", "§5.3", "cannot pay for it on 0,-1 (pay MMH)"),
    (paying, PAY, "pay X", "§2", "W, M, F and H"),
    (paying, PAY, "end", "§4.1", "finish what you are doing first"),
    (in_phase_b, CARDS, "draw 1", "§4.2", "no more draws or builds"),
    (in_phase_b, CARDS, "end", "§4.2", "no more draws or builds"),
    (laying_tile, TILE_PLACE, "tile 1 0", "§7", "cover the board hex"),
    (laying_tile, TILE_PLACE, "tile -3 1", "§7", "cover the shrine"),
    (laying_tile, TILE_PLACE, "tile -10 10", "§7", "must touch"),
    (laying_tile, TILE_PLACE, "rotate 0", "§7", "no board tile to turn"),
    (turning_tile, TILE_ROTATE, "tile -4 2", "§7", "no board tile to lay"),
    (turning_tile, TILE_ROTATE, "draw 1", "§4.1", "finish what you are doing first"),
    (turning_tile, TILE_ROTATE, "rotate 6", "§3.1", "rotations are 0-5"),
]


@pytest.mark.parametrize(("make", "phase", "notation", "rule", "words"), CASES)
def test_illegal_actions_name_their_rule_and_change_nothing(make, phase, notation, rule, words):
    state = make()
    assert state.phase == phase
    before = (state.to_json(), state.digest(), state.legal_actions(), [e.to_json() for e in state.events])
    action = GAME.parse_action(notation)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == f"attika {rule}" and words in info.value.reason, info.value
    with pytest.raises(IllegalAction):
        state.check(action, state.current_player())
    after = (state.to_json(), state.digest(), state.legal_actions(), [e.to_json() for e in state.events])
    assert after == before


def test_a_card_that_would_buy_nothing_is_refused_naming_the_cards_offered():
    state = paying()
    act(state, "pay W")  # one of two cards for the missing M: M would now overpay
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        act(state, "pay M")
    assert info.value.rule == "attika §5.3" and "pay one of: F, H" in info.value.reason
    assert state.to_json() == before
