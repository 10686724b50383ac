"""The terminal in German and Traditional Chinese: ``--lang`` (on the command or before it), else ``LANG``."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.cli.language import from_environment

runner = CliRunner()
PLAY = ["play", "hercules", "--seat", "human", "--seat", "random", "--seed", "3"]


def test_play_in_german_by_option() -> None:
    result = runner.invoke(app, [*PLAY, "--lang", "de"], input="1\nx\n99\n\nq\n", terminal_width=200)
    out = result.output
    assert result.exit_code == 0, out
    assert "Hestia HES-06 (den weißen Würfel werfen) liegt oben auf dem Stapel Hestia" in out
    assert "{p0} " not in out and "P1 nahm Pegasus und beginnt die Partie" in out
    assert "Aufgabe 7: 4 + 3" in out  # a choice
    assert "P1, deine Wahl (1-4, ? für Hilfe):" in out
    assert "P1 erfüllte Aufgabe 7 (4 + 3)" in out  # the log line of the choice made
    assert "Herkules — Runde 1" in out and "Oberste Karte" in out  # the board
    assert "Es gibt keine Wahl 99" in out and "Bitte gib die Nummer einer Wahl ein." in out
    assert "Partie abgebrochen (an der Eingabe beendet)." in out
    assert "your choice" not in out and "Labour" not in out


def test_play_in_chinese_from_lang_with_an_illegal_move() -> None:
    result = runner.invoke(
        app, PLAY, input="labour 0 0 +\nq\n", env={"LANG": "zh_TW.UTF-8"}, terminal_width=200
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "第 1 輪（飛馬：P1）" in out
    assert "hercules §4.3: 任務要組合兩顆不同的骰子" in out  # the rule stays, the reason is Chinese
    assert "P1，你的選擇（1-4，? 查看說明）：" in out


def test_the_option_before_the_command_and_a_wrong_language() -> None:
    result = runner.invoke(app, ["--lang", "de", *PLAY], input="q\n", terminal_width=200)
    assert "deine Wahl" in result.output
    wrong = runner.invoke(app, [*PLAY, "--lang", "fr"], input="q\n")
    assert wrong.exit_code == 2
    assert "--lang 'fr': choose one of en, de, zh-Hant" in wrong.output


def test_english_stays_the_default() -> None:
    result = runner.invoke(app, PLAY, input="q\n", terminal_width=200)
    assert "P1, your choice (1-4, ? for help):" in result.output
    assert "Game stopped (quit at the prompt)." in result.output


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "zh_HK.UTF-8"}, "zh-Hant"),
        ({"LANGUAGE": "de", "LANG": "en_US.UTF-8"}, "de"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_decides_without_the_option(env: dict[str, str], lang: str) -> None:
    assert from_environment(env) == lang


def test_rules_in_each_language() -> None:
    english = runner.invoke(app, ["rules", "hercules"]).output
    german = runner.invoke(app, ["rules", "hercules", "--lang", "de"]).output
    chinese = runner.invoke(app, ["rules", "hercules", "--lang", "zh-Hant"]).output
    assert "Hercules" in english
    assert german != english and "Aufgabe" in german
    assert chinese != english and "任務" in chinese
    # a game without a German summary yet prints the English one
    assert (
        runner.invoke(app, ["rules", "attika", "--lang", "de"]).output
        == runner.invoke(app, ["rules", "attika"]).output
    )
