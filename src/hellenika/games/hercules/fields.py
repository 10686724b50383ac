"""The fields of a Hercules state, typed once, and the queries that only read them (spec §3-§4).

:class:`~hellenika.games.hercules.state.HerculesState` is assembled from the rule mixin of :mod:`flow`
(set-up, rounds and turns, the dice, cards, Labours, rewards and the Rest), which reads and writes the same
fields. Both derive from :class:`HerculesFields`, which holds the ``__slots__`` and their annotations (the
layout is described in :mod:`state`) and the dice queries the legal actions and the flow share. The legal
decisions the flow uses from the state are declared here for the type checker only (``TYPE_CHECKING``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.state import State
from hellenika.games.hercules.actions import WHITE_SLOT
from hellenika.games.hercules.board import HADES
from hellenika.games.hercules.cards import Catalogue

if TYPE_CHECKING:
    from hellenika.engine.actions import Action
    from hellenika.games.hercules.game import HerculesGame

DECK_TYCHE, DECK_MORPHEUS = 4, 5
MAX_REST_CUBES = 3


class HerculesFields(State):
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

    if TYPE_CHECKING:

        def _turn_actions(self) -> list[Action]: ...

    # ------------------------------------------------------------------ queries

    def _die(self, participant: int, slot: int) -> int:
        return self.white if slot == WHITE_SLOT else self.dice[participant][slot]

    def _slots(self) -> tuple[int, ...]:
        return (0, 1, WHITE_SLOT) if self.white_holder == self.actor else (0, 1)

    def _copy_values(self, target: int) -> tuple[int, int]:
        """The two faces COPY gives: the target's coloured dice; Hades' die and the white die in solo."""
        if self.solo and target == HADES:
            return (self.dice[HADES][0], self.white)
        a, b = self.dice[target]
        return (a, b)
