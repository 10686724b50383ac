"""Twins: choices that do exactly what an offered one does, though ``legal_actions()`` lists only that one.

Interchangeable options are offered once (docs/rules/hellas_delonge.md, "Identical tiles", "Twins are
accepted"):

- a rotation (spec §5.1): a tile laid with ``k`` steps that gives the land edges and bodies of water of one
  of its distinct rotations (``Tile.rotations``: an island has one, T17 and T21 three) is that rotation;
- Sea Chart (spec §8.3 P2): of two alike drawn tiles, the first stands for both;
- Oracle (spec §8.3 Z6): of alike tiles still to put back, the lowest id stands for them.

A player who turns the tile the other way, or picks the other alike tile, has made a legal move:
:func:`twin_of` names the offered action it stands for, and the engine plays that one
(``HellasState._twin``, which checks that it is legal; same result, same history and record). Only tiles
the actor has seen count: those he drew or looked at, never a tile alike but still face down in the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import rotate

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState


def twin_of(s: HellasState, action: Action) -> Action | None:
    """The action offered for the same choice as ``action`` (which is not offered), or None."""
    phase = s.phase
    if isinstance(action, a.Rotate) and phase in (ph.SETUP_TURN, ph.V_TURN) and 0 <= action.k < 6:
        tile = s.cat.tiles[s.drawn[0] if phase == ph.SETUP_TURN else s.v_tile]
        look = rotate(tile.edges, tile.regions, action.k)
        for rot in tile.rotations:
            if (rot.land, rot.regions) == look:
                return s.g.rotate[rot.k]
        return None
    if isinstance(action, a.UseTile) and phase == ph.V_CHOOSE:
        t = s.cat.tile_by_id.get(action.tile)
        first = s.drawn[0]
        if t is None or t not in s.drawn or s.cat.tiles[t].shape != s.cat.tiles[first].shape:
            return None
        return s.g.use_tile[first]
    if isinstance(action, a.OrderTile) and phase == ph.ORACLE:
        rest = s._oracle_rest()
        t = s.cat.tile_by_id.get(action.tile)
        if t is None or t not in rest:
            return None
        shape = s.cat.tiles[t].shape
        return s.g.order_tile[min(u for u in rest if s.cat.tiles[u].shape == shape)]
    return None
