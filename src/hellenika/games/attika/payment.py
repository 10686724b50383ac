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

from functools import lru_cache

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

    Memoised (:func:`_options`) on the hand capped at ``g`` cards of a type: every card adds a point at
    least, so cards past the first ``g`` of a type can never be paid, and the answer is the same."""
    h0, h1, h2, h3 = hand
    capped = (h0 if h0 < g else g, h1 if h1 < g else g, h2 if h2 < g else g, h3 if h3 < g else g)
    return list(_options(capped, c, g))


@lru_cache(maxsize=65536)
def _options(hand: Vector, c: Vector, g: int) -> tuple[int, ...]:
    """:func:`options`, memoised (a pure function of small vectors; every payment step asks it)."""
    out = []
    for t in range(4):
        if not hand[t]:
            continue
        if c[t]:
            rest = g - 2
            if rest < 0:
                continue
            if rest == 0:
                out.append(t)
                continue
            lst = list(c)
            lst[t] -= 1
            nc = (lst[0], lst[1], lst[2], lst[3])
        else:
            rest = g - 1
            if rest == 0:
                out.append(t)
                continue
            nc = c
        lh = list(hand)
        lh[t] -= 1
        if exact(rest, nc, (lh[0], lh[1], lh[2], lh[3])):
            out.append(t)
    return tuple(out)


def exact(g: int, c: Vector, hand: Vector) -> bool:
    """Can cards from ``hand`` add exactly ``g`` points, with ``c`` symbols still matchable? In closed form
    (the tests compare it with a search over every sum the cards can make).

    k cards of type t add ``2k`` while k <= c_t, then one each. So a payment is A matched cards (2 points)
    and B cards counting 1, for ``2A + B == g``: A at most ``matchable`` (min(h_t, c_t) summed), B from the
    ``loose`` cards (types with no symbol open) and, for each type whose symbols are all matched, from the
    cards it has beyond them. Each set S of such types gives A in [sum of their c_t, matchable] and B in
    [0, loose + their spare cards]; g is reachable iff some S leaves room for ``2A + B == g``.
    """
    matchable = 0
    loose = 0
    spare: list[tuple[int, int]] = []  # (symbols, cards beyond them) of types holding more than they match
    for t in range(4):
        ct = c[t]
        ht = hand[t]
        if not ct:
            loose += ht
        elif ht > ct:
            matchable += ct
            spare.append((ct, ht - ct))
        else:
            matchable += ht
    hi = matchable if matchable < g // 2 else g // 2
    bounds = [(0, loose)]  # per set S: (least A, most B)
    for ct, et in spare:
        bounds += [(a + ct, b + et) for a, b in bounds]
    return any(max(a, (g - b + 1) // 2) <= hi for a, b in bounds)


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
