"""Paying (spec §5.3; test cases 4 and 5; open question Q5) and the card-by-card steps.

The spec's check decides what *pays*; the engine offers only payments that pay with no card to spare (see
docs/rules/attika.md): a payment ends the moment it is complete, and a card that could only be handed over
for nothing is not offered.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from hellenika.games.attika import payment
from hellenika.games.attika.phases import PAY

from .builders import act, hand, legal, payments, position

M_ONLY = (0, 1, 0, 0)


def v(text: str) -> tuple[int, int, int, int]:
    return (text.count("W"), text.count("M"), text.count("F"), text.count("H"))


# ---------------------------------------------------------------- case 4: 2-for-1


def test_case_4_two_for_one():
    assert payment.satisfies_cost(M_ONLY, 0, v("WF"))
    assert not payment.satisfies_cost(M_ONLY, 0, v("W"))
    assert not payment.satisfies_cost(M_ONLY, 0, v("WFH"))  # overpaying


def test_case_4_through_the_steps():
    # R' = {M} (QUARRY on (0,0) of fixture F), hand {W, F, H}: any two of them, never all three.
    state = position(hands=["WFH", ""], storage=[["QUARRY"], []])
    act(state, "build QUARRY")
    assert payments(state, "place 0 0") == {"WF", "WH", "FH"}


# ---------------------------------------------------------------- case 5: exact match with surcharge


def test_case_5_exact_match_with_surcharge():
    for valid in ("MW", "WFH", "MMW"):
        assert payment.satisfies_cost(M_ONLY, 1, v(valid)), valid
    for invalid in ("WF", "M", "MWFH"):
        assert not payment.satisfies_cost(M_ONLY, 1, v(invalid)), invalid


def test_case_5_the_engine_never_asks_for_a_card_that_buys_nothing():
    # {M, M, W} passes the §5.3 check, but {M, W} (or {M, M}) inside it already pays: the third card is
    # spare. The steps stop as soon as the cost is paid, so it is never reached.
    assert not payment.is_minimal(M_ONLY, 1, v("MMW"))
    assert payment.is_minimal(M_ONLY, 1, v("MW")) and payment.is_minimal(M_ONLY, 1, v("WFH"))
    # QUARRY on (0,0) of fixture F with S = 1: P owns a Well on a second tile, away from (0,0).
    state = position(
        tiles=(("T04", 0, 0, 0), ("T02", 3, -2, 0)),
        buildings=[(3, -3, 0, "WELL")],
        hands=["MMWFH", ""],
        storage=[["QUARRY"], []],
    )
    act(state, "build QUARRY")
    found = payments(state, "place 0 0")
    assert "MMW" not in {"".join(sorted(p)) for p in found}
    assert found == {"WM", "MM", "MF", "MH", "WFH"}


def test_paying_in_steps_reports_what_is_owed():
    state = position(hands=["WFHM", ""], storage=[["QUARRY"], []])
    act(state, "build QUARRY", "place 0 0")
    assert sorted(legal(state)) == ["pay F", "pay H", "pay M", "pay W"]
    act(state, "pay W")  # one of two for the M: now M is no longer an option (it would buy nothing)
    assert sorted(legal(state)) == ["pay F", "pay H"]
    act(state, "pay H")
    assert hand(state, 0) == "MF"


def test_a_forced_card_is_asked_all_the_same():
    state = position(hands=["MWW", ""], storage=[["QUARRY"], []])
    # R' = {M}: M alone, or W W. Two choices.
    act(state, "build QUARRY", "place 0 0")
    assert sorted(legal(state)) == ["pay M", "pay W"]
    # A lone M is no choice, but paying it by itself would show the others, by the missing step, that the
    # hand had no other way to pay (docs/rules/attika.md, "Payment"): it is asked.
    only = position(hands=["M", ""], storage=[["QUARRY"], []])
    act(only, "build QUARRY", "place 0 0")
    assert only.phase == PAY and only.current_player() == 0 and legal(only) == ["pay M"]
    act(only, "pay M")
    assert hand(only, 0) == "" and only.placed[0] == 1
    # The same with a W W payment: each W is a step.
    pair = position(hands=["WW", ""], storage=[["QUARRY"], []])
    act(pair, "build QUARRY", "place 0 0")
    assert legal(pair) == ["pay W"]
    act(pair, "pay W")
    assert legal(pair) == ["pay W"] and pair.placed[0] == 0
    act(pair, "pay W")
    assert pair.placed[0] == 1 and pair.version == 4


# ---------------------------------------------------------------- the steps reach exactly the minimal ones

vectors = st.tuples(*(st.integers(0, 2) for _ in range(4)))
hands = st.tuples(*(st.integers(0, 4) for _ in range(4)))


def _walk(c, g, hand_left, paid, out):
    if g == 0:
        out.add(paid)
        return
    for t in payment.options(hand_left, c, g):
        nc, ng = payment.pay_card(c, g, t)
        h = list(hand_left)
        h[t] -= 1
        p = list(paid)
        p[t] += 1
        _walk(nc, ng, tuple(h), tuple(p), out)


@settings(max_examples=300, deadline=None)
@given(r=vectors, generic=st.integers(0, 4), held=hands)
def test_steps_reach_exactly_the_minimal_payments(r, generic, held):
    if sum(r) > 4:
        return
    k = payment.points(r, generic)
    reached: set[tuple[int, ...]] = set()
    if k:
        _walk(r, k, held, (0, 0, 0, 0), reached)
    subsets = [q for q in product(*(range(n + 1) for n in held))]
    valid = {q for q in subsets if payment.satisfies_cost(r, generic, q)}
    minimal = {
        q for q in valid if not any(o != q and all(a <= b for a, b in zip(o, q, strict=True)) for o in valid)
    }
    if k:
        assert reached == minimal
    assert minimal == {q for q in valid if payment.is_minimal(r, generic, q)}
    assert payment.can_pay(held, r, generic) == bool(valid)


def test_what_is_still_owed_in_plain_words():
    assert payment.describe_owed(v("M"), 2) == "M (a symbol: its card or any 2)"
    assert payment.describe_owed(v("M"), 3) == "M + 1 any (a symbol: its card or any 2)"
    assert payment.describe_owed(v(""), 2) == "2 any"
    # After one card of a 2-for-1 for an F: one more card, not an F (that would pay 2 for 1).
    assert payment.describe_owed(v("F"), 1) == "1 more card (W or M or H)"
    assert payment.describe_owed(v("MM"), 3) == "3 points: a card of MM counts 2, any other card 1"


def reachable_by_search(g: int, c: tuple[int, ...], hand: tuple[int, ...]) -> bool:
    """The reference for :func:`payment.exact` (which the engine uses): can cards from ``hand`` add exactly
    ``g`` points, with ``c`` symbols still matchable?

    k cards of type t add ``2 min(k, c_t) + max(0, k - c_t)`` points: the first c_t match (2 each), the
    rest count 1. A bitset of the sums reachable so far, type by type.
    """
    limit = (1 << (g + 1)) - 1
    sums = 1
    for t in range(4):
        ct = c[t]
        values = 0
        for k in range(hand[t] + 1):
            v = 2 * k if k <= ct else ct + k
            if v > g:
                break
            values |= 1 << v
        grown = 0
        while values:
            low = values & -values
            grown |= sums << (low.bit_length() - 1)
            values ^= low
        sums = grown & limit
    return bool(sums >> g & 1)


@given(
    g=st.integers(0, 16),
    c=st.tuples(*[st.integers(0, 4)] * 4),
    held=st.tuples(*[st.integers(0, 6)] * 4),
)
def test_the_closed_form_reaches_the_points_the_bitset_search_does(g, c, held):
    assert payment.exact(g, c, held) == reachable_by_search(g, c, held)


def options_by_search(hand: tuple[int, ...], c: tuple[int, ...], g: int) -> list[int]:
    """The reference for :func:`payment.options`: the types of a card after which the rest of the hand can
    still add exactly the points left."""
    out = []
    for t in range(4):
        if not hand[t]:
            continue
        nc, ng = payment.pay_card(c, g, t)
        rest = tuple(n - (k == t) for k, n in enumerate(hand))
        if ng >= 0 and reachable_by_search(ng, nc, rest):
            out.append(t)
    return out


def test_the_offered_cards_are_those_a_search_finds():
    for g in range(1, 9):
        for c in product(range(3), repeat=4):
            for held in product(range(4), repeat=4):
                assert payment.options(held, c, g) == options_by_search(held, c, g), (held, c, g)
