"""The Peloponnes game state: fields, the task machine that runs the rounds, the engine protocol.

Layout, chosen for the hot path of bots: one list of ints per kind of possession (coins, wood, ...) indexed
by participant, tiles as tuples of catalogue indices (buildings, lands), reserved buildings as a bitmask,
the pending steps as a list of int tuples (see ``tasks.py``). Tuples and ints are immutable, so
:meth:`PeloponnesState.clone` copies a few short lists and shares everything else.

Hidden information: none is stored. The tile stacks and the disaster chit stacks are face down, but the
engine never fixes their order: each tile or chit is *drawn* by a chance node when it is needed (uniform over
what is left), which is the same distribution as a shuffled stack. What is left is known to everybody (every
tile and chit is revealed when drawn), so views show the sizes of the stacks and the face-down chits by kind
(never an order), and ``determinize`` is a clone. Chits slid under the second stack (the expansion's repeat
rule, Ariadne) are known, and drawn in the order they were slid once the face-down chits are gone.

Solo against Angelos: the seat is participant 0 and Angelos participant 1, an automaton whose choices run by
themselves (``angelos.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.games.peloponnes import flow, scoring
from hellenika.games.peloponnes import tasks as step
from hellenika.games.peloponnes.catalogue import Catalogue, Colony

if TYPE_CHECKING:
    from hellenika.engine.rng import Rng
    from hellenika.games.peloponnes.game import PeloponnesGame

# Per-participant int lists, in the order they are saved.
INT_LISTS = (
    "coins",
    "wood",
    "stone",
    "food",
    "lux",
    "inh",
    "strength",
    "clovers",
    "mercs",
    "civ",
    "hero",
    "colony",
    "unfinished",
    "bid_slot",
    "bid_coins",
    "bid_lux",
    "won",
    "paid",
    "clover_power",
    "picks",
)
BOOL_LISTS = ("flipped", "odysseus_used")
SCALARS = (
    "round",
    "s1",
    "s2",
    "psum",
    "pcount",
    "to_place",
    "last_chit",
    "last_revealed",
    "drawn",
    "ariadne_used",
    "angelos_pop",
    "took_conquest",
)


class PeloponnesState(State):
    __slots__ = (
        "_legal",
        "angelos",
        "angelos_pop",
        "ariadne_used",
        "arow",
        "bid_coins",
        "bid_lux",
        "bid_slot",
        "bidder",
        "buildings",
        "cat",
        "civ",
        "clover_power",
        "clovers",
        "coins",
        "colony",
        "cols",
        "conq",
        "cp",
        "drawn",
        "exp",
        "flipped",
        "food",
        "g",
        "hero",
        "inh",
        "lands",
        "last_chit",
        "last_revealed",
        "lux",
        "mercs",
        "mult",
        "n",
        "negotiation",
        "odysseus_used",
        "order",
        "paid",
        "pcount",
        "picks",
        "placed",
        "pool",
        "psum",
        "rank",
        "regular_size",
        "round",
        "row",
        "s1",
        "s2",
        "solo",
        "stack_left",
        "stone",
        "strength",
        "tasks",
        "to_place",
        "took_conquest",
        "under2",
        "unfinished",
        "won",
        "wood",
    )

    g: PeloponnesGame
    cat: Catalogue
    exp: bool  # the Heroes & Colonies expansion
    negotiation: bool
    solo: bool
    angelos: int  # Angelos' participant index, or -1
    rank: int  # Angelos' rank (catalogue index), or -1
    n: int  # participants: the seats, and Angelos
    regular_size: int  # tiles in the regular row
    mult: int  # the Persians' multiplier
    # Per participant.
    coins: list[int]
    wood: list[int]
    stone: list[int]
    food: list[int]
    lux: list[int]
    inh: list[int]
    strength: list[int]
    clovers: list[int]
    mercs: list[int]
    civ: list[int]
    hero: list[int]
    colony: list[int]
    cols: tuple[Colony, ...]
    unfinished: list[int]  # bitmask over tile indices: reserved buildings
    bid_slot: list[int]
    bid_coins: list[int]
    bid_lux: list[int]
    won: list[int]
    paid: list[int]
    clover_power: list[int]  # cloverleaves put on power at the end (-1: not yet)
    picks: list[int]  # income picks of this round (income.PICK_SHIFT)
    flipped: list[bool]
    odysseus_used: list[bool]
    buildings: list[tuple[int, ...]]
    lands: list[tuple[int, ...]]
    arow: tuple[int, ...]  # Angelos' tiles, in the order he took them
    angelos_pop: int
    # The round.
    round: int
    order: tuple[int, ...]
    stack_left: list[tuple[int, ...]]
    row: list[int]
    bidder: list[int]
    conq: list[int]
    took_conquest: int
    # Disaster chits.
    pool: list[int]  # face-down chits by kind
    s1: int
    s2: int
    under2: tuple[int, ...]
    placed: list[int]  # chits on each disaster tile
    psum: int
    pcount: int
    to_place: int
    last_chit: int  # the chit placed last this round
    last_revealed: int  # the chit revealed last this round, placed or not (the expansion's repeat rule)
    drawn: int
    ariadne_used: int
    # The machine.
    tasks: list[tuple[int, ...]]
    cp: int
    _legal: list[Action] | None

    # ------------------------------------------------------------------ construction

    @classmethod
    def blank(cls, game: PeloponnesGame, players: int, options: dict[str, Any], log: bool) -> PeloponnesState:
        """Every field at its starting value, no task yet (``new`` and ``from_json`` fill in the rest)."""
        s = cls.__new__(cls)
        s._init_base(game, players, options, log)
        cat = game.catalogue
        s.g = game
        s.cat = cat
        s.exp = bool(options["expansion"])
        s.negotiation = bool(options["negotiation"]) and s.exp
        s.solo = players == 1
        s.angelos = players if s.solo and s.exp else -1
        s.rank = (
            cat.ranks[[r.id for r in cat.ranks].index(options["angelos"])].index if s.angelos >= 0 else -1
        )
        n = s.n = players + (1 if s.angelos >= 0 else 0)
        # Solo is set up as a two-player game: 2 regular tiles + 3 conquest tiles, Persians x 2 (spec §9).
        s.regular_size = 2 if s.solo else min(players, cat.constants["tiles_per_round"])
        s.mult = 2 if s.solo else players
        for name in INT_LISTS:
            setattr(s, name, [0] * n)
        for name in ("civ", "hero", "bid_slot", "won", "clover_power"):
            setattr(s, name, [-1] * n)
        s.colony = [cat.mat] * n
        s.cols = (cat.colonies[cat.mat],) * n
        s.flipped = [False] * n
        s.odysseus_used = [False] * n
        s.buildings = [()] * n
        s.lands = [()] * n
        s.arow = ()
        s.angelos_pop = 0
        s.round = 0
        s.order = tuple(range(players))
        s.stack_left = list(cat.stacks)
        s.row = []
        s.bidder = []
        s.conq = []
        s.took_conquest = 0
        s.pool = list(cat.chit_pool(s.exp))
        total = sum(s.pool)
        if s.exp:
            s.s1 = total // cat.constants["chit_stacks_expansion"]
            s.s2 = total - s.s1
        else:
            s.s1, s.s2 = total, 0
        s.under2 = ()
        s.placed = [0] * len(cat.disasters)
        s.psum = 0
        s.pcount = 0
        s.to_place = 0
        s.last_chit = -1
        s.last_revealed = -1
        s.drawn = -1
        s.ariadne_used = 0
        s.tasks = []
        s.cp = CHANCE
        s._legal = None
        return s

    @classmethod
    def new(cls, game: PeloponnesGame, players: int, options: dict[str, Any], log: bool) -> PeloponnesState:
        s = cls.blank(game, players, options, log)
        s.tasks = flow.setup_tasks(s)
        s._run()
        return s

    def clone(self, *, log: bool = False) -> PeloponnesState:
        c = PeloponnesState.__new__(PeloponnesState)
        self._copy_base_into(c, log)
        c.g = self.g
        c.cat = self.cat
        c.exp = self.exp
        c.negotiation = self.negotiation
        c.solo = self.solo
        c.angelos = self.angelos
        c.rank = self.rank
        c.n = self.n
        c.regular_size = self.regular_size
        c.mult = self.mult
        c.coins = self.coins[:]
        c.wood = self.wood[:]
        c.stone = self.stone[:]
        c.food = self.food[:]
        c.lux = self.lux[:]
        c.inh = self.inh[:]
        c.strength = self.strength[:]
        c.clovers = self.clovers[:]
        c.mercs = self.mercs[:]
        c.civ = self.civ[:]
        c.hero = self.hero[:]
        c.colony = self.colony[:]
        c.cols = self.cols
        c.unfinished = self.unfinished[:]
        c.bid_slot = self.bid_slot[:]
        c.bid_coins = self.bid_coins[:]
        c.bid_lux = self.bid_lux[:]
        c.won = self.won[:]
        c.paid = self.paid[:]
        c.clover_power = self.clover_power[:]
        c.picks = self.picks[:]
        c.flipped = self.flipped[:]
        c.odysseus_used = self.odysseus_used[:]
        c.buildings = self.buildings[:]
        c.lands = self.lands[:]
        c.arow = self.arow
        c.angelos_pop = self.angelos_pop
        c.round = self.round
        c.order = self.order
        c.stack_left = self.stack_left[:]
        c.row = self.row[:]
        c.bidder = self.bidder[:]
        c.conq = self.conq[:]
        c.took_conquest = self.took_conquest
        c.pool = self.pool[:]
        c.s1 = self.s1
        c.s2 = self.s2
        c.under2 = self.under2
        c.placed = self.placed[:]
        c.psum = self.psum
        c.pcount = self.pcount
        c.to_place = self.to_place
        c.last_chit = self.last_chit
        c.last_revealed = self.last_revealed
        c.drawn = self.drawn
        c.ariadne_used = self.ariadne_used
        c.tasks = self.tasks[:]
        c.cp = self.cp
        c._legal = self._legal
        return c

    # ------------------------------------------------------------------ the task machine

    def _run(self) -> None:
        """Run automatic steps until a chance node, a decision with a real choice, or the end.

        A decision with a single legal option is taken at once (it is not a choice, and it is not recorded):
        an outbid player with nowhere to move withdraws, a building nobody could pay falls, and so on.
        """
        tasks = self.tasks
        auto = flow.AUTO
        legal_of = flow.LEGAL
        apply_of = flow.DECIDE
        while tasks:
            task = tasks[-1]
            kind = task[0]
            if kind < step.FIRST_CHANCE:
                auto[kind](self, task)
            elif kind < step.FIRST_DECISION:
                self.cp = CHANCE
                self._legal = None
                return
            else:
                legal = legal_of[kind](self, task)
                if len(legal) == 1:
                    apply_of[kind](self, task, legal[0])
                    continue
                self.cp = task[1]
                self._legal = legal
                return
        self.cp = TERMINAL
        self._legal = None

    def _refresh_node(self) -> None:
        """Recompute whose turn it is after a restore (the saved state was at a stable node)."""
        if not self.tasks:
            self.cp = TERMINAL
            self._legal = None
            return
        task = self.tasks[-1]
        if task[0] < step.FIRST_DECISION:
            self.cp = CHANCE
            self._legal = None
        else:
            self.cp = task[1]
            self._legal = flow.LEGAL[task[0]](self, task)

    # ------------------------------------------------------------------ engine protocol

    @property
    def num_participants(self) -> int:
        return self.n

    def participant_names(self) -> list[str]:
        names = [f"Player {i + 1}" for i in range(self.num_players)]
        return [*names, "Angelos"] if self.angelos >= 0 else names

    def current_player(self) -> int:
        return self.cp

    def turn_key(self) -> tuple[int, int, tuple[int, ...]]:
        """The round, the disaster chits left (one fewer after each chit drawn), and the step that asked for
        the decision: the automatic task under the run of decision tasks on the stack (a bid and its amount
        are one turn; each disaster, supply round or phase is another). In solo every decision is the
        seat's, and this tells its turns apart."""
        tasks = self.tasks
        chits = self.s1 + self.s2 + len(self.under2)
        for i in range(len(tasks) - 1, -1, -1):
            if tasks[i][0] < step.FIRST_DECISION:
                return (self.round, chits, tasks[i])
        return (self.round, chits, ())

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        task = self.tasks[-1]
        outcomes: Sequence[tuple[Action, float]] = flow.OUTCOMES[task[0]](self, task)
        return outcomes

    def sample_chance(self, rng: Rng) -> Action:
        task = self.tasks[-1]
        action: Action = flow.SAMPLE[task[0]](self, task, rng)
        return action

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        return list(legal) if legal is not None else []

    def is_legal(self, action: Action) -> bool:
        if self.cp >= 0:
            return action in self._legal  # type: ignore[operator]
        return action in self.legal_actions()

    def _apply(self, action: Action) -> None:
        task = self.tasks[-1]
        kind = task[0]
        if kind >= step.FIRST_DECISION:
            flow.DECIDE[kind](self, task, action)
        else:
            flow.CHANCE_APPLY[kind](self, task, action)
        self._run()

    def _why_illegal(self, action: Action) -> IllegalAction:
        from hellenika.games.peloponnes.illegal import explain

        return explain(self, action)

    def label(self, action: Action) -> str:
        from hellenika.games.peloponnes.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.peloponnes.view import build_view

        return build_view(self, seat)

    # ------------------------------------------------------------------ helpers for the rules modules

    def log(self, text: str, actor: int | None = None, audience: tuple[int, ...] | None = None) -> None:
        """Add a log line (callers check ``self._events is not None`` first, to skip building the text)."""
        self._emit(text, actor, audience)

    def set_colony(self, p: int, colony: int) -> None:
        self.colony[p] = colony
        cols = list(self.cols)
        cols[p] = self.cat.colonies[colony]
        self.cols = tuple(cols)

    def col(self, p: int) -> Colony:
        return self.cols[p]

    def tiles_of(self, p: int) -> tuple[int, ...]:
        """All tiles of a participant (Angelos: his row in the order he took them)."""
        if p == self.angelos:
            return self.arow
        return self.buildings[p] + self.lands[p]

    def stack_index(self) -> int:
        """Stack A in rounds 1-3, B in 4-6, C in 7-8 (spec §4 phase 1)."""
        r = self.round
        return 0 if r <= 3 else 1 if r <= 6 else 2

    @property
    def participants(self) -> range:
        return range(self.n)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        return scoring.totals(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.breakdown(self)

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        return scoring.rank_keys(self)[participant]

    def ranking(self) -> list[int]:
        keys = scoring.rank_keys(self)
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    # ------------------------------------------------------------------ serialisation

    def _state_json(self) -> dict[str, Any]:
        tiles = self.cat.tiles
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in INT_LISTS}
        for name in BOOL_LISTS:
            out[name] = list(getattr(self, name))
        for name in SCALARS:
            out[name] = getattr(self, name)
        out["buildings"] = [[tiles[t].id for t in b] for b in self.buildings]
        out["lands"] = [[tiles[t].id for t in b] for b in self.lands]
        out["angelos_row"] = [tiles[t].id for t in self.arow]
        out["order"] = list(self.order)
        out["stacks"] = [[tiles[t].id for t in stack] for stack in self.stack_left]
        out["row"] = list(self.row)
        out["bidder"] = list(self.bidder)
        out["conquest"] = list(self.conq)
        out["pool"] = list(self.pool)
        out["under2"] = list(self.under2)
        out["placed"] = list(self.placed)
        out["tasks"] = [list(t) for t in self.tasks]
        return out

    @classmethod
    def from_json(
        cls, game: PeloponnesGame, players: int, options: dict[str, Any], data: Any, log: bool
    ) -> PeloponnesState:
        s = cls.blank(game, players, options, log)
        by_id = s.cat.tile_by_id
        for name in INT_LISTS:
            setattr(s, name, list(data[name]))
        for name in BOOL_LISTS:
            setattr(s, name, list(data[name]))
        for name in SCALARS:
            setattr(s, name, data[name])
        s.cols = tuple(s.cat.colonies[c] for c in s.colony)
        s.buildings = [tuple(by_id[t] for t in b) for b in data["buildings"]]
        s.lands = [tuple(by_id[t] for t in b) for b in data["lands"]]
        s.arow = tuple(by_id[t] for t in data["angelos_row"])
        s.order = tuple(data["order"])
        s.stack_left = [tuple(by_id[t] for t in stack) for stack in data["stacks"]]
        s.row = list(data["row"])
        s.bidder = list(data["bidder"])
        s.conq = list(data["conquest"])
        s.pool = list(data["pool"])
        s.under2 = tuple(data["under2"])
        s.placed = list(data["placed"])
        s.tasks = [tuple(t) for t in data["tasks"]]
        s._refresh_node()
        return s
