"""The conformance suite: every registered game, every configuration, the same contract.

Whatever a game is, it must: finish random games; reject illegal or malformed actions with the right error and
leave the state untouched; clone independently; round-trip through JSON at any point; be a pure function of
seed and actions; replay from its record; never change a seat's view when the hidden parts are resampled; and
score exactly its breakdown.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika import games
from hellenika.bots import RandomBot
from hellenika.engine import (
    CHANCE,
    TERMINAL,
    Action,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    Record,
    RecordError,
    Rng,
    State,
    play_match,
)

CONFIGS = [
    pytest.param(
        name, players, options, id=f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
    )
    for name in games.names()
    for players, options in games.get(name).configurations()
]
MAX_ACTIONS = 200_000


def random_states(name: str, players: int, options: dict, seed: int, every: int = 1):
    """Yield (state, step) along one random game, every ``every`` actions, ending with the terminal state."""
    game = games.get(name)
    state = game.new_state(players, options)
    rng = Rng(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state, step
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
        state.apply(action)
        step += 1
        assert step < MAX_ACTIONS, "random game did not finish"


def advance(state: State, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_unchecked(
            state.sample_chance(rng) if state.is_chance_node() else legal[rng.randbelow(len(legal))]
        )


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_random_games_finish_with_consistent_results(name, players, options):
    for seed in range(3):
        leaders = []
        for state, _ in random_states(name, players, options, seed, every=50):
            if not state.is_terminal():
                # No result while the game runs, whoever leads (a caller could mistake a leader for a winner).
                assert state.winners() == []
                leaders.append(state.ranking())
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        scores = state.scores()
        breakdown = state.score_breakdown()
        assert len(scores) == len(breakdown) == state.num_participants >= players
        for total, parts in zip(scores, breakdown, strict=True):
            assert sum(parts.values()) == pytest.approx(total)
        places = state.ranking()
        assert min(places) == 1
        assert state.winners() == [p for p, place in enumerate(places) if place == 1]
        assert leaders, "a game is in progress before it ends"
        returns = state.returns()
        assert len(returns) == players and all(-1.0 <= r <= 1.0 for r in returns)
        if state.num_participants == players > 1:
            assert sum(returns) == pytest.approx(0.0)
        with pytest.raises(GameOver):
            state.apply(Rng(0).choice(state.history()))


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_legal_actions_are_well_formed_everywhere(name, players, options):
    game = games.get(name)
    for state, _ in random_states(name, players, options, seed=11):
        player = state.current_player()
        if player == TERMINAL:
            break
        legal = state.legal_actions()
        assert legal, "a non-terminal node must offer something"
        assert legal == state.legal_actions() == state.clone().legal_actions(), "order must be deterministic"
        assert len(set(legal)) == len(legal), "no duplicates"
        if player == CHANCE:
            total = sum(p for _, p in state.chance_outcomes())
            assert total == pytest.approx(1.0)
        for action in legal:
            assert isinstance(action, Action)
            assert game.parse_action(action.notation()) == action
            assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            label = state.label(action)
            assert isinstance(label, str) and label


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_illegal_actions_raise_and_change_nothing(name, players, options):
    game = games.get(name)
    seen: list[Action] = []
    checked = 0
    for state, step in random_states(name, players, options, seed=5):
        legal = state.legal_actions()
        if state.is_terminal():
            break
        if step % 3:
            seen.extend(legal[:4])
            continue
        before = snapshot(state)
        # Actions legal elsewhere in the game, but not here: refused, or (a twin of an offered action, such as
        # the other of two stacks alike) played exactly as the offered one.
        for action in [a for a in seen[-40:] if a not in legal][:5]:
            try:
                played = state.check(action)
            except IllegalAction as error:
                assert error.rule and str(error)
                with pytest.raises(IllegalAction):
                    state.apply(action)
                assert snapshot(state) == before
                checked += 1
                continue
            assert played in legal and played != action
            assert snapshot(state) == before
            as_twin, as_offered = state.clone(), state.clone()
            assert as_twin.apply(action) == played
            as_offered.apply(played)
            assert snapshot(as_twin) == snapshot(as_offered)
        # A decision submitted by the wrong seat.
        player = state.current_player()
        if player >= 0 and players > 1:
            with pytest.raises(NotYourTurn):
                state.apply(legal[0], seat=(player + 1) % players)
            assert snapshot(state) == before
        # Something that is not an action of this game at all.
        with pytest.raises(InvalidAction):
            state.apply("labour 1 2 +")  # type: ignore[arg-type]
        assert snapshot(state) == before
        seen.extend(legal[:4])
    assert checked > 0
    with pytest.raises(InvalidAction):
        game.action_from_json({"kind": "no-such-action"})


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_corrupt_saved_states_raise_record_errors(name, players, options):
    game = games.get(name)
    saved = game.new_state(players, options).to_json()
    broken_inner = dict(saved, state={"nonsense": 1})
    broken_history = dict(saved, history=[{"kind": "no-such-action"}])
    for data in (broken_inner, broken_history, dict(saved, game="other"), dict(saved, players="two")):
        with pytest.raises(RecordError):
            game.state_from_json(data)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_clones_are_independent(name, players, options):
    for state, step in random_states(name, players, options, seed=3, every=17):
        if state.is_terminal():
            break
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        advance(copy, Rng(step), 25)
        assert snapshot(state) == before, "advancing a clone changed the original"
        copy2 = state.clone()
        advance(state, Rng(step + 1), 1)
        assert snapshot(copy2) == before, "advancing the original changed a clone"
        assert snapshot(games.get(name).state_from_json(json.loads(before))) == before


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_json_round_trips_at_powers_of_two(name, players, options):
    game = games.get(name)
    for state, step in random_states(name, players, options, seed=7):
        if step & (step - 1) == 0 or state.is_terminal():
            text = json.dumps(state.to_json())
            restored = game.state_from_json(json.loads(text))
            assert json.dumps(restored.to_json()) == text
            assert restored.legal_actions() == state.legal_actions()
            assert restored.current_player() == state.current_player()
            # Both continue identically.
            a, b = state.clone(), restored.clone()
            advance(a, Rng(step), 30)
            advance(b, Rng(step), 30)
            assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_same_seed_same_game_and_replay_equals_live_play(name, players, options):
    game = games.get(name)
    first = play_match(
        game, players, [RandomBot() for _ in range(players)], options=options, seed=42, log=True
    )
    second = play_match(game, players, [RandomBot() for _ in range(players)], options=options, seed=42)
    assert snapshot(first.state) == snapshot(second.state)
    other = play_match(game, players, [RandomBot() for _ in range(players)], options=options, seed=43)
    assert other.state.history() != first.state.history()
    record = Record.from_json(json.loads(json.dumps(first.record.to_json())))
    replayed = record.replay(games.REGISTRY)
    assert snapshot(replayed) == snapshot(first.state)
    assert [e.to_json() for e in replayed.events] == [e.to_json() for e in first.state.events]
    assert record.result is not None and record.result["scores"] == first.state.scores()


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400), resample=st.integers(0, 2**32))
def test_views_do_not_change_when_hidden_parts_are_resampled(name, players, options, seed, stop, resample):
    state = games.get(name).new_state(players, options)
    advance(state, Rng(seed), stop)
    before = snapshot(state)
    for seat in [*range(players), None]:
        view = state.view(seat)
        json.dumps(view)  # views are JSON-serialisable
        sample = state.determinize(seat, Rng(resample))
        assert sample.view(seat) == view
        assert sample.legal_actions() == state.legal_actions() or state.current_player() != seat
    assert snapshot(state) == before, "determinize must not touch the true state"
