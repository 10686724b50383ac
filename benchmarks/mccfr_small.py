"""OpenSpiel's outcome-sampling MCCFR on one small configuration of a Hellenika game (docs/rl.md).

The game is loaded with the factored action space (``factored=True``: a decision is its kind, then each
field, so a node offers a few options instead of a slice of a 15,000-number table) and a short length cap
(``max_length`` engine actions, then scored from the ranking as the adapter does), which is what makes the
configuration small. The solver keys its regret tables by information-state strings (the seat's view and
its own decisions). It runs for ``--seconds`` of CPU, then its average policy plays ``--games`` games
against uniform random play (seats swapped) and the report gives iterations, information states, and the
average policy's mean return with a 95% interval. Exploitability is not computed: the tree is far too big
to walk.

Usage: ``python benchmarks/mccfr_small.py --game attika --max-length 40 --seconds 60 --games 200``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import hellenika.rl.openspiel as hos


def average_action(
    solver: outcome_sampling_mccfr.OutcomeSamplingSolver, state: pyspiel.State, rng: random.Random
) -> int:
    policy = solver.average_policy().action_probabilities(state)
    actions, probs = zip(*policy.items(), strict=True)
    return int(rng.choices(actions, probs)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="attika")
    parser.add_argument("--max-length", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    np.random.seed(args.seed)
    game = pyspiel.load_game(
        hos.short_name(args.game), {"players": 2, "factored": True, "max_length": args.max_length}
    )
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.process_time()
    iterations = 0
    while time.process_time() - start < args.seconds:
        solver.iteration()
        iterations += 1
    cpu = time.process_time() - start
    infostates = len(solver._infostates)
    rng = random.Random(args.seed)
    returns: list[float] = []
    seen = 0
    decisions = 0
    for i in range(args.games):
        seat = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            elif state.current_player() == seat:
                decisions += 1
                seen += state.information_state_string() in solver._infostates
                state.apply_action(average_action(solver, state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns.append(state.returns()[seat])
    mean = sum(returns) / len(returns)
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(1, len(returns) - 1))
    half = 1.96 * sd / math.sqrt(len(returns))
    print(
        json.dumps(
            {
                "game": args.game,
                "players": 2,
                "factored": True,
                "max_length": args.max_length,
                "num_distinct_actions": game.num_distinct_actions(),
                "iterations": iterations,
                "cpu_seconds": round(cpu, 1),
                "infostates": infostates,
                "eval_games": len(returns),
                "mean_return_vs_random": round(mean, 3),
                "ci95": [round(mean - half, 3), round(mean + half, 3)],
                "share_of_eval_decisions_in_table": round(seen / max(1, decisions), 3),
            }
        )
    )


if __name__ == "__main__":
    main()
