"""What a learner's environment steps cost: :class:`hellenika.rl.vector.HellenikaVectorEnv` with observations.

Usage: ``python benchmarks/vector_env.py [--envs 16] [--steps 300] [--opponent random] [--games a,b]``.

For each game (two players), ``--envs`` games are stepped together for ``--steps`` rounds: the learner picks a
random legal action in every game from the mask (as a policy's sampling would), the opponent plays its seat
(``random``, or any bot spec), finished games reset themselves. It prints learner steps per CPU second and the
share of that time spent encoding observations (from a second, profiled run). A measurement, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import numpy as np

from hellenika import games
from hellenika.rl.vector import HellenikaVectorEnv


def run(envs: HellenikaVectorEnv, steps: int, rng: np.random.Generator) -> None:
    obs, _ = envs.reset(seed=1)
    for _ in range(steps):
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, *_ = envs.step(np.array(actions))


def measure(name: str, count: int, steps: int, opponent: str) -> tuple[float, float]:
    """(learner steps per CPU second, fraction of the time spent in ``encode_state``)."""
    envs = HellenikaVectorEnv(name, count, players=2, opponents=[opponent])
    run(envs, 20, np.random.default_rng(0))  # warm up: imports, memos, first games
    start = time.process_time()
    run(envs, steps, np.random.default_rng(1))
    rate = steps * count / (time.process_time() - start)
    profile = cProfile.Profile()
    profile.runcall(run, envs, steps, np.random.default_rng(1))
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    encoding = sum(
        cumulative
        for (path, _, function), (_, _, _, cumulative, _) in stats.stats.items()  # type: ignore[attr-defined]
        if function == "encode_state" and path.endswith("layout.py")
    )
    return rate, encoding / total


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", default="", help="comma-separated game names (default: every game)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g] or games.names()
    for name in wanted:
        rate, share = measure(name, args.envs, args.steps, args.opponent)
        what = f"{args.envs} games vs {args.opponent}"
        print(f"{name:15s} {what}: {rate:8.0f} learner steps/s, {share:.0%} encoding")


if __name__ == "__main__":
    main()
