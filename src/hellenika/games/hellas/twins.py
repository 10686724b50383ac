"""Twins: choices that do exactly what an offered one does, though ``legal_actions()`` lists only that one.

Interchangeable options are offered once (docs/rules/hellas.md, "Interchangeable action spaces"): the spaces
of one group of the action track (``TrackSpace.group``: the same kind, numbers and sharing, such as the three
house spaces or the two mine spaces) are identical, and only the first free one of each group is offered
(``HellasState._choose_actions``). A player who puts his marker on another free space of that group has made a
legal move: :func:`twin_of` names the offered space it stands for, and the engine plays that one
(``HellasState._twin``; same result, same history and record). A taken space, or one of another group, is no
twin of anything.

Pillars are not twins: within one temple action each step offers every temple that still has room (from the
last one used on, spec §4.5 "The pillars may be split across any temples"), so a pillar named in another
temple puts it somewhere no offered step does. Only the order of the steps is fixed, and a step cannot stand
for an earlier one (docs/rules/hellas.md, "Temple actions in steps").

Error path only (asked when an action is not legal), so it can compare against the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas.actions import ChooseAction
from hellenika.games.hellas.phases import CHOOSE

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


def twin_of(s: HellasState, action: Action) -> Action | None:
    """The offered action that ``action`` is interchangeable with here, or None."""
    return s._twin_by_effect(action, _effect)


def _effect(s: HellasState, action: Action) -> object | None:
    """What ``action`` does here, as far as its twins are concerned; None if the actor cannot choose it."""
    if isinstance(action, ChooseAction):
        index = s.g.space_index.get(action.space)
        if s.phase != CHOOSE or index is None or s.track[index] >= 0:
            return None
        return s.comps.track[index].group
    return None
