"""``hellenika play``: one game in the terminal, humans and bots at the table."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from hellenika import games
from hellenika.cli.seats import HUMAN, build_agents, complete_seats, seat_names
from hellenika.cli.terminal import HumanAgent, QuitGame, TerminalSession
from hellenika.engine.actions import Action
from hellenika.engine.match import MatchRunner
from hellenika.engine.options import parse_option_pairs
from hellenika.engine.state import State

# Who fills the seats a player leaves out: the game's heuristic player, an opponent worth beating that answers
# at once (the generic greedy bot plays far weaker, see docs/BOTS.md).
DEFAULT_OPPONENT = "medium"


def run_play(
    game_name: str,
    players: int,
    seats: list[str],
    seed: int,
    option_pairs: list[str],
    record_path: Path | None,
    console: Console,
    stream: TextIO | None = None,
) -> int:
    """Play one game; returns the exit code: 0 finished or quit by the player, 1 input ended mid-game."""
    game = games.get(game_name)
    options = parse_option_pairs(option_pairs)
    specs = complete_seats(seats or [HUMAN], players, DEFAULT_OPPONENT)
    game.validate(players, options)
    probe = game.new_state(players, options, log=False)
    names = seat_names(specs, probe.participant_names()[players:])
    humans = [i for i, spec in enumerate(specs) if spec == HUMAN]
    session = TerminalSession(console, names, stream or sys.stdin, humans[0] if len(humans) == 1 else None)
    agents = build_agents(specs, lambda: HumanAgent(session))

    def on_step(state: State, action: Action, player: int) -> None:
        session.catch_up()

    runner = MatchRunner(game, players, agents, options=options, seed=seed, log=True, step_hook=on_step)
    session.state = runner.state
    console.rule(f"{game.title}: {', '.join(names)} (seed {seed})")
    code = 0
    try:
        runner.run()
    except QuitGame as exc:
        console.print(f"[yellow]Game stopped ({escape(str(exc))}).[/yellow]")
        runner.record.finish(runner.state)
        code = 0 if exc.deliberate else 1
    session.catch_up()
    if runner.state.is_terminal():
        console.print(game.render(runner.state, None, names))
        places = runner.state.ranking()
        winners = [names[p] for p, place in enumerate(places) if place == 1]
        console.print(f"[bold]Winner: {escape(' and '.join(winners))}[/bold]")
        end_reason = runner.state.end_reason()
        if end_reason is not None:  # a safety net ended it, not the game's own rules: say so with the winner
            console.print(f"[yellow]The game {escape(end_reason)}.[/yellow]")
    if record_path is not None:
        runner.record.seats = specs
        runner.record.save(record_path)
        console.print(f"Record saved to {record_path}")
    return code
