"""Twins: choices that do exactly what an offered one does, though ``legal_actions()`` lists only that one.

Interchangeable options are offered once (docs/rules/attika.md, "Alike stacks are offered once", "Board
expansion"):

- a draw (spec §3.2, §4.1): stacks 1-3 are a random split of the same unseen buildings, so two of them with
  the same height are alike (the same distribution of the next building, the same moment of emptying), and
  only the first of each height is offered (``AttikaState.distinct_stacks``);
- a board tile's rotation (spec §3.1, §7): a turn giving the same picture as a lower one lays the tile alike
  (``hexes.distinct_rotations``), and only the lowest is offered.

A player who draws from the other stack of that height, or turns the tile the other way round to the same
picture, has made a legal move: :func:`twin_of` names the offered action it stands for, and the engine plays
that one (``AttikaState._twin``; same result, same history and record). Both facts are public (stack
heights, the tile being laid), so a twin never depends on a hand nor tells anything about one; an empty stack,
a stack of another height, the main stack or a turn outside 0-5 is no twin of anything.

Error path only (asked when an action is not legal), so it can compare against the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.attika.actions import DrawBuilding, RotateTile
from hellenika.games.attika.catalogue import MAIN_STACK
from hellenika.games.attika.hexes import rotated_symbols
from hellenika.games.attika.phases import ACTIONS, TILE_ROTATE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState


def twin_of(s: AttikaState, action: Action) -> Action | None:
    """The offered action that ``action`` is interchangeable with here, or None."""
    return s._twin_by_effect(action, _effect)


def _effect(s: AttikaState, action: Action) -> object | None:
    """What ``action`` does here, as far as its twins are concerned; None if the actor cannot choose it."""
    if isinstance(action, DrawBuilding):
        heights = s.stacks[s.actor]
        k = action.stack
        if s.phase != ACTIONS or k == MAIN_STACK or not 0 < k < len(heights) or not heights[k]:
            return None
        return heights[k]
    if isinstance(action, RotateTile):
        if s.phase != TILE_ROTATE or s.tile < 0 or not 0 <= action.rotation < 6:
            return None
        return rotated_symbols(s.cat.tiles[s.tile].symbols, action.rotation)
    return None
