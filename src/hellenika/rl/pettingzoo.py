"""Every Hellenika game as a PettingZoo AEC (turn-based) environment.

``env("hercules", players=3, options={"variant": "simplified"}, render_mode="ansi")`` makes one. Agents are
``player_0`` ... ``player_{n-1}`` (seat order); a solitaire is a one-agent environment. Only the agent whose
decision it is acts; ``agent_selection`` follows the engine's ``current_player()``.

- **Observations**: ``{"observation": float32[size], "action_mask": int8[num_actions]}`` where the vector is
  the game's laid-out encoding (:mod:`hellenika.rl.layout`, blocks documented in ``docs/rl.md``; ``size``
  depends on the player count and options) of the agent's own view, so nothing hidden from it can leak in,
  and the mask marks the legal action numbers of :mod:`hellenika.rl.codec`. ``env.layout.views(vector)``
  names the blocks. An agent that is not to move gets an all-zero mask.
- **Actions**: ``Discrete(num_actions)``, numbered by the game's codec; an illegal number raises
  ``ValueError`` and changes nothing. ``checked=False`` skips that test (for an agent whose mask is known
  right): an illegal number then reaches the engine's unchecked path and may corrupt the game.
- **Rewards**: zero at every step; when the game ends each agent receives ``state.returns()[seat]`` once:
  pairwise wins minus losses over the final places (ties are half), in [-1, 1], or in a solitaire
  ``tanh(score / solitaire_scale)``. The episode then terminates for every agent (never truncates).
- **Chance** (dice, draws, deals) is resolved inside ``step`` and ``reset`` with the engine's seeded
  :class:`~hellenika.engine.rng.Rng`: ``reset(seed=s)`` reseeds it, so the same seed and actions replay the
  same game. Without a seed the first reset draws one from the OS.
- ``render()`` with ``render_mode="ansi"`` returns the game's Rich terminal rendering as plain text (the
  spectator's view, so it never shows a hand).
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hellenika import games
from hellenika.engine.game import Game
from hellenika.engine.options import validate_options
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.rl.codec import codec_for
from hellenika.rl.layout import encode_state, encoder_of


def default_players(game: Game, options: Mapping[str, Any] | None = None) -> int:
    """Two players where the game allows it, else its only count (a solitaire or a fixed count)."""
    low, high = game.player_range(validate_options(game.option_specs, options))
    return min(max(2, low), high)


class HellenikaEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game, player count and option set (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "hellenika_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        checked: bool = True,
    ) -> None:
        super().__init__()
        self.checked = checked
        self.game = games.get(game) if isinstance(game, str) else game
        self.players = default_players(self.game, options) if players is None else players
        self.game_options = dict(self.game.validate(self.players, options))
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.codec = codec_for(self.game.name)
        self.metadata = {**self.metadata, "name": f"hellenika_{self.game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n = self.codec.num_actions
        self.encoder = encoder_of(self.game.name, self.players, self.game_options)
        self.layout = self.encoder.layout
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete[Any]] = {
            a: spaces.Discrete(n) for a in self.possible_agents
        }
        self._rng: Rng | None = None
        self.state: State | None = None
        # Hot-path shortcuts: the codec's decision tuple and look-up, bound once.
        self._actions = self.codec.decisions.actions
        self._encode_many = self.codec.decisions.encode_many
        self._num_actions = n
        self._agent_of = tuple(self.possible_agents)
        self._legal_version = -1
        self._legal_seat = TERMINAL
        self._legal: list[int] = []
        self._vector_cache: tuple[tuple[int, int], np.ndarray] | None = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = Rng(seed)
        elif self._rng is None:
            self._rng = Rng(secrets.randbits(63))
        self.state = self.game.new_state(self.players, self.game_options, log=False)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal_version = -1
        self._legal = []
        self._vector_cache = None
        self._advance()

    def _advance(self) -> None:
        """Resolve chance, then point ``agent_selection`` at the seat to move or end the episode."""
        state = self.state
        assert state is not None and self._rng is not None
        rng = self._rng
        player = state.current_player()
        while player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            player = state.current_player()
        if player == TERMINAL:
            returns = state.returns()
            end_reason = state.end_reason()  # a game a safety net ended says so (e.g. the stall rule)
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
                if end_reason is not None:
                    self.infos[agent]["end_reason"] = end_reason
            self._accumulate_rewards()
            # Every agent now steps once with None (AEC convention), starting with the first seat.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[player]

    def _refresh_legal(self) -> None:
        """Work out, for the state's current version, who moves and the codec numbers of their legal
        decisions (the mask, the legality check in :meth:`step` and the observation share one look-up).
        Keyed on the version, so a state stepped from outside the environment is still read right."""
        state = self.state
        assert state is not None, "call reset() first"
        player = state.current_player()
        self._legal = self._encode_many(state.legal_actions()) if player >= 0 else []
        self._legal_seat = player
        self._legal_version = state._nhist

    def _legal_numbers(self) -> list[int]:
        """The codec numbers of the current legal decisions (not a copy: callers must not change it)."""
        assert self.state is not None, "call reset() first"
        if self._legal_version != self.state._nhist:
            self._refresh_legal()
        return self._legal

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        if self._legal_version != state._nhist:
            self._refresh_legal()
        # `type(...) is int` first: the usual Python int skips int()'s call; a NumPy integer or a float that
        # is a whole number is accepted as before, a bool is not an action number.
        number = (
            action if type(action) is int else None if action is None or type(action) is bool else int(action)
        )
        if self.checked and (number is None or number not in self._legal):
            raise ValueError(f"{action!r} is not a legal action number for {agent} here")
        # Rewards are all zero until the game ends, and after it only dead steps come here, so there is no
        # per-step reward to clear (AEC's usual `_cumulative_rewards[agent] = 0` and `_clear_rewards()`).
        state.apply_unchecked(self._actions[number])  # type: ignore[index]
        player = state.current_player()
        if player >= 0:  # the usual case, inline: the next decision is a seat's
            self.agent_selection = self._agent_of[player]
        else:
            self._advance()

    # ------------------------------------------------------------------ what an agent sees

    def legal_action_numbers(self, agent: str) -> list[int]:
        """The legal action numbers of ``agent`` (empty unless it is to move): the mask's non-zero entries,
        without building the mask (for search and scripted agents). A new list."""
        state = self.state
        if state is None:
            return []
        if self._legal_version != state._nhist:
            self._refresh_legal()
        return list(self._legal) if self._legal_seat == self._seat[agent] else []

    def action_mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self._num_actions, dtype=np.int8)
        state = self.state
        if state is None:
            return mask
        if self._legal_version != state._nhist:
            self._refresh_legal()
        if self._legal_seat == self._seat[agent]:
            for number in self._legal:  # a few numbers: item by item beats a fancy index
                mask[number] = 1
        return mask

    def observation_vector(self, agent: str) -> np.ndarray:
        """The agent's laid-out observation (a new array; built once per state version and seat)."""
        state = self.state
        assert state is not None, "call reset() first"
        seat = self._seat[agent]
        key = (state.version, seat)
        cached = self._vector_cache
        if cached is None or cached[0] != key:
            cached = self._vector_cache = (key, encode_state(self.encoder, state, seat))
        return cached[1].copy()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self.observation_vector(agent), "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        from rich.console import Console

        buffer = io.StringIO()
        console = Console(file=buffer, width=120, color_system=None, force_terminal=False)
        console.print(self.game.render(self.state, None))
        return buffer.getvalue()

    def close(self) -> None:
        pass


def env(
    game: str | Game,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    checked: bool = True,
) -> HellenikaEnv:
    """A new AEC environment; ``players`` defaults to 2 where allowed (see :func:`default_players`)."""
    return HellenikaEnv(game, players=players, options=options, render_mode=render_mode, checked=checked)
