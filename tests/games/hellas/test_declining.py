"""Choosing an action and not performing it, action by action (issue 19; spec §4.3).

The seed: "A player can also select an action and choose not to perform it (e.g. if he cannot or does not want
to pay the cost). If this concerns an action which can only be performed by the active player, nothing
happens. If this concerns an action which can be performed by all players, the remaining players still have
the opportunity to perform the action." Each test below takes one action space of the track, has its chooser
(Red, with marble enough to perform it) choose it and decline, and checks what the seed says follows. Mine
marble's own case (the income is paid, the draws may be refused only before the first) is in
``test_mining.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from hellenika.engine import CHANCE
from hellenika.games.hellas.actions import Build, Decline, DrawTiles
from hellenika.games.hellas.phases import BUILD, CHOOSE, MINE_DRAW, MINE_REVEAL

from .builders import BLUE, GREEN, RED, choose, set_marble, setup


def _untouched(before: dict[str, Any], after: dict[str, Any]) -> None:
    """Everything but the turn bookkeeping, the track (Red's marker stays) and the next start player."""
    skip = {"phase", "turn", "active", "track", "space", "offset", "builder", "to_move", "next_start"}
    assert {k: v for k, v in after.items() if k not in skip} == {
        k: v for k, v in before.items() if k not in skip
    }


@pytest.mark.parametrize(
    ("space", "piece"),
    [("house1", "house"), ("house-square", "house"), ("house-square", "square"), ("palace", "palace")],
)
def test_a_shared_build_declined_by_its_chooser_still_goes_round_the_table(space: str, piece: str) -> None:
    """Build a house / a house and/or a square / a palace: "each player may build"; when the chooser declines,
    "the remaining players still have the opportunity to perform the action", clockwise from him."""
    s = setup(3)
    set_marble(s, 20, 20, 20)
    choose(s, space)
    assert s.current_player() == RED and Decline() in s.legal_actions()
    s.apply(Decline())
    assert s.marble[RED] == 20 and not (s.houses[RED] | s.squares[RED] | s.palaces[RED])
    assert s.phase == BUILD and s.current_player() == BLUE  # Blue still has his chance ...
    s.apply(Build(piece, "0,4"))
    if s.current_player() == BLUE:  # house and/or square: Blue may add the other piece
        s.apply(Decline())
    assert s.phase == BUILD and s.current_player() == GREEN  # ... and then Green
    s.apply(Build(piece, "0,6"))
    if s.current_player() == GREEN:
        s.apply(Decline())
    assert s.phase == CHOOSE and s.active == BLUE
    assert s.track[s.g.space_index[space]] == RED


@pytest.mark.parametrize("space", ["temple2", "temple3", "temple5", "statue", "marble"])
def test_a_private_action_declined_by_its_chooser_does_nothing(space: str) -> None:
    """Build temple / Build a statue / Take three marble: "If this concerns an action which can only be
    performed by the active player, nothing happens" (Take three marble was always performed before rules
    1.2). The marker stays, so the space is used; a temple still names the next start player ("even if the
    player decides not to perform the action")."""
    s = setup(3)
    set_marble(s, 20, 20, 20)
    choose(s, space)
    before = s._state_json()
    assert s.current_player() == RED and Decline() in s.legal_actions()
    s.apply(Decline())
    after = s._state_json()
    _untouched(before, after)
    assert s.marble == [20, 20, 20] and s.rings == [0, 0, 0] and s.statues == 0 and sum(s.pillars) == 0
    assert s.track[s.g.space_index[space]] == RED
    assert s.next_start == (RED if space.startswith("temple") else -1)
    assert s.phase == CHOOSE and s.active == BLUE


def test_mine_marble_declined_by_its_chooser_pays_everyone_and_draws_nothing() -> None:
    """Mine marble: "Each player gains marble for each of their houses next to an active quarry. Then the
    active player draws up to four quarry tiles." The chooser may choose not to perform his part (the draws)
    before the first one; everyone's income is paid either way."""
    s = setup(3)
    choose(s, "mine1")
    assert s.phase == MINE_DRAW and s.legal_actions() == [DrawTiles(), Decline()]
    drawing = s.clone()
    drawing.apply(DrawTiles())
    assert drawing.phase == MINE_REVEAL and drawing.current_player() == CHANCE
    s.apply(Decline())
    assert len(s.stack) == 37 and s.phase == CHOOSE and s.active == BLUE


def _label_of(s: Any, space: str) -> str:
    from hellenika.games.hellas.actions import ChooseAction

    return s.label(ChooseAction(space))


def test_a_statue_the_chooser_cannot_build_says_so_before_the_choice() -> None:
    """A player may choose an action and not perform it (seed): with too little marble, the label of the
    statue space says nothing will be built, and the log after the choice agrees (issue 22)."""
    s = setup(3)
    set_marble(s, 0, 20, 20)
    assert _label_of(s, "statue") == "Choose Build a statue (you have 0 of 7 marble: nothing will be built)"
    choose(s, "statue")
    assert "could not build a statue (needs 7 marble)" in list(s.iter_log())[-1]
    assert s.statues == 0 and s.phase == CHOOSE and s.active == BLUE


def test_a_statue_the_chooser_can_build_keeps_its_cost_label() -> None:
    s = setup(3)
    set_marble(s, 7, 20, 20)
    assert _label_of(s, "statue") == "Build a statue (7 marble, interior)"


def test_a_temple_the_chooser_cannot_pay_for_says_so_before_the_choice() -> None:
    s = setup(3)
    set_marble(s, 1, 20, 20)
    cost = s.comps.track[s.g.space_index["temple3"]].cost
    pillars = s.comps.track[s.g.space_index["temple3"]].pillars
    label = _label_of(s, "temple3")
    assert label.startswith(f"Choose Temple: {pillars} pillars for {cost} marble ")
    assert f"{cost} marble (you have 1 of {cost} marble: nothing will be built)" in label
    choose(s, "temple3")
    assert any(f"could not build {pillars} pillars (needs {cost} marble)" in line for line in s.iter_log())
