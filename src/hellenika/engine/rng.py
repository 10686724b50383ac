"""Hellenika's own seeded pseudo-random generator.

Chance is sampled *outside* game states (by the match runner), so states never hold a generator a bot could
peek at. We use SplitMix64 rather than :mod:`random`: its whole state is one integer (trivially serialisable),
its output is identical on every Python version, and independent streams are derived by name with
:meth:`Rng.fork`, so adding a bot never changes the dice of a seeded game. Golden tests pin the output.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _hash_label(label: str) -> int:
    """A stable 64-bit hash of a label (FNV-1a; never Python's salted ``hash``)."""
    h = 0xCBF29CE484222325
    for byte in label.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


class Rng:
    """SplitMix64 generator with a serialisable integer state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        return _mix(s)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias (rejection of the short tail)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``, both ends included."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, weights: Sequence[float]) -> int:
        """Index drawn with probability proportional to ``weights``."""
        total = sum(weights)
        x = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                return i
        return len(weights) - 1

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's *current* state and a label."""
        child = Rng.__new__(Rng)
        child.state = _mix(self.state ^ _hash_label(label))
        return child

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state & _MASK
