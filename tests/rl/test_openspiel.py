"""Every game and configuration passes OpenSpiel's own simulation test, and its MCTS bot plays whole games."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import mcts

from hellenika import games
from hellenika.engine import Rng
from hellenika.rl import openspiel as hos
from hellenika.rl.codec import codec_for
from tests.rl.conftest import CONFIGS


def load(name: str, players: int, options: dict[str, object], **extra: object) -> pyspiel.Game:
    return pyspiel.load_game(hos.short_name(name), {"players": players, **options, **extra})


def play_random(game: pyspiel.Game, seed: int, steps: int | None = None) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (steps is None or len(state.history()) < steps):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_mcts(game: pyspiel.Game, bots: list[mcts.MCTSBot], rng: np.random.RandomState) -> pyspiel.State:
    """A whole game: each seat's bot decides (always a legal action), chance drawn with ``rng``."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_random_sim_test_with_serialisation(name: str, players: int, options: dict[str, object]) -> None:
    # Whole games, except that the longest configurations (Attika with 3-4 players, about 700-900 steps,
    # each step observed by every seat) stop at the adapter's length cap, which this test exercises too.
    game = load(name, players, options, max_length=500)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", games.names())
def test_mcts_bot_plays_a_complete_game(name: str) -> None:
    """OpenSpiel's MCTS with random rollouts (a tiny budget), under a lower cap so the rollouts stay short."""
    engine = games.get(name)
    players, options = engine.configurations()[0]
    game = load(name, players, options, max_length=150)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 1.4, 3, evaluator, random_state=rng, solve=False) for _ in range(players)]
    state = play_mcts(game, bots, rng)
    assert all(-1.0 <= r <= 1.0 for r in state.returns())


class _FlatEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """No rollouts: every leaf is worth 0 and every legal action equally likely, so whole games stay cheap."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.zeros(state.num_players())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("name", games.names())
def test_mcts_bot_plays_a_game_to_its_real_end(name: str) -> None:
    """OpenSpiel's MCTS in every seat, under the default length cap: the game ends by its own rules."""
    engine = games.get(name)
    players, options = engine.configurations()[0]
    game = load(name, players, options)
    rng = np.random.RandomState(5)
    bots = [
        mcts.MCTSBot(game, 1.4, 4, _FlatEvaluator(), random_state=rng, solve=False) for _ in range(players)
    ]
    state = play_mcts(game, bots, rng)
    assert state.engine.is_terminal(), "the game must end by its rules, not by the adapter's cap"
    assert state.returns() == [float(r) for r in state.engine.returns()]


def test_game_info_comes_from_the_codec() -> None:
    for name in games.names():
        game = pyspiel.load_game(hos.short_name(name))
        codec = codec_for(name)
        assert game.num_distinct_actions() == codec.num_actions
        assert game.max_chance_outcomes() == codec.num_chance_outcomes
        assert game.max_game_length() == hos.DEFAULT_MAX_LENGTH[name]
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    info = pyspiel.GameType.Information
    assert pyspiel.load_game("python_hellenika_attika").get_type().information == info.IMPERFECT_INFORMATION
    assert pyspiel.load_game("python_hellenika_hercules").get_type().information == info.PERFECT_INFORMATION


def test_chance_probabilities_are_the_engines() -> None:
    state = load("hercules", 2, {}).new_initial_state()
    engine = state.engine
    expected = sorted((codec_for("hercules").encode_chance(a), p) for a, p in engine.chance_outcomes())
    assert state.chance_outcomes() == expected
    assert sum(p for _, p in expected) == pytest.approx(1.0)


def test_serialize_is_the_engine_json_and_round_trips() -> None:
    game = load("peloponnes", 3, {"expansion": True})
    state = play_random(game, seed=4, steps=60)
    text = state.serialize()
    assert '"engine":{"game":"peloponnes"' in text
    again = game.deserialize_state(text)
    assert again.history() == state.history()
    assert again.engine.digest() == state.engine.digest()
    assert again.information_state_string(again.current_player()) == state.information_state_string(
        state.current_player()
    )
    _, again_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again_state.engine.digest() == state.engine.digest()


def test_length_cap_ends_the_game_scored_from_the_ranking() -> None:
    game = load("hercules", 3, {}, max_length=40)
    state = play_random(game, seed=1)
    assert state.is_terminal() and len(state.history()) == 40
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0) and any(r != 0 for r in returns)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_information_state_hides_what_the_seat_cannot_see(
    name: str, players: int, options: dict[str, object]
) -> None:
    """Resampling what a seat cannot see changes neither its information state nor its observation."""
    game = load(name, players, options)
    rng = Rng(5)
    for steps in (25, 90):
        state = play_random(game, seed=steps, steps=steps)
        for seat in range(players):
            other = state.clone()
            other._box.engine = state.engine.determinize(seat, rng)
            other._box.views = {}
            other._box.vectors = {}
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))


def test_hidden_hands_differ_between_seats_in_attika_or_delonge() -> None:
    """Sanity check that the test above is not vacuous: seats of a hidden-information game see differently."""
    state = play_random(load("hellas_delonge", 2, {}), seed=2, steps=80)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_observer_names_the_layout_blocks_and_counts_own_decisions() -> None:
    game = load("hellas", 2, {})
    state = play_random(game, seed=3, steps=60)
    seat = 1
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, seat)
    layout = observer.encoder.layout
    assert list(observer.dict) == [b.name for b in layout.blocks] + ["own_decisions"]
    assert observer.tensor.shape == (layout.size + game.num_distinct_actions(),)
    own = observer.dict["own_decisions"]
    assert own.sum() == len(state._box.own[seat]) > 0
    assert all(own[n] >= 1 for n in state._box.own[seat])
    assert np.array_equal(observer.tensor, np.asarray(state.information_state_tensor(seat)))
    plain = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    plain.set_from(state, seat)
    assert np.array_equal(plain.tensor, np.asarray(state.observation_tensor(seat)))


@pytest.mark.parametrize("name", games.names())
def test_python_fast_paths_answer_as_openspiels_cpp_state(name: str) -> None:
    """``legal_actions`` and ``is_chance_node`` are answered in Python (no C++ round trips); at every step of
    random games (chance, decisions, the end and the length cap) they must say what OpenSpiel's C++ says."""
    engine = games.get(name)
    players, options = engine.configurations()[0]
    for max_length, seed in ((40, 1), (hos.DEFAULT_MAX_LENGTH[name], 2)):
        game = load(name, players, options, max_length=max_length)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in range(players):
                assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            if state.is_terminal():
                break
            if not state.is_chance_node():
                mine = state.legal_actions()
                mine.append(-7)  # a caller's list is its own: the cache must not change
                assert state.legal_actions() == pyspiel.State.legal_actions(state)
                with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                    state.legal_actions(-1)
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.legal_actions() == []


FIRST_CONFIGS = [(name, *games.get(name).configurations()[0]) for name in games.names()]


@pytest.mark.parametrize(("name", "players", "options"), FIRST_CONFIGS)
def test_random_sim_test_unchecked(name: str, players: int, options: dict[str, object]) -> None:
    """``checked=False`` (the fast path) passes OpenSpiel's simulation test as well."""
    game = load(name, players, options, max_length=300, checked=False)
    assert not game.checked
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _illegal_numbers(state: pyspiel.State, size: int) -> list[int]:
    """Some numbers that are not legal here: the first and last of the table, one in between, and two out of
    range."""
    legal = set(state.legal_actions())
    inside = [n for n in (0, size // 2, size - 1) if n not in legal]
    middle = next((n for n in range(size) if n not in legal), None)
    return sorted({*inside, *([middle] if middle is not None else []), size, -5})


def _snapshot(state: pyspiel.State) -> tuple[object, ...]:
    return state.engine.digest(), state.history(), state.legal_actions(), state.serialize()


@pytest.mark.parametrize(("name", "players", "options"), FIRST_CONFIGS)
def test_illegal_action_raises_naming_it_and_changes_nothing(
    name: str, players: int, options: dict[str, object]
) -> None:
    """At decisions and chance nodes along a random game, every illegal number is refused with OpenSpiel's
    error naming the action, and the state (engine digest, history, legal actions) is unchanged."""
    game = load(name, players, options)
    codec = codec_for(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    checked_decisions = checked_chance = 0
    while not state.is_terminal() and len(state.history()) < 120:
        size = codec.num_chance_outcomes if state.is_chance_node() else codec.num_actions
        before = _snapshot(state)
        for number in _illegal_numbers(state, size):
            with pytest.raises(pyspiel.SpielError, match=rf"illegal action \({number}\)"):
                state.apply_action(number)
            assert _snapshot(state) == before
        if state.is_chance_node():
            checked_chance += 1
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            checked_decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked_decisions >= 5 and checked_chance > 0
    if state.is_terminal():
        with pytest.raises(pyspiel.SpielError, match="terminal"):
            state.apply_action(0)


def test_illegal_action_error_names_the_action_and_the_legal_ones() -> None:
    game = load("attika", 2, {})
    state = play_random(game, seed=11, steps=40)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    codec = codec_for("attika")
    wrong = next(n for n in range(codec.num_actions) if n not in legal and codec.decode(n).KIND == "build")
    with pytest.raises(pyspiel.SpielError) as caught:
        state.apply_action(wrong)
    text = str(caught.value)
    player = state.current_player()
    assert f"Current player {player} calling ApplyAction with illegal action ({wrong})" in text
    assert codec.decode(wrong).notation() in text
    assert codec.decode(legal[0]).notation() in text


def test_unchecked_game_skips_the_check() -> None:
    """The documented fast path really is unchecked: an illegal number goes to the engine as it is."""
    game = load("hellas", 2, {}, checked=False)
    state = play_random(game, seed=2, steps=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = set(state.legal_actions())
    wrong = next(n for n in range(game.num_distinct_actions()) if n not in legal)
    length = len(state.history())
    try:
        state.apply_action(wrong)
    except Exception as error:  # the engine may fail deeper down; what matters is that no check refused it
        assert "calling ApplyAction with illegal action" not in str(error)
    else:
        assert len(state.history()) == length + 1


HIDDEN = [name for name in games.names() if hos.has_hidden_information(games.get(name))]


def test_the_hidden_information_games_are_the_ones_openspiel_calls_imperfect() -> None:
    assert sorted(HIDDEN) == ["attika", "hellas_delonge"]
    for name in games.names():
        information = pyspiel.load_game(hos.short_name(name)).get_type().information
        assert (information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == (name in HIDDEN)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_resample_from_infostate_keeps_what_the_seat_knows(
    name: str, players: int, options: dict[str, object]
) -> None:
    """The resampled state is one the seat cannot tell apart (same information state and legal actions), it
    is a new state (applying to it leaves the original alone), and in a hidden-information game some seat's
    resamples really differ from the true state."""
    game = load(name, players, options)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = play_random(game, seed=9, steps=30)
    assert not state.is_terminal()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    differs = False
    for seat in range(players):
        for _ in range(3):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
            assert other.history() == state.history()
            differs |= other.engine.digest() != state.engine.digest()
    if name not in HIDDEN:
        assert not differs, "a perfect-information game has nothing to resample"
    mover = state.current_player()
    other = state.resample_from_infostate(mover, sampler)
    assert other.legal_actions() == state.legal_actions()
    before = state.engine.digest()
    other.apply_action(other.legal_actions()[0])
    assert state.engine.digest() == before
    if name in HIDDEN and players > 1:
        assert differs, "the seats of a hidden-information game never saw a different world"


class _ValueEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """The game's own quick evaluation at the leaves (``Game.estimate_returns``), uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        engine = state.engine
        if engine.is_terminal():
            return np.asarray(state.returns())
        return np.asarray(engine.game.estimate_returns(engine), dtype=float)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiels_ismcts_bot_plays_whole_games(name: str) -> None:
    """OpenSpiel's (Python) ISMCTSBot in every seat of a 2-player game, resampling worlds through
    ``resample_from_infostate``, to the game's real end (a small budget keeps it quick)."""
    from open_spiel.python.algorithms import ismcts

    game = load(name, 2, {})
    rng = np.random.RandomState(4)
    bots = [ismcts.ISMCTSBot(game, _ValueEvaluator(), 2.0, 3, random_state=rng) for _ in range(2)]
    state = play_mcts(game, bots, rng)  # type: ignore[arg-type]
    assert state.engine.is_terminal(), "the game must end by its rules, not by the adapter's cap"
    assert state.returns() == [float(r) for r in state.engine.returns()]
