"""Many games at once for learning: one learner seat against opponents the caller chooses, in numpy arrays.

:class:`HellenikaVectorEnv` steps ``num_envs`` games of one game, player count and option set together, in
the shape of Gymnasium's vector API (it is a :class:`gymnasium.vector.VectorEnv`): ``reset(seed=...)`` gives
``(observations, infos)``, ``step(actions)`` gives ``(observations, rewards, terminations, truncations,
infos)``, ``single_observation_space`` / ``single_action_space`` describe one game. :class:`LearnerEnv` is one
such game as a plain :class:`gymnasium.Env` (no auto-reset), the reference the vector is tested against.

- **The learner** plays one seat of each game: ``learner_seat`` fixes it, or (``None``, the default) each
  episode draws it from the game's seeded generator, so one policy learns every seat. Observations are the
  learner's: ``{"observation": float32[num_envs, size], "action_mask": int8[num_envs, num_actions]}``, the
  laid-out vector of its own view (:mod:`hellenika.rl.layout`, seat-relative) and the legal action numbers
  of :mod:`hellenika.rl.codec`, as in the PettingZoo environment. Actions are those numbers.
- **Opponents**: one per other seat, in turn order after the learner (the first sits one seat after it):
  a bot spec (``"random"``, ``"heuristic"``, ... via :func:`hellenika.bots.specs.make_agent`), an engine
  :class:`~hellenika.engine.agent.Agent`, or a **batch policy**, a callable ``policy(observations, masks) ->
  action numbers`` over arrays shaped like the learner's (a frozen copy of the learner, say). A batch policy
  is called once per round of waiting games, with every game in which one of its seats is to move, seeing
  that seat's own observation. ``env_opponents`` gives each game its own list instead.
- **Checked actions**: an action number that is not legal in its game raises ``ValueError`` and changes
  nothing (in the vector, no game steps if any number is illegal). ``checked=False`` skips the test for
  speed; an illegal number then reaches the engine's unchecked path and may corrupt the game.
- **Rewards** are 0 until a game ends, then the learner's ``state.returns()[seat]`` (pairwise places, in
  [-1, 1]). Episodes terminate; they never truncate.
- **Auto-reset** (``metadata["autoreset_mode"]`` is ``SAME_STEP``): a game that ends in ``step`` is replaced
  at once, and the observation returned for it is the new game's first decision. The terminal observation is
  not returned (a finished game has no value to bootstrap from).
- **Seeds**: game ``i`` uses seed ``seed + i`` for its chance draws, its bots' choices and its learner seats,
  so ``HellenikaVectorEnv(..., num_envs=n).reset(seed=s)`` plays exactly the games of ``n``
  :class:`LearnerEnv` reset with seeds ``s, s + 1, ...`` and reset again without a seed whenever one ends
  (a test checks the arrays are identical). A batch policy should be a pure function of its input for that.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import numpy as np
from gymnasium import Env, spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hellenika import games
from hellenika.bots.specs import make_agent
from hellenika.engine.agent import Agent, Observation
from hellenika.engine.game import Game
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.rl.codec import codec_for
from hellenika.rl.layout import encode_state, encoder_of
from hellenika.rl.pettingzoo import default_players

#: ``policy(observations, masks) -> action numbers``, all arrays with one row per game.
BatchPolicy: TypeAlias = Callable[[np.ndarray, np.ndarray], Any]
Opponent: TypeAlias = str | Agent | BatchPolicy


def _resolve(opponent: Opponent) -> Agent | BatchPolicy:
    if isinstance(opponent, str):
        return make_agent(opponent)
    if hasattr(opponent, "choose") or callable(opponent):
        return opponent
    raise TypeError(f"an opponent is a bot spec, an Agent or a batch policy; got {opponent!r}")


class _Game:
    """One game's state, generators and seats: what :class:`LearnerEnv` and the vector share."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        opponents: Sequence[Agent | BatchPolicy],
        learner_seat: int | None,
        checked: bool = True,
    ) -> None:
        if len(opponents) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponent(s); got {len(opponents)}")
        if learner_seat is not None and not 0 <= learner_seat < players:
            raise ValueError(f"learner_seat must be in 0..{players - 1}; got {learner_seat}")
        self.game = game
        self.players = players
        self.options = options
        self.opponents = list(opponents)
        self.fixed_seat = learner_seat
        self.checked = checked
        self.codec = codec_for(game.name)
        self.encoder = encoder_of(game.name, players, options)
        self._actions = self.codec.decisions.actions
        self._encode_many = self.codec.decisions.encode_many
        self.seed(secrets.randbits(63))
        self.state: State = game.new_state(players, options, log=False)
        self.seat = 0
        self._legal_key = (0, -1)
        self._legal: list[int] = []
        #: opponent at each seat (None at the learner's)
        self.at: list[Agent | BatchPolicy | None] = []

    def seed(self, seed: int) -> None:
        root = Rng(seed)
        self.chance = root.fork("chance")
        self.bots = root.fork("bots")
        self.seats = root.fork("seats")

    def new_game(self) -> None:
        self.state = self.game.new_state(self.players, self.options, log=False)
        n = self.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else self.seats.randbelow(n)
        self.at = [None] * n
        for k, opponent in enumerate(self.opponents):
            self.at[(self.seat + 1 + k) % n] = opponent

    def run(self) -> int:
        """Play chance and bot seats until the learner or a batch policy is to move (its seat) or the game
        is over (``TERMINAL``)."""
        state = self.state
        learner = self.seat
        at = self.at
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(self.chance))
            elif player in (TERMINAL, learner):
                return player
            else:
                opponent = at[player]
                if not hasattr(opponent, "choose"):
                    return player
                state.apply_unchecked(opponent.choose(Observation(state, player), self.bots))  # type: ignore[union-attr]

    def legal_numbers(self) -> list[int]:
        """The legal decision numbers now (cached per state: the mask and the legality check share them)."""
        state = self.state
        key = (id(state), state.version)
        if self._legal_key != key:
            self._legal = self._encode_many(state.legal_actions()) if state.current_player() >= 0 else []
            self._legal_key = key
        return self._legal

    def fill(self, seat: int, observation: np.ndarray, mask: np.ndarray) -> None:
        """Write ``seat``'s observation vector and action mask into two rows (one view, one legal list)."""
        observation[:] = encode_state(self.encoder, self.state, seat)
        mask[:] = 0
        if self.state.current_player() == seat:
            for number in self.legal_numbers():
                mask[number] = 1

    def play(self, number: int) -> None:
        """Apply a decision by its number, refusing an illegal one (the state is left unchanged)."""
        if self.checked and number not in self.legal_numbers():
            raise ValueError(f"{number} is not a legal action number here")
        self.state.apply_unchecked(self._actions[number])


def _settle(envs: Sequence[_Game], rewards: np.ndarray, terminated: np.ndarray, *, autoreset: bool) -> None:
    """Advance every game to the learner's next decision, calling each batch policy once per round with all
    the games waiting for it; a game that ends records the learner's reward and, with ``autoreset``, starts
    again."""
    todo = list(range(len(envs)))
    while todo:
        waiting: dict[int, list[tuple[int, int]]] = {}
        for i in todo:
            env = envs[i]
            player = env.run()
            while player == TERMINAL:
                rewards[i] = env.state.returns()[env.seat]
                terminated[i] = True
                if not autoreset:
                    break
                env.new_game()
                player = env.run()
            if player not in (TERMINAL, env.seat):
                waiting.setdefault(id(env.at[player]), []).append((i, player))
        todo = []
        for group in waiting.values():
            first, seat = group[0]
            policy = envs[first].at[seat]
            assert policy is not None
            env0 = envs[first]
            obs = np.zeros((len(group), env0.encoder.layout.size), np.float32)
            masks = np.zeros((len(group), env0.codec.num_actions), np.int8)
            for row, (i, seat) in enumerate(group):
                envs[i].fill(seat, obs[row], masks[row])
            actions = np.asarray(policy(obs, masks)).reshape(-1)  # type: ignore[operator]
            for row, (i, _) in enumerate(group):
                envs[i].play(int(actions[row]))
                todo.append(i)


def _spaces(env: _Game) -> tuple[spaces.Dict, spaces.Discrete[Any]]:
    n = env.codec.num_actions
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (env.encoder.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        }
    )
    return observation, spaces.Discrete(n)


def _setup(
    game: str | Game, players: int | None, options: Mapping[str, Any] | None
) -> tuple[Game, int, dict[str, Any]]:
    engine = games.get(game) if isinstance(game, str) else game
    count = default_players(engine, options) if players is None else players
    return engine, count, dict(engine.validate(count, options))


class LearnerEnv(Env[dict[str, np.ndarray], int]):
    """One game as a single-agent Gymnasium environment: the learner's seat against fixed opponents (see the
    module docstring). No auto-reset: after ``terminated`` call :meth:`reset` (without a seed to go on with
    the same generators)."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: Sequence[Opponent] | None = None,
        learner_seat: int | None = None,
        checked: bool = True,
    ) -> None:
        engine, count, opts = _setup(game, players, options)
        chosen = list(opponents) if opponents is not None else ["random"] * (count - 1)
        self._env = _Game(engine, count, opts, [_resolve(o) for o in chosen], learner_seat, checked)
        self.observation_space, self.action_space = _spaces(self._env)
        self.layout = self._env.encoder.layout

    @property
    def learner_seat(self) -> int:
        return self._env.seat

    @property
    def state(self) -> State:
        return self._env.state

    def _observe(self) -> dict[str, np.ndarray]:
        env = self._env
        obs = np.zeros(env.encoder.layout.size, np.float32)
        mask = np.zeros(env.codec.num_actions, np.int8)
        env.fill(env.seat, obs, mask)
        return {"observation": obs, "action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)  # Gymnasium's own generator (unused here: the games draw from their Rng)
        if seed is not None:
            self._env.seed(seed)
        self._env.new_game()
        reward, done = np.zeros(1, np.float32), np.zeros(1, bool)
        _settle([self._env], reward, done, autoreset=False)
        return self._observe(), {"learner_seat": self._env.seat}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        self._env.play(int(action))
        reward, done = np.zeros(1, np.float32), np.zeros(1, bool)
        _settle([self._env], reward, done, autoreset=False)
        return self._observe(), float(reward[0]), bool(done[0]), False, {"learner_seat": self._env.seat}


class HellenikaVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """``num_envs`` games stepped together, with auto-reset (see the module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        opponents: Sequence[Opponent] | None = None,
        learner_seat: int | None = None,
        env_opponents: Sequence[Sequence[Opponent]] | None = None,
        checked: bool = True,
    ) -> None:
        engine, count, opts = _setup(game, players, options)
        if env_opponents is not None:
            if opponents is not None or len(env_opponents) != num_envs:
                raise ValueError("env_opponents replaces opponents and needs one list per game")
            per_env = [list(o) for o in env_opponents]
        else:
            per_env = [list(opponents) if opponents is not None else ["random"] * (count - 1)] * num_envs
        resolved: dict[int, Agent | BatchPolicy] = {}  # one bot object per spec object: batched together

        def resolve(o: Opponent) -> Agent | BatchPolicy:
            if id(o) not in resolved:
                resolved[id(o)] = _resolve(o)
            return resolved[id(o)]

        self.checked = checked
        self.envs = [
            _Game(engine, count, opts, [resolve(o) for o in opps], learner_seat, checked) for opps in per_env
        ]
        self.num_envs = num_envs
        self.single_observation_space, self.single_action_space = _spaces(self.envs[0])
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.layout = self.envs[0].encoder.layout
        self.render_mode = None
        size, n = self.layout.size, self.envs[0].codec.num_actions
        self._obs = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, n), np.int8)

    @property
    def learner_seats(self) -> np.ndarray:
        return np.array([env.seat for env in self.envs], np.int64)

    def _observations(self) -> dict[str, np.ndarray]:
        for i, env in enumerate(self.envs):
            env.fill(env.seat, self._obs[i], self._masks[i])
        return {"observation": self._obs.copy(), "action_mask": self._masks.copy()}

    def _infos(self) -> dict[str, Any]:
        return {"learner_seat": self.learner_seats, "_learner_seat": np.ones(self.num_envs, bool)}

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if seed is not None:
            seeds = [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed)
            for env, s in zip(self.envs, seeds, strict=True):
                env.seed(s)
        for env in self.envs:
            env.new_game()
        rewards, done = np.zeros(self.num_envs, np.float32), np.zeros(self.num_envs, bool)
        _settle(self.envs, rewards, done, autoreset=True)
        return self._observations(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        numbers = np.asarray(actions).reshape(-1)
        if numbers.shape != (self.num_envs,):
            raise ValueError(f"step needs {self.num_envs} actions; got shape {np.shape(actions)}")
        if self.checked:
            for i, (env, number) in enumerate(zip(self.envs, numbers.tolist(), strict=True)):
                if int(number) not in env.legal_numbers():  # check every game before changing any
                    raise ValueError(f"{number} is not a legal action number in game {i}")
        for env, number in zip(self.envs, numbers.tolist(), strict=True):
            env.play(int(number))
        rewards = np.zeros(self.num_envs, np.float32)
        terminated = np.zeros(self.num_envs, bool)
        _settle(self.envs, rewards, terminated, autoreset=True)
        truncated = np.zeros(self.num_envs, bool)
        return self._observations(), rewards, terminated, truncated, self._infos()

    def close_extras(self, **kwargs: Any) -> None:
        pass
