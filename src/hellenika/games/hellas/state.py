"""The Hellas game state (spec §3-§6): construction and cloning, the engine protocol, chance, the legal
decisions, the dispatch of an action, the results and serialisation. The fields and the queries that only
read them are :mod:`fields`'s; the turn flow (set-up, rounds and turns, building, the statue and the
temples) is the :mod:`flow` mixin's, and Mine marble's quarry steps are :mod:`quarries`'s.

Layout, chosen for the hot path of bots: each player's houses, squares and palaces are bitmasks over the
board's cells, the statues one more mask, the free building spaces a mask plus a sorted tuple (for listing
legal builds without scanning the board); cities are kept incrementally as (members, reach) groups
(:mod:`cities`). Quarry piles, pillars and the track are tuples replaced on change, so
:meth:`HellasState.clone` copies a few short lists and shares the rest.

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
from hellenika.engine.state import CHANCE
from hellenika.games.hellas import quarries, scoring, words
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
from hellenika.games.hellas.cities import groups_of
from hellenika.games.hellas.components import (
    HOUSE,
    K_HOUSE,
    K_PALACE,
    PALACE,
    SQUARE,
    STATUE,
)
from hellenika.games.hellas.flow import FlowMixin
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
from hellenika.i18n import Msg, _m

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.hellas.game import HellasGame


class HellasState(FlowMixin):
    __slots__ = ()

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

    def turn_key(self) -> tuple[int, int]:
        """The round and the turn within it (counted from 0 each round): a seat moves once per turn."""
        return (self.round, self.turn)

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

    def label_msg(self, action: Action) -> Msg:
        from hellenika.games.hellas.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.hellas.view import build_view

        return build_view(self, seat)

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
                self._emit(_m("hellas.log.start_player", player=who(self.start)), self.start)
            self._begin_round()
        else:  # pragma: no cover - the engine checked the type
            raise TypeError(action)

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

    def score_heading(self, category: str) -> Msg:
        return words.SCORE_HEADINGS.get(category) or Msg.literal(category)

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
