"""Twins: choices that do exactly what an offered one does, though ``legal_actions()`` lists only that one.

Interchangeable options are offered once, so bots and lists see each choice once (docs/rules/hercules.md,
"Twins are accepted"):

- a Labour (spec §4.3) with the white die: two pairs of dice with the same faces give the same Labour with
  the same operation, and only the first pair is offered; the two dice of a pair may also be named in either
  order (``labour 1 0 +`` is ``labour 0 1 +``);
- a card's ability (spec §4.4): unused identical cards (``Catalogue.equivalence_key``) are offered lowest id
  first, and a COPY target is offered once per set of faces it gives;
- taking a cube back while resting (spec §4.7): from the lowest id of identical Demigod cards.

A player who picks the other stack or card has made a legal move: :func:`twin_of` names the offered action it
stands for, and the engine plays that one (``HerculesState._twin``; same result, same history and record).
The actor's own choices only: a card he does not own, or one already used, is no twin of anything.

Error path only (asked when an action is not legal), so it can compare against the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hercules.actions import PerformLabour, TakeBackCube, UseAbility

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState


def twin_of(s: HerculesState, action: Action) -> Action | None:
    """The offered action that ``action`` is interchangeable with here, or None."""
    return s._twin_by_effect(action, _effect)


def _effect(s: HerculesState, action: Action) -> tuple[object, ...] | None:
    """What ``action`` does for the actor, as far as its twins are concerned; None if he cannot choose it."""
    p = s.actor
    if isinstance(action, PerformLabour):
        slots = s._slots()
        a, b = action.die_a, action.die_b
        if a == b or a not in slots or b not in slots:
            return None
        va, vb = s._die(p, a), s._die(p, b)
        return (action.op, min(va, vb), max(va, vb))
    if isinstance(action, UseAbility | TakeBackCube):
        c = s.cat.by_id.get(action.card)
        if c is None or c not in s.owned[p]:
            return None
        used = bool(s.spent[p] >> c & 1)
        if isinstance(action, TakeBackCube):
            return (s.g.equivalence[c],) if used and s.g.demigod_mask >> c & 1 else None
        if used:
            return None
        target = action.target
        if s.g.ability[c] == "COPY":
            if not 0 <= target < s.n or target == p:
                return None
            return (s.g.equivalence[c], s._copy_values(target))
        return (s.g.equivalence[c], target)
    return None
