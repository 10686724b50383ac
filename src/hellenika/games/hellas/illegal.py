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
from hellenika.games.hellas import words
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
    PILLARS,
)
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE
from hellenika.games.hellas.words import PHASES
from hellenika.i18n import Msg, Param, _m

if TYPE_CHECKING:
    from hellenika.games.hellas.state import HellasState


def _rule(section: str, message: Msg) -> IllegalAction:
    return IllegalAction(f"hellas {section}", message)


PLURAL = {
    HOUSE: _m("hellas.piece.houses"),
    SQUARE: _m("hellas.piece.squares"),
    PALACE: _m("hellas.piece.palaces"),
    STATUE: _m("hellas.piece.statues"),
}


NO_PIECE = {
    HOUSE: _m("hellas.piece.no_house"),
    SQUARE: _m("hellas.piece.no_square"),
    PALACE: _m("hellas.piece.no_palace"),
    STATUE: _m("hellas.piece.no_statue"),
}


def _not_now(action: Action) -> Msg:
    return _m("hellas.illegal.not_now", notation=repr(action.notation()))


def explain(s: HellasState, action: Action) -> IllegalAction:
    if s.current_player() == CHANCE:
        return _rule(
            "§3" if s.round == 1 and s.turn == 0 and s.space < 0 else "§4.6",
            _m("hellas.illegal.chance_due", phase=PHASES[s.phase], notation=repr(action.notation())),
        )
    if isinstance(action, OpenQuarry | Reveal | StartPlayer):
        return _rule(
            "§3", _m("hellas.illegal.chance_outcome", notation=repr(action.notation()), phase=PHASES[s.phase])
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
            _m("hellas.illegal.draw_only_mine", phase=PHASES[s.phase]),
        )
    if isinstance(action, TakeMarble):
        return _rule("§4.4", _m("hellas.illegal.take_only", phase=PHASES[s.phase]))
    return _rule("§4", _not_now(action))


def _choose(s: HellasState, action: ChooseAction) -> IllegalAction:
    if s.phase != CHOOSE:
        return _rule("§4.2", _m("hellas.illegal.marker_at_start", phase=PHASES[s.phase]))
    index = s.g.space_index.get(action.space)
    if index is None:
        spaces = tuple(space.id for space in s.comps.track)
        return _rule("§4.4", _m("hellas.illegal.no_action_space", space=repr(action.space), spaces=spaces))
    owner = s.track[index]
    if owner >= 0:
        return _rule("§4.2", _m("hellas.illegal.space_taken", space=action.space, player=who(owner)))
    # A free space identical to an offered one (same group) is its twin (twins.py): played as that one.
    return _rule("§4.2", _not_now(action))


def _space(s: HellasState, space: str) -> tuple[int, IllegalAction | None]:
    index = s.b.index_of.get(space)
    if index is None:
        return -1, _rule("§7", _m("hellas.illegal.no_space", space=repr(space), side=s.b.title))
    return index, None


def _build(s: HellasState, action: Build) -> IllegalAction:
    piece = PIECE_CODE.get(action.piece)
    if piece is None:
        return _rule("§4.5", _m("hellas.illegal.unknown_piece", piece=repr(action.piece), pieces=PIECES))
    phase = s.phase
    if piece == STATUE and phase != STATUE_PHASE:
        return _rule("§4.5", _m("hellas.illegal.statue_only", phase=PHASES[phase]))
    if piece != STATUE:
        if phase != BUILD:
            return _rule(
                "§4.5", _m("hellas.illegal.build_only", piece=words.A_PIECE[piece], phase=PHASES[phase])
            )
        kind = s.space_kind
        allowed = {K_HOUSE: (HOUSE,), K_PALACE: (PALACE,), K_HOUSE_SQUARE: (HOUSE, SQUARE)}[kind]
        if piece not in allowed:
            title = words.title(s.comps.track[s.space])
            return _rule("§4.4", _m("hellas.illegal.not_this_action", space=title, none=NO_PIECE[piece]))
        if s.built >> piece & 1:
            return _rule("§4.5", _m("hellas.illegal.already_built", piece=words.A_PIECE[piece]))
    index, error = _space(s, action.space)
    if error is not None:
        return error
    cell = s.b.cells[index]
    if cell.kind == QUARRY:
        return _rule("§4.5", _m("hellas.illegal.on_quarry", space=cell.id))
    if cell.kind == TEMPLE:
        return _rule("§4.5", _m("hellas.illegal.on_temple", space=cell.id))
    if not s.free >> index & 1:
        return _rule("§4.5", _m("hellas.illegal.occupied", space=cell.id, occupant=_occupant(s, index)))
    p = s.cp
    left = s.pieces_left(p, piece)
    if left <= 0:
        total = s.comps.pieces_of(piece)
        if piece == STATUE:
            return _rule("§2", _m("hellas.illegal.all_statues", total=total))
        return _rule("§2", _m("hellas.illegal.all_built", total=total, pieces=PLURAL[piece]))
    coast_cost, interior_cost = s.g.costs[piece]
    if cell.coast and not coast_cost:
        return _rule("§4.5", _m("hellas.illegal.statue_interior", space=cell.id))
    cost = coast_cost if cell.coast else interior_cost
    if s.marble[p] < cost:
        costs: dict[str, Param] = {"piece": words.A_PIECE[piece], "cost": cost, "have": s.marble[p]}
        if cell.coast:
            return _rule("§4.5", _m("hellas.illegal.costs_coast", **costs))
        return _rule("§4.5", _m("hellas.illegal.costs_interior", **costs))
    return _rule("§4.5", _not_now(action))


def _occupant(s: HellasState, index: int) -> Msg:
    bit = 1 << index
    if s.statues & bit:
        return words.A_PIECE[STATUE]
    for p in range(s.n):
        if s.houses[p] & bit:
            return _m("hellas.illegal.whose_house", player=who(p))
        if s.squares[p] & bit:
            return _m("hellas.illegal.whose_square", player=who(p))
        if s.palaces[p] & bit:
            return _m("hellas.illegal.whose_palace", player=who(p))
    return _m("hellas.illegal.a_piece")


def _pillar(s: HellasState, action: Pillar) -> IllegalAction:
    if s.phase != PILLARS:
        return _rule("§4.5", _m("hellas.illegal.pillars_only", phase=PHASES[s.phase]))
    ti = s.b.temple_by_id.get(action.temple)
    if ti is None:
        temples = tuple(t.id for t in s.b.temples)
        no_temple = _m(
            "hellas.illegal.no_temple", temple=repr(action.temple), side=s.b.title, temples=temples
        )
        return _rule("§7", no_temple)
    temple = s.b.temples[ti]
    free = s.free_slots()
    if free[ti] <= 0:
        return _rule("§4.5", _m("hellas.illegal.temple_complete", temple=temple.id, slots=temple.slots))
    if ti < s.pillar_min:
        last = s.b.temples[s.pillar_min].id
        return _rule("§4.5", _m("hellas.illegal.temple_order", last=last))
    if sum(free[ti:]) < s.pillars_due:
        return _rule("§4.5", _m("hellas.illegal.no_room", due=s.pillars_due, temple=temple.id))
    return _rule("§4.5", _not_now(action))


def _quarry(s: HellasState, quarry: str) -> tuple[int, IllegalAction | None]:
    index = s.b.index_of.get(quarry)
    if index is None or index not in s.b.quarry_of:
        return -1, _rule("§4.6", _m("hellas.illegal.not_a_quarry", quarry=repr(quarry), side=s.b.title))
    return s.b.quarry_of[index], None


def _tile(s: HellasState, action: PlaceTile) -> IllegalAction:
    if s.phase != MINE_PLACE:
        return _rule("§4.6", _m("hellas.illegal.no_tile", phase=PHASES[s.phase]))
    q, error = _quarry(s, action.quarry)
    if error is not None:
        return error
    v = s.pending_tile
    if s.closed >> q & 1:
        return _rule("§4.6", _m("hellas.illegal.quarry_closed", quarry=action.quarry))
    if not s.piles[q]:
        return _rule("§4.6", _m("hellas.illegal.quarry_inactive", quarry=action.quarry, tile=v))
    top = s.top(q)
    return _rule("§4.6", _m("hellas.illegal.not_lower", tile=v, quarry=action.quarry, top=top))


def _worker(s: HellasState, action: MoveWorker) -> IllegalAction:
    if s.phase != MINE_WORKER:
        return _rule("§4.6", _m("hellas.illegal.worker_only", phase=PHASES[s.phase]))
    q, error = _quarry(s, action.quarry)
    if error is not None:
        return error
    if s.closed >> q & 1:
        return _rule("§4.6", _m("hellas.illegal.worker_closed", quarry=action.quarry))
    return _rule("§4.6", _m("hellas.illegal.worker_active", quarry=action.quarry))


def _decline(s: HellasState) -> IllegalAction:
    phase = s.phase
    if phase == CHOOSE:
        return _rule("§4.2", _m("hellas.illegal.no_passing"))
    if phase in (MINE_PLACE, MINE_WORKER):
        return _rule("§4.6", _m("hellas.illegal.tile_step_mandatory"))
    if phase == PILLARS:
        return _rule("§4.5", _m("hellas.illegal.temple_paid", due=s.pillars_due))
    return _rule("§4.3", _m("hellas.illegal.nothing_to_decline"))
