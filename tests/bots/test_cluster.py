"""Batch work on Ray (``--cluster``): the same JSON as one worker, retries counted once, Ctrl-C, no Ray
unless asked.

The Ray tests start a local Ray with 2 CPUs (the CLI's own start in a subprocess, then one shared instance
for the rest of the module); without the extra ``cluster`` they are skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hellenika.bots.batch import GameSpec, play_one, run_batch
from hellenika.bots.cluster import ClusterError, check_address
from hellenika.cli import batch as batch_cli
from hellenika.cli.app import app
from hellenika.cli.simulate import simulation_specs

runner = CliRunner()
HELLENIKA = [sys.executable, "-m", "hellenika.cli.app"]
SIMULATE = ["simulate", "hercules", "--games", "40", "--players", "3", "--seat", "greedy", "--seed", "5"]
TOURNAMENT = ["tournament", "hercules", "--bot", "random", "--bot", "greedy", "--games", "12", "--seed", "2"]


def _no_timing(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per-game results without ``cpu_seconds``: the one timing field, which no report's JSON contains."""
    return [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in results]


def test_without_cluster_nothing_of_ray_is_imported(tmp_path):
    script = f"""
import sys
from typer.testing import CliRunner
from hellenika.cli.app import app
r = CliRunner()
record = {str(tmp_path / "g.json")!r}
commands = [
    ["simulate", "hercules", "--games", "4", "--workers", "2"],
    ["tournament", "hercules", "--bot", "random", "--bot", "greedy", "--games", "4"],
    ["balance", "hercules", "--games", "4", "--out", {str(tmp_path / "b")!r}],
    ["play", "hercules", "--seat", "random", "--seat", "random", "--record", record],
    ["analyze", record, record, "--iterations", "5"],
]
for args in commands:
    result = r.invoke(app, args)
    assert result.exit_code == 0, (args, result.output)
print(sorted(m for m in sys.modules if m == "ray" or m.startswith("ray.")))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_cluster_addresses_are_checked():
    assert check_address("auto") == "auto"
    assert check_address("local") == "local"
    assert check_address("ray://head.example:10001") == "ray://head.example:10001"
    for bad in ("", "remote", "ray://", "ray://host", "ray://host:port", "http://host:10001"):
        with pytest.raises(ClusterError):
            check_address(bad)
    result = runner.invoke(app, ["simulate", "hercules", "--games", "2", "--cluster", "everywhere"])
    assert result.exit_code == 2
    assert "--cluster takes auto, local or ray://HOST:PORT" in result.output


@pytest.mark.parametrize("command", [SIMULATE, TOURNAMENT], ids=["simulate", "tournament"])
def test_a_run_stopped_by_ctrl_c_resumes_to_the_same_report(tmp_path, monkeypatch, command):
    full = tmp_path / "full.json"
    assert runner.invoke(app, [*command, "--json", str(full)]).exit_code == 0
    real = batch_cli.run_batch

    def stopped_after_five(*args: Any, **kwargs: Any) -> Any:
        for n, result in enumerate(real(*args, **kwargs)):
            if n == 5:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(batch_cli, "run_batch", stopped_after_five)
    stopped = runner.invoke(app, [*command, "--workers", "2", "--json", str(tmp_path / "stopped.json")])
    assert stopped.exit_code == 0, stopped.output
    report = json.loads((tmp_path / "stopped.json").read_text())
    assert report["games"] == 5 and report["interrupted"]["finished"] == 5
    assert len(report["interrupted"]["results"]) == 5
    monkeypatch.setattr(batch_cli, "run_batch", real)
    resumed = tmp_path / "resumed.json"
    again = runner.invoke(app, [*command, "--resume", str(tmp_path / "stopped.json"), "--json", str(resumed)])
    assert again.exit_code == 0, again.output
    assert resumed.read_bytes() == full.read_bytes()
    other = runner.invoke(app, [*command, "--seed", "99", "--resume", str(tmp_path / "stopped.json")])
    assert other.exit_code == 2 and "another run" in other.output


needs_ray = [
    pytest.mark.skipif(
        importlib.util.find_spec("ray") is None, reason="the extra 'cluster' is not installed"
    ),
    pytest.mark.slow,
    pytest.mark.xdist_group("ray"),  # one xdist worker runs them all, with one shared Ray
]


def _marks(test: Any) -> Any:
    """The marks of a test that needs Ray."""
    for mark in needs_ray:
        test = mark(test)
    return test


@_marks
def test_simulate_on_a_local_cluster_started_by_the_cli_writes_the_same_bytes(tmp_path):
    one = tmp_path / "one.json"
    ray_json = tmp_path / "ray.json"
    subprocess.run([*HELLENIKA, *SIMULATE, "--workers", "1", "--json", str(one)], check=True, timeout=300)
    done = subprocess.run(
        [*HELLENIKA, *SIMULATE, "--cluster", "local", "--workers", "2", "--json", str(ray_json)],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert ray_json.read_bytes() == one.read_bytes()
    assert json.loads(one.read_text())["games"] == 40


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray with 2 CPUs for the tests below; ``--cluster local`` joins it instead of starting one."""
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="warning")
    # Functions defined in this module travel by value: the workers need not import the tests.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield ray
    ray.shutdown()


@_marks
@pytest.mark.parametrize("command", [SIMULATE, TOURNAMENT], ids=["simulate", "tournament"])
def test_cluster_json_is_byte_for_byte_the_one_of_one_worker(local_ray, tmp_path, command):
    one = runner.invoke(app, [*command, "--workers", "1", "--json", str(tmp_path / "one.json")])
    assert one.exit_code == 0, one.output
    on_ray = runner.invoke(app, [*command, "--cluster", "local", "--json", str(tmp_path / "ray.json")])
    assert on_ray.exit_code == 0, on_ray.output
    assert (tmp_path / "ray.json").read_bytes() == (tmp_path / "one.json").read_bytes()
    assert on_ray.stdout == one.stdout  # the same tables too


@_marks
def test_balance_and_analyze_on_the_cluster_equal_one_worker(local_ray, tmp_path):
    args = ["balance", "hercules", "--games", "8", "--bots", "heuristic,random"]
    assert runner.invoke(app, [*args, "--out", str(tmp_path / "one")]).exit_code == 0
    assert runner.invoke(app, [*args, "--cluster", "local", "--out", str(tmp_path / "ray")]).exit_code == 0
    assert (tmp_path / "ray" / "balance.json").read_bytes() == (
        tmp_path / "one" / "balance.json"
    ).read_bytes()
    records = []
    for seed in (1, 2):
        path = tmp_path / f"g{seed}.json"
        play = ["play", "hercules", "--seat", "greedy", "--seat", "random", "--seed", str(seed)]
        assert runner.invoke(app, [*play, "--record", str(path)]).exit_code == 0
        records.append(str(path))
    review = ["analyze", *records, "--iterations", "10", "--seat", "1"]
    assert runner.invoke(app, [*review, "--workers", "1", "--json", str(tmp_path / "a1.json")]).exit_code == 0
    assert (
        runner.invoke(app, [*review, "--cluster", "auto", "--json", str(tmp_path / "a2.json")]).exit_code == 0
    )
    assert (tmp_path / "a2.json").read_bytes() == (tmp_path / "a1.json").read_bytes()
    reviewed = json.loads((tmp_path / "a1.json").read_text())
    assert [r["record"] for r in reviewed] == records and all(r["reviews"] for r in reviewed)


def crash_once(item: tuple[GameSpec, str], index: int) -> dict[str, Any]:
    """Play the game; the first time game 3 is played, kill the worker process instead (no Python error:
    the process is gone, as when a node is lost)."""
    spec, marker = item
    if index == 3 and not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(1)
    return play_one(spec, index)


@_marks
def test_a_worker_that_dies_costs_only_its_game_which_is_counted_once(local_ray, tmp_path):
    specs = simulation_specs("hercules", 2, ("greedy", "random"), (), 11, 10)
    marker = tmp_path / "died"
    items = [(spec, str(marker)) for spec in specs]
    results = list(run_batch(items, 2, in_order=False, task=crash_once, cluster="local"))
    assert marker.exists()  # a worker really died, in game 3
    assert sorted(r["index"] for r in results) == list(range(10))  # every game exactly once
    alone = list(run_batch(specs, 1))
    assert _no_timing(sorted(results, key=lambda r: r["index"])) == _no_timing(alone)


@_marks
def test_stopping_the_iteration_cancels_the_tasks_in_flight(local_ray):
    specs = simulation_specs("hercules", 2, ("greedy", "greedy"), (), 3, 400)
    batch = run_batch(specs, 2, in_order=False, cluster="local")
    first = [next(batch) for _ in range(3)]
    batch.close()  # what Ctrl-C does to the CLI's loop
    assert len({r["index"] for r in first}) == 3
    # The cluster is free again at once: a new batch runs on it.
    assert [r["index"] for r in run_batch(specs[:4], 2, cluster="local")] == [0, 1, 2, 3]


@_marks
def test_ctrl_c_keeps_the_finished_games_in_the_json(tmp_path):
    out = tmp_path / "stopped.json"
    args = ["simulate", "hercules", "--games", "200000", "--cluster", "local", "--workers", "2"]
    # Ray's files in a folder of the test's own (short: Ray's socket paths must fit in 107 bytes), where
    # the workers' logs tell when games are being played.
    ray_dir = Path(tempfile.mkdtemp(prefix="h24ray", dir="/tmp"))
    proc = subprocess.Popen(
        [*HELLENIKA, *args, "--json", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        env={**os.environ, "RAY_TMPDIR": str(ray_dir)},
    )
    try:
        deadline = time.monotonic() + 180
        while not list(ray_dir.glob("ray/session_*/logs/worker-*.out")) and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(3)  # some games
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the signal goes to the whole group, Ray's too
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
        shutil.rmtree(ray_dir, ignore_errors=True)
    assert proc.returncode == 0, stderr
    report = json.loads(out.read_text())
    stop = report["interrupted"]
    assert stop["planned"] == 200_000
    assert 0 < stop["finished"] == report["games"] == len(stop["results"]) < 200_000
    assert sum(p["wins"] for p in report["participants"]) == pytest.approx(report["games"])
    assert "Stopped:" in stderr
