"""Twins (docs/rules/hellas.md, "Interchangeable action spaces"): a free action space identical to the one
offered (the same group: the three house spaces, the two mine spaces) is accepted and played as the offered
one: same state, history and log. What is really illegal still raises, naming the rule; and pillars in another
temple are no twin (a different step, spec §4.5)."""

from __future__ import annotations

import pytest

from hellenika.engine import IllegalAction
from hellenika.engine.actions import Action
from hellenika.games.hellas.actions import ChooseAction, Decline, Pillar
from hellenika.games.hellas.phases import CHOOSE, PILLARS
from hellenika.games.hellas.state import HellasState

from .builders import choose, set_marble, set_pillars, setup, snapshot


def expect_twin(s: HellasState, twin: Action, offered: Action) -> HellasState:
    """``twin`` is not offered but stands for ``offered``: ``check`` answers ``offered`` (changing nothing),
    and applying ``twin`` leaves the state, history and log exactly as applying ``offered`` does."""
    legal = s.legal_actions()
    assert twin not in legal and offered in legal, f"{twin} should be left out and {offered} offered"
    before = snapshot(s)
    seat = s.current_player()
    assert s.check(twin, seat) == offered
    assert snapshot(s) == before
    expected = s.clone(log=True)
    expected.apply(offered, seat)
    assert s.apply(twin, seat) == offered
    assert s.to_json() == expected.to_json() and s.digest() == expected.digest()
    assert s.history() == expected.history() and s.history()[-1] == offered
    assert [e.to_json() for e in s.events] == [e.to_json() for e in expected.events]
    return s


def expect_illegal(s: HellasState, action: Action, rule: str, text: str) -> None:
    before = snapshot(s)
    for attempt in (s.check, s.apply):
        with pytest.raises(IllegalAction) as info:
            attempt(action, s.current_player())
        assert info.value.rule == rule and text in str(info.value), str(info.value)
    assert snapshot(s) == before


def decline_to_choose(s: HellasState) -> None:
    while s.phase != CHOOSE:
        s.apply(Decline())


def test_another_free_house_space_is_played_as_the_first_free_one():
    s = setup(3)
    expect_twin(s, ChooseAction("house3"), ChooseAction("house1"))
    assert s.track[s.g.space_index["house1"]] == 0 and s.track[s.g.space_index["house3"]] < 0
    decline_to_choose(s)
    # house1 is taken: house2 is offered now, and house3 stands for it.
    expect_twin(s, ChooseAction("house3"), ChooseAction("house2"))
    decline_to_choose(s)
    # A space taken is no twin, even of a free one of its group.
    expect_illegal(s, ChooseAction("house1"), "hellas §4.2", "already holds")
    assert ChooseAction("house3") in s.legal_actions()


def test_the_second_mine_space_is_played_as_the_first():
    s = setup(3)
    expect_twin(s, ChooseAction("mine2"), ChooseAction("mine1"))
    assert s.track[s.g.space_index["mine1"]] == 0


def test_spaces_of_another_kind_or_outside_the_choice_are_no_twins():
    s = setup(3)
    expect_illegal(s, ChooseAction("house4"), "hellas §4.4", "there is no action space 'house4'")
    choose(s, "house1")
    expect_illegal(s, ChooseAction("house2"), "hellas §4.2", "only at the start of a turn")


def test_pillars_in_another_temple_order_are_no_twins():
    # Spec §4.5: "The pillars may be split across any temples." Each step offers every temple with room from
    # the last one used on, so a pillar named in an earlier temple goes where no offered step puts it.
    s = setup(3)
    set_marble(s, 10, 10, 10)
    choose(s, "temple3")
    s.apply(Pillar("T6"))
    assert s.phase == PILLARS and s.check(Pillar("T6")) == Pillar("T6")
    expect_illegal(s, Pillar("T4"), "hellas §4.5", "temple order")
    s = setup(3)
    set_pillars(s, T4=1, T5=5, T6=6, T7=7, T8=6)  # free: T4 3, T8 2
    choose(s, "temple3")
    expect_illegal(s, Pillar("T8"), "hellas §4.5", "do not have room")
