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
from hellenika.games.hercules.phases import CHOOSE, NAMES, RESTING, TURN

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

CHANCE_ACTIONS = (Roll, RevealDemigod, PlaceGod, ChooseStartPlayer)


def _rule(section: str, message: str) -> IllegalAction:
    return IllegalAction(f"hercules {section}", message)


def explain(s: HerculesState, action: Action) -> IllegalAction:
    if isinstance(action, CHANCE_ACTIONS) and s.current_player() != CHANCE:
        return _rule(
            "§4.1", f"{action.notation()!r} is a chance outcome (dice and cards decide it), not a choice"
        )
    if s.current_player() == CHANCE:
        return _rule(
            "§4.1",
            f"a chance outcome is due now ({NAMES[s.phase]}); {action.notation()!r} is not one of them",
        )
    phase = s.phase
    if isinstance(action, PerformLabour | UseAbility | Rest | EndTurn) and phase != TURN:
        return _rule("§4.2", f"{action.notation()!r} is not possible while {NAMES[phase]}")
    if isinstance(action, PerformLabour):
        return _labour(s, action)
    if isinstance(action, UseAbility):
        return _ability(s, action)
    if isinstance(action, Rest):
        return _rule("§4.7", "you may not rest after using a card this turn")
    if isinstance(action, EndTurn):
        if s.used_card:
            return _rule(
                "§4.2",
                "after using a card you carry out a Labour your dice give; the turn ends without one only "
                "when they give none",
            )
        return _rule(
            "§4.2", "ending the turn without a Labour is only possible after using a card; rest instead"
        )
    if isinstance(action, TakeDemigod):
        if phase != CHOOSE:
            return _rule("§4.6a", "there is no Demigod card to choose now")
        names = ", ".join(s.cat.decks[d].id for d in s.eligible)
        return _rule("§4.6a", f"the {action.deck} stack is not eligible; choose one of: {names}")
    if isinstance(action, TakeBackCube | RefreshGod | FinishRest):
        if phase != RESTING:
            return _rule("§4.7", "that is only possible while resting")
        return _rest(s, action)
    return _rule("§4", f"{action.notation()!r} is not legal now")


def _labour(s: HerculesState, action: PerformLabour) -> IllegalAction:
    p = s.actor
    slots = s._slots()
    for slot in (action.die_a, action.die_b):
        if slot not in (0, 1, WHITE_SLOT):
            return _rule("§4.3", f"there is no die {slot + 1}; dice are 1, 2 and 3 (the white die)")
        if slot not in slots:
            return _rule("§4.4", "the white die is not yours this turn; use a white-die ability first")
    if action.die_a == action.die_b:
        return _rule("§4.3", "a Labour combines two different dice")
    if action.op not in OPERATIONS:
        return _rule("§4.3", f"unknown operation {action.op!r}; use + - x /")
    va, vb = s._die(p, action.die_a), s._die(p, action.die_b)
    result = combine(va, vb, action.op)
    if result is None:
        return _rule("§4.3", why_not(va, vb, action.op))
    if not s.cubes[p] >> result & 1:
        return _rule("§4.3", f"labour {result} already done")
    # The same faces and operation on other slots, or in the other order, are its twin (twins.py): played.
    return _rule("§4.3", f"{action.notation()!r} is not legal now")


def _ability(s: HerculesState, action: UseAbility) -> IllegalAction:
    p = s.actor
    index = s.cat.by_id.get(action.card)
    if index is None:
        return _rule("§8", f"there is no card {action.card!r}")
    card = s.cat.cards[index]
    if index not in s.owned[p]:
        return _rule("§4.4", f"you do not own {card.describe()}")
    if not card.is_active:
        return _rule("§4.4", f"{card.describe()} has no ability to use (it is passive)")
    if card.kind == GOD and s.simplified:
        return _rule("§6", "in the simplified variant God cards have no abilities")
    if s.spent[p] >> index & 1:
        what = (
            "has a cube on it; rest to take it back"
            if card.kind == DEMIGOD
            else "is face down; rest to turn it up"
        )
        return _rule("§4.4", f"{card.describe()} {what}")
    if card.kind == DEMIGOD and s.supply[p] == 0:
        return _rule("§4.4", "using a Demigod card costs a cube from your supply, and you have none")
    slots = s._slots()
    t = action.target
    if card.ability in ("PLUS1", "MINUS1", "FLIP"):
        if t not in (0, 1, WHITE_SLOT):
            return _rule("§4.4", f"there is no die {t + 1}")
        if t not in slots:
            return _rule("§4.4", "the white die is not yours this turn")
        value = s._die(p, t)
        if card.ability == "PLUS1" and value == 6:
            return _rule("§4.4", "a die cannot go above 6")
        if card.ability == "MINUS1" and value == 1:
            return _rule("§4.4", "a die cannot go below 1")
    elif card.ability == "REROLL":
        allowed = 7 if len(slots) == 3 else 3
        if t <= 0 or t & ~allowed:
            return _rule(
                "§4.4", "re-roll needs a set of your own dice (bitmask 1-3, or 1-7 with the white die)"
            )
    elif card.ability == "COPY":
        if not 0 <= t < s.n or t == p:
            return _rule("§4.4", "copy another participant's dice")
    elif card.ability == "WHITE" and t != 0:
        return _rule("§4.4", "the white-die ability takes no target (use 0)")
    # An identical card with the same target, or a COPY of the same faces, is its twin (twins.py): played.
    if card.ability == "COPY":
        return _rule("§4.4", "copying those dice would leave yours as they are")
    return _rule("§4.4", f"{action.notation()!r} is not legal now")


def _rest(s: HerculesState, action: Action) -> IllegalAction:
    p = s.actor
    if isinstance(action, TakeBackCube):
        index = s.cat.by_id.get(action.card)
        if s.rest_cubes >= 3:
            return _rule("§4.7", "you have already taken back three cubes")
        if index is None or index not in s.owned[p] or s.cat.cards[index].kind != DEMIGOD:
            return _rule("§4.7", f"you own no Demigod card {action.card!r}")
        if not s.spent[p] >> index & 1:
            return _rule("§4.7", f"{action.card} has no cube on it")
        # An identical card's cube is its twin (twins.py): played.
    if isinstance(action, RefreshGod):
        if s.simplified:
            return _rule("§6", "in the simplified variant God cards are not turned up when resting")
        if s.rest_god:
            return _rule("§4.7", "only one God card is turned face up per rest")
        index = s.cat.by_id.get(action.card)
        if index is None or index not in s.owned[p] or s.cat.cards[index].kind != GOD:
            return _rule("§4.7", f"you own no God card {action.card!r}")
        return _rule("§4.7", f"{action.card} is already face up")
    return _rule("§4.7", f"{action.notation()!r} is not legal now")
