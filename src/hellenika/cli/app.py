"""The ``hellenika`` command (Typer). Each command is a thin shell over a module that does the work.

The commands live by responsibility: one game (:mod:`hellenika.cli.game_commands`), batches
(:mod:`hellenika.cli.batch_commands`), the server (:mod:`hellenika.cli.server_commands`), with what they
share in :mod:`hellenika.cli.common`; this module builds the app and registers them in the order
``hellenika --help`` lists them.

Errors a user can cause (unknown game, bad option, bad record) print one clear line and exit with status 2;
tracebacks are for bugs only.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hellenika import __version__
from hellenika.cli import batch_commands, game_commands, language, server_commands
from hellenika.cli.common import console, fail
from hellenika.engine.errors import HellenikaError

app = typer.Typer(
    name="hellenika",
    help="Five Greek-themed board games with their full rules: play, simulate, replay and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", help="Show the version.")] = False,
    lang: language.LangOpt = None,
) -> None:
    language.reset()
    try:
        language.choose(lang)
    except HellenikaError as exc:
        fail(str(exc))
    if version:
        console.print(f"hellenika {__version__}")
        raise typer.Exit()


app.command("games")(game_commands.list_games)
app.command()(game_commands.rules)
app.command()(game_commands.play)
app.command()(batch_commands.simulate)
app.command()(game_commands.replay)
app.command()(game_commands.transcript)
app.command()(batch_commands.tournament)
app.command()(batch_commands.analyze)
app.command()(batch_commands.balance)
app.command()(game_commands.bench)
app.command()(server_commands.serve)
app.command("admin")(server_commands.admin_role)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
