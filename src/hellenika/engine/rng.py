"""Hellenika's own seeded pseudo-random generator.

Chance is sampled *outside* game states (by the match runner), so states never hold a generator a bot could
peek at. We use SplitMix64 rather than :mod:`random`: its whole state is one integer (trivially serialisable),
its output is identical on every Python version, and independent streams are derived by name with
:meth:`Rng.fork`, so adding a bot never changes the dice of a seeded game. Golden tests pin the output.

How a seed turns into chance draws is a *scheme*, named in every record so a record's chance outcomes can be
checked against its seed (:class:`ChanceDraws`). There are two, one per kind of caller:

- ``"stream"`` (the match runner: ``hellenika play``, ``simulate``, the bots' benchmarks): every draw of a
  game comes from one generator, ``Rng(seed).fork("chance")``, in order. Cheap, but a draw depends on how
  much randomness the draws before it used, so it can only be checked by replaying the game in order.
- ``"per-step"`` (the server): the draw at history step ``n`` comes from its own generator,
  ``Rng(seed).fork("chance-<n>")``. A table rebuilt after a restart, or after an undo, needs no saved
  generator state and draws the same again.
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


#: The two ways a seed gives chance draws (see the module docstring); a record names the one it used.
STREAM, PER_STEP = "stream", "per-step"
CHANCE_SCHEMES = (STREAM, PER_STEP)


def chance_stream(seed: int) -> Rng:
    """The one generator of every chance draw of a ``"stream"`` game, drawn from in order."""
    return Rng(seed).fork("chance")


def chance_at_step(seed: int, step: int) -> Rng:
    """The generator of the chance draw at history step ``step`` of a ``"per-step"`` game."""
    return Rng(seed).fork(f"chance-{step}")


class ChanceDraws:
    """The generator to sample the chance node at each history step with, for a seed and a scheme.

    Steps must be asked in increasing order (a replay does): the stream scheme hands out its one generator.
    """

    __slots__ = ("_stream", "scheme", "seed")

    def __init__(self, seed: int, scheme: str) -> None:
        if scheme not in CHANCE_SCHEMES:
            raise ValueError(f"unknown chance scheme {scheme!r}; known: {', '.join(CHANCE_SCHEMES)}")
        self.seed = seed
        self.scheme = scheme
        self._stream = chance_stream(seed) if scheme == STREAM else None

    def at(self, step: int) -> Rng:
        return self._stream if self._stream is not None else chance_at_step(self.seed, step)
