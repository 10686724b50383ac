"""The factored action space (hellenika.rl.factored) and the OpenSpiel game played with it."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel

from hellenika import games
from hellenika.engine import Rng
from hellenika.rl import openspiel as hos
from hellenika.rl.codec import codec_for
from hellenika.rl.factored import factored_codec, tokens_of
from tests.rl.conftest import CONFIGS, random_states


@pytest.mark.parametrize("name", games.names())
def test_tokens_name_every_flat_action_once_and_stay_few(name: str) -> None:
    flat = codec_for(name).decisions
    factored = factored_codec(name)
    assert factored.num_tokens <= 300
    seen: dict[tuple[int, ...], object] = {}
    for action in flat.actions:
        steps = factored.steps(action)
        assert 1 <= len(steps) <= factored.max_steps <= 4
        assert steps not in seen, f"{action.notation()} and {seen[steps]} share their tokens"
        seen[steps] = action.notation()
        assert [factored.tokens[n] for n in steps] == list(tokens_of(action))
        assert factored.text(steps[0]) == action.KIND


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_token_by_token_reaches_exactly_the_legal_actions(
    name: str, players: int, options: dict[str, object]
) -> None:
    """From every decision node of a random game, walking every branch of tokens (forced ones taken
    automatically) reaches each legal action exactly once and nothing else."""
    factored = factored_codec(name)
    for state in random_states(name, players, options, seed=3, every=7):
        if state.current_player() < 0:
            continue
        legal = state.legal_actions()
        reached: list[object] = []
        todo: list[list[int]] = [[]]
        while todo:
            prefix = todo.pop()
            chosen = factored.advance(legal, prefix)
            if chosen is not None:
                reached.append(chosen)
                continue
            options_ = factored.options(legal, prefix)
            assert len(options_) > 1, "a step left to the agent is a real choice"
            todo.extend([*prefix, n] for n in options_)
        assert sorted(a.notation() for a in reached) == sorted(a.notation() for a in legal)


FIRST = [(name, *games.get(name).configurations()[0]) for name in games.names()]


def load(name: str, players: int, options: dict[str, object], **extra: object) -> pyspiel.Game:
    return pyspiel.load_game(hos.short_name(name), {"players": players, **options, "factored": True, **extra})


@pytest.mark.parametrize(("name", "players", "options"), FIRST)
def test_factored_game_passes_random_sim_test(name: str, players: int, options: dict[str, object]) -> None:
    game = load(name, players, options, max_length=300)
    assert game.num_distinct_actions() == factored_codec(name).num_tokens
    assert game.max_game_length() == 300 * factored_codec(name).max_steps
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _play(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < steps:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_half_made_decision_is_seen_by_the_mover_alone_and_checked() -> None:
    game = load("attika", 2, {})
    factored = factored_codec("attika")
    rng = random.Random(1)
    state = game.new_initial_state()
    # play until a decision with more than one token step, then take its first token
    while True:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        before = state.engine.version
        mover = state.current_player()
        first = rng.choice(state.legal_actions())
        state.apply_action(first)
        if state.engine.version == before:
            break
    assert state.current_player() == mover
    other = 1 - mover
    assert "choosing: " + factored.text(first) in state.observation_string(mover)
    assert "choosing" not in state.observation_string(other)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, mover)
    assert observer.dict["choosing"][first] == 1.0 and observer.dict["choosing"].sum() == 1.0
    assert observer.dict["own_decisions"][first] >= 1.0
    observer.set_from(state, other)
    assert not observer.dict["choosing"].any()
    wrong = next(n for n in range(game.num_distinct_actions()) if n not in state.legal_actions())
    history = state.history()
    with pytest.raises(pyspiel.SpielError, match=rf"illegal action \({wrong}\)"):
        state.apply_action(wrong)
    assert state.history() == history


@pytest.mark.parametrize("name", ["attika", "hellas_delonge"])
def test_factored_resample_keeps_the_half_made_decision(name: str) -> None:
    game = load(name, 2, {})
    state = _play(game, seed=5, steps=61)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(2):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
    if not state.is_chance_node() and not state.is_terminal():
        mover = state.current_player()
        assert state.resample_from_infostate(mover, sampler).legal_actions() == state.legal_actions()


def test_factored_and_flat_games_agree_on_the_engine() -> None:
    """The same engine actions through both spaces give the same engine state."""
    flat = pyspiel.load_game(hos.short_name("peloponnes"), {"players": 2})
    fact = load("peloponnes", 2, {})
    factored = factored_codec("peloponnes")
    codec = codec_for("peloponnes")
    a, b = flat.new_initial_state(), fact.new_initial_state()
    rng = Rng(8)
    for _ in range(150):
        if a.is_terminal():
            break
        engine = a.engine
        if a.is_chance_node():
            number = codec.encode_chance(engine.sample_chance(rng))
            a.apply_action(number)
            b.apply_action(number)
            continue
        legal = engine.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        a.apply_action(codec.encode(action))
        for k, token in enumerate(factored.steps(action)):
            if b.engine.version == a.engine.version:  # applied (the remaining tokens were forced)
                break
            if b._box.prefix[k : k + 1] == [token]:  # taken automatically (forced)
                continue
            assert token in b.legal_actions()
            b.apply_action(token)
        assert b.engine.digest() == a.engine.digest()
