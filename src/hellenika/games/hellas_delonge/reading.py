"""What one decision of the Hellas heuristic player reads in the position: the :class:`Reading` of player
``p`` (his forces against each of our cities and ours against each of his, spec §6.2: land needs as many
Greeks as the defenders, sea one more; the ship majorities at the empty sites next to our cities, spec §5),
each part computed once, when first asked, and what one more or one fewer Greek or ship in a city is worth
(a Burst, a regroup, a Levy or a retreat weighs the same city many times). With :func:`_offered`, the
identity test of an action in the legal list that every decision uses, and ``LONG_GAME``, the turn after
which a game counts as a stalemate (a first ship is then worth most here; :mod:`strategy` explores more).

The rules of thumb, and why, are in :mod:`strategy`'s docstring; the decisions are there and in
:mod:`attack_strategy`, :mod:`voyage_strategy` and :mod:`card_strategy`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas_delonge.components import CITY_CAP
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.tactics import NO_ATTACK, forces, frontier_ships, hold_need, margin

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

# Past this many turns a game is a stalemate: a first ship on the map is worth most (Reading.ship_gain),
# and strategy._main tries poor voyages more often (LATE_EXPLORE, LATE_DANGER).
LONG_GAME = 40


def _offered(legal: list[Action], action: Action) -> bool:
    """``action in legal`` by identity: the actions are interned, and a miss this way compares no fields.
    (A plain loop: twice as fast as ``any`` over a generator, and this is asked at most decisions.)"""
    for offered in legal:  # noqa: SIM110
        if offered is action:
            return True
    return False


# ---------------------------------------------------------------------- the value of a piece somewhere


Sites = list[tuple[int, int, int, int, float]]


class Reading:
    """What one decision of player ``p`` needs to know about the position, each part computed once, when
    first asked (a Burst or a regroup weighs the same city many times)."""

    __slots__ = ("_gain", "_loss", "_near", "_ours", "_ship", "_theirs", "p", "s", "ships_on_map")

    def __init__(self, s: HellasState, p: int) -> None:
        self.s = s
        self.p = p
        self._theirs: tuple[list[int], list[int]] | None = None
        self._ours: tuple[list[int], list[int]] | None = None
        self._gain: dict[int, float] = {}
        self._loss: dict[int, float] = {}
        self._ship: dict[int, float] = {}
        self._near: dict[int, list[tuple[int, int, float]]] | None = None
        self.ships_on_map = -1

    def threat(self, c: int) -> tuple[int, int]:
        """His (land, sea) force against our city ``c`` (it does not depend on our Greeks there)."""
        t = self._theirs
        if t is None:
            t = self._theirs = forces(self.s, 1 - self.p)
        return t[0][c], t[1][c]

    def danger(self, c: int, defenders: int = -1) -> int:
        """His best margin against our city ``c`` (with ``defenders`` Greeks in it, default as it stands)."""
        t = self._theirs
        if t is None:
            t = self._theirs = forces(self.s, 1 - self.p)
        return margin(t[0][c], t[1][c], self.s.greeks[c] if defenders < 0 else defenders)

    def reply(self) -> int:
        """His best margin against any of our cities (>= 0: he takes one on his next action)."""
        t = self._theirs
        if t is None:
            t = self._theirs = forces(self.s, 1 - self.p)
        land, sea = t
        greeks = self.s.greeks
        best = NO_ATTACK
        for c in iter_bits(self.s.owned[self.p]):
            m = margin(land[c], sea[c], greeks[c])
            best = max(best, m)
        return best

    def min_safe(self, c: int) -> int:
        """The fewest Greeks (1 to 3) with which our city ``c`` is out of his reach; 4 if none is enough."""
        land, sea = self.threat(c)
        return hold_need(land, sea) if land + sea else 1

    def force(self, x: int) -> tuple[int, int]:
        """Our (land, sea) force against the enemy city ``x``."""
        f = self._ours
        if f is None:
            f = self._ours = forces(self.s, self.p)
        return f[0][x], f[1][x]

    def sites_near(self, c: int) -> list[tuple[int, int, float]]:
        """(our ships, his ships, share of the stack that fits) of each useful empty site next to ``c``."""
        near = self._near
        if near is None:
            near = self._near = {}
            mine = self.s.owned[self.p]
            for _, slots, m, t, w in frontier_ships(self.s, self.p):
                entry = (m, t, w)
                for city in iter_bits(slots & mine):
                    near.setdefault(city, []).append(entry)
        return near.get(c, [])

    def greek_gain(self, c: int) -> float:
        """What one more Greek in our city ``c`` is worth: saving it from capture first (a temple most),
        then making an attack possible from it, then plain strength."""
        v = self._gain.get(c)
        if v is None:
            s = self.s
            v = -1.0
            if s.greeks[c] < CITY_CAP:
                v = 0.6
                d = self.danger(c)
                if d >= 0:
                    v += 8.0 if d == 0 else 3.0
                elif d == -1:
                    v += 1.0
                if s.board.temples >> c & 1:
                    v *= 1.4
                v += self.offence_gain(c, +1)
            self._gain[c] = v
        return v

    def greek_loss(self, c: int) -> float:
        """What taking one Greek out of our city ``c`` costs (it mirrors the gain)."""
        v = self._loss.get(c)
        if v is None:
            s = self.s
            d_after = self.danger(c, s.greeks[c] - 1)
            v = 0.6
            if d_after >= 0:
                v += 8.0 if self.danger(c) < 0 else 3.0
            elif d_after == -1:
                v += 1.0
            if s.board.temples >> c & 1:
                v *= 1.4
            v -= self.offence_gain(c, -1)
            self._loss[c] = v
        return v

    def offence_gain(self, c: int, delta: int) -> float:
        """Change in our attack chances against the enemy cities linked to ``c`` if it gets ``delta``
        Greeks: an attack made possible (or impossible) counts most."""
        s = self.s
        board = s.board
        gain = 0.0
        greeks = s.greeks
        for x in iter_bits(board.links(c) & s.owned[1 - self.p]):
            land, sea = self.force(x)
            before = margin(land, sea, greeks[x])
            if board.landlink[x] >> c & 1:
                land += delta
            else:
                sea += delta
            after = margin(max(land, 0), max(sea, 0), greeks[x])
            if before < 0 <= after:
                gain += 4.0
            elif after < 0 <= before:
                gain -= 4.0
            elif after >= 0 and before >= 0:
                gain += 0.3 * delta
        return gain

    def ship_gain(self, c: int, delta: int) -> float:
        """What one more (``delta`` +1) or one fewer (-1) ship at our city ``c`` changes for our voyages:
        majorities made or lost at the empty sites next to ``c``, weighted by how many of the tiles left
        fit there. A ship in a city about to fall is his (the conqueror brings as many)."""
        key = c if delta > 0 else ~c
        v = self._ship.get(key)
        if v is not None:
            return v
        v = 0.0
        for mine, theirs, w in self.sites_near(c):
            before = mine >= 1 and mine > theirs
            after = mine + delta >= 1 and mine + delta > theirs
            weight = min(1.0, 0.2 + 2.0 * w)
            if after and not before:
                v += 2.5 * weight
            elif before and not after:
                v -= 2.5 * weight
            else:
                v += 0.25 * delta * weight
        if self.ships_on_map < 0:
            self.ships_on_map = self.s.ships_on_map(self.p)
        if self.ships_on_map + delta <= 0:
            v -= 4.0  # no ship on the map, no voyage at all
        elif self.ships_on_map == 0:
            # A first ship opens voyages again; in a long stalemate they are the only way out.
            v += 12.0 if self.s.turn > LONG_GAME else 2.0
        if self.danger(c) >= 0:
            v -= 1.0 * delta
        self._ship[key] = v
        return v
