"""Tactical reading of a Hellas position, shared by the heuristic player (:mod:`strategy`) and the evaluation
(:mod:`heuristics`): who can take which city next, which cities are in danger, where a voyage may land.

Everything here is a small loop over a player's cities and the precomputed links of the board (spec §6.1),
cheap enough to be asked many times per move inside search playouts. No function changes the state.

The arithmetic of an attack (spec §6.2-4): a LAND attack (no Greek over a sea link) wins with as many Greeks
as the defenders, a SEA attack with one more. A city sends all but one of its Greeks. So against ``d``
defenders, with ``land`` Greeks to spare in land-linked cities and ``sea`` in sea-linked ones, the best
declaration has the *margin* ``max(land - d, land + sea - d - 1)``; 0 or more wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hellas_delonge.hexmap import Board, Site, iter_bits

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

ZEUS, POSEIDON, ARES = 0, 1, 2
NO_ATTACK = -99  # the margin when no Greek can be sent at all


def margin(land: int, sea: int, defenders: int) -> int:
    """The best attack margin with these forces (>= 0 wins): land alone, or everything as a sea attack."""
    best = land - defenders if land else NO_ATTACK
    if sea:
        m = land + sea - defenders - 1
        best = max(best, m)
    return best


def force(s: HellasState, p: int, x: int) -> tuple[int, int]:
    """(land, sea): Greeks ``p`` can send against city ``x`` from linked cities, each keeping one.

    Greeks tired by an attack earlier this turn (Second Strike) are not subtracted here: only the attacker's
    own declaration needs that, and it asks the engine (``_spare``)."""
    board = s.board
    mine = s.owned[p]
    greeks = s.greeks
    land = 0
    for c in iter_bits(board.landlink[x] & mine):
        k = greeks[c]
        if k > 1:
            land += k - 1
    sea = 0
    for c in iter_bits(board.sealink[x] & mine):
        k = greeks[c]
        if k > 1:
            sea += k - 1
    return land, sea


def forces(s: HellasState, q: int) -> tuple[list[int], list[int]]:
    """``q``'s (land, sea) force against every city at once, indexed by slot: one pass over ``q``'s cities
    instead of one :func:`force` per target (entries for ``q``'s own cities mean nothing)."""
    n = s.board.size
    land = [0] * n
    sea = [0] * n
    board = s.board
    landlink = board.landlink
    sealink = board.sealink
    greeks = s.greeks
    for y in iter_bits(s.owned[q]):
        k = greeks[y] - 1
        if k > 0:
            for c in iter_bits(landlink[y]):
                land[c] += k
            for c in iter_bits(sealink[y]):
                sea[c] += k
    return land, sea


def danger(s: HellasState, c: int, defenders: int | None = None) -> int:
    """The opponent's best margin against ``c`` (>= 0: he can take it on his next action)."""
    owner = 0 if s.owned[0] >> c & 1 else 1
    land, sea = force(s, 1 - owner, c)
    return margin(land, sea, s.greeks[c] if defenders is None else defenders)


def hold_need(land: int, sea: int) -> int:
    """Defenders a city needs so that these enemy forces cannot take it (capped at the city's 3)."""
    need = 1
    if land:
        need = land + 1
    if sea and land + sea > need:
        need = land + sea
    return min(need, 3)


def ares_in_hand(s: HellasState, p: int) -> int:
    """Playable Ares cards ``p`` holds: a public count (the decks' backs differ), so no hand is read."""
    r = s.cat.god_ranges[ARES]
    return sum(s.hand[p][r.start : r.stop])


# ---------------------------------------------------------------------- voyages (spec §5.1 V1-V2)


# Which tiles fit a site (P1-P4) depends only on the site's placed neighbours and the land they show it, so
# the answer is memoised per such pattern, as a bitmask over the catalogue's tiles.
_FITS: dict[tuple[int, int], int] = {}


def fit_mask(s: HellasState, site: Site) -> int:
    """Bitmask of the tiles (catalogue indices) that may be laid on ``site`` in some rotation (P1-P4)."""
    if not site.anchored:
        return 0
    key = (site.neighbours, site.land)
    mask = _FITS.get(key)
    if mask is None:
        nbrs, req = key
        mask = 0
        for tile in s.cat.tiles:
            for rot in tile.rotations:
                if (rot.land & nbrs) == req and all(reg & nbrs for reg in rot.regions):
                    mask |= 1 << tile.index
                    break
        _FITS[key] = mask
    return mask


def stack_mask(s: HellasState) -> int:
    """Bitmask of every tile left in the stack (the unknown pool, the known top and the bottom)."""
    mask = s.pool
    for t in s.top:
        mask |= 1 << t
    for t in s.bottom:
        mask |= 1 << t
    return mask


# The anchored empty sites of a board with the tiles that fit each, cached per board object (boards are
# immutable and shared by clones; the identity check guards against a recycled id()).
_SITES: dict[int, tuple[Board, tuple[tuple[int, int, int], ...]]] = {}


def useful_sites(s: HellasState) -> tuple[tuple[int, int, int], ...]:
    """(cell, adjacent slots, tiles that fit) of every anchored empty site some tile fits."""
    board = s.board
    entry = _SITES.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    sites = []
    for site in board.frontier:
        fits = fit_mask(s, site)
        if fits:
            sites.append((site.cell, site.slots, fits))
    if len(_SITES) >= 1024:
        _SITES.clear()
    result = tuple(sites)
    _SITES[id(board)] = (board, result)
    return result


def frontier_ships(s: HellasState, p: int) -> list[tuple[int, int, int, int, float]]:
    """Per empty site some tile left in the stack fits: (cell, adjacent slots, ships of ``p``, ships of the
    other, the share of the stack that fits there). A site no tile fits is no use for a voyage however many
    ships stand next to it; the share tells where ships are worth having."""
    stack = stack_mask(s)
    if not stack:
        return []
    total = stack.bit_count()
    ships = s.ships
    mine_mask = s.owned[p]
    theirs_mask = s.owned[1 - p]
    out = []
    for cell, slots, fitting in useful_sites(s):
        fits = fitting & stack
        if not fits:
            continue
        mine = 0
        for c in iter_bits(slots & mine_mask):
            mine += ships[c]
        theirs = 0
        for c in iter_bits(slots & theirs_mask):
            theirs += ships[c]
        out.append((cell, slots, mine, theirs, fits.bit_count() / total))
    return out


def majority_fits(s: HellasState, p: int, *, winds: bool = False) -> int:
    """Bitmask of the tiles ``p`` could lay on a voyage now: those fitting a site where he has a ship next
    to it and the ship majority (a tie with Favourable Winds)."""
    ships = s.ships
    mine_mask = s.owned[p]
    theirs_mask = s.owned[1 - p]
    out = 0
    for _, slots, fits in useful_sites(s):
        mine = 0
        for c in iter_bits(slots & mine_mask):
            mine += ships[c]
        if not mine:
            continue
        theirs = 0
        for c in iter_bits(slots & theirs_mask):
            theirs += ships[c]
        if mine > theirs or (winds and mine == theirs):
            out |= fits
    return out


def majority_cells(s: HellasState, p: int, *, winds: bool = False) -> set[int]:
    """Empty cells where ``p`` has a ship next to it and the ship majority (a tie with Favourable Winds)."""
    ships = s.ships
    mine_mask = s.owned[p]
    theirs_mask = s.owned[1 - p]
    out = set()
    for site in s.board.frontier:
        slots = site.slots
        mine = sum(ships[c] for c in iter_bits(slots & mine_mask))
        theirs = sum(ships[c] for c in iter_bits(slots & theirs_mask))
        if mine >= 1 and (mine > theirs or (winds and mine == theirs)):
            out.add(site.cell)
    return out


def tile_fits(s: HellasState, t: int, cells: set[int]) -> int:
    """How many of ``cells`` tile ``t`` may be laid on (P1-P4)."""
    site_at = s.board.site_at
    return sum(1 for c in cells if fit_mask(s, site_at[c]) >> t & 1)


def fit_chance(s: HellasState, fits: int) -> float:
    """Probability that the next tile off the stack is one of the tiles in the bitmask ``fits``."""
    if not fits:
        return 0.0
    if s.top:
        return 1.0 if fits >> s.top[0] & 1 else 0.0
    if s.pool:
        return (s.pool & fits).bit_count() / s.pool.bit_count()
    if s.bottom:
        return 1.0 if fits >> s.bottom[0] & 1 else 0.0
    return 0.0
