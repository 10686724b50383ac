"""Every text a converted game shows is a message: its log lines, choices, errors, score headings and end
reasons render in every language, through the pseudo-locale too (so nothing escaped the catalogues), and in
English exactly as the game's English text (golden transcripts and the server's tests rely on it)."""

from __future__ import annotations

import pytest

from hellenika import games
from hellenika.engine.errors import IllegalAction, InvalidAction
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.i18n import ENGLISH, LANGUAGES, PSEUDO, Msg, is_pseudo, render

CONVERTED = ["hercules", "hellas"]  # the games whose texts are all messages; the others follow one at a time
# A game being converted joins these one kind of text at a time, then CONVERTED.
LOGGED = [*CONVERTED]  # log lines and score headings
EXPLAINED = [*CONVERTED]  # IllegalAction reasons
LABELLED = [*CONVERTED]  # the choices' labels


def _speaks(msg: Msg, what: str) -> None:
    assert not msg.is_literal, f"{what}: {msg} is not in the catalogues"
    pseudo = render(msg, PSEUDO)
    assert is_pseudo(pseudo), f"{what}: {pseudo!r}"
    for lang in LANGUAGES:
        assert render(msg, lang)


def _play(name: str, players: int, seed: int, options: dict | None = None) -> list[State]:
    game = games.get(name)
    state = game.new_state(players, options)
    rng = Rng(seed)
    seen: list[State] = []
    while not state.is_terminal():
        seen.append(state.clone(log=True))
        legal = state.legal_actions()
        state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    seen.append(state)
    return seen


@pytest.mark.parametrize("name", CONVERTED)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_whole_game_speaks_every_language(name: str, players: int) -> None:
    game = games.get(name)
    if not game.min_players <= players <= game.max_players:
        pytest.skip("player count not supported")
    states = _play(name, players, seed=players)
    final = states[-1]
    for event in final.events:
        assert event.msg is not None, f"log line {event.text!r} is not a message"
        _speaks(event.msg, "log")
        assert render(event.msg, ENGLISH) == event.text
    tried: set[object] = set()
    pool = [a for s in states for a in s.legal_actions()]
    for index, state in enumerate(states[:-1]):
        if state.is_chance_node():
            continue
        legal = state.legal_actions()
        for action in legal:
            _speaks(state.label_msg(action), f"label of {action}")
            assert state.label(action) == render(state.label_msg(action), ENGLISH)
        # a few actions legal elsewhere but not here: their reasons are messages too
        for action in pool[index * 7 % len(pool) :][:5]:
            if action in legal or (type(action), index % 3) in tried:
                continue
            try:
                state.check(action)
            except IllegalAction as error:
                tried.add((type(action), index % 3))
                _speaks(error.msg, f"reason for {action}")
            except InvalidAction:
                pass
    assert tried, "no illegal action was tried"
    for breakdown in final.score_breakdown():
        for category in breakdown:
            _speaks(final.score_heading(category), f"score heading {category}")
    if final.end_reason_msg() is not None:
        _speaks(final.end_reason_msg(), "end reason")


@pytest.mark.parametrize("name", LOGGED)
@pytest.mark.parametrize("players", [2, 4])
def test_every_log_line_is_a_message(name: str, players: int) -> None:
    final = _play(name, players, seed=players + 10)[-1]
    assert len(final.events) > 20
    for event in final.events:
        assert event.msg is not None, f"log line {event.text!r} is not a message"
        _speaks(event.msg, "log")
        assert render(event.msg, ENGLISH) == event.text
    for breakdown in final.score_breakdown():
        for category in breakdown:
            _speaks(final.score_heading(category), f"score heading {category}")


@pytest.mark.parametrize("name", LABELLED)
@pytest.mark.parametrize("players", [2, 3])
def test_every_label_is_a_message(name: str, players: int) -> None:
    for state in _play(name, players, seed=players + 30):
        for action in state.legal_actions():
            _speaks(state.label_msg(action), f"label of {action}")
            assert state.label(action) == render(state.label_msg(action), ENGLISH)


@pytest.mark.parametrize("name", EXPLAINED)
def test_every_reason_is_a_message(name: str) -> None:
    states = _play(name, 3, seed=21)
    pool = list(dict.fromkeys(a for s in states for a in s.legal_actions()))
    tried = 0
    for index, state in enumerate(states[:-1]):
        legal = set(state.legal_actions())
        for action in pool[index * 11 % len(pool) :][:4]:
            if action in legal:
                continue
            try:
                state.check(action)
            except IllegalAction as error:
                tried += 1
                _speaks(error.msg, f"reason for {action}")
                assert error.reason == render(error.msg, ENGLISH)
            except InvalidAction:
                pass
    assert tried > 50


def test_two_readers_at_one_table_read_the_same_moves_in_their_own_words() -> None:
    """One state, one log: a German and a Chinese reader each get every line, in their language."""
    final = _play("hercules", 2, seed=7)[-1]
    names = ["Ana", "李明"]
    german = list(final.iter_log(names, 0, lang="de"))
    chinese = list(final.iter_log(names, 1, lang="zh-Hant"))
    english = list(final.iter_log(names, 0))
    assert len(german) == len(chinese) == len(english) > 20
    rounds = [i for i, line in enumerate(english) if line.startswith("Round ")]
    assert rounds and all(german[i].startswith("Runde ") for i in rounds)
    assert all(chinese[i].startswith("第 ") and "輪" in chinese[i] for i in rounds)
    assert english not in (german, chinese)


def test_every_hercules_name_in_the_data_has_its_message() -> None:
    from hellenika.games.hercules import words

    catalogue = games.get("hercules").catalogue  # type: ignore[attr-defined]
    for card in catalogue.cards:
        _speaks(words.name(card), f"name of {card.id}")
        _speaks(words.describe(card), f"description of {card.id}")
        assert render(words.describe(card), ENGLISH) == card.describe()
    for deck in catalogue.decks:
        _speaks(words.deck_name(deck.name), f"deck {deck.id}")


def test_a_hercules_error_in_german_and_chinese() -> None:
    from hellenika.games.hercules.actions import PerformLabour

    state = games.get("hercules").new_state(2)
    rng = Rng(3)
    while state.current_player() < 0:
        state.apply(state.sample_chance(rng))
    with pytest.raises(IllegalAction) as caught:
        state.check(PerformLabour(0, 0, "+"))
    assert caught.value.reason == "a Labour combines two different dice"
    assert caught.value.render("de") == "hercules §4.3: eine Aufgabe verbindet zwei verschiedene Würfel"
    assert caught.value.render("zh-Hant") == "hercules §4.3: 任務要組合兩顆不同的骰子"


@pytest.mark.parametrize("name", CONVERTED)
def test_the_terminal_picture_in_each_language(name: str) -> None:
    german, chinese = "Runde", "輪"
    from rich.console import Console

    game = games.get(name)
    states = _play(name, 2, seed=5)

    def picture(state: State, lang: str) -> str:
        console = Console(width=160, color_system=None, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(game.render(state, 0, ["Ana", "Ben"], lang))
        return console.export_text()

    for state in (states[len(states) // 2], states[-1]):
        english = picture(state, ENGLISH)
        assert picture(state, "de") != english and picture(state, "zh-Hant") != english
        assert german in picture(state, "de") or state.is_terminal()
        assert chinese in picture(state, "zh-Hant") or state.is_terminal()
        assert "⟦" in picture(state, PSEUDO)
