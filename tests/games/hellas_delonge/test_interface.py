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
