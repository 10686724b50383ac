"""The arithmetic of a Labour (spec §4.3), precomputed for every pair of die faces.

With a >= b: a + b, a - b (at least 1), a x b (at most 12), a / b (exact). Results must be 1..12.
"""

from __future__ import annotations


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


def why_not(a: int, b: int, op: str) -> str:
    """Plain-words reason ``combine`` refused, for error messages."""
    hi, lo = (a, b) if a >= b else (b, a)
    if op == "/" and hi % lo:
        return f"{hi} / {lo} is not a whole number"
    value = {"+": hi + lo, "-": hi - lo, "x": hi * lo, "/": hi // lo}.get(op)
    if value is None:
        return f"unknown operation {op!r} (use + - x /)"
    return f"{hi} {op} {lo} = {value} is not between 1 and 12"


# (a, b) -> ((op, result), ...) for faces 1..6, in the order + - x /
RESULTS: dict[tuple[int, int], tuple[tuple[str, int], ...]] = {
    (a, b): tuple((op, r) for op in ("+", "-", "x", "/") if (r := combine(a, b, op)) is not None)
    for a in range(1, 7)
    for b in range(1, 7)
}
