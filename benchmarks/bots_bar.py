"""The bots' bar (docs/BOTS.md): who beats whom, over how many games, with the seeds to reproduce it.

For every game:
- 2 players, each pairing (ISMCTS v random, ISMCTS v heuristic, heuristic v random) over ``--games`` games,
  seats swapped within each seed;
- 3 and 4 players where the game has them: the candidate in one seat, the opponent in all the others, every
  seat rotation sharing a seed;
- solo modes: the candidate against the automated opponent, for every rank or variant.

Usage: ``python benchmarks/bots_bar.py [--games 200] [--workers 2] [--cluster auto] [--only hercules]
[--players 2] [--candidate heuristic]``; games already in ``--log`` are skipped, so a run resumes (Ctrl-C
keeps every game finished), and a run with fewer ``--games`` plays a prefix of the full rows (the same
seeds). ``--cluster`` plays them on Ray (local, auto or ray://HOST:PORT; the same games, whatever node
plays them). The candidate's share of first places (shared
places count as a fraction) and its 95% Wilson interval, over each row's first ``BAR_GAMES`` games, are
written to ``--out`` and printed as the Markdown tables of docs/BOTS.md.
"""

from __future__ import annotations

import argparse
import json
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellenika import games
from hellenika.bots.batch import GameSpec, game_seed, run_batch, wilson

HERE = Path(__file__).parent
ISMCTS = "ismcts:iterations=1000"
BAR_GAMES = 200  # games per row in the bar; a shorter run's rows show as incomplete, not as whole rows
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


def summarise(results: list[dict[str, Any]], candidate: str) -> dict[str, Any]:
    """The candidate's share of first places (shared ones as fractions), its 95% interval, and mean scores."""
    wins = 0.0
    scores: list[float] = []
    other_scores: list[float] = []
    for result in results:
        places = result["places"]
        firsts = [p for p, place in enumerate(places) if place == 1]
        mine = result["seats"].index(candidate)
        if mine in firsts:
            wins += 1 / len(firsts)
        scores.append(result["scores"][mine])
        other_scores.extend(result["scores"][p] for p in range(len(places)) if p != mine)
    n = len(results)
    low, high = wilson(wins, n)
    return {
        "games": n,
        "win_rate": wins / n,
        "ci95": [low, high],
        "score_mean": sum(scores) / n,
        "opponent_score_mean": sum(other_scores) / max(len(other_scores), 1),
        "cpu_seconds": round(sum(r.get("cpu_seconds", 0.0) for r in results)),
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


@dataclass(frozen=True)
class Row:
    """One line of a table: a candidate against an opponent, at a player count, with options."""

    game: str
    players: int
    candidate: str
    opponent: str
    options: dict[str, Any]

    def key(self) -> str:
        return json.dumps(
            [self.game, self.players, self.candidate, self.opponent, self.options], sort_keys=True
        )

    def specs(self, seed: int, count: int) -> list[GameSpec]:
        if self.players == 1:
            opts = tuple(sorted(self.options.items()))
            return [GameSpec(self.game, 1, (self.candidate,), opts, game_seed(seed, i)) for i in range(count)]
        return one_against_field(
            self.game, self.players, self.candidate, self.opponent, self.options, seed, count
        )


def planned_rows() -> list[Row]:
    """Every row of the bar, game by game, cheapest pairing first."""
    rows: list[Row] = []
    for game in games.all_games():
        for candidate, opponent in PAIRINGS_2P:
            rows.append(Row(game.name, 2, candidate, opponent, {}))
        top = game.player_range({s.name: s.default for s in game.option_specs})[1]
        for players in (3, 4):
            if game.min_players <= players <= top:
                rows.extend(Row(game.name, players, c, o, {}) for c, o in PAIRINGS_NP)
        for players, options in game.configurations():
            if players == 1:
                rows.extend(Row(game.name, 1, c, "automaton", options) for c in SOLO_BOTS)
    return rows


def read_log(path: Path) -> dict[str, dict[int, dict[str, Any]]]:
    """The games already played, by row key and game index (a run appends to the log as games finish)."""
    played: dict[str, dict[int, dict[str, Any]]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                played.setdefault(record["row"], {})[record["index"]] = record
    return played


def table_rows(
    rows: list[Row], played: dict[str, dict[int, dict[str, Any]]], target: int
) -> list[dict[str, Any]]:
    """A summary per row that has games, over its first ``target`` games (fewer while it is incomplete)."""
    out = []
    for row in rows:
        results = [r for i, r in sorted(played.get(row.key(), {}).items()) if i < target]
        if results:
            out.append(
                {
                    "game": row.game,
                    "players": row.players,
                    "candidate": row.candidate,
                    "opponent": row.opponent,
                    "options": row.options,
                    "complete": len(results) >= target,
                    **summarise(results, row.candidate),
                }
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=BAR_GAMES, help="games per row to play")
    parser.add_argument("--workers", type=int, default=2, help="processes, or a local Ray's CPUs")
    parser.add_argument(
        "--cluster", help="run on Ray: local, auto (RAY_ADDRESS, else local) or ray://HOST:PORT"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", action="append", help="games to run (default: all)")
    parser.add_argument("--players", type=int, action="append", help="player counts to run (1 = solo)")
    parser.add_argument("--candidate", action="append", help="candidates to run (default: all)")
    parser.add_argument("--opponent", action="append", help="opponents to run (default: all)")
    parser.add_argument("--log", type=Path, default=HERE / "bots_bar_games.jsonl", help="one line per game")
    parser.add_argument("--out", type=Path, default=HERE / "bots_bar.json", help="the summary rows")
    parser.add_argument("--markdown", action="store_true", help="print the tables of --log and stop")
    args = parser.parse_args()
    rows = planned_rows()
    played = read_log(args.log)
    if not args.markdown:
        selected = [
            r
            for r in rows
            if (not args.only or r.game in args.only)
            and (not args.players or r.players in args.players)
            and (not args.candidate or r.candidate in args.candidate)
            and (not args.opponent or r.opponent in args.opponent)
        ]
        # Interleaved by game index, so that a run stopped early leaves every selected row equally far on,
        # each with its seats swapped within every finished seed.
        todo = sorted(
            (i, n, row, spec)
            for n, row in enumerate(selected)
            for i, spec in enumerate(row.specs(args.seed, args.games))
            if i not in played.get(row.key(), {})
        )
        print(f"{len(todo)} games to play in {len(selected)} rows", flush=True)
        specs = [spec for _, _, _, spec in todo]
        batch = run_batch(specs, args.workers, chunk=1, in_order=False, cluster=args.cluster)
        try:
            with args.log.open("a") as log, closing(batch):
                for result in batch:
                    index, _, row, _ = todo[result["index"]]
                    record = {"row": row.key(), **result, "index": index}
                    played.setdefault(row.key(), {})[index] = record
                    log.write(json.dumps(record) + "\n")
                    log.flush()
                    done = len(played[row.key()])
                    print(
                        f"{row.game} {row.players}p {row.candidate} v {row.opponent}: {done} games",
                        flush=True,
                    )
        except KeyboardInterrupt:
            print(
                "stopped; every finished game is in the log, and the next run plays only the rest", flush=True
            )
    summary = table_rows(rows, played, max(args.games, BAR_GAMES))
    if not args.markdown:
        args.out.write_text(json.dumps(summary, indent=1) + "\n")
    print(markdown(summary))


if __name__ == "__main__":
    main()
