"""Why an action is illegal, naming the rule (``hercules §4.3: labour 3 already done``).

Only called on the error path, so it can be thorough rather than fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.state import CHANCE
from hellenika.games.hercules.actions import (
    OPERATIONS,
    WHITE_SLOT,
    ChooseStartPlayer,
    EndTurn,
    FinishRest,
    PerformLabour,
    PlaceGod,
    RefreshGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from hellenika.games.hercules.arithmetic import combine, why_not
from hellenika.games.hercules.cards import DEMIGOD, GOD
from hellenika.games.hercules.phases import CHOOSE, RESTING, TURN
from hellenika.games.hercules.words import PHASES, describe
from hellenika.i18n import Msg, _m

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

CHANCE_ACTIONS = (Roll, RevealDemigod, PlaceGod, ChooseStartPlayer)


def _rule(section: str, message: Msg) -> IllegalAction:
    return IllegalAction(f"hercules {section}", message)


def _not_now(action: Action) -> Msg:
    return _m("hercules.illegal.not_now", notation=repr(action.notation()))


def explain(s: HerculesState, action: Action) -> IllegalAction:
    if isinstance(action, CHANCE_ACTIONS) and s.current_player() != CHANCE:
        return _rule("§4.1", _m("hercules.illegal.chance_outcome", notation=repr(action.notation())))
    if s.current_player() == CHANCE:
        return _rule(
            "§4.1",
            _m("hercules.illegal.chance_due", phase=PHASES[s.phase], notation=repr(action.notation())),
        )
    phase = s.phase
    if isinstance(action, PerformLabour | UseAbility | Rest | EndTurn) and phase != TURN:
        return _rule(
            "§4.2", _m("hercules.illegal.not_while", notation=repr(action.notation()), phase=PHASES[phase])
        )
    if isinstance(action, PerformLabour):
        return _labour(s, action)
    if isinstance(action, UseAbility):
        return _ability(s, action)
    if isinstance(action, Rest):
        return _rule("§4.7", _m("hercules.illegal.rest_after_card"))
    if isinstance(action, EndTurn):
        if s.used_card:
            return _rule("§4.2", _m("hercules.illegal.must_labour"))
        return _rule("§4.2", _m("hercules.illegal.end_without_card"))
    if isinstance(action, TakeDemigod):
        if phase != CHOOSE:
            return _rule("§4.6a", _m("hercules.illegal.no_demigod_choice"))
        names = tuple(s.cat.decks[d].id for d in s.eligible)
        return _rule("§4.6a", _m("hercules.illegal.stack_not_eligible", deck=action.deck, names=names))
    if isinstance(action, TakeBackCube | RefreshGod | FinishRest):
        if phase != RESTING:
            return _rule("§4.7", _m("hercules.illegal.only_resting"))
        return _rest(s, action)
    return _rule("§4", _not_now(action))


def _labour(s: HerculesState, action: PerformLabour) -> IllegalAction:
    p = s.actor
    slots = s._slots()
    for slot in (action.die_a, action.die_b):
        if slot not in (0, 1, WHITE_SLOT):
            return _rule("§4.3", _m("hercules.illegal.no_such_die", n=slot + 1))
        if slot not in slots:
            return _rule("§4.4", _m("hercules.illegal.white_not_yours_use"))
    if action.die_a == action.die_b:
        return _rule("§4.3", _m("hercules.illegal.two_dice"))
    if action.op not in OPERATIONS:
        return _rule("§4.3", _m("hercules.illegal.unknown_operation", op=repr(action.op)))
    va, vb = s._die(p, action.die_a), s._die(p, action.die_b)
    result = combine(va, vb, action.op)
    if result is None:
        return _rule("§4.3", why_not(va, vb, action.op))
    if not s.cubes[p] >> result & 1:
        return _rule("§4.3", _m("hercules.illegal.labour_done", n=result))
    # The same faces and operation on other slots, or in the other order, are its twin (twins.py): played.
    return _rule("§4.3", _not_now(action))


def _ability(s: HerculesState, action: UseAbility) -> IllegalAction:
    p = s.actor
    index = s.cat.by_id.get(action.card)
    if index is None:
        return _rule("§8", _m("hercules.illegal.no_such_card", card=repr(action.card)))
    card = s.cat.cards[index]
    if index not in s.owned[p]:
        return _rule("§4.4", _m("hercules.illegal.not_owned", card=describe(card)))
    if not card.is_active:
        return _rule("§4.4", _m("hercules.illegal.passive", card=describe(card)))
    if card.kind == GOD and s.simplified:
        return _rule("§6", _m("hercules.illegal.simplified_no_abilities"))
    if s.spent[p] >> index & 1:
        if card.kind == DEMIGOD:
            return _rule("§4.4", _m("hercules.illegal.has_cube", card=describe(card)))
        return _rule("§4.4", _m("hercules.illegal.face_down", card=describe(card)))
    if card.kind == DEMIGOD and s.supply[p] == 0:
        return _rule("§4.4", _m("hercules.illegal.no_cube"))
    slots = s._slots()
    t = action.target
    if card.ability in ("PLUS1", "MINUS1", "FLIP"):
        if t not in (0, 1, WHITE_SLOT):
            return _rule("§4.4", _m("hercules.illegal.no_die", n=t + 1))
        if t not in slots:
            return _rule("§4.4", _m("hercules.illegal.white_not_yours"))
        value = s._die(p, t)
        if card.ability == "PLUS1" and value == 6:
            return _rule("§4.4", _m("hercules.illegal.above_six"))
        if card.ability == "MINUS1" and value == 1:
            return _rule("§4.4", _m("hercules.illegal.below_one"))
    elif card.ability == "REROLL":
        allowed = 7 if len(slots) == 3 else 3
        if t <= 0 or t & ~allowed:
            return _rule("§4.4", _m("hercules.illegal.reroll_set"))
    elif card.ability == "COPY":
        if not 0 <= t < s.n or t == p:
            return _rule("§4.4", _m("hercules.illegal.copy_other"))
    elif card.ability == "WHITE" and t != 0:
        return _rule("§4.4", _m("hercules.illegal.white_no_target"))
    # An identical card with the same target, or a COPY of the same faces, is its twin (twins.py): played.
    if card.ability == "COPY":
        return _rule("§4.4", _m("hercules.illegal.copy_same"))
    return _rule("§4.4", _not_now(action))


def _rest(s: HerculesState, action: Action) -> IllegalAction:
    p = s.actor
    if isinstance(action, TakeBackCube):
        index = s.cat.by_id.get(action.card)
        if s.rest_cubes >= 3:
            return _rule("§4.7", _m("hercules.illegal.three_cubes"))
        if index is None or index not in s.owned[p] or s.cat.cards[index].kind != DEMIGOD:
            return _rule("§4.7", _m("hercules.illegal.no_demigod", card=repr(action.card)))
        if not s.spent[p] >> index & 1:
            return _rule("§4.7", _m("hercules.illegal.no_cube_on", card=action.card))
        # An identical card's cube is its twin (twins.py): played.
    if isinstance(action, RefreshGod):
        if s.simplified:
            return _rule("§6", _m("hercules.illegal.simplified_no_refresh"))
        if s.rest_god:
            return _rule("§4.7", _m("hercules.illegal.one_god"))
        index = s.cat.by_id.get(action.card)
        if index is None or index not in s.owned[p] or s.cat.cards[index].kind != GOD:
            return _rule("§4.7", _m("hercules.illegal.no_god", card=repr(action.card)))
        return _rule("§4.7", _m("hercules.illegal.face_up", card=action.card))
    return _rule("§4.7", _not_now(action))
