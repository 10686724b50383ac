"""What a browser receives for a seat: the one payload shape shared by the server, its WebSocket pushes, the
view fixtures and the board modules (docs/WEB.md, "The table model").

It is built only from the seat's view, the seat's legal actions (when it is that seat's turn) and the log as
that seat may read it, so it can never carry hidden information.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from hellenika.engine.events import Event, render_names
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.web.results import TIMEOUT_MARK, end_words


def log_entry(event: Event, names: Sequence[str], by_timeout: bool = False) -> dict[str, Any]:
    """One log line of the model; a line whose action a bot made for a late player says so (``by``)."""
    entry: dict[str, Any] = {"step": event.step, "text": event.render(names), "actor": event.actor}
    if by_timeout:
        entry["text"] += TIMEOUT_MARK
        entry["by"] = "timeout"
    return entry


def table_model(
    state: State, seat: int | None, names: Sequence[str], timeout_steps: Collection[int] = ()
) -> dict[str, Any]:
    """The JSON model of ``state`` as ``seat`` sees it (``None``: a spectator); ``timeout_steps`` are the
    history steps a bot played for a late player (their log lines are marked)."""
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
        "log": [log_entry(e, names, e.step in timeout_steps) for e in state.visible_events(seat)],
        "scores": state.scores() if terminal else None,
        "places": state.ranking() if terminal else None,
        "breakdown": state.score_breakdown() if terminal else None,
        # A game a safety net ended (not the game's own end) says so with its result ("ended by the stall").
        "end_reason": state.end_reason() if terminal else None,
        # How it ended in one line (web/results.py); a forfeit's words replace it (server/round/master.py).
        "end_text": end_words(_result_of(state), names) if terminal else None,
    }


def _result_of(state: State) -> dict[str, Any]:
    return {"places": state.ranking(), "end_reason": state.end_reason()}
