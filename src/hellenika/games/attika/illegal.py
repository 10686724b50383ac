"""Why an action is illegal, naming the rule (``attika §5.1: 3,-4 is a shrine``).

Only called on the error path, so it can be thorough rather than fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.games.attika import costs, payment
from hellenika.games.attika.actions import (
    BuildFromStorage,
    DrawBuilding,
    EndActions,
    EndTurn,
    PayCard,
    PlaceBuilding,
    PlaceTile,
    RotateTile,
    SpendAmphora,
    StoreBuilding,
)
from hellenika.games.attika.catalogue import LANDSCAPES
from hellenika.games.attika.hexes import footprint
from hellenika.games.attika.labels import cost_words
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARDS,
    CHANCE_PHASES,
    DRAW_MODE,
    DRAWN,
    NAMES,
    PAY,
    PLACE,
    TILE_PLACE,
    TILE_ROTATE,
)

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState


def _rule(section: str, message: str) -> IllegalAction:
    return IllegalAction(f"attika {section}", message)


def explain(s: AttikaState, action: Action) -> IllegalAction:
    phase = s.phase
    if phase in CHANCE_PHASES:
        return _rule("§3", f"a chance outcome is due now ({NAMES[phase]}); {action.notation()!r} is not one")
    if isinstance(action, DrawBuilding | BuildFromStorage | EndActions):
        if phase == CARDS:
            return _rule("§4.2", "you have started taking landscape cards: no more draws or builds this turn")
        if phase != ACTIONS:
            return _rule("§4.1", f"finish what you are doing first ({NAMES[phase]})")
        if isinstance(action, DrawBuilding):
            return _draw(s, action)
        if isinstance(action, BuildFromStorage):
            return _build(s, action)
    if isinstance(action, PlaceBuilding):
        if phase not in (DRAWN, PLACE):
            return _rule("§5.1", "there is no building in your hand to place; draw or choose one first")
        return _place(s, action)
    if isinstance(action, StoreBuilding):
        if phase == PLACE:
            return _rule("§4.3", "a building taken from storage must be built; only a drawn one is stored")
        return _rule("§4.1", "there is no drawn building to store")
    if isinstance(action, PayCard):
        return _pay(s, action)
    if isinstance(action, SpendAmphora):
        return _amphora(s)
    if isinstance(action, EndTurn):
        return _rule("§4.2", "the turn ends after phase B; take your landscape cards first (end)")
    if isinstance(action, PlaceTile):
        if phase != TILE_PLACE:
            return _rule("§7", "there is no board tile to lay now")
        return _tile(s, action)
    if isinstance(action, RotateTile):
        if phase != TILE_ROTATE:
            return _rule("§7", "there is no board tile to turn now")
        # A turn giving the picture of an offered one is its twin (twins.py): played as that one.
        return _rule("§3.1", "rotations are 0-5")
    return _rule("§4", f"{action.notation()!r} is not legal now ({NAMES[phase]})")


def _draw(s: AttikaState, action: DrawBuilding) -> IllegalAction:
    p = s.actor
    if s.mode == BUILD_MODE:
        return _rule("§4.1", "this is a build turn: draw and build actions may never be mixed")
    if not 0 <= action.stack < len(s.stacks[p]):
        return _rule("§4.1", "stacks are 0 (main buildings) and 1-3")
    if not s.stacks[p][action.stack]:
        return _rule("§4.3", f"{s.stack_name(action.stack)} is empty")
    # A stack alike an offered one (same height) is its twin (twins.py): played as that one.
    if s.actions_left() <= 0:
        return _rule("§4.1", "your draws are used up; return an amphora for one more")
    return _rule("§4.1", f"{action.notation()!r} is not legal now")


def _build(s: AttikaState, action: BuildFromStorage) -> IllegalAction:
    p = s.actor
    if s.mode == DRAW_MODE:
        return _rule("§4.1", "this is a draw turn: draw and build actions may never be mixed")
    b = s.cat.by_id.get(action.building)
    if b is None:
        return _rule("§9.1", f"there is no building {action.building!r}")
    if not s.storage[p][b]:
        return _rule("§4.3", f"there is no {s.cat.buildings[b].name} on your storage board")
    if s.mode and s.actions_left() <= 0:
        return _rule("§4.1", "your builds are used up; return an amphora for one more")
    return _rule("§5.3", f"you cannot pay for the {s.cat.buildings[b].name} on any empty space")


def _place(s: AttikaState, action: PlaceBuilding) -> IllegalAction:
    h = (action.q, action.r)
    where = f"{action.q},{action.r}"
    if h in s.board.shrines:
        return _rule("§5.1", f"{where} is a shrine; nobody builds on a shrine")
    c = s.board.index.get(h)
    if c is None:
        return _rule("§5.1", f"{where} is not a board space")
    if s.occ >> c & 1:
        return _rule("§5.1", f"{where} already has a building")
    p = s.actor
    free, rest, generic = costs.requirement(s, p, s.pending, c)
    surcharge = 0 if s.ownadj[p] >> c & 1 else len(s.comps[p])
    street = s.cat.buildings[s.pending].is_street
    words = cost_words(free, rest, generic, surcharge, street)
    return _rule("§5.3", f"your hand cannot pay for it on {where} ({words})")


def _pay(s: AttikaState, action: PayCard) -> IllegalAction:
    if s.phase != PAY:
        return _rule("§5.3", "nothing is being paid for now")
    if action.card not in LANDSCAPES:
        return _rule("§2", "landscape cards are W, M, F and H")
    t = LANDSCAPES.index(action.card)
    hand = s.hands[s.actor]
    if not hand[t]:
        return _rule("§5.3", f"you have no {action.card} card")
    offered = ", ".join(LANDSCAPES[x] for x in payment.options(hand, s.pay_c, s.pay_g))
    return _rule(
        "§5.3",
        f"paying {action.card} now would hand over a card for nothing (or leave the cost unpayable); "
        f"pay one of: {offered}",
    )


def _amphora(s: AttikaState) -> IllegalAction:
    p = s.actor
    if not s.amph[p]:
        return _rule("§4.1", "you have no amphora")
    if s.phase == CARDS:
        return _rule("§4.2", "no landscape card is left to draw")
    if s.phase != ACTIONS:
        return _rule("§4.1", f"finish what you are doing first ({NAMES[s.phase]})")
    return _rule(
        "§4.1",
        "no draw or build of this turn's kind could follow (no stack to draw from, nothing on the storage "
        "board): return it for a landscape card in phase B (end)",
    )


def _tile(s: AttikaState, action: PlaceTile) -> IllegalAction:
    hexes = footprint((action.q, action.r))
    board = s.board
    for h in hexes:
        if h in board.shrines:
            return _rule("§7", f"the tile would cover the shrine on {h[0]},{h[1]}")
        if h in board.index:
            return _rule("§7", f"the tile would cover the board hex {h[0]},{h[1]}")
    return _rule("§7", "the tile must touch the board or a shrine")
