"""How often the Hellas (Delonge) stall rule ends a game with the default options, and where (issue 19).

For each game: how it ended (10 cities, no city left, the stall rule on a closed map, or its backstop on an
open one), the turn, both players' cities, the tiles left in the stack, and the longest run of turns with no
new record of cities while a tile could still be laid (how near the backstop came). Seats alternate.

    python benchmarks/delonge_stall.py --games 200 --seat heuristic --seat heuristic
    python benchmarks/delonge_stall.py --games 200 --seat ismcts:iterations=100 --seat heuristic
"""

from __future__ import annotations

import argparse
import collections
import json
import time

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.match import MatchRunner


def one_game(seats: list[str], seed: int) -> dict[str, object]:
    game = games.get("hellas_delonge")
    order = seats if seed % 2 == 0 else seats[::-1]
    runner = MatchRunner(game, 2, [make_agent(spec) for spec in order], seed=seed)
    longest_open_quiet = 0
    state = runner.state
    while runner.step() is not None:
        state = runner.state
        if not state.is_terminal() and state.can_grow():
            longest_open_quiet = max(longest_open_quiet, state.turn - state.last_record)
    state = runner.state
    reason = state.reason
    if reason == "stall":
        reason = "stall (open map: backstop)" if state.can_grow() else "stall (closed map)"
    return {
        "seed": seed,
        "seats": order,
        "reason": reason,
        "turns": state.turn,
        "cities": [state.cities(0), state.cities(1)],
        "stack": state.stack_size(),
        "longest_open_quiet": longest_open_quiet,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seat", action="append", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write every game as JSON lines here")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = []
    for i in range(args.games):
        rows.append(one_game(args.seat, args.seed * 100_000 + i))
        if args.json:
            with open(args.json, "a") as out:
                out.write(json.dumps(rows[-1]) + "\n")
    reasons = collections.Counter(str(r["reason"]) for r in rows)
    print(f"{args.games} games, seats {args.seat}, {time.perf_counter() - started:.0f} s")
    for reason, n in reasons.most_common():
        ended = [r for r in rows if r["reason"] == reason]
        cities = collections.Counter(max(r["cities"]) for r in ended)  # type: ignore[call-overload]
        print(f"  {reason}: {n} games; winner's cities {dict(sorted(cities.items()))}")
    print(f"  turns: max {max(r['turns'] for r in rows)}")  # type: ignore[type-var]
    print(f"  longest quiet run on an open map: {max(r['longest_open_quiet'] for r in rows)} turns")  # type: ignore[type-var]


if __name__ == "__main__":
    main()
