"""Views along a seeded random game, for the tests that the parts views share (printed component data, built
once) are right and that no view changes what another one holds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from hellenika import games
from hellenika.engine import Rng
from hellenika.engine.state import State


class SeatView(NamedTuple):
    state: State
    seat: int | None
    view: dict[str, Any]
    text: str  # the view's JSON when it was built


def text(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def views_along(
    name: str, players: int, seed: int, every: int = 3, options: Mapping[str, object] | None = None
) -> list[SeatView]:
    """Every seat's and the spectator's view of every ``every``-th state of a seeded random game (the states
    are clones, sharing what clones share; the terminal state is included)."""
    state = games.get(name).new_state(players, dict(options or {}), log=False)
    rng = Rng(seed)
    out = []
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            snapshot = state.clone()
            for seat in (*range(players), None):
                view = snapshot.view(seat)
                out.append(SeatView(snapshot, seat, view, text(view)))
        if state.is_terminal():
            return out
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_unchecked(action)
        step += 1


def assert_unchanged(views: list[SeatView]) -> None:
    """Each view still reads as when it was built: no later view changed a part they share."""
    changed = [(v.seat, v.state.current_player()) for v in views if text(v.view) != v.text]
    assert not changed, f"{len(changed)} views changed after they were built, first {changed[0]}"
