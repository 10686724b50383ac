"""The Simplified Variant (spec §6): God cards face down without abilities; Rest only takes back cubes."""

from __future__ import annotations

from hellenika.games.hercules.actions import (
    FinishRest,
    PerformLabour,
    RefreshGod,
    Rest,
    TakeBackCube,
    UseAbility,
)
from tests.games.hercules.builders import (
    GAME,
    GOD_LAYOUT,
    expect_illegal,
    labours,
    new_game,
    owned,
    player,
    roll,
    spent,
    state_of,
    uses,
)


def at_turn(dice=(3, 3), **edits):
    s = new_game(2, variant="simplified")
    if edits:
        s = player(s, 0, **edits)
    roll(s, dice, (1, 1))
    assert s.current_player() == 0
    return s


def test_case_32_simplified_rest():
    """Rest with 2 face-down Gods → only cubes return; the Gods stay face down; their VP and symbols score."""
    s = at_turn(owned=["HES-01", "HEC-01", "GOD-APO", "GOD-HEP"], spent=["HES-01", "HEC-01"], supply=0)
    assert s.label(Rest()) == "Rest (take back up to 3 cubes)"
    s.apply(Rest())
    assert set(s.legal_actions()) == {TakeBackCube("HES-01"), TakeBackCube("HEC-01"), FinishRest()}
    expect_illegal(s, RefreshGod("GOD-APO"), "hercules §6", "not turned up when resting")
    s.apply(TakeBackCube("HES-01"))
    s.apply(TakeBackCube("HEC-01"))
    assert s.current_player() == 1  # nothing else may be done: the Rest ends
    assert spent(s, 0) == []
    assert state_of(s)["supply"][0] == 2
    gods = [c for c in s.view(0)["participants"][0]["cards"] if c["kind"] == "god"]
    assert [g["face_down"] for g in gods] == [True, True]
    # God VP and symbols still score: Apollo 3 VP (DIE), Hephaestus 2 VP (TIMES)
    breakdown = s.score_breakdown()[0]
    assert breakdown["cards"] == 5
    assert breakdown["majorities"] == 4 * 5  # PLUS, MINUS, TIMES, DIE; the opponent has nothing
    assert breakdown["cubes"] == 2


def test_gods_that_are_face_down_are_never_refreshed():
    s = at_turn(owned=["GOD-APO", "GOD-HEP", "HES-01"], spent=["GOD-APO", "GOD-HEP", "HES-01"], supply=0)
    s.apply(Rest())
    assert s.legal_actions() == [TakeBackCube("HES-01"), FinishRest()]


def test_god_cards_have_no_abilities():
    s = at_turn(owned=["GOD-DEM", "GOD-APO", "HES-01"], supply=1)
    assert {a.card for a in uses(s)} == {"HES-01"}  # Demigod abilities still work
    expect_illegal(s, UseAbility("GOD-DEM", 0), "hercules §6", "no abilities")


def test_gods_are_laid_face_down_and_taken_as_usual():
    s = new_game(2, variant="simplified")
    assert all(g["face_down"] for g in s.view(None)["gods"])
    labours(s, 0, [1])
    assert owned(s, 0)[-1] == GOD_LAYOUT[0]
    assert s.score_breakdown()[0]["cards"] == 3  # Hera
    assert state_of(s)["gods"][1] is None


def test_labours_and_rewards_are_unchanged():
    s = at_turn((6, 3))
    s.apply(PerformLabour(0, 1, "+"))
    assert owned(s, 0) == ["HES-01"]


def test_zeus_and_the_pantheon_lie_face_up_and_score_as_usual():
    """Spec §6: only the eleven Gods above columns 1-11 lie face down; Zeus goes on column 12 as usual."""
    s = new_game(3, variant="simplified")
    column12 = s.view(None)["column12"]
    assert [c["id"] for c in column12] == ["GOD-ZEU", "PTH-A", "PTH-B"]
    assert not any(c.get("face_down") for c in column12)
    s = player(s, 0, gone=range(1, 12), owned=["GOD-HER"])
    roll(s, (6, 6), (1, 1), (1, 1))
    s.apply(PerformLabour(0, 1, "+"))
    assert "GOD-ZEU" in owned(s, 0)
    view = s.view(None)
    assert view["last_round"] is True
    cards = {c["id"]: c for c in view["participants"][0]["cards"]}
    assert cards["GOD-ZEU"] == {"id": "GOD-ZEU", "kind": "god", "name": "Zeus", "vp": 5, "used": False}
    assert cards["GOD-HER"]["face_down"] is True
    text = render_text(s)
    assert "Zeus (5 VP)" in text
    assert "Zeus (5 VP) (face down)" not in text
    assert "Hera (3 VP) ⚄ (face down)" in text  # the back: VP and symbol, no ability


def render_text(s) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render(s, None))
    return console.export_text()
