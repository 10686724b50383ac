"""Why an action is illegal, naming the rule (``hellas §4.5: 3,4 is taken by a house``).

Only called on the error path, so it can be thorough rather than fast. Section numbers are the spec's
(``shared/rules/hellas.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hellas.actions import (
    Build,
    ChooseAction,
    Decline,
    DrawTiles,
    MoveWorker,
    OpenQuarry,
    Pillar,
    PlaceTile,
    Reveal,
    StartPlayer,
    TakeMarble,
)
from hellenika.games.hellas.board import QUARRY, TEMPLE
from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_PALACE,
    PALACE,
    PIECE_CODE,
    PIECES,
    SQUARE,
    STATUE,
)
from hellenika.games.hellas.phases import (
    BUILD,
    CHOOSE,
    MINE_PLACE,
    MINE_WORKER,
    NAMES,
    PILLARS,
)
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


def _rule(section: str, message: str) -> IllegalAction:
    return IllegalAction(f"hellas {section}", message)


def explain(s: HellasState, action: Action) -> IllegalAction:
    if s.current_player() == CHANCE:
        return _rule(
            "§3" if s.round == 1 and s.turn == 0 and s.space < 0 else "§4.6",
            f"a chance outcome is due now ({NAMES[s.phase]}); {action.notation()!r} is not one of them",
        )
    if isinstance(action, OpenQuarry | Reveal | StartPlayer):
        return _rule(
            "§3", f"{action.notation()!r} is a chance outcome, not a decision; now: {NAMES[s.phase]}"
        )
    if isinstance(action, ChooseAction):
        return _choose(s, action)
    if isinstance(action, Build):
        return _build(s, action)
    if isinstance(action, Pillar):
        return _pillar(s, action)
    if isinstance(action, PlaceTile):
        return _tile(s, action)
    if isinstance(action, MoveWorker):
        return _worker(s, action)
    if isinstance(action, Decline):
        return _decline(s)
    if isinstance(action, DrawTiles):
        return _rule(
            "§4.6",
            "tiles are drawn only in a Mine marble action, which asks once, after the income, whether to "
            f"draw (each later draw follows by itself); now: {NAMES[s.phase]}",
        )
    if isinstance(action, TakeMarble):
        return _rule(
            "§4.4", f"marble is taken only with the 'Take three marble' action; now: {NAMES[s.phase]}"
        )
    return _rule("§4", f"{action.notation()!r} is not legal now")


def _choose(s: HellasState, action: ChooseAction) -> IllegalAction:
    if s.phase != CHOOSE:
        return _rule("§4.2", f"an action marker is placed only at the start of a turn; now: {NAMES[s.phase]}")
    index = s.g.space_index.get(action.space)
    if index is None:
        spaces = ", ".join(space.id for space in s.comps.track)
        return _rule("§4.4", f"there is no action space {action.space!r}; the spaces are: {spaces}")
    owner = s.track[index]
    if owner >= 0:
        return _rule("§4.2", f"{action.space} already holds {who(owner)}'s marker this round")
    # A free space identical to an offered one (same group) is its twin (twins.py): played as that one.
    return _rule("§4.2", f"{action.notation()!r} is not legal now")


def _space(s: HellasState, space: str) -> tuple[int, IllegalAction | None]:
    index = s.b.index_of.get(space)
    if index is None:
        return -1, _rule("§7", f"there is no space {space!r} on the {s.b.title} side (spaces are 'row,col')")
    return index, None


def _build(s: HellasState, action: Build) -> IllegalAction:
    piece = PIECE_CODE.get(action.piece)
    if piece is None:
        return _rule("§4.5", f"unknown piece {action.piece!r}; pieces are {', '.join(PIECES)}")
    phase = s.phase
    if piece == STATUE and phase != STATUE_PHASE:
        return _rule("§4.5", f"a statue is built only with the statue action; now: {NAMES[phase]}")
    if piece != STATUE:
        if phase != BUILD:
            return _rule("§4.5", f"a {action.piece} is built only in a building action; now: {NAMES[phase]}")
        kind = s.space_kind
        allowed = {K_HOUSE: (HOUSE,), K_PALACE: (PALACE,), K_HOUSE_SQUARE: (HOUSE, SQUARE)}[kind]
        if piece not in allowed:
            title = s.comps.track[s.space].title().lower()
            return _rule("§4.4", f"this action is '{title}': no {action.piece}")
        if s.built >> piece & 1:
            return _rule("§4.5", f"you have already built a {action.piece} in this action")
    index, error = _space(s, action.space)
    if error is not None:
        return error
    cell = s.b.cells[index]
    if cell.kind == QUARRY:
        return _rule("§4.5", f"{cell.id} is a quarry field; nothing is built on quarries")
    if cell.kind == TEMPLE:
        return _rule("§4.5", f"{cell.id} is a temple field; nothing is built on temples")
    if not s.free >> index & 1:
        return _rule("§4.5", f"{cell.id} is taken by {_occupant(s, index)}; one piece per space")
    p = s.cp
    left = s.pieces_left(p, piece)
    if left <= 0:
        total = s.comps.pieces_of(piece)
        if piece == STATUE:
            return _rule("§2", f"all {total} statues are built")
        return _rule("§2", f"you have built all {total} of your {action.piece}s")
    coast_cost, interior_cost = s.g.costs[piece]
    if cell.coast and not coast_cost:
        return _rule("§4.5", f"statues go on interior spaces; {cell.id} is on the coast")
    cost = coast_cost if cell.coast else interior_cost
    if s.marble[p] < cost:
        where = "on the coast" if cell.coast else "in the interior"
        return _rule("§4.5", f"a {action.piece} {where} costs {cost} marble; you have {s.marble[p]}")
    return _rule("§4.5", f"{action.notation()!r} is not legal now")


def _occupant(s: HellasState, index: int) -> str:
    bit = 1 << index
    if s.statues & bit:
        return "a statue"
    for p in range(s.n):
        for mask, name in ((s.houses[p], "house"), (s.squares[p], "square"), (s.palaces[p], "palace")):
            if mask & bit:
                return f"{who(p)}'s {name}"
    return "a piece"


def _pillar(s: HellasState, action: Pillar) -> IllegalAction:
    if s.phase != PILLARS:
        return _rule("§4.5", f"pillars are placed only in a temple action; now: {NAMES[s.phase]}")
    ti = s.b.temple_by_id.get(action.temple)
    if ti is None:
        temples = ", ".join(t.id for t in s.b.temples)
        return _rule(
            "§7", f"there is no temple {action.temple!r} on the {s.b.title} side; temples: {temples}"
        )
    temple = s.b.temples[ti]
    free = s.free_slots()
    if free[ti] <= 0:
        return _rule("§4.5", f"{temple.id} is complete ({temple.slots}/{temple.slots} pillars)")
    if ti < s.pillar_min:
        last = s.b.temples[s.pillar_min].id
        return _rule(
            "§4.5",
            f"one action's pillars are placed in temple order (the order changes nothing): after {last}, "
            f"use {last} or a later temple",
        )
    if sum(free[ti:]) < s.pillars_due:
        return _rule(
            "§4.5",
            f"all {s.pillars_due} pillars still due must be placed; in temple order, {temple.id} and the "
            "temples after it do not have room for them: place them in an earlier temple first",
        )
    return _rule("§4.5", f"{action.notation()!r} is not legal now")


def _quarry(s: HellasState, quarry: str) -> tuple[int, IllegalAction | None]:
    index = s.b.index_of.get(quarry)
    if index is None or index not in s.b.quarry_of:
        return -1, _rule("§4.6", f"{quarry!r} is not a quarry on the {s.b.title} side")
    return s.b.quarry_of[index], None


def _tile(s: HellasState, action: PlaceTile) -> IllegalAction:
    if s.phase != MINE_PLACE:
        return _rule("§4.6", f"there is no drawn tile to place now ({NAMES[s.phase]})")
    q, error = _quarry(s, action.quarry)
    if error is not None:
        return error
    v = s.pending_tile
    if s.closed >> q & 1:
        return _rule("§4.6", f"quarry {action.quarry} is closed; no tile is ever placed on it again")
    if not s.piles[q]:
        return _rule("§4.6", f"quarry {action.quarry} is not active; tile {v} goes on an active quarry")
    top = s.top(q)
    return _rule(
        "§4.6", f"tile {v} goes on an active quarry with a lower top; {action.quarry} shows {top}, not lower"
    )


def _worker(s: HellasState, action: MoveWorker) -> IllegalAction:
    if s.phase != MINE_WORKER:
        return _rule("§4.6", f"the quarry worker moves only after opening a quarry; now: {NAMES[s.phase]}")
    q, error = _quarry(s, action.quarry)
    if error is not None:
        return error
    state = "closed" if s.closed >> q & 1 else "active"
    return _rule("§4.6", f"the quarry worker moves to an empty quarry; {action.quarry} is {state}")


def _decline(s: HellasState) -> IllegalAction:
    phase = s.phase
    if phase == CHOOSE:
        return _rule(
            "§4.2",
            "you must place a marker (no passing); choose a space and then decline its action if you wish",
        )
    if phase in (MINE_PLACE, MINE_WORKER):
        return _rule(
            "§4.6",
            "the tile step of Mine marble is mandatory once started: a drawn tile must be placed, and the "
            "active player \"can't refrain from revealing tiles after placing a tile on an active quarry "
            'before having placed his fourth tile" (seed); stopping is possible only before the first draw',
        )
    if phase == PILLARS:
        return _rule(
            "§4.5", f"the temple action is paid: place the {s.pillars_due} remaining pillar(s) as well"
        )
    return _rule("§4.3", "nothing to decline now")
