"""Rendering messages: languages, nested messages, lists, the pseudo-locale, JSON, negotiation."""

from __future__ import annotations

import json

import pytest

from hellenika.engine.errors import GameOver, IllegalAction, NotYourTurn
from hellenika.i18n import (
    PSEUDO,
    Msg,
    _m,
    from_accept_language,
    from_posix,
    is_pseudo,
    render,
)


def test_english_is_the_catalogue_text() -> None:
    assert render(_m("engine.illegal.not_your_turn", seat=1, expected=0)) == (
        "seat 1 may not act now; it is seat 0 to decide"
    )


def test_each_language_renders_its_own_words() -> None:
    msg = _m("engine.illegal.not_your_turn", seat=1, expected=0)
    assert render(msg, "de") == "Platz 1 ist jetzt nicht am Zug; Platz 0 entscheidet"
    assert render(msg, "zh-Hant") == "座位 1 現在不能行動；輪到座位 0 決定"


def test_a_nested_message_and_a_list_render_in_the_same_language() -> None:
    inner = _m("engine.illegal.game_over")
    outer = Msg.literal("x")
    assert render(outer, "de") == "x"
    assert render(_m("engine.illegal.not_your_turn", seat=inner, expected=(1, 2, 3)), "zh-Hant") == (
        "座位 遊戲已經結束，不再接受任何行動 現在不能行動；輪到座位 1、2、3 決定"
    )
    assert "1, 2, 3" in render(_m("engine.illegal.not_your_turn", seat=0, expected=(1, 2, 3)), "de")


def test_an_unknown_id_is_an_error_and_a_missing_parameter_too() -> None:
    with pytest.raises(KeyError, match="no catalogue"):
        render(_m("no.such.message"))
    with pytest.raises(KeyError, match="does not fit"):
        render(_m("engine.illegal.not_your_turn", seat=1))


def test_the_pseudo_locale_accents_and_lengthens_but_keeps_parameters() -> None:
    english = render(_m("engine.illegal.not_your_turn", seat=1, expected=0))
    text = render(_m("engine.illegal.not_your_turn", seat=1, expected=0), PSEUDO)
    assert is_pseudo(text) and not is_pseudo(english)
    assert len(text) > len(english) * 1.3
    assert "šéàţ 1" in text and "seat" not in text
    assert render(Msg.literal("Alice"), PSEUDO) == "Alice"  # a literal is no sentence: it stays as it is


def test_a_message_round_trips_through_json() -> None:
    msg = _m("engine.illegal.not_your_turn", seat=_m("engine.illegal.game_over"), expected=(1, "b"))
    again = Msg.from_json(json.loads(json.dumps(msg.to_json())))
    assert again == msg and hash(again) == hash(msg)
    with pytest.raises(ValueError):
        Msg.from_json({"id": "x", "params": {"a": {"b": 1}}})


def test_errors_carry_their_message() -> None:
    error = NotYourTurn(1, 0)
    assert str(error) == "turn order: seat 1 may not act now; it is seat 0 to decide"
    assert error.render("de") == "turn order: Platz 1 ist jetzt nicht am Zug; Platz 0 entscheidet"
    assert GameOver().reason == "the game has ended; no more actions are accepted"
    plain = IllegalAction("x §1", "a plain reason")
    assert plain.msg == Msg.literal("a plain reason") and plain.render("zh-Hant") == "x §1: a plain reason"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-CH,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9", "en"),
        ("zh-TW,zh;q=0.9", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-CN", "zh-Hant"),  # our only Chinese reads better than English
        ("fr-FR,fr;q=0.9,de;q=0.5", "de"),
        ("fr,en;q=0.1,de;q=0.5", "de"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
        ("*", "en"),
        ("de;q=0,en", "en"),
        ("garbage;;q=x,,", "en"),
        ("en-XA", PSEUDO),
    ],
)
def test_accept_language(header: str | None, lang: str) -> None:
    assert from_accept_language(header) == lang


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("de_DE.UTF-8", "de"),
        ("de_AT.UTF-8@euro", "de"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK.Big5", "zh-Hant"),
        ("C", "en"),
        ("POSIX", "en"),
        ("C.UTF-8", "en"),
        ("", "en"),
        (None, "en"),
        ("fr_FR:de_DE", "de"),
        ("en_GB.UTF-8", "en"),
    ],
)
def test_posix_lang(value: str | None, lang: str) -> None:
    assert from_posix(value) == lang


def test_plural_forms_follow_each_language() -> None:
    from hellenika.i18n import _mn

    top = Msg.literal("Zeus (6 VP) for the next arrival")

    def column(n: int, lang: str) -> str:
        return render(_mn("hercules.board.column12_under", n, top=top, vp=("4 VP",)), lang)

    assert column(1, "en").endswith("then 1 Pantheon card (4 VP each)")
    assert column(2, "en").endswith("then 2 Pantheon cards (4 VP each)")
    assert column(0, "en").endswith("then 0 Pantheon cards (4 VP each)")
    assert column(1, "de").endswith("danach 1 Pantheonkarte (je 4 VP)")
    assert column(3, "de").endswith("danach 3 Pantheonkarten (je 4 VP)")
    assert column(1, "zh-Hant").endswith("之後是 1 張萬神殿卡（每張 4 VP）")
    assert column(5, "zh-Hant").endswith("之後是 5 張萬神殿卡（每張 4 VP）")
