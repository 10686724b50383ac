"""Coaching: the judgements behind the browser's post-game review and the hints at a table.

Everything here sees a decision only through the deciding seat's :class:`Observation`: the search samples
worlds consistent with what that seat knew (:meth:`Observation.sample_state` re-deals the hidden parts), and
the hint's reason is read off such a sample too. So a judgement of a decision in a hidden-information game is
the same whatever the opponents really held (``tests/bots/test_coach.py`` checks it with two different hidden
hands), and nothing a seat could not see shapes what it is told.

- :func:`decision_steps` lists the steps of a record where one of the given seats had a real choice;
- :func:`review_steps` judges some of them (the server's background queue calls it in a worker process, a
  few steps at a time, so it can report progress); :func:`judge` is one decision, with a seed of its own
  derived from the record's seed and the step, so a review is reproducible and its parts independent;
- :func:`hint` is the heuristic's (or a short search's) choice for a seat about to decide, with a reason
  in plain words where the score can give one.

The server runs the searches in its bot pool (server/core/thinkers.py); the workers' start (a lower
priority, a game loaded ahead) is :mod:`hellenika.bots.remote`'s.

Values are expected results in [-1, 1] for the deciding seat (:meth:`State.returns`: pairwise wins minus
losses over the opponents), so ``(value + 1) / 2`` is the share of opponents the seat is expected to beat,
the win chance in a two-player game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from hellenika.bots import analysis
from hellenika.bots.analysis import Review
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.events import render_names
from hellenika.engine.record import Record
from hellenika.engine.registry import Registry
from hellenika.engine.rng import Rng
from hellenika.engine.state import State


def decision_rng(seed: int | None, step: int) -> Rng:
    """The search's generator for the decision at ``step``: independent of which other steps are judged."""
    return Rng(seed or 0).fork(f"review-{step}")


def judge(
    state: State, seat: int, action: Action, bot: ISMCTSBot, rng: Rng, names: Sequence[str], step: int
) -> Review:
    """:func:`hellenika.bots.analysis.judge` with the review's playout budget for untried moves (a fifth
    of the search's iterations, at least 8: the browser's reviews search less than ``hellenika analyze``)."""
    return analysis.judge(state, seat, action, bot, rng, names, step, samples=max(8, bot.iterations // 5))


def decision_steps(record: Record, registry: Registry, seats: set[int]) -> list[int]:
    """The steps at which one of ``seats`` chose among two or more legal actions."""
    game = registry.get(record.game)
    state = game.new_state(record.players, record.options, log=False)
    steps = []
    for step, item in enumerate(record.actions):
        seat = state.current_player()
        if seat in seats and len(state.legal_actions()) > 1:
            steps.append(step)
        state.apply_unchecked(game.action_from_json(item))
    return steps


def review_steps(
    record_json: dict[str, Any], steps: list[int], iterations: int, names: list[str]
) -> list[dict[str, Any]]:
    """Judge the decisions at ``steps`` (ascending) of a record already checked; one dict per step.

    A plain function of plain data, so a process pool can run it.
    """
    from hellenika import games

    record = Record.from_json(record_json)
    game = games.REGISTRY.get(record.game)
    state = game.new_state(record.players, record.options, log=False)
    wanted = set(steps)
    last = max(steps, default=-1)
    bot = ISMCTSBot(iterations=iterations)
    judged: list[dict[str, Any]] = []
    for step, item in enumerate(record.actions[: last + 1]):
        action = game.action_from_json(item)
        if step in wanted:
            seat = state.current_player()
            review = judge(state, seat, action, bot, decision_rng(record.seed, step), names, step)
            judged.append({**asdict(review), "loss": review.loss, "verdict": review.verdict})
        state.apply_unchecked(action)
    return judged


def plan_review(record_json: dict[str, Any], seat: int) -> tuple[list[int], list[str]]:
    """The steps to judge for ``seat`` and the participants' names: a review worker's first task."""
    from hellenika import games

    record = Record.from_json(record_json)
    state = games.REGISTRY.get(record.game).new_state(record.players, record.options, log=False)
    return decision_steps(record, games.REGISTRY, {seat}), record.participant_names(state)


# ---------------------------------------------------------------------------------------------- words


def share(value: float) -> int:
    """An expected result in [-1, 1] as a whole percentage of opponents beaten (win chance for two)."""
    return round((max(-1.0, min(1.0, value)) + 1) * 50)


def loss_words(loss: float, players: int) -> str:
    """How much a move costs, in words: "about 12 points less win chance" (two players)."""
    points = round(loss * 50)
    if points <= 0:
        return "as good as the search's choice"
    what = "win chance" if players == 2 else "of the opponents you are expected to beat"
    return (
        f"about {points} percentage point{'s' if points != 1 else ''} {'less ' if players == 2 else ''}{what}"
    )


# ---------------------------------------------------------------------------------------------- hints


@dataclass(frozen=True)
class Hint:
    action: Action
    label: str
    reason: str
    by: str  # "heuristic" or "search"


def _score_reason(sample: State, seat: int, action: Action) -> str:
    """What the move does to the seat's score breakdown on a sample of what it knows, in words."""
    if action not in sample.legal_actions():
        return ""
    before = sample.score_breakdown()[seat]
    after_state = sample.clone()
    after_state.apply_unchecked(action)
    after = after_state.score_breakdown()[seat]
    gains = []
    for key in dict.fromkeys([*before, *after]):
        change = after.get(key, 0) - before.get(key, 0)
        if change:
            amount = int(change) if float(change).is_integer() else round(change, 1)
            gains.append(f"{'+' if change > 0 else ''}{amount} {key.replace('_', ' ')}")
    if gains:
        return "it scores at once: " + ", ".join(gains[:4])
    return ""


def hint(state: State, seat: int, rng: Rng, names: Sequence[str], *, iterations: int = 0) -> Hint:
    """The bot's suggestion for ``seat``, about to decide at ``state``, with a short reason.

    ``iterations`` 0: the game's heuristic (its rules of thumb, instant); otherwise an ISMCTS search of that
    many iterations, which also says how its choice compares with the next best.
    """
    legal = state.legal_actions()
    observation = Observation(state, seat, legal)
    sample = observation.sample_state(rng)
    if iterations > 0 and len(legal) > 1:
        result = ISMCTSBot(iterations=iterations).search(observation, rng)
        action = result.best
        by = "search"
        first = result.moves[0]
        why = f"a search of {result.iterations} games from what you can see prefers it"
        if len(result.moves) > 1 and result.moves[1].visits:
            gap = round((first.value - result.moves[1].value) * 50)
            why += (
                f" (about {gap} percentage points better than the next choice)"
                if gap > 0
                else " (by a hair over the next choice)"
            )
    else:
        action = legal[0] if len(legal) == 1 else state.game.heuristic_action(sample, rng)
        by = "heuristic"
        why = (
            "it is the game's rule of thumb for this position" if len(legal) > 1 else "it is the only choice"
        )
    scored = _score_reason(sample, seat, action)
    reason = f"{scored[0].upper()}{scored[1:]}; {why}." if scored else f"{why[0].upper()}{why[1:]}."
    return Hint(action, render_names(state.label(action), list(names)), reason, by)


def hint_answer(state: State, seat: int, seed: int, names: Sequence[str], iterations: int) -> dict[str, Any]:
    """The hint for ``seat`` at ``state`` as plain data: ``by``, ``hint`` (the choice's index among the legal
    actions, its notation, label and JSON) and ``reason``; the generator seeded with ``seed``."""
    found = hint(state, seat, Rng(seed), list(names), iterations=iterations)
    legal = state.legal_actions()
    index = legal.index(found.action) if found.action in legal else 0
    return {
        "by": found.by,
        "hint": {
            "index": index,
            "notation": found.action.notation(),
            "label": found.label,
            "action": found.action.to_json(),
        },
        "reason": found.reason,
    }


def hint_from_json(
    game: str, state_json: dict[str, Any], seat: int, seed: int, names: list[str], iterations: int
) -> dict[str, Any]:
    """:func:`hint_answer` for a state given as its JSON: a plain function of plain data, so a process pool
    can run it (the server's "think harder" searches run so, off the serving process)."""
    from hellenika import games

    return hint_answer(games.get(game).state_from_json(state_json), seat, seed, names, iterations)
