"""End of the game (spec §5 trigger) and scoring: card VP, majorities, sets, cubes, tie-breaks."""

from __future__ import annotations

import pytest

from hellenika.engine import TERMINAL, GameOver
from hellenika.games.hercules.actions import PerformLabour, Rest
from tests.games.hercules.builders import (
    act,
    finish_turn,
    new_game,
    owned,
    pass_turn,
    player,
    roll,
    snapshot,
    state_of,
)


def first_places(s) -> list[int]:
    return [p for p, place in enumerate(s.ranking()) if place == 1]


def with_cards(players: int, cards: dict[int, dict]):
    """A game at round 1's roll in which participant p has been given ``cards[p]`` (builder edits)."""
    s = new_game(players)
    for p, edits in cards.items():
        s = player(s, p, **edits)
    return s


def labour_12(s):
    actor = s.current_player()
    act(s, PerformLabour(0, 1, "+"))  # 6 + 6
    finish_turn(s, actor)


# ------------------------------------------------------------------------------------------ trigger


def test_case_16_end_trigger_four_players():
    """Order A,B,C,D; B reaches 12 → Zeus; C and D still play (reaching 12: a Pantheon each); A not."""
    s = new_game(4, start=0)
    for p in (1, 2, 3):
        s = player(s, p, gone=range(1, 12))
    roll(s, (6, 6), (6, 6), (6, 6), (6, 6))
    pass_turn(s)  # A
    assert s.current_player() == 1
    labour_12(s)  # B
    assert s.view(None)["last_round"] is True
    assert "GOD-ZEU" in owned(s, 1)
    assert s.current_player() == 2  # C still plays
    labour_12(s)
    assert "PTH-A" in owned(s, 2)
    assert s.current_player() == 3  # D still plays
    labour_12(s)
    assert "PTH-B" in owned(s, 3)
    assert s.current_player() == TERMINAL  # A does not play again
    st = state_of(s)
    assert st["column12"] == ["PTH-C"]
    assert st["pos"] == [0, 12, 12, 12]
    assert st["cubes"][1:] == [0, 0, 0]  # column 12 = all 12 Labours done
    assert [b["cards"] for b in s.score_breakdown()] == [0, 5, 5, 5]


def test_players_who_already_played_this_round_do_not_play_again():
    s = new_game(4, start=2)  # order C, D, A, B
    s = player(s, 1, gone=range(1, 12))
    roll(s, (1, 1), (6, 6), (1, 1), (1, 1))
    for seat in (2, 3, 0):
        assert s.current_player() == seat
        pass_turn(s)
    labour_12(s)  # B is last: the game ends at once
    assert s.is_terminal()
    assert state_of(s)["round"] == 1


def test_c_not_reaching_12_gets_nothing_and_the_game_still_ends():
    s = new_game(3, start=0)
    s = player(s, 0, gone=range(1, 12))
    roll(s, (6, 6), (6, 3), (1, 1))
    labour_12(s)
    act(s, PerformLabour(0, 1, "+"))  # seat 1: Labour 9
    finish_turn(s, 1)
    pass_turn(s)
    assert s.is_terminal()
    assert state_of(s)["column12"] == ["PTH-A", "PTH-B"]


def test_terminal_state_accepts_nothing():
    s = new_game(2, start=0)
    s = player(s, 0, gone=range(1, 12))
    roll(s, (6, 6), (1, 1))
    labour_12(s)
    pass_turn(s)
    assert s.is_terminal()
    assert s.legal_actions() == []
    before = snapshot(s)
    with pytest.raises(GameOver):
        s.apply(Rest())
    assert snapshot(s) == before
    view = s.view(None)
    assert view["game_over"] is True
    assert view["places"] == s.ranking()
    assert s.returns() == [1.0, -1.0]


# ------------------------------------------------------------------------------------------ scoring


def test_case_17_majority_tie():
    """TIMES: A 4, B 4, C 2 → A and B +5 each; C 0."""
    s = with_cards(
        4,
        {
            0: {"owned": ["PAN-01", "PAN-02", "PAN-05", "PAN-08"]},
            1: {"owned": ["PAN-03", "PAN-04", "PAN-09", "PAN-10"]},
            2: {"owned": ["GOD-ARE", "GOD-HEP"]},
        },
    )
    assert [b["majorities"] for b in s.score_breakdown()] == [5, 5, 0, 0]
    assert s.scores() == [2 + 5, 4 + 5, 4, 0]


def test_case_18_empty_majority():
    """Nobody has DIVIDE (nor MINUS, TIMES, DIE) → no one scores those; PLUS goes to its only holder."""
    s = with_cards(2, {0: {"owned": ["HES-01"]}})
    assert [b["majorities"] for b in s.score_breakdown()] == [5, 0]
    s = with_cards(2, {})
    assert [b["majorities"] for b in s.score_breakdown()] == [0, 0]
    assert s.scores() == [0, 0]


def test_case_19_sets():
    one = ["HES-01", "HES-02", "HES-03", "HEC-01", "PAN-01", "PAN-02", "AEO-01", "TYC-01", "MOR-03"]
    two = ["HES-01", "HEC-04", "HEC-01", "PAN-01", "AEO-04", "AEO-01", "TYC-01", "MOR-03"]
    s = with_cards(3, {0: {"owned": one}, 1: {"owned": two}})
    # seat 0: PLUS 3, MINUS 1, TIMES 2, DIVIDE 1, DIE 2 (a die 1 and a die 6) → 1 set
    # seat 1: 2 of each, bonus symbols included (HEC-04 +, AEO-04 ×) → 2 sets
    assert [b["sets"] for b in s.score_breakdown()] == [5, 10, 0]


def test_case_20_cubes():
    """5 cubes in supply, 3 on Demigod cards → 5 VP from cubes."""
    cards = ["HES-01", "HEC-01", "AEO-01"]
    s = with_cards(2, {0: {"owned": cards, "spent": cards, "supply": 5}})
    assert s.score_breakdown()[0]["cubes"] == 5


def test_card_vp_counts_whether_used_or_not():
    cards = ["GOD-APO", "GOD-ZEU", "PTH-A", "VAS-6A", "HES-10", "AEO-05"]
    s = with_cards(2, {0: {"owned": cards, "spent": ["GOD-APO"]}})
    assert s.score_breakdown()[0]["cards"] == 3 + 5 + 5 + 12 + 2 + 2


def test_case_27_combined_16_vp():
    """Seed total 16: PLUS 5 (majority +5), one complete set (+5), card VP 2+2+2 = 6, no cubes."""
    mine = ["HES-10", "HES-11", "HES-01", "HES-02", "HEC-04", "PAN-08", "AEO-01", "TYC-01"]
    # the opponent leads MINUS, TIMES, DIVIDE and DIE and has exactly 4 PLUS
    theirs = [
        "HEC-01",
        "HEC-02",
        "PAN-01",
        "PAN-02",
        "AEO-02",
        "HES-07",
        "TYC-02",
        "MOR-01",
        "HES-03",
        "HES-06",
        "GOD-DEM",
    ]
    s = with_cards(2, {0: {"owned": mine, "supply": 0}, 1: {"owned": theirs}})
    assert s.score_breakdown()[0] == {"cards": 6, "majorities": 5, "sets": 5, "cubes": 0}
    assert s.scores()[0] == 16
    assert s.view(0)["participants"][0]["score"] == 16


def test_breakdown_adds_up_to_the_scores():
    s = with_cards(
        3,
        {
            0: {"owned": ["HES-10", "GOD-APO", "VAS-3A", "MOR-04"], "supply": 4},
            1: {"owned": ["HEC-04", "GOD-HER", "PTH-A"], "supply": 1},
            2: {"owned": ["TYC-05", "AEO-04"], "supply": 2},
        },
    )
    for total, parts in zip(s.scores(), s.score_breakdown(), strict=True):
        assert total == sum(parts.values())


# ------------------------------------------------------------------------------------------ tie-breaks


def tie(a: dict, b: dict, players: int = 2):
    s = with_cards(players, {0: a, 1: b})
    assert s.scores()[0] == s.scores()[1]
    return s


def test_case_21_tie_break_position_first():
    """A and B both 40 VP; A on column 12, B on 11 → A wins (even with fewer cubes)."""
    s = tie(
        {"owned": ["GOD-ZEU", "VAS-7A", "VAS-6A", "VAS-5B"], "supply": 1, "gone": range(1, 13)},
        {"owned": ["VAS-7B", "VAS-6B", "VAS-5A", "VAS-3B"], "supply": 4, "gone": range(1, 12)},
        players=3,
    )
    assert s.scores() == [40, 40, 0]
    assert s.ranking() == [1, 2, 3]
    assert first_places(s) == [0] and s.winners() == []  # the leader; no winner before the end


def test_case_21_tie_break_then_majorities():
    s = tie(
        {"owned": ["VAS-3A", "HES-01"], "supply": 0, "gone": range(1, 6)},
        {"owned": ["VAS-4A"], "supply": 3, "gone": range(1, 6)},
    )
    assert s.scores() == [11, 11]
    assert s.ranking() == [1, 2]


def test_case_21_tie_break_then_cubes():
    s = tie(
        {"owned": ["VAS-4A"], "supply": 2, "gone": range(1, 6)},
        {"owned": ["VAS-3A"], "supply": 4, "gone": range(1, 6)},
    )
    assert s.ranking() == [2, 1]


def test_case_21_tie_break_else_shared():
    s = tie(
        {"owned": ["VAS-3A"], "supply": 2, "gone": range(1, 6)},
        {"owned": ["VAS-4B"], "supply": 2, "gone": range(1, 6)},
    )
    assert s.ranking() == [1, 1]
    assert first_places(s) == [0, 1] and s.winners() == []


def test_shared_majorities_count_for_the_tie_break():
    """Spec §5 tie-break 2 counts shared majorities: A shares PLUS with C, B wins MINUS alone → 1 : 1,
    so the cubes decide (had shared majorities not counted, B would win)."""
    s = with_cards(
        3,
        {
            0: {"owned": ["HES-01", "VAS-3A"], "supply": 3, "gone": [1]},
            1: {"owned": ["HEC-01", "VAS-4A"], "supply": 1, "gone": [1]},
            2: {"owned": ["HES-02"], "supply": 0},
        },
    )
    assert [b["majorities"] for b in s.score_breakdown()] == [5, 5, 5]
    assert s.scores() == [14, 14, 5]
    assert s.ranking() == [1, 2, 3]
