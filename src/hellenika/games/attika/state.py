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
from math import comb
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.errors import IllegalAction
from hellenika.engine.events import plural, who
from hellenika.engine.rng import Rng
from hellenika.engine.state import CHANCE, TERMINAL, State
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
from hellenika.games.attika.board import FEW, Board, iter_bits
from hellenika.games.attika.catalogue import LANDSCAPE_NAMES, LANDSCAPES, MAIN_STACK, Catalogue, Vector
from hellenika.games.attika.hexes import Hex, distinct_rotations, format_hex, rotated_symbols
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARD,
    CARDS,
    DRAW_MODE,
    DRAWN,
    NAMES,
    NO_MODE,
    OVER,
    PAY,
    PLACE,
    RESUME_ACTION,
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

NONE4: Vector = (0, 0, 0, 0)
_REDEALS = 200  # determinize: re-deals tried before keeping the one hand known to pay
WIN_ALL, WIN_SHRINES, STALEMATE = "all buildings", "two shrines", "stalemate"


def _add(v: Vector, t: int, k: int = 1) -> Vector:
    a, b, c, d = v
    if t == 0:
        return (a + k, b, c, d)
    if t == 1:
        return (a, b + k, c, d)
    if t == 2:
        return (a, b, c + k, d)
    return (a, b, c, d + k)


def _bump(tpl: tuple[int, ...], i: int, k: int) -> tuple[int, ...]:
    lst = list(tpl)
    lst[i] += k
    return tuple(lst)


class AttikaState(State):
    __slots__ = (
        "_legal",
        "actor",
        "amph",
        "board",
        "cards_due",
        "cat",
        "comps",
        "cp",
        "deck",
        "discard",
        "drawn_stack",
        "expand",
        "extra",
        "first",
        "g",
        "hands",
        "idle",
        "mode",
        "n",
        "occ",
        "own",
        "ownadj",
        "paid",
        "pay_c",
        "pay_cell",
        "pay_g",
        "pending",
        "phase",
        "placed",
        "random_rotation",
        "red",
        "resume",
        "settlement_rule",
        "setup_step",
        "setup_sub",
        "stacks",
        "storage",
        "supply",
        "tile",
        "tile_centre",
        "tiles_left",
        "tmask",
        "turn",
        "types",
        "unseen",
        "used",
        "win_reason",
        "winner",
    )

    g: AttikaGame
    cat: Catalogue
    n: int
    types: int  # building types in the catalogue (24)
    settlement_rule: bool  # option amphora_rule=settlement (spec §10 Q3)
    random_rotation: bool  # option start_rotation=random (Q6)
    board: Board
    tiles_left: tuple[int, ...]  # board tiles still in the face-down stack (unordered)
    occ: int  # board hexes with a building (bitmask)
    own: list[int]  # per player: hexes with their buildings
    ownadj: list[int]  # per player: hexes next to their buildings (no surcharge there)
    comps: list[tuple[int, ...]]  # per player: their settlements, one hex mask each
    tmask: list[int]  # [p * types + b]: hexes with p's buildings of type b
    placed: list[int]  # per player: buildings on the board
    red: list[int]  # the reduction masks (reductions.py)
    hands: list[Vector]  # per player: cards W M F H
    deck: Vector  # the face-down supply of landscape cards
    discard: Vector  # the face-up discard pile
    amph: list[int]  # per player: amphorae
    supply: int  # amphorae in the common supply
    storage: list[tuple[int, ...]]  # per player: buildings of each type on the storage board
    unseen: list[tuple[int, ...]]  # per player: buildings of each type still in the stacks
    stacks: list[tuple[int, ...]]  # per player: heights of the main stack and stacks 1-3
    phase: int
    cp: int  # cached current_player()
    actor: int  # whose turn it is
    first: int  # the start player
    turn: int  # turns played so far
    mode: int  # NO_MODE, DRAW_MODE or BUILD_MODE
    used: int  # draws or builds taken this turn
    extra: int  # actions added by amphorae this turn
    pending: int  # the building in hand (drawn, or taken from storage), or -1
    drawn_stack: int  # the stack it was drawn from, or -1
    expand: bool  # this draw emptied a stack: a board tile follows (spec §7)
    pay_cell: int  # the hex being paid for, or -1
    pay_c: Vector  # symbols still matchable in the payment (payment.py)
    pay_g: int  # payment points still owed
    paid: Vector  # cards paid so far for this building
    cards_due: int  # landscape cards still to draw
    resume: int  # where play goes once they are drawn
    tile: int  # the board tile being laid, or -1
    tile_centre: Hex  # its chosen centre
    setup_step: int
    setup_sub: int
    idle: int  # consecutive turns in which nobody could act and no card was drawn
    winner: int  # -1 until somebody wins
    win_reason: str
    _legal: list[Action] | None  # legal decisions, computed once per node

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

    def _legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

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
            deck = self.deck
            x = rng.randbelow(deck[0] + deck[1] + deck[2] + deck[3])
            for t in range(4):
                x -= deck[t]
                if x < 0:
                    return g.card_draws[t]
        if phase in (SETUP_REVEAL, REVEAL):
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
                paycards = g.pay_actions
                offers = g.pay_offers[key] = [paycards[t] for t in payment.options(*key)]
            return offers
        if phase in (DRAWN, PLACE):
            mask = costs.buildable(self, self.actor, self.pending)
            out: list[Action] = [g.store] if phase == DRAWN else []
            board = self.board
            if mask.bit_count() <= FEW:
                out += map(g.place_actions.__getitem__, board.few_in_reading_order(mask))
            else:
                places = board.place_order
                if places is None:
                    hexes = map(board.cells.__getitem__, board.order)
                    places = board.place_order = list(map(g.place_actions.__getitem__, hexes))
                out += compress(places, board.in_reading_order(mask))
            return out
        if phase == TILE_PLACE:
            return g.tile_actions(self.board.tile_centres())
        if phase == TILE_ROTATE:
            return [g.rotate_actions[k] for k in distinct_rotations(self.cat.tiles[self.tile].symbols)]
        if phase == CARDS:
            return [g.amphora, g.pass_turn]
        return []

    def distinct_stacks(self, p: int) -> list[int]:
        """Stacks p may draw from, alike ones once: the main stack, and of stacks 1-3 the first of each
        height. Stacks 1-3 are a random split of the same unseen buildings, so two of equal height have the
        same next building (in distribution) and empty at the same time: drawing from either is the same, so a
        draw from the other one is accepted as the first one's (twins.py)."""
        heights = self.stacks[p]
        out = [0] if heights[0] else []
        seen = 0
        for k in range(1, len(heights)):
            h = heights[k]
            if h and not seen >> h & 1:
                seen |= 1 << h
                out.append(k)
        return out

    def base_actions(self) -> int:
        """Base actions of the turn's mode (spec §4.1): 2 draws, 3 builds, 0 before the mode is chosen."""
        k = self.cat.constants
        mode = self.mode
        return k.draws_per_turn if mode == DRAW_MODE else k.builds_per_turn if mode == BUILD_MODE else 0

    def actions_left(self) -> int:
        """Draws or builds still allowed this turn (amphorae included); meaningless before the mode."""
        return self.base_actions() + self.extra - self.used

    def buildable_types(self, p: int) -> list[int]:
        """Building types on p's storage board that p can build somewhere now (§4.1, §5)."""
        return costs.buildable_types(self, p)

    def cards_forgone(self) -> int:
        """Landscape cards for the actions not taken this turn (spec §4.2): three for a turn with none, else
        one per draw or build left, those bought with amphorae included (seed: "for each draw or build action
        he forsakes, he draws 1 landscape card"; an amphora buys "1 additional draw ... or build")."""
        if self.used == 0:
            return self.cat.constants.cards_for_full_pass + self.extra
        return max(0, self.actions_left())

    def _action_options(self) -> list[Action]:
        """Phase A (spec §4.1): draw, build, an amphora for one more, or stop and take cards."""
        g = self.g
        p = self.actor
        mode = self.mode
        left = self.actions_left() if mode else 1
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
            build = g.build_actions
            out += [build[b] for b in costs.buildable_types(self, p)]
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
        offered = self._legal
        self._legal = None
        kind = type(action)
        if kind is PlaceBuilding:
            c = self.board.index[(action.q, action.r)]  # type: ignore[attr-defined]
            self._choose_space(c)
        elif kind is PayCard:
            self._pay(LANDSCAPES.index(action.card))  # type: ignore[attr-defined]
        elif kind is DrawCard:
            self._receive_card(LANDSCAPES.index(action.card))  # type: ignore[attr-defined]
        elif kind is DrawBuilding:
            self._draw(action.stack)  # type: ignore[attr-defined]
        elif kind is RevealBuilding:
            self._reveal(self.cat.by_id[action.building])  # type: ignore[attr-defined]
        elif kind is BuildFromStorage:
            self._take_from_storage(self.cat.by_id[action.building])  # type: ignore[attr-defined]
        elif kind is StoreBuilding:
            self._store()
        elif kind is SpendAmphora:
            self._spend_amphora()
        elif kind is EndActions:
            if self._events is not None:
                self._emit(f"{who(self.actor)} stopped", self.actor)
            # Stopping as the only choice (asked because the hand decided it) still counts as idle. The
            # options are those just offered, if this node's were worked out (nothing changed since).
            options = offered if offered is not None else self._action_options()
            self._start_cards(forced=len(options) == 1)
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

    # set-up ------------------------------------------------------------------

    def _tile_drawn(self, t: int) -> None:
        left = list(self.tiles_left)
        left.remove(t)
        self.tiles_left = tuple(left)
        self.tile = t
        if self.phase == SETUP_TILE:
            if self.random_rotation:
                self.phase = SETUP_ROTATION
            else:
                self._lay_start_tile(0)
            return
        # An expansion (spec §7): the player who emptied the stack lays it.
        if self._events is not None:
            self._emit(f"{who(self.actor)} drew board tile {self.cat.tiles[t].id}", self.actor)
        self.phase = TILE_PLACE
        self.cp = self.actor
        centres = self.board.tile_centres()
        if len(centres) == 1:
            self._tile_placed(centres[0])
        else:
            self._legal = self.g.tile_actions(centres)

    def _lay_start_tile(self, rotation: int) -> None:
        layout = self.cat.layouts[self.n]
        self._lay_tile(self.tile, layout.centres[self.setup_step], rotation, start=True)
        self.tile = -1
        self.setup_step += 1
        if self.setup_step < len(layout.centres):
            self.phase = SETUP_TILE
        else:
            self.setup_step = 0
            self.phase = SETUP_FIRST

    def _choose_first(self, seat: int) -> None:
        self.first = self.actor = seat
        if self._events is not None:
            self._emit(f"Start player: {who(seat)}", seat)
        self.phase = SETUP_REVEAL
        self.setup_step = 0
        self.setup_sub = 0

    def _reveal(self, b: int) -> None:
        if self.phase == SETUP_REVEAL:
            p, stack = self.setup_step, self.setup_sub
            self.unseen[p] = _bump(self.unseen[p], b, -1)
            self.stacks[p] = _bump(self.stacks[p], stack, -1)
            self.storage[p] = _bump(self.storage[p], b, 1)
            if self._events is not None:
                self._emit(
                    f"{who(p)} turned up the {self.cat.buildings[b].name} from {self.stack_name(stack)}", p
                )
            self.setup_sub += 1
            if self.setup_sub == len(self.stacks[p]):
                self.setup_sub = 0
                self.setup_step += 1
                if self.setup_step == self.n:
                    self.setup_step = 0  # deal: position in turn order
                    self.setup_sub = self.cat.constants.hand_sizes[0]
                    self.phase = SETUP_DEAL
            return
        # A draw action (spec §4.1): the player looks at it, then builds or stores it.
        p = self.actor
        self.unseen[p] = _bump(self.unseen[p], b, -1)
        self.pending = b
        if self._events is not None:
            name = self.cat.buildings[b].name
            self._emit(f"{who(p)} drew the {name} from {self.stack_name(self.drawn_stack)}", p, (p,))
            others = tuple(q for q in range(self.n) if q != p)
            if others:
                self._emit(f"{who(p)} drew a building from {self.stack_name(self.drawn_stack)}", p, others)
        self.phase = DRAWN
        self.cp = p
        # Even when the building can only be stored (nowhere affordable), the player stores it as a decision:
        # storing it by itself would tell the others, by the missing step, that this hand cannot pay for it.

    def stack_name(self, stack: int) -> str:
        return "the main stack" if stack == MAIN_STACK else f"stack {stack}"

    # landscape cards -----------------------------------------------------------

    def _receive_card(self, t: int) -> None:
        self.deck = _add(self.deck, t, -1)
        if self.phase == SETUP_DEAL:
            p = (self.first + self.setup_step) % self.n
            self.hands[p] = _add(self.hands[p], t)
            self.setup_sub -= 1
            if self.setup_sub == 0:
                if self._events is not None:
                    hand = self.hands[p]
                    cards = " ".join(LANDSCAPES[x] * k for x, k in enumerate(hand) if k)
                    self._emit(f"{who(p)} received {cards}", p, (p,))
                    others = tuple(x for x in range(self.n) if x != p)
                    self._emit(f"{who(p)} received {sum(hand)} landscape cards", p, others)
                self.setup_step += 1
                if self.setup_step == self.n:
                    self.setup_step = 0
                    self.setup_sub = 0
                    self.actor = self.first
                    if self._events is not None:
                        self._emit(f"Turn 1: {who(self.actor)}", self.actor)
                    self._resume_actions()
                else:
                    self.setup_sub = self.cat.constants.hand_sizes[self.setup_step]
            return
        p = self.actor
        self.hands[p] = _add(self.hands[p], t)
        self._log_card(p, t)
        self.idle = 0
        self.cards_due -= 1
        self._draw_cards()

    def _log_card(self, p: int, t: int) -> None:
        # Only the owner learns the card; everybody else read the public line announcing the draw.
        if self._events is not None:
            self._emit(f"{who(p)} drew a {LANDSCAPE_NAMES[t]} card ({LANDSCAPES[t]})", p, (p,))

    def _draw_cards(self) -> None:
        """Draw the cards due one chance node at a time, recycling the discard pile (spec §4.2)."""
        if self.cards_due > 0:
            deck = self.deck
            if not deck[0] + deck[1] + deck[2] + deck[3]:
                discard = self.discard
                if discard[0] + discard[1] + discard[2] + discard[3]:
                    self.deck = discard
                    self.discard = NONE4
                    if self._events is not None:
                        self._emit("The discard pile is shuffled into a new supply of landscape cards")
                else:
                    if self._events is not None:
                        self._emit("No landscape cards are left to draw", self.actor)
                    self.cards_due = 0
            if self.cards_due > 0:
                self.phase = CARD
                self.cp = CHANCE
                return
        if self.resume == RESUME_CARDS:
            self._cards_choice()
        else:
            self._after_action()

    def _start_cards(self, forced: bool = False) -> None:
        """Phase B (spec §4.2): one card per action forgone (those bought with amphorae too), three for a
        turn with none (:meth:`cards_forgone`).

        ``forced``: phase A ended by itself because nothing was possible. ``idle`` counts such turns in a
        row in which no card was drawn either; a whole round of them means nobody can ever act again.
        """
        used = self.used
        due = self.cards_forgone()
        self.idle = self.idle + 1 if forced and used == 0 else 0
        if self._events is not None and due:
            self._emit(f"{who(self.actor)} took {plural(due, 'landscape card')}", self.actor)
        self.cards_due = due
        self.resume = RESUME_CARDS
        self._draw_cards()

    def _cards_choice(self) -> None:
        p = self.actor
        if self.amph[p] and sum(self.deck) + sum(self.discard):
            self.phase = CARDS
            self.cp = p
        else:
            self._end_turn()

    def _spend_amphora(self) -> None:
        p = self.actor
        self.amph[p] -= 1
        self.supply += 1
        if self.phase == CARDS:
            if self._events is not None:
                self._emit(f"{who(p)} returned an amphora for a landscape card", p)
            self.cards_due = 1
            self.resume = RESUME_CARDS
            self._draw_cards()
            return
        self.extra += 1
        if self._events is not None:
            what = {DRAW_MODE: "draw", BUILD_MODE: "build"}.get(self.mode, "action")
            self._emit(f"{who(p)} returned an amphora for one more {what}", p)
        self._resume_actions()

    # turn flow ---------------------------------------------------------------

    def _resume_actions(self) -> None:
        """Back to phase A; with nothing left to do but stop, phase B starts by itself."""
        self.phase = ACTIONS
        self.cp = self.actor
        options = self._action_options()
        if len(options) == 1 and not self._hand_could_build():
            self._start_cards(forced=True)
        else:
            self._legal = options

    def _hand_could_build(self) -> bool:
        """Whether building from storage is closed only by what the hand holds (stored buildings, builds
        left): then stopping is asked even as the only choice, since stopping by itself would tell the others
        that this hand cannot pay for any of them."""
        mode = self.mode
        return mode != DRAW_MODE and any(self.storage[self.actor]) and (not mode or self.actions_left() > 0)

    def _end_turn(self) -> None:
        if self.idle >= self.n:
            # Nobody could act for a whole round and no card was drawn: the game cannot go on.
            self._finish(-1, STALEMATE)
            return
        self.actor = (self.actor + 1) % self.n
        self.turn += 1
        self.mode = NO_MODE
        self.used = 0
        self.extra = 0
        if self._events is not None:
            self._emit(f"Turn {self.turn + 1}: {who(self.actor)}", self.actor)
        self._resume_actions()

    def _after_action(self) -> None:
        """A draw or build is over: expand the board if the draw emptied a stack (spec §7), else go on."""
        self.drawn_stack = -1
        if self.expand:
            self.expand = False
            if self.tiles_left:
                self.phase = TILE_DRAW
                self.cp = CHANCE
                return
            if self._events is not None:
                self._emit("No board tiles are left: the board does not grow", self.actor)
        self._resume_actions()

    # draw and build ------------------------------------------------------------

    def _draw(self, stack: int) -> None:
        p = self.actor
        self.mode = DRAW_MODE
        self.used += 1
        self.drawn_stack = stack
        self.stacks[p] = _bump(self.stacks[p], stack, -1)
        self.expand = self.stacks[p][stack] == 0
        self.phase = REVEAL
        self.cp = CHANCE

    def _store(self) -> None:
        p = self.actor
        b = self.pending
        self.storage[p] = _bump(self.storage[p], b, 1)
        self.pending = -1
        if self._events is not None:
            self._emit(f"{who(p)} stored the {self.cat.buildings[b].name}", p)
        self._after_action()

    def _take_from_storage(self, b: int) -> None:
        p = self.actor
        self.mode = BUILD_MODE
        self.used += 1
        self.storage[p] = _bump(self.storage[p], b, -1)
        self.pending = b
        self.drawn_stack = -1
        self.phase = PLACE
        if self._events is not None:
            self._emit(f"{who(p)} took the {self.cat.buildings[b].name} from storage to build it", p)

    def _choose_space(self, c: int) -> None:
        p = self.actor
        b = self.pending
        free, r, generic = costs.requirement(self, p, b, c)
        self.pay_cell = c
        if free or not (r[0] + r[1] + r[2] + r[3] + generic):
            self._place(p, b, c, free)
            return
        self.pay_c = r
        self.pay_g = payment.points(r, generic)
        self.paid = NONE4
        self.phase = PAY
        # Every card is a step of its own, asked even when only one type can be paid: paying a forced card
        # by itself would leave fewer steps (versions, log step numbers) for some hands than for others.
        # The number of steps is then the number of cards paid, which the discard pile shows anyway.

    def _pay(self, t: int) -> None:
        """Hand over one card; the building is placed once it is paid for."""
        p = self.actor
        self.hands[p] = _add(self.hands[p], t, -1)
        self.discard = _add(self.discard, t)
        self.paid = _add(self.paid, t)
        self.pay_c, self.pay_g = payment.pay_card(self.pay_c, self.pay_g, t)
        if self.pay_g == 0:
            self._place(p, self.pending, self.pay_cell, False)

    def _place(self, p: int, b: int, c: int, free: bool) -> None:
        """Put p's building b on space c and resolve it (spec §5.7 steps 4-7)."""
        board = self.board
        bit = 1 << c
        self.occ |= bit
        empty = board.full & ~self.occ
        reductions.occupy(self.red, board, c, empty, self.cat.max_level)
        nbm = board.nbm[c]
        self.own[p] |= bit
        self.ownadj[p] |= nbm
        self.tmask[p * self.types + b] |= bit
        self.placed[p] += 1
        merged = bit
        rest = []
        for comp in self.comps[p]:
            if comp & nbm:
                merged |= comp
            else:
                rest.append(comp)
        rest.append(merged)
        self.comps[p] = tuple(rest)
        self.pending = -1
        self.pay_cell = -1
        paid = self.paid
        self.paid = NONE4
        if self._events is not None:
            self._log_placement(p, b, c, free, paid)
        reward_card = self._check_group(p, b)
        k = self.cat.constants
        if self.placed[p] >= k.buildings_to_win:
            self._finish(p, WIN_ALL)
            return
        if board.shrines_touched(merged) >= 2:
            self._finish(p, WIN_SHRINES)
            return
        if reward_card:
            self.cards_due = 1
            self.resume = RESUME_ACTION
            self._draw_cards()
        else:
            self._after_action()

    def _log_placement(self, p: int, b: int, c: int, free: bool, paid: Vector) -> None:
        name = self.cat.buildings[b].name
        where = format_hex(self.board.cells[c])
        if free:
            how = "for free"
        elif sum(paid):
            how = "paying " + " ".join(LANDSCAPES[t] * n for t, n in enumerate(paid) if n)
        else:
            how = "at no cost"
        self._emit(f"{who(p)} built the {name} on {where}, {how}", p)

    def _check_group(self, p: int, b: int) -> bool:
        """The group amphora (spec §6); True when the supply is empty and a card is due instead."""
        group = self.cat.groups[self.cat.buildings[b].group]
        base = p * self.types
        cells = 0
        for m in group.members:
            cells |= self.tmask[base + m]
        if cells.bit_count() != group.size:
            return False
        if self.settlement_rule:
            connected = any(comp & cells == cells for comp in self.comps[p])
        else:
            connected = self.board.is_connected(cells)
        if not connected:
            if self._events is not None:
                self._emit(f"{who(p)} built the whole {group.name} group, but not connected: no amphora", p)
            return False
        if self.supply:
            self.supply -= 1
            self.amph[p] += 1
            if self._events is not None:
                self._emit(f"{who(p)} completed the {group.name} group, connected: 1 amphora", p)
            return False
        if self._events is not None:
            self._emit(
                f"{who(p)} completed the {group.name} group, connected; no amphora is left: "
                "a landscape card instead",
                p,
            )
        return True

    def _finish(self, p: int, reason: str) -> None:
        self.winner = p
        self.win_reason = reason
        self.phase = OVER
        self.cp = TERMINAL
        self._legal = None
        if self._events is not None:
            if reason == WIN_ALL:
                self._emit(f"{who(p)} built all 30 buildings and won", p)
            elif reason == WIN_SHRINES:
                self._emit(f"{who(p)} connected two shrines and won", p)
            else:
                self._emit("Nobody can act any more and no card is left: the game ends without a winner")

    # board expansion (spec §7) ---------------------------------------------------

    def _tile_placed(self, centre: Hex) -> None:
        self.tile_centre = centre
        self.phase = TILE_ROTATE
        rotations = distinct_rotations(self.cat.tiles[self.tile].symbols)
        if len(rotations) == 1:
            self._lay_tile(self.tile, centre, rotations[0])
            self.tile = -1
            self._resume_actions()
        else:
            self._legal = [self.g.rotate_actions[k] for k in rotations]

    def _lay_tile(self, t: int, centre: Hex, rotation: int, start: bool = False) -> None:
        old = self.board
        board = self.board = old.with_tile(self.cat.tiles[t], centre, rotation, start=start)
        new_cells = range(old.size, board.size)
        new_mask = board.full ^ old.full
        empty = board.full & ~self.occ
        # The new hexes and the old empty ones next to them: their reductions change.
        affected = new_mask | board.adjacent(new_mask) & old.full & empty
        reductions.set_cells(self.red, board, iter_bits(affected), empty, self.cat.max_level)
        for p in range(self.n):
            own = self.own[p]
            if own:
                for c in new_cells:
                    if board.nbm[c] & own:
                        self.ownadj[p] |= 1 << c
        if self._events is not None:
            tile = self.cat.tiles[t]
            where = format_hex(centre)
            if self.phase in (SETUP_TILE, SETUP_ROTATION):
                self._emit(f"Board tile {tile.id} is laid centred on {where}, turned {rotation}")
            else:
                self._emit(
                    f"{who(self.actor)} laid board tile {tile.id} centred on {where}, turned {rotation}",
                    self.actor,
                )

    # ------------------------------------------------------------------ information

    def determinize(self, seat: int | None, rng: Rng) -> AttikaState:
        """Re-deal the hands ``seat`` cannot see from the cards it has not seen (the supply and those
        hands), and redraw a building an opponent is still looking at from its stack's pool.

        While another player is placing or paying for a building, ``seat`` knows that player's hand can pay
        for it (the choice was offered only then): a re-deal that could not is drawn again, so the sample
        is consistent with what ``seat`` saw and always has a legal move.
        """
        s = self.clone()
        others = [p for p in range(self.n) if p != seat]
        if others:
            constrained = self.phase in (PLACE, PAY) and self.actor != seat
            for _ in range(_REDEALS):
                self._redeal(s, others, rng)
                if not constrained or s._can_finish_building():
                    break
            else:  # rare: draw the payer's hand from exactly the hands that pay, then deal the rest
                self._deal_a_paying_hand(s, others, rng)
        if self.phase == DRAWN and self.actor != seat:
            p = self.actor
            pool_types = self.cat.mains if self.drawn_stack == MAIN_STACK else self.cat.normals
            unseen = list(_bump(self.unseen[p], self.pending, 1))
            x = rng.randbelow(sum(unseen[b] for b in pool_types))
            for b in pool_types:
                x -= unseen[b]
                if x < 0:
                    break
            unseen[b] -= 1
            s.unseen[p] = tuple(unseen)
            s.pending = b
        s._legal = None
        return s

    def _unseen_pool(self, players: list[int]) -> list[int]:
        """The cards ``players``' hands may hold, by type: the supply and those hands."""
        pool = list(self.deck)
        for p in players:
            h = self.hands[p]
            for t in range(4):
                pool[t] += h[t]
        return pool

    def _redeal(self, s: AttikaState, players: list[int], rng: Rng) -> None:
        """Deal ``players`` new hands (same sizes) into ``s`` from this state's supply and their hands."""
        self._deal(s, players, self._unseen_pool(players), rng)

    def _deal_a_paying_hand(self, s: AttikaState, others: list[int], rng: Rng) -> None:
        """The exact version of the re-deal loop, for when rejection keeps failing: the payer's hand is drawn
        from the hands of its size that can finish the building, each as likely as a random deal makes it,
        and the other hands are dealt from what is left. Neither uses the hand the payer really holds."""
        pool = self._unseen_pool(others)
        payer = self.actor
        size = sum(self.hands[payer])
        hands: list[tuple[int, int, int, int]] = []
        weights: list[int] = []
        for a in range(min(size, pool[0]) + 1):
            for b in range(min(size - a, pool[1]) + 1):
                for c in range(min(size - a - b, pool[2]) + 1):
                    d = size - a - b - c
                    if d > pool[3]:
                        continue
                    s.hands[payer] = (a, b, c, d)
                    if s._can_finish_building():
                        hands.append((a, b, c, d))
                        ways = comb(pool[0], a) * comb(pool[1], b) * comb(pool[2], c) * comb(pool[3], d)
                        weights.append(ways)
        x = rng.randbelow(sum(weights))  # never empty: the real hand is among them
        pick = 0
        while x >= weights[pick]:
            x -= weights[pick]
            pick += 1
        hand = hands[pick]
        s.hands[payer] = hand
        for t in range(4):
            pool[t] -= hand[t]
        self._deal(s, [p for p in others if p != payer], pool, rng)  # the payer is one of the others

    def _deal(self, s: AttikaState, players: list[int], pool: list[int], rng: Rng) -> None:
        """Deal ``players`` hands of their present sizes into ``s`` from ``pool``; the rest is the supply."""
        total = sum(pool)
        for p in players:
            hand = [0, 0, 0, 0]
            for _ in range(sum(self.hands[p])):
                x = rng.randbelow(total)
                for t in range(4):
                    x -= pool[t]
                    if x < 0:
                        break
                pool[t] -= 1
                hand[t] += 1
                total -= 1
            s.hands[p] = (hand[0], hand[1], hand[2], hand[3])
        s.deck = (pool[0], pool[1], pool[2], pool[3])

    def _can_finish_building(self) -> bool:
        """The actor's hand can still pay for the building in hand (a space is offered, a card payable)."""
        if self.phase == PAY:
            return bool(payment.options(self.hands[self.actor], self.pay_c, self.pay_g))
        return costs.buildable(self, self.actor, self.pending) != 0

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
