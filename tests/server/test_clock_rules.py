"""The clock's arithmetic (server/round/clocks.py) on real game states: time runs only for the person to
decide, the bonus comes once per turn (a turn of several decisions earns one; a seat's two turns in a row
earn two), banks never grow past their cap, a per-move clock starts every turn afresh, and a timed-out turn is
marked for the timeout bot until that turn, and only that turn, is over."""

from __future__ import annotations

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.server.round.clocks import (
    after_decision,
    bonus,
    bot_plays,
    current_token,
    start,
    timed_out,
)
from hellenika.server.tables import BANK, LIVE, Clock, TimeControl, bank, per_move

EVERYONE = lambda seat: True  # noqa: E731 - every seat a person


def _decide(state: State, rng: Rng) -> State:
    """A clone after the first legal decision and the chance that follows (what a commit does)."""
    after = state.clone()
    after.apply(after.legal_actions()[0])
    while after.is_chance_node():
        after.apply(after.sample_chance(rng))
    return after


def _game(name: str, players: int, seed: int = 1) -> tuple[State, Rng]:
    state = games.get(name).new_state(players)
    rng = Rng(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state, rng


def test_bonus_by_kind() -> None:
    assert bonus(TimeControl(LIVE, 600, 10), 100) == 110
    assert bonus(TimeControl(LIVE, 600, 10), -3) == 10, "a seat that ran out starts again from 0"
    assert bonus(TimeControl(LIVE, 600, 10, cap=600), 595) == 600, "BGA's real-time cap"
    assert bonus(bank(2), bank(2).cap or 0) == bank(2).cap, "a bank never grows past its cap"
    assert bonus(bank(1), 3600) == 3600 + 86400
    assert bonus(per_move(48), 5) == 48 * 3600, "a per-move clock starts each turn afresh"


def test_time_runs_only_for_the_person_to_decide_and_is_charged_to_the_receipt() -> None:
    state, rng = _game("attika", 2)
    control = TimeControl(LIVE, 300, 5)
    clock = start(control, 2, state, EVERYONE, now=1000.0)
    seat = state.current_player()
    assert clock.running == seat and clock.since == 1000.0 and clock.deadline() == 1300.0
    assert clock.left(seat, 1100.0) == 200.0 and clock.left(1 - seat, 1100.0) == 300.0
    after = _decide(state, rng)
    moved, spent = after_decision(control, clock, seat, 1040.0, after, EVERYONE, now=1041.0)
    assert spent == 40.0
    if after.current_player() == seat and current_token(after) == clock.turn:  # the turn goes on
        assert moved.running == seat and moved.since == 1040.0 and moved.remaining[seat] == 260.0
        assert moved.deadline() == clock.deadline(), "the same turn keeps its deadline"
    else:
        assert moved.remaining[seat] == 265.0, "the increment at the end of the turn"


def test_one_bonus_per_turn_however_many_decisions() -> None:
    """Attika turns hold many decisions (place, pay, store): only the turn's last one earns the increment."""
    state, rng = _game("attika", 2, seed=3)
    control = TimeControl(LIVE, 600, 7)
    clock = start(control, 2, state, EVERYONE, now=0.0)
    now = 0.0
    bonuses = {0: 0, 1: 0}
    turns = {0: 0, 1: 0}
    for _ in range(120):
        seat = state.current_player()
        if seat < 0:
            break
        after = _decide(state, rng)
        now += 1.0
        moved, spent = after_decision(control, clock, seat, now, after, EVERYONE, now)
        assert spent is not None
        gained = moved.remaining[seat] - (clock.remaining[seat] - spent)
        if current_token(after) != clock.turn:
            turns[seat] += 1
            assert gained == 7.0
            bonuses[seat] += 1
        else:
            assert gained == 0.0
        state, clock = after, moved
    assert bonuses == turns and sum(turns.values()) > 4


def test_a_seat_that_takes_two_turns_in_a_row_earns_two_bonuses() -> None:
    """Hercules for two: the last player of a round starts the next, so one seat takes two turns in a row;
    they are two turns (the timeout bot's double turn came from treating them as one)."""
    state, rng = _game("hercules", 2)
    control = TimeControl(LIVE, 600, 10)
    clock = start(control, 2, state, EVERYONE, now=0.0)
    seen_double = False
    for _ in range(200):
        seat = state.current_player()
        if seat < 0:
            break
        after = _decide(state, rng)
        moved, _ = after_decision(control, clock, seat, 0.0, after, EVERYONE, 0.0)
        if after.current_player() == seat and current_token(after) != clock.turn:
            seen_double = True
            assert moved.remaining[seat] == clock.remaining[seat] + 10
            assert moved.turn != clock.turn and moved.running == seat
        state, clock = after, moved
    assert seen_double


def test_a_timed_out_turn_is_the_bots_until_it_ends_and_no_longer() -> None:
    state, rng = _game("hercules", 2)
    control = per_move(2)
    clock = start(control, 2, state, EVERYONE, now=0.0)
    late = state.current_player()
    out = timed_out(clock, late, ask_others=False)
    assert out.timeouts[late] == 1 and out.remaining[late] == 0 and out.running is None
    assert bot_plays(out, state)
    while True:  # the bot plays the turn, decision after decision
        after = _decide(state, rng)
        out, spent = after_decision(control, out, late, 10.0, after, EVERYONE, 10.0)
        assert spent is None, "no time of the late player runs while the bot plays"
        state = after
        if not bot_plays(out, state):
            break
    assert out.bot_turn is None and out.remaining[late] == 2 * 3600, "the turn's normal bonus"
    assert out.running == state.current_player() and out.since == 10.0


def test_asking_the_others_stops_every_clock() -> None:
    state, _ = _game("hellas", 3)
    control = TimeControl(LIVE, 60, 0)
    clock = start(control, 3, state, EVERYONE, now=0.0)
    late = state.current_player()
    asked = timed_out(clock, late, ask_others=True)
    assert asked.expired == late and asked.running is None and asked.deadline() is None
    assert not bot_plays(asked, state)


def test_a_reaction_inside_a_turn_runs_the_reacting_seats_time_and_keeps_the_bots_mark() -> None:
    """Hellas (Delonge): the other player's reaction (a card in the active player's turn) is a decision
    within the active player's turn: it earns no bonus, and a timed-out turn stays the bot's around it."""
    state, rng = _game("hellas_delonge", 2, seed=4)
    control = TimeControl(LIVE, 600, 5)
    clock = start(control, 2, state, EVERYONE, now=0.0)
    reactions = 0
    for step in range(600):
        seat = state.current_player()
        if seat < 0:
            break
        after = _decide(state, rng)
        moved, spent = after_decision(control, clock, seat, step + 1.0, after, EVERYONE, step + 1.0)
        if seat != state.turn_owner():
            reactions += 1
            assert moved.remaining[seat] == clock.remaining[seat] - (spent or 0.0), "a reaction earns nothing"
        if after.current_player() >= 0 and after.current_player() != after.turn_owner():
            marked = timed_out(
                moved.with_changes(running=after.turn_owner()), after.turn_owner(), ask_others=False
            )
            assert not bot_plays(marked, after), "the reacting seat decides for itself"
        state, clock = after, moved
    assert reactions > 0


def test_clocks_survive_their_stored_form() -> None:
    clock = Clock(
        (1.5, 2.0), running=1, since=3.0, turn="[1,[2,0]]", timeouts=(0, 2), bot_turn="[1,[2,0]]", bot_seat=1
    )
    assert Clock.from_stored(clock.stored()) == clock
    control = bank(3)
    assert TimeControl.from_stored(control.stored()) == control and control.kind == BANK
    assert TimeControl.from_stored(None, deadline_hours=5) == per_move(5)
    assert control.label() == "3 moves a day" and per_move(48).label() == "2 days a move"
    assert TimeControl(LIVE, 600, 10).label() == "10+10"
