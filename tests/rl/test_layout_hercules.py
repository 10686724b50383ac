"""Hercules' laid-out vector: values land in the right blocks and rows, seen from each seat."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellenika.engine import State
from hellenika.games.hercules.cards import load_catalogue
from hellenika.rl.layout import encode, encoder_of
from hellenika.rl.layouts.hercules import PHASES
from tests.rl.conftest import random_states

#: Blocks with one row per participant (``roles`` through ``place``).
PER_PARTICIPANT = (
    "roles",
    "dice",
    "apprentice",
    "cubes_on_board",
    "supply",
    "cards_owned",
    "cards_used",
    "symbols",
    "score",
    "place",
)


def blocks_of(view: dict[str, Any], players: int) -> dict[str, np.ndarray]:
    encoder = encoder_of("hercules", players)
    return encoder.layout.views(encode(encoder, view))


def mid_game(players: int, options: dict[str, object] | None = None) -> State:
    """A state some way into a seeded random game, on a player's turn."""
    states = random_states("hercules", players, options or {}, seed=11, every=1)
    turns = [s for s in states if s.view(None)["phase"] == "turn" and s.view(None)["round"] >= 4]
    return turns[len(turns) // 2]


def test_a_participants_facts_land_in_their_seat_relative_row() -> None:
    view = mid_game(3).view(1)
    view["participants"][2].update(supply=9, apprentice=7, dice=[2, 5], cubes_on_board=[8, 11])
    view["pegasus"], view["active"], view["to_move"] = 2, 0, 0
    view["white_die"] = {"value": 4, "holder": 0, "hero_used_this_round": True}
    view["apprentice_advance"] = 5
    b = blocks_of(view, 3)
    # seat 1 observes: rows are seats 1, 2, 0
    assert b["supply"][1] == 9
    assert b["apprentice"][1].tolist() == [0.0] * 7 + [1.0] + [0.0] * 5
    assert b["dice"][1, 0].argmax() == 1 and b["dice"][1, 1].argmax() == 4 and b["dice"][1].sum() == 2
    assert np.flatnonzero(b["cubes_on_board"][1]).tolist() == [7, 10]
    assert b["roles"][:, 0].tolist() == [0, 0, 1]  # active: seat 0, the last row
    assert b["roles"][:, 1].tolist() == [0, 1, 0]  # Pegasus: seat 2
    assert b["roles"][:, 2].tolist() == [0, 0, 1]  # white die holder: seat 0
    assert b["to_move"].tolist() == [0, 0, 1, 0, 0]
    assert b["white_die"].tolist() == [0, 0, 0, 1, 0, 0]
    assert b["pending"].tolist() == [1, 5]


def test_phase_and_turn_scalars() -> None:
    view = mid_game(2).view(0)
    b = blocks_of(view, 2)
    assert b["phase"].sum() == 1 and PHASES[int(b["phase"].argmax())] == "turn"
    assert b["round"][0] == view["round"]
    assert b["rules"].tolist() == [0, 0]
    view.update(phase="resting", rest={"cubes_taken": 2, "god_refreshed": True}, last_round=True)
    view.update(to_move="chance", used_card_this_turn=True)
    b = blocks_of(view, 2)
    assert PHASES[int(b["phase"].argmax())] == "resting"
    assert b["rest"].tolist() == [2, 1]
    assert b["turn_flags"].tolist() == [1, 1]
    assert b["to_move"].tolist() == [0, 0, 1, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rows_rotate_with_the_observer_and_the_spectator_sees_seat_0s_vector(players: int) -> None:
    state = mid_game(players)
    encoder = encoder_of("hercules", players)
    zero = encode(encoder, state.view(0))
    assert np.array_equal(encode(encoder, state.view(None)), zero)
    b0 = encoder.layout.views(zero)
    for seat in range(1, players):
        b = encoder.layout.views(encode(encoder, state.view(seat)))
        for name in PER_PARTICIPANT:
            assert np.array_equal(b[name], np.roll(b0[name], -seat, axis=0)), (name, seat)
        assert np.array_equal(b["to_move"][:players], np.roll(b0["to_move"][:players], -seat))
        for name in ("gods_on_board", "demigod_tops", "demigods_below", "vases", "score"):
            assert b[name].sum() == b0[name].sum()


@pytest.mark.parametrize("players", [2, 4])
def test_cards_symbols_scores_and_stacks_agree_with_the_view(players: int) -> None:
    cat = load_catalogue()
    demigods = [c for c in cat.cards if c.kind == "demigod"]
    deck_index = {d.id: d.index for d in cat.decks}
    for state in random_states("hercules", players, {}, seed=2, every=13):
        view = state.view(0)
        b = blocks_of(view, players)
        for r, participant in enumerate(view["participants"]):
            symbols = np.sum([c.get("symbols", [0] * 5) for c in participant["cards"]] or [[0] * 5], axis=0)
            assert b["symbols"][r].tolist() == symbols.tolist()
            assert b["cards_owned"][r].sum() == len(participant["cards"])
            assert b["cards_used"][r].sum() == sum(bool(c.get("used")) for c in participant["cards"])
            parts = participant["breakdown"]
            assert b["score"][r].tolist() == [participant["score"], *parts.values()]
        # under each top lie exactly the stack's other cards, found by elimination
        for stack in view["demigod_stacks"]:
            d = deck_index[stack["deck"]]
            deck = [i for i, c in enumerate(demigods) if c.deck == d]
            on_deck = b["demigod_tops"][deck].sum() + b["demigods_below"][deck].sum()
            assert on_deck == stack["count"] == b["demigod_counts"][d]
        assert b["vases"].sum() == sum(len(s["cards"]) for s in view["vase_stacks"])
        gods_left = [g for g in view["gods"] if g is not None]
        assert b["gods_on_board"].sum() == len(gods_left)


def test_solo_puts_hades_in_the_second_row_and_ranks_at_the_end() -> None:
    final = random_states("hercules", 1, {}, seed=4, every=1000)[-1]
    view = final.view(0)
    b = blocks_of(view, 1)
    assert b["rules"].tolist() == [0, 1]
    assert b["roles"][:, 3].tolist() == [0, 1]
    hades = view["participants"][1]
    assert b["dice"][1, 0, hades["dice"][0] - 1] == 1 and b["dice"][1, 1].sum() == 0
    # the Hades card itself is not a column of cards_owned
    assert b["cards_owned"][1].sum() == len(hades["cards"]) - 1
    assert PHASES[int(b["phase"].argmax())] == "game over" and b["to_move"].tolist() == [0, 0, 0, 1]
    places = view["places"]
    assert [int(row.argmax()) + 1 for row in b["place"]] == places and b["place"].sum() == 2


def test_simplified_variant_flag() -> None:
    view = mid_game(3, {"variant": "simplified"}).view(2)
    assert blocks_of(view, 3)["rules"].tolist() == [1, 0]
