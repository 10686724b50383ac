"""The plain-words log (one line per thing that happened, for every interface) and the choice labels people
read at the prompt ("Labour 9: 6 + 3", "Use Hestia HES-01 +1 on die 2 (3 -> 4) (pay 1 cube)")."""

from __future__ import annotations

from hellenika.engine.events import render_names
from hellenika.games.hercules.actions import (
    EndTurn,
    FinishRest,
    PerformLabour,
    RefreshGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from tests.games.hercules.builders import GAME, act, board, new_game, pass_turn, player, roll

NAMES = ["Ana", "Ben"]


def log_of(s, since: int = 0) -> list[str]:
    return [e.render(NAMES) for e in s.visible_events(None) if e.step >= since]


def test_a_game_is_logged_in_plain_words_from_the_setup_on():
    s = new_game(2, start=0)
    roll(s, (2, 2), (6, 3))
    act(s, PerformLabour(0, 1, "/"))  # Labour 1: Apprentice 0 -> 1, Aeolus AEO-01, Hera above column 1
    act(s, Rest())  # Ben: nothing to take back, so the Rest ends at once
    roll(s, (1, 1), (1, 1))
    pass_turn(s)  # Ben holds Pegasus in round 2
    act(s, UseAbility("AEO-01", 0), PerformLabour(0, 1, "-"), TakeDemigod("hecate"))  # 6 - 1: Labour 5
    log = log_of(s)
    assert log[:7] == [
        "Hestia HES-01 (+1 to a die) lies on top of the Hestia stack",
        "Pan PAN-01 (roll the white die) lies on top of the Pan stack",
        "Aeolus AEO-01 (flip a die) lies on top of the Aeolus stack",
        "Hecate HEC-01 (-1 to a die) lies on top of the Hecate stack",
        "Tyche TYC-01 [1] (re-roll dice) lies on top of the Tyche stack",
        "Morpheus MOR-01 [4] (copy another player's dice) lies on top of the Morpheus stack",
        "Hera is laid above column 1",
    ]
    assert log[17:] == [
        "Ana took Pegasus and will start the game",
        "Round 1 (Pegasus: Ana)",
        "Ana rolled 2 and 2",
        "Ben rolled 6 and 3",
        "Ana performed Labour 1 (2 / 2), Apprentice 0 -> 1",
        "Ana took Aeolus AEO-01 (flip a die)",
        "Ana took Hera (-1 to a die, 3 VP)",
        "Aeolus AEO-02 (flip a die) is now on top of Aeolus",
        "Ben rested",
        "Round 2 (Pegasus: Ben)",
        "Ana rolled 1 and 1",
        "Ben rolled 1 and 1",
        "Ben rested",
        "Ana used Aeolus AEO-01 (flip a die): die 1 1 -> 6",
        "Ana performed Labour 5 (6 - 1)",
        "Ana took Hecate HEC-01 (-1 to a die)",
        "Hecate HEC-02 (-1 to a die) is now on top of Hecate",
        "Round 3 (Pegasus: Ana)",
    ]
    # every line belongs to the action that caused it, and names the actor
    events = s.visible_events(None)
    assert [e.step for e in events] == sorted(e.step for e in events)
    assert all(e.audience is None for e in events)  # Hercules has no secrets
    assert {e.actor for e in events if e.text.startswith("{p1}")} == {1}


def test_abilities_rolls_rest_and_the_column_12_end_are_logged():
    s = new_game(2, start=0)
    s = player(s, 0, owned=["PAN-01", "TYC-01", "GOD-HEP"], supply=2, gone=range(1, 12))
    roll(s, (2, 2), (6, 3))
    since = s.version
    act(
        s,
        UseAbility("PAN-01", 0),
        Roll(0, (2,), (5,)),
        UseAbility("TYC-01", 5),  # die 1 and the white die
        Roll(0, (0, 2), (6, 6)),
        PerformLabour(0, 2, "+"),  # 6 + 6 = 12: Zeus, the last round
    )
    assert log_of(s, since) == [
        "Ana used Pan PAN-01 (roll the white die): took the white die",
        "Ana rolled the white die: 5",
        "Ana used Tyche TYC-01 [1] (re-roll dice)",
        "Ana re-rolled die 1 and the white die: 6 and 6",
        "Ana performed Labour 12 (6 + 6), Apprentice 11 -> 12",
        "Ana took Hestia HES-01 (+1 to a die)",
        "Ana took Zeus (5 VP)",
        "Ana reached column 12: this is the last round",
        "Hestia HES-02 (+1 to a die) is now on top of Hestia",
    ]
    s = new_game(2, start=0)
    s = player(s, 0, owned=["HES-01", "GOD-APO"], spent=["HES-01", "GOD-APO"], supply=0)
    roll(s, (1, 1), (1, 1))
    since = s.version
    act(s, Rest(), TakeBackCube("HES-01"), RefreshGod("GOD-APO"))
    assert log_of(s, since) == [
        "Ana rested",
        "Ana took the cube back from Hestia HES-01 (+1 to a die)",
        "Ana turned Apollo face up again",
    ]


def test_hades_turn_is_logged_step_by_step():
    s = new_game(1, white=4)
    roll(s, (1, 1), (2,))
    act(s, Rest())
    since = s.version
    act(s, Roll(1, (2,), (4,)))
    assert [e.render(["Ana", "Hades"]) for e in s.visible_events(None) if e.step >= since] == [
        "Hades rolled the white die: 4",
        "Hades stole from stack 4 (Hecate)",
        "Hades took Hecate HEC-01 (-1 to a die)",
        "Hades moved from column 0 to column 2",
        "Hades took his cube from column 2",
        "Hecate HEC-02 (-1 to a die) is now on top of Hecate",
        "Round 2 (Pegasus: Hades)",
    ]


def test_labels_of_every_decision():
    s = new_game(2, start=0)
    s = player(s, 0, owned=["HES-01", "PAN-01", "TYC-01", "MOR-01", "GOD-HEP", "GOD-APO"], supply=4)
    roll(s, (6, 3), (2, 5))

    def label(action) -> str:
        return render_names(s.label(action), NAMES)

    assert label(PerformLabour(0, 1, "+")) == "Labour 9: 6 + 3"
    assert label(PerformLabour(0, 1, "/")) == "Labour 2: 6 / 3"
    assert label(UseAbility("HES-01", 1)) == "Use Hestia HES-01 +1 on die 2 (3 -> 4) (pay 1 cube)"
    assert label(UseAbility("GOD-HEP", 1)) == "Use Hephaestus +1 on die 2 (3 -> 4) (turn it face down)"
    assert label(UseAbility("MOR-01", 1)) == "Use Morpheus MOR-01 copy Ben's dice (2, 5) (pay 1 cube)"
    assert label(UseAbility("TYC-01", 3)) == "Use Tyche TYC-01 re-roll die 1 and die 2 (pay 1 cube)"
    assert label(UseAbility("PAN-01", 0)) == "Use Pan PAN-01 take and roll the white die (pay 1 cube)"
    assert label(Rest()) == "Rest (take back up to 3 cubes and turn 1 God face up)"
    # no label carries "[word ...]", which Rich would take for markup and swallow at the terminal
    for action in s.legal_actions():
        assert "[" not in label(action), label(action)
    act(s, UseAbility("PAN-01", 0))
    assert label(Roll(0, (2,), (5,))) == "Ana rolls the white die: 5"
    s.apply(Roll(0, (2,), (5,)))
    assert label(PerformLabour(0, 2, "+")) == "Labour 11: 6 + 5 (with the white die)"
    assert label(UseAbility("PAN-01", 0)) == "Use Pan PAN-01 re-roll the white die (pay 1 cube)"
    assert label(UseAbility("TYC-01", 7)) == (
        "Use Tyche TYC-01 re-roll die 1, die 2 and the white die (pay 1 cube)"
    )
    white_plus = "Use Hephaestus +1 on the white die (5 -> 6) (turn it face down)"
    assert label(UseAbility("GOD-HEP", 2)) == white_plus
    assert label(EndTurn()) == "End the turn without a Labour"
    assert label(Roll(1, (0, 1), (4, 3))) == "Ben rolls die 1: 4, die 2: 3"


def test_labels_while_choosing_a_demigod_and_resting():
    s = new_game(2, tops={"tyche": "TYC-02", "morpheus": "MOR-02"})
    roll(s, (5, 1), (1, 1))
    s.apply(PerformLabour(0, 1, "/"))
    assert [s.label(a) for a in s.legal_actions()] == [
        "Take Aeolus AEO-01 (flip a die) from the Aeolus stack",
        "Take Morpheus MOR-02 [5] (copy another player's dice) from the Morpheus stack",
    ]
    s.apply(TakeDemigod("morpheus"))
    assert s.label(RevealDemigod("MOR-06")) == "Morpheus MOR-06 [4] (2 VP) comes to the top"

    s = new_game(2, variant="simplified")
    s = player(s, 0, owned=["HES-01"], spent=["HES-01"], supply=0)
    roll(s, (1, 1), (1, 1))
    assert s.label(Rest()) == "Rest (take back up to 3 cubes)"
    s.apply(Rest())
    assert [s.label(a) for a in s.legal_actions()] == [
        "Take the cube back from Hestia HES-01 (+1 to a die)",
        "Finish resting",
    ]
    assert s.label(FinishRest()) == "Finish resting"


def picture(s, seat=None) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    console.print(GAME.render(s, seat, [*NAMES, "Cleo"]))
    return console.export_text()


def test_the_terminal_picture_names_what_lies_on_column_12():
    s = new_game(3, start=0)
    roll(s, (6, 6), (1, 1), (1, 1))
    text = picture(s, 0)
    assert "Column 12: Zeus (5 VP) for the next arrival, then 2 Pantheon cards (5 VP each)" in text
    assert "Ana (you)" in text and "White die: 1" in text
    s = player(s, 0, gone=range(1, 12))
    s.apply(PerformLabour(0, 1, "+"))  # Zeus
    text = picture(s)
    assert "Column 12: Pantheon (5 VP) for the next arrival, then 1 more Pantheon card (5 VP each)" in text
    assert "(last round)" in text
    s = board(s, column12=[])
    assert "Column 12: empty (arrivals take nothing)" in picture(s)
