"""The turn flow of Attika (spec §4-§8): set-up, drawing and building, paying, landscape cards, amphorae,
the end of a turn, the end of the game and the expansion of the board. A mixin of
:class:`~hellenika.games.attika.state.AttikaState` (see :mod:`fields`).
"""

from __future__ import annotations

from hellenika.engine.events import plural, who
from hellenika.engine.state import CHANCE, TERMINAL
from hellenika.games.attika import costs, payment, reductions
from hellenika.games.attika.catalogue import LANDSCAPE_NAMES, LANDSCAPES, Vector
from hellenika.games.attika.fields import NONE4, STALEMATE, WIN_ALL, WIN_SHRINES, AttikaFields, _add, _bump
from hellenika.games.attika.hexes import Hex, distinct_rotations, format_hex, hex_of_code
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARD,
    CARDS,
    DRAW_MODE,
    DRAWN,
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


class FlowMixin(AttikaFields):
    __slots__ = ()

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
        centres = self.board.centre_codes()
        if len(centres) == 1:
            self._tile_placed(hex_of_code(centres[0]))
        else:
            self._legal = self.g.tile_actions_at(centres)

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
        if self._events is not None:
            self._log_card(p, t)
        self.idle = 0
        due = self.cards_due = self.cards_due - 1
        deck = self.deck
        if due > 0 and deck[0] + deck[1] + deck[2] + deck[3]:
            return  # _draw_cards's common case, written out: the next card (the phase stays CARD)
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
        if used:  # cards_forgone(), written out (phase B starts every turn): the actions left, if any
            k = self.cat.constants
            mode = self.mode
            base = k.draws_per_turn if mode == DRAW_MODE else k.builds_per_turn if mode == BUILD_MODE else 0
            left = base + self.extra - used
            due = left if left > 0 else 0
        else:
            due = self.cat.constants.cards_for_full_pass + self.extra
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
        if mode == DRAW_MODE or not any(self.storage[self.actor]):
            return False
        # actions_left() > 0 in build mode, written out
        return not mode or self.cat.constants.builds_per_turn + self.extra - self.used > 0

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
        symbols = r[0] + r[1] + r[2] + r[3]
        if free or not (symbols + generic):
            self._place(p, b, c, free)
            return
        self.pay_c = r
        self.pay_g = 2 * symbols + generic  # payment.points
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
        if merged & board.shrine_any and board.shrines_touched(merged) >= 2:
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
        group, first, stop = self.g.group_spans[b]
        base = p * self.types
        if first >= 0:  # the members are consecutive types: their masks (disjoint) summed by one slice
            cells = sum(self.tmask[base + first : base + stop])
        else:
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
        touching = board.edge
        affected = new_mask | touching & empty
        reductions.set_cells(self.red, board, affected, empty, self.cat.max_level)
        for p in range(self.n):
            own = self.own[p]
            if own & touching:  # p has a building next to the new tile
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
