"""What a seat sees of a Hellas game (spec §2-§8), as JSON: hidden parts are absent by construction.

Public: the map with every city's owner, Greeks and ships; supplies; each player's number of cards per god
(and how many of them he drew this turn); deck sizes and discard piles; the stack's size and the tiles put
under it; the tiles drawn on a voyage; the current action's public details (Burst actions left, the declared
placement, the declared attack and every card played in it). Private to the seat: its own cards by type, the
opponent's cards it knows of (Hermes' Theft), and the top tiles it saw with the Oracle (in order only if it
was the last to arrange them).

For boards: each map tile says whether it has a bridge; ``site`` is the position chosen for the tile being
laid while its rotation is still to be chosen; ``card_info`` and ``tile_info`` describe (name, god, timing,
effect, text; edges at rotation 0, temple, bridge) every card and tile id the view mentions outside the map,
and only those.

Each card's and tile's description is built once per catalogue and shared by every view that mentions it:
treat a view as read-only (copy it before changing it).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, NamedTuple

from hellenika.engine.memo import BuiltOnce
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import GODS, CardType, Catalogue, Tile
from hellenika.games.hellas_delonge.hexmap import qr
from hellenika.games.hellas_delonge.labels import SHORT_EFFECTS
from hellenika.games.hellas_delonge.stack import PUBLIC

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

COLOURS = ("light", "dark")
VOYAGE_PHASES = frozenset(
    {ph.V_PREP, ph.V_CHOOSE, ph.V_SITE, ph.V_TURN, ph.V_PAY, ph.V_SETTLE, ph.STORM, ph.C_TILE}
)
ATTACK_PHASES = frozenset(
    {ph.A_COMMIT, ph.A_FORCED, ph.COMBAT, ph.CALLOFF, ph.RETREAT_WINDOW, ph.RETREAT, ph.FLEET}
)


def edges_by_direction(land: int) -> str:
    """``"LSSLSS"``: the edge facing E, SE, SW, W, NW, NE."""
    return "".join("L" if land >> d & 1 else "S" for d in range(6))


EDGES = tuple(edges_by_direction(land) for land in range(64))  # by land mask


def card_info_json(card: CardType) -> dict[str, Any]:
    return {
        "name": card.name,
        "god": GODS[card.god],
        "timing": card.timing,
        "effect": SHORT_EFFECTS.get(card.effect, card.text),
        "text": card.text,
    }


def tile_info_json(tile: Tile) -> dict[str, Any]:
    return {"edges": tile.edges, "temple": tile.temple, "bridge": tile.bridge}


class Printed(NamedTuple):
    """A catalogue's JSON parts. :func:`printed` builds them once; views share them (never change them)."""

    cat: Catalogue
    card_ids: tuple[str, ...]  # by card type index
    card_info: dict[str, dict[str, Any]]  # card_info_json by card id
    tile_info: dict[str, dict[str, Any]]  # tile_info_json by tile id

    @classmethod
    def of(cls, cat: Catalogue) -> Printed:
        return cls(
            cat,
            tuple(c.id for c in cat.cards),
            {c.id: card_info_json(c) for c in cat.cards},
            {t.id: tile_info_json(t) for t in cat.tiles},
        )


#: The printed parts of a catalogue, built on its first view and shared by all later ones.
printed: BuiltOnce[Catalogue, Printed] = BuiltOnce(Printed.of)


def _slot_json(s: HellasState, slot: int) -> dict[str, Any]:
    """What the map shows of a slot that never changes: where it is and the tile laid there."""
    board = s.board
    tiles = s.cat.tiles
    q, r = qr(board.cells[slot])
    t = board.tiles[slot]
    return {
        "city": slot,
        "q": q,
        "r": r,
        "tile": tiles[t].id if t >= 0 else s.cat.dolphin.id,
        "rotation": board.rots[slot],
        "edges": EDGES[board.land[slot]],
        "temple": bool(board.temples >> slot & 1),
        "bridge": t >= 0 and tiles[t].bridge,
    }


def map_json(s: HellasState) -> list[dict[str, Any]]:
    board = s.board
    fixed = board.view_slots
    if not fixed:  # boards never change: the first view of one builds its slots' fixed parts
        fixed.extend(_slot_json(s, slot) for slot in range(board.size))
    owned0, owned1 = s.owned
    greeks, ships = s.greeks, s.ships
    return [
        {
            **fixed[slot],
            "owner": 0 if owned0 >> slot & 1 else 1 if owned1 >> slot & 1 else None,
            "greeks": greeks[slot],
            "ships": ships[slot],
        }
        for slot in range(board.size)
    ]


def _by_god(s: HellasState, vector: tuple[int, ...]) -> dict[str, int]:
    return {god: sum(vector[r.start : r.stop]) for god, r in zip(GODS, s.cat.god_ranges, strict=True)}


def _cards(ids: tuple[str, ...], vector: tuple[int, ...]) -> dict[str, int]:
    """The card ids with a non-zero count in ``vector`` (by card type), in catalogue order."""
    return dict(zip(compress(ids, vector), filter(None, vector), strict=True))


def build_view(s: HellasState, seat: int | None) -> dict[str, Any]:
    cp = s.current_player()
    tiles = s.cat.tiles
    fixed = printed(s.cat)
    ids = fixed.card_ids
    names = s.participant_names()
    players = []
    for p in (0, 1):
        drawn = _by_god(s, s.fresh[p])
        players.append(
            {
                "seat": p,
                "name": names[p],
                "colour": COLOURS[p],
                "cities": s.cities(p),
                "record_cities": s.record_cities(p),
                "temples": s.temples_of(p),
                "greeks_on_map": s.greeks_on_map(p),
                "greek_supply": s.gsup[p],
                "ships_on_map": s.ships_on_map(p),
                "ship_supply": s.ssup[p],
                "hand_size": s.hand_size(p),
                "cards_by_god": {god: n + drawn[god] for god, n in _by_god(s, s.hand[p]).items()},
                "drawn_this_turn_by_god": drawn,
            }
        )
    closed = not s.can_grow()
    out: dict[str, Any] = {
        "game": "hellas_delonge",
        "seat": seat,
        "turn": s.turn,
        "active": s.active,
        "phase": ph.NAMES[s.phase],
        "to_move": "chance" if cp == CHANCE else "over" if cp == TERMINAL else cp,
        "your_turn": seat is not None and cp == seat,
        "light_plays_no_cards": s.turn <= 1,
        "map": map_json(s),
        "players": players,
        "decks": {
            GODS[g]: {
                "cards_left": sum(s.pile[r.start : r.stop]),
                "discards": {ids[t]: s.discards[t] for t in r if s.discards[t]},
            }
            for g, r in enumerate(s.cat.god_ranges)
        },
        "stack": {"tiles": s.stack_size(), "under": [tiles[t].id for t in s.bottom]},
        "drawn_tiles": [tiles[t].id for t in s.drawn],
        "chain": [{"player": p, "card": s.cat.cards[t].id} for p, t in s.chain],
        "stall_limit": s.stall_limit,
        # The stall clock runs only once no tile left can be laid (spec Q9); until then it stands at 0.
        "map_closed": closed,
        "turns_since_change": s.turn - s.last_change if s.turn and closed else 0,
    }
    if seat is not None:
        out["hand"] = {"playable": _cards(ids, s.hand[seat]), "drawn_this_turn": _cards(ids, s.fresh[seat])}
        out["known_opponent_cards"] = _cards(ids, s.known[seat])
        bit = (1 << seat) | PUBLIC
        mine = [t for t, seen in zip(s.top, s.top_seen, strict=True) if seen & bit]
        if mine:
            ordered = s.top_order == seat
            out["stack"]["top_known"] = {
                "tiles": [tiles[t].id for t in (mine if ordered else sorted(mine))],
                "in_order": ordered,
            }
        if s.phase == ph.ORACLE and s.active == seat:
            out["oracle_order"] = [tiles[t].id for t in s.oracle_done]
    # While a card is being answered, show the action it was played in.
    phase = s.chain_then if s.phase == ph.RESPOND else s.phase
    if phase in (ph.BURST, ph.C_DRAW_CARD):
        out["burst_actions_left"] = s.burst_left
    if s.da_stage:
        out["double_action"] = "burst first" if s.da_stage == 1 else "burst done"
    if phase in VOYAGE_PHASES:
        voyage: dict[str, Any] = {
            "tile": tiles[s.v_tile].id if s.v_tile >= 0 else None,
            "favourable_winds": s.v_winds,
            "free_passage": s.v_free,
        }
        if phase == ph.STORM:
            voyage["site"] = list(qr(s.v_site))
            voyage["rotation"] = s.v_rot
        if phase in (ph.V_PAY, ph.V_SETTLE):
            voyage["new_city"] = s.target
        out["voyage"] = voyage
    if phase in ATTACK_PHASES:
        a_str, d_str = s.strengths() if phase in (ph.COMBAT, ph.CALLOFF) else (sum(s.commits), 0)
        out["attack"] = {
            "target": s.target,
            "sources": [
                {"city": c, "greeks": k}
                for c, k in zip(
                    s.sources, (*s.commits, *([None] * (len(s.sources) - len(s.commits)))), strict=True
                )
            ],
            "forced_march_city": s.fm_city if s.fm_city >= 0 else None,
            "sea": s.is_sea_attack() if phase not in (ph.A_COMMIT, ph.A_FORCED) else None,
            "battle_fury": s.fury,
            "stand_firm": s.firm,
            "beachhead": s.beach,
            "rocky_coast": s.rocky,
            "attacker_strength": a_str if phase in (ph.COMBAT, ph.CALLOFF) else None,
            "defender_strength": d_str if phase in (ph.COMBAT, ph.CALLOFF) else None,
        }
    if phase == ph.REGROUP:
        out["regroup"] = {"into": s.rg_dest if s.rg_dest >= 0 else None}
    if phase in (ph.LEVY, ph.LAUNCH):
        out["placements_left"] = s.effect_left
    if phase == ph.RETREAT:
        out["retreating_greeks"] = s.retreat_left
    if s.phase in (ph.SETUP_TURN, ph.V_TURN):
        out["site"] = list(qr(s.v_site))
    _describe(s, out, fixed)
    out["game_over"] = cp == TERMINAL
    if cp == TERMINAL:
        out["winner"] = s.winner if s.winner >= 0 else None
        out["end"] = s.reason
        out["places"] = s.ranking()
    return out


def _describe(s: HellasState, out: dict[str, Any], fixed: Printed) -> None:
    """``card_info`` and ``tile_info`` for the card and tile ids the view mentions (not the map's tiles)."""
    cat = s.cat
    card_ids: set[str] = set()
    for deck in out["decks"].values():
        card_ids.update(deck["discards"])
    card_ids.update(link["card"] for link in out["chain"])
    for key in ("playable", "drawn_this_turn"):
        card_ids.update(out.get("hand", {}).get(key, {}))
    card_ids.update(out.get("known_opponent_cards", {}))
    tile_ids: set[str] = set(out["drawn_tiles"]) | set(out["stack"]["under"])
    tile_ids.update(out["stack"].get("top_known", {}).get("tiles", []))
    tile_ids.update(out.get("oracle_order", []))
    if out.get("voyage", {}).get("tile"):
        tile_ids.add(out["voyage"]["tile"])
    card_info, tile_info = fixed.card_info, fixed.tile_info
    out["card_info"] = {c: card_info[c] for c in sorted(card_ids, key=cat.card_by_id.__getitem__)}
    out["tile_info"] = {t: tile_info[t] for t in sorted(tile_ids)}
