"""Running a batch from the command line: the progress bar, Ctrl-C, and ``--cluster``.

``simulate``, ``tournament``, ``analyze`` and ``balance`` share :func:`run_with_progress`: results feed the
bar as they arrive (from worker processes or Ray tasks, in any order), and are returned sorted by index,
so every report is summed in the same order whatever ran the games. Ctrl-C stops the batch (Ray's tasks in
flight are cancelled, queued ones never start) and returns the games finished so far, marked interrupted;
``simulate`` and ``tournament`` keep those games' results in their JSON, and ``--resume`` plays only the
rest (:func:`resumed_results`), so that the finished report is the one an uninterrupted run writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from hellenika.bots.batch import GameSpec, play_one, run_batch
from hellenika.bots.batch import Task as BatchTask
from hellenika.engine.errors import InvalidOption


class RateColumn(ProgressColumn):
    """Items per second over the last half minute (Rich's own estimate), e.g. ``41.3 games/s``."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-" if speed is None else f"{speed:,.1f} {self.unit}/s", style="progress.data.speed")


@dataclass
class BatchOutcome:
    results: list[dict[str, Any]]  # sorted by index
    planned: int
    interrupted: bool

    def interruption(self, with_results: bool = False) -> dict[str, Any]:
        """What a report says of a run stopped early: how many were planned and finished, the indices not
        played as ``[first, last]`` ranges (games are sent in index order, so they are few ranges) and, for
        ``--resume``, the finished games' results (without their CPU time)."""
        done = sorted({r["index"] for r in self.results})
        missing: list[list[int]] = []
        following = 0
        for index in [*done, self.planned]:
            if index > following:
                missing.append([following, index - 1])
            following = index + 1
        out: dict[str, Any] = {"planned": self.planned, "finished": len(done), "missing": missing}
        if with_results:
            out["results"] = [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in self.results]
        return out


def resumed_results(
    path: Path | None, specs: Sequence[GameSpec], same: Mapping[str, Any]
) -> dict[int, dict[str, Any]]:
    """The finished games of the interrupted run whose JSON report is at ``path`` (none without a path), by
    index; refused unless that run planned the same games (count, seeds, seats) and its report has the
    values in ``same``."""
    if path is None:
        return {}
    planned = len(specs)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise InvalidOption(f"cannot read {path}: {exc}") from None
    stop = data.get("interrupted") if isinstance(data, dict) else None
    if not isinstance(stop, dict) or "results" not in stop:
        raise InvalidOption(f"{path} is not the JSON of an interrupted run")
    if stop.get("planned") != planned:
        raise InvalidOption(f"{path} planned {stop.get('planned')} games, not {planned}")
    for key, value in same.items():
        if data.get(key) != value:
            raise InvalidOption(f"{path} is another run: its {key} is {data.get(key)!r}, not {value!r}")
    results = {r["index"]: r for r in stop["results"]}
    for index, result in results.items():
        spec = specs[index] if 0 <= index < planned else None
        if spec is None or result["seed"] != spec.seed or result["seats"] != list(spec.seats):
            raise InvalidOption(f"{path} is another run: its game {index} is not this run's")
    return results


def run_with_progress(
    items: Sequence[Any],
    workers: int | None,
    title: str,
    console: Console,
    *,
    cluster: str | None = None,
    task: BatchTask = play_one,
    unit: str = "games",
    chunk: int | None = None,
    keep: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    done: Mapping[int, dict[str, Any]] | None = None,
) -> BatchOutcome:
    """Run a batch with a progress bar on ``console`` (games done, games/s, time left); ``keep`` turns
    each result into what is kept of it, as it arrives; ``done``: results already had, by index (their
    items are not run again)."""
    results: list[dict[str, Any]] = list((done or {}).values())
    todo = [i for i in range(len(items)) if i not in (done or {})]
    interrupted = False
    size = chunk if chunk is not None else 1 if cluster is not None else 4
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TextColumn("left"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        bar = progress.add_task(title, total=len(todo))
        batch = run_batch([items[i] for i in todo], workers, size, in_order=False, task=task, cluster=cluster)
        try:
            with closing(batch):
                for result in batch:
                    result["index"] = todo[result["index"]]
                    results.append(result if keep is None else keep(result))
                    progress.advance(bar)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        console.print(f"[yellow]Stopped: {len(results)} of {len(items)} finished, kept.[/yellow]")
    elif done:
        console.print(f"[dim]{len(done)} games taken from the interrupted run, {len(todo)} played[/dim]")
    results.sort(key=lambda r: r["index"])
    return BatchOutcome(results, len(items), interrupted)
