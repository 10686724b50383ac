"""The coach behind the browser's review and hints (bots/coach.py): judgements from the deciding seat's own
observation only (the same whatever the opponent's hidden hand), reproducible, independent of how a review
is split into tasks; hints that are legal and say why."""

from __future__ import annotations

import json

import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.bots.coach import decision_rng, decision_steps, hint, judge, loss_words, review_steps, share
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine import Rng, State, play_match
from hellenika.engine.record import Record

HIDDEN = ["attika", "hellas_delonge"]  # the games with hidden hands


def played(name: str, seed: int) -> Record:
    agents = [make_agent("heuristic"), make_agent("random")]
    return play_match(games.get(name), 2, agents, seed=seed).record


def seat_decisions(record: Record, seat: int, limit: int) -> list[tuple[int, State, object]]:
    """(step, state before, action played) for the first ``limit`` real choices of ``seat``."""
    game = games.get(record.game)
    state = game.new_state(record.players, record.options, log=False)
    found = []
    for step, item in enumerate(record.actions):
        action = game.action_from_json(item)
        if state.current_player() == seat and len(state.legal_actions()) > 1 and len(found) < limit:
            found.append((step, state.clone(), action))
        state.apply(action)
    return found


@pytest.mark.parametrize("name", HIDDEN)
def test_a_review_is_the_same_whatever_the_opponent_held(name: str) -> None:
    """Each of seat 0's decisions is judged identically from the true state and from another world that
    differs only in what seat 0 could not see (the opponent's hand re-dealt): nothing leaks through."""
    record = played(name, seed=5)
    bot = ISMCTSBot(iterations=30)
    names = ["ann", "bob"]
    differed = 0
    decisions = seat_decisions(record, 0, limit=8)
    assert len(decisions) == 8
    for step, state, action in decisions:
        other = state.determinize(0, Rng(1000 + step))
        assert other.view(0) == state.view(0)
        differed += json.dumps(other.to_json(), sort_keys=True) != json.dumps(state.to_json(), sort_keys=True)
        true_review = judge(state, 0, action, bot, decision_rng(record.seed, step), names, step)
        other_review = judge(other, 0, action, bot, decision_rng(record.seed, step), names, step)
        assert true_review == other_review
        assert hint(state, 0, Rng(step), names) == hint(other, 0, Rng(step), names)
    assert differed >= 4, "the other worlds must really hold other hidden cards"


def test_review_steps_are_independent_of_how_the_review_is_split() -> None:
    record = played("hercules", seed=3)
    steps = decision_steps(record, games.REGISTRY, {0})
    assert steps and all(s >= 0 for s in steps)
    data = record.to_json()
    whole = review_steps(data, steps[:6], 20, ["ann", "bob"])
    names = ["ann", "bob"]
    parts = review_steps(data, steps[:2], 20, names) + review_steps(data, steps[2:6], 20, names)
    assert whole == parts
    assert [d["step"] for d in whole] == steps[:6]
    for d in whole:
        assert d["seat"] == 0 and d["choices"] >= 2
        assert d["loss"] == max(0.0, d["best_value"] - d["played_value"])
        assert -1.0 <= d["best_value"] <= 1.0 and -1.0 <= d["played_value"] <= 1.0
    assert review_steps(data, steps[:6], 20, ["ann", "bob"]) == whole  # reproducible


@pytest.mark.parametrize("name", games.names())
def test_hints_are_legal_and_say_why(name: str) -> None:
    record = played(name, seed=2)
    for step, state, _action in seat_decisions(record, 0, limit=3):
        for iterations in (0, 15):
            found = hint(state, 0, Rng(step), ["ann", "bob"], iterations=iterations)
            assert found.action in state.legal_actions()
            assert found.by == ("search" if iterations else "heuristic")
            assert found.reason.endswith(".") and len(found.reason) > 20
            assert found.label


def test_words() -> None:
    assert share(0.0) == 50 and share(1.0) == 100 and share(-1.0) == 0
    assert loss_words(0.24, 2) == "about 12 percentage points less win chance"
    assert loss_words(0.02, 3) == "about 1 percentage point of the opponents you are expected to beat"
    assert loss_words(0.0, 2) == "as good as the search's choice"
