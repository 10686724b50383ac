"""examples/train_ppo.py end to end on a tiny budget: it writes a policy that is a legal seat, and a curve."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hellenika.bots import make_agent
from hellenika.bots.batch import GameSpec, play_one

pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_training_run_writes_a_playable_policy_and_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, str(ROOT / "examples" / "train_ppo.py"), "--game", "hercules"]
    command += ["--updates", "2"]
    command += ["--envs", "4", "--steps", "32", "--hidden", "16", "--eval-every", "1", "--eval-games", "4"]
    command += ["--final-games", "8", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    curve = json.loads((out / "curve.json").read_text())
    assert [p["update"] for p in curve] == [0, 1, 2]
    assert all(0.0 <= p["random"] <= 1.0 and 0.0 <= p["heuristic"] <= 1.0 for p in curve)
    assert curve[-1]["episodes"] > 0
    final = json.loads((out / "final.json").read_text())
    assert final["updates"] == 2 and final["random"]["games"] == 8
    assert (out / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The policy is a seat: a whole game through the batch runner, every move checked by the engine.
    spec = f"policy:path={out / 'policy.npz'}"
    make_agent(spec)
    result = play_one(GameSpec("hercules", 2, (spec, "random"), (), seed=5), 0)
    assert sorted(result["places"]) in ([1, 2], [1, 1])
