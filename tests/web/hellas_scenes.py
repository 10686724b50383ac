"""Hellas positions the seeded fixtures rarely reach, for the board tests: palaces, squares, statues, cities.

The fixture games are played by the heuristic bot, which seldom builds palaces or statues, so the board's
drawing of cities, squares and statues would go untested. ``rich_model`` plays a seeded game with a builder's
policy (choose build, statue and temple spaces; build next to one's own pieces; place palaces where they found
cities) and returns the table model of the first position that matches ``stop``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenika import games
from hellenika.engine.rng import Rng
from hellenika.games.hellas.actions import Build, ChooseAction, Decline, Pillar
from hellenika.web.model import table_model

POOR = ("mine1", "mine2", "marble", "house1", "house2", "house3")
PREFERRED = ("statue", "palace", "house-square", "temple3", "temple2", "house1", "house2", "house3", "mine1")


def _pick(state: Any, rng: Rng) -> Any:
    actions = state.legal_actions()
    chooses = [a for a in actions if isinstance(a, ChooseAction)]
    if chooses:
        poor = state.marble[state.cp] < 8
        for space in POOR if poor else PREFERRED:
            for a in chooses:
                if a.space == space:
                    return a
        return chooses[0]
    builds = [a for a in actions if isinstance(a, Build)]
    if builds:
        p = state.cp
        b = state.b
        own = state.houses[p] | state.squares[p] | state.palaces[p]

        def score(a: Build) -> float:
            c = b.index_of[a.space]
            touching = (b.nbr[c] & own).bit_count()
            bonus = {"palace": 3, "square": 1, "statue": 2, "house": 0}[a.piece]
            if a.piece == "house":
                bonus += sum(1 for q in state.active_q if b.quarry_nbr[q] >> c & 1)
            return touching * 2 + bonus + rng.random() * 0.5

        return max(builds, key=score)
    pillars = [a for a in actions if isinstance(a, Pillar)]
    if pillars:
        return pillars[int(rng.random() * len(pillars))]
    others = [a for a in actions if not isinstance(a, Decline)] or actions
    return others[int(rng.random() * len(others))]


def _play(players: int, stop: Callable[[Any], bool], seed: int) -> dict[str, Any] | None:
    state = games.get("hellas").new_state(players, {})
    rng = Rng(seed)
    names = [f"Player {i + 1}" for i in range(players)]
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply(state.sample_chance(rng))
            continue
        if stop(state):
            return table_model(state, player, names)
        state.apply(_pick(state, rng))
    return table_model(state, None, names) if stop(state) else None


def rich_model(players: int, stop: Callable[[Any], bool], seed: int = 1) -> dict[str, Any]:
    """The model, for the seat to move, of the first decision in a builder's game where ``stop`` holds
    (trying the seeds from ``seed`` on until one game gets there)."""
    for k in range(seed, seed + 40):
        model = _play(players, stop, k)
        if model is not None:
            return model
    raise AssertionError("the scene never happened")


def late_house_square(players: int = 3, seed: int = 1) -> dict[str, Any]:
    """Round 3, someone deciding on the house-and/or-square action with both pieces on offer."""

    def stop(s: Any) -> bool:
        if s.round < 3 or s.space < 0 or s.comps.track[s.space].id != "house-square":
            return False
        kinds = {a.piece for a in s.legal_actions() if isinstance(a, Build)}
        return kinds == {"house", "square"}

    return rich_model(players, stop, seed)


def statue_choice(players: int = 4, seed: int = 1) -> dict[str, Any]:
    """Someone deciding where to put a statue, from round 2 on (pieces on the board)."""

    def stop(s: Any) -> bool:
        return s.round >= 2 and any(isinstance(a, Build) and a.piece == "statue" for a in s.legal_actions())

    return rich_model(players, stop, seed)


def game_over(players: int = 2, seed: int = 1) -> dict[str, Any]:
    """The end of a builder's game (cities, palaces, statues), as a spectator sees it."""
    return rich_model(players, lambda s: s.is_terminal(), seed)
