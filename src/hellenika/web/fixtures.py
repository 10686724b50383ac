"""View fixtures: table models from seeded bot games, for building and testing board views without a server.

``python -m hellenika.web.fixtures`` (``make fixtures``) writes
``src/hellenika/web/static/fixtures/<game>/*.json`` for every game: a handful of positions from the start to
the end of seeded games (up to four configurations per game), seen from the seat whose turn it is (so the
legal actions are there) and by a spectator. They are generated, not committed. The preview page
(``static/preview.html``) renders them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.web.model import table_model

FIXTURES = Path(__file__).parent / "static" / "fixtures"
POINTS = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9)
MAX_CONFIGURATIONS = 4
LOG_LINES = 25


def _positions(game_name: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """States along one seeded heuristic game, at decision nodes spread over its length, plus the end."""
    game = games.get(game_name)
    state = game.new_state(players, options)
    bot = make_agent("heuristic")
    rng = Rng(seed)
    trail = []
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply(state.sample_chance(rng))
            continue
        trail.append(state.clone(log=True))
        state.apply(bot.choose(Observation(state, player), rng))
    picks = [trail[min(len(trail) - 1, int(p * len(trail)))] for p in POINTS]
    return [*picks, state]


def write_fixtures(game_name: str) -> list[Path]:
    game = games.get(game_name)
    out_dir = FIXTURES / game_name
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    configurations = game.configurations()
    step = max(1, len(configurations) // MAX_CONFIGURATIONS)
    for players, options in configurations[::step][:MAX_CONFIGURATIONS]:
        tag = f"{players}p" + "".join(f"-{k}-{v}" for k, v in options.items())
        probe = game.new_state(players, options, log=False)
        names = [f"Player {i + 1}" for i in range(players)] + probe.participant_names()[players:]
        for k, state in enumerate(_positions(game_name, players, options, seed=7)):
            seat = state.current_player() if state.current_player() >= 0 else 0
            for viewer, label in ((seat, "seat"), (None, "spectator")):
                path = out_dir / f"{tag}-{k}-{label}.json"
                model = table_model(state, viewer, names)
                model["log"] = model["log"][-LOG_LINES:]
                path.write_text(json.dumps(model) + "\n")
                written.append(path)
    (out_dir / "index.json").write_text(json.dumps(sorted(p.name for p in written), indent=1) + "\n")
    return written


def main() -> None:
    for name in games.names():
        paths = write_fixtures(name)
        print(f"{name}: {len(paths)} fixtures")


if __name__ == "__main__":
    main()
