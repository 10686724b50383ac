"""A game the stall rule ended says so wherever its result is shown (issue 19): ``State.end_reason`` in the
table model, in the record's result (computed again by the replay, a false claim refused) and in the final
table of ``hellenika play``; a game won by the printed rules has none."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine.errors import RecordError
from hellenika.engine.record import Record
from hellenika.games.hellas_delonge.state import HellasState
from hellenika.web.model import table_model

from .builders import pass_turn, position
from .test_victory import spread

runner = CliRunner()


def stalled() -> HellasState:
    """A game ended by the stall rule: an empty stack and 40 quiet turns, Light ahead on cities."""
    s = position(spread(4, 3), stack=[])
    for _ in range(40):
        pass_turn(s)
    assert s.is_terminal() and s.reason == "stall"
    return s


def won() -> HellasState:
    s = position(spread(10, 9), stack=[])
    pass_turn(s)
    assert s.is_terminal() and s.reason == "10 cities"
    return s


def test_the_table_model_carries_the_end_reason_only_when_finished():
    s = stalled()
    model = table_model(s, None, ["Ann", "Bob"])
    assert model["finished"] and model["end_reason"] == s.end_reason()
    assert model["end_reason"].startswith("ended by the stall rule after 42 turns")
    assert table_model(won(), 0, ["Ann", "Bob"])["end_reason"] is None
    running = position(spread(3, 3))
    assert table_model(running, 0, ["Ann", "Bob"])["end_reason"] is None


def test_the_record_result_carries_the_end_reason_and_the_replay_checks_it():
    s = stalled()
    record = Record.start(s, ["Ann", "Bob"], 1)
    record.finish(s)
    assert record.result is not None and record.result["end_reason"] == s.end_reason()
    replayed = record.replayed_result(s)
    assert replayed is not None and replayed["end_reason"] == record.result["end_reason"]
    # An older record that does not say it is filled in; one that says something else is refused.
    del record.result["end_reason"]
    assert record.replayed_result(s)["end_reason"] == s.end_reason()
    record.result["end_reason"] = "ended by agreement"
    with pytest.raises(RecordError, match=r"result\.end_reason"):
        record.replayed_result(s)
    # A game won by the printed rules has no end reason, and a record may not claim one.
    w = won()
    normal = Record.start(w, ["Ann", "Bob"], 1)
    normal.finish(w)
    assert normal.result is not None and "end_reason" not in normal.result
    normal.result["end_reason"] = "ended by the stall rule after 4 turns"
    with pytest.raises(RecordError, match=r"result\.end_reason"):
        normal.replayed_result(w)


def test_play_says_when_the_stall_rule_ended_the_game(monkeypatch):
    # Bots rarely close the map (no tile left that fits) in a game short enough for a test; a closed map from
    # the first turn, with a limit of 3, ends the game the way a real one ends.
    monkeypatch.setattr(HellasState, "can_grow", lambda self: False)
    args = ["play", "hellas_delonge", "--seat", "random", "--seat", "random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--option", "stall=3"], terminal_width=120)
    assert result.exit_code == 0, result.output[-2000:]
    out = " ".join(result.output.split())
    assert "Winner:" in out or "The game ends in a draw" in out
    assert "The game ended by the stall rule after 3 turns (3 in a row" in out
    assert "Traceback" not in out


def test_play_says_nothing_of_the_stall_rule_after_a_normal_end():
    args = ["play", "hellas_delonge", "--seat", "random", "--seat", "random", "--seed", "3"]
    result = runner.invoke(app, args, terminal_width=120)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Winner:" in result.output and "ended by the stall rule" not in result.output
