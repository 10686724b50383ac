"""Why an action is illegal, naming the rule (``hellas_delonge §5.1: V2 ...``). Error path only: thorough,
not fast. Sections are the spec's (``shared/rules/hellas_delonge.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.state import CHANCE
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import CITY_CAP, GOD_LIMIT, GODS, HAND_LIMIT, rotate
from hellenika.games.hellas_delonge.hexmap import cell, in_range

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

CHANCE_KINDS = (a.CardDrawn, a.TileDrawn, a.CardStolen, a.TilePeeked)

# The phase(s) where each kind of decision belongs, and what to say elsewhere.
_PLACE: dict[type[Action], tuple[frozenset[int], str, str]] = {
    a.ChooseBurst: (frozenset({ph.MAIN}), "§4", "the action is chosen at the start of the turn"),
    a.ChooseVoyage: (frozenset({ph.MAIN}), "§4", "the action is chosen at the start of the turn"),
    a.ChooseAttack: (
        frozenset({ph.MAIN, ph.SECOND_ATTACK}),
        "§4",
        "the action is chosen at the start of the turn",
    ),
    a.EndTurn: (frozenset({ph.MAIN, ph.END}), "§4", "finish the current step first"),
    a.Recruit: (frozenset({ph.BURST}), "§4.1", "recruiting is a Burst of Strength action"),
    a.BuildShip: (frozenset({ph.BURST}), "§4.1", "building a ship is a Burst of Strength action"),
    a.DrawCard: (frozenset({ph.BURST}), "§4.1", "drawing a god card is a Burst of Strength action"),
    a.StopBurst: (frozenset({ph.BURST}), "§4.1", "there is no Burst of Strength to stop"),
    a.MoveGreek: (frozenset({ph.REGROUP}), "§7", "Greeks move only while regrouping"),
    a.MoveShip: (frozenset({ph.REGROUP}), "§7", "ships move only while regrouping"),
    a.Done: (frozenset({ph.REGROUP, ph.LEVY, ph.LAUNCH}), "§7", "there is no regroup or placement to finish"),
    a.PlaceAt: (frozenset({ph.SETUP_SITE, ph.V_SITE}), "§5.1", "there is no drawn tile to lay now"),
    a.Rotate: (frozenset({ph.SETUP_TURN, ph.V_TURN}), "§5.1", "choose a site for the tile first"),
    a.Explore: (frozenset({ph.V_PREP}), "§5.2", "the voyage tile is drawn at the start of a voyage"),
    a.UseTile: (frozenset({ph.V_CHOOSE}), "§8.3 P2", "only Sea Chart lets you choose between two tiles"),
    a.GiveUp: (frozenset({ph.V_SITE}), "§5.2", "a voyage is given up once its tile is drawn"),
    a.PayShip: (frozenset({ph.V_PAY}), "§5.2", "a ship is paid only for a successful voyage"),
    a.SettleFrom: (
        frozenset({ph.V_SETTLE}),
        "§5.2",
        "a settler is taken from a city only when the supply is empty",
    ),
    a.Commit: (frozenset({ph.A_COMMIT}), "§6.1", "Greeks are committed while declaring an attack"),
    a.ForcedSource: (frozenset({ph.A_FORCED}), "§8.3 A3", "only Forced March adds an unlinked city"),
    a.Resolve: (frozenset({ph.CALLOFF}), "§6.2", "an attack is resolved after its card window"),
    a.CallOff: (frozenset({ph.CALLOFF}), "§6.2", "an attack is called off after its card window"),
    a.Retreat: (frozenset({ph.RETREAT}), "§8.3 A6", "Greeks withdraw only under Orderly Retreat"),
    a.Fleet: (frozenset({ph.FLEET}), "§6.2", "ships are placed after a conquest"),
    a.Pass: (ph.WINDOWS, "§8", "there is no card window open"),
    a.LevyGreek: (frozenset({ph.LEVY}), "§8.3 Z3", "Greeks are levied only with a Levy card"),
    a.LaunchShip: (frozenset({ph.LAUNCH}), "§8.3 P6", "ships are launched only with a Shipwrights card"),
    a.OrderTile: (frozenset({ph.ORACLE}), "§8.3 Z6", "tiles are put back only after an Oracle"),
    a.Discard: (
        frozenset({ph.DISCARD}),
        "§8.1",
        "cards are discarded only to get back within the hand limits",
    ),
}


def _rule(section: str, message: str) -> IllegalAction:
    return IllegalAction(f"hellas_delonge {section}", message)


def explain(s: HellasState, action: Action) -> IllegalAction:
    if s.current_player() == CHANCE:
        return _rule(
            "§3", f"a chance outcome is due now ({ph.NAMES[s.phase]}); {action.notation()!r} is not one"
        )
    if isinstance(action, CHANCE_KINDS):
        return _rule("§3", f"{action.notation()!r} is a chance outcome; it is a player's decision now")
    kind = type(action)
    if kind is a.PlayCard:
        return _play(s, action)  # type: ignore[arg-type]
    place = _PLACE.get(kind)
    if place is not None and s.phase not in place[0]:
        return _rule(place[1], f"{place[2]} (now: {ph.NAMES[s.phase]})")
    handler = _HANDLERS.get(kind)
    if handler is not None:
        reason = handler(s, action)
        if reason is not None:
            return reason
    return _rule("§4", f"{action.notation()!r} is not legal now ({ph.NAMES[s.phase]})")


# ---------------------------------------------------------------------- helpers


def _own(s: HellasState, city: int) -> bool:
    return 0 <= city < s.board.size and s.owner(city) == s.active


def _not_own(s: HellasState, city: int) -> IllegalAction | None:
    if not 0 <= city < s.board.size:
        return _rule("§2.3", f"there is no city {city}")
    if city == 0:
        return _rule("§2.3", "the dolphin tile has no city")
    if s.owner(city) != s.active:
        return _rule("§2.3", f"city {city} is not yours")
    return None


# ---------------------------------------------------------------------- the turn and the Burst


def _choose_action(s: HellasState, action: Action) -> IllegalAction | None:
    p = s.active
    if isinstance(action, a.ChooseBurst) and s.da_stage == 2:
        return _rule("§8.3 Z1", "after Double Action's Burst, the second action is a Voyage or an Attack")
    if isinstance(action, a.ChooseVoyage | a.ChooseAttack) and s.da_stage == 1 and s.phase == ph.MAIN:
        return _rule("§8.3 Z1", "under Double Action the Burst of Strength comes first")
    if isinstance(action, a.ChooseVoyage):
        if not s.stack_size():
            return _rule("§4", "the tile stack is empty")
        if not s.ships_on_map(p):
            return _rule("§4", "a voyage needs one of your ships on the map")
        return _rule("§4", "no Greek can settle a new city: the supply is empty and no city has two")
    if isinstance(action, a.ChooseAttack):
        x = action.city
        if not 0 < x < s.board.size or s.owner(x) != 1 - p:
            return _rule("§6.1", f"city {x} is not an enemy city")
        linked = [c for c in range(1, s.board.size) if s.board.links(x) >> c & 1 and s.owner(c) == p]
        if not linked:
            return _rule("§6.1", f"none of your cities is linked to city {x} by land or sea")
        return _rule("§6.1", f"no city linked to city {x} has a Greek to spare (each keeps one)")
    if isinstance(action, a.ChooseBurst) and s.phase == ph.SECOND_ATTACK:
        return _rule("§8.3 A7", "Second Strike gives one more Attack")
    return None


def _end_turn(s: HellasState, action: Action) -> IllegalAction | None:
    if s.phase == ph.MAIN:
        if s.da_stage == 2:
            return _rule(
                "§8.3 Z1",
                "Double Action gives a Burst of Strength, then a Voyage or an Attack: take one (the turn "
                "ends without it only when neither can be taken)",
            )
        return _rule("§4", "choose Burst of Strength, Voyage or Attack first")
    return None


def _burst(s: HellasState, action: Action) -> IllegalAction | None:
    p = s.active
    if isinstance(action, a.StopBurst):
        return None
    if s.burst_left <= 0:
        return _rule("§4.1", "no Burst action is left")
    if isinstance(action, a.DrawCard):
        if action.god not in GODS:
            return _rule("§8", f"there is no god {action.god!r}; draw from zeus, poseidon or ares")
        god = GODS.index(action.god)
        if s.hand_size(p) >= HAND_LIMIT:
            return _rule(
                "§4.1", f"your hand (with the cards drawn this turn) already holds {HAND_LIMIT} cards"
            )
        if s.held_of_god(p, god) >= GOD_LIMIT:
            return _rule("§4.1", f"you already hold {GOD_LIMIT} {action.god} cards")
        return _rule("§8.1", f"the {action.god} deck and its discard pile are empty")
    city = action.city  # type: ignore[attr-defined]
    reason = _not_own(s, city)
    if reason is not None:
        return _rule("§4.1", reason.reason)
    if isinstance(action, a.Recruit):
        if not s.gsup[p]:
            return _rule("§4.1", "you have no Greek in your supply")
        return _rule("§4.1", f"city {city} already holds {CITY_CAP} Greeks")
    if not s.ssup[p]:
        return _rule("§4.1", "you have no ship in your supply")
    return _rule("§4.1", f"city {city} already has {CITY_CAP} ships")


def _regroup(s: HellasState, action: Action) -> IllegalAction | None:
    if isinstance(action, a.Done):
        return None
    src, dst = action.source, action.city  # type: ignore[attr-defined]
    for c in (src, dst):
        reason = _not_own(s, c)
        if reason is not None:
            return _rule("§7", reason.reason)
    if src == dst:
        return _rule("§7", "a move needs two different cities")
    if s.rg_dest >= 0 and dst != s.rg_dest:
        return _rule("§7", f"after a voyage or attack, pieces may only move into the new city {s.rg_dest}")
    greek = isinstance(action, a.MoveGreek)
    pieces = s.greeks if greek else s.ships
    word = "Greek" if greek else "ship"
    if greek and pieces[src] < 2:
        return _rule("§7", f"city {src} must keep at least one Greek")
    if not greek and pieces[src] < 1:
        return _rule("§7", f"city {src} has no ship")
    if pieces[dst] >= CITY_CAP:
        return _rule("§7", f"city {dst} already has {CITY_CAP} {word}s")
    recv = s.rg_recv_g if greek else s.rg_recv_s
    gave = s.rg_gave_g if greek else s.rg_gave_s
    if recv >> src & 1:
        return _rule(
            "§7", f"city {src} has received {word}s in this regroup; move them to their goal directly"
        )
    if gave >> dst & 1:
        return _rule("§7", f"city {dst} has sent {word}s in this regroup; it cannot receive them back")
    return None


# ---------------------------------------------------------------------- placing tiles and voyages


def _place_at(s: HellasState, action: a.PlaceAt) -> IllegalAction | None:
    setup = s.phase == ph.SETUP_SITE
    tile = s.cat.tiles[s.drawn[0] if setup else s.v_tile]
    q, r = action.q, action.r
    if not in_range(q, r):
        return _rule("§5.1", f"({q},{r}) is off the table")
    c = cell(q, r)
    if c in s.board.slot_at:
        return _rule("§5.1 P1", f"({q},{r}) already holds a tile")
    site = s.board.site_at.get(c)
    if site is None:
        return _rule("§5.1 P2", f"({q},{r}) touches no placed tile")
    if not site.anchored:
        return _rule("§5.1 P2", f"({q},{r}) is neither next to the dolphin nor next to two placed tiles")
    for k in range(6):
        if s.board.fits(tile, site, k):
            break
    else:
        for k in range(6):
            land, _ = rotate(tile.edges, tile.regions, k)
            if (land & site.neighbours) == site.land:
                return _rule(
                    "§5.1 P4", f"{tile.id} at ({q},{r}) would open a new body of water in every rotation"
                )
        return _rule("§5.1 P3", f"{tile.id} cannot match land to land and sea to sea at ({q},{r})")
    if setup:
        return None
    mine, theirs = s._ship_counts(s.active, site.slots)
    if mine < 1:
        return _rule("§5.1 V1", f"you have no ship on a tile next to ({q},{r})")
    if s.v_winds:
        return _rule("§5.1 V2", f"next to ({q},{r}) you have {mine} ship(s) and the opponent {theirs}")
    return _rule(
        "§5.1 V2",
        f"next to ({q},{r}) you have {mine} ship(s) and the opponent {theirs}: you need more"
        + (" (or as many, with Favourable Winds)" if mine == theirs else ""),
    )


def _rotate(s: HellasState, action: a.Rotate) -> IllegalAction | None:
    if not 0 <= action.k < 6:
        return _rule("§2.1", "a rotation is 0 to 5 clockwise steps")
    # A rotation that looks like an offered one is its twin (twins.py): played as it.
    return _rule("§5.1 P3", f"rotation {action.k} does not fit there")


def _use_tile(s: HellasState, action: a.UseTile) -> IllegalAction | None:
    ids = [s.cat.tiles[t].id for t in s.drawn]
    if action.tile not in ids:
        return _rule("§8.3 P2", f"{action.tile} is not one of the drawn tiles ({', '.join(ids)})")
    # The other of two alike tiles is the first one's twin (twins.py): played as it.
    return None


def _pay(s: HellasState, action: a.PayShip) -> IllegalAction | None:
    c = action.city
    if not _own(s, c) or not s.v_adj >> c & 1:
        return _rule(
            "§5.2", f"the ship must come from one of your cities next to the new tile; city {c} is not"
        )
    return _rule("§5.2", f"city {c} has no ship")


def _settle(s: HellasState, action: a.SettleFrom) -> IllegalAction | None:
    return _rule(
        "§5.2", f"the settler must come from one of your cities with two or more Greeks; not {action.city}"
    )


# ---------------------------------------------------------------------- attacks


def _commit(s: HellasState, action: a.Commit) -> IllegalAction | None:
    i = len(s.commits)
    if i >= len(s.sources):
        return _rule(
            "§8.3 A3", "play Forced March to add a source, or this attack has no linked city to send"
        )
    c = s.sources[i]
    spare = s._spare(c)
    if action.count > spare:
        tired = " (Greeks that attacked this turn may not attack again)" if s.tired[c] else ""
        return _rule("§6.1", f"city {c} can send at most {spare}: it keeps one Greek{tired}")
    if action.count < 0:
        return _rule("§6.1", "a negative number of Greeks")
    return _rule("§6.1", "an attack needs at least one Greek")


def _forced(s: HellasState, action: a.ForcedSource) -> IllegalAction | None:
    c = action.city
    if not _own(s, c):
        return _rule("§8.3 A3", f"city {c} is not yours")
    if s.board.links(s.target) >> c & 1:
        return _rule(
            "§8.3 A3", f"city {c} is linked to the target already; Forced March adds an unlinked city"
        )
    return _rule("§8.3 A3", f"city {c} has no Greek to spare")


def _retreat(s: HellasState, action: a.Retreat) -> IllegalAction | None:
    return _rule("§8.3 A6", f"city {action.city} is not one of your cities with room for a Greek")


def _fleet(s: HellasState, action: a.Fleet) -> IllegalAction | None:
    top = min(s.def_ships, s.ssup[s.active], CITY_CAP)
    return _rule("§6.2", f"you may place 0 to {top} ships (the defender had {s.def_ships})")


def _levy(s: HellasState, action: Action) -> IllegalAction | None:
    if isinstance(action, a.Done):
        return None
    greek = isinstance(action, a.LevyGreek)
    c, f = action.city, action.source  # type: ignore[attr-defined]
    supply = s.gsup[s.active] if greek else s.ssup[s.active]
    word = "Greek" if greek else "ship"
    if not _own(s, c):
        return _rule("§8.1", f"city {c} is not yours")
    if f >= 0 and supply:
        return _rule("§8.1", f"take the {word} from the supply while it has one (source -1)")
    if f < 0 and not supply:
        return _rule("§8.1", f"your supply has no {word}: name one of your cities to take it from")
    return _rule("§8.1", "that placement is not possible (3 per city; a source city keeps one Greek)")


def _order(s: HellasState, action: a.OrderTile) -> IllegalAction | None:
    return _rule("§8.3 Z6", f"{action.tile} is not one of the tiles still to put back")


def _discard(s: HellasState, action: a.Discard) -> IllegalAction | None:
    return _rule(
        "§8.1",
        f"discarding {action.card} would not bring you back within {HAND_LIMIT} cards, {GOD_LIMIT} of a god",
    )


# ---------------------------------------------------------------------- playing cards


def _play(s: HellasState, action: a.PlayCard) -> IllegalAction:
    t = s.cat.card_by_id.get(action.card)
    if t is None:
        return _rule("§8.3", f"there is no card {action.card!r}")
    card = s.cat.cards[t]
    p = s.cp
    if s.barred(p):
        return _rule("§8.1-8", "the starting player plays no god card in his first turn")
    if not s.hand[p][t]:
        if s.fresh[p][t]:
            return _rule(
                "§8.1-6", f"{card.name} entered your hand this turn; it can be played from your next turn"
            )
        return _rule("§8.1", f"you hold no {card.name}")
    phase = s.phase
    if card.timing == "opp" and p == s.active:
        return _rule("§8.1-4", f"{card.name} is played only in the opponent's turn")
    if card.timing == "own" and p != s.active:
        return _rule("§8.1-4", f"{card.name} is played only in your own turn")
    windows = {
        "response": "right after the opponent plays a card",
        "start": "at the start of your turn, before choosing the action",
        "free": "in your turn when no voyage or combat is under way",
        "burst": "during your Burst of Strength",
        "voyage": "in your Voyage, once the tile is drawn and before the placement is declared",
        "voyage_draw": "in your Voyage, instead of drawing the tile",
        "after_action": "after your Voyage or Attack resolves",
        "after_voyage": "after a successful Voyage and its regroup",
        "after_attack": "after a successful Attack and its regroup",
        "declaration": "while declaring your Attack, before committing Greeks",
        "combat": "in the combat card window",
        "storm": "right after the opponent declares a voyage placement",
        "retreat": "right after your city falls",
    }
    when = windows.get(card.window, "at its own moment")
    if card.effect == "free_passage":
        when = "when paying for a successful voyage"
    if phase == ph.RESPOND and card.effect != "thunderbolt":
        return _rule("§8.2", f"only a Thunderbolt answers a card; {card.name} is played {when}")
    return _rule(
        "§8.1-5", f"{card.name} is played {when}, and only when it changes something (now: {ph.NAMES[phase]})"
    )


# Each handler takes the action type it is filed under.
_HANDLERS: dict[type[Action], Callable[[HellasState, Any], IllegalAction | None]] = {
    a.ChooseBurst: _choose_action,
    a.ChooseVoyage: _choose_action,
    a.ChooseAttack: _choose_action,
    a.EndTurn: _end_turn,
    a.Recruit: _burst,
    a.BuildShip: _burst,
    a.DrawCard: _burst,
    a.StopBurst: _burst,
    a.MoveGreek: _regroup,
    a.MoveShip: _regroup,
    a.Done: _levy,
    a.PlaceAt: _place_at,
    a.Rotate: _rotate,
    a.UseTile: _use_tile,
    a.PayShip: _pay,
    a.SettleFrom: _settle,
    a.Commit: _commit,
    a.ForcedSource: _forced,
    a.Retreat: _retreat,
    a.Fleet: _fleet,
    a.LevyGreek: _levy,
    a.LaunchShip: _levy,
    a.OrderTile: _order,
    a.Discard: _discard,
}
