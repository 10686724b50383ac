"""The vectorised learning environment (hellenika.rl.vector) against single games stepped one by one."""

from __future__ import annotations

import numpy as np
import pytest

from hellenika.rl.vector import HellenikaVectorEnv, LearnerEnv


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action number per row, drawn uniformly (the same draws for the same masks)."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize(("game", "players"), [("hercules", 2), ("hellas", 3), ("hellas_delonge", 2)])
def test_vector_plays_exactly_the_games_of_single_environments(game: str, players: int) -> None:
    n, seed, steps = 3, 11, 400
    vector = HellenikaVectorEnv(game, n, players=players, opponents=["random"] * (players - 1))
    singles = [LearnerEnv(game, players=players, opponents=["random"] * (players - 1)) for _ in range(n)]
    obs, infos = vector.reset(seed=seed)
    single_obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    pick = np.random.default_rng(5)
    episodes = 0
    for _ in range(steps):
        for i in range(n):
            assert np.array_equal(obs["observation"][i], single_obs[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], single_obs[i]["action_mask"])
            assert infos["learner_seat"][i] == singles[i].learner_seat
        actions = _pick(obs["action_mask"], pick)
        obs, rewards, terminated, truncated, infos = vector.step(actions)
        assert not truncated.any()
        for i, env in enumerate(singles):
            single_obs[i], reward, done, _, _ = env.step(int(actions[i]))
            assert rewards[i] == pytest.approx(reward)
            assert terminated[i] == done
            if done:  # the vector started the next game in the same step; so does the reference, unseeded
                episodes += 1
                single_obs[i], _ = env.reset()
    assert episodes > 0, "the run must cross at least one auto-reset to test it"


def test_rewards_are_the_learners_returns_and_sum_to_zero_over_seats() -> None:
    vector = HellenikaVectorEnv("hercules", 4, players=2, learner_seat=1)
    obs, _ = vector.reset(seed=3)
    pick = np.random.default_rng(1)
    finals: list[float] = []
    while len(finals) < 6:
        envs_before = [env.state for env in vector.envs]
        obs, rewards, terminated, _, _ = vector.step(_pick(obs["action_mask"], pick))
        for i in np.flatnonzero(terminated):
            ended = envs_before[i]
            assert ended.is_terminal()
            assert rewards[i] == pytest.approx(ended.returns()[1])
            assert sum(ended.returns()) == pytest.approx(0.0)
            finals.append(float(rewards[i]))
        assert not rewards[~terminated].any()
    assert all(-1.0 <= r <= 1.0 for r in finals)
    assert (vector.learner_seats == 1).all()


def test_an_illegal_action_is_refused_and_no_game_changes() -> None:
    vector = HellenikaVectorEnv("hellas", 2, players=2)
    obs, _ = vector.reset(seed=1)
    versions = [env.state.version for env in vector.envs]
    actions = _pick(obs["action_mask"], np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(ValueError, match="not a legal action number in game 1"):
        vector.step(actions)
    assert [env.state.version for env in vector.envs] == versions
    with pytest.raises(ValueError, match="needs 2 actions"):
        vector.step(actions[:1])


def test_a_batch_policy_opponent_sees_its_own_seat_and_is_called_once_per_round() -> None:
    calls: list[int] = []

    def frozen(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        calls.append(len(masks))
        assert observations.shape[0] == masks.shape[0]
        return np.array([np.flatnonzero(row)[0] for row in masks])

    vector = HellenikaVectorEnv("hercules", 4, players=2, opponents=[frozen], learner_seat=0)
    obs, _ = vector.reset(seed=2)
    pick = np.random.default_rng(2)
    done = 0
    while done < 2:
        _, _, terminated, _, _ = vector.step(_pick(obs["action_mask"], pick))
        obs = vector._observations()
        done += int(terminated.sum())
    assert calls and max(calls) > 1, "the waiting games must be batched into one call"
    # The opponent's rows are its own view: every row it received had a legal action (its turn), and the
    # learner's mask is always its own turn too.
    assert (obs["action_mask"].sum(axis=1) > 0).all()


def test_observations_lie_in_the_declared_spaces_and_a_seed_repeats_the_game() -> None:
    # Gymnasium's env_checker steps actions drawn from the whole Discrete space, which a masked game refuses;
    # what it checks otherwise is checked here: observations in their spaces, reset(seed) deterministic.
    env = LearnerEnv("hellas", players=2)
    vector = HellenikaVectorEnv("hellas", 2, players=2)
    first, _ = env.reset(seed=9)
    assert env.observation_space.contains(first)
    again, _ = env.reset(seed=9)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    batch, _ = vector.reset(seed=9)
    assert vector.observation_space.contains(batch)
    assert vector.single_action_space.n == first["action_mask"].shape[0]


def test_bad_configurations_are_refused() -> None:
    with pytest.raises(ValueError, match="opponent"):
        LearnerEnv("hercules", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="learner_seat"):
        HellenikaVectorEnv("hercules", 2, players=2, learner_seat=2)


def test_unchecked_vector_plays_the_same_games_and_skips_the_check() -> None:
    checked = HellenikaVectorEnv("hercules", 2, players=2)
    fast = HellenikaVectorEnv("hercules", 2, players=2, checked=False)
    obs, _ = checked.reset(seed=4)
    fast_obs, _ = fast.reset(seed=4)
    pick = np.random.default_rng(2)
    for _ in range(150):
        assert np.array_equal(obs["observation"], fast_obs["observation"])
        actions = _pick(obs["action_mask"], pick)
        obs, rewards, *_ = checked.step(actions)
        fast_obs, fast_rewards, *_ = fast.step(actions)
        assert np.array_equal(rewards, fast_rewards)
    actions = _pick(fast_obs["action_mask"], pick)
    actions[0] = int(np.flatnonzero(fast_obs["action_mask"][0] == 0)[0])
    version = fast.envs[0].state.version
    try:
        fast.step(actions)
    except Exception as error:  # the engine may fail deeper down; no environment check refused it
        assert "not a legal action" not in str(error)
    else:
        assert fast.envs[0].state.version > version
