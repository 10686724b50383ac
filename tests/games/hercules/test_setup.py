"""Setup (spec §3), Phase 1 rolling (§4.1), turn order and Pegasus (§4.2, §4.8)."""

from __future__ import annotations

import pytest

from hellenika.engine import CHANCE, InvalidOption
from hellenika.games.hercules.actions import ChooseStartPlayer, PlaceGod, RevealDemigod, Roll
from tests.games.hercules.builders import (
    DECKS,
    DEFAULT_TOPS,
    GAME,
    GOD_LAYOUT,
    new_game,
    pass_turn,
    play_round,
    roll,
    state_of,
)

ALL = 0b1111111111110  # cubes on columns 1..12


def test_setup_reveals_one_top_per_deck_then_lays_out_the_gods():
    s = GAME.new_state(3, {"variant": "standard"})
    tops = {
        "hestia": "HES-07",
        "pan": "PAN-05",
        "aeolus": "AEO-02",
        "hecate": "HEC-04",
        "tyche": "TYC-03",
        "morpheus": "MOR-06",
    }
    for deck in DECKS:
        assert s.current_player() == CHANCE
        outcomes = s.chance_outcomes()
        assert all(isinstance(a, RevealDemigod) for a, _ in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert {a.card[:3] for a, _ in outcomes} == {tops[deck][:3]}  # only that deck's cards
        s.apply(RevealDemigod(tops[deck]))
    st = state_of(s)
    assert st["tops"] == [tops[d] for d in DECKS]
    assert all(tops[d] not in rest for d, rest in zip(DECKS, st["rests"], strict=True))
    assert [len(r) for r in st["rests"]] == [9, 7, 4, 3, 5, 4]  # 3 players: 38 demigods = 32 + 6 tops
    # God layout: column by column, drawn from the 11 non-Zeus gods (Hades is never part of it)
    remaining = set(GOD_LAYOUT)
    for column, god in enumerate(GOD_LAYOUT, start=1):
        outcomes = s.chance_outcomes()
        assert {a for a, _ in outcomes} == {PlaceGod(column, g) for g in remaining}
        s.apply(PlaceGod(column, god))
        remaining.discard(god)
    st = state_of(s)
    assert st["gods"] == [None, *GOD_LAYOUT, None]
    assert st["column12"] == ["GOD-ZEU", "PTH-A", "PTH-B"]  # Zeus on top of the Pantheon stack
    # Pegasus: the start player is a uniform chance outcome
    assert s.chance_outcomes() == [(ChooseStartPlayer(i), pytest.approx(1 / 3)) for i in range(3)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_start_with_full_rows_empty_supply_and_no_cards(players):
    st = state_of(new_game(players))
    assert st["cubes"] == [ALL] * players
    assert st["pos"] == [0] * players
    assert st["supply"] == [0] * players
    assert st["owned"] == [[]] * players
    assert st["spent"] == [[]] * players


def test_vase_stacks_ascending_with_higher_vp_on_top():
    st = state_of(new_game(4))
    assert st["vases"] == [
        ["VAS-3A", "VAS-3B"],
        ["VAS-4A", "VAS-4B"],
        ["VAS-5A", "VAS-5B"],
        ["VAS-6A", "VAS-6B"],
        ["VAS-7A", "VAS-7B"],
    ]


def test_phase_1_everyone_rolls_both_dice_and_the_white_die_is_not_rolled():
    s = new_game(3, start=2)
    white = state_of(s)["white"]
    for p in range(3):
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 36
        assert {(a.participant, a.dice) for a, _ in outcomes} == {(p, (0, 1))}
        assert outcomes[0][1] == pytest.approx(1 / 36)
        s.apply(Roll(p, (0, 1), (p + 1, 6)))
    st = state_of(s)
    assert st["dice"] == [[1, 6], [2, 6], [3, 6]]
    assert st["white"] == white
    # the Pegasus holder (seat 2) plays first
    assert s.current_player() == 2


def test_turn_order_clockwise_from_pegasus_and_pegasus_moves_on():
    s = new_game(3, start=1)
    roll(s, (1, 1), (1, 1), (1, 1))
    order = []
    for _ in range(3):
        order.append(s.current_player())
        pass_turn(s)
    assert order == [1, 2, 0]
    assert state_of(s)["pegasus"] == 2  # Phase 3: next player clockwise
    assert s.current_player() == CHANCE  # the next round starts with Phase 1
    play_round(s, [(1, 1)] * 3)
    assert state_of(s)["pegasus"] == 0
    assert state_of(s)["round"] == 3


def test_dice_are_public_in_every_view():
    s = new_game(2)
    roll(s, (6, 3), (2, 5))
    for seat in (0, 1, None):
        view = s.view(seat)
        assert [p["dice"] for p in view["participants"]] == [[6, 3], [2, 5]]


def test_solo_setup_hero_starts_hades_has_one_die_the_white_die_and_his_cubes():
    s = GAME.new_state(1, {"variant": "standard"})
    for deck in DECKS:
        s.apply(RevealDemigod(DEFAULT_TOPS[deck]))
    for column, god in enumerate(GOD_LAYOUT, start=1):
        s.apply(PlaceGod(column, god))
    # no start-player draw: the hero takes Pegasus; the white die gets its initial roll instead
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == [Roll(1, (2,), (v,)) for v in range(1, 7)]
    s.apply(Roll(1, (2,), (4,)))
    st = state_of(s)
    assert st["pegasus"] == 0
    assert st["white"] == 4
    assert st["owned"] == [[], ["HADES"]]
    assert st["cubes"] == [ALL, ALL]
    assert st["column12"] == ["GOD-ZEU", "PTH-A"]
    # Phase 1: the hero rolls two dice, Hades one
    s.apply(Roll(0, (0, 1), (3, 4)))
    assert [a for a, _ in s.chance_outcomes()] == [Roll(1, (0,), (v,)) for v in range(1, 7)]
    s.apply(Roll(1, (0,), (2,)))
    assert s.current_player() == 0
    assert s.participant_names() == ["Player 1", "Hades"]
    assert s.num_participants == 2


def test_options_and_player_counts_are_validated():
    with pytest.raises(InvalidOption):
        GAME.new_state(5, {"variant": "standard"})
    with pytest.raises(InvalidOption):
        GAME.new_state(0, {"variant": "standard"})
    with pytest.raises(InvalidOption):
        GAME.new_state(2, {"variant": "deluxe"})
    assert GAME.new_state(2).to_json()["options"] == {"variant": "standard"}
