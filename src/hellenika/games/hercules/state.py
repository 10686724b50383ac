"""The Hercules game state (spec §3-§7): construction and cloning, the engine protocol, chance, the legal
decisions, the dispatch of an action, the results and serialisation. The fields and the queries that only
read them are :mod:`fields`'s; the turn flow (set-up, rounds and turns, the dice, cards, Labours and their
rewards, the Rest) is the :mod:`flow` mixin's, and Hades' turn in solo is :mod:`hades`'s.

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
from hellenika.engine.state import CHANCE
from hellenika.games.hercules import scoring, words
from hellenika.games.hercules.actions import (
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
from hellenika.games.hercules.arithmetic import RESULTS
from hellenika.games.hercules.board import ALL_CUBES, HADES, VASE_MAX, VASE_MIN
from hellenika.games.hercules.cards import USE_DEMIGOD
from hellenika.games.hercules.fields import MAX_REST_CUBES
from hellenika.games.hercules.flow import FlowMixin
from hellenika.games.hercules.phases import (
    CHOOSE,
    DICE,
    HADES_WHITE,
    NAMES,
    RESTING,
    REVEAL,
    ROLL,
    SETUP_GOD,
    SETUP_REVEAL,
    SETUP_START,
    SETUP_WHITE,
    TURN,
)
from hellenika.games.hercules.words import SCORE_HEADINGS, describe
from hellenika.i18n import Msg, _m

if TYPE_CHECKING:
    from hellenika.games.hercules.game import HerculesGame


class HerculesState(FlowMixin):
    __slots__ = ()

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

    def turn_key(self) -> tuple[int, int]:
        """The round and the turn within it: with the Pegasus, a seat can take the last turn of a round and
        the first of the next (in solo every other turn is the seat's), two turns by one seat."""
        return (self.round, self.turn_index)

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

    def label_msg(self, action: Action) -> Msg:
        from hellenika.games.hercules.labels import label

        return label(self, action)

    def score_heading(self, category: str) -> Msg:
        return SCORE_HEADINGS.get(category) or Msg.literal(category)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.hercules.view import build_view

        return build_view(self, seat)

    # ------------------------------------------------------------------ legal actions

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
        has_labour = bool(out)
        self._ability_actions(out)
        # Rest only before any card is used; after one, the turn ends without a Labour only when the dice
        # give none ("If, AFTER you have used your Demigod and/or God cards, you do not get a result with
        # which you can perform a Labour, your turn ends"): a Labour they give must be carried out.
        if not self.used_card:
            out.append(g.rest)
        elif not has_labour:
            out.append(g.end_turn)
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
                self._log(_m("hercules.log.rested", player=who(self.actor)))
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
                self._log(_m("hercules.log.took_back", player=who(p), card=describe(self.cat.cards[c])))
            self._maybe_finish_rest()
        elif kind is RefreshGod:
            c = self.cat.by_id[action.card]  # type: ignore[attr-defined]
            self.spent[self.actor] &= ~(1 << c)
            self.rest_god = True
            if self._events is not None:
                god = words.name(self.cat.cards[c])
                self._log(_m("hercules.log.refreshed", player=who(self.actor), god=god))
            self._maybe_finish_rest()
        elif kind is FinishRest:
            self._end_turn()
        elif kind is EndTurn:
            if self._events is not None:
                self._log(_m("hercules.log.ended_turn", player=who(self.actor)))
            self._end_turn()
        elif kind is PlaceGod:
            c = self.cat.by_id[action.card]  # type: ignore[attr-defined]
            self.gods[self.setup_step] = c
            if self._events is not None:
                god = words.name(self.cat.cards[c])
                self._log(_m("hercules.log.god_laid", god=god, column=self.setup_step))
            self.setup_step += 1
            if self.setup_step > 11:
                self._after_god_layout()
        elif kind is ChooseStartPlayer:
            self.pegasus = action.seat  # type: ignore[attr-defined]
            if self._events is not None:
                self._log(_m("hercules.log.pegasus", player=who(self.pegasus)))
            self._start_round()
        else:  # pragma: no cover - the engine checked the type
            raise TypeError(action)

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
