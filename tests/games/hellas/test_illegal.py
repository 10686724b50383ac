"""Illegal actions (STYLE: "apply() validates and raises IllegalAction naming the rule, leaving the state
untouched"): every branch of :mod:`hellenika.games.hellas.illegal`, each checked for its rule, its message and
an unchanged serialised state (log included). Spec §3, §4.2-§4.6, §7."""

from __future__ import annotations

import pytest

from hellenika.engine import GameOver, IllegalAction, NotYourTurn
from hellenika.engine.actions import Action
from hellenika.games.hellas.actions import (
    Build,
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    OpenQuarry,
    Pillar,
    PlaceTile,
    Reveal,
    StartPlayer,
    TakeMarble,
)
from hellenika.games.hellas.phases import (
    BUILD,
    CHOOSE,
    MINE_DRAW,
    MINE_PLACE,
    MINE_REVEAL,
    MINE_WORKER,
    PILLARS,
)
from hellenika.games.hellas.state import HellasState

from .builders import BLUE, RED, choose, decline_everything, new_game, set_quarries, setup, snapshot


def rejects(s: HellasState, action: Action, rule: str, text: str, seat: int | None = None) -> None:
    before = snapshot(s)
    events = len(s.events)
    with pytest.raises(IllegalAction) as info:
        s.apply(action, seat=seat)
    assert info.value.rule == rule, str(info.value)
    assert text in str(info.value), str(info.value)
    assert str(info.value).startswith(rule)  # the message names the rule
    assert snapshot(s) == before and len(s.events) == events


def mining(phase: int) -> HellasState:
    """Red has chosen Mine marble with tops 12 / 31 / 18 and the worker on 5,5 (closed: 9,3)."""
    s = setup(3)
    set_quarries(s, {"0,5": [12], "2,4": [31], "10,6": [18], "9,3": [35]}, worker="5,5", closed=["9,3"])
    choose(s, "mine1")
    if phase != MINE_DRAW:
        s.apply(DrawTiles())
    if phase == MINE_PLACE:
        s.apply(Reveal(25))
    elif phase == MINE_WORKER:
        s.apply(Reveal(7))
    assert s.phase == phase
    return s


def test_decisions_at_a_chance_node_name_the_setup_or_the_draw() -> None:
    s = new_game(3)
    rejects(s, ChooseAction("marble"), "hellas §3", "a chance outcome is due now")
    rejects(s, Reveal(41), "hellas §3", "a chance outcome is due now")
    s = mining(MINE_REVEAL)
    rejects(s, PlaceTile("0,5"), "hellas §4.6", "a chance outcome is due now (mining: drawing a tile)")
    rejects(s, Decline(), "hellas §4.6", "a chance outcome is due now")


@pytest.mark.parametrize("action", [OpenQuarry("0,5"), Reveal(7), StartPlayer(1)])
def test_chance_outcomes_are_not_decisions(action: Action) -> None:
    s = setup(3)
    rejects(s, action, "hellas §3", "is a chance outcome, not a decision")


def test_a_marker_is_placed_only_at_the_start_of_a_turn() -> None:
    s = setup(3)
    choose(s, "house1")
    assert s.phase == BUILD
    rejects(s, ChooseAction("palace"), "hellas §4.2", "only at the start of a turn")


def test_builds_outside_their_action_or_of_unknown_pieces() -> None:
    s = setup(3)
    rejects(s, Build("house", "3,4"), "hellas §4.5", "only in a building action")
    rejects(s, Build("statue", "4,4"), "hellas §4.5", "only with the statue action")
    choose(s, "house1")
    rejects(s, Build("castle", "3,4"), "hellas §4.5", "unknown piece 'castle'")
    rejects(s, Build("square", "3,4"), "hellas §4.4", "no square")


def test_pillars_outside_a_temple_action_or_in_a_temple_the_side_lacks() -> None:
    s = setup(3)
    rejects(s, Pillar("T4"), "hellas §4.5", "only in a temple action")
    s2 = setup(2)
    choose(s2, "temple2")
    assert s2.phase == PILLARS
    rejects(s2, Pillar("T7"), "hellas §7", "no temple 'T7' on the Pegasus side")


def test_draw_and_take_only_in_their_actions() -> None:
    s = setup(3)
    rejects(s, DrawTiles(), "hellas §4.6", "only in a Mine marble action")
    rejects(s, TakeMarble(), "hellas §4.4", "only with the 'Take three marble' action")
    s = mining(MINE_DRAW)
    rejects(s, PlaceTile("0,5"), "hellas §4.6", "no drawn tile")
    rejects(s, TakeMarble(), "hellas §4.4", "now: mining: drawing tiles or stopping")
    s = mining(MINE_PLACE)
    rejects(s, DrawTiles(), "hellas §4.6", "each later draw follows by itself")


def test_tiles_only_for_a_drawn_tile_on_an_active_lower_quarry() -> None:
    s = setup(3)
    rejects(s, PlaceTile("0,5"), "hellas §4.6", "no drawn tile")
    s = mining(MINE_PLACE)
    rejects(s, PlaceTile("3,4"), "hellas §4.6", "'3,4' is not a quarry")
    rejects(s, PlaceTile("5,5"), "hellas §4.6", "5,5 is not active")
    rejects(s, PlaceTile("9,3"), "hellas §4.6", "9,3 is closed")
    rejects(s, PlaceTile("2,4"), "hellas §4.6", "shows 31, not lower")
    rejects(s, Decline(), "hellas §4.6", "mandatory")


def test_the_worker_moves_only_after_an_opening_and_only_to_an_empty_quarry() -> None:
    s = setup(3)
    rejects(s, MoveWorker("7,3"), "hellas §4.6", "moves only after opening a quarry")
    s = mining(MINE_WORKER)
    rejects(s, MoveWorker("0,5"), "hellas §4.6", "0,5 is active")
    rejects(s, MoveWorker("9,3"), "hellas §4.6", "9,3 is closed")
    rejects(s, MoveWorker("5,5"), "hellas §4.6", "5,5 is active")  # the quarry just opened
    rejects(s, MoveWorker("4,4"), "hellas §4.6", "'4,4' is not a quarry")
    rejects(s, Decline(), "hellas §4.6", "mandatory")


def test_wrong_seat_and_game_over_change_nothing() -> None:
    s = setup(3)
    choose(s, "palace")
    assert s.current_player() == RED
    before = snapshot(s)
    with pytest.raises(NotYourTurn):
        s.apply(Decline(), seat=BLUE)
    assert snapshot(s) == before
    decline_everything(s)
    before = snapshot(s)
    with pytest.raises(GameOver):
        s.apply(ChooseAction("marble"))
    assert snapshot(s) == before
    assert s.phase != CHOOSE
