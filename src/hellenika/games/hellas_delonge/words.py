"""Small text helpers shared by the log, the labels and the terminal picture."""

from __future__ import annotations


def count(n: int, word: str) -> str:
    """``1 Greek``, ``2 Greeks``, ``0 ships``."""
    return f"{n} {word}{'' if n == 1 else 's'}"
