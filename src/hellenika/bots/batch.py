"""Playing many seeded bot games, in worker processes or on a Ray cluster, reproducibly.

Game *i* of a batch gets its own seed derived from the base seed and *i*, so results do not depend on the
number of workers, on the machine that played a game or on scheduling. ``simulate``, ``tournament``,
``balance`` and the bots' bar are built on this module; ``cluster=`` sends the same work to Ray
(:mod:`hellenika.bots.cluster`, imported only then).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import MatchRunner
from hellenika.engine.rng import Rng

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.engine.state import State

Z95 = 1.959964
#: One unit of batch work: ``task(item, index)`` returns a JSON-able dict whose ``"index"`` is ``index``. It
#: must be a module-level function (worker processes and Ray import it by name).
Task = Callable[[Any, int], dict[str, Any]]


def game_seed(base: int, index: int) -> int:
    return Rng(base).fork(f"game-{index}").next_u64() & 0x7FFF_FFFF_FFFF_FFFF


@dataclass(frozen=True)
class GameSpec:
    """One game of a batch: which game, seats (bot specs, in seat order), options, and its seed."""

    game: str
    players: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seed: int


def play_one(spec: GameSpec, index: int) -> dict[str, Any]:
    """Play one game; returns a small JSON-able summary (with the CPU seconds it took, for cost reports)."""
    return play_game(spec, index)[1]


def play_game(
    spec: GameSpec, index: int, watch: Callable[[int, Action], None] | None = None
) -> tuple[State, dict[str, Any]]:
    """Play one game: the final state and :func:`play_one`'s summary; ``watch(seat, action)`` sees every
    decision (not chance) as it is made."""
    started = time.process_time()
    game = games.get(spec.game)
    agents = [make_agent(s) for s in spec.seats]
    runner = MatchRunner(game, spec.players, agents, options=dict(spec.options), seed=spec.seed)
    decisions = 0
    first: int | None = None
    state = runner.state
    while True:
        player = state.current_player()
        if player >= 0:
            decisions += 1
            if first is None:
                first = player
        action = runner.step()
        if action is None:
            break
        if watch is not None and player >= 0:
            watch(player, action)
    return state, {
        "index": index,
        "seed": spec.seed,
        "seats": list(spec.seats),
        "scores": state.scores(),
        "places": state.ranking(),
        "actions": state.version,
        "decisions": decisions,
        "first": first,
        "cpu_seconds": round(time.process_time() - started, 2),
    }


def run_chunk(task: Task, items: list[Any], indices: list[int]) -> list[dict[str, Any]]:
    return [task(item, i) for item, i in zip(items, indices, strict=True)]


def run_batch(
    specs: Sequence[Any],
    workers: int | None,
    chunk: int = 4,
    in_order: bool = True,
    *,
    task: Task = play_one,
    cluster: str | None = None,
) -> Generator[dict[str, Any], None, None]:
    """Run ``task`` on every item (by default: play every spec, game i = specs[i]); yield the summaries.

    ``in_order`` yields them in spec order (so sums over the results are the same on every run); otherwise
    each as soon as it is done, for long runs that save every result the moment it exists and for progress
    bars (sort by ``"index"`` before summing). ``workers``: processes (None: 1). ``cluster`` (``auto``,
    ``local`` or ``ray://HOST:PORT``) runs the work as Ray tasks of ``chunk`` items each, with ``workers``
    CPUs (None: every core) when it starts a local Ray; the results are the same as with ``workers=1``.
    """
    if cluster is not None:
        from hellenika.bots.cluster import run_on_cluster

        results = run_on_cluster(specs, cluster, workers, task=task, chunk=chunk)
        yield from (in_index_order(results) if in_order else results)
        return
    indices = list(range(len(specs)))
    chunks = [indices[i : i + chunk] for i in range(0, len(indices), chunk)]
    if workers is None or workers <= 1:
        for part in chunks:
            yield from run_chunk(task, [specs[i] for i in part], part)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        if in_order:
            parts = [[specs[i] for i in part] for part in chunks]
            for result in pool.map(run_chunk, [task] * len(chunks), parts, chunks):
                yield from result
            return
        futures = [pool.submit(run_chunk, task, [specs[i] for i in part], part) for part in chunks]
        for future in as_completed(futures):
            yield from future.result()
    finally:
        # Stopped early (Ctrl-C, or the caller stopped reading): drop the queued chunks instead of waiting
        # for every one of them to be played.
        pool.shutdown(wait=True, cancel_futures=True)


def in_index_order(results: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Results that arrive in any order, yielded by ``"index"`` (0, 1, 2 ...) as soon as each one can be."""
    waiting: dict[int, dict[str, Any]] = {}
    following = 0
    for result in results:
        waiting[result["index"]] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1
    yield from (waiting[i] for i in sorted(waiting))


def wilson(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed for shared wins)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def review_one(item: tuple[dict[str, Any], int, tuple[int, ...] | None], index: int) -> dict[str, Any]:
    """Review one record (``hellenika analyze``, a batch task): ``item`` is the record's JSON, the ISMCTS
    iterations per decision and the seats to review (0-based; None: all). Records travel as JSON, so a
    cluster's nodes need none of the files."""
    from hellenika.bots.analysis import review_game
    from hellenika.bots.ismcts import ISMCTSBot
    from hellenika.engine.record import Record

    data, iterations, seats = item
    record = Record.from_json(data)
    probe = games.get(record.game).new_state(record.players, record.options, log=False)
    names = [f"P{i + 1} {s}" for i, s in enumerate(record.seats)]
    names += probe.participant_names()[record.players :]
    reviews = review_game(
        record,
        games.REGISTRY,
        ISMCTSBot(iterations=iterations),
        seats=None if seats is None else set(seats),
        names=names,
    )
    return {
        "index": index,
        "reviews": [r.__dict__ | {"loss": r.loss, "verdict": r.verdict} for r in reviews],
    }
