"""The search's habits (bots/ismcts.py): the final move by value among near-equal children, progressive bias
on wide choices, and a reward that still prefers the better score when the result looks settled."""

from __future__ import annotations

import math

import pytest

from hellenika import games
from hellenika.bots.ismcts import FINAL_MIN_VISITS, MARGIN_SCALE, ISMCTSBot, MoveStats
from hellenika.engine import InvalidOption, Observation, Rng, State
from tests.bots.test_ismcts import decision_states


def _moves(state: State, stats: list[tuple[int, float]]) -> list[MoveStats]:
    legal = state.legal_actions()
    return [MoveStats(legal[i], visits, value) for i, (visits, value) in enumerate(stats)]


def test_final_move_by_value_among_children_of_near_equal_visits() -> None:
    state = decision_states("hellas", 2, seed=3)[0]
    bot = ISMCTSBot(iterations=10)
    bot._configure({})
    legal = state.legal_actions()
    assert len(legal) >= 3
    # Most visited first, as search() sorts them; the second is close in visits and better in value.
    assert bot.final_choice(_moves(state, [(140, -0.70), (136, -0.69), (20, 0.9)])) == legal[1]
    # A child well below half the top visit count cannot overrule it, however good its value looks.
    assert bot.final_choice(_moves(state, [(646, 0.01), (243, 0.3), (200, 0.5)])) == legal[0]
    # Too few visits to trust, even if near-equal.
    few = FINAL_MIN_VISITS - 1
    assert bot.final_choice(_moves(state, [(few + 1, 0.0), (few, 0.5)])) == legal[0]
    # final_share=1: only the most visited (ties included) can be chosen, as plain visit-count MCTS.
    strict = ISMCTSBot(iterations=10, final_share=1.0)
    strict._configure({})
    assert strict.final_choice(_moves(state, [(140, -0.70), (136, -0.69)])) == legal[0]


def _terminal_states(name: str, players: int, count: int) -> list[State]:
    out = []
    for seed in range(count):
        state = games.get(name).new_state(players, log=False)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.randbelow(len(legal))])
        out.append(state)
    return out


def test_a_lost_game_still_prefers_the_better_score() -> None:
    """Two finished games lost by seat 0 with different margins: the plain returns are both -1, the
    search's rewards rank the narrower loss higher, and they stay in [-1, 1]."""
    game = games.get("hellas")
    bot = ISMCTSBot(iterations=10)
    bot._configure({})
    lost = [s for s in _terminal_states("hellas", 2, 12) if s.returns()[0] == -1.0]
    margins = sorted({game.evaluate(s, 0) for s in lost})
    assert len(margins) >= 2, "need two losses by different margins"
    by_margin = {game.evaluate(s, 0): s for s in lost}
    worse, better = by_margin[margins[0]], by_margin[margins[-1]]
    r_worse, r_better = bot.leaf_rewards(worse, True), bot.leaf_rewards(better, True)
    assert r_worse[0] < r_better[0] < -0.5
    for rewards, state in ((r_worse, worse), (r_better, better)):
        assert all(-1.0 <= r <= 1.0 for r in rewards)
        wide = MARGIN_SCALE * game.evaluation_scale
        expected = [
            (1 - bot.margin) * r + bot.margin * math.tanh(game.evaluate(state, p) / wide)
            for p, r in enumerate(state.returns())
        ]
        assert rewards == pytest.approx(expected)
    plain = ISMCTSBot(iterations=10, margin=0.0)
    plain._configure({})
    assert plain.leaf_rewards(worse, True) == plain.leaf_rewards(better, True) == worse.returns()


def test_wide_choices_lean_to_the_heuristics_move() -> None:
    """At a decision with many options, a strong wide bias concentrates the visits on the heuristic's move;
    with wide choices switched off (``wide`` above the width) the same search spreads them."""
    state = next(
        s for s in decision_states("hellas", 2, seed=5, every=3, limit=40) if len(s.legal_actions()) >= 12
    )
    seat = state.current_player()
    hint = state.game.heuristic_action(state.clone(), Rng(0))
    leaning = ISMCTSBot(iterations=300, wide=10, wide_bias=50.0, final_share=1.0).search(
        Observation(state, seat), Rng(2)
    )
    assert leaning.moves[0].action == hint
    off = ISMCTSBot(iterations=300, wide=1000, final_share=1.0).search(Observation(state, seat), Rng(2))
    assert off.stats_for(hint).visits < leaning.stats_for(hint).visits  # type: ignore[union-attr]


def test_habit_parameters_are_checked() -> None:
    with pytest.raises(InvalidOption, match="margin"):
        ISMCTSBot(margin=1.0)
    with pytest.raises(InvalidOption, match="final_share"):
        ISMCTSBot(final_share=0.0)
