"""Rejected actions name the rule broken and leave the state exactly as it was (spec §4 throughout)."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction, InvalidAction, NotYourTurn, Rng
from hellenika.games.hercules.actions import (
    ChooseStartPlayer,
    EndTurn,
    FinishRest,
    PerformLabour,
    PlaceGod,
    RefreshGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from tests.games.hercules.builders import (
    DECKS,
    DEFAULT_TOPS,
    GAME,
    expect_illegal,
    new_game,
    player,
    snapshot,
    started,
)


def test_decisions_at_a_chance_node_name_section_4_1():
    s = new_game(2)
    expect_illegal(s, PerformLabour(0, 1, "+"), "hercules §4.1", "chance outcome is due")
    expect_illegal(s, Rest(), "hercules §4.1")
    expect_illegal(s, Roll(1, (0, 1), (3, 3)), "hercules §4.1")  # seat 0 rolls first
    expect_illegal(s, Roll(0, (0,), (3,)), "hercules §4.1")  # both coloured dice are rolled
    expect_illegal(s, Roll(0, (0, 1, 2), (3, 3, 3)), "hercules §4.1")  # not the white die


def test_setup_chance_outcomes_must_fit_the_step():
    s = GAME.new_state(2, {"variant": "standard"})
    expect_illegal(s, RevealDemigod("PAN-01"), "hercules §4.1")  # Hestia is revealed first
    expect_illegal(s, RevealDemigod("HES-05"), "hercules §4.1")  # 4-torch card, not in a 2-player game
    for deck in DECKS:
        s.apply(RevealDemigod(DEFAULT_TOPS[deck]))
    expect_illegal(s, PlaceGod(1, "GOD-ZEU"), "hercules §4.1")  # Zeus belongs on column 12
    expect_illegal(s, PlaceGod(1, "HADES"), "hercules §4.1")
    expect_illegal(s, PlaceGod(2, "GOD-HER"), "hercules §4.1")  # column 1 comes first
    expect_illegal(s, ChooseStartPlayer(0), "hercules §4.1")


def test_chance_outcomes_are_not_decisions():
    s = started(2, [(3, 3)])
    expect_illegal(s, Roll(0, (0, 1), (6, 6)), "hercules §4.1", "is a chance outcome")


def test_turn_actions_while_choosing_a_demigod_name_section_4_2():
    s = started(2, [(5, 1)], tops={"tyche": "TYC-02", "morpheus": "MOR-02"})
    s = player(s, 0, owned=["GOD-DEM"])
    s.apply(PerformLabour(0, 1, "/"))
    assert {a for a in s.legal_actions()} == {TakeDemigod("aeolus"), TakeDemigod("morpheus")}
    expect_illegal(s, PerformLabour(0, 1, "+"), "hercules §4.2", "choosing a demigod")
    expect_illegal(s, UseAbility("GOD-DEM", 0), "hercules §4.2")
    expect_illegal(s, Rest(), "hercules §4.2")
    expect_illegal(s, EndTurn(), "hercules §4.2")
    expect_illegal(s, TakeBackCube("HES-01"), "hercules §4.7", "only possible while resting")
    expect_illegal(s, RefreshGod("GOD-DEM"), "hercules §4.7")
    expect_illegal(s, FinishRest(), "hercules §4.7")


def test_ability_targets_are_checked():
    s = started(2, [(3, 3)])
    s = player(s, 0, owned=["HES-01", "TYC-01", "PAN-01", "MOR-01"], supply=4)
    expect_illegal(s, UseAbility("HES-01", 5), "hercules §4.4", "there is no die 6")
    expect_illegal(s, UseAbility("TYC-01", 0), "hercules §4.4", "re-roll needs a set")
    expect_illegal(s, UseAbility("TYC-01", 4), "hercules §4.4", "re-roll needs a set")  # white die not held
    expect_illegal(s, UseAbility("PAN-01", 1), "hercules §4.4", "takes no target")
    expect_illegal(s, UseAbility("MOR-01", 0), "hercules §4.4", "copy another participant")
    expect_illegal(s, UseAbility("MOR-01", 7), "hercules §4.4", "copy another participant")


def test_wrong_seat_and_malformed_input():
    s = started(2, [(6, 3)])
    before = snapshot(s)
    with pytest.raises(NotYourTurn) as info:
        s.apply(PerformLabour(0, 1, "+"), seat=1)
    assert info.value.rule == "turn order"
    with pytest.raises(InvalidAction):
        s.apply("labour 0 1 +")  # type: ignore[arg-type]
    with pytest.raises(InvalidAction):
        GAME.parse_action("labour 0 +")
    with pytest.raises(InvalidAction):
        GAME.action_from_json({"kind": "labour", "die_a": 0, "die_b": 1})
    assert snapshot(s) == before
    assert GAME.parse_action("labour 0 1 +") == PerformLabour(0, 1, "+")
    assert GAME.parse_action("use HES-01 1") == UseAbility("HES-01", 1)
    assert GAME.parse_action("roll 1 2 5") == Roll(1, (2,), (5,))


def test_check_raises_like_apply_without_changing_anything():
    s = started(2, [(6, 3)])
    before = snapshot(s)
    with pytest.raises(IllegalAction) as info:
        s.check(PerformLabour(0, 1, "x"))
    assert info.value.rule == "hercules §4.3"
    assert snapshot(s) == before


def test_labels_name_the_labour_and_the_ability():
    s = started(2, [(6, 3)])
    s = player(s, 0, owned=["HES-01"], supply=1)
    assert s.label(PerformLabour(0, 1, "+")) == "Labour 9: 6 + 3"
    assert s.label(PerformLabour(0, 1, "/")) == "Labour 2: 6 / 3"
    assert "+1 on die 2 (3 -> 4)" in s.label(UseAbility("HES-01", 1))


def candidate_actions() -> list:
    """A broad pool of well-formed actions, most of them illegal in any given state."""
    pool: list = [Rest(), EndTurn(), FinishRest()]
    pool += [PerformLabour(a, b, op) for a in range(3) for b in range(3) for op in "+-x/"]
    pool += [
        UseAbility(c, t)
        for c in ("HES-01", "HEC-01", "AEO-01", "PAN-01", "TYC-01", "MOR-01", "HES-10", "GOD-APO", "GOD-DEM")
        for t in range(4)
    ]
    pool += [TakeDemigod(d) for d in DECKS]
    pool += [TakeBackCube("HES-01"), TakeBackCube("PAN-01"), RefreshGod("GOD-APO")]
    pool += [Roll(0, (0, 1), (2, 5)), Roll(1, (0, 1), (2, 5)), Roll(0, (2,), (4,)), RevealDemigod("HES-02")]
    # setup outcomes, outside the setup
    pool += [PlaceGod(3, "GOD-APO"), ChooseStartPlayer(0), ChooseStartPlayer(1)]
    return pool


@pytest.mark.parametrize(("players", "variant"), [(2, "standard"), (3, "simplified"), (1, "standard")])
def test_every_illegal_action_names_a_hercules_rule_and_changes_nothing(players, variant):
    """A random game (fixed seed); at every 3rd node each pooled action that is not legal is rejected, unless
    it is the twin of an offered one (test_twins.py), which ``check`` answers with the offered action."""
    s = new_game(players, variant=variant)
    s = player(
        s,
        0,
        owned=["HES-01", "HEC-01", "AEO-01", "PAN-01", "TYC-01", "MOR-01", "HES-10", "GOD-APO"],
        supply=2,
    )
    rng = Rng(2024)
    pool = candidate_actions()
    rejected = twins = 0
    for step in range(300):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        if step % 3 == 0:
            before = snapshot(s)
            for action in pool:
                if action in legal:
                    continue
                try:
                    played = s.check(action)
                except IllegalAction:
                    pass
                else:
                    assert played in legal and played != action
                    twins += 1
                    continue
                with pytest.raises(IllegalAction) as info:
                    s.apply(action)
                assert info.value.rule.startswith("hercules §"), info.value
                assert snapshot(s) == before
                rejected += 1
        s.apply(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randbelow(len(legal))])
    assert rejected > 1000 and twins > 0
