"""Tournaments between bots: a fair schedule, ratings, win rates with confidence, and a plot.

Schedule. With at least as many bots as seats, every combination of distinct bots plays; with fewer, each bot
in turn takes one seat against the others filling the rest (the "one against the field" tables of
docs/BOTS.md). Every line-up is played in every seat rotation, and all rotations of one line-up share a seed,
so the deal is the same and only the seats change: first-player advantage and lucky deals cancel out.

Statistics. A shared first place counts as a fraction of a win. Win rates get 95% Wilson intervals. Ratings
are
openskill's Plackett-Luce (mu, sigma, and the conservative ordinal mu - 3 sigma), updated game by game in
schedule order, so they are reproducible; a bot that fills several seats in one game takes the mean of its
seats' updates. Automated opponents (Hades, Angelos) count in places but are not rated.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from hellenika.bots.batch import GameSpec, game_seed, wilson


@dataclass(frozen=True)
class Lineup:
    bots: tuple[int, ...]  # bot index per seat


def schedule(bot_count: int, players: int) -> list[Lineup]:
    """Line-ups in a fixed order: each base line-up followed by its seat rotations."""
    bases: list[tuple[int, ...]]
    if bot_count >= players:
        bases = list(itertools.combinations(range(bot_count), players))
    else:
        bases = []
        for main in range(bot_count):
            others = [b for b in range(bot_count) if b != main] or [main]
            bases.append((main, *(others[i % len(others)] for i in range(players - 1))))
    out: list[Lineup] = []
    for base in bases:
        rotations = [base[i:] + base[:i] for i in range(players)]
        seen: list[tuple[int, ...]] = []
        for rotation in rotations:
            if rotation not in seen:  # identical rotations (a bot against itself) are played once
                seen.append(rotation)
        out.extend(Lineup(r) for r in seen)
    return out


def tournament_specs(
    game: str,
    players: int,
    bots: Sequence[str],
    options: tuple[tuple[str, Any], ...],
    seed: int,
    games_count: int,
) -> list[GameSpec]:
    """Game i plays line-up i (cycling through the schedule); the rotations of one line-up share a seed."""
    lineups = schedule(len(bots), players)
    group_of: list[int] = []
    group = -1
    previous: tuple[int, ...] | None = None
    for lineup in lineups:
        base = tuple(sorted(lineup.bots))
        if base != previous:
            group += 1
            previous = base
        group_of.append(group)
    specs = []
    for i in range(games_count):
        k = i % len(lineups)
        cycle = i // len(lineups)
        seats = tuple(bots[b] for b in lineups[k].bots)
        specs.append(
            GameSpec(game, players, seats, options, game_seed(seed, cycle * (group + 1) + group_of[k]))
        )
    return specs


def summarise(bots: Sequence[str], players: int, results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per-bot results, head-to-head table (2 players) and ratings, from per-game summaries in order."""
    count = len(bots)
    appearances = [0] * count
    wins = [0.0] * count
    scores: list[list[float]] = [[] for _ in range(count)]
    head: list[list[float]] = [[0.0] * count for _ in range(count)]
    head_games: list[list[int]] = [[0] * count for _ in range(count)]
    model = PlackettLuce()
    ratings = [model.rating(name=b) for b in bots]
    index_of = {b: i for i, b in enumerate(bots)}
    for result in sorted(results, key=lambda r: r["index"]):
        seat_bots = [index_of[s] for s in result["seats"]]
        places = result["places"]
        firsts = [p for p, place in enumerate(places) if place == 1]
        for seat, b in enumerate(seat_bots):
            appearances[b] += 1
            scores[b].append(result["scores"][seat])
            if seat in firsts:
                wins[b] += 1 / len(firsts)
        if players == 2 and len(set(seat_bots)) == 2:
            a, b = seat_bots
            head_games[a][b] += 1
            head_games[b][a] += 1
            if places[0] < places[1]:
                head[a][b] += 1
            elif places[1] < places[0]:
                head[b][a] += 1
            else:
                head[a][b] += 0.5
                head[b][a] += 0.5
        ratings = _update_ratings(model, ratings, seat_bots, places[: len(seat_bots)])
    rows = []
    for b, name in enumerate(bots):
        n = appearances[b]
        low, high = wilson(wins[b], n)
        mean = sum(scores[b]) / n if n else 0.0
        rows.append(
            {
                "bot": name,
                "seats_played": n,
                "wins": wins[b],
                "win_rate": wins[b] / n if n else 0.0,
                "win_rate_ci95": [low, high],
                "score_mean": mean,
                "scores": scores[b],
                "rating_mu": ratings[b].mu,
                "rating_sigma": ratings[b].sigma,
                "rating_ordinal": ratings[b].ordinal(),
            }
        )
    out: dict[str, Any] = {"players": players, "games": len(results), "bots": rows}
    if players == 2:
        out["head_to_head"] = [
            [head[a][b] / head_games[a][b] if head_games[a][b] else None for b in range(count)]
            for a in range(count)
        ]
        out["head_to_head_games"] = head_games
    return out


def _update_ratings(
    model: PlackettLuce, ratings: list[Any], seat_bots: list[int], places: list[int]
) -> list[Any]:
    if len(set(seat_bots)) < 2:
        return ratings  # a bot alone (solo, or against itself) teaches the ratings nothing
    teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)] for b in seat_bots]
    rated = model.rate(teams, ranks=list(places))
    new = list(ratings)
    for b in set(seat_bots):
        seats = [i for i, x in enumerate(seat_bots) if x == b]
        mu = sum(rated[i][0].mu for i in seats) / len(seats)
        sigma = sum(rated[i][0].sigma for i in seats) / len(seats)
        new[b] = model.rating(mu=mu, sigma=sigma, name=ratings[b].name)
    return new


def plot(summary: dict[str, Any], title: str, path: str) -> None:
    """Ratings with their uncertainty, and the score distribution of each bot (PNG or SVG by extension)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = summary["bots"]
    names = [r["bot"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    mus = [r["rating_mu"] for r in rows]
    errors = [3 * r["rating_sigma"] for r in rows]
    left.errorbar(range(len(rows)), mus, yerr=errors, fmt="o", capsize=6)
    left.set_xticks(range(len(rows)), names, rotation=20, ha="right")
    left.set_ylabel("openskill rating (mu ± 3 sigma)")
    left.set_title("Ratings")
    left.grid(alpha=0.3)
    right.boxplot([r["scores"] or [0] for r in rows], tick_labels=names)
    right.set_ylabel("final score")
    right.set_title("Score distribution")
    right.tick_params(axis="x", rotation=20)
    right.grid(alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
