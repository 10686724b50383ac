"""The turn flow of Hercules (spec §3-§7): the set-up's reveals and God layout, rounds and turns, the
dice, the cards' abilities, Labours and their rewards (Demigods, Vases, Gods, column 12), the Rest and the
end of the game. Hades' own turn in solo is :mod:`hades`'s. A mixin of
:class:`~hellenika.games.hercules.state.HerculesState` (see :mod:`fields`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.hercules import hades, words
from hellenika.games.hercules.actions import WHITE_SLOT, PerformLabour
from hellenika.games.hercules.arithmetic import RESULTS, combine
from hellenika.games.hercules.board import HADES, VASE_MAX, VASE_MIN, slide
from hellenika.games.hercules.cards import DEMIGOD, GOD
from hellenika.games.hercules.fields import DECK_MORPHEUS, DECK_TYCHE, MAX_REST_CUBES, HerculesFields
from hellenika.games.hercules.phases import (
    CHOOSE,
    DICE,
    HADES_WHITE,
    OVER,
    REVEAL,
    ROLL,
    SETUP_GOD,
    SETUP_REVEAL,
    SETUP_START,
    SETUP_WHITE,
    TURN,
)
from hellenika.games.hercules.words import deck_name, describe
from hellenika.i18n import Msg, Param, _m

if TYPE_CHECKING:
    from hellenika.games.hercules.actions import RevealDemigod, Roll, UseAbility


class FlowMixin(HerculesFields):
    __slots__ = ()

    def _log(self, text: Msg, actor: int | None = None) -> None:
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
                card, stack = describe(self.cat.cards[c]), deck_name(self.cat.decks[deck].name)
                self._log(_m("hercules.log.lies_on_top", card=card, deck=stack))
            self.setup_step += 1
            while self.setup_step < len(self.tops) and not self.rests[self.setup_step]:
                self.setup_step += 1
            if self.setup_step >= len(self.tops):
                self.phase = SETUP_GOD
                self.setup_step = 1
        else:
            if self._events is not None:
                card, stack = describe(self.cat.cards[c]), deck_name(self.cat.decks[deck].name)
                self._log(_m("hercules.log.now_on_top", card=card, deck=stack))
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
            self._log(_m("hercules.log.round", round=self.round, player=who(self.pegasus)), self.pegasus)

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
            faces = words.faces(values)
            if phase == ROLL:
                text = _m("hercules.log.rolled", player=who(p), faces=faces)
            elif action.dice == (WHITE_SLOT,):
                text = _m("hercules.log.rolled_white", player=who(p), faces=faces)
            else:
                named = words.and_list([words.die(d) for d in action.dice])
                text = _m("hercules.log.rerolled", player=who(p), dice=named, faces=faces)
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
                self._log(_m("hercules.log.hades_last_round"), HADES)
        self.turn_index += 1
        if self.turn_index >= self.n:
            if self.end_triggered:
                self.phase = OVER
                self.cp = TERMINAL
                if self._events is not None:
                    self._log(_m("hercules.log.game_over"))
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
                args: dict[str, Param] = {"player": who(p), "card": describe(card), "die": target + 1}
                args |= {"old": old, "new": new}
                self._emit(_m("hercules.log.used_on_die", **args), p)
            self._end_if_stuck()
        elif ability == "COPY":
            self.dice[p] = self._copy_values(target)
            if log:
                copied = str(self.dice[p])
                used: dict[str, Param] = {
                    "player": who(p),
                    "card": describe(card),
                    "other": who(target),
                    "dice": copied,
                }
                self._emit(_m("hercules.log.used_copy", **used), p)
            self._end_if_stuck()
        elif ability == "WHITE":
            self.white_holder = p
            if self.solo:
                self.white_used_round = True
            if log:
                self._emit(_m("hercules.log.used_white", player=who(p), card=describe(card)), p)
            self._await_roll(p, (WHITE_SLOT,))
        elif ability == "REROLL":
            slots = tuple(s for s in (0, 1, WHITE_SLOT) if target >> s & 1)
            if log:
                self._emit(_m("hercules.log.used", player=who(p), card=describe(card)), p)
            self._await_roll(p, slots)

    def _end_if_stuck(self) -> None:
        """After using cards, a single move left is made by itself: with no Labour and no usable card the
        turn ends (rulebook, Important 2); with one Labour and no usable card that Labour is performed (a
        Labour the dice give must be carried out once a card is used)."""
        actions = self._turn_actions()
        if len(actions) != 1:
            return
        only = actions[0]
        if only is self.g.end_turn:
            if self._events is not None:
                self._log(_m("hercules.log.stuck", player=who(self.actor)))
            self._end_turn()
        elif type(only) is PerformLabour:
            self._do_labour(only)

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
            reason = _m("hercules.illegal.not_a_labour", a=va, op=action.op, b=vb)
            raise IllegalAction("hercules §4.3", reason)
        self.cubes[p] &= ~(1 << result)
        self.supply[p] += 1
        old = self.pos[p]
        new = slide(self.cubes[p], old)
        self.pos[p] = new
        advanced = new - old
        if self._events is not None:
            hi, lo = (va, vb) if va >= vb else (vb, va)
            args: dict[str, Param] = {"player": who(p), "result": result, "hi": hi, "op": action.op, "lo": lo}
            if advanced:
                self._emit(_m("hercules.log.labour_moved", **args, old=old, new=new), p)
            else:
                self._emit(_m("hercules.log.labour", **args), p)
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
            self._log(_m("hercules.log.took", player=who(p), card=describe(card)), p)

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
                self._log(_m("hercules.log.column_12", player=who(p)), p)

    def _maybe_finish_rest(self) -> None:
        """End the Rest by itself once nothing is left to take back or turn up (only "done" would remain)."""
        spent = self.spent[self.actor]
        g = self.g
        if (self.rest_cubes < MAX_REST_CUBES and spent & g.demigod_mask) or (
            not self.rest_god and not self.simplified and spent & g.god_mask
        ):
            return
        self._end_turn()
