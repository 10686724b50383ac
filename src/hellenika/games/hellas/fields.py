"""The fields of a Hellas state, typed once, and the queries that only read them (spec §4).

:class:`~hellenika.games.hellas.state.HellasState` is assembled from the rule mixin of :mod:`flow` (set-up,
rounds and turns, building, the statue and the temples), which reads and writes the same fields. Both derive
from :class:`HellasFields`, which holds the ``__slots__`` and their annotations (the layout is described in
:mod:`state`) and the read-only queries the rules, views, labels and the heuristic player ask. The legal
decisions the flow uses from the state are declared here for the type checker only (``TYPE_CHECKING``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.state import State
from hellenika.games.hellas.cities import Group
from hellenika.games.hellas.components import HOUSE, K_HOUSE, K_PALACE, PALACE, SQUARE

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.games.hellas.board import Board
    from hellenika.games.hellas.components import Components
    from hellenika.games.hellas.game import BoardActions, HellasGame


class HellasFields(State):
    __slots__ = (
        "_live",
        "active",
        "active_q",
        "aside",
        "b",
        "builder",
        "built",
        "closed",
        "comps",
        "cp",
        "free",
        "free_cells",
        "g",
        "groups",
        "houses",
        "marble",
        "markers",
        "n",
        "next_start",
        "offset",
        "opening",
        "palaces",
        "pending_tile",
        "phase",
        "piles",
        "pillar_min",
        "pillars",
        "pillars_due",
        "ring_supply",
        "rings",
        "round",
        "space",
        "squares",
        "stack",
        "start",
        "statues",
        "t",
        "tiles_placed",
        "track",
        "turn",
        "worker",
    )

    g: HellasGame
    b: Board
    t: BoardActions
    comps: Components
    n: int
    phase: int
    cp: int  # the seat to decide, CHANCE or TERMINAL (cached: current_player is the hottest call)
    round: int
    turn: int  # turns taken this round; turns alternate from the start player
    markers: int  # action markers per player this round
    start: int
    next_start: int  # -1 until someone chooses a temple space this round
    active: int  # whose turn it is (the player who placed the marker)
    track: tuple[int, ...]  # owner of each track space this round, -1 free
    space: int  # the track space being resolved, -1 between turns
    offset: int  # shared actions: players asked so far, clockwise from the active one
    builder: int  # shared building actions: the player deciding
    built: int  # house-and/or-square: bit 0 house, bit 1 square built by the builder
    pillars_due: int
    pillar_min: int  # pillars of one action go in temple order
    marble: list[int]
    rings: list[int]
    houses: list[int]  # bitmasks over cells
    squares: list[int]
    palaces: list[int]
    groups: list[tuple[Group, ...]]
    statues: int
    free: int  # free building spaces (mask) ...
    free_cells: tuple[int, ...]  # ... and the same, sorted, for listing legal builds
    pillars: tuple[int, ...]  # per temple
    ring_supply: int
    piles: tuple[tuple[int, ...], ...]  # per quarry, bottom to top
    closed: int  # mask over quarry numbers
    active_q: tuple[int, ...]
    worker: int  # quarry number, -1 off the board (or in hand while it moves)
    stack: tuple[int, ...]  # tiles not yet drawn, ascending: a set, never an order
    aside: tuple[int, ...]
    tiles_placed: int
    pending_tile: int  # a drawn tile waiting for its quarry, 0 if none
    opening: int  # the quarry being opened (setup; or by the tile that just opened it)
    _live: list[tuple[int, int, int, int]] | None

    if TYPE_CHECKING:

        def _choose_actions(self) -> list[Action]: ...

        def _pillar_actions(self) -> list[Action]: ...

    # ------------------------------------------------------------------ queries (also used by the UI)

    @property
    def space_kind(self) -> int:
        return self.comps.track[self.space].kind if self.space >= 0 else -1

    def top(self, q: int) -> int:
        """The top tile of quarry ``q`` (0 when it has none)."""
        pile = self.piles[q]
        return pile[-1] if pile else 0

    def is_active_quarry(self, q: int) -> bool:
        return bool(self.piles[q]) and not self.closed >> q & 1

    def empty_quarries(self) -> list[int]:
        """Quarries without any tile (the worker may stand there; spec §4.6)."""
        return [q for q, pile in enumerate(self.piles) if not pile]

    def _closed_coast_quarries(self) -> list[int]:
        coast = self.b.quarry_is_coast
        return [q for q, pile in enumerate(self.piles) if coast[q] and not pile]

    def pieces_left(self, p: int, piece: int) -> int:
        comps = self.comps
        if piece == HOUSE:
            return comps.houses - self.houses[p].bit_count()
        if piece == SQUARE:
            return comps.squares - self.squares[p].bit_count()
        if piece == PALACE:
            return comps.palaces - self.palaces[p].bit_count()
        return comps.statues - self.statues.bit_count()

    def markers_left(self, p: int) -> int:
        """Action markers ``p`` still holds this round (turns alternate from the start player, spec §4.1)."""
        offset = (p - self.start) % self.n
        used = (self.turn - offset + self.n - 1) // self.n if self.turn > offset else 0
        if self.space >= 0 and p == self.active:
            used += 1
        return self.markers - used

    def free_slots(self) -> list[int]:
        return [t.slots - self.pillars[t.index] for t in self.b.temples]

    def pillars_from(self) -> int | None:
        """The first temple (index) the rest of a temple action's pillars may go to, once one is placed.

        Pillars of one action go temple by temple in the board's order (the order changes nothing, spec §4.5),
        so after the first the rest go to that temple or later ones; ``None`` before the first or outside one.
        """
        if self.space < 0:
            return None
        space = self.comps.track[self.space]
        return self.pillar_min if space.is_temple and self.pillars_due < space.pillars else None

    def pillar_supply(self) -> int:
        return self.comps.pillars - sum(self.pillars)

    def can_afford(self, p: int, piece: int) -> bool:
        """Whether ``p`` can pay for ``piece`` on some free space it may go on (spec §4.5)."""
        coast_cost, interior_cost = self.g.costs[piece]
        m = self.marble[p]
        if interior_cost and m >= interior_cost and self.free & self.b.interior_building:
            return True
        return bool(coast_cost) and m >= coast_cost and bool(self.free & self.b.coast_building)

    def can_build(self, p: int, piece: int) -> bool:
        return self.pieces_left(p, piece) > 0 and self.can_afford(p, piece)

    def _builder_can(self, p: int) -> bool:
        kind = self.comps.track[self.space].kind
        if kind == K_HOUSE:
            return self.can_build(p, HOUSE)
        if kind == K_PALACE:
            return self.can_build(p, PALACE)
        built = self.built
        return (not built & 1 and self.can_build(p, HOUSE)) or (not built & 2 and self.can_build(p, SQUARE))
