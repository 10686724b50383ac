"""``hellenika bench``: how fast a game's engine runs under random play, the hot path of bots.

Measured on one core, in this process, in CPU time (``time.process_time``), so other work on a shared
machine does not distort the figures:
- random full games per second and actions per second (each action = ``legal_actions`` or a chance sample,
  then ``apply_unchecked``; no log), over at least ``seconds`` of play;
- the same with checked ``apply`` (what the server and replays pay);
- ``clone`` time, averaged over states taken from every stage of a game.
"""

from __future__ import annotations

import platform
import time
from typing import Any

from hellenika import games
from hellenika.engine.errors import InvalidOption
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State


def _random_game(game_name: str, players: int, options: dict[str, Any], rng: Rng, checked: bool) -> int:
    game = games.get(game_name)
    state = game.new_state(players, options, log=False)
    apply = state.apply if checked else state.apply_unchecked
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state.version
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
        apply(action)


def _play_for(
    game_name: str, players: int, options: dict[str, Any], seconds: float, seed: int, checked: bool
) -> tuple[int, int, float]:
    rng = Rng(seed)
    count = actions = 0
    start = time.process_time()
    while True:
        actions += _random_game(game_name, players, options, rng, checked)
        count += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return count, actions, elapsed


def _sample_states(
    game_name: str, players: int, options: dict[str, Any], seed: int, games_: int = 20
) -> list[State]:
    game = games.get(game_name)
    rng = Rng(seed)
    states: list[State] = []
    for _ in range(games_):
        state = game.new_state(players, options, log=False)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                states.append(state.clone())
            legal = state.legal_actions()
            action = state.sample_chance(rng) if state.is_chance_node() else legal[rng.randbelow(len(legal))]
            state.apply_unchecked(action)
            step += 1
    return states


def measure(
    game_name: str, players: int, options: dict[str, Any] | None = None, seconds: float = 3.0, seed: int = 1
) -> dict[str, Any]:
    options = dict(options or {})
    games.get(game_name).validate(players, options)
    count, actions, elapsed = _play_for(game_name, players, options, seconds, seed, checked=False)
    _, c_actions, c_elapsed = _play_for(game_name, players, options, seconds / 3, seed, checked=True)
    states = _sample_states(game_name, players, options, seed)
    repeats = max(1, 200_000 // max(len(states), 1))
    start = time.process_time()
    for _ in range(repeats):
        for state in states:
            state.clone()
    clone_seconds = (time.process_time() - start) / (repeats * len(states))
    return {
        "game": game_name,
        "players": players,
        "options": options,
        "games": count,
        "games_per_second": count / elapsed,
        "actions_per_game": actions / count,
        "actions_per_second": actions / elapsed,
        "checked_actions_per_second": c_actions / c_elapsed,
        "clone_microseconds": clone_seconds * 1e6,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def measure_search(
    game_name: str,
    players: int,
    options: dict[str, Any] | None,
    bot_spec: str,
    seconds: float = 5.0,
    seed: int = 1,
) -> dict[str, Any]:
    """ISMCTS iterations per second (CPU time), searching decisions taken from every stage of random games."""
    from hellenika.bots import make_agent
    from hellenika.bots.ismcts import ISMCTSBot
    from hellenika.engine.agent import Observation

    options = dict(options or {})
    bot = make_agent(bot_spec)
    if not isinstance(bot, ISMCTSBot):
        raise InvalidOption(f"bench --bot measures search bots; {bot_spec!r} is not an ismcts spec")
    states = [
        s
        for s in _sample_states(game_name, players, options, seed, games_=6)
        if s.current_player() >= 0 and len(s.legal_actions()) > 1
    ]
    rng = Rng(seed)
    iterations = 0
    searches = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = states[searches % len(states)]
        result = bot.search(Observation(state, state.current_player()), rng)
        iterations += result.iterations
        searches += 1
    elapsed = time.process_time() - start
    return {
        "game": game_name,
        "players": players,
        "options": options,
        "bot": bot.name,
        "searches": searches,
        "iterations_per_second": iterations / elapsed,
        "seconds_per_search": elapsed / searches,
        "python": platform.python_version(),
    }
