"""Post-game review: for each decision of a recorded game, the move ISMCTS prefers and by how much.

Each decision is searched from the deciding seat's own information (the observation of that moment: hidden
parts are resampled, never read), with a seed derived from the step, so a review is reproducible. The
"loss" of a move is the searched value of ISMCTS's preferred move minus that of the move played, both as
expected results in [-1, 1] for the deciding seat. A move the search never tried is valued by playouts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine.actions import Action
from hellenika.engine.agent import Observation
from hellenika.engine.events import render_names
from hellenika.engine.record import Record
from hellenika.engine.registry import Registry
from hellenika.engine.rng import Rng
from hellenika.engine.state import State

MISTAKE = 0.1
BLUNDER = 0.3


@dataclass(frozen=True)
class Review:
    step: int
    seat: int
    played: str
    played_label: str
    played_value: float
    best: str
    best_label: str
    best_value: float
    choices: int

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    @property
    def verdict(self) -> str:
        if self.loss >= BLUNDER:
            return "blunder"
        if self.loss >= MISTAKE:
            return "mistake"
        return ""


def review_game(
    record: Record,
    registry: Registry,
    bot: ISMCTSBot,
    *,
    seats: set[int] | None = None,
    names: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[Review]:
    """Yield a :class:`Review` for each decision with a real choice (two or more legal actions)."""
    game = registry.get(record.game)
    state = game.new_state(record.players, record.options, log=False)
    actions = [game.action_from_json(a) for a in record.actions]
    names = names or state.participant_names()
    seed_rng = Rng(record.seed or 0).fork("analysis")
    for step, action in enumerate(actions):
        seat = state.current_player()
        if progress is not None:
            progress(step, len(actions))
        chooses = seat >= 0 and (seats is None or seat in seats) and len(state.legal_actions()) > 1
        if chooses:
            rng = Rng(seed_rng.next_u64())
            samples = max(50, bot.iterations // 10)
            yield judge(state.clone(), seat, action, bot, rng, names, step, samples=samples)
        state.apply(action)


def judge(
    state: State,
    seat: int,
    action: Action,
    bot: ISMCTSBot,
    rng: Rng,
    names: Sequence[str],
    step: int,
    *,
    samples: int,
) -> Review:
    """The search's verdict on ``seat`` playing ``action`` at ``state``, from that seat's observation only
    (the search reads ``state`` only through :meth:`Observation.sample_state`, which resamples all that
    ``seat`` cannot see). A move the search never tried is valued by ``samples`` playouts after it."""
    legal = state.legal_actions()
    observation = Observation(state, seat, legal)
    result = bot.search(observation, rng)
    best = result.moves[0]
    played = result.stats_for(action)
    if played is not None and played.visits:
        played_value = played.value
    else:
        played_value = playout_value(bot, observation, action, rng, samples)
    return Review(
        step=step,
        seat=seat,
        played=action.notation(),
        played_label=render_names(state.label(action), list(names)),
        played_value=played_value,
        best=best.action.notation(),
        best_label=render_names(state.label(best.action), list(names)),
        best_value=best.value,
        choices=len(legal),
    )


def playout_value(bot: ISMCTSBot, observation: Observation, action: Action, rng: Rng, samples: int) -> float:
    """The mean playout result for the deciding seat after ``action``, over ``samples`` sampled worlds."""
    total = 0.0
    for _ in range(samples):
        state = observation.sample_state(rng)
        state.apply_unchecked(action)
        total += bot.playout(state, rng)[observation.seat]
    return total / samples
