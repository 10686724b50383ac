"""Playing one game to the end: agents decide, a seeded generator samples chance, a record is kept.

The runner is the only place where randomness meets a state. Chance draws come from one stream forked from
``Rng(seed)`` (the ``"stream"`` scheme of engine/rng.py, which its records name); each seat's agent gets its
own stream forked by seat, so a game with the same seed, agents and options is the same game, byte for byte,
whatever else runs in the process.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hellenika.engine.agent import Agent, Observation
from hellenika.engine.record import Record
from hellenika.engine.rng import STREAM, Rng, chance_stream
from hellenika.engine.state import CHANCE, TERMINAL

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.engine.game import Game
    from hellenika.engine.state import State

StepHook = Callable[["State", "Action", int], None]


@dataclass
class MatchResult:
    state: State
    record: Record

    @property
    def first_player(self) -> int | None:
        """The seat that made the first decision of the game (the start player)."""
        return first_decider(self.state)


def first_decider(state: State) -> int | None:
    """Replay the history to find the first seat that decided; None if nobody has yet."""
    probe = state.game.new_state(state.num_players, state.options, log=False)
    for action in state.history():
        player = probe.current_player()
        if player >= 0:
            return player
        probe.apply_unchecked(action)
    player = probe.current_player()
    return player if player >= 0 else None


class MatchRunner:
    """Plays a game with the given agents; ``step_hook`` sees every applied action (for UIs)."""

    def __init__(
        self,
        game: Game,
        players: int,
        agents: Sequence[Agent],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        log: bool = False,
        step_hook: StepHook | None = None,
        max_actions: int = 1_000_000,
    ) -> None:
        if len(agents) != players:
            raise ValueError(f"{players} seats need {players} agents; got {len(agents)}")
        self.game = game
        self.agents = list(agents)
        self.seed = seed
        self.state = game.new_state(players, options, log=log)
        self.record = Record.start(self.state, [a.name for a in agents], seed, chance=STREAM)
        root = Rng(seed)
        self.chance_rng = chance_stream(seed)
        self.agent_rngs = [root.fork(f"seat-{i}") for i in range(players)]
        self.step_hook = step_hook
        self.max_actions = max_actions

    def step(self) -> Action | None:
        """Apply one action (chance or decision); None once the game is over."""
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            action = state.sample_chance(self.chance_rng)
            state.apply_unchecked(action)
        else:
            action = self.agents[player].choose(Observation(state, player), self.agent_rngs[player])
            state.apply(action, seat=player)
        if self.step_hook is not None:
            self.step_hook(state, action, player)
        return action

    def run(self) -> MatchResult:
        for _ in range(self.max_actions):
            if self.step() is None:
                break
        else:
            raise RuntimeError(f"game did not end within {self.max_actions} actions")
        self.record.finish(self.state)
        return MatchResult(self.state, self.record)


def play_match(
    game: Game,
    players: int,
    agents: Sequence[Agent],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    log: bool = False,
) -> MatchResult:
    return MatchRunner(game, players, agents, options=options, seed=seed, log=log).run()
