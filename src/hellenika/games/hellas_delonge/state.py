"""The Hellas game state: its fields, the engine protocol, results and serialisation.

The rules themselves live in mixins named for what they hold: :mod:`setup` (spec §3), :mod:`turn` (§4, §4.1,
§7, §9), :mod:`voyage` (§5), :mod:`attack` (§6) and :mod:`godcards` (§8); the fields they share are typed
once in :mod:`fields`. This module wires them to the engine: whose decision it is, the legal actions (cached
per node), chance outcomes, applying, cloning, JSON.

Layout, chosen for the hot path of bots:
- the map is an immutable :class:`~hellenika.games.hellas_delonge.hexmap.Board` shared by clones and replaced
  when a tile is laid; Greeks and ships are two short lists indexed by slot; cities owned are one bitmask per
  player;
- hands are tuples of counts per card type (20 types), replaced when they change, so clones share them;
- the tile stack is split by what is known about it: ``top`` (tiles someone has seen with the Oracle),
  ``pool`` (a bitmask of the face-down, unknown middle, from which draws are chance nodes), ``bottom`` (tiles
  put under the stack after a failed voyage, face down but seen by both, in order). No hidden order is stored
  where nobody knows one, so a draw is one chance node over what is left.

A decision that is no choice is taken by the engine itself (it is not in the history; replay re-derives it).
Whether it is a choice is decided on public facts only, so being asked, or not, tells the other seat nothing
(:meth:`HellasState._asked`, :mod:`phases`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.attack import AttackMixin
from hellenika.games.hellas_delonge.components import GREEKS_PER_PLAYER, SHIPS_PER_PLAYER
from hellenika.games.hellas_delonge.godcards import CardMixin
from hellenika.games.hellas_delonge.hexmap import ZERO_SLOTS, Board
from hellenika.games.hellas_delonge.phases import ASK, SKIP
from hellenika.games.hellas_delonge.setup import SetupMixin
from hellenika.games.hellas_delonge.turn import TurnMixin
from hellenika.games.hellas_delonge.voyage import VoyageMixin

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.game import HellasGame


class HellasState(SetupMixin, TurnMixin, VoyageMixin, AttackMixin, CardMixin):
    __slots__ = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: HellasGame, players: int, options: dict[str, Any], log: bool) -> HellasState:
        s = cls.__new__(cls)
        s._init_base(game, players, options, log)
        s.g = game
        s.cat = cat = game.catalogue
        s.stall_limit = options["stall"]
        s._widened = None
        s._rg_masks = None
        s.board = Board.initial()
        s.greeks = list(ZERO_SLOTS)
        s.ships = list(ZERO_SLOTS)
        s.owned = [0, 0]
        s.gsup = [GREEKS_PER_PLAYER, GREEKS_PER_PLAYER]
        s.ssup = [SHIPS_PER_PLAYER, SHIPS_PER_PLAYER]
        empty = (0,) * len(cat.cards)
        s.hand = [empty, empty]
        s.fresh = [empty, empty]
        s.known = [empty, empty]
        s.pile = cat.full_deck()
        s.discards = empty
        s.pool = cat.all_tiles_mask
        s.top = ()
        s.top_seen = ()
        s.top_order = -1
        s.bottom = ()
        s.aside = 0
        s.drawn = ()
        s.phase = ph.C_DEAL
        s.cp = CHANCE
        s.active = 0
        s.turn = 0
        s.setup_count = 0
        s.deal_step = 0
        s.burst_left = 0
        s.da_stage = 0
        s.draw_god = -1
        s.rg_dest = -1
        s.rg_gave_g = s.rg_recv_g = s.rg_gave_s = s.rg_recv_s = 0
        s.rg_then = ph.END
        s.v_tile = -1
        s.v_site = -1
        s.v_rot = 0
        s.v_adj = 0
        s.v_winds = False
        s.v_free = False
        s.v_need = 0
        s.target = -1
        s.sources = ()
        s.commits = ()
        s.fm_city = -1
        s.fm_used = False
        s.nat_sea = False
        s.fury = 0
        s.firm = 0
        s.beach = False
        s.rocky = False
        s.cw_next = 0
        s.cw_passes = 0
        s.tired = ZERO_SLOTS
        s.retreat_left = 0
        s.def_ships = 0
        s.chain = ()
        s.chain_then = ph.MAIN
        s.effect_left = 0
        s.effect_then = ph.MAIN
        s.discarder = -1
        s.oracle_done = ()
        s.end_mode = 0
        s.voy_ok = False
        s.atk_ok = False
        s.migrated = False
        s.last_change = 0
        s.last_record = 0
        s.best_cities = (0, 0)
        s.winner = -1
        s.reason = ""
        s._legal = None
        return s

    def clone(self, *, log: bool = False) -> HellasState:
        c = HellasState.__new__(HellasState)
        self._copy_base_into(c, log)
        c.g = self.g
        c.cat = self.cat
        c.stall_limit = self.stall_limit
        c._widened = None
        c._rg_masks = self._rg_masks
        c.board = self.board
        c.pile = self.pile
        c.discards = self.discards
        c.pool = self.pool
        c.top = self.top
        c.top_seen = self.top_seen
        c.top_order = self.top_order
        c.bottom = self.bottom
        c.aside = self.aside
        c.drawn = self.drawn
        c.phase = self.phase
        c.cp = self.cp
        c.active = self.active
        c.turn = self.turn
        c.setup_count = self.setup_count
        c.deal_step = self.deal_step
        c.burst_left = self.burst_left
        c.da_stage = self.da_stage
        c.draw_god = self.draw_god
        c.rg_dest = self.rg_dest
        c.rg_gave_g = self.rg_gave_g
        c.rg_recv_g = self.rg_recv_g
        c.rg_gave_s = self.rg_gave_s
        c.rg_recv_s = self.rg_recv_s
        c.rg_then = self.rg_then
        c.v_tile = self.v_tile
        c.v_site = self.v_site
        c.v_rot = self.v_rot
        c.v_adj = self.v_adj
        c.v_winds = self.v_winds
        c.v_free = self.v_free
        c.v_need = self.v_need
        c.target = self.target
        c.sources = self.sources
        c.commits = self.commits
        c.fm_city = self.fm_city
        c.fm_used = self.fm_used
        c.nat_sea = self.nat_sea
        c.fury = self.fury
        c.firm = self.firm
        c.beach = self.beach
        c.rocky = self.rocky
        c.cw_next = self.cw_next
        c.cw_passes = self.cw_passes
        c.tired = self.tired
        c.retreat_left = self.retreat_left
        c.def_ships = self.def_ships
        c.chain = self.chain
        c.chain_then = self.chain_then
        c.effect_left = self.effect_left
        c.effect_then = self.effect_then
        c.discarder = self.discarder
        c.oracle_done = self.oracle_done
        c.end_mode = self.end_mode
        c.voy_ok = self.voy_ok
        c.atk_ok = self.atk_ok
        c.migrated = self.migrated
        c.last_change = self.last_change
        c.last_record = self.last_record
        c.best_cities = self.best_cities
        c.winner = self.winner
        c.reason = self.reason
        c._legal = self._legal
        c.greeks = self.greeks[:]
        c.ships = self.ships[:]
        c.owned = self.owned[:]
        c.gsup = self.gsup[:]
        c.ssup = self.ssup[:]
        c.hand = self.hand[:]
        c.fresh = self.fresh[:]
        c.known = self.known[:]
        return c

    # ------------------------------------------------------------------ engine protocol

    def current_player(self) -> int:
        return self.cp

    def turn_key(self) -> int:
        """The active player's turn, counted from the start."""
        return self.turn

    def turn_owner(self) -> int:
        """The active player: a reaction of the other (a card played in the active player's turn) is a
        decision within the active player's turn."""
        return self.active if self.cp >= 0 else self.cp

    def participant_names(self) -> list[str]:
        return ["Light", "Dark"]

    def legal_actions(self) -> list[Action]:
        """The engine's, with the cached list first (the hot path of bots): ``_legal`` is set only at a
        decision, so a chance node or the end of the game finds it None."""
        legal = self._legal
        if legal is not None:
            return legal
        return super().legal_actions()

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        handler = _LEGAL.get(self.phase)
        return handler(self) if handler is not None else []

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        g = self.g
        if phase in (ph.C_DEAL, ph.C_DRAW_CARD):
            counts = self._deck_counts(self._draw_god_now())
            return _weighted([(g.card_drawn[t], n) for t, n in counts])
        if phase == ph.C_STEAL:
            victim = 1 - self.active
            hand, fresh = self.hand[victim], self.fresh[victim]
            return _weighted(
                [(g.card_stolen[t], hand[t] + fresh[t]) for t in range(len(hand)) if hand[t] + fresh[t]]
            )
        if phase in (ph.C_SETUP_TILE, ph.C_TILE):
            return [(g.tile_drawn[t], p) for t, p in self._tile_outcomes()]
        if phase == ph.C_PEEK:
            return [(g.tile_peeked[t], p) for t, p in self._tile_outcomes(peek=True)]
        raise RuntimeError(f"no chance node in phase {ph.NAMES[phase]}")

    def sample_chance(self, rng: Rng) -> Action:
        phase = self.phase
        g = self.g
        if phase in (ph.C_SETUP_TILE, ph.C_TILE, ph.C_PEEK):
            tile = self._sample_tile(rng, peek=phase == ph.C_PEEK)
            return g.tile_peeked[tile] if phase == ph.C_PEEK else g.tile_drawn[tile]
        if phase in (ph.C_DEAL, ph.C_DRAW_CARD):
            # As _deck_counts: the god's card types in order, each as likely as it has cards in the pile.
            god = self.cat.god_ranges[self._draw_god_now()]
            pile = self.pile
            pick = rng.randbelow(sum(pile[god.start : god.stop]))
            for t in god:
                n = pile[t]
                if pick < n:
                    return g.card_drawn[t]
                pick -= n
        outcomes = self.chance_outcomes()
        return outcomes[rng.weighted_index([p for _, p in outcomes])][0]

    def apply_unchecked(self, action: Action) -> None:
        """The engine's, with :meth:`_auto` written out (the hot path of bots: two calls less an action)."""
        self._hist = (action, self._hist)
        self._nhist += 1
        self._legal = None
        handlers = _HANDLERS
        handlers[type(action)](self, action)
        legal_of = _LEGAL_BY_PHASE
        single = ph.SINGLE_OPTION
        while self.cp >= 0:
            phase = self.phase
            legal = legal_of[phase](self)
            if len(legal) != 1:
                self._legal = legal
                return
            # _asked, with its two rules that need nothing but the phase written out.
            rule = single[phase]
            if rule == ASK or (rule != SKIP and self._asked(legal)):
                self._legal = legal
                return
            only = legal[0]
            handlers[type(only)](self, only)

    def _auto(self, action: Action | None = None) -> None:
        """Apply ``action``, if any, then take every decision that is no choice (:meth:`_asked`), up to the
        next one that is. The engine's ``_apply``; :meth:`apply_unchecked` repeats it for speed."""
        handlers = _HANDLERS
        if action is not None:
            self._legal = None
            handlers[type(action)](self, action)
        legal_of = _LEGAL_BY_PHASE  # every decision phase has its method
        while self.cp >= 0:
            legal = legal_of[self.phase](self)
            if len(legal) != 1 or self._asked(legal):
                self._legal = legal
                return
            only = legal[0]
            handlers[type(only)](self, only)
        self._legal = None

    _apply = _auto

    def _asked(self, legal: list[Action]) -> bool:
        """Is the decision with options ``legal`` put to the player? The one rule that decides it.

        It is taken for him only when it has a single option whatever he holds or has seen that the other
        seat has not, so that being asked, or not, depends on public facts alone
        (docs/rules/hellas_delonge.md, "Hidden information and the reaction windows"):
        - the reaction and combat windows: always (they open on public facts, :meth:`_may_react`);
        - the hand-limit discard: always (which types he holds is his secret);
        - the Oracle's order: while two tiles or more are left (whether they are alike is his secret);
        - any other decision: when it has two options or more once he is taken to hold one of every card
          type he may hold for all the other seat can tell (:meth:`_may_hold`). He who holds none of them
          is then asked a question with a single answer (draw the tile, pay the ship, end the turn...).
        """
        if len(legal) != 1:
            return True
        phase = self.phase
        rule = ph.SINGLE_OPTION[phase]  # the cases above, by phase
        if rule != ph.WIDEN:
            if rule == ph.ORACLE_RULE:
                return len(self._oracle_rest()) > 1
            # SKIP: the options do not depend on the cards, so widening them would change nothing.
            return rule == ph.ASK
        p = self.cp
        if (p == 0 and self.turn == 1) or not any(self.hand[p]):  # barred(p), or no card at all
            return False
        self._widened = self._may_hold_all(p)
        try:
            return len(_LEGAL[phase](self)) > 1
        finally:
            self._widened = None

    def _why_illegal(self, action: Action) -> IllegalAction:
        from hellenika.games.hellas_delonge.illegal import explain

        return explain(self, action)

    def _twin(self, action: Action) -> Action | None:
        from hellenika.games.hellas_delonge.twins import twin_of

        return twin_of(self, action)

    def label(self, action: Action) -> str:
        from hellenika.games.hellas_delonge.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.hellas_delonge.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> HellasState:
        from hellenika.games.hellas_delonge.hidden import determinize

        return determinize(self, seat, rng)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        """Cities owned: what the game is won with (spec §9)."""
        return [float(self.cities(0)), float(self.cities(1))]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [{"cities": float(self.cities(p))} for p in (0, 1)]

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        """The winner first; a game stopped by the stall rule: cities, then Greeks on the map (spec Q9)."""
        won = 1 if self.winner == participant else 0
        return (won, self.cities(participant), self.greeks_on_map(participant))

    # ------------------------------------------------------------------ serialisation

    def _state_json(self) -> dict[str, Any]:
        from hellenika.games.hellas_delonge.serial import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(
        cls, game: HellasGame, players: int, options: dict[str, Any], data: Any, log: bool
    ) -> HellasState:
        from hellenika.games.hellas_delonge.serial import state_from_json

        s = cls.new(game, players, options, log)
        state_from_json(s, data)
        if s.cp >= 0:
            s._legal = None
        return s


def _weighted(items: list[tuple[Action, int]]) -> list[tuple[Action, float]]:
    total = sum(n for _, n in items)
    return [(a, n / total) for a, n in items]


_HANDLERS: dict[type[Action], Any] = {}
_LEGAL: dict[int, Any] = {}  # phase -> the method listing its legal decisions (none: chance or over)
_LEGAL_BY_PHASE: list[Any] = []  # the same as a list by phase, None for the others (a quicker lookup)


def _register() -> None:
    from hellenika.games.hellas_delonge import actions as a

    st = HellasState
    _HANDLERS.update(
        {
            a.CardDrawn: st._do_card_drawn,
            a.TileDrawn: st._do_tile_drawn,
            a.CardStolen: st._do_card_stolen,
            a.TilePeeked: st._do_tile_peeked,
            a.PlaceAt: st._do_place_at,
            a.Rotate: st._do_rotate,
            a.ChooseBurst: st._do_burst,
            a.ChooseVoyage: st._do_voyage,
            a.ChooseAttack: st._do_attack,
            a.EndTurn: st._do_end_turn,
            a.Recruit: st._do_recruit,
            a.BuildShip: st._do_build,
            a.DrawCard: st._do_draw,
            a.StopBurst: st._do_stop,
            a.MoveGreek: st._do_move_greek,
            a.MoveShip: st._do_move_ship,
            a.Done: st._do_done,
            a.Explore: st._do_explore,
            a.UseTile: st._do_use_tile,
            a.GiveUp: st._do_give_up,
            a.PayShip: st._do_pay,
            a.SettleFrom: st._do_settle,
            a.Commit: st._do_commit,
            a.ForcedSource: st._do_forced,
            a.Resolve: st._do_resolve,
            a.CallOff: st._do_call_off,
            a.Retreat: st._do_retreat,
            a.Fleet: st._do_fleet,
            a.PlayCard: st._do_play,
            a.Pass: st._do_pass,
            a.LevyGreek: st._do_levy,
            a.LaunchShip: st._do_launch,
            a.OrderTile: st._do_order,
            a.Discard: st._do_discard,
        }
    )
    _LEGAL.update(
        {
            ph.MAIN: st._main_actions,
            ph.BURST: st._burst_actions,
            ph.REGROUP: st._regroup_actions,
            ph.COMBAT: st._combat_actions,
            ph.RESPOND: st._respond_actions,
            ph.END: st._end_actions,
            ph.A_COMMIT: st._commit_actions,
            ph.V_SITE: st._site_actions,
            ph.SETUP_SITE: st._site_actions,
            ph.V_TURN: st._rotation_actions,
            ph.SETUP_TURN: st._rotation_actions,
            ph.V_PREP: st._prep_actions,
            ph.V_CHOOSE: st._choose_tile_actions,
            ph.V_PAY: st._pay_actions,
            ph.V_SETTLE: st._settle_actions,
            ph.STORM: st._storm_actions,
            ph.A_FORCED: st._forced_actions,
            ph.CALLOFF: st._calloff_actions,
            ph.RETREAT_WINDOW: st._retreat_window_actions,
            ph.RETREAT: st._retreat_actions,
            ph.FLEET: st._fleet_actions,
            ph.LEVY: st._levy_actions,
            ph.LAUNCH: st._launch_actions,
            ph.ORACLE: st._oracle_actions,
            ph.DISCARD: st._discard_actions,
            ph.SECOND_ATTACK: st._second_attack_actions,
        }
    )
    _LEGAL_BY_PHASE[:] = [_LEGAL.get(phase) for phase in range(ph.OVER + 1)]


_register()
