"""The commands that run batches: ``simulate``, ``tournament``, ``analyze`` and ``balance``.

They play (or review) many games on ``--workers`` processes or on Ray (``--cluster``) with the progress bar
of :mod:`hellenika.cli.batch`, and print the report; the statistics are :mod:`hellenika.cli.simulate`,
:mod:`hellenika.bots.tournament`, :mod:`hellenika.bots.analysis` and :mod:`hellenika.cli.balance`, imported
when the command runs (so is Ray, only once a batch runs there).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hellenika import games
from hellenika.cli.common import (
    ClusterOpt,
    GameArg,
    OptionOpt,
    PlayersOpt,
    ResumeOpt,
    SeatOpt,
    SeedOpt,
    WorkersOpt,
    check_batch_size,
    check_cluster,
    checked_game,
    console,
    err_console,
    fail,
)
from hellenika.engine.errors import HellenikaError

if TYPE_CHECKING:
    from hellenika.bots.batch import GameSpec
    from hellenika.cli.batch import BatchOutcome


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
        g, options = checked_game(game, players, option or [])
        specs = complete_seats(seat or [], players, "random")
        if "human" in specs:
            fail("simulate plays bots only; use 'hellenika play' for a human seat")
        from hellenika.bots import make_agent

        for spec_text in specs:
            make_agent(spec_text)
        cluster = check_cluster(cluster)
        check_batch_size(games_count, workers)
    except HellenikaError as exc:
        fail(str(exc))
    batch = simulation_specs(game, players, tuple(specs), tuple(sorted(options.items())), seed, games_count)
    names = [f"P{i + 1} {s}" for i, s in enumerate(specs)]
    names += g.new_state(players, options, log=False).participant_names()[players:]
    start = time.perf_counter()
    try:
        same = {"game": game, "players": players, "seats": specs, "options": options, "seed": seed}
        outcome = _played_with_progress(batch, workers, f"{g.title}", cluster, resume, same)
    except HellenikaError as exc:
        fail(str(exc))
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
        g, options = checked_game(game, players, option or [])
        for spec_text in bot:
            make_agent(spec_text)
        cluster = check_cluster(cluster)
        if len(set(bot)) != len(bot) or not bot:
            fail("give each --bot once (two or more different specs)")
        check_batch_size(games_count, workers)
    except HellenikaError as exc:
        fail(str(exc))
    specs = tournament_specs(game, players, bot, tuple(sorted(options.items())), seed, games_count)
    start = time.perf_counter()
    try:
        same = {"game": game, "players": players, "options": options, "seed": seed}
        outcome = _played_with_progress(specs, workers, f"{g.title} tournament", cluster, resume, same)
    except HellenikaError as exc:
        fail(str(exc))
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
        cluster = check_cluster(cluster)
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
        fail(str(exc))
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
        fail(str(exc))
