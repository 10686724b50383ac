"""The catalogues are complete and current: every message the code builds exists in every language, each
translated, none fuzzy, with the English parameters; and the extraction would change nothing."""

from __future__ import annotations

from hellenika.i18n import LANGUAGES, _m, render
from hellenika.i18n.catalogue import po_path, read_catalogue
from hellenika.i18n.check import problems
from hellenika.i18n.extract import code_ids, main, template, updated


def test_every_catalogue_is_complete() -> None:
    assert problems() == []


def test_the_extraction_is_current() -> None:
    pot = template(code_ids())
    for lang in LANGUAGES:
        assert updated(lang, pot) == po_path(lang).read_bytes(), f"extract ({lang})"
    assert main(["--check"]) == 0


def test_the_extraction_finds_the_markers() -> None:
    ids = code_ids()
    assert ids["engine.illegal.game_over"][0] is False
    assert "hellenika/engine/errors.py" in ids["engine.illegal.game_over"][1]


def test_the_check_reports_a_wrong_parameter(tmp_path, monkeypatch) -> None:
    """A German text naming a parameter the English one lacks is reported (the check can fail)."""
    from hellenika.i18n import catalogue

    for lang in LANGUAGES:
        target = tmp_path / catalogue.directory_name(lang) / "LC_MESSAGES" / "hellenika.po"
        target.parent.mkdir(parents=True)
        text = po_path(lang).read_text(encoding="utf-8")
        if lang == "de":
            text = text.replace("Platz {expected} entscheidet", "Platz {erwartet} entscheidet")
        target.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    found = problems()
    assert any("de: 'engine.illegal.not_your_turn' uses the parameters" in line for line in found), found
    assert not any(line.startswith(("en:", "zh-Hant:")) for line in found)


def test_each_language_has_its_plural_rule() -> None:
    assert read_catalogue("de").num_plurals == 2
    assert read_catalogue("zh-Hant").num_plurals == 1
    assert render(_m("engine.illegal.game_over"), "de").startswith("die Partie ist beendet")
