"""Fingerprints of seeded random games, to show that an engine change plays exactly the same games.

Usage::

    python benchmarks/same_games.py attika --games 600 --write /tmp/attika.before.json   # on the old code
    python benchmarks/same_games.py attika --games 600 --check /tmp/attika.before.json   # on the new code

The games are spread over every configuration of the game (``Game.configurations()``), seeded by their
index, and played as ``hellenika bench`` plays them (chance by ``sample_chance``, a decision drawn from the
legal list with the same :class:`~hellenika.engine.rng.Rng`). Each fingerprint hashes, at every step, the
node type and, at a decision, every legal action in order, then the chosen action, and at the end the final
state's digest (its full serialised state and history). A different legal list, a different order, a
different chance draw or a different final state changes it. ``--check`` prints how many games differ and
exits 1 if any does. It is a check for optimisation work, not a test: the golden transcripts and the
conformance suite stay the tests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL


def fingerprint(name: str, players: int, options: dict[str, Any], seed: int) -> tuple[str, int]:
    """The fingerprint of one seeded random game, and its number of steps."""
    state = games.get(name).new_state(players, options, log=False)
    rng = Rng(seed)
    digest = hashlib.sha256()
    while True:
        player = state.current_player()
        if player == TERMINAL:
            digest.update(state.digest().encode())
            return digest.hexdigest()[:24], state.version
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            digest.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode())
            action = legal[rng.randbelow(len(legal))]
        digest.update(f"{player}:{json.dumps(action.to_json(), sort_keys=True)};".encode())
        state.apply_unchecked(action)


def fingerprints(name: str, count: int) -> dict[str, str]:
    configurations = games.get(name).configurations()
    out: dict[str, str] = {}
    for index in range(count):
        players, options = configurations[index % len(configurations)]
        key = f"{index} {players}p {json.dumps(options, sort_keys=True)}"
        out[key] = fingerprint(name, players, dict(options), index)[0]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=600)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write the fingerprints to this file")
    group.add_argument("--check", type=Path, help="compare with fingerprints written before")
    args = parser.parse_args()
    found = fingerprints(args.game, args.games)
    if args.write:
        args.write.write_text(json.dumps(found, indent=0) + "\n")
        print(f"{len(found)} fingerprints of {args.game} written to {args.write}")
        return
    expected = json.loads(args.check.read_text())
    differ = [key for key in expected if found.get(key) != expected[key]]
    print(
        f"{args.game}: {len(differ)} of {len(expected)} games differ" + (f": {differ[:5]}" if differ else "")
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
