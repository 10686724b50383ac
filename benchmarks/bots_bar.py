"""The bots' bar (docs/BOTS.md): who beats whom, over how many games, with the seeds to reproduce it.

For every game:
- 2 players, each pairing (ISMCTS v random, ISMCTS v heuristic, heuristic v random) over ``--games`` games,
  seats swapped within each seed;
- 3 and 4 players where the game has them: the candidate in one seat, the opponent in all the others, every
  seat rotation sharing a seed;
- solo modes: the candidate against the automated opponent, for every rank or variant.

Usage: ``python benchmarks/bots_bar.py [--games 200] [--workers 2] [--only hercules] [--players 2]
[--candidate heuristic] [--out results.json]``; rows already in ``--out`` are skipped, so a run resumes.
The candidate's share of first places (shared places count as a fraction) and its 95% Wilson interval are
written to JSON and printed as the Markdown tables of docs/BOTS.md.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from hellenika import games
from hellenika.bots.batch import GameSpec, game_seed, run_batch, wilson

ISMCTS = "ismcts:iterations=1000"
# Cheapest first, so that a run cut short still has the quick rows.
PAIRINGS_2P = [("heuristic", "random"), (ISMCTS, "random"), (ISMCTS, "heuristic")]
PAIRINGS_NP = PAIRINGS_2P
SOLO_BOTS = ["heuristic", ISMCTS]


def one_against_field(
    game: str, players: int, candidate: str, opponent: str, options: dict[str, Any], seed: int, count: int
) -> list[GameSpec]:
    specs = []
    opts = tuple(sorted(options.items()))
    for i in range(count):
        group, seat = divmod(i, players)
        seats = tuple(candidate if s == seat else opponent for s in range(players))
        specs.append(GameSpec(game, players, seats, opts, game_seed(seed, group)))
    return specs


def measure(specs: list[GameSpec], candidate: str, workers: int) -> dict[str, Any]:
    wins = 0.0
    scores: list[float] = []
    other_scores: list[float] = []
    for result in run_batch(specs, workers):
        seats = result["seats"]
        places = result["places"]
        firsts = [p for p, place in enumerate(places) if place == 1]
        mine = seats.index(candidate)
        if mine in firsts:
            wins += 1 / len(firsts)
        scores.append(result["scores"][mine])
        other_scores.extend(result["scores"][p] for p in range(len(places)) if p != mine)
    n = len(specs)
    low, high = wilson(wins, n)
    return {
        "games": n,
        "win_rate": wins / n,
        "ci95": [low, high],
        "score_mean": sum(scores) / n,
        "opponent_score_mean": sum(other_scores) / max(len(other_scores), 1),
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    """The rows as the Markdown tables of docs/BOTS.md, one per game."""
    lines: list[str] = []
    for game in dict.fromkeys(r["game"] for r in rows):
        lines += [
            f"### {game}",
            "",
            "| players | options | bot | against | games | first places | 95% CI | mean score (bot v rest) |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in (r for r in rows if r["game"] == game):
            options = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "-"
            lines.append(
                f"| {r['players']} | {options} | `{r['candidate']}` | {r['opponent']} | {r['games']} "
                f"| {r['win_rate']:.1%} | {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%} "
                f"| {r['score_mean']:.1f} v {r['opponent_score_mean']:.1f} |"
            )
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", action="append", help="games to run (default: all)")
    parser.add_argument("--skip-multi", action="store_true", help="only 2 players and solo")
    parser.add_argument("--players", type=int, action="append", help="player counts to run (1 = solo)")
    parser.add_argument("--candidate", action="append", help="candidates to run (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "bots_bar.json")
    parser.add_argument("--markdown", action="store_true", help="print the tables of --out and stop")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = json.loads(args.out.read_text()) if args.out.exists() else []
    if args.markdown:
        print(markdown(rows))
        return
    done = {(r["game"], r["players"], r["candidate"], r["opponent"], json.dumps(r["options"])) for r in rows}
    for game in games.all_games():
        if args.only and game.name not in args.only:
            continue
        jobs: list[tuple[int, str, str, dict[str, Any]]] = []
        for candidate, opponent in PAIRINGS_2P:
            jobs.append((2, candidate, opponent, {}))
        if not args.skip_multi:
            for players in (3, 4):
                if (
                    game.min_players
                    <= players
                    <= game.player_range({s.name: s.default for s in game.option_specs})[1]
                ):
                    for candidate, opponent in PAIRINGS_NP:
                        jobs.append((players, candidate, opponent, {}))
        for players, options in game.configurations():
            if players == 1:
                for candidate in SOLO_BOTS:
                    jobs.append((1, candidate, "automaton", options))
        for players, candidate, opponent, options in jobs:
            if (args.players and players not in args.players) or (
                args.candidate and candidate not in args.candidate
            ):
                continue
            key = (game.name, players, candidate, opponent, json.dumps(options))
            if key in done:
                continue
            start = time.time()
            if players == 1:
                opts = tuple(sorted(options.items()))
                specs = [
                    GameSpec(game.name, 1, (candidate,), opts, game_seed(args.seed, i))
                    for i in range(args.games)
                ]
            else:
                specs = one_against_field(
                    game.name, players, candidate, opponent, options, args.seed, args.games
                )
            result = measure(specs, candidate, args.workers)
            row = {
                "game": game.name,
                "players": players,
                "candidate": candidate,
                "opponent": opponent,
                "options": options,
                "seed": args.seed,
                **result,
                "seconds": round(time.time() - start),
            }
            rows.append(row)
            args.out.write_text(json.dumps(rows, indent=1) + "\n")
            print(
                f"{game.name:15s} {players}p {candidate:24s} v {opponent:10s} {options or ''} "
                f"{result['win_rate']:6.1%} [{result['ci95'][0]:.1%}-{result['ci95'][1]:.1%}] "
                f"score {result['score_mean']:.1f} v {result['opponent_score_mean']:.1f} "
                f"({row['seconds']} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
