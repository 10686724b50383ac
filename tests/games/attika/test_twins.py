"""Twins (docs/rules/attika.md, "Twins are accepted"): a choice left out of ``legal_actions()`` because an
offered one is interchangeable with it (the other of two stacks alike, a turn of the new board tile giving the
same picture) is accepted and played as the offered one: same state, history and log. What is really illegal
still raises, naming the rule. P is seat 0."""

from __future__ import annotations

from .builders import FIXTURE_B, GAME, NORMALS, act, expect_illegal, expect_twin, legal, position

LAST_MAIN = ["AGORA", *NORMALS[3:]]  # the main stack holds one building; stacks 1-3 hold 7 each


def draws(state) -> list[str]:
    return [a for a in legal(state) if a.startswith("draw")]


def test_a_draw_from_a_stack_alike_an_offered_one_is_played_as_that_draw():
    state = position(hands=["WM", ""])
    assert state.stacks[0] == (6, 8, 8, 8) and draws(state) == ["draw 0", "draw 1"]
    expect_twin(state, "draw 3", "draw 1")
    assert state.stacks[0] == (6, 7, 8, 8) and state.drawn_stack == 1
    act(state, "reveal TOWER", "store")
    # Stack 1 is lower now; of stacks 2 and 3 (8 each) the first is offered and the other stands for it.
    assert draws(state) == ["draw 0", "draw 1", "draw 2"]
    expect_twin(state, "draw 3", "draw 2")
    assert state.stacks[0] == (6, 7, 7, 8)


def test_only_a_stack_of_the_same_height_stands_for_an_offered_draw():
    state = position(stacks=[[6, 10, 7, 7], None])
    assert draws(state) == ["draw 0", "draw 1", "draw 2"]
    expect_twin(state, "draw 3", "draw 2")
    # The draws of the turn used up: the alike stack is no way round the limit.
    state = position(stacks=[[6, 10, 7, 7], None], mode="draw", used=2)
    expect_illegal(state, "draw 3", "§4.1", "your draws are used up")
    # Nor round the turn's kind, an empty stack, or a stack that does not exist.
    state = position(storage=[["QUARRY"], []], mode="build", used=1)
    expect_illegal(state, "draw 3", "§4.1", "never be mixed")
    state = position(in_stacks=[["AGORA", *NORMALS[:7], *NORMALS[7:14]], None], stacks=[[1, 7, 7, 0], None])
    expect_illegal(state, "draw 3", "§4.3", "stack 3 is empty")
    expect_illegal(state, "draw 4", "§4.1", "stacks are 0")


def test_the_alike_stack_is_accepted_whatever_the_hand_holds():
    # Heights are public: whether the other stack is accepted never depends on (or tells) the hand.
    for hand in ("", "WWMMFFHH"):
        state = position(hands=[hand, "MFH"])
        assert state.check(GAME.parse_action("draw 2"), 0) == GAME.parse_action("draw 1")


def turning_t20():
    """P lays board tile T20 (H W . . W . .: three pictures, rotations 0-2) centred on -4,2."""
    state = position(tiles=FIXTURE_B, in_stacks=[LAST_MAIN, None])
    return act(state, "draw 0", "reveal AGORA", "store", "boardtile T20", "tile -4 2")


def test_a_turn_of_the_new_tile_giving_an_offered_picture_is_played_as_that_turn():
    state = turning_t20()
    assert legal(state) == ["rotate 0", "rotate 1", "rotate 2"]
    expect_twin(state.clone(log=True), "rotate 3", "rotate 0")
    state = expect_twin(state, "rotate 5", "rotate 2")
    assert state.board.tiles[-1][1:] == (-4, 2, 2) and "draw 1" in legal(state)


def test_a_turn_outside_0_to_5_is_no_twin():
    state = turning_t20()
    expect_illegal(state, "rotate 6", "§3.1", "rotations are 0-5")
    expect_illegal(state, "rotate -1", "§3.1", "rotations are 0-5")
