"""Attika at the command line, as a user drives it: piped play with bad input, the rules, simulate."""

from __future__ import annotations

from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine.record import Record

runner = CliRunner()


def test_games_and_rules():
    result = runner.invoke(app, ["games"], terminal_width=200)
    assert result.exit_code == 0 and "attika" in result.output and "2-4" in result.output
    assert "amphora_rule" in result.output
    result = runner.invoke(app, ["rules", "attika"])
    assert result.exit_code == 0 and "Free" in result.output and "shrines" in result.output


def test_play_with_bad_input_then_to_the_end(tmp_path):
    record_path = tmp_path / "attika.json"
    bad = ["hello", "0", "999", "place 0 0", "draw 9", "pay W", "tile 0 0", "?", "b", "l"]
    result = runner.invoke(
        app,
        [
            "play",
            "attika",
            "--players",
            "2",
            "--seat",
            "human",
            "--seat",
            "greedy",
            "--seed",
            "3",
            "--record",
            str(record_path),
        ],
        input="\n".join(bad + ["1"] * 3000) + "\n",
        terminal_width=100,
    )
    out = result.output
    assert result.exit_code == 0, out[-2000:]
    assert "unknown action kind 'hello'" in out
    assert "There is no choice 0" in out and "There is no choice 999" in out
    assert "attika §5.1" in out  # placing with nothing in hand names its rule
    assert "attika §4.1" in out  # no stack 9
    assert "Winner:" in out and "Traceback" not in out
    record = Record.load(record_path)
    assert record.result is not None and record.seats == ["human", "greedy"]


def test_play_options_and_quit():
    result = runner.invoke(
        app,
        ["play", "attika", "--players", "4", "--option", "start_rotation=random", "--seed", "2"],
        input="q\n",
        terminal_width=100,
    )
    assert result.exit_code == 0 and "Game stopped" in result.output
    result = runner.invoke(app, ["play", "attika", "--option", "amphora_rule=nope"])
    assert result.exit_code == 2 and "must be one of group, settlement" in result.output


def test_simulate_and_replay(tmp_path):
    out = tmp_path / "sim.json"
    result = runner.invoke(
        app,
        [
            "simulate",
            "attika",
            "--games",
            "6",
            "--players",
            "3",
            "--seat",
            "greedy",
            "--seed",
            "1",
            "--json",
            str(out),
        ],
        terminal_width=150,
    )
    assert result.exit_code == 0, result.output
    record_path = tmp_path / "game.json"
    play = runner.invoke(
        app,
        [
            "play",
            "attika",
            "--players",
            "2",
            "--seat",
            "random",
            "--seat",
            "random",
            "--seed",
            "4",
            "--record",
            str(record_path),
        ],
        terminal_width=100,
    )
    assert play.exit_code == 0
    replay = runner.invoke(app, ["replay", str(record_path), "--to-end"], terminal_width=100)
    assert replay.exit_code == 0 and "Traceback" not in replay.output
