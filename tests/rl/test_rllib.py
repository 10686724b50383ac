"""Ray RLlib (the ``cluster`` extra, with ``torch``) trains PPO on a Hellenika PettingZoo environment.

A real local Ray with 2 CPUs: one remote EnvRunner samples Hellas (2 players) through RLlib's PettingZoo
wrapper, the local learner updates RLlib's action-masking module (one policy for both seats), three small
iterations. The environment raises on an illegal action and failed EnvRunners are not restarted, so an
unmasked action would fail ``train()``. Without the extra the module is skipped.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

import torch

from hellenika.rl.pettingzoo import env
from hellenika.rl.rllib import OBSERVATIONS, POLICY, RLlibObservations, ppo_config, rllib_env

GAME, PLAYERS = "hellas", 2
BATCH, ITERATIONS = 256, 3


def test_the_wrapper_gives_rllib_its_masking_layout():
    wrapped = rllib_env({"game": GAME, "players": PLAYERS})
    obs, _ = wrapped.reset(seed=3)
    ((agent, first),) = obs.items()
    space = wrapped.observation_spaces[agent]
    assert set(first) == {OBSERVATIONS, "action_mask"}
    assert space.contains(first)
    assert first["action_mask"].dtype == np.float32
    assert first["action_mask"].sum() >= 1
    illegal = int(np.flatnonzero(first["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not a legal action"):
        wrapped.step({agent: illegal})
    # The same game as the bare environment: the same vector and legal actions.
    bare = env(GAME, players=PLAYERS)
    bare.reset(seed=3)
    assert np.array_equal(bare.observe(agent)["observation"], first[OBSERVATIONS])
    assert np.array_equal(bare.observe(agent)["action_mask"], first["action_mask"])
    assert isinstance(wrapped.env, RLlibObservations)


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="warning")
    yield ray
    ray.shutdown()


def _state(module: Any) -> dict[str, np.ndarray]:
    return {k: v.detach().cpu().numpy().copy() for k, v in module.state_dict().items()}


def _play_greedily(module: Any, seed: int) -> int:
    """One whole game with the module's most likely (masked) action for every move; the bare environment
    raises on an illegal one. Returns the number of moves."""
    game = env(GAME, players=PLAYERS)
    game.reset(seed=seed)
    moves = 0
    for _agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        batch = {
            "obs": {
                OBSERVATIONS: torch.from_numpy(observation["observation"][None]),
                "action_mask": torch.from_numpy(observation["action_mask"][None].astype(np.float32)),
            }
        }
        with torch.no_grad():
            logits = module.forward_inference(batch)["action_dist_inputs"][0]
        game.step(int(torch.argmax(logits)))
        moves += 1
    return moves


@pytest.mark.slow
def test_ppo_trains_a_few_iterations_on_hellas(local_ray):
    config = (
        ppo_config(GAME, players=PLAYERS)
        .env_runners(num_env_runners=1, num_cpus_per_env_runner=1)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=BATCH, minibatch_size=128, num_epochs=2, lr=3e-4)
        # An error in the environment (an illegal action) must fail train(), not restart the EnvRunner.
        .fault_tolerance(restart_failed_env_runners=False, restart_failed_sub_environments=False)
        .debugging(seed=0)
    )
    algo = config.build_algo()
    try:
        before = _state(algo.get_module(POLICY))
        results = [algo.train() for _ in range(ITERATIONS)]
        module = algo.get_module(POLICY)  # the driver's copy, synced from the learner after each update
        after = _state(module)
        assert _play_greedily(module, seed=1) > 0
    finally:
        algo.stop()

    assert [r["training_iteration"] for r in results] == list(range(1, ITERATIONS + 1))
    for r in results:
        runners, learner = r["env_runners"], r["learners"][POLICY]
        assert runners["num_env_steps_sampled"] >= BATCH
        assert runners["num_module_steps_sampled"][POLICY] > 0
        for key in ("total_loss", "policy_loss", "vf_loss", "entropy"):
            assert math.isfinite(learner[key]), (key, learner[key])
        assert learner["num_module_steps_trained"] > 0
        assert r["fault_tolerance"]["num_remote_worker_restarts"] == 0
        assert "num_env_step_failures" not in runners  # no step ever raised
    last = results[-1]["env_runners"]
    assert last["num_env_steps_sampled_lifetime"] >= ITERATIONS * BATCH
    assert last["num_episodes_lifetime"] >= ITERATIONS  # a Hellas game is ~60 moves: several per iteration
    # Both seats moved and were paid; two-player returns are zero-sum (win +1, loss -1, tie 0 each).
    assert set(last["agent_episode_returns_mean"]) == {"player_0", "player_1"}
    assert all(-1.0 <= v <= 1.0 for v in last["agent_episode_returns_mean"].values())
    assert abs(last["episode_return_mean"]) < 1e-6
    assert last["episode_len_min"] >= 2
    # The learner changed the weights, and the EnvRunner received them.
    assert any(not np.array_equal(before[k], after[k]) for k in before)
