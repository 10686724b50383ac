"""View fixtures: table models from seeded bot games, for building and testing board views without a server.

``python -m hellenika.web.fixtures`` (``make fixtures``) writes
``src/hellenika/web/static/fixtures/<game>/*.json`` for every game: a handful of positions from the start to
the end of seeded games (up to four configurations per game), seen from the seat whose turn it is (so the
legal actions are there) and by a spectator. They are generated, not committed. The preview page
(``static/preview.html``) renders them.

A game whose spread of positions misses states its board must draw can ask for more: extra
configurations (``EXTRA_CONFIGURATIONS``) and *scenes* (``SCENES``), the first position of a seeded game that
offers a kind of decision (``scene-<kind>-seat.json``, and ``-spectator.json`` for the same position), so each
decision the board makes clickable has a fixture.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.agent import Observation
from hellenika.engine.rng import Rng
from hellenika.engine.state import State
from hellenika.web.model import table_model

FIXTURES = Path(__file__).parent / "static" / "fixtures"
POINTS = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9)
MAX_CONFIGURATIONS = 4
LOG_LINES = 25
SCENE_SEEDS = range(1, 41)

# Configurations beyond the evenly spread default ones, per game.
EXTRA_CONFIGURATIONS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    # Solo against Angelos (his highest rank: civilization and hero), the negotiation variant, a base game
    # with a conquest row of two tiles.
    "peloponnes": [
        (1, {"expansion": True, "angelos": "stratigos"}),
        (2, {"expansion": True, "negotiation": True}),
        (3, {}),
    ],
}


@dataclass(frozen=True)
class Scene:
    """The first position offering an action of ``kind`` in a seeded game of this configuration, played by
    ``bot`` (the random bot reaches choices the heuristic one never makes, such as a negotiation offer)."""

    kind: str
    players: int
    options: dict[str, Any]
    bot: str = "heuristic"


_EXPANSION = {"expansion": True}
_NEGOTIATION = {"expansion": True, "negotiation": True}
SCENES: dict[str, list[Scene]] = {
    "peloponnes": [
        Scene("amount", 3, {}),
        Scene("move", 3, {}),
        Scene("build", 2, _EXPANSION),
        Scene("strength", 2, _EXPANSION),
        Scene("income", 2, _EXPANSION),
        Scene("save", 2, _EXPANSION),
        Scene("finish", 2, _EXPANSION),
        Scene("abandon", 3, {}),
        Scene("hire", 2, _EXPANSION),
        Scene("odysseus", 2, _EXPANSION),
        Scene("remove", 2, _EXPANSION),
        Scene("ariadne", 6, _EXPANSION),
        Scene("clovers", 2, _EXPANSION),
        Scene("take", 1, {"expansion": True, "angelos": "stratigos"}),
        Scene("offer", 2, _NEGOTIATION),
        Scene("coins", 5, _NEGOTIATION, bot="random"),
        Scene("answer", 5, _NEGOTIATION, bot="random"),
    ],
    # Hellas: building on a free space, and a drawn quarry tile to place.
    "hellas": [Scene("build", 3, {}), Scene("tile", 4, {})],
    # Attika's clickable decisions, each wherever a seeded game first offers it (the spread positions move
    # whenever the rules change a game's course).
    "attika": [
        Scene("place", 3, {}),
        Scene("pay", 2, {}),
        Scene("store", 2, {}),
        Scene("tile", 2, {}),
        Scene("rotate", 2, {}),
        Scene("amphora", 4, {}),
    ],
}


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


def _scene(game_name: str, scene: Scene) -> State | None:
    """The first position offering ``scene.kind`` over a few seeded games, or None."""
    game = games.get(game_name)
    for seed in SCENE_SEEDS:
        state = game.new_state(scene.players, scene.options)
        bot = make_agent(scene.bot)
        rng = Rng(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply(state.sample_chance(rng))
                continue
            if any(a.to_json()["kind"] == scene.kind for a in state.legal_actions()):
                return state
            state.apply(bot.choose(Observation(state, player), rng))
    return None


def _names(game_name: str, players: int, options: dict[str, Any]) -> list[str]:
    """Seats as "Player n", automata (Hades, Angelos) by their own names."""
    probe = games.get(game_name).new_state(players, options, log=False)
    return [f"Player {i + 1}" for i in range(players)] + probe.participant_names()[players:]


def _write(path: Path, state: State, viewer: int | None, names: list[str]) -> Path:
    model = table_model(state, viewer, names)
    model["log"] = model["log"][-LOG_LINES:]
    path.write_text(json.dumps(model) + "\n")
    return path


def write_fixtures(game_name: str) -> list[Path]:
    game = games.get(game_name)
    out_dir = FIXTURES / game_name
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    configurations = game.configurations()
    step = max(1, len(configurations) // MAX_CONFIGURATIONS)
    chosen = configurations[::step][:MAX_CONFIGURATIONS] + EXTRA_CONFIGURATIONS.get(game_name, [])
    for players, options in chosen:
        tag = f"{players}p" + "".join(f"-{k}-{v}" for k, v in options.items())
        names = _names(game_name, players, options)
        for k, state in enumerate(_positions(game_name, players, options, seed=7)):
            seat = state.current_player() if state.current_player() >= 0 else 0
            for viewer, label in ((seat, "seat"), (None, "spectator")):
                written.append(_write(out_dir / f"{tag}-{k}-{label}.json", state, viewer, names))
    for scene in SCENES.get(game_name, []):
        found = _scene(game_name, scene)
        if found is not None:
            names = _names(game_name, scene.players, scene.options)
            for viewer, label in ((found.current_player(), "seat"), (None, "spectator")):
                written.append(_write(out_dir / f"scene-{scene.kind}-{label}.json", found, viewer, names))
    (out_dir / "index.json").write_text(json.dumps(sorted(p.name for p in written), indent=1) + "\n")
    return written


def main() -> None:
    for name in games.names():
        paths = write_fixtures(name)
        print(f"{name}: {len(paths)} fixtures")


if __name__ == "__main__":
    main()
