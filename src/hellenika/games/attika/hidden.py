"""Hidden information in Attika: determinization (re-dealing the hands a seat cannot see, redrawing a
building an opponent is still looking at). A mixin of :class:`~hellenika.games.attika.state.AttikaState`
(see :mod:`fields`).
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from hellenika.engine.rng import Rng
from hellenika.games.attika import costs, payment
from hellenika.games.attika.catalogue import MAIN_STACK
from hellenika.games.attika.fields import AttikaFields, _bump
from hellenika.games.attika.phases import DRAWN, PAY, PLACE

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

_REDEALS = 200  # determinize: re-deals tried before keeping the one hand known to pay


class HiddenMixin(AttikaFields):
    __slots__ = ()

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
