"""Paying for a building (spec §5.3), as short steps: one landscape card at a time.

The requirement after reductions is R' (symbols per landscape type) plus G cards of any type (the new-
settlement surcharge of §5.6, and a street's cost of §5.5). Each symbol of R' is paid with a card of its type
or with any two cards.

The spec's check (§5.3): a multiset P of cards pays iff ``0 <= 2|R'| + G - |P| <= sum_t min(R'_t, P_t)``.
Write ``f(P) = |P| + sum_t min(R'_t, P_t)`` and ``K = 2|R'| + G``: P pays iff ``f(P) >= K`` and ``|P| <= K``.
A card adds 2 to f when it matches a symbol still open, else 1, so f only grows.

Which payments the engine offers (docs/rules/attika.md): the *minimal* ones, those with no card that could be
kept. They are exactly the P with ``f(P) == K``; a payment with ``f(P) = K + 1`` (say {M, W} for one M) hands
over a card for nothing. So a payment in progress is just (c, g): the symbols still matchable and the points
still owed, ``g = K - f(paid)``. Paying a card of type t gives ``(c - t, g - 2)`` if ``c_t > 0``, else
``(c, g - 1)``; the payment ends exactly when g reaches 0. A card is offered only if the rest of the hand can
still bring g to exactly 0 (:func:`options`).
"""

from __future__ import annotations

from hellenika.games.attika.catalogue import Vector


def points(r: Vector, generic: int) -> int:
    """K: what a requirement is worth in payment points."""
    return 2 * (r[0] + r[1] + r[2] + r[3]) + generic


def shortfall(hand: Vector, r: Vector, generic: int) -> int:
    """How many payment points the whole hand falls short of the requirement (<= 0: it can be paid)."""
    return (
        2 * (r[0] + r[1] + r[2] + r[3])
        + generic
        - hand[0]
        - hand[1]
        - hand[2]
        - hand[3]
        - min(r[0], hand[0])
        - min(r[1], hand[1])
        - min(r[2], hand[2])
        - min(r[3], hand[3])
    )


def can_pay(hand: Vector, r: Vector, generic: int) -> bool:
    """Some payment from ``hand`` satisfies the §5.3 check (then a minimal one exists too)."""
    return shortfall(hand, r, generic) <= 0


def satisfies_cost(r: Vector, generic: int, paid: Vector) -> bool:
    """The spec's §5.3 check, verbatim: ``0 <= 2|R'| + S - |P| <= sum_t min(R'_t, P_t)``."""
    slack = points(r, generic) - sum(paid)
    return 0 <= slack <= sum(min(a, b) for a, b in zip(r, paid, strict=True))


def is_minimal(r: Vector, generic: int, paid: Vector) -> bool:
    """Pays the cost and no card of it could be kept: ``f(P) == K`` (see the module docstring)."""
    f = sum(paid) + sum(min(a, b) for a, b in zip(r, paid, strict=True))
    return f == points(r, generic)


def pay_card(c: Vector, g: int, t: int) -> tuple[Vector, int]:
    """The payment state after one card of type ``t``."""
    if c[t]:
        lst = list(c)
        lst[t] -= 1
        return (lst[0], lst[1], lst[2], lst[3]), g - 2
    return c, g - 1


def options(hand: Vector, c: Vector, g: int) -> list[int]:
    """Landscape types a card may be paid in now: the payment can still end with nothing overpaid.

    In closed form (see :func:`exact`; the tests compare it with a search): the hand's matchable, loose and
    spare cards are counted once, then each type's card changes them by one.
    """
    matchable, loose, spare, fewest = _counts(hand, c)
    most = 2 * matchable + loose + spare  # the most points the whole hand can add
    out = []
    for t in range(4):
        ht = hand[t]
        if not ht:
            continue
        ct = c[t]
        if ct:
            # A matching card: 2 points, one symbol and one matchable card fewer (its spare cards stay; with
            # its last symbol matched they turn loose, which the fewest symbols 0 below stands for).
            rest = g - 2
            if rest < 0 or rest > most - 2:
                continue
            if loose or not rest & 1:
                out.append(t)
                continue
            least = fewest if ht <= ct else min(fewest, ct - 1)
            if rest > 2 * least:
                out.append(t)
        else:  # a loose card: 1 point
            rest = g - 1
            if rest <= most - 1 and (loose > 1 or not rest & 1 or rest > 2 * fewest):
                out.append(t)
    return out


_NO_SPARE = 1 << 30  # "fewest symbols of a type with spare cards" when no type has any


def _counts(hand: Vector, c: Vector) -> tuple[int, int, int, int]:
    """(matchable, loose, spare, fewest) of :func:`exact`."""
    matchable = loose = spare = 0
    fewest = _NO_SPARE
    for t in range(4):
        ct = c[t]
        ht = hand[t]
        if not ct:
            loose += ht
        elif ht > ct:
            matchable += ct
            spare += ht - ct
            fewest = min(fewest, ct)
        else:
            matchable += ht
    return matchable, loose, spare, fewest


def exact(g: int, c: Vector, hand: Vector) -> bool:
    """Can cards from ``hand`` add exactly ``g`` (>= 0) points, with ``c`` symbols still matchable? In
    closed form (the tests compare it with a search over every sum the cards can make).

    k cards of type t add ``2k`` while k <= c_t, then one each. Count the ``matchable`` cards (min(h_t, c_t)
    summed), the ``loose`` ones (types with no symbol open) and the ``spare`` ones (cards beyond the symbols
    of their type). With a loose card every total from 0 to the most, ``2 matchable + loose + spare``, is
    reachable (2A + B with A matched cards and B loose or spare ones). Without one, an even total is 2A (A up
    to matchable), or beyond 2 matchable the spare cards of fully matched types; an odd total needs a spare
    card, so every symbol of its type matched first: at least ``2 fewest + 1``, where ``fewest`` is the
    fewest symbols of a type with spare cards.
    """
    matchable, loose, spare, fewest = _counts(hand, c)
    if g > 2 * matchable + loose + spare:
        return False
    return bool(loose) or not g & 1 or g > 2 * fewest


def describe_owed(c: Vector, g: int) -> str:
    """Plain words for what is still owed, e.g. ``"M, or 2 any"`` / ``"2 any"`` / ``"M + 1 any"``."""
    from hellenika.games.attika.catalogue import LANDSCAPES

    symbols = "".join(LANDSCAPES[t] * n for t, n in enumerate(c))
    open_symbols = sum(c)
    generic = g - 2 * open_symbols
    if generic >= 0:
        if not open_symbols:
            return f"{generic} any"
        extra = f" + {generic} any" if generic else ""
        return f"{symbols}{extra} (a symbol: its card or any 2)"
    # Cards already given count towards 2-for-1s: g points are left, each matching card counts 2.
    if g == 1:  # the second card of a 2-for-1: a matching card would pay 2 for 1
        others = "".join(LANDSCAPES[t] for t in range(4) if not c[t])
        return f"1 more card ({' or '.join(others)})" if others else "1 more card"
    return f"{g} points: a card of {symbols} counts 2, any other card 1"
