"""Batch work on Ray (``--cluster``): the same games as ``--workers``, on this machine or on a cluster.

Where: ``local`` starts a Ray instance on this machine with ``--workers`` CPUs (every core without it);
``auto`` joins the cluster that ``RAY_ADDRESS`` names (``ray start`` prints it; ``auto`` or ``HOST:6379`` on a
node of the cluster) or, without it, starts a local one; ``ray://HOST:PORT`` connects through Ray Client (the
head's port 10001 by default). Ray is imported here only, and this module only when a batch asks for a
cluster: without ``--cluster`` nothing of Ray is loaded (the extra ``cluster`` may be absent).

How: every item (a game, or a record to review) is one Ray task of one CPU, ``max_retries`` times retried by
Ray when its worker dies, so a lost node or a killed process costs only the games it had in flight. A game's
seed comes from the run's seed and the game's index (:func:`hellenika.bots.batch.game_seed`), never from the
node, and results are keyed by index, so a retried game is counted once and the results equal those of
``--workers 1``. At most a few tasks per CPU are in flight: results stream back as they finish (the progress
bar), and stopping the run (Ctrl-C) cancels only those few, the rest never having been sent.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import hellenika
from hellenika.bots.batch import Task, run_chunk
from hellenika.engine.errors import HellenikaError

CLUSTER_HELP = (
    "Run the games on Ray: local (a Ray instance on this machine, --workers CPUs), auto (the cluster in "
    "RAY_ADDRESS, else local) or ray://HOST:PORT (Ray Client). Needs the extra: pip install "
    "'hellenika[cluster]'."
)
MAX_RETRIES = 3  # a task whose worker dies is run again up to this many times (never for a Python error)
IN_FLIGHT_PER_CPU = 2  # tasks sent ahead per CPU: enough to keep every CPU busy between two results


class ClusterError(HellenikaError, ValueError):
    """A ``--cluster`` value that is not understood, Ray missing, or a node that runs other code."""


def check_address(text: str) -> str:
    """The ``--cluster`` value, checked: ``auto``, ``local`` or ``ray://HOST:PORT``."""
    if text in ("auto", "local"):
        return text
    if text.startswith("ray://"):
        host, colon, port = text.removeprefix("ray://").rpartition(":")
        if host and colon and port.isdigit():
            return text
    raise ClusterError(f"--cluster takes auto, local or ray://HOST:PORT, not {text!r}")


def import_ray() -> Any:
    """The ``ray`` module (typed loosely: Ray's own annotations are not part of our checked API)."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise ClusterError("--cluster needs Ray: pip install 'hellenika[cluster]'") from exc


def versions() -> dict[str, str]:
    """What must be the same on every node for a run to mean the same: our version and Python's."""
    return {"hellenika": hellenika.__version__, "python": f"{sys.version_info[0]}.{sys.version_info[1]}"}


@contextmanager
def connected(address: str, workers: int | None = None) -> Iterator[Any]:
    """Ray, connected as ``address`` says; shut down again at the end only if this call started it.

    If Ray is already connected in this process (a test, or a caller running several batches), that
    connection is used as it is."""
    check_address(address)
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    joined = os.environ.get("RAY_ADDRESS") if address == "auto" else None
    try:
        if address.startswith("ray://"):
            ray.init(address=address, logging_level="warning")
        elif joined:
            ray.init(logging_level="warning")  # joins the cluster in RAY_ADDRESS
        else:
            ray.init(
                address="local",
                num_cpus=workers or os.cpu_count() or 1,
                include_dashboard=False,
                logging_level="warning",
            )
    except (ConnectionError, TimeoutError) as exc:
        where = address if address.startswith("ray://") else f"RAY_ADDRESS={joined}"
        raise ClusterError(f"cannot reach the Ray cluster at {where}: {exc}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _run_task(
    task: Task, items: list[Any], indices: list[int], expected: dict[str, str]
) -> list[dict[str, Any]]:
    """What a Ray worker runs: the items, after checking that the node runs the same code as the driver."""
    mine = versions()
    if mine != expected:
        return [{"index": indices[0], "error": f"a node runs {mine}, this machine {expected}"}]
    return run_chunk(task, items, indices)


def run_on_cluster(
    items: Sequence[Any],
    address: str,
    workers: int | None = None,
    *,
    task: Task,
    chunk: int = 1,
) -> Iterator[dict[str, Any]]:
    """Run ``task(items[i], i)`` for every i on Ray; yield each result as it arrives, once per index.

    ``chunk`` items share a task (fewer round trips for very short games; a dead worker then reruns its
    whole chunk, still counted once). Stopping the iteration (Ctrl-C in the caller, ``close()``) cancels
    the tasks in flight; the results already yielded stand."""
    if not items:
        return
    with connected(address, workers) as ray:
        remote = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(_run_task)
        expected = versions()
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        window = max(2, IN_FLIGHT_PER_CPU * cpus)
        size = max(1, chunk)
        parts = [list(range(i, min(i + size, len(items)))) for i in range(0, len(items), size)]
        pending: dict[Any, int] = {}
        seen: set[int] = set()
        following = 0
        try:
            while following < len(parts) or pending:
                while following < len(parts) and len(pending) < window:
                    part = parts[following]
                    ref = remote.remote(task, [items[i] for i in part], part, expected)
                    pending[ref] = following
                    following += 1
                # A timeout, so that Ctrl-C is seen even while every task is still running.
                done, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
                for ref in done:
                    del pending[ref]
                    for result in ray.get(ref):
                        if "error" in result:
                            raise ClusterError(result["error"])
                        index = result["index"]
                        if index not in seen:  # a game reported twice (a retry) counts once
                            seen.add(index)
                            yield result
        finally:
            for ref in pending:
                ray.cancel(ref)
