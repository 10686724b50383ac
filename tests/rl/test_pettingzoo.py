"""Every game and configuration passes PettingZoo's own API and seed tests, and plays whole episodes.

``max_cycles_test`` does not apply: it builds ``mod.parallel_env(max_cycles=...)``, and these turn-based games
have no parallel API (issue 9 leaves it out) and no cycle limit; an episode ends with the game.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from hellenika import games
from hellenika.engine import Rng
from hellenika.rl.codec import codec_for
from hellenika.rl.pettingzoo import env
from tests.rl.conftest import CONFIGS

# api_test suggests Box observations; PettingZoo's own convention for masked games is this Dict.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_pettingzoo_api_and_seed(name: str, players: int, options: dict[str, object]) -> None:
    api_test(env(name, players, options, render_mode="ansi"), num_cycles=40, verbose_progress=False)
    seed_test(lambda: env(name, players, options), num_cycles=40)


def _play_episode(e, seed: int) -> tuple[dict[str, float], int]:  # type: ignore[no-untyped-def]
    e.reset(seed=seed)
    rng = Rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        assert obs["observation"].shape == (e.layout.size,)
        if termination or truncation:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal, "a seat to move always has a legal action"
        e.step(legal[rng.randbelow(len(legal))])
        steps += 1
    return totals, steps


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_whole_episode_rewards_are_the_engine_returns(
    name: str, players: int, options: dict[str, object]
) -> None:
    e = env(name, players, options)
    totals, steps = _play_episode(e, seed=7)
    assert steps > 0
    assert e.state is not None and e.state.is_terminal()
    returns = e.state.returns()
    assert totals == {f"player_{i}": pytest.approx(returns[i]) for i in range(players)}
    assert e.agents == []


def test_same_seed_same_episode_and_actions_replay() -> None:
    e1, e2 = env("hercules", 3), env("hercules", 3)
    _play_episode(e1, seed=3)
    _play_episode(e2, seed=3)
    assert e1.state is not None and e2.state is not None
    assert e1.state.digest() == e2.state.digest()


def test_illegal_number_raises_and_changes_nothing() -> None:
    e = env("peloponnes", 2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    assert e.state is not None
    before = e.state.digest()
    with pytest.raises(ValueError, match="not a legal action"):
        e.step(illegal)
    assert e.state.digest() == before


def test_agent_not_to_move_gets_an_empty_mask() -> None:
    e = env("hellas", 3)
    e.reset(seed=2)
    others = [a for a in e.agents if a != e.agent_selection]
    for agent in others:
        assert not e.observe(agent)["action_mask"].any()
    assert e.observe(e.agent_selection)["action_mask"].sum() == len(e.state.legal_actions())  # type: ignore[union-attr]


def test_solo_games_are_one_agent_envs() -> None:
    for name in games.names():
        game = games.get(name)
        solo = [(p, o) for p, o in game.configurations() if p == 1]
        for players, options in solo:
            e = env(name, players, options)
            assert e.possible_agents == ["player_0"]


def test_render_ansi_returns_the_terminal_rendering() -> None:
    e = env("attika", 2, render_mode="ansi")
    e.reset(seed=5)
    text = e.render()
    assert isinstance(text, str) and len(text.splitlines()) > 5
    assert "\x1b" not in text, "plain text, no terminal escape codes"
    assert env("attika", 2).render() is None


def test_core_package_does_not_import_the_rl_libraries() -> None:
    code = (
        "import sys, hellenika, hellenika.games, hellenika.cli.app, hellenika.rl.codec\n"
        "from hellenika import games\n"
        "[g.new_state(g.configurations()[0][0]) for g in games.all_games()]\n"
        "bad = [m for m in ('pettingzoo', 'pyspiel', 'gymnasium', 'open_spiel') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_action_space_matches_the_codec() -> None:
    for name in games.names():
        e = env(name)
        agent = e.possible_agents[0]
        assert e.action_space(agent).n == codec_for(name).num_actions  # type: ignore[attr-defined]


def test_unchecked_env_plays_the_same_episode_and_skips_the_check() -> None:
    """``checked=False`` changes nothing for legal numbers (same seed, same digest), and an illegal number is
    no longer refused by the environment (it goes to the engine's unchecked path)."""
    checked, fast = env("hellas", 2), env("hellas", 2, checked=False)
    assert checked.checked and not fast.checked
    _play_episode(checked, seed=5)
    _play_episode(fast, seed=5)
    assert checked.state is not None and fast.state is not None
    assert checked.state.digest() == fast.state.digest()
    fast.reset(seed=1)
    mask = fast.observe(fast.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    assert fast.state is not None
    version = fast.state.version
    try:
        fast.step(illegal)
    except Exception as error:  # the engine may fail deeper down; no environment check refused it
        assert "not a legal action" not in str(error)
    else:
        assert fast.state.version == version + 1
