"""The Hellas game state and its turn flow (spec §3-§6).

Layout, chosen for the hot path of bots: each player's houses, squares and palaces are bitmasks over the
board's cells, the statues one more mask, the free building spaces a mask plus a sorted tuple (for listing
legal builds without scanning the board); cities are kept incrementally as (members, reach) groups
(:mod:`cities`); the quarry mechanics live in :mod:`quarries`. Quarry piles, pillars and the track are
tuples replaced on change, so :meth:`HellasState.clone` copies a few short lists and shares the rest.

Hidden information: none is stored. Marble is public on Yucata (seed), every drawn tile is shown face up, and
the face-down draw stack has no order in the state: the next tile is *revealed* by a chance node when it is
needed (uniform over the tiles left, the same distribution as a shuffled stack). So ``determinize`` has
nothing to resample and views hide nothing.

Forced steps run by themselves: a player who cannot build in a shared action is skipped (with a log line), an
action its chooser cannot afford is declined, a drawn tile with only one possible quarry goes there. Every
remaining decision offers at least two choices. Every chosen action its chooser can perform may also be left
undone (seed: "A player can also select an action and choose not to perform it"): builds, the statue and the
temples offer ``decline`` next to the build, Mine marble (after the income) ``draw`` or ``decline``, and Take
three marble ``take`` or ``decline``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.games.hellas import quarries, scoring
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
from hellenika.games.hellas.cities import Group, add_piece, groups_of
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
from hellenika.games.hellas.phases import (
    BUILD,
    CHOOSE,
    MINE_DRAW,
    MINE_PLACE,
    MINE_REVEAL,
    MINE_WORKER,
    NAMES,
    OVER,
    PILLARS,
    SETUP_OPEN,
    SETUP_START,
    SETUP_TILE,
    SETUP_WORKER,
    TAKE,
)
from hellenika.games.hellas.phases import STATUE as STATUE_PHASE
from hellenika.games.hellas.quarries import replace

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.hellas.board import Board
    from hellenika.games.hellas.components import Components
    from hellenika.games.hellas.game import BoardActions, HellasGame

SETUP_QUARRIES = 3  # active quarries, opened on random coast quarries during setup (spec §3.2)


class HellasState(State):
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

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: HellasGame, players: int, options: dict[str, Any], log: bool) -> HellasState:
        s = cls.__new__(cls)
        s._init_base(game, players, options, log)
        comps = game.components
        board = game.board_for(players)
        s.g = game
        s.comps = comps
        s.b = board
        s.t = game.tables[board.name]
        s.n = players
        s.phase = SETUP_OPEN
        s.cp = CHANCE
        s.round = 1
        s.turn = 0
        s.markers = comps.markers[players][0]
        s.start = 0
        s.next_start = -1
        s.active = 0
        s.track = (-1,) * len(comps.track)
        s.space = -1
        s.offset = 0
        s.builder = -1
        s.built = 0
        s.pillars_due = 0
        s.pillar_min = 0
        s.marble = [comps.start_marble] * players
        s.rings = [0] * players
        s.houses = [0] * players
        s.squares = [0] * players
        s.palaces = [0] * players
        s.groups = [()] * players
        s.statues = 0
        s.free = board.building
        s.free_cells = board.building_cells
        s.pillars = (0,) * len(board.temples)
        s.ring_supply = comps.rings
        s.piles = ((),) * len(board.quarries)
        s.closed = 0
        s.active_q = ()
        s.worker = -1
        s.stack = comps.tiles
        s.aside = ()
        s.tiles_placed = 0
        s.pending_tile = 0
        s.opening = -1
        s._live = None
        return s

    def clone(self, *, log: bool = False) -> HellasState:
        c = HellasState.__new__(HellasState)
        self._copy_base_into(c, log)
        c.g = self.g
        c.comps = self.comps
        c.b = self.b
        c.t = self.t
        c.n = self.n
        c.phase = self.phase
        c.cp = self.cp
        c.round = self.round
        c.turn = self.turn
        c.markers = self.markers
        c.start = self.start
        c.next_start = self.next_start
        c.active = self.active
        c.track = self.track
        c.space = self.space
        c.offset = self.offset
        c.builder = self.builder
        c.built = self.built
        c.pillars_due = self.pillars_due
        c.pillar_min = self.pillar_min
        c.marble = self.marble[:]
        c.rings = self.rings[:]
        c.houses = self.houses[:]
        c.squares = self.squares[:]
        c.palaces = self.palaces[:]
        c.groups = self.groups[:]
        c.statues = self.statues
        c.free = self.free
        c.free_cells = self.free_cells
        c.pillars = self.pillars
        c.ring_supply = self.ring_supply
        c.piles = self.piles
        c.closed = self.closed
        c.active_q = self.active_q
        c.worker = self.worker
        c.stack = self.stack
        c.aside = self.aside
        c.tiles_placed = self.tiles_placed
        c.pending_tile = self.pending_tile
        c.opening = self.opening
        c._live = self._live
        return c

    # ------------------------------------------------------------------ engine protocol

    def current_player(self) -> int:
        return self.cp

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        t = self.t
        if phase in (MINE_REVEAL, SETUP_TILE):
            reveal = self.g.reveal_actions
            p = 1.0 / len(self.stack)
            return [(reveal[v], p) for v in self.stack]
        if phase == SETUP_OPEN:
            options = self._closed_coast_quarries()
            return [(t.open[q], 1.0 / len(options)) for q in options]
        if phase == SETUP_WORKER:
            options = self.empty_quarries()
            return [(t.worker[q], 1.0 / len(options)) for q in options]
        if phase == SETUP_START:
            return [(self.g.start_actions[p], 1.0 / self.n) for p in range(self.n)]
        return []

    def sample_chance(self, rng: Rng) -> Action:
        # Every chance node is uniform; the tile draw (the common one) skips building the outcome list.
        if self.phase in (MINE_REVEAL, SETUP_TILE):
            stack = self.stack
            return self.g.reveal_actions[stack[rng.randbelow(len(stack))]]
        outcomes = self.chance_outcomes()
        return outcomes[rng.randbelow(len(outcomes))][0]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == BUILD:
            return self._build_actions()
        if phase == CHOOSE:
            return self._choose_actions()
        if phase == PILLARS:
            return self._pillar_actions()
        if phase == STATUE_PHASE:
            statue = self.t.build[STATUE]
            is_coast = self.b.is_coast
            out: list[Action] = [statue[c] for c in self.free_cells if not is_coast[c]]
            out.append(self.g.decline)
            return out
        if phase == MINE_PLACE:
            tile = self.t.tile
            v = self.pending_tile
            return [tile[q] for q in self.active_q if self.piles[q][-1] < v]
        if phase == MINE_WORKER:
            worker = self.t.worker
            return [worker[q] for q in self.empty_quarries()]
        if phase == MINE_DRAW:
            return [self.g.draw, self.g.decline]
        if phase == TAKE:
            return [self.g.take, self.g.decline]
        return []

    def _why_illegal(self, action: Action) -> IllegalAction:
        from hellenika.games.hellas.illegal import explain

        return explain(self, action)

    def _twin(self, action: Action) -> Action | None:
        from hellenika.games.hellas.twins import twin_of

        return twin_of(self, action)

    def label(self, action: Action) -> str:
        from hellenika.games.hellas.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.hellas.view import build_view

        return build_view(self, seat)

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

    # ------------------------------------------------------------------ legal actions

    def _choose_actions(self) -> list[Action]:
        """The first free space of each group of interchangeable spaces, in track order (spec §4.2); another
        free space of a group is accepted as its first (twins.py)."""
        choose = self.g.choose_actions
        track = self.track
        out: list[Action] = []
        for spaces in self.g.track_groups:
            for i in spaces:
                if track[i] < 0:
                    out.append(choose[i])
                    break
        return out

    def _piece_actions(self, p: int, piece: int, out: list[Action]) -> None:
        if self.pieces_left(p, piece) <= 0:
            return
        coast_cost, interior_cost = self.g.costs[piece]
        m = self.marble[p]
        table = self.t.build[piece]
        if m >= interior_cost:
            out.extend([table[c] for c in self.free_cells])
        elif m >= coast_cost:
            is_coast = self.b.is_coast
            out.extend([table[c] for c in self.free_cells if is_coast[c]])

    def _build_actions(self) -> list[Action]:
        p = self.builder
        kind = self.comps.track[self.space].kind
        out: list[Action] = []
        if kind == K_HOUSE:
            self._piece_actions(p, HOUSE, out)
        elif kind == K_PALACE:
            self._piece_actions(p, PALACE, out)
        else:
            if not self.built & 1:
                self._piece_actions(p, HOUSE, out)
            if not self.built & 2:
                self._piece_actions(p, SQUARE, out)
        out.append(self.g.decline)
        return out

    def _pillar_actions(self) -> list[Action]:
        """Temples in ascending order from the last one used, keeping room for the pillars still due.

        Placing a temple action's pillars temple by temple in ascending order offers every distribution of
        them exactly once (the order within one action changes nothing, spec §4.5).
        """
        free = self.free_slots()
        due = self.pillars_due
        pillar = self.t.pillar
        out: list[Action] = []
        room = sum(free[self.pillar_min :])
        for i in range(self.pillar_min, len(free)):
            if free[i] > 0 and room >= due:
                out.append(pillar[i])
            room -= free[i]
        if due == self.comps.track[self.space].pillars:  # nothing paid yet: still free to decline
            out.append(self.g.decline)
        return out

    # ------------------------------------------------------------------ applying actions

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Build:
            self._do_build(action)  # type: ignore[arg-type]
        elif kind is ChooseAction:
            self._do_choose(self.g.space_index[action.space])  # type: ignore[attr-defined]
        elif kind is Reveal:
            quarries.reveal(self, action.tile)  # type: ignore[attr-defined]
        elif kind is Decline:
            self._do_decline()
        elif kind is DrawTiles:
            quarries.next_draw(self)
        elif kind is TakeMarble:
            self._do_take()
        elif kind is Pillar:
            self._do_pillar(self.b.temple_by_id[action.temple])  # type: ignore[attr-defined]
        elif kind is PlaceTile:
            q = self.b.quarry_of[self.b.index_of[action.quarry]]  # type: ignore[attr-defined]
            quarries.put_tile(self, q, self.pending_tile)
        elif kind is MoveWorker:
            quarries.move_worker(self, self.b.quarry_of[self.b.index_of[action.quarry]])  # type: ignore[attr-defined]
        elif kind is OpenQuarry:
            self.opening = self.b.quarry_of[self.b.index_of[action.quarry]]  # type: ignore[attr-defined]
            self.phase = SETUP_TILE
        elif kind is StartPlayer:
            self.start = self.active = action.seat  # type: ignore[attr-defined]
            if self._events is not None:
                self._emit(f"Start player: {who(self.start)}", self.start)
            self._begin_round()
        else:  # pragma: no cover - the engine checked the type
            raise TypeError(action)

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

    # ------------------------------------------------------------------ results

    def live_scores(self) -> list[tuple[int, int, int, int]]:
        """(largest city, temples, statues, rings) per player, recomputed only after a change (spec §6.2)."""
        live = self._live
        if live is None:
            b, comps = self.b, self.comps
            live = self._live = [
                scoring.live_components(
                    b,
                    comps,
                    self.groups[p],
                    self.houses[p],
                    self.palaces[p],
                    self.pillars,
                    self.statues,
                    self.rings[p],
                )
                for p in range(self.n)
            ]
        return live

    def score_breakdown(self) -> list[dict[str, float]]:
        over = self.phase == OVER
        comps = self.comps
        majority = scoring.ring_majority(comps, self.rings) if over else [0] * self.n
        out: list[dict[str, float]] = []
        for p, (city, temples, statues, rings) in enumerate(self.live_scores()):
            out.append(
                {
                    "largest city": city,
                    "temples": temples,
                    "statues": statues,
                    "rings": rings,
                    "ring majority": majority[p],
                    "marble": scoring.marble_points(comps, self.marble[p]) if over else 0,
                }
            )
        return out

    def scores(self) -> list[float]:
        """The live score during play; after round 3 the final score with ring majority and marble."""
        if self.phase == OVER:
            return [sum(parts.values()) for parts in self.score_breakdown()]
        return [sum(parts) for parts in self.live_scores()]

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        """Score, then leftover marble (spec §6.3); equal keys share the place."""
        return (self.scores()[participant], scoring.leftover_marble(self.comps, self.marble[participant]))

    def ranking(self) -> list[int]:
        totals = self.scores()
        keys = [(totals[p], scoring.leftover_marble(self.comps, self.marble[p])) for p in range(self.n)]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    # ------------------------------------------------------------------ serialisation

    def _state_json(self) -> dict[str, Any]:
        cells = self.b.cells
        ids = [cells[c].id for c in self.b.quarries]

        def spaces(mask: int) -> list[str]:
            return [cells[c].id for c in range(len(cells)) if mask >> c & 1]

        return {
            "board": self.b.name,
            "phase": NAMES[self.phase],
            "round": self.round,
            "turn": self.turn,
            "start": self.start,
            "next_start": self.next_start,
            "active": self.active,
            "track": list(self.track),
            "space": self.space,
            "offset": self.offset,
            "builder": self.builder,
            "built": self.built,
            "pillars_due": self.pillars_due,
            "pillar_min": self.pillar_min,
            "marble": list(self.marble),
            "rings": list(self.rings),
            "houses": [spaces(m) for m in self.houses],
            "squares": [spaces(m) for m in self.squares],
            "palaces": [spaces(m) for m in self.palaces],
            "statues": spaces(self.statues),
            "pillars": {t.id: self.pillars[t.index] for t in self.b.temples},
            "ring_supply": self.ring_supply,
            "quarries": {ids[q]: list(pile) for q, pile in enumerate(self.piles)},
            "closed": [ids[q] for q in range(len(ids)) if self.closed >> q & 1],
            "worker": ids[self.worker] if self.worker >= 0 else None,
            "stack": list(self.stack),
            "aside": list(self.aside),
            "tiles_placed": self.tiles_placed,
            "pending_tile": self.pending_tile,
            "opening": self.opening,
            "to_move": self.cp,
        }

    @classmethod
    def from_json(
        cls, game: HellasGame, players: int, options: dict[str, Any], data: Any, log: bool
    ) -> HellasState:
        s = cls.new(game, players, options, log)
        b = s.b
        if data["board"] != b.name:
            raise ValueError(f"a {players}-player game is played on {b.name}, not {data['board']}")
        index = b.index_of
        s.phase = NAMES.index(data["phase"])
        for name in (
            "round",
            "turn",
            "start",
            "next_start",
            "active",
            "space",
            "offset",
            "builder",
            "built",
            "pillars_due",
            "pillar_min",
            "ring_supply",
            "tiles_placed",
            "pending_tile",
            "opening",
        ):
            setattr(s, name, data[name])
        s.cp = data["to_move"]
        s.markers = s.comps.markers[players][s.round - 1]
        s.track = tuple(data["track"])
        s.marble = list(data["marble"])
        s.rings = list(data["rings"])

        def mask(ids: list[str]) -> int:
            return sum(1 << index[i] for i in ids)

        s.houses = [mask(x) for x in data["houses"]]
        s.squares = [mask(x) for x in data["squares"]]
        s.palaces = [mask(x) for x in data["palaces"]]
        s.statues = mask(data["statues"])
        occupied = s.statues
        for p in range(players):
            own = s.houses[p] | s.squares[p] | s.palaces[p]
            occupied |= own
            s.groups[p] = groups_of(own, b.nbr)
        s.free = b.building & ~occupied
        s.free_cells = tuple(c for c in b.building_cells if s.free >> c & 1)
        s.pillars = tuple(data["pillars"][t.id] for t in b.temples)
        quarry = {b.cells[c].id: q for q, c in enumerate(b.quarries)}
        piles = [()] * len(b.quarries)
        for qid, pile in data["quarries"].items():
            piles[quarry[qid]] = tuple(pile)
        s.piles = tuple(piles)
        s.closed = sum(1 << quarry[qid] for qid in data["closed"])
        s.active_q = tuple(q for q in range(len(piles)) if piles[q] and not s.closed >> q & 1)
        s.worker = quarry[data["worker"]] if data["worker"] is not None else -1
        s.stack = tuple(data["stack"])
        s.aside = tuple(data["aside"])
        s._live = None
        return s
