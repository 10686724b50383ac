"""ISMCTS: legal choices only, seeded, blind to what its seat cannot see, and stronger than the baselines."""

from __future__ import annotations

import json

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine import InvalidOption, Observation, Rng, State, play_match


def decision_states(name: str, players: int, seed: int, every: int = 9, limit: int = 6) -> list[State]:
    """Decision nodes with a real choice, from one random game."""
    state = games.get(name).new_state(players)
    rng = Rng(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < limit:
        legal = state.legal_actions()
        if state.current_player() >= 0 and len(legal) > 1 and step % every == 0:
            found.append(state.clone())
        chance = state.is_chance_node()
        state.apply_unchecked(state.sample_chance(rng) if chance else legal[rng.randbelow(len(legal))])
        step += 1
    return found


@pytest.mark.parametrize("name", games.names())
def test_choices_are_legal_and_seeded(name):
    bot = ISMCTSBot(iterations=60)
    for state in decision_states(name, 2, seed=4):
        seat = state.current_player()
        before = json.dumps(state.to_json())
        first = bot.choose(Observation(state, seat), Rng(9))
        assert first in state.legal_actions()
        assert bot.choose(Observation(state, seat), Rng(9)) == first
        assert json.dumps(state.to_json()) == before, "searching must not touch the real state"


@pytest.mark.parametrize("name", games.names())
def test_the_bot_cannot_read_what_its_seat_cannot_see(name):
    """Two states that differ only in the seat's hidden information get the same choice with the same seed."""
    bot = ISMCTSBot(iterations=40)
    for state in decision_states(name, 2, seed=8):
        seat = state.current_player()
        other_world = state.determinize(seat, Rng(12345))  # same seat information, other hidden cards
        assert other_world.view(seat) == state.view(seat)
        a = bot.choose(Observation(state, seat), Rng(3))
        b = bot.choose(Observation(other_world, seat), Rng(3))
        assert a == b


def test_samples_carry_no_history():
    state = decision_states("hercules", 2, seed=1)[0]
    sample = Observation(state, state.current_player()).sample_state(Rng(1))
    assert state.history() and sample.history() == [] and sample.events == []


def test_search_statistics_are_consistent():
    state = decision_states("hercules", 2, seed=2)[0]
    result = ISMCTSBot(iterations=300).search(Observation(state, state.current_player()), Rng(1))
    assert result.iterations == 300
    assert {m.action for m in result.moves} == set(state.legal_actions())
    assert result.moves[0].action == result.best
    assert sum(m.visits for m in result.moves) == 300  # every iteration passes through one root child
    assert all(-1.0 <= m.value <= 1.0 for m in result.moves)
    assert [m.visits for m in result.moves] == sorted((m.visits for m in result.moves), reverse=True)


def test_time_budget_and_bad_parameters():
    state = decision_states("hercules", 2, seed=3)[0]
    result = ISMCTSBot(seconds=0.05).search(Observation(state, state.current_player()), Rng(1))
    assert result.iterations > 0 and result.seconds < 1.0
    with pytest.raises(InvalidOption):
        make_agent("ismcts:rollout=clever")
    with pytest.raises(InvalidOption):
        make_agent("ismcts:iterations=0")
    assert make_agent("ismcts:iterations=50,horizon=0").name == "ismcts:iterations=50,horizon=0"
    assert make_agent("hard").name == "hard"


def test_ismcts_beats_random_in_hercules():
    wins = 0.0
    for seed in range(6):
        bots = [make_agent("ismcts:iterations=100"), make_agent("random")]
        order = bots if seed % 2 == 0 else bots[::-1]
        me = 0 if seed % 2 == 0 else 1
        winners = play_match(games.get("hercules"), 2, order, seed=seed).state.winners()
        wins += (me in winners) / len(winners)
    assert wins >= 5


def test_game_search_defaults_apply_unless_the_seat_spec_sets_them(monkeypatch):
    game = games.get("hellas")
    monkeypatch.setattr(type(game), "search_defaults", {"horizon": 9, "c": 0.3})
    state = decision_states("hellas", 2, seed=2)[0]
    bot = make_agent("ismcts:iterations=5,c=1.1")
    assert isinstance(bot, ISMCTSBot)
    bot.search(Observation(state, state.current_player()), Rng(1))
    assert (bot.horizon, bot.c, bot.bias, bot.until_turn) == (9, 1.1, 0.0, False)
    plain = ISMCTSBot(iterations=5)
    plain.search(Observation(state, state.current_player()), Rng(1))
    assert (plain.horizon, plain.c) == (9, 0.3)
