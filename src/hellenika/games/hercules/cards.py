"""Hercules' cards, loaded once from ``data/cards.toml`` into a frozen catalogue.

States refer to cards by their index in :attr:`Catalogue.cards`; everything about a card (ability, symbols,
VP, torches) is read from the catalogue, never copied into a state. The catalogue also precomputes what the
hot path needs: per-card symbol vectors and equivalence keys for identical cards.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

SYMBOLS = ("PLUS", "MINUS", "TIMES", "DIVIDE", "DIE")
SYMBOL_SIGNS = {"PLUS": "+", "MINUS": "−", "TIMES": "×", "DIVIDE": "÷", "DIE": "⚄"}
ACTIVE_ABILITIES = frozenset({"PLUS1", "MINUS1", "FLIP", "WHITE", "REROLL", "COPY"})
ABILITY_TEXT = {
    "PLUS1": "+1 to a die",
    "MINUS1": "-1 to a die",
    "FLIP": "flip a die",
    "WHITE": "roll the white die",
    "REROLL": "re-roll dice",
    "COPY": "copy another player's dice",
    "BONUS": "bonus symbol",
    "VP2": "2 VP",
}

DEMIGOD, GOD, VASE, PANTHEON, HADES = "demigod", "god", "vase", "pantheon", "hades"
NO_USE, USE_DEMIGOD, USE_GOD = 0, 1, 2  # how a card's ability is paid for, if it has an active one


@dataclass(frozen=True, slots=True)
class Deck:
    index: int
    id: str
    name: str
    solo_number: int
    symbol: str
    operation: str  # "+", "-", "x", "/" for the four operation decks; "" for Tyche and Morpheus


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    kind: str  # demigod, god, vase, pantheon, hades
    name: str
    ability: str  # "" when the card has none
    symbols: tuple[int, ...]  # count per symbol type, in SYMBOLS order
    vp: int
    torches: int = 0
    deck: int = -1  # demigods: index of their deck
    number: int = 0  # Tyche and Morpheus: the black die's number
    spaces: int = 0  # vases: the stack (spaces advanced)
    bonus: str = ""  # BONUS cards: the extra symbol

    @property
    def is_active(self) -> bool:
        return self.ability in ACTIVE_ABILITIES

    def in_play(self, players: int) -> bool:
        """Torch filtering: solo plays with the 2-player set."""
        return self.torches <= max(players, 2)

    def describe(self) -> str:
        """Plain-words description: ``Tyche TYC-02 [2] (re-roll dice)``, ``Apollo (re-roll dice, 3 VP)``."""
        head = f"{self.name} {self.id}" if self.kind == DEMIGOD else self.name
        if self.number:
            head += f" [{self.number}]"
        features = []
        if self.ability in ACTIVE_ABILITIES:
            features.append(ABILITY_TEXT[self.ability])
        if self.bonus:
            features.append(f"bonus {SYMBOL_SIGNS[self.bonus]}")
        if self.vp:
            features.append(f"{self.vp} VP")
        return f"{head} ({', '.join(features)})" if features else head


def _symbol_vector(*names: str) -> tuple[int, ...]:
    counts = [0] * len(SYMBOLS)
    for name in names:
        if name:
            counts[SYMBOLS.index(name)] += 1
    return tuple(counts)


@dataclass(frozen=True)
class Catalogue:
    decks: tuple[Deck, ...]
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    zeus: int
    gods: tuple[int, ...]  # the eleven shuffled over columns 1-11
    pantheon: tuple[int, ...]
    vases: tuple[int, ...]
    hades: int

    def card(self, card_id: str) -> Card:
        return self.cards[self.by_id[card_id]]

    def demigods_of(self, deck: int, players: int) -> tuple[int, ...]:
        return tuple(
            c.index for c in self.cards if c.kind == DEMIGOD and c.deck == deck and c.in_play(players)
        )

    def equivalence_key(self, index: int) -> tuple[object, ...]:
        """Cards with equal keys are interchangeable once owned (same ability, symbols, VP)."""
        card = self.cards[index]
        return (card.kind, card.ability, card.symbols, card.vp)

    def equivalence_classes(self) -> tuple[int, ...]:
        """A small int per card, equal for interchangeable cards (see :meth:`equivalence_key`)."""
        ids: dict[tuple[object, ...], int] = {}
        return tuple(ids.setdefault(self.equivalence_key(c.index), len(ids)) for c in self.cards)

    def use_kinds(self) -> tuple[int, ...]:
        return tuple(
            (USE_DEMIGOD if c.kind == DEMIGOD else USE_GOD if c.kind == GOD else NO_USE)
            if c.is_active
            else NO_USE
            for c in self.cards
        )

    def mask_of(self, kind: str) -> int:
        return sum(1 << c.index for c in self.cards if c.kind == kind)


@cache
def load_catalogue() -> Catalogue:
    data = tomllib.loads(resources.files(__package__).joinpath("data/cards.toml").read_text())
    decks = tuple(
        Deck(i, d["id"], d["name"], d["solo_number"], d["symbol"], d["operation"])
        for i, d in enumerate(data["deck"])
    )
    deck_index = {d.id: d.index for d in decks}
    cards: list[Card] = []

    def add(**fields: object) -> int:
        cards.append(Card(index=len(cards), **fields))  # type: ignore[arg-type]
        return len(cards) - 1

    for d in data["demigod"]:
        deck = decks[deck_index[d["deck"]]]
        add(
            id=d["id"],
            kind=DEMIGOD,
            name=deck.name,
            ability=d["ability"],
            symbols=_symbol_vector(deck.symbol, d.get("bonus_symbol", "")),
            vp=d["vp"],
            torches=d["torches"],
            deck=deck.index,
            number=d.get("number", 0),
            bonus=d.get("bonus_symbol", ""),
        )
    zeus = -1
    gods = []
    for g in data["god"]:
        index = add(
            id=g["id"],
            kind=GOD,
            name=g["name"],
            ability=g.get("ability", ""),
            symbols=_symbol_vector(g.get("symbol", "")),
            vp=g["vp"],
        )
        if g["name"] == "Zeus":
            zeus = index
        else:
            gods.append(index)
    vases = [
        add(
            id=v["id"],
            kind=VASE,
            name=f"Vase {v['spaces']}",
            ability="",
            symbols=_symbol_vector(),
            vp=v["vp"],
            torches=v["torches"],
            spaces=v["spaces"],
        )
        for v in data["vase"]
    ]
    pantheon = [
        add(
            id=p["id"],
            kind=PANTHEON,
            name="Pantheon",
            ability="",
            symbols=_symbol_vector(),
            vp=p["vp"],
            torches=p["torches"],
        )
        for p in data["pantheon"]
    ]
    hades = add(
        id=data["hades"]["id"],
        kind=HADES,
        name=data["hades"]["name"],
        ability="",
        symbols=_symbol_vector(),
        vp=data["hades"]["vp"],
    )
    return Catalogue(
        decks=decks,
        cards=tuple(cards),
        by_id={c.id: c.index for c in cards},
        zeus=zeus,
        gods=tuple(gods),
        pantheon=tuple(pantheon),
        vases=tuple(vases),
        hades=hades,
    )
