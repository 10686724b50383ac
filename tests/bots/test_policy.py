"""A trained policy as a seat (hellenika.bots.policy): the file format, legal play, clear refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hellenika import games
from hellenika.bots import make_agent
from hellenika.bots.policy import FORMAT, PolicyBot
from hellenika.engine.agent import Observation
from hellenika.engine.errors import InvalidOption
from hellenika.engine.match import MatchRunner
from hellenika.engine.rng import Rng
from hellenika.rl.codec import codec_for
from hellenika.rl.layout import encode, encoder_of

ROOT = Path(__file__).resolve().parents[2]


def write_policy(path: Path, game: str, players: int, *, seed: int = 0, hidden: int = 16) -> Path:
    """A random network in the policy format: what the trainer writes, with untrained weights."""
    size = encoder_of(game, players).layout.size
    actions = codec_for(game).num_actions
    rng = np.random.default_rng(seed)
    shapes = [(size, hidden), (hidden, hidden), (hidden, actions)]
    arrays = {}
    for i, shape in enumerate(shapes):
        arrays[f"w{i}"] = rng.normal(0, 1 / np.sqrt(shape[0]), shape).astype(np.float32)
        arrays[f"b{i}"] = rng.normal(0, 0.1, shape[1]).astype(np.float32)
    meta = {
        "format": FORMAT,
        "game": game,
        "players": players,
        "options": {},
        "num_actions": actions,
        "observation_size": size,
        "input": "symlog",
        "activation": "tanh",
        "layers": 3,
    }
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    return path


def test_the_bot_plays_the_legal_action_with_the_highest_output(tmp_path: Path) -> None:
    path = write_policy(tmp_path / "p.npz", "hellas", 2)
    bot = make_agent(f"policy:path={path}")
    assert isinstance(bot, PolicyBot)
    game = games.get("hellas")
    runner = MatchRunner(game, 2, [bot, make_agent("random")], seed=4)
    checked = 0
    data = np.load(path)
    weights = [(data[f"w{i}"], data[f"b{i}"]) for i in range(3)]
    encoder = encoder_of("hellas", 2)
    while not runner.state.is_terminal():
        state = runner.state
        if state.current_player() == 0 and len(state.legal_actions()) > 1 and checked < 20:
            legal = state.legal_actions()
            # The network, written out by hand: symlog, tanh, tanh, linear; then the best legal logit.
            x = encode(encoder, state.view(0))
            x = np.sign(x) * np.log1p(np.abs(x))
            for i, (w, b) in enumerate(weights):
                x = x @ w + b
                x = np.tanh(x) if i < 2 else x
            numbers = codec_for("hellas").decisions.encode_many(legal)
            expected = legal[int(np.argmax(x[numbers]))]
            assert bot.choose(Observation(state, 0), Rng(checked)) == expected
            checked += 1
        runner.step()
    assert checked == 20
    assert runner.state.is_terminal()


def test_a_policy_for_another_game_or_player_count_is_refused(tmp_path: Path) -> None:
    path = write_policy(tmp_path / "p.npz", "hellas", 2)
    bot = make_agent(f"policy:path={path}")
    state = games.get("hellas").new_state(3, log=False)
    while state.is_chance_node():
        state.apply_unchecked(state.chance_outcomes()[0][0])
    with pytest.raises(InvalidOption, match="plays hellas with 2 players, not hellas with 3"):
        bot.choose(Observation(state, state.current_player()), Rng(1))


def test_a_file_that_is_not_a_policy_is_refused_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, meta=np.array(json.dumps({"format": "something-else"})))
    with pytest.raises(InvalidOption, match="is not a hellenika-policy-v1 policy file"):
        make_agent(f"policy:path={bad}")
    with pytest.raises(InvalidOption, match="cannot read the policy file"):
        make_agent(f"policy:path={tmp_path / 'missing.npz'}")


def test_simulate_seats_a_policy_from_the_command_line(tmp_path: Path) -> None:
    path = write_policy(tmp_path / "p.npz", "hercules", 2)
    out = tmp_path / "sim.json"
    command = [sys.executable, "-m", "hellenika.cli.app", "simulate", "hercules", "--games", "4"]
    command += ["--seat", f"policy:path={path}", "--seat", "random", "--json", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert report["games"] == 4
    assert f"policy:path={path}" in json.dumps(report)
