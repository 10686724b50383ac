"""What a browser receives for a seat: the one payload shape shared by the server, its WebSocket pushes, the
view fixtures and the board modules (docs/WEB.md, "The table model").

It is built only from the seat's view, the seat's legal actions (when it is that seat's turn) and the log as
that seat may read it, so it can never carry hidden information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellenika.engine.events import render_names
from hellenika.engine.state import CHANCE, TERMINAL, State


def table_model(state: State, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """The JSON model of ``state`` as ``seat`` sees it (``None``: a spectator)."""
    player = state.current_player()
    legal: list[dict[str, Any]] = []
    if seat is not None and player == seat:
        legal = [
            {
                "index": i,
                "notation": a.notation(),
                "label": render_names(state.label(a), names),
                "action": a.to_json(),
            }
            for i, a in enumerate(state.legal_actions())
        ]
    terminal = player == TERMINAL
    return {
        "game": state.game.name,
        "title": state.game.title,
        "version": state.version,
        "seat": seat,
        "names": list(names),
        "to_move": None if player in (CHANCE, TERMINAL) else player,
        "finished": terminal,
        "view": state.view(seat),
        "legal": legal,
        "log": [
            {"step": e.step, "text": e.render(names), "actor": e.actor} for e in state.visible_events(seat)
        ],
        "scores": state.scores() if terminal else None,
        "places": state.ranking() if terminal else None,
        "breakdown": state.score_breakdown() if terminal else None,
    }
