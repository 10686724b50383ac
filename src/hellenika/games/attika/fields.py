"""The fields of an Attika state, typed once, and the queries that only read them.

:class:`~hellenika.games.attika.state.AttikaState` is assembled from the rule mixins of :mod:`flow` (the
turn: set-up, draws, builds, payments, cards, expansion) and :mod:`hidden` (determinization), which read
and write the same fields. They derive from :class:`AttikaFields`, which holds the ``__slots__`` and their
annotations (the layout is described in :mod:`state`). The steps a mixin uses from the state are declared
here for the type checker only (``TYPE_CHECKING``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.state import State
from hellenika.games.attika import costs
from hellenika.games.attika.board import Board
from hellenika.games.attika.catalogue import MAIN_STACK, Catalogue, Vector
from hellenika.games.attika.hexes import Hex
from hellenika.games.attika.phases import BUILD_MODE, DRAW_MODE

if TYPE_CHECKING:
    from hellenika.games.attika.game import AttikaGame
    from hellenika.games.attika.state import AttikaState

NONE4: Vector = (0, 0, 0, 0)
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


class AttikaFields(State):
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

    if TYPE_CHECKING:

        def clone(self, *, log: bool = False) -> AttikaState: ...

        def _action_options(self) -> list[Action]: ...

    # ------------------------------------------------------------------ queries

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

    def stack_name(self, stack: int) -> str:
        return "the main stack" if stack == MAIN_STACK else f"stack {stack}"
