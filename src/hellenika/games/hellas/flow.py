"""The turn flow of Hellas (spec §3.2, §4-§6): the set-up's opened quarries, rounds and turns with their
action markers, the shared building actions, Take three marble, the statue and the temples' pillars and rings,
and the end of the game. Mine marble's quarry steps are :mod:`quarries`'s. A mixin of
:class:`~hellenika.games.hellas.state.HellasState` (see :mod:`fields`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.events import who
from hellenika.engine.state import TERMINAL
from hellenika.games.hellas import quarries, words
from hellenika.games.hellas.cities import add_piece
from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_HOUSE_SQUARE,
    K_MARBLE,
    K_MINE,
    K_PALACE,
    K_STATUE,
    K_TEMPLE,
    PALACE,
    PIECE_CODE,
    SQUARE,
    STATUE,
)
from hellenika.games.hellas.fields import HellasFields
from hellenika.games.hellas.phases import (
    BUILD,
    CHOOSE,
    MINE_DRAW,
    OVER,
    PILLARS,
    SETUP_OPEN,
    SETUP_WORKER,
    TAKE,
)
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE
from hellenika.games.hellas.quarries import replace
from hellenika.i18n import Msg, Param, _m, _mn

if TYPE_CHECKING:
    from hellenika.games.hellas.actions import Build

SETUP_QUARRIES = 3  # active quarries, opened on random coast quarries during setup (spec §3.2)


class FlowMixin(HellasFields):
    __slots__ = ()

    # setup ------------------------------------------------------------------

    def _setup_tile(self, v: int) -> None:
        """The tile drawn for the coast quarry just chosen (spec §3.2)."""
        q = self.opening
        self.opening = -1
        self.piles = replace(self.piles, q, (v,))
        self.active_q = tuple(sorted((*self.active_q, q)))
        if self._events is not None:
            self._emit(_m("hellas.log.quarry_opened", quarry=self.b.cells[self.b.quarries[q]].id, tile=v))
        self.phase = SETUP_OPEN if len(self.active_q) < SETUP_QUARRIES else SETUP_WORKER

    # rounds and turns ---------------------------------------------------------

    def _begin_round(self) -> None:
        self.turn = 0
        self.markers = self.comps.markers[self.n][self.round - 1]
        self.active = self.start
        self.phase = CHOOSE
        self.cp = self.start
        if self._events is not None:
            self._emit(
                _m("hellas.log.round", round=self.round, player=who(self.start), markers=self.markers),
                self.start,
            )

    def _end_turn(self) -> None:
        self.space = -1
        self.builder = -1
        self.turn += 1
        if self.turn >= self.n * self.markers:
            self._end_round()
            return
        self.active = (self.start + self.turn) % self.n
        self.phase = CHOOSE
        self.cp = self.active
        options = self._choose_actions()
        if len(options) == 1:  # the round's last free space: the marker has one place to go (rules 1.1)
            self._do_choose(self.g.space_index[options[0].space])  # type: ignore[attr-defined]

    def _end_round(self) -> None:
        self.track = (-1,) * len(self.track)
        if self.round >= self.comps.rounds:
            self.phase = OVER
            self.cp = TERMINAL
            if self._events is not None:
                self._log_final()
            return
        if self.next_start >= 0:
            self.start = self.next_start
        self.next_start = -1
        self.round += 1
        self._begin_round()

    def _log_final(self) -> None:
        self._emit(_m("hellas.log.game_over"))
        for p, parts in enumerate(self.score_breakdown()):
            detail = tuple(
                _m("hellas.log.score_part", heading=words.SCORE_HEADINGS[k], points=f"{v:g}")
                for k, v in parts.items()
                if v
            )
            total = f"{sum(parts.values()):g}"
            if detail:
                self._emit(_m("hellas.log.final_score_parts", player=who(p), total=total, parts=detail), p)
            else:
                self._emit(_m("hellas.log.final_score", player=who(p), total=total), p)

    def _do_choose(self, i: int) -> None:
        p = self.active
        space = self.comps.track[i]
        self.track = replace(self.track, i, p)
        self.space = i
        log = self._events is not None
        if log:
            self._emit(_m("hellas.log.chose", player=who(p), space=words.title(space)), p)
        kind = space.kind
        if kind == K_TEMPLE and self.next_start < 0 and self.round < self.comps.rounds:
            # The first temple choice of a round names the next start player, even if declined (spec §4.7).
            self.next_start = p
            if log:
                self._emit(_m("hellas.log.first_temple", player=who(p)), p)
        if kind in (K_HOUSE, K_HOUSE_SQUARE, K_PALACE):
            self.offset = 0
            self.built = 0
            self._offer_build()
        elif kind == K_MINE:
            quarries.income(self)
            self.tiles_placed = 0
            quarries.offer_draws(self)
        elif kind == K_TEMPLE:
            self._offer_temple(p, space.cost, space.pillars)
        elif kind == K_STATUE:
            self._offer_statue(p, space.cost)
        elif kind == K_MARBLE:
            # "A player can also select an action and choose not to perform it" (seed): take or decline.
            self.phase = TAKE
            self.cp = p

    # building -------------------------------------------------------------------

    def _offer_build(self) -> None:
        """Give the next player clockwise from the active one who can build their chance (spec §4.3)."""
        n = self.n
        while self.offset < n:
            p = (self.active + self.offset) % n
            if self._builder_can(p):
                self.builder = p
                self.phase = BUILD
                self.cp = p
                return
            if self._events is not None and not self.built:
                self._emit(_m("hellas.log.could_not_build", player=who(p), why=self._why_cannot(p)), p)
            self.offset += 1
            self.built = 0
        self._end_turn()

    def _why_cannot(self, p: int) -> Msg:
        kind = self.comps.track[self.space].kind
        pieces = (PALACE,) if kind == K_PALACE else (HOUSE,) if kind == K_HOUSE else (HOUSE, SQUARE)
        reasons = []
        for piece in pieces:
            if self.pieces_left(p, piece) <= 0:
                reasons.append(words.NONE_LEFT[piece])
            elif not self.free:
                reasons.append(_m("hellas.why.no_free_space"))
            else:
                reasons.append(_m("hellas.why.no_marble_for", piece=words.A_PIECE[piece]))
        return words.reasons(reasons)

    def _next_builder(self) -> None:
        self.offset += 1
        self.built = 0
        self._offer_build()

    def _do_build(self, action: Build) -> None:
        p = self.cp
        c = self.b.index_of[action.space]
        piece = PIECE_CODE[action.piece]
        cost = self.g.costs[piece][0 if self.b.is_coast[c] else 1]
        self.marble[p] -= cost
        self._place(p, piece, c)
        if self._events is not None:
            where = words.COAST if self.b.is_coast[c] else words.INTERIOR
            built: dict[str, Param] = {"player": who(p), "piece": words.A_PIECE[piece], "space": action.space}
            self._emit(_m("hellas.log.built", **built, where=where, cost=cost), p)
        if piece == STATUE:
            self._end_turn()
        elif self.comps.track[self.space].kind == K_HOUSE_SQUARE:
            self.built |= 1 << piece
            if self.built != 3 and self._builder_can(p):
                return
            self._next_builder()
        else:
            self._next_builder()

    def _place(self, p: int, piece: int, c: int) -> None:
        """Put a piece on a free building space; the owner's groups grow incrementally (spec §5)."""
        bit = 1 << c
        self.free &= ~bit
        cells = self.free_cells
        i = cells.index(c)
        self.free_cells = cells[:i] + cells[i + 1 :]
        self._live = None
        if piece == STATUE:
            self.statues |= bit
            return
        if piece == HOUSE:
            self.houses[p] |= bit
        elif piece == SQUARE:
            self.squares[p] |= bit
        else:
            self.palaces[p] |= bit
        self.groups[p] = add_piece(self.groups[p], c, self.b.nbr)

    def _do_take(self) -> None:
        p = self.cp
        gain = self.comps.track[self.space].gain
        self.marble[p] += gain
        if self._events is not None:
            self._emit(_m("hellas.log.took_marble", player=who(p), gain=gain, now=self.marble[p]), p)
        self._end_turn()

    def _do_decline(self) -> None:
        phase = self.phase
        if self._events is not None:
            p = self.cp
            if phase == BUILD and self.built:
                self._emit(_m("hellas.log.built_nothing_more", player=who(p)), p)
            elif phase == MINE_DRAW:
                self._emit(_m("hellas.log.drew_no_tiles", player=who(p)), p)
            elif phase == TAKE:
                self._emit(_m("hellas.log.took_no_marble", player=who(p)), p)
            else:
                self._emit(_m("hellas.log.declined", player=who(p)), p)
        if phase == BUILD:
            self._next_builder()
        else:  # statue, temple (before paying), Mine marble before the first draw, Take three marble
            self._end_turn()

    # statue and temples ----------------------------------------------------------

    def statue_blocker(self, p: int, cost: int) -> Msg | None:
        """Why ``p`` could not build a statue for ``cost`` marble now (None: they can). The label of the
        action space says it before the choice, and the log after it, in the same words."""
        if self.pieces_left(p, STATUE) <= 0:
            return words.NONE_LEFT[STATUE]
        if self.marble[p] < cost:
            return _m("hellas.why.needs_marble", cost=cost)
        if not self.free & self.b.interior_building:
            return _m("hellas.why.no_free_interior")
        return None

    def temple_blocker(self, p: int, cost: int, pillars: int) -> Msg | None:
        """Why ``p`` could not build ``pillars`` pillars for ``cost`` marble now (None: they can)."""
        free = sum(self.free_slots())
        if self.marble[p] < cost:
            return _m("hellas.why.needs_marble", cost=cost)
        if free < pillars:
            return _mn("hellas.why.free_slots", free)
        if self.pillar_supply() < pillars:
            return _m("hellas.why.no_pillars")
        return None

    def _offer_statue(self, p: int, cost: int) -> None:
        why = self.statue_blocker(p, cost)
        if why is None:
            self.phase = STATUE_PHASE
            self.cp = p
            return
        if self._events is not None:
            self._emit(_m("hellas.log.no_statue", player=who(p), why=why), p)
        self._end_turn()

    def _offer_temple(self, p: int, cost: int, pillars: int) -> None:
        why = self.temple_blocker(p, cost, pillars)
        if why is None:
            self.phase = PILLARS
            self.cp = p
            self.pillars_due = pillars
            self.pillar_min = 0
            return
        if self._events is not None:
            self._emit(_mn("hellas.log.no_pillars", pillars, player=who(p), why=why), p)
        self._end_turn()

    def _do_pillar(self, ti: int) -> None:
        p = self.cp
        space = self.comps.track[self.space]
        log = self._events is not None
        if self.pillars_due == space.pillars:  # the first pillar: pay and take the action's ring
            self.marble[p] -= space.cost
            if log:
                self._emit(_m("hellas.log.paid", player=who(p), cost=space.cost, pillars=space.pillars), p)
            self._gain_ring(p, _m("hellas.ring.temple_action"))
        self.pillars = replace(self.pillars, ti, self.pillars[ti] + 1)
        self.pillars_due -= 1
        self.pillar_min = ti
        self._live = None
        temple = self.b.temples[ti]
        if log:
            placed: dict[str, Param] = {
                "player": who(p),
                "temple": temple.id,
                "count": self.pillars[ti],
                "slots": temple.slots,
            }
            self._emit(_m("hellas.log.pillar", **placed), p)
        if self.pillars[ti] == temple.slots:
            self._gain_ring(p, _m("hellas.ring.completed", temple=temple.id))
        if self.pillars_due == 0:
            self._end_turn()
            return
        options = self._pillar_actions()
        if len(options) == 1:  # one temple left with room: the rest of the pillars go there (rules 1.1)
            self._do_pillar(self.b.temple_by_id[options[0].temple])  # type: ignore[attr-defined]

    def _gain_ring(self, p: int, why: Msg) -> None:
        if self.ring_supply <= 0:
            if self._events is not None:
                self._emit(_m("hellas.log.no_ring", player=who(p), why=why), p)
            return
        self.ring_supply -= 1
        self.rings[p] += 1
        self._live = None
        if self._events is not None:
            self._emit(_m("hellas.log.ring", player=who(p), why=why, now=self.rings[p]), p)
