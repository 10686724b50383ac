"""How much the PettingZoo adapter costs over the bare engine, per game (a measurement, not a test).

Usage: ``python benchmarks/rl_perf.py [--seconds 3] [--players 2] [--markdown]``.

For each game it runs, for the same number of seconds each:

- **engine**: random play on the bare engine, what any driver must do: ``legal_actions()``, pick one,
  ``apply_unchecked()``, and chance drawn with ``sample_chance()``;
- **env, mask only**: the same random play through the AEC environment, reading only the action mask
  (``env.last(observe=False)`` and ``env.action_mask(agent)``), as a search or a scripted agent would;
- **env, full**: exactly the loop of ``pettingzoo.test.performance_benchmark`` (``env.last()`` builds the
  whole observation every turn, then a random legal action from the mask). That helper only prints, so the
  loop is repeated here to return numbers.

Steps are agent turns (chance steps are not counted on either side). Overhead = 1 - env rate / engine rate.
Rates use process CPU time, not wall time, so that other work on a shared machine distorts them less.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.rl.pettingzoo import env as make_env


def engine_rate(name: str, players: int, seconds: float) -> float:
    game = games.get(name)
    rng = Rng(1)
    pick = random.Random(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(players, log=False)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_unchecked(legal[pick.randrange(len(legal))])
                steps += 1
    return steps / (time.process_time() - start)


def env_rate(name: str, players: int, seconds: float, *, observe: bool) -> float:
    env = make_env(name, players)
    env.reset(seed=1)
    pick = random.Random(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for agent in env.agent_iter(env.num_agents):
            if observe:
                obs, _, termination, truncation, _ = env.last()
                mask: Any = obs["action_mask"]
            else:
                _, _, termination, truncation, _ = env.last(observe=False)
                mask = None if termination or truncation else env.action_mask(agent)
            if termination or truncation:
                env.step(None)
            else:
                env.step(pick.choice(np.flatnonzero(mask).tolist()))
                steps += 1
            if all(env.terminations.values()):
                env.reset()
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/rl.md)")
    args = parser.parse_args()
    rows = []
    for game in games.all_games():
        players = max(game.min_players, min(args.players, game.max_players))
        bare = engine_rate(game.name, players, args.seconds)
        masked = env_rate(game.name, players, args.seconds, observe=False)
        full = env_rate(game.name, players, args.seconds, observe=True)
        rows.append((game.name, players, bare, masked, full))
        if not args.markdown:
            print(
                f"{game.name:15s} {players}p engine {bare:8.0f}/s  env mask-only {masked:8.0f}/s "
                f"({1 - masked / bare:+.0%} overhead)  env full {full:7.0f}/s ({1 - full / bare:+.0%})",
                flush=True,
            )
    if args.markdown:
        print("| game | players | engine steps/s | env, mask only | overhead | env, observed | overhead |")
        print("|---|---|---|---|---|---|---|")
        for name, players, bare, masked, full in rows:
            print(
                f"| {name} | {players} | {bare:,.0f} | {masked:,.0f} | {1 - masked / bare:.0%} | "
                f"{full:,.0f} | {1 - full / bare:.0%} |"
            )


if __name__ == "__main__":
    main()
