"""The tile stack (spec §3 steps 4-8, §5.2, Oracle and Sea Chart in §8.3), as three parts by what is known.

- ``top``: tiles someone has looked at with the Oracle, in order; ``top_seen`` holds, per tile, the seats that
  saw it, and ``top_order`` the seat that knows their order (the last to arrange them);
- ``pool``: the face-down middle nobody knows, a bitmask of tile indices; a draw from it is a chance node over
  the shape classes left, weighted by count (identical tiles are one outcome);
- ``bottom``: tiles put face down under the stack after a failed voyage (and Sea Chart's unused tile). Both
  players saw them go there, in that order, so they are public and come up last, first in first out.
"""

from __future__ import annotations

from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge.fields import HellasFields
from hellenika.games.hellas_delonge.hexmap import nth_bit

PUBLIC = 4  # a top_seen bit: everyone knows this tile is there (it came up from under the stack)


class StackMixin(HellasFields):
    """Mixed into :class:`~hellenika.games.hellas_delonge.state.HellasState`, whose fields it uses."""

    __slots__ = ()

    def _tile_outcomes(self, *, peek: bool = False) -> list[tuple[int, float]]:
        """(tile index, probability) of the next tile off the stack (below the known top when peeking)."""
        if self.top and not peek:
            return [(self.top[0], 1.0)]
        pool = self.pool
        if pool:
            tiles = self.cat.tiles
            counts: dict[int, list[int]] = {}
            mask = pool
            while mask:
                low = mask & -mask
                t = low.bit_length() - 1
                mask ^= low
                entry = counts.setdefault(tiles[t].shape, [t, 0])
                entry[1] += 1
            total = pool.bit_count()
            return [(rep, n / total) for rep, n in counts.values()]
        return [(self.bottom[0], 1.0)]

    def _sample_tile(self, rng: Rng, *, peek: bool = False) -> int:
        if self.top and not peek:
            return self.top[0]
        pool = self.pool
        if pool:
            t = nth_bit(pool, rng.randbelow(pool.bit_count()))
            return self._representative(t)
        return self.bottom[0]

    def _representative(self, t: int) -> int:
        """The lowest-numbered tile in the pool shaped like ``t`` (the outcome that stands for it)."""
        alike = self.pool & self.g.same_shape[t]
        return (alike & -alike).bit_length() - 1 if alike else t

    def _take_tile(self, t: int) -> None:
        """Remove tile ``t`` from the top of the stack (known top, else the pool, else the bottom)."""
        if self.top and self.top[0] == t:
            self.top = self.top[1:]
            self.top_seen = self.top_seen[1:]
            if not self.top:
                self.top_order = -1
        elif self.pool >> t & 1:
            self.pool &= ~(1 << t)
        elif self.bottom and self.bottom[0] == t:
            self.bottom = self.bottom[1:]
        else:  # pragma: no cover - chance outcomes come from the stack
            raise RuntimeError(f"tile {self.cat.tiles[t].id} is not next on the stack")

    def _put_under(self, t: int) -> None:
        self.bottom = (*self.bottom, t)
