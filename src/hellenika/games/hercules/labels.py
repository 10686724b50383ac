"""Plain-words labels for Hercules actions, as the terminal and the web show them.

Labels name participants with ``{p0}``-style placeholders (see :func:`hellenika.engine.render_names`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import who
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

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState

OP_SIGNS = {"+": "+", "-": "-", "x": "x", "/": "/"}


def die_name(slot: int) -> str:
    return "the white die" if slot == WHITE_SLOT else f"die {slot + 1}"


def _slots_text(mask: int) -> str:
    names = [die_name(s) for s in (0, 1, WHITE_SLOT) if mask >> s & 1]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def label(s: HerculesState, action: Action) -> str:
    cat = s.cat
    p = s.actor
    if isinstance(action, PerformLabour):
        va, vb = s._die(p, action.die_a), s._die(p, action.die_b)
        hi, lo = (va, vb) if va >= vb else (vb, va)
        result = combine(va, vb, action.op)
        white = " (with the white die)" if WHITE_SLOT in (action.die_a, action.die_b) else ""
        return f"Labour {result}: {hi} {OP_SIGNS.get(action.op, action.op)} {lo}{white}"
    if isinstance(action, UseAbility):
        card = cat.card(action.card)
        name = f"{card.name} {card.id}" if card.kind == DEMIGOD else card.name
        # Parentheses, not square brackets: a label is shown through Rich, which reads "[word ...]" as markup.
        cost = "pay 1 cube" if card.kind == DEMIGOD else "turn it face down"
        t = action.target
        if card.ability in ("PLUS1", "MINUS1", "FLIP"):
            old = s._die(p, t)
            new = old + 1 if card.ability == "PLUS1" else old - 1 if card.ability == "MINUS1" else 7 - old
            verb = {"PLUS1": "+1", "MINUS1": "-1", "FLIP": "flip"}[card.ability]
            what = f"{verb} on {die_name(t)} ({old} -> {new})"
        elif card.ability == "WHITE":
            what = "re-roll the white die" if s.white_holder == p else "take and roll the white die"
        elif card.ability == "REROLL":
            what = f"re-roll {_slots_text(t)}"
        elif card.ability == "COPY":
            a, b = s._copy_values(t)
            what = f"copy {who(t)}'s dice ({a}, {b})"
        else:
            what = card.ability
        return f"Use {name} {what} ({cost})"
    if isinstance(action, TakeDemigod):
        deck = cat.decks[s.g.deck_index[action.deck]]
        return f"Take {cat.cards[s.tops[deck.index]].describe()} from the {deck.name} stack"
    if isinstance(action, Rest):
        if s.simplified:
            return "Rest (take back up to 3 cubes)"
        return "Rest (take back up to 3 cubes and turn 1 God face up)"
    if isinstance(action, TakeBackCube):
        return f"Take the cube back from {cat.card(action.card).describe()}"
    if isinstance(action, RefreshGod):
        return f"Turn {cat.card(action.card).describe()} face up"
    if isinstance(action, FinishRest):
        return "Finish resting"
    if isinstance(action, EndTurn):
        return "End the turn without a Labour"
    if isinstance(action, Roll):
        faces = ", ".join(f"{die_name(sl)}: {v}" for sl, v in zip(action.dice, action.values, strict=True))
        return f"{who(action.participant)} rolls {faces}"
    if isinstance(action, RevealDemigod):
        return f"{cat.card(action.card).describe()} comes to the top"
    if isinstance(action, PlaceGod):
        return f"{cat.card(action.card).name} above column {action.column}"
    if isinstance(action, ChooseStartPlayer):
        return f"{who(action.seat)} starts"
    return action.notation()
