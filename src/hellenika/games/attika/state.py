"""The Attika game state and its turn flow (spec §3-§8).

Layout, chosen for the hot path of bots and simulations:

- The map is a shared, immutable :class:`~hellenika.games.attika.board.Board` (replaced when a tile is laid).
  Sets of board hexes are int bitmasks: ``occ`` (built on), ``own[p]`` (p's buildings), ``ownadj[p]`` (spaces
  next to them: no surcharge there), ``tmask[p * types + b]`` (where p's buildings of type b stand) and
  ``comps[p]`` (p's settlements, one mask each, §5.6).
- ``red`` holds the reduction masks of ``reductions.py``, updated by each placement's six neighbours, so cost
  and connectivity are incremental: nothing is recomputed over the whole board on a placement.
- Hands, the supply and the discard pile are 4-tuples of card counts (W, M, F, H); a storage board, the
  buildings still in a player's stacks and the stack heights are tuples. Tuples and ints are shared by
  clones; :meth:`AttikaState.clone` copies a dozen short lists.

Hidden information: a player's hand (others see its size) and, for a moment, the building just drawn (§4.1:
the player looks at it; everybody sees it once built or stored). Nothing else is secret, and no order is
stored: the three normal stacks of a player hold a random split of the buildings not yet seen, so the next
building of any stack is uniform over those (weighted by copies); the supply of cards is likewise drawn
lazily from its counts. Every draw is a chance node listing those outcomes.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import who
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE
from hellenika.games.attika import costs, payment, reductions
from hellenika.games.attika.actions import (
    BuildFromStorage,
    ChooseStartPlayer,
    DrawBoardTile,
    DrawBuilding,
    DrawCard,
    EndActions,
    EndTurn,
    PayCard,
    PlaceBuilding,
    PlaceTile,
    RevealBuilding,
    RotateTile,
    SpendAmphora,
    StoreBuilding,
    TurnStartTile,
)
from hellenika.games.attika.board import FEW, Board
from hellenika.games.attika.catalogue import CARD_INDEX, MAIN_STACK
from hellenika.games.attika.fields import NONE4, STALEMATE, WIN_ALL, WIN_SHRINES
from hellenika.games.attika.flow import FlowMixin
from hellenika.games.attika.hexes import distinct_rotations, hex_code, rotated_symbols
from hellenika.games.attika.hidden import HiddenMixin
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARD,
    CARDS,
    DRAW_MODE,
    DRAWN,
    NAMES,
    NO_MODE,
    PAY,
    PLACE,
    RESUME_CARDS,
    REVEAL,
    SETUP_DEAL,
    SETUP_FIRST,
    SETUP_REVEAL,
    SETUP_ROTATION,
    SETUP_TILE,
    TILE_DRAW,
    TILE_PLACE,
    TILE_ROTATE,
)

if TYPE_CHECKING:
    from hellenika.games.attika.game import AttikaGame

__all__ = ["STALEMATE", "WIN_ALL", "WIN_SHRINES", "AttikaState"]


class AttikaState(FlowMixin, HiddenMixin):
    """An Attika game in progress: its fields are declared in :mod:`fields`, the turn's steps in :mod:`flow`
    and determinization in :mod:`hidden`; here are construction, the engine protocol, chance, the legal
    decisions and the dispatch of actions."""

    __slots__ = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(cls, game: AttikaGame, players: int, options: dict[str, Any], log: bool) -> AttikaState:
        s = cls.__new__(cls)
        s._init_base(game, players, options, log)
        cat = game.catalogue
        k = cat.constants
        s.g = game
        s.cat = cat
        s.n = players
        s.types = len(cat.buildings)
        s.settlement_rule = options["amphora_rule"] == "settlement"
        s.random_rotation = options["start_rotation"] == "random"
        s.board = Board.empty(cat.layouts[players].shrines)
        s.tiles_left = tuple(range(len(cat.tiles)))
        s.occ = 0
        s.own = [0] * players
        s.ownadj = [0] * players
        s.comps = [()] * players
        s.tmask = [0] * (players * s.types)
        s.placed = [0] * players
        s.red = [0] * reductions.size(cat.max_level, k.street_cost)
        s.hands = [NONE4] * players
        s.deck = (k.cards_per_type,) * 4
        s.discard = NONE4
        s.amph = [0] * players
        s.supply = k.amphorae
        s.storage = [(0,) * s.types] * players
        s.unseen = [cat.copies] * players
        s.stacks = [(k.main_stack, *(k.normal_stack_size,) * k.normal_stacks)] * players
        s.phase = SETUP_TILE
        s.cp = CHANCE
        s.actor = 0
        s.first = 0
        s.turn = 0
        s.mode = NO_MODE
        s.used = 0
        s.extra = 0
        s.pending = -1
        s.drawn_stack = -1
        s.expand = False
        s.pay_cell = -1
        s.pay_c = NONE4
        s.pay_g = 0
        s.paid = NONE4
        s.cards_due = 0
        s.resume = RESUME_CARDS
        s.tile = -1
        s.tile_centre = (0, 0)
        s.setup_step = 0
        s.setup_sub = 0
        s.idle = 0
        s.winner = -1
        s.win_reason = ""
        s._legal = None
        return s

    def clone(self, *, log: bool = False) -> AttikaState:
        c = AttikaState.__new__(AttikaState)
        self._copy_base_into(c, log)
        c.g = self.g
        c.cat = self.cat
        c.n = self.n
        c.types = self.types
        c.settlement_rule = self.settlement_rule
        c.random_rotation = self.random_rotation
        c.board = self.board
        c.tiles_left = self.tiles_left
        c.occ = self.occ
        c.own = self.own[:]
        c.ownadj = self.ownadj[:]
        c.comps = self.comps[:]
        c.tmask = self.tmask[:]
        c.placed = self.placed[:]
        c.red = self.red[:]
        c.hands = self.hands[:]
        c.deck = self.deck
        c.discard = self.discard
        c.amph = self.amph[:]
        c.supply = self.supply
        c.storage = self.storage[:]
        c.unseen = self.unseen[:]
        c.stacks = self.stacks[:]
        c.phase = self.phase
        c.cp = self.cp
        c.actor = self.actor
        c.first = self.first
        c.turn = self.turn
        c.mode = self.mode
        c.used = self.used
        c.extra = self.extra
        c.pending = self.pending
        c.drawn_stack = self.drawn_stack
        c.expand = self.expand
        c.pay_cell = self.pay_cell
        c.pay_c = self.pay_c
        c.pay_g = self.pay_g
        c.paid = self.paid
        c.cards_due = self.cards_due
        c.resume = self.resume
        c.tile = self.tile
        c.tile_centre = self.tile_centre
        c.setup_step = self.setup_step
        c.setup_sub = self.setup_sub
        c.idle = self.idle
        c.winner = self.winner
        c.win_reason = self.win_reason
        c._legal = self._legal
        return c

    # ------------------------------------------------------------------ engine protocol

    def current_player(self) -> int:
        return self.cp

    def turn_key(self) -> int:
        """Turns are counted from the start; a seat's turn holds all its draws, placements and payments."""
        return self.turn

    def legal_actions(self) -> list[Action]:
        """The engine's, written out for a decision (the hot path of bots)."""
        if self.cp < 0:
            return super().legal_actions()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def _why_illegal(self, action: Action) -> IllegalAction:
        from hellenika.games.attika.illegal import explain

        return explain(self, action)

    def _twin(self, action: Action) -> Action | None:
        from hellenika.games.attika.twins import twin_of

        return twin_of(self, action)

    def label(self, action: Action) -> str:
        from hellenika.games.attika.labels import label

        return label(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from hellenika.games.attika.view import build_view

        return build_view(self, seat)

    # ------------------------------------------------------------------ chance

    def _reveal_pool(self) -> tuple[int, tuple[int, ...], int]:
        """(player, building types the next building may be, how many buildings that pool holds) for the
        stack being drawn from. The pool's size follows from the stack heights: the main stack holds the
        unseen main buildings, the three others the unseen rest; in play the height was already lowered."""
        if self.phase == SETUP_REVEAL:
            p, stack, drawn = self.setup_step, self.setup_sub, 0
        else:
            p, stack, drawn = self.actor, self.drawn_stack, 1
        heights = self.stacks[p]
        if stack == MAIN_STACK:
            return p, self.cat.mains, heights[0] + drawn
        return p, self.cat.normals, heights[1] + heights[2] + heights[3] + drawn

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        g = self.g
        if phase in (SETUP_TILE, TILE_DRAW):
            left = self.tiles_left
            prob = 1.0 / len(left)
            return [(g.tile_draws[t], prob) for t in left]
        if phase == SETUP_ROTATION:
            return [(g.start_turns[k], w / 6) for k, w in self._rotation_weights()]
        if phase == SETUP_FIRST:
            return [(g.first_actions[p], 1.0 / self.n) for p in range(self.n)]
        if phase in (SETUP_REVEAL, REVEAL):
            p, pool, total = self._reveal_pool()
            unseen = self.unseen[p]
            return [(g.reveal_actions[b], unseen[b] / total) for b in pool if unseen[b]]
        if phase in (CARD, SETUP_DEAL):
            deck = self.deck
            total = deck[0] + deck[1] + deck[2] + deck[3]
            return [(g.card_draws[t], deck[t] / total) for t in range(4) if deck[t]]
        raise RuntimeError(f"no chance node in phase {NAMES[phase]}")

    def _rotation_weights(self) -> list[tuple[int, int]]:
        symbols = self.cat.tiles[self.tile].symbols
        pictures: dict[tuple[int, ...], list[int]] = {}
        for k in range(6):
            pictures.setdefault(rotated_symbols(symbols, k), []).append(k)
        return [(ks[0], len(ks)) for ks in pictures.values()]

    def sample_chance(self, rng: Rng) -> Action:
        phase = self.phase
        g = self.g
        if phase in (CARD, SETUP_DEAL):
            # The first type whose running count passes x (a loop over the four, written out).
            w, m, f, h = self.deck
            x = rng.randbelow(w + m + f + h)
            draws = g.card_draws
            if x < w:
                return draws[0]
            if x < w + m:
                return draws[1]
            return draws[2] if x < w + m + f else draws[3]
        if phase in (REVEAL, SETUP_REVEAL):
            if phase == REVEAL:  # _reveal_pool in play, written out (the building of a draw action)
                p = self.actor
                heights = self.stacks[p]
                if self.drawn_stack == MAIN_STACK:
                    pool, total = self.cat.mains, heights[0] + 1
                else:
                    pool, total = self.cat.normals, heights[1] + heights[2] + heights[3] + 1
            else:
                p, pool, total = self._reveal_pool()
            unseen = self.unseen[p]
            x = rng.randbelow(total)
            for b in pool:
                x -= unseen[b]
                if x < 0:
                    return g.reveal_actions[b]
        if phase in (SETUP_TILE, TILE_DRAW):
            left = self.tiles_left
            return g.tile_draws[left[rng.randbelow(len(left))]]
        if phase == SETUP_FIRST:
            return g.first_actions[rng.randbelow(self.n)]
        return super().sample_chance(rng)

    # ------------------------------------------------------------------ legal decisions

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        g = self.g
        if phase == ACTIONS:
            return self._action_options()
        if phase == PAY:
            key = (self.hands[self.actor], self.pay_c, self.pay_g)
            offers = g.pay_offers.get(key)
            if offers is None:
                if len(g.pay_offers) >= 65536:
                    g.pay_offers.clear()
                # One of the 16 shared lists (a subset of the four cards): the memo adds no list per entry.
                offers = g.pay_offers[key] = g.pay_lists[sum(map((1).__lshift__, payment.options(*key)))]
            return offers
        if phase in (DRAWN, PLACE):
            mask = costs.buildable(self, self.actor, self.pending)
            out: list[Action] = [g.store] if phase == DRAWN else []
            board = self.board
            if mask.bit_count() <= FEW:
                out += map(g.place_actions_by_code.__getitem__, board.few_codes_in_reading_order(mask))
            else:
                places = board.place_order
                if places is None:  # by hex code (an int hashes faster than a hex's tuple)
                    places = board.place_order = list(
                        map(g.place_actions_by_code.__getitem__, board.reading_codes)
                    )
                out += compress(places, board.in_reading_order(mask))
            return out
        if phase == TILE_PLACE:
            return g.tile_actions_at(self.board.centre_codes())
        if phase == TILE_ROTATE:
            return [g.rotate_actions[k] for k in distinct_rotations(self.cat.tiles[self.tile].symbols)]
        if phase == CARDS:
            return [g.amphora, g.pass_turn]
        return []

    def _action_options(self) -> list[Action]:
        """Phase A (spec §4.1): draw, build, an amphora for one more, or stop and take cards."""
        g = self.g
        p = self.actor
        mode = self.mode
        if mode:  # actions_left(), written out
            k = self.cat.constants
            left = (k.draws_per_turn if mode == DRAW_MODE else k.builds_per_turn) + self.extra - self.used
        else:
            left = 1
        out: list[Action] = []
        stacks = self.stacks[p]
        can_draw = mode != BUILD_MODE and any(stacks)
        if can_draw and left > 0:
            draws = g.draw_offers.get(stacks)
            if draws is None:
                draw = g.draw_actions
                draws = g.draw_offers[stacks] = [draw[k] for k in self.distinct_stacks(p)]
            out += draws
        stored = mode != DRAW_MODE and any(self.storage[p])
        if stored and left > 0:
            out += map(g.build_actions.__getitem__, costs.buildable_types(self, p))
        # "A player may use as many amphore in a turn as he wants (and has)": at any point of phase A, even
        # before the mode is chosen, while a draw or build of this turn's kind could follow. Judged on
        # public facts only (stacks, storage board), never on what the hand can pay for, so whether it is
        # offered tells nobody anything; an extra action left unused is one more card in phase B.
        if self.amph[p] and (can_draw or stored):
            out.append(g.amphora)
        out.append(g.end_actions)
        return out

    # ------------------------------------------------------------------ applying actions

    def _apply(self, action: Action) -> None:
        """The engine protocol's step, without the history: the engine calls it only from its
        ``apply_unchecked``, which this class writes out with the dispatch (the hot path of bots)."""
        hist, count = self._hist, self._nhist
        self.apply_unchecked(action)
        self._hist, self._nhist = hist, count

    def apply_unchecked(self, action: Action) -> None:
        """The engine's, with the dispatch of ``_apply`` written out (the hot path of bots)."""
        self._hist = (action, self._hist)
        self._nhist += 1
        offered = self._legal
        self._legal = None
        kind = type(action)  # the most frequent first
        if kind is DrawCard:
            self._receive_card(CARD_INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is PayCard:
            self._pay(CARD_INDEX[action.card])  # type: ignore[attr-defined]
        elif kind is RevealBuilding:
            self._reveal(self.cat.by_id[action.building])  # type: ignore[attr-defined]
        elif kind is PlaceBuilding:
            self._choose_space(self.board.where[hex_code((action.q, action.r))])  # type: ignore[attr-defined]
        elif kind is DrawBuilding:
            self._draw(action.stack)  # type: ignore[attr-defined]
        elif kind is EndActions:
            if self._events is not None:
                self._emit(f"{who(self.actor)} stopped", self.actor)
            # Stopping as the only choice (asked because the hand decided it) still counts as idle. The
            # options are those just offered, if this node's were worked out (nothing changed since).
            options = offered if offered is not None else self._action_options()
            self._start_cards(forced=len(options) == 1)
        elif kind is BuildFromStorage:
            self._take_from_storage(self.cat.by_id[action.building])  # type: ignore[attr-defined]
        elif kind is StoreBuilding:
            self._store()
        elif kind is SpendAmphora:
            self._spend_amphora()
        elif kind is EndTurn:
            self._end_turn()
        elif kind is DrawBoardTile:
            self._tile_drawn(self.cat.tile_by_id[action.tile])  # type: ignore[attr-defined]
        elif kind is PlaceTile:
            self._tile_placed((action.q, action.r))  # type: ignore[attr-defined]
        elif kind is RotateTile:
            self._lay_tile(self.tile, self.tile_centre, action.rotation)  # type: ignore[attr-defined]
            self.tile = -1
            self._resume_actions()
        elif kind is TurnStartTile:
            self._lay_start_tile(action.rotation)  # type: ignore[attr-defined]
        elif kind is ChooseStartPlayer:
            self._choose_first(action.seat)  # type: ignore[attr-defined]
        else:  # pragma: no cover - the engine checked the type
            raise TypeError(action)

    # ------------------------------------------------------------------ results

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.n)]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [{"win": 1.0 if p == self.winner else 0.0} for p in range(self.n)]

    def rank_key(self, participant: int) -> tuple[Any, ...]:
        """The winner first; the rules rank nobody else, so the others share second place (§8)."""
        return (1 if participant == self.winner else 0,)

    # ------------------------------------------------------------------ serialisation

    def _state_json(self) -> dict[str, Any]:
        from hellenika.games.attika.serialize import state_json

        return state_json(self)

    @classmethod
    def from_json(
        cls, game: AttikaGame, players: int, options: dict[str, Any], data: Any, log: bool
    ) -> AttikaState:
        from hellenika.games.attika.serialize import load_state

        return load_state(cls.new(game, players, options, log), data)
