"""``hellenika simulate``: many seeded games between bots, summarised for balance studies.

Game *i* gets its own seed derived from the base seed, so results do not depend on the number of workers or
on scheduling: the same command prints the same table. Statistics: win rate per seat (a shared first place
counts as a fraction) with a 95% Wilson interval, score mean/min/max, game length, and the win rate by
position in the first round's turn order (the first-seat advantage).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.match import MatchRunner
from hellenika.engine.rng import Rng

Z95 = 1.959964


def game_seed(base: int, index: int) -> int:
    return Rng(base).fork(f"game-{index}").next_u64() & 0x7FFF_FFFF_FFFF_FFFF


@dataclass(frozen=True)
class GameSpec:
    game: str
    players: int
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    base_seed: int


def play_one(spec: GameSpec, index: int) -> dict[str, Any]:
    """Play game ``index`` of a simulation; returns a small JSON-able summary."""
    game = games.get(spec.game)
    seed = game_seed(spec.base_seed, index)
    agents = [make_agent(s) for s in spec.seats]
    runner = MatchRunner(game, spec.players, agents, options=dict(spec.options), seed=seed)
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
        "seed": seed,
        "scores": state.scores(),
        "places": state.ranking(),
        "actions": state.version,
        "decisions": decisions,
        "first": first,
    }


def _play_chunk(spec: GameSpec, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(spec, i) for i in indices]


def run_games(spec: GameSpec, count: int, workers: int, chunk: int = 10) -> Iterator[dict[str, Any]]:
    """Yield summaries as chunks finish (any order); callers sort by index."""
    chunks = [list(range(i, min(i + chunk, count))) for i in range(0, count, chunk)]
    if workers <= 1:
        for indices in chunks:
            yield from _play_chunk(spec, indices)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(_play_chunk, [spec] * len(chunks), chunks):
            yield from result


def wilson(successes: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(spec: GameSpec, results: list[dict[str, Any]], participant_names: list[str]) -> dict[str, Any]:
    """Aggregate per-game summaries into the simulation report."""
    n = len(results)
    count = len(participant_names)
    wins = [0.0] * count
    scores: list[list[float]] = [[] for _ in range(count)]
    by_position_wins = [0.0] * spec.players
    by_position_games = [0] * spec.players
    for r in results:
        firsts = [p for p, place in enumerate(r["places"]) if place == 1]
        for p in firsts:
            wins[p] += 1 / len(firsts)
        for p, score in enumerate(r["scores"]):
            scores[p].append(score)
        first = r["first"]
        if first is not None:
            for seat in range(spec.players):
                position = (seat - first) % spec.players
                by_position_games[position] += 1
                if seat in firsts:
                    by_position_wins[position] += 1 / len(firsts)
    participants = []
    for p, name in enumerate(participant_names):
        low, high = wilson(wins[p], n)
        participants.append(
            {
                "participant": name,
                "agent": spec.seats[p] if p < spec.players else "automaton",
                "wins": wins[p],
                "win_rate": wins[p] / n if n else 0.0,
                "win_rate_ci95": [low, high],
                "score_mean": sum(scores[p]) / n if n else 0.0,
                "score_min": min(scores[p], default=0.0),
                "score_max": max(scores[p], default=0.0),
            }
        )
    lengths = [r["actions"] for r in results]
    decisions = [r["decisions"] for r in results]
    return {
        "game": spec.game,
        "players": spec.players,
        "seats": list(spec.seats),
        "options": dict(spec.options),
        "seed": spec.base_seed,
        "games": n,
        "participants": participants,
        "length": {
            "actions_mean": sum(lengths) / n if n else 0.0,
            "actions_min": min(lengths, default=0),
            "actions_max": max(lengths, default=0),
            "decisions_mean": sum(decisions) / n if n else 0.0,
        },
        "turn_order": [
            {
                "position": i + 1,
                "games": by_position_games[i],
                "win_rate": by_position_wins[i] / by_position_games[i] if by_position_games[i] else 0.0,
            }
            for i in range(spec.players)
        ],
        "first_seat_advantage": (
            by_position_wins[0] / by_position_games[0] - 1 / max(len(participant_names), 1)
            if by_position_games and by_position_games[0]
            else 0.0
        ),
    }
