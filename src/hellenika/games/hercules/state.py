"""The Hercules game state and its turn flow (spec §3-§7).

Layout, chosen for the hot path of bots: every participant's cubes are one bitmask (bit c = cube on column
c), owned cards are a tuple of catalogue indices, used cards ("a cube on it" or "face down") one bitmask over
catalogue indices, dice a tuple. Tuples and ints are immutable, so :meth:`HerculesState.clone` copies a few
short lists and shares the rest.

Hidden information: none is stored. The Demigod stacks are face up but only their top card is visible; the
cards under it are kept as an unordered multiset and the next top is *revealed* by a chance node when it is
needed. So the state holds no secret order, no bot can foresee a card, and views need not hide anything.

Solo: the hero is seat 0 and Hades is participant 1, an automaton whose turn runs by itself (spec §7); his
only random steps are his die rolls, which are chance nodes like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import who
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
from hellenika.games.hercules import hades, scoring
from hellenika.games.hercules.actions import (
    WHITE_SLOT,
    ChooseStartPlayer,
    EndTurn,
    FinishRest,
    PerformLabour,
    PlaceGod,
    RefreshGod,
    Rest,
    RevealDemigod,
    Roll,
    TakeBackCube,
    TakeDemigod,
    UseAbility,
)
from hellenika.games.hercules.arithmetic import RESULTS, combine
from hellenika.games.hercules.board import ALL_CUBES, HADES, VASE_MAX, VASE_MIN, slide
from hellenika.games.hercules.cards import DEMIGOD, GOD, USE_DEMIGOD, Catalogue
from hellenika.games.hercules.phases import (
    CHOOSE,
    DICE,
    HADES_WHITE,
    NAMES,
    OVER,
    RESTING,
    REVEAL,
    ROLL,
    SETUP_GOD,
    SETUP_REVEAL,
    SETUP_START,
    SETUP_WHITE,
    TURN,
)

if TYPE_CHECKING:
    from hellenika.games.hercules.game import HerculesGame

DECK_TYCHE, DECK_MORPHEUS = 4, 5
MAX_REST_CUBES = 3


class HerculesState(State):
    __slots__ = (
        "actor",
        "card_vp",
        "cat",
        "col12",
        "cp",
        "cubes",
        "dice",
        "eligible",
        "end_triggered",
        "g",
        "gods",
        "n",
        "owned",
        "pegasus",
        "pending_advance",
        "pending_roll",
        "phase",
        "pos",
        "rest_cubes",
        "rest_god",
        "rests",
        "reveal_deck",
        "round",
        "setup_step",
        "simplified",
        "solo",
        "spent",
        "supply",
        "symbols",
        "tops",
        "turn_index",
        "used_card",
        "vases",
        "white",
        "white_holder",
        "white_used_round",
    )

    g: HerculesGame
    cat: Catalogue
    solo: bool
    simplified: bool
    n: int  # participants: the seats, plus Hades in solo
    # per participant
    cubes: list[int]  # bit c set while the cube is on column c
    pos: list[int]  # Apprentice column 0..12
    supply: list[int]
    dice: list[tuple[int, ...]]  # two coloured dice (Hades: one)
    owned: list[tuple[int, ...]]  # catalogue indices, in catalogue order
    spent: list[int]  # bit c set while card c carries a cube / lies face down
    symbols: list[tuple[int, int, int, int, int]]  # symbol counts, kept up to date for live scoring
    card_vp: list[int]
    # the table
    gods: list[int]  # God card above each column 1..11 (-1: none); index 0 and 12 unused
    col12: tuple[int, ...]  # Zeus, then the Pantheon cards
    tops: list[int]  # top card of each Demigod stack, -1 when empty or not yet revealed
    rests: list[tuple[int, ...]]  # the unordered cards under each top
    vases: list[tuple[int, ...]]  # stacks 3..7, top first
    white: int
    white_holder: int
    white_used_round: bool
    # turn flow
    round: int
    pegasus: int
    turn_index: int
    actor: int
    used_card: bool
    end_triggered: bool
    eligible: tuple[int, ...]
    pending_advance: int
    pending_roll: tuple[int, tuple[int, ...]]
    reveal_deck: int
    rest_cubes: int
    rest_god: bool
    phase: int
    setup_step: int
    cp: int

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: HerculesGame, players: int, options: dict[str, Any], log: bool) -> HerculesState:
        s = cls.__new__(cls)
        s._init_base(game, players, options, log)
        cat = game.catalogue
        s.g = game
        s.cat = cat
        s.solo = players == 1
        s.simplified = options["variant"] == "simplified"
        n = s.n = 2 if s.solo else players
        s.cubes = [ALL_CUBES] * n
        s.pos = [0] * n
        s.supply = [0] * n
        s.dice = [(1, 1)] * n
        if s.solo:
            s.dice[HADES] = (1,)
        s.owned = [()] * n
        s.spent = [0] * n
        s.symbols = [(0, 0, 0, 0, 0)] * n
        s.card_vp = [0] * n
        s.gods = [-1] * 13
        s.col12 = (cat.zeus, *(p for p in cat.pantheon if cat.cards[p].in_play(players)))
        s.tops = [-1] * len(cat.decks)
        s.rests = [cat.demigods_of(d.index, players) for d in cat.decks]
        s.vases = [
            tuple(
                sorted(
                    (v for v in cat.vases if cat.cards[v].spaces == k and cat.cards[v].in_play(players)),
                    key=lambda v: -cat.cards[v].vp,
                )
            )
            for k in range(VASE_MIN, VASE_MAX + 1)
        ]
        s.white = 1
        s.white_holder = -1
        s.white_used_round = False
        s.round = 0
        s.pegasus = 0
        s.turn_index = 0
        s.actor = 0
        s.used_card = False
        s.end_triggered = False
        s.eligible = ()
        s.pending_advance = 0
        s.pending_roll = (0, ())
        s.reveal_deck = -1
        s.rest_cubes = 0
        s.rest_god = False
        s.phase = SETUP_REVEAL
        s.setup_step = 0
        s.cp = CHANCE
        if s.solo:
            s.owned[HADES] = (cat.hades,)
        return s

    def clone(self, *, log: bool = False) -> HerculesState:
        c = HerculesState.__new__(HerculesState)
        self._copy_base_into(c, log)
        c.g = self.g
        c.cat = self.cat
        c.solo = self.solo
        c.simplified = self.simplified
        c.n = self.n
        c.cubes = self.cubes[:]
        c.pos = self.pos[:]
        c.supply = self.supply[:]
        c.dice = self.dice[:]
        c.owned = self.owned[:]
        c.spent = self.spent[:]
        c.symbols = self.symbols[:]
        c.card_vp = self.card_vp[:]
        c.gods = self.gods[:]
        c.col12 = self.col12
        c.tops = self.tops[:]
        c.rests = self.rests[:]
        c.vases = self.vases[:]
        c.white = self.white
        c.white_holder = self.white_holder
        c.white_used_round = self.white_used_round
        c.round = self.round
        c.pegasus = self.pegasus
        c.turn_index = self.turn_index
        c.actor = self.actor
        c.used_card = self.used_card
        c.end_triggered = self.end_triggered
        c.eligible = self.eligible
        c.pending_advance = self.pending_advance
        c.pending_roll = self.pending_roll
        c.reveal_deck = self.reveal_deck
        c.rest_cubes = self.rest_cubes
        c.rest_god = self.rest_god
        c.phase = self.phase
        c.setup_step = self.setup_step
        c.cp = self.cp
        return c

    # ------------------------------------------------------------------ engine protocol

    @property
    def num_participants(self) -> int:
        return self.n

    def participant_names(self) -> list[str]:
        names = [f"Player {i + 1}" for i in range(self.num_players)]
        return [*names, "Hades"] if self.solo else names

    def current_player(self) -> int:
        return self.cp

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        g = self.g
        if phase in (ROLL, DICE, HADES_WHITE, SETUP_WHITE):
            who_, slots = self.pending_roll
            return g.roll_outcomes(who_, slots)
        if phase in (SETUP_REVEAL, REVEAL):
            deck = self.setup_step if phase == SETUP_REVEAL else self.reveal_deck
            rest = self.rests[deck]
            p = 1.0 / len(rest)
            return [(g.reveal_action(c), p) for c in rest]
        if phase == SETUP_GOD:
            remaining = [c for c in self.cat.gods if c not in self.gods]
            p = 1.0 / len(remaining)
            column = self.setup_step
            return [(g.place_god_action(column, c), p) for c in remaining]
        if phase == SETUP_START:
            p = 1.0 / self.num_players
            return [(ChooseStartPlayer(i), p) for i in range(self.num_players)]
        raise RuntimeError(f"no chance node in phase {NAMES[phase]}")

    def sample_chance(self, rng: Rng) -> Action:
        # Every chance node here is uniform, so skip the weights.
        phase = self.phase
        if phase in (ROLL, DICE, HADES_WHITE, SETUP_WHITE):
            who_, slots = self.pending_roll
            rolls = self.g.roll_outcomes(who_, slots)
            return rolls[rng.randbelow(len(rolls))][0]
        if phase == REVEAL:
            rest = self.rests[self.reveal_deck]
            return self.g.reveal_action(rest[rng.randbelow(len(rest))])
        outcomes = self.chance_outcomes()
        return outcomes[rng.randbelow(len(outcomes))][0]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == CHOOSE:
            return [self.g.take_actions[d] for d in self.eligible]
        if phase == RESTING:
            return self._rest_actions()
        return []

    def _why_illegal(self, action: Action) -> IllegalAction:
        from hellenika.games.hercules.illegal import explain

        return explain(self, action)

    def _twin(self, action: Action) -> Action | None:
        from hellenika.games.hercules.twins import twin_of

        return twin_of(self, action)

    def label(self, action: Action) -> str:
        from hellenika.games.hercules.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.hercules.view import build_view

        return build_view(self, seat)

    # ------------------------------------------------------------------ legal actions

    def _die(self, participant: int, slot: int) -> int:
        return self.white if slot == WHITE_SLOT else self.dice[participant][slot]

    def _slots(self) -> tuple[int, ...]:
        return (0, 1, WHITE_SLOT) if self.white_holder == self.actor else (0, 1)

    def _turn_actions(self) -> list[Action]:
        g = self.g
        p = self.actor
        cubes = self.cubes[p]
        a, b = self.dice[p]
        labours = g.labour_actions
        out: list[Action] = []
        if self.white_holder == p:
            w = self.white
            seen: set[tuple[int, str, int, int]] = set()
            for sa, sb, va, vb in ((0, 1, a, b), (0, 2, a, w), (1, 2, b, w)):
                lo_hi = (va, vb) if va <= vb else (vb, va)
                for op, r in RESULTS[va, vb]:
                    if cubes >> r & 1:
                        key = (r, op, *lo_hi)
                        if key not in seen:
                            seen.add(key)
                            out.append(labours[sa, sb, op])
        else:
            for op, r in RESULTS[a, b]:
                if cubes >> r & 1:
                    out.append(labours[0, 1, op])
        self._ability_actions(out)
        out.append(g.end_turn if self.used_card else g.rest)
        return out

    def _ability_actions(self, out: list[Action]) -> None:
        p = self.actor
        spent = self.spent[p]
        g = self.g
        use_kind = g.use_kind
        equivalence = g.equivalence
        uses = g.use_table
        has_cube = self.supply[p] > 0
        simplified = self.simplified
        seen = 0
        for c in self.owned[p]:
            kind = use_kind[c]
            if not kind or spent >> c & 1:
                continue
            if kind == USE_DEMIGOD:
                if not has_cube:
                    continue
            elif simplified:
                continue
            e = equivalence[c]
            if seen >> e & 1:
                continue
            seen |= 1 << e
            table = uses[c]
            for target in self._targets(g.ability[c]):
                out.append(table[target])

    def _targets(self, ability: str) -> list[int]:
        p = self.actor
        slots = self._slots()
        if ability == "PLUS1":
            return [s for s in slots if self._die(p, s) < 6]
        if ability == "MINUS1":
            return [s for s in slots if self._die(p, s) > 1]
        if ability == "FLIP":
            return list(slots)
        if ability == "WHITE":
            return [0]
        if ability == "REROLL":
            return [1, 2, 3, 4, 5, 6, 7] if len(slots) == 3 else [1, 2, 3]
        if ability == "COPY":
            targets = []
            seen = {self.dice[p]}
            for t in range(self.n):
                if t == p:
                    continue
                copied = self._copy_values(t)
                if copied not in seen:
                    seen.add(copied)
                    targets.append(t)
            return targets
        return []

    def _copy_values(self, target: int) -> tuple[int, int]:
        """The two faces COPY gives: the target's coloured dice; Hades' die and the white die in solo."""
        if self.solo and target == HADES:
            return (self.dice[HADES][0], self.white)
        a, b = self.dice[target]
        return (a, b)

    def _rest_actions(self) -> list[Action]:
        p = self.actor
        g = self.g
        out: list[Action] = []
        spent = self.spent[p]
        if self.rest_cubes < MAX_REST_CUBES and spent & g.demigod_mask:
            equivalence = g.equivalence
            seen = 0
            for c in self.owned[p]:
                if spent >> c & 1 and g.demigod_mask >> c & 1:
                    e = equivalence[c]
                    if not seen >> e & 1:
                        seen |= 1 << e
                        out.append(g.release_action(c))
        if not self.rest_god and not self.simplified and spent & g.god_mask:
            for c in self.owned[p]:
                if spent >> c & 1 and g.god_mask >> c & 1:
                    out.append(g.refresh_action(c))
        out.append(g.finish_rest)
        return out

    # ------------------------------------------------------------------ applying actions

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is PerformLabour:
            self._do_labour(action)  # type: ignore[arg-type]
        elif kind is Roll:
            self._do_roll(action)  # type: ignore[arg-type]
        elif kind is UseAbility:
            self._do_ability(action)  # type: ignore[arg-type]
        elif kind is RevealDemigod:
            self._do_reveal(action)  # type: ignore[arg-type]
        elif kind is TakeDemigod:
            deck = self.g.deck_index[action.deck]  # type: ignore[attr-defined]
            self._take_demigod(self.actor, deck)
            self._finish_labour(self.pending_advance)
        elif kind is Rest:
            if self._events is not None:
                self._log(f"{who(self.actor)} rested")
            self.phase = RESTING
            self.rest_cubes = 0
            self.rest_god = False
            self._maybe_finish_rest()
        elif kind is TakeBackCube:
            c = self.cat.by_id[action.card]  # type: ignore[attr-defined]
            p = self.actor
            self.spent[p] &= ~(1 << c)
            self.supply[p] += 1
            self.rest_cubes += 1
            if self._events is not None:
                self._log(f"{who(p)} took the cube back from {self.cat.cards[c].describe()}")
            self._maybe_finish_rest()
        elif kind is RefreshGod:
            c = self.cat.by_id[action.card]  # type: ignore[attr-defined]
            self.spent[self.actor] &= ~(1 << c)
            self.rest_god = True
            if self._events is not None:
                self._log(f"{who(self.actor)} turned {self.cat.cards[c].name} face up again")
            self._maybe_finish_rest()
        elif kind is FinishRest:
            self._end_turn()
        elif kind is EndTurn:
            if self._events is not None:
                self._log(f"{who(self.actor)} ended the turn without a Labour")
            self._end_turn()
        elif kind is PlaceGod:
            c = self.cat.by_id[action.card]  # type: ignore[attr-defined]
            self.gods[self.setup_step] = c
            if self._events is not None:
                self._log(f"{self.cat.cards[c].name} is laid above column {self.setup_step}")
            self.setup_step += 1
            if self.setup_step > 11:
                self._after_god_layout()
        elif kind is ChooseStartPlayer:
            self.pegasus = action.seat  # type: ignore[attr-defined]
            if self._events is not None:
                self._log(f"{who(self.pegasus)} took Pegasus and will start the game")
            self._start_round()
        else:  # pragma: no cover - the engine checked the type
            raise TypeError(action)

    def _log(self, text: str, actor: int | None = None) -> None:
        if self._events is not None:
            self._emit(text, self.actor if actor is None else actor)

    # setup ----------------------------------------------------------------

    def _do_reveal(self, action: RevealDemigod) -> None:
        c = self.cat.by_id[action.card]
        deck = self.cat.cards[c].deck
        rest = list(self.rests[deck])
        rest.remove(c)
        self.rests[deck] = tuple(rest)
        self.tops[deck] = c
        if self.phase == SETUP_REVEAL:
            if self._events is not None:
                self._log(
                    f"{self.cat.cards[c].describe()} lies on top of the {self.cat.decks[deck].name} stack"
                )
            self.setup_step += 1
            while self.setup_step < len(self.tops) and not self.rests[self.setup_step]:
                self.setup_step += 1
            if self.setup_step >= len(self.tops):
                self.phase = SETUP_GOD
                self.setup_step = 1
        else:
            if self._events is not None:
                self._log(f"{self.cat.cards[c].describe()} is now on top of {self.cat.decks[deck].name}")
            self.reveal_deck = -1
            self._end_turn()

    def _after_god_layout(self) -> None:
        if self.solo:
            self.pegasus = 0
            self.phase = SETUP_WHITE
            self.pending_roll = (HADES, (WHITE_SLOT,))
            self.cp = CHANCE
        else:
            self.phase = SETUP_START
            self.cp = CHANCE

    # rounds and turns -------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.white_used_round = False
        self.turn_index = 0
        self.phase = ROLL
        self.pending_roll = (0, (0, 1))
        self.cp = CHANCE
        if self._events is not None:
            self._log(f"Round {self.round} (Pegasus: {who(self.pegasus)})", self.pegasus)

    def _do_roll(self, action: Roll) -> None:
        p = action.participant
        values = action.values
        dice = list(self.dice[p])
        for slot, value in zip(action.dice, values, strict=True):
            if slot == WHITE_SLOT:
                self.white = value
            else:
                dice[slot] = value
        self.dice[p] = tuple(dice)
        phase = self.phase
        if self._events is not None:
            faces = " and ".join(str(v) for v in values)
            if phase == ROLL:
                text = f"{who(p)} rolled {faces}"
            elif action.dice == (WHITE_SLOT,):
                text = f"{who(p)} rolled the white die: {faces}"
            else:
                named = ["the white die" if d == WHITE_SLOT else f"die {d + 1}" for d in action.dice]
                dice_names = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
                text = f"{who(p)} re-rolled {dice_names}: {faces}"
            self._emit(text, p)
        if phase == ROLL:
            nxt = p + 1
            if nxt < self.n:
                self.pending_roll = (nxt, (0,) if self.solo and nxt == HADES else (0, 1))
            else:
                self.actor = self.pegasus
                self._begin_turn()
        elif phase == DICE:
            self.phase = TURN
            self.cp = self.actor
            self._end_if_stuck()
        elif phase == HADES_WHITE:
            hades.act(self)
        elif phase == SETUP_WHITE:
            self._start_round()

    def _begin_turn(self) -> None:
        self.used_card = False
        if self.solo and self.actor == HADES:
            hades.begin_turn(self)
        else:
            self.phase = TURN
            self.cp = self.actor

    def _end_turn(self) -> None:
        if self.reveal_deck >= 0:
            self.phase = REVEAL
            self.cp = CHANCE
            return
        self.white_holder = -1
        if self.solo and self.cubes[HADES] == 0 and not self.end_triggered:
            self.end_triggered = True
            if self._events is not None:
                self._log("Hades has taken all twelve of his cubes: this is the last round", HADES)
        self.turn_index += 1
        if self.turn_index >= self.n:
            if self.end_triggered:
                self.phase = OVER
                self.cp = TERMINAL
                if self._events is not None:
                    self._log("The game is over")
                return
            self.pegasus = (self.pegasus + 1) % self.n
            self._start_round()
        else:
            self.actor = (self.pegasus + self.turn_index) % self.n
            self._begin_turn()

    # the turn's decisions ----------------------------------------------------

    def _do_ability(self, action: UseAbility) -> None:
        p = self.actor
        c = self.g.card_index[action.card]
        card = self.cat.cards[c]
        self.spent[p] |= 1 << c
        if card.kind == DEMIGOD:
            self.supply[p] -= 1
        self.used_card = True
        ability = card.ability
        target = action.target
        log = self._events is not None
        if ability in ("PLUS1", "MINUS1", "FLIP"):
            old = self._die(p, target)
            new = old + 1 if ability == "PLUS1" else old - 1 if ability == "MINUS1" else 7 - old
            self._set_die(p, target, new)
            if log:
                self._emit(f"{who(p)} used {card.describe()}: die {target + 1} {old} -> {new}", p)
            self._end_if_stuck()
        elif ability == "COPY":
            self.dice[p] = self._copy_values(target)
            if log:
                self._emit(f"{who(p)} used {card.describe()}: copied {who(target)}'s dice {self.dice[p]}", p)
            self._end_if_stuck()
        elif ability == "WHITE":
            self.white_holder = p
            if self.solo:
                self.white_used_round = True
            if log:
                self._emit(f"{who(p)} used {card.describe()}: took the white die", p)
            self._await_roll(p, (WHITE_SLOT,))
        elif ability == "REROLL":
            slots = tuple(s for s in (0, 1, WHITE_SLOT) if target >> s & 1)
            if log:
                self._emit(f"{who(p)} used {card.describe()}", p)
            self._await_roll(p, slots)

    def _end_if_stuck(self) -> None:
        """After using cards with no Labour and no usable card left, the turn ends (rulebook, Important 2)."""
        if not self._has_labour() and len(self._turn_actions()) == 1:
            if self._events is not None:
                self._log(f"No Labour or card left for {who(self.actor)}: the turn ends")
            self._end_turn()

    def _has_labour(self) -> bool:
        """Whether any Labour is possible now (a quick check before listing everything)."""
        p = self.actor
        cubes = self.cubes[p]
        a, b = self.dice[p]
        pairs = ((a, b), (a, self.white), (b, self.white)) if self.white_holder == p else ((a, b),)
        return any(cubes >> r & 1 for pair in pairs for _, r in RESULTS[pair])

    def _set_die(self, p: int, slot: int, value: int) -> None:
        if slot == WHITE_SLOT:
            self.white = value
        else:
            dice = list(self.dice[p])
            dice[slot] = value
            self.dice[p] = tuple(dice)

    def _await_roll(self, p: int, slots: tuple[int, ...]) -> None:
        self.phase = DICE
        self.pending_roll = (p, slots)
        self.cp = CHANCE

    def _do_labour(self, action: PerformLabour) -> None:
        p = self.actor
        va = self._die(p, action.die_a)
        vb = self._die(p, action.die_b)
        result = combine(va, vb, action.op)
        if result is None:  # only reachable through apply_unchecked with an illegal action
            raise IllegalAction("hercules §4.3", f"{va} {action.op} {vb} is not a Labour")
        self.cubes[p] &= ~(1 << result)
        self.supply[p] += 1
        old = self.pos[p]
        new = slide(self.cubes[p], old)
        self.pos[p] = new
        advanced = new - old
        if self._events is not None:
            hi, lo = (va, vb) if va >= vb else (vb, va)
            moved = f", Apprentice {old} -> {new}" if advanced else ""
            self._emit(f"{who(p)} performed Labour {result} ({hi} {action.op} {lo}){moved}", p)
        tops = self.tops
        eligible = []
        op_deck = self.g.deck_of_operation[action.op]
        if tops[op_deck] >= 0:
            eligible.append(op_deck)
        cards = self.cat.cards
        for deck in (DECK_TYCHE, DECK_MORPHEUS):
            top = tops[deck]
            if top >= 0 and cards[top].number in (va, vb):
                eligible.append(deck)
        if len(eligible) > 1:
            self.eligible = tuple(eligible)
            self.pending_advance = advanced
            self.phase = CHOOSE
            return
        if eligible:
            self._take_demigod(p, eligible[0])
        self._finish_labour(advanced)

    def _take_demigod(self, p: int, deck: int) -> None:
        c = self.tops[deck]
        self.tops[deck] = -1
        if self.rests[deck]:
            self.reveal_deck = deck
        self.eligible = ()
        self._gain(p, c)

    def _gain(self, p: int, c: int) -> None:
        card = self.cat.cards[c]
        # Kept in catalogue order, so identical cards are always offered lowest id first.
        self.owned[p] = tuple(sorted((*self.owned[p], c)))
        if card.vp:
            self.card_vp[p] += card.vp
        if card.kind in (DEMIGOD, GOD):
            a = self.symbols[p]
            b = card.symbols
            self.symbols[p] = (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])
        if self._events is not None:
            self._log(f"{who(p)} took {card.describe()}", p)

    def _finish_labour(self, advanced: int) -> None:
        """Vase, God and column-12 rewards (spec §4.6 b-d), then the end of the turn."""
        p = self.actor
        if advanced >= VASE_MIN:
            self._take_vase(p, advanced)
        pos = self.pos[p]
        if advanced >= 1:
            if pos <= 11:
                god = self.gods[pos]
                if god >= 0:
                    self.gods[pos] = -1
                    self._gain(p, god)
            elif pos == 12:
                self._reach_column_12(p)
        self._end_turn()

    def _take_vase(self, p: int, advanced: int) -> None:
        for spaces in range(min(advanced, VASE_MAX), VASE_MIN - 1, -1):
            stack = self.vases[spaces - VASE_MIN]
            if stack:
                self.vases[spaces - VASE_MIN] = stack[1:]
                self._gain(p, stack[0])
                return

    def _reach_column_12(self, p: int) -> None:
        if self.col12:
            top = self.col12[0]
            self.col12 = self.col12[1:]
            self._gain(p, top)
        if not self.end_triggered:
            self.end_triggered = True
            if self._events is not None:
                self._log(f"{who(p)} reached column 12: this is the last round", p)

    def _maybe_finish_rest(self) -> None:
        """End the Rest by itself once nothing is left to take back or turn up (only "done" would remain)."""
        spent = self.spent[self.actor]
        g = self.g
        if (self.rest_cubes < MAX_REST_CUBES and spent & g.demigod_mask) or (
            not self.rest_god and not self.simplified and spent & g.god_mask
        ):
            return
        self._end_turn()

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        return scoring.totals(self.card_vp, self.symbols, self.supply)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.breakdown(self.card_vp, self.symbols, self.supply)

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        """Score, then Apprentice column, majorities won, cubes in supply (spec §5 tie-breaks)."""
        totals = self.scores()
        majorities = scoring.majorities_won(self.symbols)
        return (totals[participant], self.pos[participant], majorities[participant], self.supply[participant])

    def ranking(self) -> list[int]:
        totals = self.scores()
        majorities = scoring.majorities_won(self.symbols)
        keys = [(totals[p], self.pos[p], majorities[p], self.supply[p]) for p in range(self.n)]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    # ------------------------------------------------------------------ serialisation

    def _state_json(self) -> dict[str, Any]:
        ids = self.cat.cards
        return {
            "phase": self.phase,
            "setup_step": self.setup_step,
            "round": self.round,
            "pegasus": self.pegasus,
            "turn_index": self.turn_index,
            "actor": self.actor,
            "used_card": self.used_card,
            "end_triggered": self.end_triggered,
            "cubes": list(self.cubes),
            "pos": list(self.pos),
            "supply": list(self.supply),
            "dice": [list(d) for d in self.dice],
            "white": self.white,
            "white_holder": self.white_holder,
            "white_used_round": self.white_used_round,
            "owned": [[ids[c].id for c in cards] for cards in self.owned],
            "spent": [
                [ids[c].id for c in cards if self.spent[p] >> c & 1] for p, cards in enumerate(self.owned)
            ],
            "gods": [ids[c].id if c >= 0 else None for c in self.gods],
            "column12": [ids[c].id for c in self.col12],
            "tops": [ids[c].id if c >= 0 else None for c in self.tops],
            "rests": [[ids[c].id for c in rest] for rest in self.rests],
            "vases": [[ids[c].id for c in stack] for stack in self.vases],
            "eligible": list(self.eligible),
            "pending_advance": self.pending_advance,
            "pending_roll": [self.pending_roll[0], list(self.pending_roll[1])],
            "reveal_deck": self.reveal_deck,
            "rest_cubes": self.rest_cubes,
            "rest_god": self.rest_god,
            "cp": self.cp,
        }

    @classmethod
    def from_json(
        cls, game: HerculesGame, players: int, options: dict[str, Any], data: Any, log: bool
    ) -> HerculesState:
        s = cls.new(game, players, options, log)
        by_id = s.cat.by_id

        def idx(card_id: str | None) -> int:
            return -1 if card_id is None else by_id[card_id]

        for name in (
            "phase",
            "setup_step",
            "round",
            "pegasus",
            "turn_index",
            "actor",
            "used_card",
            "end_triggered",
            "white",
            "white_holder",
            "white_used_round",
            "pending_advance",
            "reveal_deck",
            "rest_cubes",
            "rest_god",
            "cp",
        ):
            setattr(s, name, data[name])
        s.cubes = list(data["cubes"])
        s.pos = list(data["pos"])
        s.supply = list(data["supply"])
        s.dice = [tuple(d) for d in data["dice"]]
        s.owned = [tuple(sorted(by_id[c] for c in cards)) for cards in data["owned"]]
        s.spent = [sum(1 << by_id[c] for c in cards) for cards in data["spent"]]
        s.gods = [idx(c) for c in data["gods"]]
        s.col12 = tuple(by_id[c] for c in data["column12"])
        s.tops = [idx(c) for c in data["tops"]]
        s.rests = [tuple(by_id[c] for c in rest) for rest in data["rests"]]
        s.vases = [tuple(by_id[c] for c in stack) for stack in data["vases"]]
        s.eligible = tuple(data["eligible"])
        s.pending_roll = (data["pending_roll"][0], tuple(data["pending_roll"][1]))
        cards = s.cat.cards
        s.card_vp = [sum(cards[c].vp for c in owned) for owned in s.owned]
        s.symbols = []
        for owned in s.owned:
            counts = [sum(cards[c].symbols[t] for c in owned) for t in range(5)]
            s.symbols.append((counts[0], counts[1], counts[2], counts[3], counts[4]))
        return s
