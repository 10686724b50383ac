"""Observation vectors: fixed length, built from the view alone, so hidden information cannot leak."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from hellenika import games
from hellenika.engine import Rng
from hellenika.rl.observation import (
    OBSERVATION_SIZE,
    encode_view,
    encode_view_reference,
    feature_bin,
    feature_names,
)
from tests.rl.conftest import CONFIGS, random_states


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_seat_cannot_see_what_its_view_hides(name: str, players: int, options: dict[str, object]) -> None:
    """A state resampled in everything a seat cannot see gives that seat the same vector."""
    rng = Rng(11)
    states = random_states(name, players, options, seed=21, every=37)
    for state in states:
        for seat in range(players):
            vector = encode_view(state.view(seat))
            assert vector.shape == (OBSERVATION_SIZE,) and vector.dtype == np.float32
            other = state.determinize(seat, rng)
            assert np.array_equal(encode_view(other.view(seat)), vector)


def test_vector_changes_with_what_the_seat_sees() -> None:
    states = random_states("hercules", 2, {}, seed=4, every=5)
    vectors = {encode_view(s.view(0)).tobytes() for s in states}
    assert len(vectors) > len(states) // 2


def test_features_are_named_from_the_view() -> None:
    view = {"phase": "bid", "coins": 3, "done": True, "hand": [1, 0], "gone": None, "catalogue": {"x": 1}}
    assert feature_names(view) == ["phase=bid", "coins", "done", "hand.0"]
    expected = np.zeros(OBSERVATION_SIZE)
    for name, value in (("phase=bid", 1.0), ("coins", 3.0), ("done", 1.0), ("hand.0", 1.0)):
        index, sign = feature_bin(name)
        expected[index] += sign * value
    assert np.array_equal(encode_view(view), expected.astype(np.float32))


def test_every_game_view_yields_features() -> None:
    for name in games.names():
        game = games.get(name)
        state = game.new_state(game.configurations()[0][0], game.configurations()[0][1], log=False)
        assert len(feature_names(state.view(0))) > 10


@pytest.mark.parametrize("name", games.names())
def test_fast_encoder_matches_the_plain_definition(name: str) -> None:
    for state in random_states(name, 2 if name != "hercules" else 3, {}, seed=8, every=23):
        view = state.view(0)
        assert np.allclose(encode_view(view), encode_view_reference(view), atol=1e-4)
