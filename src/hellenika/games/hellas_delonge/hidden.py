"""Determinization: a copy of the state in which what a seat cannot see is resampled (for search bots).

What a seat cannot see (spec §3, §8.1): the opponent's cards, except their number per god (the decks have
different backs) and the cards it knows he holds (a card Hermes' Theft took from it); the order and content of
the god decks; the face-down middle of the tile stack, and the top tiles someone else looked at with the
Oracle. What it saw is kept: its own hand, every discard pile, the tiles under the stack, the top tiles it
looked at (in order, if it was the last to arrange them; as a set otherwise).

So the opponent's unknown cards are redealt, god by god and separately for his playable and his fresh cards,
from that god's unseen cards (his unknown cards plus the deck); the unseen top tiles go back into the pool and
their places are drawn again from it. A spectator (``seat=None``) keeps only what is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge.stack import PUBLIC

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState


def _draw_from(pile: list[int], types: range, n: int, rng: Rng) -> list[int]:
    """Take ``n`` cards at random from the counts ``pile[t]`` for ``t`` in ``types``; returns the types."""
    out = []
    for _ in range(n):
        total = sum(pile[t] for t in types)
        pick = rng.randbelow(total)
        for t in types:
            if pick < pile[t]:
                pile[t] -= 1
                out.append(t)
                break
            pick -= pile[t]
    return out


def _redeal_cards(c: HellasState, seat: int | None, rng: Rng) -> None:
    cat = c.cat
    redealt = (0, 1) if seat is None else (1 - seat,)
    pile = list(c.pile)
    plans = []
    for p in redealt:
        known = c.known[seat] if seat is not None else (0,) * len(pile)
        hand, fresh = list(c.hand[p]), list(c.fresh[p])
        kept_fresh = [min(k, f) for k, f in zip(known, fresh, strict=True)]
        kept_hand = [min(k - kf, h) for k, kf, h in zip(known, kept_fresh, hand, strict=True)]
        for group, kept in ((hand, kept_hand), (fresh, kept_fresh)):
            need = []
            for r in cat.god_ranges:
                n = 0
                for t in r:
                    unknown = group[t] - kept[t]
                    pile[t] += unknown
                    n += unknown
                need.append(n)
            plans.append((p, group is fresh, kept, need))
    new_groups: dict[tuple[int, bool], list[int]] = {}
    for p, is_fresh, kept, need in plans:
        vector = list(kept)
        for god, r in enumerate(cat.god_ranges):
            for t in _draw_from(pile, r, need[god], rng):
                vector[t] += 1
        new_groups[p, is_fresh] = vector
    for p in redealt:
        c.hand[p] = tuple(new_groups[p, False])
        c.fresh[p] = tuple(new_groups[p, True])
    c.pile = tuple(pile)
    if seat is None:
        # Keep the players' knowledge consistent with the redealt hands (a spectator cannot see it anyway).
        for s in (0, 1):
            other = [a + b for a, b in zip(c.hand[1 - s], c.fresh[1 - s], strict=True)]
            c.known[s] = tuple(min(k, o) for k, o in zip(c.known[s], other, strict=True))


def _redeal_top(c: HellasState, seat: int | None, rng: Rng) -> None:
    if not c.top:
        return
    bit = PUBLIC if seat is None else (1 << seat) | PUBLIC
    pool = c.pool
    top = list(c.top)
    seen = list(c.top_seen)
    unseen = [i for i, mask in enumerate(seen) if not mask & bit]
    for i in unseen:
        pool |= 1 << top[i]
    for i in unseen:
        k = rng.randbelow(pool.bit_count())
        mask = pool
        for _ in range(k):
            mask &= mask - 1
        t = (mask & -mask).bit_length() - 1
        pool &= ~(1 << t)
        top[i] = t
    if c.top_order != seat:
        order = list(range(len(top)))
        rng.shuffle(order)
        top = [top[i] for i in order]
        seen = [seen[i] for i in order]
    c.pool = pool
    c.top = tuple(top)
    c.top_seen = tuple(seen)


def determinize(s: HellasState, seat: int | None, rng: Rng) -> HellasState:
    c = s.clone()
    _redeal_cards(c, seat, rng)
    _redeal_top(c, seat, rng)
    if c.oracle_done and seat != c.active:
        # How many tiles he has put back is public (one decision each); which ones, in what order, is his
        # secret: a random ordered choice of as many from the sampled top keeps the steps he has left.
        picks = list(c.top)
        rng.shuffle(picks)
        c.oracle_done = tuple(picks[: len(c.oracle_done)])
    c._legal = None  # the cached options were the true opponent's
    return c
