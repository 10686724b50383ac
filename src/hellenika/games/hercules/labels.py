"""Plain-words labels for Hercules actions, as the terminal and the web show them, as messages.

Labels name participants with ``{p0}``-style placeholders (see :func:`hellenika.engine.render_names`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.games.hercules import words
from hellenika.games.hercules.actions import (
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
from hellenika.games.hercules.arithmetic import combine
from hellenika.games.hercules.cards import DEMIGOD
from hellenika.i18n import Msg, _m

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

OP_SIGNS = {"+": "+", "-": "-", "x": "x", "/": "/"}


def label(s: HerculesState, action: Action) -> Msg:
    cat = s.cat
    p = s.actor
    if isinstance(action, PerformLabour):
        va, vb = s._die(p, action.die_a), s._die(p, action.die_b)
        hi, lo = (va, vb) if va >= vb else (vb, va)
        result = combine(va, vb, action.op)
        sign = OP_SIGNS.get(action.op, action.op)
        if WHITE_SLOT in (action.die_a, action.die_b):
            return _m("hercules.label.labour_white", result=str(result), hi=hi, op=sign, lo=lo)
        return _m("hercules.label.labour", result=str(result), hi=hi, op=sign, lo=lo)
    if isinstance(action, UseAbility):
        card = cat.card(action.card)
        # Parentheses, not square brackets: a label is shown through Rich, which reads "[word ...]" as markup.
        cost = _m("hercules.label.cost_cube") if card.kind == DEMIGOD else _m("hercules.label.cost_face_down")
        t = action.target
        what: Msg
        if card.ability in ("PLUS1", "MINUS1", "FLIP"):
            old = s._die(p, t)
            new = old + 1 if card.ability == "PLUS1" else old - 1 if card.ability == "MINUS1" else 7 - old
            verb = {"PLUS1": "+1", "MINUS1": "-1"}.get(card.ability)
            if verb is None:
                what = _m("hercules.label.flip_on", die=words.die(t), old=old, new=new)
            else:
                what = _m("hercules.label.change_on", verb=verb, die=words.die(t), old=old, new=new)
        elif card.ability == "WHITE":
            if s.white_holder == p:
                what = _m("hercules.label.reroll_white")
            else:
                what = _m("hercules.label.take_white")
        elif card.ability == "REROLL":
            dice = [words.die(sl) for sl in (0, 1, WHITE_SLOT) if t >> sl & 1]
            what = _m("hercules.label.reroll", dice=words.and_list(dice))
        elif card.ability == "COPY":
            a, b = s._copy_values(t)
            what = _m("hercules.label.copy", player=who(t), a=a, b=b)
        else:
            what = Msg.literal(card.ability)
        return _m("hercules.label.use", card=words.head(card), what=what, cost=cost)
    if isinstance(action, TakeDemigod):
        deck = cat.decks[s.g.deck_index[action.deck]]
        card_msg = words.describe(cat.cards[s.tops[deck.index]])
        return _m("hercules.label.take_demigod", card=card_msg, deck=words.deck_name(deck.name))
    if isinstance(action, Rest):
        if s.simplified:
            return _m("hercules.label.rest_simplified")
        return _m("hercules.label.rest")
    if isinstance(action, TakeBackCube):
        return _m("hercules.label.take_back", card=words.describe(cat.card(action.card)))
    if isinstance(action, RefreshGod):
        return _m("hercules.label.refresh", card=words.describe(cat.card(action.card)))
    if isinstance(action, FinishRest):
        return _m("hercules.label.finish_rest")
    if isinstance(action, EndTurn):
        return _m("hercules.label.end_turn")
    if isinstance(action, Roll):
        faces = tuple(
            _m("hercules.label.face", die=words.die_label(sl), value=v)
            for sl, v in zip(action.dice, action.values, strict=True)
        )
        return _m("hercules.label.rolls", player=who(action.participant), faces=faces)
    if isinstance(action, RevealDemigod):
        return _m("hercules.label.reveal", card=words.describe(cat.card(action.card)))
    if isinstance(action, PlaceGod):
        return _m("hercules.label.place_god", god=words.name(cat.card(action.card)), column=action.column)
    if isinstance(action, ChooseStartPlayer):
        return _m("hercules.label.starts", player=who(action.seat))
    return Msg.literal(action.notation())
