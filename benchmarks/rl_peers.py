"""Agent steps per CPU second, side by side: PettingZoo's own classic environments, OpenSpiel's C++ games with
their observation tensors, and every Hellenika game through PettingZoo with full observations (docs/rl.md).

Usage: ``python benchmarks/rl_peers.py [--seconds 3] [--players 2] [--markdown]``. Needs the ``rl`` extra and,
for PettingZoo's classic environments, the ``peers`` extra (pygame and chess, which they import).

Everything runs in one process, one after the other, for the same CPU seconds each, so machine speed cancels
out of the comparison:

- **PettingZoo classic** (tictactoe, connect four, go 9x9, chess): the loop of
  ``pettingzoo.test.performance_benchmark`` (``env.last()`` builds the whole observation every turn, then a
  random legal action from its mask);
- **OpenSpiel C++** (tic-tac-toe, connect four, go 9x9, chess, backgammon): random play with the mover's
  ``observation_tensor()`` every turn, chance drawn from ``chance_outcomes()``;
- **Hellenika**: the same PettingZoo loop over our environment (the default, checked one), and the
  engine's bare random play for reference.

Steps are agent turns; chance steps are not counted. CPU time, not wall time (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

sys.path.insert(0, str(Path(__file__).parent))
from hellenika import games
from rl_perf import engine_rate, pettingzoo_rate

#: OpenSpiel's C++ games and their parameters.
OPENSPIEL = {
    "tic_tac_toe": {},
    "connect_four": {},
    "go 9x9": {"board_size": 9},
    "chess": {},
    "backgammon": {},
}
#: PettingZoo's classic environments (module, constructor arguments).
PETTINGZOO = {
    "tictactoe_v3": {},
    "connect_four_v3": {},
    "go_v5 9x9": {"board_size": 9},
    "chess_v6": {},
}


def _timed(seconds: float, run: Callable[[], int]) -> float:
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += run()
    return steps / (time.process_time() - start)


def pettingzoo_classic_rate(name: str, seconds: float) -> float:
    import importlib

    module = importlib.import_module(f"pettingzoo.classic.{name.split(maxsplit=1)[0]}")
    env = module.env(**PETTINGZOO[name])
    env.reset(seed=1)
    pick = random.Random(1)

    def one_game() -> int:
        steps = 0
        for _agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(pick.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
        env.reset()
        return steps

    return _timed(seconds, one_game)


def openspiel_cpp_rate(name: str, seconds: float) -> float:
    game = pyspiel.load_game(name.split(maxsplit=1)[0], OPENSPIEL[name])
    pick = random.Random(1)

    def one_game() -> int:
        steps = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                numbers, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(pick.choices(numbers, weights)[0])
            else:
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[pick.randrange(len(legal))])
                steps += 1
        return steps

    return _timed(seconds, one_game)


def measure(seconds: float, players: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name in PETTINGZOO:
        try:
            rate = pettingzoo_classic_rate(name, seconds)
        except ImportError as error:  # the peers extra is missing
            rows.append({"suite": "PettingZoo classic", "env": name, "missing": str(error)})
            continue
        rows.append({"suite": "PettingZoo classic", "env": name, "rate": rate})
    for name in OPENSPIEL:
        rows.append(
            {
                "suite": "OpenSpiel C++ + observation tensor",
                "env": name,
                "rate": openspiel_cpp_rate(name, seconds),
            }
        )
    for name in games.names():
        count = min(max(players, games.get(name).min_players), games.get(name).max_players)
        rows.append(
            {
                "suite": "Hellenika through PettingZoo (full observations)",
                "env": f"{name} {count}p",
                "rate": pettingzoo_rate(name, count, seconds, observe=True),
                "engine": engine_rate(name, count, seconds),
            }
        )
    chess = next(r["rate"] for r in rows if r["env"] == "chess")
    for row in rows:
        if "rate" in row:
            row["vs_openspiel_chess"] = row["rate"] / chess
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| suite | environment | agent steps / CPU s | vs OpenSpiel chess | bare engine |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        if "missing" in r:
            lines.append(f"| {r['suite']} | {r['env']} | not installed | | |")
            continue
        engine = f"{r['engine']:,.0f}" if "engine" in r else ""
        lines.append(
            f"| {r['suite']} | {r['env']} | {r['rate']:,.0f} | {r['vs_openspiel_chess']:.2f}x | {engine} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows = measure(args.seconds, args.players)
    print(markdown(rows) if args.markdown else json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
