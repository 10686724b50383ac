"""The turn (spec §4): draw or build, amphorae, landscape cards; cases 21-24 and 31, the seed's amphora
example, and every "cannot happen" of §4.3. P is seat 0."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.games.attika.phases import ACTIONS, CARD, CARDS, DRAWN, PLACE

from .builders import CAT, GAME, act, hand, legal, pay_all, position

GAME_DRAW1 = GAME.parse_action("draw 1")


def draw_and_store(state, stack: int, building: str):
    act(state, f"draw {stack}", f"reveal {building}")
    if state.phase == DRAWN:  # (a building nobody can pay for is stored by itself)
        act(state, "store")
    return state


def cards_after_end(state) -> int:
    act(state, "end")
    return state.cards_due


# ---------------------------------------------------------------- case 21 and the seed's amphora example


def test_case_21_and_seed_example_amphorae_extend_a_draw_turn():
    state = position(amphorae=[3, 0], supply=12)
    # "A player draws a quarry and a tower ..."
    draw_and_store(state, 0, "QUARRY")
    draw_and_store(state, 1, "TOWER")
    assert "amphora" in legal(state) and not any(a.startswith("draw") for a in legal(state))
    # "... then puts 1 amphora back in the supply and draws another building."
    act(state, "amphora")
    assert state.supply == 13 and "draw 2" in legal(state)
    draw_and_store(state, 2, "SHIP")
    # "Finally, he puts another amphora back in the supply and draws 1 landscape card."
    act(state, "end")
    assert state.phase == CARDS and state.cards_due == 0  # 2 - 3 draws: no card for forgone actions
    act(state, "amphora")
    assert state.phase == CARD and state.supply == 14
    act(state, "card H")
    assert hand(state, 0) == "H" and state.amph[0] == 1
    # Another draw is now illegal.
    with pytest.raises(IllegalAction) as info:
        act(state, "draw 3")
    assert info.value.rule == "attika §4.2"


def test_amphora_won_this_turn_can_be_used_this_turn():
    state = position(
        buildings=[(0, 0, 0, "VINEYARD")],
        storage=[["VINTNER", "STREET", "STREET", "STREET"], []],
        hands=["WWWWWWWWWW", ""],
    )
    act(state, "build VINTNER", "place 1 0")  # free; the group earns an amphora
    assert state.amph[0] == 1
    act(state, "build STREET", "place -1 0")
    pay_all(state)
    act(state, "build STREET", "place -1 1")  # free next to its own street
    assert state.actions_left() == 0 and "amphora" in legal(state)
    act(state, "amphora", "build STREET", "place 0 1")
    assert state.placed[0] == 5 and state.actor == 1  # four builds done, no cards: the turn is over


def test_an_amphora_may_be_spent_while_the_turn_still_has_actions_of_its_own():
    # Seed: "A player may use as many amphore in a turn as he wants (and has)". Before the mode is chosen:
    state = position(amphorae=[2, 0], storage=[["STREET", "STREET"], []], hands=["WWWWW", ""])
    assert "amphora" in legal(state)
    act(state, "amphora")
    assert (state.amph[0], state.supply, state.extra) == (1, 16, 1)
    # ... and in the middle of a build turn, with two builds of its own still to come:
    act(state, "build STREET", "place 0 0")
    pay_all(state)
    assert state.actions_left() == 3 and "amphora" in legal(state)
    act(state, "amphora", "build STREET", "place 1 0")  # free next to its own street
    assert state.actions_left() == 3 and state.amph[0] == 0
    # In a draw turn with a draw left:
    drawing = position(amphorae=[1, 0])
    draw_and_store(drawing, 1, "TOWER")
    assert drawing.actions_left() == 1 and "amphora" in legal(drawing)
    act(drawing, "amphora")
    assert drawing.actions_left() == 2


def test_an_amphora_in_phase_a_needs_a_draw_or_build_of_the_turns_kind_that_could_follow():
    # Empty stacks and storage: nothing an extra action could do; the amphora buys a card in phase B.
    state = position(amphorae=[1, 0], in_stacks=[[], None])
    assert legal(state) == ["end"]
    with pytest.raises(IllegalAction) as info:
        act(state, "amphora")
    assert info.value.rule == "attika §4.1" and "phase B" in info.value.reason
    # A build turn with buildings in storage: offered even when the hand pays for none of them (judged on
    # the storage board, never on the hand).
    build = position(amphorae=[1, 0], buildings=[(1, 0, 0, "STREET")], storage=[["STREET", "HARBOR"], []])
    act(build, "build STREET", "place 0 0")
    assert build.buildable_types(0) == [] and "amphora" in legal(build)


def test_with_the_supply_empty_an_amphora_may_be_spent_before_the_mode_and_adds_to_it():
    state = position(amphorae=[1, 0], supply=0)
    assert "amphora" in legal(state)
    act(state, "amphora")
    assert state.supply == 1 and state.extra == 1
    draw_and_store(state, 1, "TOWER")
    draw_and_store(state, 2, "SHIP")
    draw_and_store(state, 3, "SHIP")  # the third draw is the amphora's
    assert state.phase != ACTIONS or state.actions_left() == 0


def test_an_extra_action_left_unused_is_a_forgone_action_and_gives_a_card():
    # Seed: "For each draw or build action he forsakes, he draws 1 landscape card": an amphora's extra draw
    # is one, so spending it early costs nothing (the same card as returning it in phase B).
    state = position(amphorae=[1, 0])
    draw_and_store(state, 1, "TOWER")
    act(state, "amphora")
    draw_and_store(state, 2, "SHIP")
    assert state.label(GAME.parse_action("end")) == "Stop and take 1 landscape card"
    assert cards_after_end(state) == 1
    # Before the mode: a full pass is 3 cards, and the amphora's action one more.
    early = position(amphorae=[1, 0])
    act(early, "amphora")
    assert cards_after_end(early) == 4


# ---------------------------------------------------------------- case 22: forgoing


@pytest.mark.parametrize(
    ("mode", "actions", "cards"),
    [("build", 1, 2), ("build", 0, 3), ("draw", 1, 1), ("draw", 0, 3), ("draw", 2, 0), ("build", 3, 0)],
)
def test_case_22_forgone_actions_give_cards(mode, actions, cards):
    storage = [["STREET"] * 3, []]
    state = position(storage=storage, hands=["W" * 15, ""])
    for i in range(actions):
        if mode == "draw":
            draw_and_store(state, 1 + i % 3, "TOWER" if i == 0 else "SHIP")
        else:
            act(state, "build STREET", ("place 0 0", "place 1 0", "place 1 -1")[i])
            pay_all(state)
    if state.phase == ACTIONS and state.actor == 0:
        act(state, "end")
    assert state.cards_due == cards or (cards == 0 and state.phase != CARD)
    drawn = 0
    while state.phase == CARD:
        act(state, "card M")
        drawn += 1
    assert drawn == cards and state.actor == 1


# ---------------------------------------------------------------- case 23, 24 and §4.3


def test_case_23_draw_and_build_never_mix():
    state = position(storage=[["STREET"], []], hands=["WWWWW", ""])
    draw_and_store(state, 1, "TOWER")
    with pytest.raises(IllegalAction) as info:
        act(state, "build STREET")
    assert info.value.rule == "attika §4.1" and "never be mixed" in info.value.reason
    state = position(storage=[["STREET", "STREET"], []], hands=["WWWWW", ""])
    act(state, "build STREET", "place 0 0")
    pay_all(state)
    with pytest.raises(IllegalAction) as info:
        act(state, "draw 1")
    assert info.value.rule == "attika §4.1"


def test_case_24_no_draw_or_build_after_the_cards_started():
    state = position(amphorae=[2, 0], storage=[["STREET"], []], hands=["WWWWW", ""])
    act(state, "end")
    for card in ("W", "M", "F"):
        act(state, f"card {card}")
    assert state.phase == CARDS
    for notation in ("draw 1", "build STREET"):
        with pytest.raises(IllegalAction) as info:
            act(state, notation)
        assert info.value.rule == "attika §4.2"
    act(state, "pass")
    assert state.actor == 1


def test_a_draw_turn_cannot_use_storage_and_a_build_turn_cannot_draw():
    state = position(storage=[["STREET"], []], hands=["WWWWW", ""])
    act(state, "draw 1", "reveal TOWER")
    assert state.phase == DRAWN and legal(state)[0] == "store"
    assert all(a == "store" or a.startswith("place") for a in legal(state))


def test_no_draw_from_empty_stacks_no_build_from_an_empty_storage_board():
    state = position(in_stacks=[["TOWER", "SHIP"], None], stacks=[[0, 0, 2, 0], None])
    assert [a for a in legal(state) if a.startswith("draw")] == ["draw 2"]
    with pytest.raises(IllegalAction) as info:
        act(state, "draw 1")
    assert info.value.rule == "attika §4.3"
    with pytest.raises(IllegalAction) as info:
        act(state, "build STREET")
    assert info.value.rule == "attika §4.3"


def test_with_nothing_possible_the_turn_goes_to_the_cards_by_itself():
    state = position(in_stacks=[None, []])
    act(state, "end", "card W", "card W", "card W")
    # Seat 1 has empty stacks and storage: its phase A ends by itself, with the 3 cards of a full pass.
    assert state.actor == 1 and state.phase == CARD and state.cards_due == 3


def test_a_round_in_which_nobody_can_act_or_draw_ends_the_game_without_a_winner():
    # Cannot happen with the published counts (board space and cards always suffice), but the engine must
    # not loop: every stack and storage board empty, every card in a hand.
    state = position(
        in_stacks=[[], []],
        deck=[0, 0, 0, 0],
        hands=["W" * 15 + "M" * 15, "F" * 15 + "H" * 15],
    )
    act(state, "end")
    assert state.is_terminal() and state.winner == -1 and state.ranking() == [1, 1]
    assert state.returns() == [0.0, 0.0]


def test_a_drawn_building_nobody_can_pay_for_is_stored_as_a_decision_all_the_same():
    # Storing it by itself would tell the other players, by the missing step, that this hand cannot pay.
    state = position(hands=["", ""])
    act(state, "draw 0", "reveal HARBOR")
    assert legal(state) == ["store"] and state.current_player() == 0
    act(state, "store")
    assert state.storage[0][CAT.by_id["HARBOR"]] == 1 and state.phase == ACTIONS


def test_stopping_is_asked_when_only_the_hand_keeps_a_stored_building_from_being_built():
    # Seat 0 cannot draw (empty stacks) and cannot pay for its stored Harbor: stopping is its only choice,
    # but it is asked, or the others would learn that its hand cannot pay.
    state = position(in_stacks=[[], None], hands=["", ""], storage=[["HARBOR"], []])
    assert state.actor == 0 and legal(state) == ["end"]
    act(state, "end")
    assert state.phase == CARD and state.cards_due == 3 and state.idle == 1  # still an idle turn


def test_a_drawn_building_can_be_built_at_once_with_every_rule():
    state = position(buildings=[(0, 0, 0, "WELL")])
    act(state, "draw 1", "reveal GRAINFIELD")
    assert state.phase == DRAWN and "place 1 0" in legal(state)  # free next to the Well
    act(state, "place 1 0")
    assert state.placed[0] == 2 and state.phase == ACTIONS


def test_building_from_storage_asks_where_then_what_to_pay():
    state = position(storage=[["QUARRY"], []], hands=["WFHM", ""])
    act(state, "build QUARRY")
    assert state.phase == PLACE and all(a.startswith("place") for a in legal(state))


# ---------------------------------------------------------------- phase B, the supply (§4.2; case 31)


def test_amphorae_buy_cards_in_phase_b():
    state = position(amphorae=[2, 0])
    act(state, "end", "card W", "card W", "card W")
    assert legal(state) == ["amphora", "pass"]
    act(state, "amphora", "card M")
    assert hand(state, 0) == "WWWM" and state.amph[0] == 1
    act(state, "pass")
    assert state.actor == 1 and state.amph[0] == 1


def test_case_31_the_discard_pile_is_reshuffled_when_the_supply_is_empty():
    state = position(
        deck=[0, 0, 0, 0], discard="WWWWMMMFFH", hands=["W" * 11 + "M" * 12, "F" * 14 + "H" * 14]
    )
    draw_and_store(state, 1, "TOWER")
    act(state, "end")
    assert state.phase == CARD and state.deck == (4, 3, 2, 1) and state.discard == (0, 0, 0, 0)
    outcomes = {a.card: p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx({"W": 0.4, "M": 0.3, "F": 0.2, "H": 0.1})
    act(state, "card F")
    assert state.deck == (4, 3, 1, 1) and state.actor == 1
    assert any("shuffled" in line for line in state.iter_log())


def test_no_card_when_supply_and_discard_are_both_empty():
    state = position(deck=[0, 0, 0, 0], hands=["W" * 15 + "M" * 15, "F" * 15 + "H" * 15])
    act(state, "end")
    assert state.actor == 1 and hand(state, 0) == "W" * 15 + "M" * 15


def test_hands_are_unlimited():
    state = position(hands=["W" * 12 + "M" * 12 + "F" * 12, ""])
    act(state, "end", "card H", "card H", "card H")
    assert len(hand(state, 0)) == 39


def test_alike_stacks_are_offered_once():
    state = position()
    assert state.stacks[0] == (6, 8, 8, 8)
    assert [a for a in legal(state) if a.startswith("draw")] == ["draw 0", "draw 1"]
    assert state.label(GAME_DRAW1) == "Draw from stack 1 (8 left; like stacks 2, 3)"
    # The other stack alike is accepted and played as the offered one (test_twins.py).
    assert state.check(GAME.parse_action("draw 3"), 0) == GAME_DRAW1
    draw_and_store(state, 1, "TOWER")
    assert [a for a in legal(state) if a.startswith("draw")] == ["draw 0", "draw 1", "draw 2"]


# ---------------------------------------------------------------- amphorae "at any time" in phase A (§4.1)


def _two_groups_to_finish(supply: int):
    # P's Vineyard and Silver mine are on the board; Vintner and Mint wait in storage, each free next to
    # its main building: two groups completed, connected, in one build turn.
    return position(
        buildings=[(0, 0, 0, "VINEYARD"), (0, 1, 0, "SILVERMINE")],
        storage=[["VINTNER", "MINT"], []],
        amphorae=[1, 0],
        supply=supply,
    )


def test_an_amphora_returned_early_refills_a_supply_that_would_run_out():
    # Supply 1, two groups to finish this turn: returned first, the amphora lets both groups earn one.
    state = _two_groups_to_finish(1)
    assert "amphora" in legal(state)  # before the mode is chosen
    act(state, "amphora")
    assert (state.supply, state.extra) == (2, 1)
    act(state, "build VINTNER", "place 1 -1", "build MINT", "place -1 1")
    assert state.amph[0] == 2 and state.supply == 0
    assert not any("no amphora is left" in line for line in state.iter_log())
    # Kept until the builds are used up, the same amphora comes too late: the second group finds the
    # supply empty and earns a card instead (§6).
    late = _two_groups_to_finish(1)
    act(late, "build VINTNER", "place 1 -1")
    assert late.amph[0] == 2 and late.supply == 0
    act(late, "build MINT", "place -1 1")
    assert late.phase == CARD and late.amph[0] == 2
    assert any("no amphora is left: a landscape card instead" in line for line in late.iter_log())


def test_an_early_amphora_is_offered_whatever_the_supply():
    # Until rules 1.2 the early amphora was offered only when the supply could run out this turn; the seed
    # sets no such limit.
    state = _two_groups_to_finish(7)
    assert "amphora" in legal(state)
    act(state, "amphora")
    assert (state.supply, state.extra) == (8, 1)


def test_the_discard_pile_is_reshuffled_in_the_middle_of_a_draw_of_three():
    # One card left in the supply, three due (a full pass): the first comes from the supply, then the
    # discard pile (M M F) becomes the new supply for the other two.
    state = position(deck=[1, 0, 0, 0], discard="MMF", hands=["W" * 14 + "M" * 13, "F" * 14 + "H" * 15])
    act(state, "end")
    assert state.phase == CARD and [a.card for a, _ in state.chance_outcomes()] == ["W"]
    act(state, "card W")
    assert state.deck == (0, 2, 1, 0) and state.discard == (0, 0, 0, 0)
    act(state, "card M", "card F")
    assert hand(state, 0) == "W" * 15 + "M" * 14 + "F" and state.deck == (0, 1, 0, 0)
