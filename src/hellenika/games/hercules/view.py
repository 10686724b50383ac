"""What a seat sees of a Hercules game. Everything on the table is public in Hercules (dice included, spec
§9 q20); what nobody sees, the order of the Demigod stacks under their top cards, is not in the state at all.
So the view is the same for every seat; it still says whose view it is and which choices are that seat's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hercules.board import columns_left
from hellenika.games.hercules.cards import DEMIGOD, GOD, Card
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


def build_view(s: HerculesState, seat: int | None) -> dict[str, Any]:
    cards = s.cat.cards
    cp = s.current_player()
    names = s.participant_names()
    scores = s.scores()
    breakdown = s.score_breakdown()
    participants = []
    for p in range(s.n):
        owned = []
        for c in s.owned[p]:
            card = cards[c]
            spent = bool(s.spent[p] >> c & 1)
            if card.kind == DEMIGOD:
                owned.append(card_json(card, used=spent))
            elif card.kind == GOD:
                owned.append(card_json(card, used=spent, face_down=spent or s.simplified))
            else:
                owned.append(card_json(card))
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
        "white_die": {"value": s.white, "holder": s.white_holder if s.white_holder >= 0 else None},
        "gods": [None if c < 0 else card_json(cards[c], face_down=s.simplified) for c in s.gods[1:12]],
        "column12": [card_json(cards[c]) for c in s.col12],
        "demigod_stacks": [
            {
                "deck": deck.id,
                "name": deck.name,
                "solo_number": deck.solo_number,
                "top": card_json(cards[s.tops[deck.index]]) if s.tops[deck.index] >= 0 else None,
                "count": len(s.rests[deck.index]) + (1 if s.tops[deck.index] >= 0 else 0),
            }
            for deck in s.cat.decks
        ],
        "vase_stacks": [
            {"spaces": 3 + i, "cards": [card_json(cards[c]) for c in stack]}
            for i, stack in enumerate(s.vases)
        ],
        "choosing_demigod": [s.cat.decks[d].id for d in s.eligible],
        "rest": {"cubes_taken": s.rest_cubes, "god_refreshed": s.rest_god}
        if NAMES[s.phase] == "resting"
        else None,
        "participants": participants,
        "game_over": cp == TERMINAL,
        "places": s.ranking() if cp == TERMINAL else None,
    }
