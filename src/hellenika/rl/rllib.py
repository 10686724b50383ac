"""Hellenika's PettingZoo environments for Ray RLlib (the ``cluster`` extra: ``ray[rllib]``, with ``torch``).

RLlib's PettingZoo wrapper (:class:`ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv`) turns an AEC
environment into an RLlib ``MultiAgentEnv``; only the agent to move receives an observation. An illegal
action makes :meth:`hellenika.rl.pettingzoo.HellenikaEnv.step` raise, so the policy must mask: RLlib's
action-masking module for PPO (``ActionMaskingTorchRLModule`` of
``ray.rllib.examples.rl_modules.classes.action_masking_rlm``) adds ``log(mask)`` (clamped to the lowest
float) to the logits, and expects the observation ``{"observations": ..., "action_mask": ...}``.

- :class:`RLlibObservations` is a PettingZoo wrapper giving exactly that: the vector under
  ``"observations"`` and the mask as ``float32`` 0/1 (nothing else changes: agents, rewards, seeding).
- :func:`rllib_env` is an env creator for ``ray.tune.registry.register_env``: its config names the game
  (``{"game": "hellas", "players": 2, "options": {...}}``) and it returns the wrapped ``PettingZooEnv``.
- :func:`ppo_config` is a PPO configuration with that environment registered, one policy shared by every
  seat (self-play; the seat is in the observation) and the masking module; add the resources and training
  sizes you want (``.env_runners(...)``, ``.training(...)``) and ``.build_algo()``.

Ray is imported inside the functions, so ``import hellenika.rl.rllib`` needs only the ``rl`` extra.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

from hellenika.rl.pettingzoo import HellenikaEnv, env

#: The observation key RLlib's action-masking module reads the vector from (ours is ``"observation"``).
OBSERVATIONS = "observations"
#: The registered environment name :func:`ppo_config` uses.
ENV_NAME = "hellenika"
#: The policy (RLModule) every seat maps to in :func:`ppo_config`.
POLICY = "shared"


class RLlibObservations(BaseWrapper):  # type: ignore[misc]
    """A :class:`~hellenika.rl.pettingzoo.HellenikaEnv` whose observations are
    ``{"observations": float32[size], "action_mask": float32[num_actions]}`` (RLlib's masking layout)."""

    def __init__(self, inner: HellenikaEnv) -> None:
        super().__init__(inner)
        vector = spaces.Box(-np.inf, np.inf, (inner.layout.size,), np.float32)
        mask = spaces.Box(0.0, 1.0, (inner.codec.num_actions,), np.float32)
        self._spaces = {
            agent: spaces.Dict({OBSERVATIONS: vector, "action_mask": mask}) for agent in inner.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        inner = self.env.observe(agent)
        return {OBSERVATIONS: inner["observation"], "action_mask": inner["action_mask"].astype(np.float32)}


def rllib_env(config: Mapping[str, Any]) -> Any:
    """An RLlib ``PettingZooEnv`` of ``config["game"]`` (``players`` and ``options`` optional), wrapped in
    :class:`RLlibObservations`; the signature ``register_env`` wants (RLlib passes an ``EnvContext``)."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    inner = env(config["game"], players=config.get("players"), options=config.get("options"))
    return PettingZooEnv(RLlibObservations(inner))  # type: ignore[no-untyped-call,unused-ignore]


def ppo_config(game: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Any:
    """A ``PPOConfig`` training one masked policy (:data:`POLICY`) for every seat of ``game``.

    Registers :func:`rllib_env` as :data:`ENV_NAME` (call it after ``ray.init``, or let the algorithm start
    Ray). The module is RLlib's ``ActionMaskingTorchRLModule`` with its default network."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env(ENV_NAME, rllib_env)
    env_config = {"game": game, "players": players, "options": dict(options or {})}
    return (
        PPOConfig()  # type: ignore[no-untyped-call,unused-ignore]
        # RLlib's env check steps a random, unmasked action: an illegal one here, so the check would fail.
        .environment(ENV_NAME, env_config=env_config, disable_env_checking=True)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, episode, **kwargs: POLICY)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={POLICY: RLModuleSpec(module_class=ActionMaskingTorchRLModule)}
            )
        )
    )
