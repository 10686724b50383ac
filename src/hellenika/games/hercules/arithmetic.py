"""The arithmetic of a Labour (spec §4.3), precomputed for every pair of die faces.

With a >= b: a + b, a - b (at least 1), a x b (at most 12), a / b (exact). Results must be 1..12.
"""

from __future__ import annotations

from hellenika.i18n import Msg, _m


def combine(a: int, b: int, op: str) -> int | None:
    """The Labour number two faces give with ``op``, or None if the rules do not allow it."""
    hi, lo = (a, b) if a >= b else (b, a)
    if op == "+":
        result = hi + lo
    elif op == "-":
        result = hi - lo
    elif op == "x":
        result = hi * lo
    elif op == "/":
        if hi % lo:
            return None
        result = hi // lo
    else:
        return None
    return result if 1 <= result <= 12 else None


def why_not(a: int, b: int, op: str) -> Msg:
    """Plain-words reason ``combine`` refused, for error messages."""
    hi, lo = (a, b) if a >= b else (b, a)
    if op == "/" and hi % lo:
        return _m("hercules.illegal.not_whole", hi=hi, lo=lo)
    value = {"+": hi + lo, "-": hi - lo, "x": hi * lo, "/": hi // lo}.get(op)
    if value is None:
        return _m("hercules.illegal.unknown_operation_use", op=repr(op))
    return _m("hercules.illegal.out_of_range", hi=hi, op=op, lo=lo, value=value)


# (a, b) -> ((op, result), ...) for faces 1..6, in the order + - x /
RESULTS: dict[tuple[int, int], tuple[tuple[str, int], ...]] = {
    (a, b): tuple((op, r) for op in ("+", "-", "x", "/") if (r := combine(a, b, op)) is not None)
    for a in range(1, 7)
    for b in range(1, 7)
}
