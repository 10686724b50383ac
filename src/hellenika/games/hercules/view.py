"""What a seat sees of a Hercules game. Everything on the table is public in Hercules (dice included, spec
§9 q20); what nobody sees, the order of the Demigod stacks under their top cards, is not in the state at all.
So the view is the same for every seat; it still says whose view it is and which choices are that seat's.

Each card's dict (printed data, and whether it is used or face down) is built once per catalogue and shared
by every view that shows the card: treat a view as read-only (copy it before changing it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from hellenika.engine.memo import BuiltOnce
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hercules.board import columns_left
from hellenika.games.hercules.cards import DEMIGOD, GOD, Card, Catalogue
from hellenika.games.hercules.phases import NAMES

if TYPE_CHECKING:
    from hellenika.games.hercules.state import HerculesState


def card_json(card: Card, *, used: bool | None = None, face_down: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"id": card.id, "kind": card.kind, "name": card.name, "vp": card.vp}
    if card.ability:
        out["ability"] = card.ability
    if any(card.symbols):
        out["symbols"] = list(card.symbols)
    if card.number:
        out["number"] = card.number
    if used is not None:
        out["used"] = used
    if face_down:
        out["face_down"] = True
    return out


def owned_json(card: Card) -> tuple[dict[str, Any], ...]:
    """An owned card's dicts, by ``used + 2 * simplified``: Demigods and Gods say whether they are used, a God
    lies face down when used (or always, in the simplified variant). Zeus has no ability: never used, and face
    up in the simplified variant too (only the eleven Gods above columns 1-11 are laid face down, spec §6)."""
    if card.kind == DEMIGOD:
        fresh, used = card_json(card, used=False), card_json(card, used=True)
        return (fresh, used, fresh, used)
    if card.kind == GOD and not card.is_active:
        fresh = card_json(card, used=False)
        return (fresh, fresh, fresh, fresh)
    if card.kind == GOD:
        used = card_json(card, used=True, face_down=True)
        return (card_json(card, used=False), used, card_json(card, used=False, face_down=True), used)
    plain = card_json(card)
    return (plain, plain, plain, plain)


class Printed(NamedTuple):
    """A catalogue's card dicts. :func:`printed` builds them once; views share them (never change them)."""

    cat: Catalogue
    plain: tuple[dict[str, Any], ...]  # card_json of each card, by index
    face_down: tuple[dict[str, Any], ...]  # the same, face down
    owned: tuple[tuple[dict[str, Any], ...], ...]  # owned_json of each card

    @classmethod
    def of(cls, cat: Catalogue) -> Printed:
        return cls(
            cat,
            tuple(card_json(card) for card in cat.cards),
            tuple(card_json(card, face_down=True) for card in cat.cards),
            tuple(owned_json(card) for card in cat.cards),
        )


#: The printed parts of a catalogue, built on its first view and shared by all later ones.
printed: BuiltOnce[Catalogue, Printed] = BuiltOnce(Printed.of)


def build_view(s: HerculesState, seat: int | None) -> dict[str, Any]:
    fixed = printed(s.cat)
    plain = fixed.plain
    cp = s.current_player()
    row = fixed.face_down if s.simplified else plain  # the Gods on the board
    names = s.participant_names()
    breakdown = s.score_breakdown()
    scores = [sum(parts.values()) for parts in breakdown]  # the same as s.scores(), without a second pass
    owned_dicts = fixed.owned
    variant = 2 if s.simplified else 0
    participants = []
    for p in range(s.n):
        spent = s.spent[p]
        owned = [owned_dicts[c][(spent >> c & 1) | variant] for c in s.owned[p]]
        participants.append(
            {
                "index": p,
                "name": names[p],
                "seat": p if p < s.num_players else None,
                "automaton": p >= s.num_players,
                "dice": list(s.dice[p]),
                "apprentice": s.pos[p],
                "cubes_on_board": columns_left(s.cubes[p]),
                "supply": s.supply[p],
                "cards": owned,
                "score": scores[p],
                "breakdown": breakdown[p],
            }
        )
    return {
        "game": "hercules",
        "seat": seat,
        "variant": "simplified" if s.simplified else "standard",
        "solo": s.solo,
        "round": s.round,
        "phase": NAMES[s.phase],
        "to_move": "chance" if cp == CHANCE else "over" if cp == TERMINAL else cp,
        "your_turn": seat is not None and cp == seat,
        "pegasus": s.pegasus,
        "active": s.actor,
        "used_card_this_turn": s.used_card,
        "last_round": s.end_triggered,
        "white_die": {
            "value": s.white,
            "holder": s.white_holder if s.white_holder >= 0 else None,
            # Solo: once the hero used the white die this round, Hades moves without rolling it (spec §7);
            # always false with several players.
            "hero_used_this_round": s.white_used_round,
        },
        "gods": [None if c < 0 else row[c] for c in s.gods[1:12]],
        "column12": [plain[c] for c in s.col12],
        "demigod_stacks": [
            {
                "deck": deck.id,
                "name": deck.name,
                "solo_number": deck.solo_number,
                "top": plain[s.tops[deck.index]] if s.tops[deck.index] >= 0 else None,
                "count": len(s.rests[deck.index]) + (1 if s.tops[deck.index] >= 0 else 0),
            }
            for deck in s.cat.decks
        ],
        "vase_stacks": [
            {"spaces": 3 + i, "cards": [plain[c] for c in stack]} for i, stack in enumerate(s.vases)
        ],
        "choosing_demigod": [s.cat.decks[d].id for d in s.eligible],
        # While a Demigod is chosen the Labour is not over: the Vase for these spaces comes after the choice.
        "apprentice_advance": s.pending_advance if s.eligible else 0,
        "rest": {"cubes_taken": s.rest_cubes, "god_refreshed": s.rest_god}
        if NAMES[s.phase] == "resting"
        else None,
        "participants": participants,
        "game_over": cp == TERMINAL,
        "places": s.ranking() if cp == TERMINAL else None,
    }
