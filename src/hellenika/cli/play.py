"""``hellenika play``: one game in the terminal, humans and bots at the table."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from hellenika import games
from hellenika.cli.seats import HUMAN, build_agents, complete_seats, seat_names
from hellenika.cli.terminal import HumanAgent, QuitGame, TerminalSession, and_list
from hellenika.engine.actions import Action
from hellenika.engine.match import MatchRunner
from hellenika.engine.options import parse_option_pairs
from hellenika.engine.state import State
from hellenika.i18n import ENGLISH, Msg, _m
from hellenika.i18n import render as say

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
    lang: str = ENGLISH,
) -> int:
    """Play one game; returns the exit code: 0 finished or quit by the player, 1 input ended mid-game."""
    game = games.get(game_name)
    options = parse_option_pairs(option_pairs)
    specs = complete_seats(seats or [HUMAN], players, DEFAULT_OPPONENT)
    game.validate(players, options)
    probe = game.new_state(players, options, log=False)
    names = seat_names(specs, probe.participant_names()[players:])
    humans = [i for i, spec in enumerate(specs) if spec == HUMAN]
    viewer = humans[0] if len(humans) == 1 else None
    session = TerminalSession(console, names, stream or sys.stdin, viewer, lang)
    agents = build_agents(specs, lambda: HumanAgent(session))

    def on_step(state: State, action: Action, player: int) -> None:
        session.catch_up()

    runner = MatchRunner(game, players, agents, options=options, seed=seed, log=True, step_hook=on_step)
    session.state = runner.state
    console.rule(say(_m("cli.play.title", game=game.title, names=tuple(names), seed=seed), lang))
    code = 0
    try:
        runner.run()
    except QuitGame as exc:
        stopped = say(_m("cli.play.stopped", reason=exc.reason), lang)
        console.print(f"[yellow]{escape(stopped)}[/yellow]")
        runner.record.finish(runner.state)
        code = 0 if exc.deliberate else 1
    session.catch_up()
    if runner.state.is_terminal():
        console.print(game.render(runner.state, None, names, lang))
        places = runner.state.ranking()
        winners = [Msg.literal(names[p]) for p, place in enumerate(places) if place == 1]
        winner = say(_m("cli.play.winner", names=and_list(winners)), lang)
        console.print(f"[bold]{escape(winner)}[/bold]")
        end_reason = runner.state.end_reason_msg()
        if end_reason is None and runner.state.end_reason() is not None:  # a game without its message yet
            end_reason = Msg.literal(runner.state.end_reason() or "")
        if end_reason is not None:  # a safety net ended it, not the game's own rules: say so with the winner
            ended = say(_m("cli.play.end_reason", reason=end_reason), lang)
            console.print(f"[yellow]{escape(ended)}[/yellow]")
    if record_path is not None:
        runner.record.seats = specs
        runner.record.save(record_path)
        console.print(say(_m("cli.play.record_saved", path=str(record_path)), lang))
    return code
