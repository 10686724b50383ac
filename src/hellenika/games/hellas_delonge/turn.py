"""The turn (spec §4): choosing the action, Burst of Strength (§4.1), regrouping (§7), the end of the turn and
victory (§9).

A turn is MAIN (play free-timing cards, choose Burst, Voyage or an Attack target), the action, its regroup,
then END (more free-timing cards, Migration, Second Voyage, Second Strike, or end the turn). *Double Action*
makes MAIN come round twice: first only Burst may be chosen, then Voyage or Attack (the turn ends without
one only when neither can be taken without playing a card).

``end_mode`` says what END allows: 0 after a Burst, 1 after a successful Voyage or Attack, 2 after a failed
or called-off one, when "the turn ends, apart from Migration" (spec §5.2-5).

Regrouping is one piece at a time, ``march`` (a Greek) or ``sail`` (a ship) then ``done``. The engine checks
the final-state conditions on every step (1-3 Greeks and 0-3 ships per city), and a city that has received
a kind of piece in this regroup may not send that kind, nor one that has sent receive it: every final
position can still be reached, and no piece is shuffled back and forth (which keeps bot games finite).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import A_GOD_CARD, CITY_CAP, GOD_LIMIT, GODS, HAND_LIMIT
from hellenika.games.hellas_delonge.fields import HellasFields
from hellenika.games.hellas_delonge.hexmap import ZERO_SLOTS, iter_bits

BURST_ACTIONS = 3  # spec §4.1: 3, or 4 with more temples
VICTORY_CITIES = 10  # spec §9
#: The stall rule's backstop while tiles can still be laid: this many times ``stall`` turns in a row with no
#: new record of cities (400 by default) end the game too. Never reached in 400 measured games between
#: players who try to win (docs/rules/hellas_delonge.md); it stops bots that never sail.
OPEN_STALL_FACTOR = 10

END_AFTER_BURST, END_AFTER_SUCCESS, END_AFTER_FAILURE = 0, 1, 2


class TurnMixin(HellasFields):
    __slots__ = ()

    # ------------------------------------------------------------------ start and end

    def _start_turn(self) -> None:
        self.turn += 1
        self.active = (self.turn - 1) % 2
        self.da_stage = 0
        self.voy_ok = False
        self.atk_ok = False
        self.migrated = False
        self.end_mode = END_AFTER_BURST
        self.burst_left = 0
        if self.tired is not ZERO_SLOTS:  # nobody attacked last turn: it is the shared zeros still
            self.tired = ZERO_SLOTS
        if self._events is not None:
            self._emit(f"Turn {self.turn}: {who(self.active)}", self.active)
        self.phase = ph.MAIN
        self.cp = self.active

    def barred(self, p: int) -> bool:
        """The starting player plays no card in his first game turn (spec §8.1-8, seed V-I)."""
        return p == 0 and self.turn == 1

    def _do_end_turn(self, action: a.EndTurn) -> None:
        p = self.active
        fresh = self.fresh[p]
        if any(fresh):
            self.hand[p] = tuple(map(add, self.hand[p], fresh))
            self.fresh[p] = self.g.no_cards
        owned = self.owned
        if owned[0].bit_count() >= VICTORY_CITIES or owned[1].bit_count() >= VICTORY_CITIES:  # cities(q)
            for q in (p, 1 - p):
                if owned[q].bit_count() >= VICTORY_CITIES:
                    if self._events is not None:
                        self._emit(f"{who(q)} holds {self.cities(q)} cities and wins the game", q)
                    self._game_over(q, f"{self.cities(q)} cities")
                    return
        if self.stall_limit:
            if self.can_grow():
                # The stall clock runs only on a closed map: while a tile can still be laid, a voyage can
                # still change the game, so no turn counts as stalled (spec Q9) ...
                self.last_change = self.turn
                # ... unless nobody has passed their best city count for OPEN_STALL_FACTOR times as long:
                # the backstop for players (bots) who never sail although they could (docs/rules).
                if self.turn - self.last_record >= OPEN_STALL_FACTOR * self.stall_limit:
                    self._end_by_stall()
                    return
            elif self.turn - self.last_change >= self.stall_limit:
                self._end_by_stall()
                return
        self._start_turn()

    def can_grow(self) -> bool:
        """Whether some tile left in the stack can still be laid somewhere on the map (P1-P4, spec §5.1).

        Ship majorities (V1-V2) are left out: players can build ships. A map on which no tile left fits never
        grows again (only a voyage lays a tile), so once this is false it stays false: an empty stack, or
        tiles that fit nowhere. Public facts only: which tiles are left is known to both players. Memoised on
        the board by the tiles left (``Board.grows``): asked at the end of every turn, it changes only when a
        tile is laid or leaves the stack.
        """
        board = self.board
        left = self.pool
        if self.top or self.bottom:
            for t in self.top:
                left |= 1 << t
            for t in self.bottom:
                left |= 1 << t
        grows = board.grows.get(left)
        if grows is None:
            tiles = self.cat.tiles
            grows = False
            mask = left  # not iter_bits: its memo would keep every stack ever seen
            while mask and not grows:
                low = mask & -mask
                grows = board.fits_somewhere(tiles[low.bit_length() - 1])
                mask ^= low
            board.grows[left] = grows
        return grows

    def _end_by_stall(self) -> None:
        """Spec Q9 (option ``stall``): most cities, then most Greeks on the map, else a draw."""
        keys = [(self.cities(p), self.greeks_on_map(p)) for p in (0, 1)]
        winner = 0 if keys[0] > keys[1] else 1 if keys[1] > keys[0] else -1
        if self._events is not None:
            text = (
                f"No player passed their best city count in {self._quiet_turns()} turns"
                + ("" if self.can_grow() else " and no tile left can be laid")
                + ": the game ends by the stall rule"
            )
            self._emit(text + (f"; {who(winner)} wins" if winner >= 0 else " in a draw"))
        self._game_over(winner, "stall")

    def end_reason(self) -> str | None:
        """Plain words for a game the stall rule ended (the engine's :meth:`State.end_reason`); None for the
        printed ends (ten cities, no city left) and while the game goes on."""
        if not (self.is_terminal() and self.reason == "stall"):
            return None
        quiet = f"{self._quiet_turns()} in a row with no new record of cities"
        if not self.can_grow():
            quiet = quiet.replace("with no", "with no tile left to lay and no")
        return f"ended by the stall rule after {self.turn} turns ({quiet})"

    def _quiet_turns(self) -> int:
        """The turns the stall rule counted: on a closed map since the last restart of its clock, on an open
        one (the backstop) since the last new record of cities."""
        return self.turn - (self.last_change if not self.can_grow() else self.last_record)

    def record_cities(self, p: int) -> int:
        """The most cities ``p`` has held, the count the stall rule asks them to pass.

        ``best_cities`` starts at 0 and catches up at the first change of ownership; it is left so (rather
        than set at the end of setup) because the digests of earlier records must still match.
        """
        return max(self.best_cities[p], self.cities(p))

    def _ownership_changed(self) -> None:
        """Progress for the stall rule: a player reaching more cities than ever before.

        A city taken and retaken is not progress, so two players trading one city for ever still end (once
        the map is closed: :meth:`can_grow`). ``last_change`` is the last turn that restarted the clock.
        """
        owned = self.owned
        counts = (owned[0].bit_count(), owned[1].bit_count())  # cities(0), cities(1)
        best = self.best_cities
        if counts[0] > best[0] or counts[1] > best[1]:
            self.best_cities = (max(counts[0], best[0]), max(counts[1], best[1]))
            self.last_change = self.last_record = self.turn

    # ------------------------------------------------------------------ choosing the action

    def _main_actions(self) -> list[Action]:
        g = self.g
        p = self.active
        widened = self._widened  # _playable(p), written out: p is the seat to decide here
        hand = widened if widened is not None else g.no_cards if p == 0 and self.turn == 1 else self.hand[p]
        da = self.da_stage
        out: list[Action] = [] if da == 2 else [g.burst]
        second = False  # under Double Action: a Voyage or an Attack (without a card) is there to take
        if da != 1:
            if self._can_voyage(p):
                out.append(g.voyage)
                second = True
            # The targets of _attack_targets, as actions at once.
            senders = self._senders(p)
            if senders:
                attack = g.attack
                enemy = iter_bits(self.owned[1 - p])
                linked = self.board.linked
                if hand[g.a_forced]:
                    out += map(attack.__getitem__, enemy)
                    if da == 2 and not second:
                        second = any(linked[x] & senders for x in enemy)
                else:
                    for x in enemy:  # a loop: quicker than a comprehension for a few items on Python 3.11
                        if linked[x] & senders:
                            out.append(attack[x])
                            second = True
        if da == 0 and hand[g.z_double]:
            out.append(g.play[g.z_double])
        if hand[g.z_levy] or hand[g.z_theft] or hand[g.z_oracle] or hand[g.p_shipwrights]:  # most hold none
            self._free_cards(p, out, hand)
        if da == 2 and not second:
            # Double Action gives a Burst "then a Voyage or an Attack": the turn ends without the second
            # action only when neither can be taken (an Attack that only a Forced March makes possible
            # would mean playing the card, which is the player's choice).
            out.append(g.end_turn)
        return out

    def _enter_main(self) -> None:
        self.phase = ph.MAIN
        self.cp = self.active

    # ------------------------------------------------------------------ Burst of Strength (spec §4.1)

    def _do_burst(self, action: a.ChooseBurst) -> None:
        p = self.active
        n = BURST_ACTIONS + (1 if self.temples_of(p) > self.temples_of(1 - p) else 0)
        self.burst_left = n
        if self._events is not None:
            self._emit(f"{who(p)} took a Burst of Strength ({n} actions)", p)
        self.phase = ph.BURST
        self.cp = p

    def _burst_actions(self) -> list[Action]:
        g = self.g
        p = self.active
        widened = self._widened  # _playable(p), written out: p is the seat to decide here
        hand = widened if widened is not None else g.no_cards if p == 0 and self.turn == 1 else self.hand[p]
        out: list[Action] = []
        if self.burst_left > 0:
            # Loops: quicker than comprehensions for a few items on Python 3.11.
            owned = iter_bits(self.owned[p])
            if self.gsup[p]:
                greeks = self.greeks
                recruit = g.recruit
                for c in owned:
                    if greeks[c] < CITY_CAP:
                        out.append(recruit[c])
            if self.ssup[p]:
                ships = self.ships
                build = g.build
                for c in owned:
                    if ships[c] < CITY_CAP:
                        out.append(build[c])
            out += self._draws(p)
        if hand[g.z_favour]:
            out.append(g.play[g.z_favour])
        if hand[g.z_levy] or hand[g.z_theft] or hand[g.z_oracle] or hand[g.p_shipwrights]:  # most hold none
            self._free_cards(p, out, hand)
        out.append(g.stop)
        return out

    def _draws(self, p: int) -> tuple[a.DrawCard, ...]:
        """The card draws ``p`` may choose in a Burst: :meth:`_may_draw` of each god, at once.

        They depend on four tuples only, which are replaced when they change, so the last answer is kept on
        the game with those very tuples (``HellasGame.draws_last``): a Burst asks again after each recruit or
        ship, which changes none of them."""
        own, fresh, pile, discards = self.hand[p], self.fresh[p], self.pile, self.discards
        g = self.g
        last = g.draws_last
        if last[0] is own and last[1] is fresh and last[2] is pile and last[3] is discards:
            return last[4]
        out = []
        if sum(own) + sum(fresh) < HAND_LIMIT:  # hand_size(p)
            # _may_draw_god of each god (GODS), written out.
            zeus, poseidon, ares = g.god_slices
            draw = g.draw
            if sum(own[zeus]) + sum(fresh[zeus]) < GOD_LIMIT and (any(pile[zeus]) or any(discards[zeus])):
                out.append(draw[0])
            if sum(own[poseidon]) + sum(fresh[poseidon]) < GOD_LIMIT and (
                any(pile[poseidon]) or any(discards[poseidon])
            ):
                out.append(draw[1])
            if sum(own[ares]) + sum(fresh[ares]) < GOD_LIMIT and (any(pile[ares]) or any(discards[ares])):
                out.append(draw[2])
        draws = tuple(out)
        g.draws_last = (own, fresh, pile, discards, draws)
        return draws

    def _do_recruit(self, action: a.Recruit) -> None:
        p = self.active
        c = action.city
        self.greeks[c] += 1
        self.gsup[p] -= 1
        if self._events is not None:
            self._emit(f"{who(p)} recruited a Greek in city {c}", p)
        self._burst_step_done()

    def _do_build(self, action: a.BuildShip) -> None:
        p = self.active
        c = action.city
        self.ships[c] += 1
        self.ssup[p] -= 1
        if self._events is not None:
            self._emit(f"{who(p)} built a ship at city {c}", p)
        self._burst_step_done()

    def _do_draw(self, action: a.DrawCard) -> None:
        god = GODS.index(action.god)
        p = self.active
        self.burst_left -= 1
        self.draw_god = god
        self._refill_pile(god)
        if self._events is not None:
            self._emit(f"{who(p)} drew {A_GOD_CARD[GODS[god]]}", p)
        self.phase = ph.C_DRAW_CARD
        self.cp = -1

    def _burst_card_drawn(self, t: int) -> None:
        p = self.active
        self._take_from_pile(t)
        # Under Double Action the cards drawn join the hand at once and are usable (spec §4.1-4).
        self._gain_card(p, t, playable=self.da_stage == 1)
        if self._events is not None:
            self._emit(f"(it is {self.cat.cards[t].name})", p, (p,))
        if self.burst_left > 0:
            self.phase = ph.BURST
            self.cp = p
        else:
            self._end_burst()

    def _burst_step_done(self) -> None:
        self.burst_left -= 1
        if self.burst_left <= 0:
            self._end_burst()

    def _do_stop(self, action: a.StopBurst) -> None:
        if self._events is not None and self.burst_left:
            self._emit(f"{who(self.active)} forwent {plural(self.burst_left, 'Burst action')}", self.active)
        self._end_burst()

    def _end_burst(self) -> None:
        self.burst_left = 0
        if self.da_stage == 1:
            self._start_regroup(-1, ph.MAIN)
        else:
            self.end_mode = END_AFTER_BURST
            self._start_regroup(-1, ph.END)

    # ------------------------------------------------------------------ regrouping (spec §7)

    def _start_regroup(self, dest: int, then: int) -> None:
        self.rg_dest = dest
        self.rg_gave_g = self.rg_recv_g = self.rg_gave_s = self.rg_recv_s = 0
        self.rg_then = then
        self._rg_masks = None
        self.phase = ph.REGROUP
        self.cp = self.active

    def _regroup_masks(self) -> tuple[int, int, int, int]:
        """Of the active player's cities, as masks: who may send a Greek and who take one, who may send a ship
        and who take one, at the next step: by the counts (1-3 Greeks stay in a city, 0-3 ships), then only
        into ``rg_dest`` if it is set, else no city sending a kind of piece it has received this regroup nor
        taking one it has sent.

        Worked out at the first step of a regroup and kept up to date by each move (:meth:`_do_move_greek`,
        :meth:`_do_move_ship`), which changes two cities only: nothing else changes the pieces while
        regrouping."""
        masks = self._rg_masks
        if masks is None:
            greeks = self.greeks
            ships = self.ships
            send_g = take_g = send_s = take_s = 0
            for c in iter_bits(self.owned[self.active]):
                bit = 1 << c
                n = greeks[c]
                if n >= 2:
                    send_g |= bit
                if n < CITY_CAP:
                    take_g |= bit
                n = ships[c]
                if n >= 1:
                    send_s |= bit
                if n < CITY_CAP:
                    take_s |= bit
            dest = self.rg_dest
            if dest >= 0:
                take_g &= 1 << dest
                take_s &= 1 << dest
            else:
                send_g &= ~self.rg_recv_g
                take_g &= ~self.rg_gave_g
                send_s &= ~self.rg_recv_s
                take_s &= ~self.rg_gave_s
            masks = self._rg_masks = (send_g, take_g, send_s, take_s)
        return masks

    def _regroup_actions(self) -> list[Action]:
        g = self.g
        # Who may send and who may take, as city masks; then the moves, then done.
        masks = self._rg_masks
        send_g, take_g, send_s, take_s = masks if masks is not None else self._regroup_masks()
        # A step changes the masks of one kind of piece only, so each kind's moves are kept on the game with
        # the masks they were made from (``HellasGame.regroup_last``, replaced as one tuple so that states
        # on other threads read it whole) and made again only when these change. Fresh masks come up too
        # often for a memo to pay (about 90,000 pairs in 1,000 random games).
        last = g.regroup_last
        marches: list[Action] = last[2]
        if send_g != last[0] or take_g != last[1]:
            marches = _moves(g.march, send_g, take_g)
        sails: list[Action] = last[5]
        if send_s != last[3] or take_s != last[4]:
            sails = _moves(g.sail, send_s, take_s)
        if marches is not last[2] or sails is not last[5]:
            g.regroup_last = (send_g, take_g, marches, send_s, take_s, sails)
        return [*marches, *sails, g.done]

    def _do_move_greek(self, action: a.MoveGreek) -> None:
        a, b = action.source, action.city
        greeks = self.greeks
        na = greeks[a] = greeks[a] - 1
        nb = greeks[b] = greeks[b] + 1
        tired = self.tired
        if tired[a]:
            moved = list(tired)
            moved[a] -= 1
            moved[b] += 1
            self.tired = tuple(moved)
        bit_a = 1 << a
        bit_b = 1 << b
        self.rg_gave_g |= bit_a
        self.rg_recv_g |= bit_b
        masks = self._rg_masks
        if masks is not None:  # their bits of the Greeks' masks again (_regroup_masks)
            send_g, take_g, send_s, take_s = masks
            both = ~(bit_a | bit_b)
            # a has sent: it takes no more (it is not the destination either); b has received: it sends no
            # more, unless this is a regroup into b (rg_dest), where only its count says.
            send_g = send_g & both | (na >= 2) << a | (self.rg_dest >= 0 and nb >= 2) << b
            take_g = take_g & both | (nb < CITY_CAP) << b
            self._rg_masks = (send_g, take_g, send_s, take_s)
        if self._events is not None:
            self._emit(f"{who(self.active)} moved a Greek from city {a} to city {b}", self.active)

    def _do_move_ship(self, action: a.MoveShip) -> None:
        a, b = action.source, action.city
        ships = self.ships
        na = ships[a] = ships[a] - 1
        nb = ships[b] = ships[b] + 1
        bit_a = 1 << a
        bit_b = 1 << b
        self.rg_gave_s |= bit_a
        self.rg_recv_s |= bit_b
        masks = self._rg_masks
        if masks is not None:  # their bits of the ships' masks again, as for Greeks (_do_move_greek)
            send_g, take_g, send_s, take_s = masks
            both = ~(bit_a | bit_b)
            send_s = send_s & both | (na >= 1) << a | (self.rg_dest >= 0 and nb >= 1) << b
            take_s = take_s & both | (nb < CITY_CAP) << b
            self._rg_masks = (send_g, take_g, send_s, take_s)
        if self._events is not None:
            self._emit(f"{who(self.active)} moved a ship from city {a} to city {b}", self.active)

    def _do_done(self, action: a.Done) -> None:
        phase = self.phase
        if phase == ph.REGROUP:
            then = self.rg_then
            if then == ph.MAIN:
                self.da_stage = 2
            self._resume(then)
        else:  # Levy or Shipwrights placements
            self._resume(self.effect_then)

    # ------------------------------------------------------------------ after the action

    def _end_actions(self) -> list[Action]:
        g = self.g
        p = self.active
        out: list[Action] = []
        mode = self.end_mode
        widened = self._widened  # _playable(p), written out: p is the seat to decide here
        hand = widened if widened is not None else g.no_cards if p == 0 and self.turn == 1 else self.hand[p]
        if mode != END_AFTER_FAILURE and (
            hand[g.z_levy] or hand[g.z_theft] or hand[g.z_oracle] or hand[g.p_shipwrights]  # most hold none
        ):
            self._free_cards(p, out, hand)
        if (
            mode != END_AFTER_BURST
            and not self.migrated
            and hand[g.z_migration]
            and self.owned[p].bit_count() >= 2
        ):
            out.append(g.play[g.z_migration])
        if mode == END_AFTER_SUCCESS:
            if self.voy_ok and hand[g.p_second] and self._can_voyage(p):
                out.append(g.play[g.p_second])
            if self.atk_ok and hand[g.a_second] and self._attack_targets(p, hand[g.a_forced] > 0):
                out.append(g.play[g.a_second])
        out.append(g.end_turn)
        return out

    def _enter_end(self, mode: int) -> None:
        self.end_mode = mode
        self.phase = ph.END
        self.cp = self.active

    def _resume(self, code: int) -> None:
        """Go back to where a card was played, or where a sub-step was started from."""
        if code == ph.MAIN:
            self._enter_main()
        elif code == ph.BURST:
            if self.burst_left > 0:
                self.phase = ph.BURST
                self.cp = self.active
            else:
                self._end_burst()
        elif code == ph.END:
            self.phase = ph.END
            self.cp = self.active
        elif code == ph.V_SITE:
            self._enter_site()
        elif code == ph.V_PAY:
            self._pay_step()
        elif code == ph.A_COMMIT:
            self._enter_commit()
        else:  # pragma: no cover - every caller passes one of the above
            raise RuntimeError(f"cannot resume phase {ph.NAMES[code]}")


def _moves(table: Sequence[Sequence[Action]], send: int, take: int) -> list[Action]:
    """The regroup moves of one kind of piece (``g.march`` or ``g.sail``: the move from city ``c`` to city
    ``t`` is ``table[c][t]``): each sender in city order to each other taker in city order. Loops, not a
    comprehension: a list of a few moves is made quicker so on Python 3.11 (a comprehension is a function
    call there)."""
    takers = iter_bits(take)
    moves: list[Action] = []
    for c in iter_bits(send):
        row = table[c]
        for t in takers:
            if t != c:
                moves.append(row[t])
    return moves
