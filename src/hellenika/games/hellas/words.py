"""Hellas' words as messages: the action spaces' titles, the pieces, the reasons a player cannot act, the
score headings. Log lines are built from these (flow.py, quarries.py); the choices' labels, the errors and
the terminal picture still speak English only (their messages are the next step).
"""

from __future__ import annotations

from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_MINE,
    K_PALACE,
    K_STATUE,
    K_TEMPLE,
    PALACE,
    SQUARE,
    STATUE,
    TrackSpace,
)
from hellenika.i18n import Msg, _m

A_PIECE: dict[int, Msg] = {
    HOUSE: _m("hellas.piece.a_house"),
    SQUARE: _m("hellas.piece.a_square"),
    PALACE: _m("hellas.piece.a_palace"),
    STATUE: _m("hellas.piece.a_statue"),
}
NONE_LEFT: dict[int, Msg] = {
    HOUSE: _m("hellas.why.no_houses_left"),
    SQUARE: _m("hellas.why.no_squares_left"),
    PALACE: _m("hellas.why.no_palaces_left"),
    STATUE: _m("hellas.why.all_statues_built"),
}
PHASES: tuple[Msg, ...] = (
    _m("hellas.phase.setup_open"),
    _m("hellas.phase.setup_tile"),
    _m("hellas.phase.setup_worker"),
    _m("hellas.phase.setup_start"),
    _m("hellas.phase.mine_reveal"),
    _m("hellas.phase.choose"),
    _m("hellas.phase.build"),
    _m("hellas.phase.statue"),
    _m("hellas.phase.pillars"),
    _m("hellas.phase.mine_place"),
    _m("hellas.phase.mine_worker"),
    _m("hellas.phase.mine_draw"),
    _m("hellas.phase.take"),
    _m("hellas.phase.over"),
)
COAST = _m("hellas.where.coast")
INTERIOR = _m("hellas.where.interior")

SCORE_HEADINGS: dict[str, Msg] = {
    "largest city": _m("hellas.score.largest_city"),
    "temples": _m("hellas.score.temples"),
    "statues": _m("hellas.score.statues"),
    "rings": _m("hellas.score.rings"),
    "ring majority": _m("hellas.score.ring_majority"),
    "marble": _m("hellas.score.marble"),
}


def title(space: TrackSpace) -> Msg:
    """The action's name in plain words, as the track shows it (``TrackSpace.title`` in English)."""
    if space.kind == K_HOUSE:
        return _m("hellas.space.house")
    if space.kind == K_HOUSE_SQUARE:
        return _m("hellas.space.house_square")
    if space.kind == K_PALACE:
        return _m("hellas.space.palace")
    if space.kind == K_MINE:
        return _m("hellas.space.mine")
    if space.kind == K_TEMPLE:
        return _m("hellas.space.temple", pillars=space.pillars, cost=space.cost)
    if space.kind == K_STATUE:
        return _m("hellas.space.statue", cost=space.cost)
    return _m("hellas.space.marble", gain=space.gain)


def short_title(space: TrackSpace) -> Msg:
    """A few words for the track display (``TrackSpace.short_title`` in English)."""
    if space.kind == K_TEMPLE:
        return _m("hellas.short.temple", pillars=space.pillars, cost=space.cost)
    if space.kind == K_STATUE:
        return _m("hellas.short.statue", cost=space.cost)
    if space.kind == K_HOUSE:
        return _m("hellas.short.house")
    if space.kind == K_HOUSE_SQUARE:
        return _m("hellas.short.house_square")
    if space.kind == K_PALACE:
        return _m("hellas.short.palace")
    if space.kind == K_MINE:
        return _m("hellas.space.mine")
    return _m("hellas.space.marble", gain=space.gain)


def reasons(items: list[Msg]) -> Msg:
    """Several reasons, each once, in one line (``no houses left; no free space``)."""
    unique = list(dict.fromkeys(items))
    joined = unique[-1]
    for item in reversed(unique[:-1]):
        joined = _m("hellas.why.both", first=item, second=joined)
    return joined
