"""Turns (``State.current_turn``: the turn's owner and key) in every registered game and configuration: a turn
is hashable and the same after a clone and a JSON round trip, its key never comes back once the owner's next
turn has begun, and a seat deciding in another's turn is only ever a reaction within it."""

from __future__ import annotations

import itertools
import json

import pytest

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.engine.state import State

CONFIGS = [
    pytest.param(name, players, options, id=f"{name}-{players}p-{index}")
    for name in games.names()
    for index, (players, options) in enumerate(games.get(name).configurations())
]


def _normal(turn: object) -> str:
    return json.dumps(turn, default=list)


def _play(name: str, players: int, options: dict[str, object], seed: int) -> list[tuple[State, str]]:
    game = games.get(name)
    state = game.new_state(players, options)
    rng = Rng(seed)
    seen: list[tuple[State, str]] = []
    while not state.is_terminal() and len(seen) < 3000:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        seen.append((state.clone(), _normal(state.current_turn())))
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return seen


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_turns_are_stable_and_never_come_back(name: str, players: int, options: dict[str, object]) -> None:
    game = games.get(name)
    seen = _play(name, players, options, seed=11)
    over: dict[int, set[str]] = {}  # per owner, the keys of its turns that are over
    current: dict[int, str] = {}
    for state, turn in seen:
        hash(state.current_turn())
        assert _normal(state.clone().current_turn()) == turn
        assert _normal(game.state_from_json(state.to_json()).current_turn()) == turn
        owner, key = state.turn_owner(), _normal(state.turn_key())
        if state.current_player() != owner:
            assert name == "hellas_delonge", "only Hellas (Delonge) asks for reactions in another's turn"
        if current.get(owner) not in (None, key):
            over.setdefault(owner, set()).add(current[owner])
        assert key not in over.get(owner, set()) or state.turn_key() is None, f"{turn} came back"
        current[owner] = key
    assert len({turn for _, turn in seen}) > players


def test_hercules_gives_one_seat_two_turns_in_a_row() -> None:
    """The case the timeout bot once played as one: the last player of a round starts the next."""
    seen = _play("hercules", 2, {}, seed=5)
    pairs = itertools.pairwise(seen)
    doubles = [(a, b) for (sa, a), (sb, b) in pairs if a != b and sa.current_player() == sb.current_player()]
    assert doubles, "no seat took two turns in a row"
