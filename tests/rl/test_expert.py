"""Expert iteration (hellenika.rl.expert): a few seconds of training lower the loss, the files load, and the
network guides ISMCTS to legal moves."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("torch")

import torch

from hellenika import games
from hellenika.bots.ismcts import ISMCTSBot
from hellenika.engine import Observation, Rng
from hellenika.rl import expert


def test_training_lowers_the_loss_and_the_files_load(tmp_path: Path) -> None:
    paths = expert.run("hellas", rounds=2, games_=1, iterations=8, steps=60, seed=3, out=tmp_path)
    assert [p.name for p in paths] == ["round-0", "round-1"]
    for path in paths:
        _, meta = expert.load(path)
        losses = meta["losses"]
        assert meta["samples"] > 20 and meta["game"] == "hellas"
        first, last = sum(losses[:10]) / 10, sum(losses[-10:]) / 10
        assert last < first, f"the loss must fall: {first:.3f} -> {last:.3f}"
    # The same seed trains the same network (reproducible from one command).
    again = expert.run("hellas", rounds=1, games_=1, iterations=8, steps=60, seed=3, out=tmp_path / "again")
    a, _ = expert.load(paths[0])
    b, _ = expert.load(again[0])
    for x, y in zip(a.state_dict().values(), b.state_dict().values(), strict=True):
        assert torch.equal(x, y)


def test_a_guided_search_plays_legal_moves(tmp_path: Path) -> None:
    paths = expert.run("hellas", rounds=1, games_=1, iterations=10, steps=5, seed=1, out=tmp_path)
    net, _ = expert.load(paths[0])
    guide = expert.NetworkGuide(net, "hellas", 2)
    state = games.get("hellas").new_state(2, log=False)
    rng = Rng(2)
    checked = 0
    while not state.is_terminal() and checked < 8:
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        priors = guide.priors(state, legal)
        assert len(priors) == len(legal) and sum(priors) == pytest.approx(1.0, abs=1e-4)
        values = guide.values(state)
        assert len(values) == 2 and values[0] == pytest.approx(-values[1]) and -1 <= values[0] <= 1
        result = ISMCTSBot(iterations=30, guide=guide).search(Observation(state, state.current_player()), rng)
        assert result.best in legal
        state.apply_unchecked(result.best)
        checked += 1
