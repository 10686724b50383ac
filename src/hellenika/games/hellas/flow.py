"""The turn flow of Hellas (spec §3.2, §4-§6): the set-up's opened quarries, rounds and turns with their
action markers, the shared building actions, Take three marble, the statue and the temples' pillars and rings,
and the end of the game. Mine marble's quarry steps are :mod:`quarries`'s. A mixin of
:class:`~hellenika.games.hellas.state.HellasState` (see :mod:`fields`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.events import who
from hellenika.engine.state import TERMINAL
from hellenika.games.hellas import quarries
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
    PIECES,
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
            self._emit(f"Quarry {self.b.cells[self.b.quarries[q]].id} opened with tile {v}")
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
                f"Round {self.round} (start player {who(self.start)}, {self.markers} action markers each)",
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
        self._emit("The game is over after round 3: ring majority and marble are scored")
        for p, parts in enumerate(self.score_breakdown()):
            detail = ", ".join(f"{k} {v:g}" for k, v in parts.items() if v)
            self._emit(
                f"Final score of {who(p)}: {sum(parts.values()):g}" + (f" ({detail})" if detail else ""), p
            )

    def _do_choose(self, i: int) -> None:
        p = self.active
        space = self.comps.track[i]
        self.track = replace(self.track, i, p)
        self.space = i
        log = self._events is not None
        if log:
            self._emit(f"{who(p)} chose '{space.title()}'", p)
        kind = space.kind
        if kind == K_TEMPLE and self.next_start < 0 and self.round < self.comps.rounds:
            # The first temple choice of a round names the next start player, even if declined (spec §4.7).
            self.next_start = p
            if log:
                self._emit(f"{who(p)} was first to choose a temple: start player next round", p)
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
                self._emit(f"{who(p)} could not build ({self._why_cannot(p)})", p)
            self.offset += 1
            self.built = 0
        self._end_turn()

    def _why_cannot(self, p: int) -> str:
        kind = self.comps.track[self.space].kind
        pieces = (PALACE,) if kind == K_PALACE else (HOUSE,) if kind == K_HOUSE else (HOUSE, SQUARE)
        reasons = []
        for piece in pieces:
            name = PIECES[piece]
            if self.pieces_left(p, piece) <= 0:
                reasons.append(f"no {name}s left")
            elif not self.free:
                reasons.append("no free space")
            else:
                reasons.append(f"not enough marble for a {name}")
        return "; ".join(dict.fromkeys(reasons))

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
            where = "coast" if self.b.is_coast[c] else "interior"
            self._emit(f"{who(p)} built a {action.piece} on {action.space} ({where}, {cost} marble)", p)
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
            self._emit(f"{who(p)} took {gain} marble (now {self.marble[p]})", p)
        self._end_turn()

    def _do_decline(self) -> None:
        phase = self.phase
        if self._events is not None:
            p = self.cp
            if phase == BUILD and self.built:
                self._emit(f"{who(p)} built nothing more", p)
            elif phase == MINE_DRAW:
                self._emit(f"{who(p)} drew no quarry tiles", p)
            elif phase == TAKE:
                self._emit(f"{who(p)} took no marble", p)
            else:
                self._emit(f"{who(p)} declined", p)
        if phase == BUILD:
            self._next_builder()
        else:  # statue, temple (before paying), Mine marble before the first draw, Take three marble
            self._end_turn()

    # statue and temples ----------------------------------------------------------

    def statue_blocker(self, p: int, cost: int) -> str | None:
        """Why ``p`` could not build a statue for ``cost`` marble now (None: they can). The label of the
        action space says it before the choice, and the log after it, in the same words."""
        if self.pieces_left(p, STATUE) <= 0:
            return "all statues are built"
        if self.marble[p] < cost:
            return f"needs {cost} marble"
        if not self.free & self.b.interior_building:
            return "no free interior space"
        return None

    def temple_blocker(self, p: int, cost: int, pillars: int) -> str | None:
        """Why ``p`` could not build ``pillars`` pillars for ``cost`` marble now (None: they can)."""
        free = sum(self.free_slots())
        if self.marble[p] < cost:
            return f"needs {cost} marble"
        if free < pillars:
            return f"only {free} free pillar slot{'s' if free != 1 else ''} left"
        if self.pillar_supply() < pillars:
            return "not enough pillars in the supply"
        return None

    def _offer_statue(self, p: int, cost: int) -> None:
        why = self.statue_blocker(p, cost)
        if why is None:
            self.phase = STATUE_PHASE
            self.cp = p
            return
        if self._events is not None:
            self._emit(f"{who(p)} could not build a statue ({why})", p)
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
            self._emit(f"{who(p)} could not build {pillars} pillars ({why})", p)
        self._end_turn()

    def _do_pillar(self, ti: int) -> None:
        p = self.cp
        space = self.comps.track[self.space]
        log = self._events is not None
        if self.pillars_due == space.pillars:  # the first pillar: pay and take the action's ring
            self.marble[p] -= space.cost
            if log:
                self._emit(f"{who(p)} paid {space.cost} marble for {space.pillars} pillars", p)
            self._gain_ring(p, "for the temple action")
        self.pillars = replace(self.pillars, ti, self.pillars[ti] + 1)
        self.pillars_due -= 1
        self.pillar_min = ti
        self._live = None
        temple = self.b.temples[ti]
        if log:
            self._emit(f"{who(p)} placed a pillar in {temple.id} ({self.pillars[ti]}/{temple.slots})", p)
        if self.pillars[ti] == temple.slots:
            self._gain_ring(p, f"for completing {temple.id}")
        if self.pillars_due == 0:
            self._end_turn()
            return
        options = self._pillar_actions()
        if len(options) == 1:  # one temple left with room: the rest of the pillars go there (rules 1.1)
            self._do_pillar(self.b.temple_by_id[options[0].temple])  # type: ignore[attr-defined]

    def _gain_ring(self, p: int, why: str) -> None:
        if self.ring_supply <= 0:
            if self._events is not None:
                self._emit(f"No ring is left for {who(p)} ({why})", p)
            return
        self.ring_supply -= 1
        self.rings[p] += 1
        self._live = None
        if self._events is not None:
            self._emit(f"{who(p)} took a ring {why} (now {self.rings[p]})", p)
