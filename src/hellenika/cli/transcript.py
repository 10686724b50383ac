"""Golden playthroughs: a seeded bot game written out action by action with its log, for diffing.

The text is a pure function of (game, players, options, seats, seed): any change to a game's rules, data,
labels or log shows up as a diff against the checked-in transcript in ``tests/golden/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hellenika import games
from hellenika.bots import make_agent
from hellenika.engine.events import render_names
from hellenika.engine.match import MatchRunner


def transcript(
    game_name: str, players: int, seats: list[str], seed: int, options: Mapping[str, Any] | None = None
) -> str:
    game = games.get(game_name)
    options = dict(options or {})
    runner = MatchRunner(game, players, [make_agent(s) for s in seats], options=options, seed=seed, log=True)
    result = runner.run()
    state = result.state
    names = [f"P{i + 1} {s}" for i, s in enumerate(seats)] + state.participant_names()[players:]
    by_step: dict[int, list[str]] = {}
    for event in state.visible_events(None, omniscient=True):
        by_step.setdefault(event.step, []).append(render_names(event.text, names))
    lines = [
        f"# {game.title} (rules {game.rules_version}), {players} players, seed {seed}",
        f"# seats: {', '.join(seats)}; options: {options or 'defaults'}",
    ]
    for step, action in enumerate(state.history()):
        lines.append(f"{step:5d} {action.notation()}")
        lines.extend(f"      · {text}" for text in by_step.get(step, ()))
    lines.append("# result")
    places = state.ranking()
    for p, (score, parts) in enumerate(zip(state.scores(), state.score_breakdown(), strict=True)):
        detail = ", ".join(f"{k} {v:g}" for k, v in parts.items())
        lines.append(f"#   place {places[p]}: {names[p]} {score:g} ({detail})")
    lines.append(f"# digest {state.digest()}")
    return "\n".join(lines) + "\n"
