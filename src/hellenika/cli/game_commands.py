"""The commands about one game: ``games``, ``rules``, ``play``, ``replay``, ``transcript`` and ``bench``.

Each is a thin shell over the module that does the work (:mod:`hellenika.cli.play`, :mod:`.replay`,
:mod:`.transcript`, :mod:`.bench`), imported when the command runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.padding import Padding
from rich.table import Table

from hellenika import games
from hellenika.cli.common import GameArg, OptionOpt, PlayersOpt, SeatOpt, SeedOpt, console, fail
from hellenika.cli.language import LangOpt, choose
from hellenika.engine.errors import HellenikaError
from hellenika.engine.options import parse_option_pairs


def list_games() -> None:
    """List the games with their player counts and options."""
    table = Table(title="Hellenika games")
    table.add_column("Name", style="bold", no_wrap=True)
    table.add_column("Game")
    table.add_column("Players", justify="center")
    table.add_column("Rules", justify="center")
    table.add_column("Options")
    for game in games.all_games():
        table.add_row(
            game.name,
            game.title,
            game.players_text(),
            game.rules_version,
            "\n".join(spec.name for spec in game.option_specs) or "—",
        )
    console.print(table)
    # The descriptions need the full width, so they follow the table instead of squeezing into it.
    for game in games.all_games():
        console.print(f"\n[bold]{game.name}[/bold]: {game.summary}", highlight=False)
        if game.option_specs:
            options = Table.grid(padding=(0, 2, 0, 0))
            options.add_column(style="cyan", no_wrap=True)
            options.add_column()
            for spec in game.option_specs:
                options.add_row(
                    f"--option {spec.name}={spec.allowed()}",
                    f"{spec.description} [dim](default {spec.default_text()})[/dim]",
                )
            console.print(Padding(options, (0, 0, 0, 2)))


def rules(game: GameArg, lang: LangOpt = None) -> None:
    """Print our rules summary of a game (in the chosen language where we have it, else English)."""
    try:
        console.print(Markdown(games.get(game).rules_text(choose(lang))))
    except HellenikaError as exc:
        fail(str(exc))


def play(
    game: GameArg,
    players: PlayersOpt = 2,
    seat: SeatOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record (JSON) here.")] = None,
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal. Missing seats after the given ones are 'medium' bots (the game's
    heuristic player); with no --seat you play seat 1 against them."""
    from hellenika.cli.play import run_play

    try:
        code = run_play(game, players, seat or [], seed, option or [], record, console, lang=choose(lang))
    except HellenikaError as exc:
        fail(str(exc))
    raise typer.Exit(code)


def replay(
    path: Annotated[Path, typer.Argument(help="A record saved with --record.")],
    to_end: Annotated[bool, typer.Option("--to-end", help="Replay without stopping; print the end.")] = False,
    log: Annotated[bool, typer.Option("--log", help="With --to-end: print the whole game log.")] = False,
    lang: LangOpt = None,
) -> None:
    """Step through a recorded game (forward, back, jump), checking that it replays exactly."""
    from hellenika.cli.replay import replay_interactive, replay_to_end

    try:
        chosen = choose(lang)
        if to_end:
            code = replay_to_end(path, console, log, lang=chosen)
        else:
            code = replay_interactive(path, console, sys.stdin, lang=chosen)
    except HellenikaError as exc:
        fail(str(exc))
    raise typer.Exit(code)


def transcript(
    game: GameArg,
    players: PlayersOpt = 2,
    seat: SeatOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file instead of printing.")] = None,
) -> None:
    """Write a seeded bot game action by action with its log (the golden playthroughs in tests/golden)."""
    from hellenika.cli.seats import complete_seats
    from hellenika.cli.transcript import transcript as make_transcript

    try:
        specs = complete_seats(seat or [], players, "random")
        text = make_transcript(game, players, specs, seed, parse_option_pairs(option or []))
    except HellenikaError as exc:
        fail(str(exc))
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text)


def bench(
    game: GameArg,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players (default: 2, or the minimum).")
    ] = None,
    option: OptionOpt = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Time spent on random games.")] = 3.0,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            help="Measure a search bot instead, e.g. ismcts or ismcts:horizon=0 (iterations per second).",
        ),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Measure random games per second, actions per second and clone time (with --bot: search speed)."""
    from hellenika.cli.bench import measure, measure_search

    try:
        g = games.get(game)
        count = players if players is not None else max(2, g.min_players)
        if bot is not None:
            result = measure_search(game, count, parse_option_pairs(option or []), bot, seconds=seconds)
        else:
            result = measure(game, count, parse_option_pairs(option or []), seconds=seconds)
    except HellenikaError as exc:
        fail(str(exc))
    if json_out:
        console.print_json(json.dumps(result))
        return
    if bot is not None:
        console.print(
            f"{g.title}, {count} players, {result['bot']}: "
            f"{result['iterations_per_second']:,.0f} iterations/s (CPU time), "
            f"{result['seconds_per_search']:.3f} s per search over {result['searches']} searches"
        )
        return
    table = Table(title=f"{g.title}, {count} players (Python {result['python']}, one core, CPU time)")
    table.add_column("Measure")
    table.add_column("Value", justify="right")
    table.add_row("random full games / s", f"{result['games_per_second']:,.0f}")
    table.add_row("actions / s (legal_actions + apply_unchecked)", f"{result['actions_per_second']:,.0f}")
    table.add_row("actions / s (checked apply)", f"{result['checked_actions_per_second']:,.0f}")
    table.add_row("actions per game", f"{result['actions_per_game']:.1f}")
    table.add_row("clone (µs)", f"{result['clone_microseconds']:.2f}")
    console.print(table)
