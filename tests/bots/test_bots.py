"""The baseline bots: legal choices only, seeded, and greedy clearly stronger than random."""

from __future__ import annotations

import pytest

from hellenika import games
from hellenika.bots import GreedyBot, HeuristicBot, RandomBot, make_agent, parse_spec
from hellenika.engine import InvalidOption, Observation, Rng, play_match


def test_specs_parse_parameters():
    assert parse_spec("greedy:epsilon=0.25,samples=3") == ("greedy", {"epsilon": 0.25, "samples": 3})
    bot = make_agent("greedy:epsilon=0.25")
    assert isinstance(bot, GreedyBot) and bot.epsilon == 0.25
    with pytest.raises(InvalidOption, match="unknown bot"):
        make_agent("oracle")
    with pytest.raises(InvalidOption, match="bad parameters"):
        make_agent("random:depth=3")
    with pytest.raises(InvalidOption, match="key=value"):
        make_agent("greedy:fast")


@pytest.mark.parametrize("name", games.names())
def test_bots_choose_legal_actions_deterministically(name):
    game = games.get(name)
    state = game.new_state(2)
    rng = Rng(1)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player()
        for bot in (RandomBot(), GreedyBot(), HeuristicBot()):
            choice = bot.choose(Observation(state, seat), Rng(5))
            assert choice in state.legal_actions()
            assert choice == bot.choose(Observation(state, seat), Rng(5))
        state.apply(GreedyBot().choose(Observation(state, seat), rng))


@pytest.mark.parametrize("name", games.names())
def test_greedy_beats_random_clearly(name):
    game = games.get(name)
    wins = 0.0
    for seed in range(40):
        seats = [GreedyBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), GreedyBot()]
        greedy_seat = 0 if seed % 2 == 0 else 1
        result = play_match(game, 2, seats, seed=seed)
        winners = result.state.winners()
        if greedy_seat in winners:
            wins += 1 / len(winners)
    assert wins >= 30, f"greedy won only {wins} of 40 against random"
