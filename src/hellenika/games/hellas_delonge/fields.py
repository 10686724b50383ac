"""The fields of a Hellas state, typed once, and the few queries that only read them.

:class:`~hellenika.games.hellas_delonge.state.HellasState` is assembled from rule mixins (:mod:`setup`,
:mod:`turn`, :mod:`voyage`, :mod:`attack`, :mod:`godcards`, :mod:`stack`), each of which reads and writes
the same fields. They all derive from :class:`HellasFields`, which holds the ``__slots__`` and their
annotations, so every mixin is type-checked against one declaration (the state's layout is described in
:mod:`state`). Mixins call one another's steps as well; the steps one mixin uses from another are declared
here for the type checker only (``TYPE_CHECKING``), so at run time the mixins alone define them, and the
checker verifies each definition against its declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.events import everyone_but
from hellenika.engine.state import TERMINAL, State
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import Catalogue
from hellenika.games.hellas_delonge.hexmap import Board, iter_bits

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.game import HellasGame

# Fields copied as they are by clone() (ints, bools, tuples, the shared board).
SCALARS = (
    "board",
    "pile",
    "discards",
    "pool",
    "top",
    "top_seen",
    "top_order",
    "bottom",
    "aside",
    "drawn",
    "phase",
    "cp",
    "active",
    "turn",
    "setup_count",
    "deal_step",
    "burst_left",
    "da_stage",
    "draw_god",
    "rg_dest",
    "rg_gave_g",
    "rg_recv_g",
    "rg_gave_s",
    "rg_recv_s",
    "rg_then",
    "v_tile",
    "v_site",
    "v_rot",
    "v_adj",
    "v_winds",
    "v_free",
    "v_need",
    "target",
    "sources",
    "commits",
    "fm_city",
    "fm_used",
    "nat_sea",
    "fury",
    "firm",
    "beach",
    "rocky",
    "cw_next",
    "cw_passes",
    "tired",
    "retreat_left",
    "def_ships",
    "chain",
    "chain_then",
    "effect_left",
    "effect_then",
    "discarder",
    "oracle_done",
    "end_mode",
    "voy_ok",
    "atk_ok",
    "migrated",
    "last_change",
    "last_record",
    "best_cities",
    "winner",
    "reason",
    "_legal",
)
# Per-player lists, copied by clone() (their items are ints or tuples, shared).
LISTS = ("greeks", "ships", "owned", "gsup", "ssup", "hand", "fresh", "known")


class HellasFields(State):
    """The state's fields (slots) and their types; :mod:`state` describes the layout."""

    __slots__ = ("_rg_masks", "_widened", "cat", "g", "stall_limit", *SCALARS, *LISTS)

    # The game, its catalogue and options.
    g: HellasGame
    cat: Catalogue
    stall_limit: int
    # While HellasState._asked weighs whether a decision is a choice: the cards the seat to decide may hold
    # for all the other seat can tell (godcards._playable reads it); None the rest of the time.
    _widened: tuple[int, ...] | None
    # While regrouping: which of the active player's cities may send and take Greeks, and ships, at the next
    # step (TurnMixin._regroup_masks); None until the first regroup step asks. Derived, not saved.
    _rg_masks: tuple[int, int, int, int] | None

    # The map and the pieces: per slot, and per player.
    board: Board
    greeks: list[int]
    ships: list[int]
    tired: tuple[int, ...]  # per slot: Greeks that attacked this turn (Second Strike)
    owned: list[int]  # per player: mask of slots
    gsup: list[int]
    ssup: list[int]

    # Cards: count vectors over the card types.
    hand: list[tuple[int, ...]]
    fresh: list[tuple[int, ...]]
    known: list[tuple[int, ...]]
    pile: tuple[int, ...]
    discards: tuple[int, ...]

    # The tile stack (:mod:`stack`) and the tiles in hand.
    pool: int
    top: tuple[int, ...]
    top_seen: tuple[int, ...]
    top_order: int
    bottom: tuple[int, ...]
    aside: int
    drawn: tuple[int, ...]

    # Whose decision, and the turn (:mod:`turn`).
    phase: int
    cp: int
    active: int
    turn: int
    setup_count: int
    deal_step: int
    burst_left: int
    da_stage: int
    draw_god: int
    end_mode: int
    voy_ok: bool
    atk_ok: bool
    migrated: bool

    # Regrouping (§7).
    rg_dest: int
    rg_gave_g: int
    rg_recv_g: int
    rg_gave_s: int
    rg_recv_s: int
    rg_then: int

    # The voyage (:mod:`voyage`).
    v_tile: int
    v_site: int
    v_rot: int
    v_adj: int
    v_winds: bool
    v_free: bool
    v_need: int

    # The attack (:mod:`attack`); ``target`` is also the city a voyage founded.
    target: int
    sources: tuple[int, ...]
    commits: tuple[int, ...]
    fm_city: int
    fm_used: bool
    nat_sea: bool
    fury: int
    firm: int
    beach: bool
    rocky: bool
    cw_next: int
    cw_passes: int
    retreat_left: int
    def_ships: int

    # Cards being played and their effects (:mod:`godcards`).
    chain: tuple[tuple[int, int], ...]  # (player, card type), first played first
    chain_then: int
    effect_left: int
    effect_then: int
    discarder: int
    oracle_done: tuple[int, ...]

    # The stall rule and the result.
    last_change: int
    #: The last turn a player passed their best city count (the stall rule's backstop on an open map).
    last_record: int
    best_cities: tuple[int, int]
    winner: int
    reason: str

    _legal: list[Action] | None  # the legal actions of this node, once computed

    if TYPE_CHECKING:
        # The steps one mixin takes from another, declared for the type checker (see the module docstring).

        # stack.py
        def _take_tile(self, t: int) -> None: ...
        def _put_under(self, t: int) -> None: ...

        # setup.py
        def _lay_tile(self, t: int, c: int, k: int) -> int: ...

        # turn.py
        def _start_turn(self) -> None: ...
        def barred(self, p: int) -> bool: ...
        def _ownership_changed(self) -> None: ...
        def _enter_main(self) -> None: ...
        def _burst_card_drawn(self, t: int) -> None: ...
        def _start_regroup(self, dest: int, then: int) -> None: ...
        def _enter_end(self, mode: int) -> None: ...
        def _resume(self, code: int) -> None: ...

        # voyage.py
        def _can_voyage(self, p: int) -> bool: ...
        def _start_voyage(self) -> None: ...
        def _draw_voyage_tiles(self, n: int) -> None: ...
        def _voyage_tile_drawn(self, t: int) -> None: ...
        def _enter_site(self) -> None: ...
        def _voyage_site_actions(self) -> list[Action]: ...
        def _declare_placement(self, c: int, k: int) -> None: ...
        def _fail_voyage(self) -> None: ...
        def _voyage_succeeds(self) -> None: ...
        def _pay_step(self) -> None: ...

        # attack.py
        def _attack_targets(self, p: int, forced: bool | None = None) -> list[int]: ...
        def _senders(self, p: int) -> int: ...
        def _enter_commit(self) -> None: ...
        def _combat_card_resolved(self, player: int) -> None: ...
        def _combat_pass(self) -> None: ...
        def _conquer(self, retreat: bool) -> None: ...

        # godcards.py
        def _may_draw(self, p: int, god: int) -> bool: ...
        def _may_draw_god(self, p: int, god: int) -> bool: ...
        def hand_size(self, p: int) -> int: ...
        def _refill_pile(self, god: int) -> None: ...
        def _take_from_pile(self, t: int) -> None: ...
        def _gain_card(self, p: int, t: int, *, playable: bool) -> None: ...
        def _may_react(self, p: int, types: tuple[int, ...]) -> bool: ...
        def _playable(self, p: int) -> tuple[int, ...]: ...
        def _free_cards(self, p: int, out: list[Action], hand: tuple[int, ...] | None = None) -> None: ...

    # ------------------------------------------------------------------ small queries

    def cities(self, p: int) -> int:
        return self.owned[p].bit_count()

    def temples_of(self, p: int) -> int:
        return (self.owned[p] & self.board.temples).bit_count()

    def greeks_on_map(self, p: int) -> int:
        greeks = self.greeks
        return sum(greeks[i] for i in iter_bits(self.owned[p]))

    def ships_on_map(self, p: int) -> int:
        ships = self.ships
        return sum(ships[i] for i in iter_bits(self.owned[p]))

    def owner(self, slot: int) -> int:
        bit = 1 << slot
        return 0 if self.owned[0] & bit else 1 if self.owned[1] & bit else -1

    def stack_size(self) -> int:
        return len(self.top) + self.pool.bit_count() + len(self.bottom)

    def _emit_secret(self, public: str, secret: str, p: int) -> None:
        """One log line each: ``p`` reads "public (secret)", everyone else (spectators too) ``public``."""
        self._emit(f"{public} ({secret})", p, (p,))
        self._emit(public, p, everyone_but(p))

    def _game_over(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.phase = ph.OVER
        self.cp = TERMINAL
