"""CPU a process spends on a move it did not make, at a table whose sockets it does not hold (a benchmark).

With routing that has no table affinity, every process caches tables other processes move. Before, such a
process dropped its copy on each move's note and rebuilt the table on its next use (``round/moves.py``
``rebuild``: the latest snapshot, taken every 50 actions, and the actions since, applied with full checks);
now it applies the move's actions to its copy (``round/sync.py``: a clone and ``apply_unchecked``). This
measures both, per decision, over whole seeded random games, in CPU time of this thread (the database reads,
the same few rows either way for the actions and more for a reload, are left out):

    .venv/bin/python benchmarks/catch_up.py --games 5

Not a test: tests never assert on time.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.server.round.moves import rebuild, snapshot_of

SNAPSHOT_EVERY = 50


def play(name: str, players: int, seed: int) -> tuple[list[dict[str, Any]], list[int]]:
    """A seeded random game: every action's JSON, and the steps after which a person's decision ended."""
    state = games.get(name).new_state(players, None, log=True)
    rng = Rng(seed)
    actions: list[dict[str, Any]] = []
    decisions = []
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            decisions.append(len(actions))
        state.apply_unchecked(action)
        actions.append(action.to_json())
    return actions, decisions


def measure(name: str, players: int, seed: int) -> tuple[float, float, int]:
    """(reload ms, patch ms) summed over a game's decisions, and how many decisions."""
    game = games.get(name)
    actions, decisions = play(name, players, seed)
    # The states a cache would hold just before each decision, and the snapshots the server would have.
    state: State = game.new_state(players, None, log=True)
    snapshots: dict[int, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
    before: dict[int, State] = {}
    wanted = set(decisions)
    for step, item in enumerate(actions):
        if step in wanted:
            before[step] = state.clone(log=True)
        state.apply_unchecked(game.action_from_json(item))
        if (step + 1) % SNAPSHOT_EVERY == 0:
            data, events = snapshot_of(state)
            snapshots[step + 1] = (step + 1, data, events)
    reload_cpu = patch_cpu = 0.0
    for index, step in enumerate(decisions):
        # The move's note covers the decision and the chance that followed, up to the next decision.
        end = decisions[index + 1] if index + 1 < len(decisions) else len(actions)
        taken = max((s for s in snapshots if s <= end), default=None)
        snap = snapshots[taken] if taken is not None else None
        started = time.thread_time()
        rebuild(game, players, {}, actions[:end], snap)
        reload_cpu += time.thread_time() - started
        started = time.thread_time()
        patched = before[step].clone(log=True)
        for item in actions[step:end]:
            patched.apply_unchecked(game.action_from_json(item))
        patch_cpu += time.thread_time() - started
    return reload_cpu * 1000, patch_cpu * 1000, len(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5, help="seeded games per game")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    print("game          decisions  reload ms/move  patch ms/move  ratio")
    for name in games.names():
        reload_ms = patch_ms = 0.0
        count = 0
        for seed in range(args.games):
            r, p, n = measure(name, args.players, seed)
            reload_ms, patch_ms, count = reload_ms + r, patch_ms + p, count + n
        print(
            f"{name:<14}{count:>9}  {reload_ms / count:>14.3f}  {patch_ms / count:>13.3f}  "
            f"{reload_ms / max(patch_ms, 1e-9):>5.0f}x"
        )


if __name__ == "__main__":
    main()
