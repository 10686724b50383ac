"""Plain-words labels for Attika actions, as the terminal and the web show them; building choices carry the
cost after reductions (spec §5.2-§5.6), so a player can compare spaces without doing the arithmetic.

Labels name participants with ``{p0}``-style placeholders (see :func:`hellenika.engine.render_names`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.games.attika import costs
from hellenika.games.attika.actions import (
    BuildFromStorage,
    ChooseStartPlayer,
    DrawBoardTile,
    DrawBuilding,
    DrawCard,
    EndActions,
    EndTurn,
    PayCard,
    PlaceBuilding,
    PlaceTile,
    RevealBuilding,
    RotateTile,
    SpendAmphora,
    StoreBuilding,
    TurnStartTile,
)
from hellenika.games.attika.catalogue import BLANK, LANDSCAPE_NAMES, LANDSCAPES, Vector
from hellenika.games.attika.hexes import DIRECTION_NAMES, format_hex, rotated_symbols
from hellenika.games.attika.phases import BUILD_MODE, CARDS, DRAW_MODE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState


def symbols_text(v: Vector) -> str:
    return "".join(LANDSCAPES[t] * n for t, n in enumerate(v))


def cost_words(free: bool, r: Vector, generic: int, surcharge: int, street: bool) -> str:
    """``free`` / ``pay M`` / ``pay M + 2 any (new settlement)`` / ``pay 3 any``."""
    if free:
        return "free"
    parts = []
    if street:
        base = generic - surcharge
        if base:
            parts.append(f"{base} any")
    elif sum(r):
        parts.append(symbols_text(r))
    if surcharge:
        parts.append(f"{surcharge} any (new settlement)")
    return "pay " + " + ".join(parts) if parts else "nothing to pay"


def pay_role(c: Vector, g: int, t: int) -> str:
    """What a card of type t would pay for now: its own symbol, a card of "any" type, or half a 2-for-1."""
    if c[t]:
        return f"for a {LANDSCAPES[t]} symbol"
    if g - 2 * sum(c) > 0:
        return "as one of the cards of any type owed"
    return f"as one of two cards for a {'/'.join(LANDSCAPES[x] for x in range(4) if c[x])} symbol"


def place_label(s: AttikaState, q: int, r: int) -> str:
    p = s.actor
    b = s.pending
    building = s.cat.buildings[b]
    c = s.board.index.get((q, r))
    where = f"{q},{r}"
    if c is None or b < 0:
        return f"Build on {where}"
    free, rest, generic = costs.requirement(s, p, b, c)
    surcharge = 0 if free or s.ownadj[p] >> c & 1 else len(s.comps[p])
    words = cost_words(free, rest, generic, surcharge, building.is_street)
    if free:
        pred = s.cat.buildings[building.pred].name
        words += f" (next to your {pred})"
    else:
        around = costs.reductions_at(s, c)
        if building.is_street:
            saved = min(building.generic, sum(around))
            if saved:
                words += f", saves {saved}"
        else:
            saved_v = tuple(min(a, b) for a, b in zip(building.cost, around, strict=True))
            if sum(saved_v):
                words += f", saves {symbols_text(saved_v)}"  # type: ignore[arg-type]
    return f"Build the {building.name} on {where}: {words}"


def label(s: AttikaState, action: Action) -> str:
    cat = s.cat
    p = s.actor
    if isinstance(action, PlaceBuilding):
        return place_label(s, action.q, action.r)
    if isinstance(action, PayCard):
        t = LANDSCAPES.index(action.card) if action.card in LANDSCAPES else -1
        if t < 0:
            return f"Pay a {action.card} card"
        return f"Pay a {LANDSCAPE_NAMES[t]} card ({action.card}) {pay_role(s.pay_c, s.pay_g, t)}"
    if isinstance(action, DrawBuilding):
        heights = s.stacks[p]
        height = heights[action.stack] if 0 <= action.stack < len(heights) else 0
        alike = [k for k in range(1, len(heights)) if action.stack and heights[k] == height]
        also = (
            f"; like stack{'s' if len(alike) > 2 else ''} {', '.join(map(str, alike[1:]))}"
            if len(alike) > 1
            else ""
        )
        return f"Draw from {s.stack_name(action.stack)} ({height} left{also})"
    if isinstance(action, BuildFromStorage):
        b = cat.by_id.get(action.building)
        if b is None:
            return f"Build {action.building}"
        building = cat.buildings[b]
        return f"Build the {building.name} from storage (cost {building.cost_text()})"
    if isinstance(action, StoreBuilding):
        name = cat.buildings[s.pending].name if s.pending >= 0 else "building"
        return f"Put the {name} on your storage board"
    if isinstance(action, SpendAmphora):
        if s.phase == CARDS:
            return "Return an amphora for a landscape card"
        what = {DRAW_MODE: "draw", BUILD_MODE: "build"}.get(s.mode, "draw or build")
        return f"Return an amphora for one more {what}"
    if isinstance(action, EndActions):
        due = s.cards_forgone()
        return f"Stop and take {due} landscape card{'s' if due != 1 else ''}"
    if isinstance(action, EndTurn):
        return "End the turn (keep your amphorae)"
    if isinstance(action, PlaceTile):
        tile = cat.tiles[s.tile].id if s.tile >= 0 else "the board tile"
        return f"Lay {tile} centred on {action.q},{action.r}"
    if isinstance(action, RotateTile):
        if s.tile < 0:
            return f"Turn the tile {action.rotation} x 60°"
        picture = rotated_symbols(cat.tiles[s.tile].symbols, action.rotation % 6)
        ring = " ".join(
            f"{DIRECTION_NAMES[i]} {'·' if x == BLANK else LANDSCAPES[x]}" for i, x in enumerate(picture[1:])
        )
        centre = "·" if picture[0] == BLANK else LANDSCAPES[picture[0]]
        where = format_hex(s.tile_centre)
        return f"Turn it {action.rotation} x 60° clockwise: {where} {centre}; {ring}"
    if isinstance(action, DrawBoardTile):
        return f"Board tile {action.tile}"
    if isinstance(action, TurnStartTile):
        return f"The start tile is turned {action.rotation} x 60°"
    if isinstance(action, ChooseStartPlayer):
        return f"{who(action.seat)} starts"
    if isinstance(action, RevealBuilding):
        b = cat.by_id.get(action.building)
        return cat.buildings[b].name if b is not None else action.building
    if isinstance(action, DrawCard):
        t = LANDSCAPES.index(action.card) if action.card in LANDSCAPES else -1
        return f"A {LANDSCAPE_NAMES[t]} card" if t >= 0 else action.card
    return action.notation()
