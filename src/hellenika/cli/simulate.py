"""``hellenika simulate``: many seeded games between fixed seats, summarised for balance studies.

Built on :mod:`hellenika.bots.batch`, so the same command prints the same table whatever the number of
workers.
Statistics: win rate per seat (a shared first place counts as a fraction) with a 95% Wilson interval, score
mean/min/max, game length, and the win rate by position in the first round's turn order (the first-seat
advantage).
"""

from __future__ import annotations

from typing import Any

from hellenika.bots.batch import GameSpec, game_seed, wilson


def simulation_specs(
    game: str,
    players: int,
    seats: tuple[str, ...],
    options: tuple[tuple[str, Any], ...],
    seed: int,
    count: int,
) -> list[GameSpec]:
    return [GameSpec(game, players, seats, options, game_seed(seed, i)) for i in range(count)]


def summarise(
    spec: GameSpec, base_seed: int, results: list[dict[str, Any]], participant_names: list[str]
) -> dict[str, Any]:
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
        "seed": base_seed,
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
