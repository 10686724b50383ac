"""What the ``hellenika`` commands share: the consoles, the arguments and options several commands take, and
the one way to report an error the user can fix.

Errors a user can cause (unknown game, bad option, bad record) print one clear line and exit with status 2
(:func:`fail`); tracebacks are for bugs only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape

from hellenika import games
from hellenika.engine.errors import InvalidOption
from hellenika.engine.options import parse_option_pairs

if TYPE_CHECKING:
    from hellenika.engine.game import Game

console = Console()
err_console = Console(stderr=True)

GameArg = Annotated[str, typer.Argument(help="Game name, see 'hellenika games'.")]
PlayersOpt = Annotated[
    int, typer.Option("--players", "-p", help="Number of players (1 = solo where offered).")
]
SeatOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        "-s",
        help="Seat spec, once per seat in order: human; a level: easy, medium, hard (ISMCTS 1 s a move), "
        "expert (5 s); or a bot: random, greedy, heuristic, ismcts:iterations=2000.",
    ),
]
SeedOpt = Annotated[int, typer.Option("--seed", help="Seed: same seed, same seats, same game.")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value, e.g. variant=simplified.")
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        help="Worker processes (default 1); with --cluster local, Ray's CPUs (default: all).",
    ),
]
ResumeOpt = Annotated[
    Path | None,
    typer.Option(
        "--resume",
        help="The --json of a run stopped with Ctrl-C: play only its missing games, then report them all.",
    ),
]
ClusterOpt = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        help="Run the batch on Ray: local, auto (RAY_ADDRESS, else local) or ray://HOST:PORT; "
        "same results as --workers 1. Needs the extra 'cluster'.",
    ),
]


def checked_game(game: str, players: int, option_pairs: list[str]) -> tuple[Game, dict[str, str]]:
    """The game and its ``--option`` pairs, checked for this player count (HellenikaError otherwise)."""
    options = parse_option_pairs(option_pairs)
    g = games.get(game)
    g.validate(players, options)
    return g, options


def check_batch_size(games_count: int, workers: int | None) -> None:
    """The batch commands' ``--games`` and ``--workers``: at least 1 (InvalidOption otherwise)."""
    if games_count < 1 or (workers is not None and workers < 1):
        raise InvalidOption("--games and --workers must be at least 1")


def check_cluster(cluster: str | None) -> str | None:
    """The ``--cluster`` value checked (Ray itself is imported only once a batch runs there)."""
    if cluster is None:
        return None
    from hellenika.bots.cluster import check_address

    return check_address(cluster)


def fail(message: str) -> None:
    """Print ``message`` as one error line on stderr and exit with status 2."""
    err_console.print(f"[red]error:[/red] {escape(message)}", highlight=False)
    raise typer.Exit(2)
