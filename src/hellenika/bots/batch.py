"""Playing many seeded bot games, in worker processes, reproducibly.

Game *i* of a batch gets its own seed derived from the base seed, so results do not depend on the number of
workers or on scheduling. ``simulate`` and ``tournament`` are both built on this module.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import MatchRunner
from hellenika.engine.rng import Rng

Z95 = 1.959964


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
        if runner.step() is None:
            break
    return {
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


def _play_chunk(specs: list[GameSpec], indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(spec, i) for spec, i in zip(specs, indices, strict=True)]


def run_batch(
    specs: Sequence[GameSpec], workers: int, chunk: int = 4, in_order: bool = True
) -> Iterator[dict[str, Any]]:
    """Play every spec (game i = specs[i]); yield summaries chunk by chunk.

    ``in_order`` yields the chunks in spec order (so sums over the results are the same on every run);
    otherwise each chunk as soon as it finishes, for long runs that save every result the moment it exists.
    """
    indices = list(range(len(specs)))
    chunks = [indices[i : i + chunk] for i in range(0, len(indices), chunk)]
    if workers <= 1:
        for part in chunks:
            yield from _play_chunk([specs[i] for i in part], part)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        if in_order:
            for result in pool.map(_play_chunk, [[specs[i] for i in part] for part in chunks], chunks):
                yield from result
            return
        futures = [pool.submit(_play_chunk, [specs[i] for i in part], part) for part in chunks]
        for future in as_completed(futures):
            yield from future.result()


def wilson(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed for shared wins)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
