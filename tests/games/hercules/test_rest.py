"""Rest (spec §4.7) and the end of a turn without a Labour (spec §4.2, options C and D)."""

from __future__ import annotations

from hellenika.games.hercules.actions import (
    EndTurn,
    FinishRest,
    PerformLabour,
    RefreshGod,
    Rest,
    TakeBackCube,
    UseAbility,
)
from tests.games.hercules.builders import (
    expect_illegal,
    new_game,
    pass_turn,
    player,
    roll,
    settle,
    snapshot,
    spent,
    state_of,
    uses,
)

CHARLOTTE_DEMIGODS = ["HES-01", "HEC-01", "AEO-01", "TYC-01"]
CHARLOTTE_GODS = ["GOD-APO", "GOD-HEP"]


def at_turn(dice=(1, 1), **edits):
    s = new_game(2)
    if edits:
        s = player(s, 0, **edits)
    roll(s, dice, (1, 1))
    assert s.current_player() == 0
    return s


def charlotte():
    """4 Demigods holding cubes and 2 God cards face down (Apollo among them), 0 cubes in supply."""
    cards = CHARLOTTE_DEMIGODS + CHARLOTTE_GODS
    return at_turn((6, 6), owned=cards, spent=cards, supply=0)


def test_case_06_charlotte_rest():
    s = charlotte()
    assert Rest() in s.legal_actions()
    s.apply(Rest())
    assert s.view(0)["rest"] == {"cubes_taken": 0, "god_refreshed": False}
    assert set(s.legal_actions()) == {
        *(TakeBackCube(c) for c in CHARLOTTE_DEMIGODS),
        RefreshGod("GOD-APO"),
        RefreshGod("GOD-HEP"),
        FinishRest(),
    }
    s.apply(RefreshGod("GOD-APO"))  # she chooses Apollo
    expect_illegal(s, RefreshGod("GOD-HEP"), "hercules §4.7", "only one God card")
    s.apply(TakeBackCube("HES-01"))
    s.apply(TakeBackCube("HEC-01"))
    s.apply(TakeBackCube("AEO-01"))
    # three cubes back and one God up: nothing left to do, the turn ends
    assert s.current_player() == 1
    st = state_of(s)
    assert st["supply"][0] == 3
    assert sorted(spent(s, 0)) == ["GOD-HEP", "TYC-01"]  # one cube stays; Hephaestus stays face down
    assert st["cubes"][0] == new_game(2).to_json()["state"]["cubes"][0]  # no Labour


def test_no_more_than_three_cubes_per_rest():
    s = charlotte()
    s.apply(Rest())
    for card in ("HES-01", "HEC-01", "AEO-01"):
        s.apply(TakeBackCube(card))
    assert s.current_player() == 0  # a God can still be turned up
    assert set(s.legal_actions()) == {RefreshGod("GOD-APO"), RefreshGod("GOD-HEP"), FinishRest()}
    expect_illegal(s, TakeBackCube("TYC-01"), "hercules §4.7", "already taken back three cubes")
    s.apply(FinishRest())
    assert s.current_player() == 1
    assert sorted(spent(s, 0)) == ["GOD-APO", "GOD-HEP", "TYC-01"]


def test_rest_may_stop_early():
    s = charlotte()
    s.apply(Rest())
    s.apply(TakeBackCube("TYC-01"))
    s.apply(FinishRest())
    assert s.current_player() == 1
    assert state_of(s)["supply"][0] == 1
    assert sorted(spent(s, 0)) == sorted(["HES-01", "HEC-01", "AEO-01", *CHARLOTTE_GODS])


def test_refreshed_cards_are_usable_again_from_the_next_turn():
    s = charlotte()
    s.apply(Rest())
    s.apply(TakeBackCube("HES-01"))
    s.apply(RefreshGod("GOD-HEP"))
    s.apply(FinishRest())
    pass_turn(s)  # seat 1
    roll(s, (3, 3), (1, 1))
    pass_turn(s)  # seat 1 holds Pegasus in round 2
    assert s.current_player() == 0
    assert {a.card for a in uses(s)} == {"HES-01", "GOD-HEP"}


def test_rest_with_nothing_to_recover_is_a_pass():
    """Engine choice: a Rest with nothing to take back or refresh ends the turn at once."""
    s = at_turn((6, 3))
    before = state_of(s)
    s.apply(Rest())
    assert s.current_player() == 1
    after = state_of(s)
    for key in ("cubes", "pos", "supply", "owned", "spent"):
        assert after[key] == before[key]


def test_identical_cubes_are_released_one_card_at_a_time():
    s = at_turn(owned=["HES-01", "HES-02"], spent=["HES-01", "HES-02"], supply=0)
    s.apply(Rest())
    assert s.legal_actions() == [TakeBackCube("HES-01"), FinishRest()]
    s.apply(TakeBackCube("HES-01"))
    assert s.legal_actions() == [TakeBackCube("HES-02"), FinishRest()]
    s.apply(TakeBackCube("HES-02"))
    assert s.current_player() == 1
    assert spent(s, 0) == []
    assert state_of(s)["supply"][0] == 2


def test_rest_errors_name_the_rule():
    s = at_turn(owned=["HES-01", "HEC-01", "GOD-APO", "GOD-HEP"], spent=["HES-01", "GOD-APO"], supply=0)
    expect_illegal(s, TakeBackCube("HES-01"), "hercules §4.7", "only possible while resting")
    expect_illegal(s, FinishRest(), "hercules §4.7", "only possible while resting")
    s.apply(Rest())
    expect_illegal(s, TakeBackCube("HEC-01"), "hercules §4.7", "has no cube on it")
    expect_illegal(s, TakeBackCube("PAN-01"), "hercules §4.7", "you own no Demigod card")
    expect_illegal(s, RefreshGod("GOD-HEP"), "hercules §4.7", "already face up")
    expect_illegal(s, RefreshGod("GOD-ZEU"), "hercules §4.7", "you own no God card")
    expect_illegal(s, PerformLabour(0, 1, "+"), "hercules §4.2", "resting")
    expect_illegal(s, Rest(), "hercules §4.2")


def test_case_07_rest_blocked_after_using_a_card():
    """PLUS1 used, then no legal result → no Rest; the turn ends; the cube stays on the card.

    With nothing left to do (no Labour, no usable card) the engine ends the turn by itself, as the
    rulebook's "your turn ends" says; Rest is never offered after a card was used.
    """
    s = at_turn((6, 5), gone=[1, 12], owned=["HES-01", "HEC-01"], supply=2)
    assert [a for a in s.legal_actions() if isinstance(a, PerformLabour)] == [PerformLabour(0, 1, "+")]
    s.apply(UseAbility("HES-01", 1))  # (6, 6): 12 and 1 are done; HEC-01 could still lower a die
    assert Rest() not in s.legal_actions() and EndTurn() in s.legal_actions()
    expect_illegal(s, Rest(), "hercules §4.7", "may not rest after using a card")
    s.apply(EndTurn())
    assert s.current_player() == 1
    st = state_of(s)
    assert spent(s, 0) == ["HES-01"]
    assert st["supply"][0] == 1


def test_the_turn_ends_by_itself_when_nothing_is_left_after_using_a_card():
    s = at_turn((6, 5), gone=[1, 12], owned=["HES-01"], supply=1)
    s.apply(UseAbility("HES-01", 1))  # (6, 6): no Labour, no cube left for another card
    assert s.current_player() == 1
    st = state_of(s)
    assert spent(s, 0) == ["HES-01"]
    assert st["supply"][0] == 0
    assert st["cubes"][0] == new_game(2).to_json()["state"]["cubes"][0] & ~(1 << 1) & ~(1 << 12)


def test_after_using_a_card_a_labour_the_dice_give_must_be_performed():
    """Rulebook: choose a Labour or Rest "and carry it out"; after using cards "your turn ends" only if "you
    do not get a result with which you can perform a Labour"."""
    s = at_turn((3, 3), owned=["HES-01", "HEC-01"], supply=2)
    s.apply(UseAbility("HES-01", 0))  # (4, 3): Labours 7, 1 and 12 (and HEC-01 is still usable)
    legal = s.legal_actions()
    assert EndTurn() not in legal and Rest() not in legal
    assert any(isinstance(a, PerformLabour) for a in legal) and UseAbility("HEC-01", 0) in legal
    before = snapshot(s)
    expect_illegal(s, EndTurn(), "hercules §4.2", "carry out a Labour your dice give")
    assert snapshot(s) == before


def test_the_only_labour_left_after_using_a_card_is_performed_by_itself():
    s = at_turn((6, 5), gone=[1], owned=["HES-01"], supply=1)
    s.apply(UseAbility("HES-01", 1))  # (6, 6): only 6 + 6 = 12 is left, and no card can be used
    settle(s)  # the next Hestia card comes to the top
    assert s.current_player() == 1
    st = state_of(s)
    assert not st["cubes"][0] >> 12 & 1 and st["supply"][0] == 1  # the cube of Labour 12 is in supply


def test_end_turn_needs_a_used_card():
    s = at_turn((3, 3))
    before = snapshot(s)
    expect_illegal(s, EndTurn(), "hercules §4.2", "only possible after using a card")
    assert snapshot(s) == before


def test_identical_cubes_are_released_lowest_id_first_whatever_the_acquisition_order():
    # owned order HES-02 then HES-01 arises in play when HES-02 is revealed and taken first
    s = at_turn(owned=["HES-02", "HES-01"], spent=["HES-02", "HES-01"], supply=0)
    s.apply(Rest())
    assert s.legal_actions() == [TakeBackCube("HES-01"), FinishRest()]
