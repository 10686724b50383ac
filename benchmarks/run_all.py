"""Run ``hellenika bench`` for every registered game and its main player counts; write a JSON report.

Usage: ``python benchmarks/run_all.py [--seconds 3] [--out benchmarks/results.json]``. The README's figures
come from this script. It measures; it asserts nothing (tests never assert on wall time).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hellenika import games
from hellenika.cli.bench import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results.json")
    args = parser.parse_args()
    results = []
    for game in games.all_games():
        for players, options in game.configurations():
            result = measure(game.name, players, options, seconds=args.seconds)
            results.append(result)
            variant = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(
                f"{game.name:15s} {players}p {variant:32s} {result['games_per_second']:6.0f} games/s  "
                f"{result['actions_per_second']:9.0f} actions/s  clone {result['clone_microseconds']:.2f} µs"
            )
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
