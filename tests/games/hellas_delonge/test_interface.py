"""What people see: labels in plain words, a terminal picture within 100 columns, the rules text, and a game
played at the terminal through piped input."""

from __future__ import annotations

from rich.console import Console
from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge.render import map_text

from .builders import GAME

runner = CliRunner()


def walk(seed: int, steps: int = 3000):
    s = GAME.new_state(2)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        yield s
        options = s.legal_actions()
        s.apply(s.sample_chance(rng) if s.is_chance_node() else options[rng.randbelow(len(options))])


def test_every_decision_has_a_plain_words_label():
    kinds = set()
    for s in walk(4):
        if s.is_chance_node():
            continue
        for action in s.legal_actions():
            text = s.label(action)
            assert (
                text and text != action.notation() and "{" not in text.replace("{p0}", "").replace("{p1}", "")
            )
            kinds.add(action.KIND)
    assert {"burst", "voyage", "attack", "recruit", "commit", "march", "done"} <= kinds


def test_the_picture_fits_100_columns_and_shows_the_map():
    console = Console(width=100, record=True, color_system=None)
    for i, s in enumerate(walk(5)):
        width = max(len(line) for line in map_text(s, s.cp if s.cp >= 0 else None).plain.split("\n"))
        assert width <= 100
        if i % 40 == 0:
            console.print(GAME.render(s, 0))
    out = console.export_text()
    assert "dolph" in out and "Your cards" in out and "Tile stack" in out


def test_rules_summary():
    result = runner.invoke(app, ["rules", "hellas_delonge"])
    assert result.exit_code == 0
    assert "Burst of Strength" in result.output and "Thunderbolt" in result.output


def test_play_at_the_terminal_with_bad_input():
    lines = ["hello", "0", "99", "attack 99", "recruit 5", "?", "b", "l"] + ["1"] * 3000
    result = runner.invoke(
        app,
        ["play", "hellas_delonge", "--seat", "human", "--seat", "greedy", "--seed", "3"],
        input="\n".join(lines) + "\n",
        terminal_width=100,
    )
    out = result.output
    assert result.exit_code == 0, out[-2000:]
    assert "unknown action kind 'hello'" in out
    assert "There is no choice 0" in out and "There is no choice 99" in out
    assert "hellas_delonge §" in out
    assert "Winner:" in out and "Traceback" not in out


def test_simulate_replay_and_bench_from_the_command_line(tmp_path):
    import json

    result = runner.invoke(
        app,
        ["simulate", "hellas_delonge", "-n", "4", "--seat", "random", "--seat", "greedy", "--seed", "2"],
        terminal_width=120,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "4 games" in result.output and "Wins (95% CI)" in result.output
    assert "Traceback" not in result.output
    record = tmp_path / "game.json"
    played = runner.invoke(
        app,
        ["play", "hellas_delonge", "-s", "random", "-s", "random", "--seed", "9", "--record", str(record)],
        terminal_width=100,
    )
    assert played.exit_code == 0 and ("Winner" in played.output or "draw" in played.output)
    replayed = runner.invoke(app, ["replay", str(record), "--to-end"], terminal_width=100)
    assert replayed.exit_code == 0 and "matches" in replayed.output, replayed.output[-1000:]
    stepping = runner.invoke(app, ["replay", str(record)], input="\n\nb\n40\ne\nq\n", terminal_width=100)
    assert stepping.exit_code == 0 and "step 40 of" in stepping.output
    bench = runner.invoke(app, ["bench", "hellas_delonge", "--seconds", "0.3", "--json"])
    assert bench.exit_code == 0
    data = json.loads(bench.output)
    assert data["games_per_second"] > 0 and data["actions_per_game"] > 50


def test_the_picture_reads_well_in_80_columns():
    from .builders import DARK, LIGHT, position

    s = position(
        [("T18", 1, 0, 0, LIGHT, 2, 1), ("T01", 0, 1, 0, DARK, 1, 3)],
        hands=(("A1", "A2", "Z2", "P1"), ("Z3",)),
        fresh=(("P2", "Z5"), ()),
    )
    console = Console(width=80, record=True, color_system=None)
    console.print(GAME.render(s, LIGHT, ["You", "P2 greedy"]))
    out = console.export_text()
    lines = out.splitlines()
    assert lines[0] == "Hellas — turn 3, You to play (choosing an action)"
    assert "~T ~" in out and "L2g1s" in out and "D1g3s" in out and "dolph" in out  # temple, cities, dolphin
    assert any(line.startswith("# land ~ sea T temple") for line in lines)  # the legend on one line
    assert any(line.rstrip().endswith("6 (2/2/2), 2 new") for line in lines)  # the hand counts unwrapped
    assert "Hermes' Theft [Z5, Zeus] (new: next turn)" in out.replace("\n", " ")
    assert "Z3" not in out and "Levy" not in out  # Dark's card stays hidden
