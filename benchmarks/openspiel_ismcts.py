"""OpenSpiel's own ISMCTSBot against Hellenika's ISMCTS at equal iterations (docs/BOTS.md).

Both searches see only what their seat may see: OpenSpiel's bot resamples worlds through the adapter's
``resample_from_infostate`` (the engine's ``determinize``) and keys its tree by information-state strings;
ours samples worlds from its :class:`~hellenika.engine.agent.Observation`. OpenSpiel's bot is given
the game's own evaluation at its leaves (``Game.estimate_returns``, uniform priors), as MCTS would be given a
value network; ours runs with its game's defaults (heuristic playouts, then the same evaluation). Games run in
pairs on one seed with the seats swapped. Every finished game is appended to ``--log`` at once (a run
resumes from it) and the summary gives our bot's share of first places with its 95% Wilson interval.

Usage: ``python benchmarks/openspiel_ismcts.py --game attika --games 40 --iterations 200``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hellenika.rl.openspiel as hos
from hellenika.bots.batch import game_seed, wilson
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.rl.codec import codec_for

HERE = Path(__file__).parent


class ValueEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """The game's quick evaluation at OpenSpiel's leaves; uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        engine = state.engine
        if engine.is_terminal():
            return np.asarray(state.returns())
        return np.asarray(engine.game.estimate_returns(engine), dtype=float)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game_name: str, iterations: int, seed: int, ours_seat: int) -> dict[str, Any]:
    game = pyspiel.load_game(hos.short_name(game_name), {"players": 2})
    codec = codec_for(game_name)
    root = Rng(seed)
    chance = root.fork("chance")
    ours = ISMCTSBot(iterations=iterations)
    ours_rng = root.fork("ours")
    theirs = ismcts.ISMCTSBot(
        game, ValueEvaluator(), 2.0, iterations, random_state=np.random.RandomState(seed % (1 << 32))
    )
    state = game.new_initial_state()
    cpu = [0.0, 0.0]
    while not state.is_terminal():
        engine = state.engine
        if state.is_chance_node():
            state.apply_action(codec.encode_chance(engine.sample_chance(chance)))
            continue
        player = state.current_player()
        start = time.process_time()
        if player == ours_seat:
            action = codec.encode(ours.choose(Observation(engine, player), ours_rng))
        else:
            action = theirs.step(state)
        cpu[player] += time.process_time() - start
        state.apply_action(action)
    engine = state.engine
    return {
        "game": game_name,
        "iterations": iterations,
        "seed": seed,
        "ours_seat": ours_seat,
        "scores": engine.scores(),
        "places": engine.ranking(),
        "returns": list(state.returns()),
        "cpu": [round(c, 1) for c in cpu],
        "truncated": not engine.is_terminal(),
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = 0.0
    for row in rows:
        places = row["places"]
        firsts = [p for p, place in enumerate(places) if place == 1]
        if row["ours_seat"] in firsts:
            wins += 1.0 / len(firsts)
    n = len(rows)
    low, high = wilson(wins, n) if n else (0.0, 0.0)
    cpu_ours = sum(r["cpu"][r["ours_seat"]] for r in rows)
    cpu_theirs = sum(r["cpu"][1 - r["ours_seat"]] for r in rows)
    return {
        "games": n,
        "ours_first": wins,
        "share": wins / n if n else 0.0,
        "ci95": (low, high),
        "cpu_ours": round(cpu_ours, 1),
        "cpu_theirs": round(cpu_theirs, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="attika", choices=["attika", "hellas_delonge"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--log", type=Path, default=HERE / "openspiel_ismcts_games.jsonl")
    args = parser.parse_args()
    rows = []
    if args.log.exists():
        rows = [json.loads(line) for line in args.log.read_text().splitlines() if line.strip()]
    mine = [r for r in rows if r["game"] == args.game and r["iterations"] == args.iterations]
    done = {(r["seed"], r["ours_seat"]) for r in mine}
    for i in range(args.games):
        seed, seat = game_seed(args.seed, i // 2), i % 2
        if (seed, seat) in done:
            continue
        row = play(args.game, args.iterations, seed, seat)
        mine.append(row)
        with args.log.open("a") as out:
            out.write(json.dumps(row) + "\n")
        print(json.dumps({"game": i, **summarise(mine)}), flush=True)
    print(json.dumps(summarise(mine[: args.games])))


if __name__ == "__main__":
    main()
