"""God cards (spec §8): hands and decks, playing a card, Thunderbolt chains, and every card's effect.

Hands are count vectors over the 20 card types, in two parts per player: ``hand`` (playable) and ``fresh``
(entered this turn, spec §8.1-6; merged into ``hand`` at the end of the turn). The count of each god in a hand
is public (the decks have different backs and everyone sees which deck a card comes from), so a window opens
on that count alone: :meth:`_may_react` (see :mod:`phases`). ``known[s]`` counts the cards of the opponent
that seat ``s`` knows of (a card Hermes' Theft took from ``s``), for :mod:`hidden`.

Playing a card (§8.2): it goes to its god's discard pile and the opponent may answer with a Thunderbolt, which
the first player may answer with another, and so on; the chain resolves last in, first out: the card takes
effect if an even number of Thunderbolts followed it. ``chain_then`` remembers where the card was played, so
each effect knows where the turn goes on.
"""

from __future__ import annotations

from operator import lt

from hellenika.engine.actions import Action
from hellenika.engine.events import who
from hellenika.engine.state import CHANCE
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import CITY_CAP, GOD_LIMIT, GOD_NAMES, GODS, HAND_LIMIT
from hellenika.games.hellas_delonge.fields import HellasFields
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.stack import PUBLIC

ORACLE_DEPTH = 3


def _bump(vector: tuple[int, ...], t: int, delta: int) -> tuple[int, ...]:
    out = list(vector)
    out[t] += delta
    return tuple(out)


class CardMixin(HellasFields):
    __slots__ = ()

    # ------------------------------------------------------------------ hands and decks

    def god_count(self, vector: tuple[int, ...], god: int) -> int:
        r = self.cat.god_ranges[god]
        return sum(vector[r.start : r.stop])

    def hand_size(self, p: int) -> int:
        return sum(self.hand[p]) + sum(self.fresh[p])

    def held_of_god(self, p: int, god: int) -> int:
        return self.god_count(self.hand[p], god) + self.god_count(self.fresh[p], god)

    def _may_draw(self, p: int, god: int) -> bool:
        """Spec §4.1-2 and §8.1-1: no draw past 7 cards or 3 of a god; a god with no card left is out."""
        return self.hand_size(p) < HAND_LIMIT and self._may_draw_god(p, god)

    def _may_draw_god(self, p: int, god: int) -> bool:
        """:meth:`_may_draw` less the hand limit (which the caller checked)."""
        r = self.cat.god_ranges[god]
        start, stop = r.start, r.stop
        if sum(self.hand[p][start:stop]) + sum(self.fresh[p][start:stop]) >= GOD_LIMIT:
            return False
        return any(self.pile[start:stop]) or any(self.discards[start:stop])

    def _refill_pile(self, god: int) -> None:
        """An empty deck is rebuilt from its discard pile (spec §8.1-2): a reshuffle, as no order is kept."""
        r = self.cat.god_ranges[god]
        if any(self.pile[r.start : r.stop]):
            return
        pile = list(self.pile)
        discards = list(self.discards)
        for t in r:
            pile[t] += discards[t]
            discards[t] = 0
        self.pile = tuple(pile)
        self.discards = tuple(discards)
        if self._events is not None:
            self._emit(f"The {GOD_NAMES[GODS[god]]} discard pile was shuffled into a new deck")

    def _deck_counts(self, god: int) -> list[tuple[int, int]]:
        pile = self.pile
        return [(t, pile[t]) for t in self.cat.god_ranges[god] if pile[t]]

    def _take_from_pile(self, t: int) -> None:
        self.pile = _bump(self.pile, t, -1)

    def _gain_card(self, p: int, t: int, *, playable: bool) -> None:
        if playable:
            self.hand[p] = _bump(self.hand[p], t, 1)
        else:
            self.fresh[p] = _bump(self.fresh[p], t, 1)

    def _lose_card(self, p: int, t: int) -> None:
        """A card leaves ``p``'s hand other than by being played: a fresh copy first (it is worth less)."""
        if self.fresh[p][t]:
            self.fresh[p] = _bump(self.fresh[p], t, -1)
        else:
            self.hand[p] = _bump(self.hand[p], t, -1)
        self._forget(1 - p, t)

    def _forget(self, s: int, t: int) -> None:
        """Seat ``s`` saw a card of type ``t`` leave the opponent's hand: one fewer known there."""
        if self.known[s][t]:
            self.known[s] = _bump(self.known[s], t, -1)

    def _may_hold(self, p: int, t: int) -> bool:
        """Could ``p`` hold a playable card of type ``t``, for all the other seat can tell? Only public facts
        decide: he holds a playable card of its god, and not every copy of it is in the discard pile. (Never
        the other seat's own cards: the answer would then tell ``p`` about them.)"""
        card = self.cat.cards[t]
        return self.discards[t] < card.count and self.god_count(self.hand[p], card.god) > 0

    def _may_react(self, p: int, types: tuple[int, ...]) -> bool:
        """Does a window open for ``p``? When he may hold one of its cards (:meth:`_may_hold`)."""
        if p == 0 and self.turn == 1:  # barred
            return False
        held = self._may_hold_all(p)
        # One or two types: a loop is quicker than any() over a generator or a tuple's __getitem__.
        for t in types:  # noqa: SIM110
            if held[t]:
                return True
        return False

    def _playable(self, p: int) -> tuple[int, ...]:
        """The cards ``p`` may play now, by type: every offer of a card reads this. None in Light's first
        turn (§8.1-8). While the engine weighs whether a decision is a choice at all (``HellasState._asked``),
        one of every type ``p`` may hold for all the other seat can tell (:meth:`_may_hold_all`)."""
        if p == 0 and self.turn == 1:  # barred (the hot path of every offer: the test inlined)
            return self.g.no_cards
        widened = self._widened
        if widened is not None:
            # _asked worked it out once for the seat to decide (one decision reads it up to three times).
            return widened if p == self.cp else self._may_hold_all(p)
        return self.hand[p]

    def _may_hold_all(self, p: int) -> tuple[int, ...]:
        """:meth:`_may_hold` for every type at once (the hot path of ``_asked``): one count per god.

        It depends on public facts only: which gods ``p`` holds playable cards of, and the discard piles.
        Hands and piles are tuples replaced when they change, so the last answer for each seat is kept with
        the very tuples it was made from (``HellasGame.may_hold_last``); and for the discard piles last
        seen, the answer for each set of gods held (``HellasGame.may_hold_by_held``, at most 8), as the
        piles change far less often than the hands.
        """
        hand = self.hand[p]
        discards = self.discards
        g = self.g
        last = g.may_hold_last[p]
        if last[0] is hand and last[1] is discards:
            return last[2]
        zeus, poseidon, ares = g.god_slices  # GODS
        held = (any(hand[zeus]), any(hand[poseidon]), any(hand[ares]))
        by_held = g.may_hold_by_held
        if by_held[0] is not discards:
            # True (a 1) where not every copy of the card is in the discard pile.
            left = tuple(map(lt, discards, g.deck))
            g.may_hold_by_held = by_held = (discards, {}, left)
        answers = by_held[1]
        out = answers.get(held)
        if out is None:
            # 1 where the card's god is held and not every copy of it is in the discard pile: each god's
            # types are a slice of the vector (CardCatalogue.god_ranges), taken from ``left`` or the zeros.
            left = by_held[2]
            none = g.no_cards
            out = answers[held] = (
                (left if held[0] else none)[zeus]
                + (left if held[1] else none)[poseidon]
                + (left if held[2] else none)[ares]
            )
        g.may_hold_last[p] = (hand, discards, out)
        return out

    # ------------------------------------------------------------------ free-timing cards (§8.1-9)

    def _free_cards(self, p: int, out: list[Action], hand: tuple[int, ...] | None = None) -> None:
        """Levy, Hermes' Theft, Oracle and Shipwrights, when held and able to do something (``hand``: the
        caller's :meth:`_playable` of ``p``, if it has it)."""
        g = self.g
        if hand is None:
            hand = self._playable(p)
        play = g.play
        if hand[g.z_levy] and self._levy_moves(p, greeks=True, any_only=True):
            out.append(play[g.z_levy])
        if hand[g.z_theft] and (any(self.hand[1 - p]) or any(self.fresh[1 - p])):  # hand_size(1 - p)
            out.append(play[g.z_theft])
        if hand[g.z_oracle] and (self.pool or self.top or self.bottom):  # stack_size()
            out.append(play[g.z_oracle])
        if hand[g.p_shipwrights] and self._levy_moves(p, greeks=False, any_only=True):
            out.append(play[g.p_shipwrights])

    # ------------------------------------------------------------------ playing and cancelling (§8.2)

    def _do_play(self, action: a.PlayCard) -> None:
        g = self.g
        t = g.card_index[action.card]
        p = self.cp
        if self.phase == ph.RESPOND:
            self._spend(p, t)
            if self._events is not None:
                cancelled = self.cat.cards[self.chain[-1][1]].name
                self._emit(f"{who(p)} answered with Thunderbolt, against {cancelled}", p)
            self.chain = (*self.chain, (p, t))
            self._chain_next()
            return
        self._spend(p, t)
        if self._events is not None:
            self._emit(f"{who(p)} played {self.cat.cards[t].name}", p)
        self.chain = ((p, t),)
        self.chain_then = self.phase
        self._chain_next()

    def _spend(self, p: int, t: int) -> None:
        self.hand[p] = _bump(self.hand[p], t, -1)
        self.discards = _bump(self.discards, t, 1)
        self._forget(1 - p, t)

    def _chain_next(self) -> None:
        responder = 1 - self.chain[-1][0]
        if self._may_react(responder, self.g.thunderbolt_types):
            self.phase = ph.RESPOND
            self.cp = responder
        else:
            self._chain_resolve()

    def _respond_actions(self) -> list[Action]:
        g = self.g
        out: list[Action] = []
        if self._playable(self.cp)[g.z_thunderbolt]:
            out.append(g.play[g.z_thunderbolt])
        out.append(g.pass_)
        return out

    def _chain_resolve(self) -> None:
        chain = self.chain
        p, t = chain[0]
        effective = (len(chain) - 1) % 2 == 0
        self.chain = ()
        if self._events is not None and len(chain) > 1:
            name = self.cat.cards[t].name
            self._emit(f"{name} took effect" if effective else f"{name} was cancelled", p)
        self._effect(p, t, effective, self.chain_then)

    def _do_pass(self, action: a.Pass) -> None:
        phase = self.phase
        if phase == ph.RESPOND:
            self._chain_resolve()
        elif phase == ph.COMBAT:
            self._combat_pass()
        elif phase == ph.STORM:
            self._voyage_succeeds()
        else:  # RETREAT_WINDOW
            self._conquer(retreat=False)

    # ------------------------------------------------------------------ effects (§8.3)

    def _effect(self, p: int, t: int, effective: bool, then: int) -> None:
        effect = self.cat.cards[t].effect
        if effect in ("fury", "stand_firm", "beachhead", "rocky_coast"):
            if effective:
                if effect == "fury":
                    self.fury += 1
                elif effect == "stand_firm":
                    self.firm += 1
                elif effect == "beachhead":
                    self.beach = True
                else:
                    self.rocky = True
            self._combat_card_resolved(p)
        elif effect == "storm":
            if effective:
                if self._events is not None:
                    self._emit(f"The storm wrecked the voyage of {who(self.active)}", p)
                self._fail_voyage()
            else:
                self._voyage_succeeds()
        elif effect == "orderly_retreat":
            self._conquer(retreat=effective)
        elif effect == "double_action":
            if effective:
                self.da_stage = 1
            self._enter_main()
        elif effect == "favour":
            if effective:
                self.burst_left += 1
            self._resume(ph.BURST)
        elif effect in ("levy", "shipwrights"):
            if effective:
                self.effect_left = 2
                self.effect_then = then
                self.phase = ph.LEVY if effect == "levy" else ph.LAUNCH
                self.cp = p
            else:
                self._resume(then)
        elif effect == "theft":
            # The victim may have spent his last card answering the Theft: then there is nothing to take.
            if effective and self.hand_size(1 - p):
                self.effect_then = then
                self.phase = ph.C_STEAL
                self.cp = CHANCE
            else:
                self._resume(then)
        elif effect == "oracle":
            if effective:
                self.effect_then = then
                self.oracle_done = ()
                self._oracle_fill()
            else:
                self._resume(then)
        elif effect == "migration":
            if effective:
                self.migrated = True
                self._start_regroup(-1, ph.END)
            else:
                self._resume(ph.END)
        elif effect == "winds":
            if effective:
                self.v_winds = True
            self._enter_site()
        elif effect == "sea_chart":
            self._draw_voyage_tiles(2 if effective else 1)
        elif effect == "free_passage":
            if effective:
                self.v_free = True
            self._pay_step()
        elif effect == "second_voyage":
            if effective:
                self._start_voyage()
            else:
                self._resume(ph.END)
        elif effect == "forced_march":
            self.fm_used = True
            if effective:
                self.phase = ph.A_FORCED
                self.cp = p
            else:
                self._enter_commit()
        elif effect == "second_strike":
            if effective:
                self.phase = ph.SECOND_ATTACK
                self.cp = p
            else:
                self._resume(ph.END)
        else:  # pragma: no cover - a Thunderbolt never starts a chain
            raise RuntimeError(f"card effect {effect!r} cannot start a chain")

    # ------------------------------------------------------------------ Levy and Shipwrights

    def _levy_moves(self, p: int, *, greeks: bool, any_only: bool = False) -> list[tuple[int, int]]:
        """(city, source) placements: from the supply (source -1), else from another own city (§8.1-7).
        ``any_only``: the first one found only, or none (whether the card can do anything)."""
        pieces = self.greeks if greeks else self.ships
        supply = self.gsup[p] if greeks else self.ssup[p]
        cities = iter_bits(self.owned[p])
        if any_only:  # whether there is one at all (a card's offer): the first found
            keep = 1 if greeks else 0
            for c in cities:
                if pieces[c] < CITY_CAP:
                    if supply:
                        return [(c, -1)]
                    for f in cities:
                        if f != c and pieces[f] > keep:
                            return [(c, f)]
            return []
        rooms = [c for c in cities if pieces[c] < CITY_CAP]
        if supply:
            return [(c, -1) for c in rooms]
        keep = 1 if greeks else 0
        out = []
        for c in rooms:
            for f in cities:
                if f != c and pieces[f] > keep:
                    out.append((c, f))
        return out

    def _levy_actions(self) -> list[Action]:
        g = self.g
        out: list[Action] = []
        if self.effect_left:
            table = g.levy
            out = [table[c][f + 1] for c, f in self._levy_moves(self.active, greeks=True)]
        out.append(g.done)
        return out

    def _launch_actions(self) -> list[Action]:
        g = self.g
        out: list[Action] = []
        if self.effect_left:
            table = g.launch
            out = [table[c][f + 1] for c, f in self._levy_moves(self.active, greeks=False)]
        out.append(g.done)
        return out

    def _do_levy(self, action: a.LevyGreek) -> None:
        p = self.active
        c, f = action.city, action.source
        self.greeks[c] += 1
        if f < 0:
            self.gsup[p] -= 1
        else:
            self.greeks[f] -= 1
            tired = self.tired
            if tired[f]:
                moved = list(tired)
                moved[f] -= 1
                moved[c] += 1
                self.tired = tuple(moved)
        if self._events is not None:
            where = "the supply" if f < 0 else f"city {f}"
            self._emit(f"{who(p)} levied a Greek from {where} into city {c}", p)
        self._effect_step()

    def _do_launch(self, action: a.LaunchShip) -> None:
        p = self.active
        c, f = action.city, action.source
        self.ships[c] += 1
        if f < 0:
            self.ssup[p] -= 1
        else:
            self.ships[f] -= 1
        if self._events is not None:
            where = "the supply" if f < 0 else f"city {f}"
            self._emit(f"{who(p)} launched a ship from {where} at city {c}", p)
        self._effect_step()

    def _effect_step(self) -> None:
        self.effect_left -= 1
        if self.effect_left <= 0:
            self._resume(self.effect_then)

    # ------------------------------------------------------------------ Hermes' Theft and the hand limits

    def _do_card_stolen(self, action: a.CardStolen) -> None:
        t = self.cat.card_by_id[action.card]
        p = self.active
        v = 1 - p
        self._lose_card(v, t)  # the thief's own knowledge of the victim's hand shrinks with it
        self._gain_card(p, t, playable=False)
        self.known[v] = _bump(self.known[v], t, 1)  # the victim knows what the thief now holds
        if self._events is not None:
            self._emit(f"{who(p)} took a card from {who(v)}", p)
            self._emit(f"(the card {who(p)} took from {who(v)} is {self.cat.cards[t].name})", p, (p, v))
        self._check_limits(p)

    def _over_limit(self, p: int) -> tuple[int, ...]:
        """The card types ``p`` may discard to get back within the limits; empty when within them."""
        both = [a + b for a, b in zip(self.hand[p], self.fresh[p], strict=True)]
        for god, r in enumerate(self.cat.god_ranges):
            if self.held_of_god(p, god) > GOD_LIMIT:
                return tuple(t for t in r if both[t])
        if sum(both) > HAND_LIMIT:
            return tuple(t for t, n in enumerate(both) if n)
        return ()

    def _check_limits(self, p: int) -> None:
        if self._over_limit(p):
            self.discarder = p
            self.phase = ph.DISCARD
            self.cp = p
            return
        self.discarder = -1
        self._resume(self.effect_then)

    def _discard_actions(self) -> list[Action]:
        discard = self.g.discard
        return [discard[t] for t in self._over_limit(self.discarder)]

    def _do_discard(self, action: a.Discard) -> None:
        t = self.cat.card_by_id[action.card]
        p = self.discarder
        self._lose_card(p, t)
        self.discards = _bump(self.discards, t, 1)
        if self._events is not None:
            self._emit(f"{who(p)} discarded {self.cat.cards[t].name} (hand limit)", p)
        self._check_limits(p)

    # ------------------------------------------------------------------ Oracle

    def _oracle_fill(self) -> None:
        """Bring the top three tiles into the known top (peeks from the pool are chance nodes)."""
        want = min(ORACLE_DEPTH, self.stack_size())
        while len(self.top) < want:
            if self.pool:
                self.phase = ph.C_PEEK
                self.cp = CHANCE
                return
            t = self.bottom[0]
            self.bottom = self.bottom[1:]
            self.top = (*self.top, t)
            self.top_seen = (*self.top_seen, 3 | PUBLIC)  # everyone saw it go under the stack
        p = self.active
        self.top_seen = tuple(seen | (1 << p) for seen in self.top_seen)
        if self._events is not None:
            names = ", ".join(self.cat.tiles[t].id for t in self.top)
            looked = f"{who(p)} looked at the top {len(self.top)} tile(s) of the stack"
            self._emit_secret(looked, f"they are {names}, top first", p)
        self.phase = ph.ORACLE
        self.cp = p

    def _do_tile_peeked(self, action: a.TilePeeked) -> None:
        t = self.cat.tile_by_id[action.tile]
        self.pool &= ~(1 << t)
        self.top = (*self.top, t)
        self.top_seen = (*self.top_seen, 1 << self.active)
        self._oracle_fill()

    def _oracle_rest(self) -> list[int]:
        rest = list(self.top)
        for t in self.oracle_done:
            rest.remove(t)
        return rest

    def _oracle_actions(self) -> list[Action]:
        order = self.g.order_tile
        tiles = self.cat.tiles
        seen: set[int] = set()
        out: list[Action] = []
        for t in sorted(self._oracle_rest()):
            if tiles[t].shape not in seen:
                seen.add(tiles[t].shape)
                out.append(order[t])
        return out

    def _do_order(self, action: a.OrderTile) -> None:
        t = self.cat.tile_by_id[action.tile]
        rest = self._oracle_rest()
        # Among identical tiles, the lowest id stands for all of them.
        shape = self.cat.tiles[t].shape
        t = min(u for u in rest if self.cat.tiles[u].shape == shape)
        self.oracle_done = (*self.oracle_done, t)
        rest.remove(t)
        if len(rest) > 1:
            return
        p = self.active
        order = (*self.oracle_done, *rest)
        seen_by = dict(zip(self.top, self.top_seen, strict=True))
        self.top = order
        self.top_seen = tuple(seen_by[u] for u in order)
        self.top_order = p
        self.oracle_done = ()
        if self._events is not None:
            names = ", ".join(self.cat.tiles[u].id for u in order)
            self._emit_secret(f"{who(p)} put the tiles back on top", f"in the order {names}, top first", p)
        self._resume(self.effect_then)
