"""Hercules' words as messages: component names, card descriptions, dice and phases, in every language.

The card data (``data/cards.toml``) keeps English names as ids; the reader's names come from here, one
message per name, so the extraction sees every one (a test checks each name in the data has its message).
The Hercules card list is reconstructed (docs/rules/hercules.md), so its German and Chinese names are ours:
the usual German and Traditional Chinese spellings of the Greek names.
"""

from __future__ import annotations

from hellenika.games.hercules.actions import WHITE_SLOT
from hellenika.games.hercules.cards import (
    ACTIVE_ABILITIES,
    DEMIGOD,
    PANTHEON,
    SYMBOL_SIGNS,
    VASE,
    Card,
)
from hellenika.i18n import Msg, _m

NAMES: dict[str, Msg] = {
    "Aeolus": _m("hercules.name.aeolus"),
    "Aphrodite": _m("hercules.name.aphrodite"),
    "Apollo": _m("hercules.name.apollo"),
    "Ares": _m("hercules.name.ares"),
    "Artemis": _m("hercules.name.artemis"),
    "Athena": _m("hercules.name.athena"),
    "Demeter": _m("hercules.name.demeter"),
    "Dionysus": _m("hercules.name.dionysus"),
    "Hades": _m("hercules.name.hades"),
    "Hecate": _m("hercules.name.hecate"),
    "Hephaestus": _m("hercules.name.hephaestus"),
    "Hera": _m("hercules.name.hera"),
    "Hermes": _m("hercules.name.hermes"),
    "Hestia": _m("hercules.name.hestia"),
    "Morpheus": _m("hercules.name.morpheus"),
    "Pan": _m("hercules.name.pan"),
    "Poseidon": _m("hercules.name.poseidon"),
    "Tyche": _m("hercules.name.tyche"),
    "Zeus": _m("hercules.name.zeus"),
}

ABILITIES: dict[str, Msg] = {
    "PLUS1": _m("hercules.ability.plus1"),
    "MINUS1": _m("hercules.ability.minus1"),
    "FLIP": _m("hercules.ability.flip"),
    "WHITE": _m("hercules.ability.white"),
    "REROLL": _m("hercules.ability.reroll"),
    "COPY": _m("hercules.ability.copy"),
}

PHASES: tuple[Msg, ...] = (
    _m("hercules.phase.setup_reveal"),
    _m("hercules.phase.setup_god"),
    _m("hercules.phase.setup_start"),
    _m("hercules.phase.setup_white"),
    _m("hercules.phase.rolling"),
    _m("hercules.phase.rolling"),
    _m("hercules.phase.reveal"),
    _m("hercules.phase.hades_white"),
    _m("hercules.phase.turn"),
    _m("hercules.phase.choose"),
    _m("hercules.phase.resting"),
    _m("hercules.phase.over"),
)

SCORE_HEADINGS: dict[str, Msg] = {
    "cards": _m("hercules.score.cards"),
    "majorities": _m("hercules.score.majorities"),
    "sets": _m("hercules.score.sets"),
    "cubes": _m("hercules.score.cubes"),
}


def name(card: Card) -> Msg:
    """A card's name: its god or deck (a Demigod is named for its deck), a Vase's stack, the Pantheon."""
    if card.kind == VASE:
        return _m("hercules.name.vase", spaces=card.spaces)
    if card.kind == PANTHEON:
        return _m("hercules.name.pantheon")
    return NAMES.get(card.name) or Msg.literal(card.name)


def deck_name(deck_name_en: str) -> Msg:
    return NAMES.get(deck_name_en) or Msg.literal(deck_name_en)


def head(card: Card) -> Msg:
    """The name, with the id for a Demigod (several share a name): ``Tyche TYC-02``."""
    if card.kind == DEMIGOD:
        return _m("hercules.card.demigod", name=name(card), id=card.id)
    return name(card)


def describe(card: Card) -> Msg:
    """``Tyche TYC-02 [2] (re-roll dice)``, ``Apollo (re-roll dice, 3 VP)`` (what ``Card.describe`` says)."""
    title = head(card)
    if card.number:
        title = _m("hercules.card.numbered", head=title, number=card.number)
    features: list[Msg] = []
    if card.ability in ACTIVE_ABILITIES:
        features.append(ABILITIES[card.ability])
    if card.bonus:
        features.append(_m("hercules.card.bonus", sign=SYMBOL_SIGNS[card.bonus]))
    if card.vp:
        features.append(_m("hercules.card.vp", vp=card.vp))
    return _m("hercules.card.features", head=title, features=tuple(features)) if features else title


def die(slot: int) -> Msg:
    """A die in a sentence: ``die 1``, ``the white die``."""
    return _m("hercules.die.white") if slot == WHITE_SLOT else _m("hercules.die.number", n=slot + 1)


def die_label(slot: int) -> Msg:
    """A die before its face (``die 1: 5``, ``the white die: 3``)."""
    return _m("hercules.die.white_label") if slot == WHITE_SLOT else _m("hercules.die.number", n=slot + 1)


def and_list(items: list[Msg] | tuple[Msg, ...]) -> Msg:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) == 1:
        return items[0]
    return _m("hercules.and_list", items=tuple(items[:-1]), last=items[-1])


def faces(values: tuple[int, ...]) -> Msg:
    """Rolled faces: ``5``, ``5 and 3``, ``6 and 6 and 4`` (every pair joined, as the English log had)."""
    joined = Msg.literal(str(values[-1]))
    for value in reversed(values[:-1]):
        joined = _m("hercules.and_list", items=(Msg.literal(str(value)),), last=joined)
    return joined
