"""``hellenika balance``: bot games with seats rotated, written up for a designer as JSON and an HTML page.

The work is :mod:`hellenika.bots.balance` (the games and the statistics) and
:mod:`hellenika.bots.balance_report` (the plots and the page); this module reads the options, runs the
batch (worker processes or ``--cluster``) with a progress bar, and writes ``DIR/balance.json``,
``DIR/balance.html`` and the figures beside it (``seats.png``, ``scores.png``, ``components.png``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from hellenika import __version__
from hellenika.bots import make_agent
from hellenika.bots.balance import Slimmer, balance_specs, notable, parse_bots, play_balance, summarise
from hellenika.cli.batch import run_with_progress
from hellenika.cli.common import check_batch_size, check_cluster, checked_game
from hellenika.engine.errors import InvalidOption


def run_balance(
    game: str,
    players: int,
    option: list[str],
    games_count: int,
    bots_text: list[str],
    seed: int,
    workers: int | None,
    cluster: str | None,
    out: Path,
    console: Console,
    err_console: Console,
) -> Path:
    """Play, summarise, write; the page's path. Raises HellenikaError for what the user can fix."""
    g, options = checked_game(game, players, option)
    bots = parse_bots(bots_text) or ["heuristic"]
    for spec in bots:
        if spec == "human":
            raise InvalidOption("balance plays bots only")
        make_agent(spec)
    check_batch_size(games_count, workers)
    check_cluster(cluster)
    specs = balance_specs(game, players, bots, tuple(sorted(options.items())), seed, games_count)
    probe = g.new_state(players, options, log=False)
    names = [f"Seat {i + 1}" for i in range(players)] + probe.participant_names()[players:]
    start = time.perf_counter()
    slim = Slimmer()
    outcome = run_with_progress(
        specs, workers, f"{g.title} balance", err_console, cluster=cluster, task=play_balance, keep=slim
    )
    seconds = time.perf_counter() - start
    report = summarise(specs, bots, seed, outcome.results, names, slim.labels)
    report.update({"title": g.title, "rules_version": g.rules_version, "hellenika": __version__})
    if outcome.interrupted:
        report["interrupted"] = outcome.interruption()
    out.mkdir(parents=True, exist_ok=True)
    (out / "balance.json").write_text(json.dumps(report, indent=1) + "\n")
    from hellenika.bots.balance_report import plot_all, write_html

    page = out / "balance.html"
    write_html(report, plot_all(report, out), page)
    _print_summary(report, console)
    err_console.print(
        f"[dim]{report['games']} games in {seconds:.1f} s; {escape(str(page))} and balance.json[/dim]"
    )
    return page


def _print_summary(report: dict[str, Any], console: Console) -> None:
    seats = report["seats"]
    line = ", ".join(f"{s['participant']} {100 * s['win_rate']:.1f}%" for s in seats)
    console.print(f"First places by seat: {escape(line)}", highlight=False)
    first = report["first_seat"]
    if first:
        low, high = first["ci95"]
        console.print(
            f"First in turn order: {100 * first['win_rate']:.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), equal share {100 * first['fair_share']:.1f}%",
            highlight=False,
        )
    components = report["components"]
    top = notable(components, 5)
    if top:
        console.print(
            f"{len(components)} components; the largest differences in mean place:", highlight=False
        )
        for c in top:
            d = c["difference"]
            console.print(
                f"  {escape(c['source'])}: {escape(c['component'])}  {d['value']:+.2f} "
                f"({d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f}), taken in {100 * c['take_rate']:.0f}% "
                "of seat-games",
                highlight=False,
            )
