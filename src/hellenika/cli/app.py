"""The ``hellenika`` command (Typer). Each command is a thin shell over a module that does the work.

Errors a user can cause (unknown game, bad option, bad record) print one clear line and exit with status 2;
tracebacks are for bugs only.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hellenika import __version__, games
from hellenika.engine.errors import HellenikaError
from hellenika.engine.options import parse_option_pairs

if TYPE_CHECKING:
    from hellenika.bots.batch import GameSpec
    from hellenika.cli.batch import BatchOutcome

app = typer.Typer(
    name="hellenika",
    help="Five Greek-themed board games with their full rules: play, simulate, replay and benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
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


def _played_with_progress(
    specs: list[GameSpec],
    workers: int | None,
    title: str,
    cluster: str | None,
    resume: Path | None,
    same: dict[str, Any],
) -> BatchOutcome:
    """Play a batch with a progress bar on stderr (simulate and tournament share it); Ctrl-C keeps the
    finished games, ``resume`` takes those of an interrupted run whose report has the values ``same``."""
    from hellenika.cli.batch import resumed_results, run_with_progress

    done = resumed_results(resume, specs, same)
    return run_with_progress(specs, workers, title, err_console, cluster=cluster, done=done)


def _check_cluster(cluster: str | None) -> str | None:
    """The ``--cluster`` value checked (Ray itself is imported only once a batch runs there)."""
    if cluster is None:
        return None
    from hellenika.bots.cluster import check_address

    return check_address(cluster)


def _fail(message: str) -> None:
    err_console.print(f"[red]error:[/red] {escape(message)}", highlight=False)
    raise typer.Exit(2)


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", help="Show the version.")] = False) -> None:
    if version:
        console.print(f"hellenika {__version__}")
        raise typer.Exit()


@app.command("games")
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


@app.command()
def rules(game: GameArg) -> None:
    """Print our rules summary of a game."""
    try:
        console.print(Markdown(games.get(game).rules_text()))
    except HellenikaError as exc:
        _fail(str(exc))


@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = 2,
    seat: SeatOpt = None,
    seed: SeedOpt = 0,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record (JSON) here.")] = None,
) -> None:
    """Play a game in the terminal. Missing seats after the given ones are 'medium' bots (the game's
    heuristic player); with no --seat you play seat 1 against them."""
    from hellenika.cli.play import run_play

    try:
        code = run_play(game, players, seat or [], seed, option or [], record, console)
    except HellenikaError as exc:
        _fail(str(exc))
    raise typer.Exit(code)


@app.command()
def simulate(
    game: GameArg,
    games_count: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    players: PlayersOpt = 2,
    seat: SeatOpt = None,
    seed: SeedOpt = 1,
    option: OptionOpt = None,
    workers: WorkersOpt = None,
    json_path: Annotated[Path | None, typer.Option("--json", help="Also write the report as JSON.")] = None,
    cluster: ClusterOpt = None,
    resume: ResumeOpt = None,
) -> None:
    """Play many bot games and report win rates, scores, lengths and the first-seat advantage."""
    from hellenika.cli.seats import complete_seats
    from hellenika.cli.simulate import simulation_specs, summarise

    try:
        options = parse_option_pairs(option or [])
        g = games.get(game)
        g.validate(players, options)
        specs = complete_seats(seat or [], players, "random")
        if "human" in specs:
            _fail("simulate plays bots only; use 'hellenika play' for a human seat")
        from hellenika.bots import make_agent

        for spec_text in specs:
            make_agent(spec_text)
        cluster = _check_cluster(cluster)
    except HellenikaError as exc:
        _fail(str(exc))
    if games_count < 1 or (workers is not None and workers < 1):
        _fail("--games and --workers must be at least 1")
    batch = simulation_specs(game, players, tuple(specs), tuple(sorted(options.items())), seed, games_count)
    names = [f"P{i + 1} {s}" for i, s in enumerate(specs)]
    names += g.new_state(players, options, log=False).participant_names()[players:]
    start = time.perf_counter()
    try:
        same = {"game": game, "players": players, "seats": specs, "options": options, "seed": seed}
        outcome = _played_with_progress(batch, workers, f"{g.title}", cluster, resume, same)
    except HellenikaError as exc:
        _fail(str(exc))
    report = summarise(batch[0], seed, outcome.results, names)
    if outcome.interrupted:
        report["interrupted"] = outcome.interruption(with_results=True)
    _print_report(g.title, report)
    seconds = time.perf_counter() - start
    err_console.print(
        f"[dim]{len(outcome.results)} games in {seconds:.1f} s "
        f"({len(outcome.results) / max(seconds, 1e-9):.1f} games/s)[/dim]"
    )
    if json_path is not None:
        json_path.write_text(json.dumps(report, indent=1) + "\n")


def _rate_cell(row: dict[str, Any]) -> str:
    """A win rate with its 95% interval in one narrow cell ("62.5% (31-86)"), so tables fit 80 columns."""
    low, high = row["win_rate_ci95"]
    return f"{row['win_rate']:.1%} ({100 * low:.0f}-{100 * high:.0f})"


def _print_report(title: str, report: dict[str, Any]) -> None:
    players = report["players"]
    who = "1 player (solo)" if players == 1 else f"{players} players"
    table = Table(title=f"{title}: {report['games']} games, {who}, seed {report['seed']}")
    table.add_column("Seat", overflow="fold")
    for column in ("Wins (95% CI)", "Score", "Min", "Max"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in report["participants"]:
        table.add_row(
            row["participant"],
            _rate_cell(row),
            f"{row['score_mean']:.1f}",
            f"{row['score_min']:g}",
            f"{row['score_max']:g}",
        )
    console.print(table)
    length = report["length"]
    console.print(
        f"Game length: {length['actions_mean']:.1f} actions on average "
        f"({length['actions_min']}-{length['actions_max']}), "
        f"{length['decisions_mean']:.1f} decisions"
    )
    if players > 1:
        order = ", ".join(f"{r['position']}: {r['win_rate']:.1%}" for r in report["turn_order"])
        console.print(f"Win rate by first-round turn position: {order}")
        console.print(f"First-seat advantage: {report['first_seat_advantage']:+.1%} over an equal share")


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A record saved with --record.")],
    to_end: Annotated[bool, typer.Option("--to-end", help="Replay without stopping; print the end.")] = False,
    log: Annotated[bool, typer.Option("--log", help="With --to-end: print the whole game log.")] = False,
) -> None:
    """Step through a recorded game (forward, back, jump), checking that it replays exactly."""
    from hellenika.cli.replay import replay_interactive, replay_to_end

    try:
        code = replay_to_end(path, console, log) if to_end else replay_interactive(path, console, sys.stdin)
    except HellenikaError as exc:
        _fail(str(exc))
    raise typer.Exit(code)


@app.command()
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
        _fail(str(exc))
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text)


@app.command()
def tournament(
    game: GameArg,
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            help="A bot spec; give two or more (random, greedy, "
            "heuristic, ismcts:iterations=1000, easy, hard...).",
        ),
    ],
    games_count: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    players: PlayersOpt = 2,
    seed: SeedOpt = 1,
    option: OptionOpt = None,
    workers: WorkersOpt = None,
    json_path: Annotated[Path | None, typer.Option("--json", help="Write the report as JSON.")] = None,
    plot_path: Annotated[
        Path | None, typer.Option("--plot", help="Plot ratings and scores (.png or .svg).")
    ] = None,
    cluster: ClusterOpt = None,
    resume: ResumeOpt = None,
) -> None:
    """Bots against each other with seats rotated: win rates with 95% intervals, openskill ratings, a plot."""
    from hellenika.bots import make_agent
    from hellenika.bots.tournament import plot, summarise, tournament_specs

    try:
        options = parse_option_pairs(option or [])
        g = games.get(game)
        g.validate(players, options)
        for spec_text in bot:
            make_agent(spec_text)
        cluster = _check_cluster(cluster)
    except HellenikaError as exc:
        _fail(str(exc))
    if len(set(bot)) != len(bot) or not bot:
        _fail("give each --bot once (two or more different specs)")
    if games_count < 1 or (workers is not None and workers < 1):
        _fail("--games and --workers must be at least 1")
    specs = tournament_specs(game, players, bot, tuple(sorted(options.items())), seed, games_count)
    start = time.perf_counter()
    try:
        same = {"game": game, "players": players, "options": options, "seed": seed}
        outcome = _played_with_progress(specs, workers, f"{g.title} tournament", cluster, resume, same)
    except HellenikaError as exc:
        _fail(str(exc))
    results = outcome.results
    report = summarise(bot, players, results)
    report.update({"game": game, "options": options, "seed": seed})
    if outcome.interrupted:
        report["interrupted"] = outcome.interruption(with_results=True)
    title = f"{g.title}, {players} players: {len(results)} games, seed {seed}"
    # No rules between columns or at the edges: room for long bot specs in 80 columns.
    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Bot", overflow="fold")
    for column in ("Seats", "Wins (95% CI)", "Score", "μ ± σ", "Ordinal"):
        table.add_column(column, justify="right", no_wrap=True)
    for row in sorted(report["bots"], key=lambda r: -r["rating_ordinal"]):
        table.add_row(
            row["bot"],
            str(row["seats_played"]),
            _rate_cell(row),
            f"{row['score_mean']:.1f}",
            f"{row['rating_mu']:.1f}±{row['rating_sigma']:.1f}",
            f"{row['rating_ordinal']:.1f}",
        )
    console.print(table)
    if players == 2:
        # Columns by number, so that the matrix stays narrow whatever the bots' specs.
        matrix = Table(
            title="Head to head: row's win rate against column",
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
        )
        matrix.add_column("")
        for number in range(1, len(bot) + 1):
            matrix.add_column(f"v {number}", justify="right")
        for a, name in enumerate(bot):
            cells = report["head_to_head"][a]
            matrix.add_row(f"{a + 1} {name}", *("—" if v is None else f"{v:.0%}" for v in cells))
        console.print(matrix)
    err_console.print(f"[dim]{len(results)} games in {time.perf_counter() - start:.1f} s[/dim]")
    if json_path is not None:
        json_path.write_text(json.dumps(report, indent=1) + "\n")
    if plot_path is not None:
        plot(report, title, str(plot_path))
        console.print(f"Plot saved to {plot_path}")


@app.command()
def analyze(
    paths: Annotated[list[Path], typer.Argument(help="One or more records saved with --record.")],
    iterations: Annotated[int, typer.Option("--iterations", help="ISMCTS iterations per decision.")] = 1000,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="Only review these seats (1-based).")
    ] = None,
    json_path: Annotated[Path | None, typer.Option("--json", help="Write the review as JSON.")] = None,
    workers: WorkersOpt = None,
    cluster: ClusterOpt = None,
) -> None:
    """Review recorded games: for each decision, the move ISMCTS prefers and how much better it judges it.

    Several records are a batch (one task each, on --workers processes or on --cluster); one record is
    reviewed here, step by step."""
    from hellenika.engine.record import Record

    seats = {s - 1 for s in seat} if seat else None
    try:
        cluster = _check_cluster(cluster)
        records = [Record.load(path) for path in paths]
        titles = []
        all_names = []
        for record in records:
            g = games.get(record.game)
            probe = g.new_state(record.players, record.options, log=False)
            names = [f"P{i + 1} {s}" for i, s in enumerate(record.seats)]
            all_names.append(names + probe.participant_names()[record.players :])
            titles.append(g.title)
        if len(records) == 1 and cluster is None and workers is None:
            reviewed = [_review_here(records[0], iterations, seats, all_names[0])]
        else:
            from hellenika.bots.batch import review_one
            from hellenika.cli.batch import run_with_progress

            chosen = None if seats is None else tuple(sorted(seats))
            items = [(record.to_json(), iterations, chosen) for record in records]
            outcome = run_with_progress(
                items,
                workers,
                "Reviewing",
                err_console,
                cluster=cluster,
                task=review_one,
                unit="records",
            )
            reviewed = [r["reviews"] for r in outcome.results]
    except HellenikaError as exc:
        _fail(str(exc))
    for k, reviews in enumerate(reviewed):
        names = all_names[k]
        if len(records) == 1:
            _print_review_table(titles[k], iterations, names, reviews)
        else:
            console.print(f"[bold]{escape(str(paths[k]))}[/bold] ({titles[k]})", highlight=False)
        for s in sorted({r["seat"] for r in reviews}):
            mine = [r for r in reviews if r["seat"] == s]
            agree = sum(r["best"] == r["played"] for r in mine)
            console.print(
                f"{names[s]}: {len(mine)} decisions, {agree} as ISMCTS would play, average loss "
                f"{sum(r['loss'] for r in mine) / len(mine):.3f}, "
                f"{sum(r['verdict'] == 'mistake' for r in mine)} mistakes, "
                f"{sum(r['verdict'] == 'blunder' for r in mine)} blunders"
            )
    if len(reviewed) < len(records):
        console.print(f"Stopped: {len(reviewed)} of {len(records)} records reviewed.")
    if json_path is not None:
        data: Any = (
            reviewed[0]
            if len(paths) == 1 and reviewed
            else [{"record": str(paths[k]), "reviews": r} for k, r in enumerate(reviewed)]
        )
        json_path.write_text(json.dumps(data, indent=1) + "\n")


def _review_here(
    record: Any, iterations: int, seats: set[int] | None, names: list[str]
) -> list[dict[str, Any]]:
    """One record reviewed in this process, with a bar that follows its steps."""
    from hellenika.bots.analysis import review_game
    from hellenika.bots.ismcts import ISMCTSBot

    reviews = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    ) as progress:
        task = progress.add_task("Reviewing", total=len(record.actions))
        for review in review_game(
            record,
            games.REGISTRY,
            ISMCTSBot(iterations=iterations),
            seats=seats,
            names=names,
            progress=lambda step, _: progress.update(task, completed=step),
        ):
            reviews.append(review.__dict__ | {"loss": review.loss, "verdict": review.verdict})
    return reviews


def _print_review_table(title: str, iterations: int, names: list[str], reviews: list[dict[str, Any]]) -> None:
    table = Table(title=f"{title}: review at {iterations} ISMCTS iterations per decision")
    for column in ("Step", "Player", "Played", "ISMCTS prefers", "Loss", ""):
        table.add_column(column, justify="right" if column in ("Step", "Loss") else "left")
    for r in reviews:
        same = r["best"] == r["played"]
        table.add_row(
            str(r["step"]),
            names[r["seat"]],
            f"{r['played_label']} ({r['played_value']:+.2f})",
            "same" if same else f"{r['best_label']} ({r['best_value']:+.2f})",
            f"{r['loss']:.2f}",
            r["verdict"],
        )
    console.print(table)


@app.command()
def balance(
    game: GameArg,
    games_count: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 200,
    players: PlayersOpt = 2,
    option: OptionOpt = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bots in seat order, comma-separated (heuristic,random), rotated through the seats; "
            "default heuristic in every seat.",
        ),
    ] = None,
    seed: SeedOpt = 1,
    workers: WorkersOpt = None,
    cluster: ClusterOpt = None,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for balance.json, balance.html and the plots.")
    ] = Path("balance"),
) -> None:
    """A balance report for designers: seat order, scores, length, and how the players who took each
    component placed; JSON and an HTML page with plots."""
    from hellenika.cli.balance import run_balance

    try:
        run_balance(
            game,
            players,
            option or [],
            games_count,
            bots or [],
            seed,
            workers,
            cluster,
            out,
            console,
            err_console,
        )
    except HellenikaError as exc:
        _fail(str(exc))


@app.command()
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
        _fail(str(exc))
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


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="SQLAlchemy URL (default: $DATABASE_URL, else sqlite:///./var/hellenika.db); "
            "PostgreSQL as postgresql+psycopg://user@host/db.",
        ),
    ] = None,
    access_log: Annotated[
        bool, typer.Option("--access-log", help="Log every request (off by default: it costs under load).")
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            envvar="HELLENIKA_FORWARDED_ALLOW_IPS",
            help="Trust X-Forwarded-For/-Proto only from these proxies (comma-separated addresses or "
            "networks, e.g. 127.0.0.1 behind a local nginx). Default: from none, so no client can claim "
            "another address.",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            envvar="HELLENIKA_SECURE_COOKIES",
            help="Mark the session and CSRF cookies Secure (the site is served over HTTPS).",
        ),
    ] = False,
    register_limit: Annotated[
        int | None,
        typer.Option(
            "--register-limit",
            envvar="HELLENIKA_REGISTER_LIMIT",
            min=1,
            help="New accounts allowed per address in 10 minutes (default 5; raise it for a crowd behind one "
            "address).",
        ),
    ] = None,
    bot_pause: Annotated[
        float | None,
        typer.Option(
            "--bot-pause",
            envvar="HELLENIKA_BOT_PAUSE",
            min=0.0,
            max=10.0,
            help="Seconds a bot waits between its decisions at a live table where a person sits, so people "
            "can follow them (default 0.6; 0: no pause).",
        ),
    ] = None,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            "--smtp-url",
            envvar="SMTP_URL",
            help="Send notification mail through smtp://user:pass@host:port (smtps:// for TLS). Default: "
            "none, mail is only written to the log and the admin's outbox page (/admin/outbox).",
        ),
    ] = None,
    smtp_from: Annotated[
        str | None, typer.Option("--smtp-from", envvar="SMTP_FROM", help="The From address of mail.")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="PUBLIC_URL",
            help="The site's address as people reach it, for links in mail and webhooks "
            "(default http://HOST:PORT).",
        ),
    ] = None,
    notify_poll: Annotated[
        float | None,
        typer.Option(
            "--notify-poll",
            envvar="HELLENIKA_NOTIFY_POLL_SECONDS",
            min=0.05,
            help="Seconds between two passes of the notification drain (default 2).",
        ),
    ] = None,
    notify_retry: Annotated[
        float | None,
        typer.Option(
            "--notify-retry-seconds",
            envvar="HELLENIKA_NOTIFY_RETRY_SECONDS",
            min=0.05,
            help="The first retry delay of a failed notification, doubled each time (default 30).",
        ),
    ] = None,
    webhook_allow_private: Annotated[
        bool,
        typer.Option(
            "--webhook-allow-private",
            envvar="HELLENIKA_WEBHOOK_ALLOW_PRIVATE",
            help="Let webhooks post to loopback and private addresses (refused by default: SSRF).",
        ),
    ] = False,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            envvar="REDIS_URL",
            help="Redis for several processes (redis://host:6379/0): the notes that tell the other processes "
            "of moves and logouts, and the shared rate limits. Several processes also need PostgreSQL; "
            "default: none, one process.",
        ),
    ] = None,
    redis_prefix: Annotated[
        str | None,
        typer.Option(
            "--redis-prefix",
            envvar="HELLENIKA_REDIS_PREFIX",
            help="Key and channel prefix on Redis (default hellenika), so several sites can share one Redis.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            envvar="HELLENIKA_WORKERS",
            min=1,
            help="Server processes on this host (uvicorn's supervisor); more than 1 needs PostgreSQL and "
            "--redis-url.",
        ),
    ] = 1,
    timeout_graceful_shutdown: Annotated[
        int,
        typer.Option(
            "--timeout-graceful-shutdown",
            envvar="HELLENIKA_TIMEOUT_GRACEFUL_SHUTDOWN",
            min=1,
            help="Seconds to finish requests and WebSockets in flight after SIGTERM.",
        ),
    ] = 10,
) -> None:
    """Run the web server: every game in the browser, live or turn-based, with friends or bots."""
    from hellenika.cli.serve import run_server

    notifications: dict[str, object] = {
        "smtp_url": smtp_url or None,
        "public_url": public_url or f"http://{host}:{port}",
        "webhook_allow_private": webhook_allow_private,
    }
    for key, value in (
        ("smtp_from", smtp_from),
        ("notify_poll_seconds", notify_poll),
        ("notify_retry_seconds", notify_retry),
        ("redis_prefix", redis_prefix),
    ):
        if value:
            notifications[key] = value
    if bot_pause is not None:
        notifications["bot_pause_seconds"] = bot_pause

    run_server(
        host,
        port,
        database_url,
        access_log,
        forwarded_allow_ips=forwarded_allow_ips,
        secure_cookies=secure_cookies,
        register_limit=register_limit,
        notifications=notifications,
        redis_url=redis_url or None,
        workers=workers,
        timeout_graceful_shutdown=timeout_graceful_shutdown,
    )


@app.command("admin")
def admin_role(
    action: Annotated[str, typer.Argument(help="grant or revoke")],
    name: Annotated[str, typer.Argument(help="the account's name")],
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="the server's database (default: $DATABASE_URL, else ./var)"),
    ] = None,
) -> None:
    """Make an account one of the server's admins, or take the role back (the first account always is)."""
    from hellenika.server.admin import set_admin
    from hellenika.server.config import database_url_from_env
    from hellenika.server.errors import ApiError
    from hellenika.server.store import Store

    if action not in ("grant", "revoke"):
        _fail(f"say grant or revoke, not {action!r}")
    store = Store(database_url_from_env(database_url))
    try:
        with store.session() as session, session.begin():
            shown = set_admin(session, name, action == "grant")
    except ApiError as exc:
        _fail(exc.detail)
    finally:
        store.close()
    typer.echo(f"{shown} is {'now' if action == 'grant' else 'no longer'} an admin.")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
