"""Random-play actions/s of the slow engines against Hercules 2-player, measured in one process.

Usage: ``python benchmarks/engine_speed.py [--seconds 3] [--rounds 2]``. The machine's speed swings, so only
the ratios within one run mean anything; issue 25 asks for Attika (4p) and Hellas (Delonge) at 0.75x of
Hercules 2-player or better. It measures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os

from hellenika.cli.bench import _play_for

CASES = [("hercules", 2), ("attika", 4), ("hellas_delonge", 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    for round_ in range(args.rounds):
        rates: dict[str, float] = {}
        for name, players in CASES:
            _, actions, elapsed = _play_for(name, players, {}, args.seconds, seed=1, checked=False)
            rates[f"{name} {players}p"] = actions / elapsed
        base = rates["hercules 2p"]
        cells = "  ".join(f"{key} {rate:8.0f}/s ({rate / base:.2f}x)" for key, rate in rates.items())
        print(f"round {round_ + 1}: {cells}")


if __name__ == "__main__":
    main()
