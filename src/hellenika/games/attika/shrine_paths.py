"""How far each player is from linking two shrines (spec §8), for the heuristic player and the evaluation.

A player links two shrines with one settlement touching both. What is missing is a chain of *empty* spaces
that, once built on, joins the player's own buildings into such a settlement; the player's own buildings on
the way cost nothing, another player's buildings are walls. So the distance is a 0-1 shortest path over the
board: entering an empty space costs 1 (one more building), entering an own settlement costs 0.

It is computed in layers of bitmasks, the engine's own representation: ``layers[d]`` holds the spaces
(empty ones, and the own settlements reached through them) whose cheapest link to the shrine costs ``d``
buildings. With the layers from both ends, an empty space lies on a shortest link iff its distances from the
two shrines add up to the total plus one (the space itself is counted twice); and a distance ``d`` at which
only one empty space lies on shortest links is a **choke point**: every shortest link goes through it, so a
building of another player there lengthens the link.

Results are cached on (board, occupied spaces, the player's spaces): within a turn, and between the steps of
one decision, the board does not change, so the analysis runs once per placement, not once per question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hellenika.games.attika.hexes import Hex, footprint

if TYPE_CHECKING:
    from hellenika.games.attika.board import Board
    from hellenika.games.attika.state import AttikaState

#: Distance reported when no link is possible any more (walled off).
FAR = 99


class ShrineRace(NamedTuple):
    """One player's race to two shrines on the current board."""

    distance: int  # empty spaces still to build on for the shortest link (FAR: none possible)
    path: int  # empty spaces on some shortest link (building there shortens the link by one)
    choke: int  # empty spaces on every shortest link (another player building there lengthens it)


def _adjacent(nbm: tuple[int, ...], mask: int) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= nbm[low.bit_length() - 1]
        mask ^= low
    return out


def _layers(
    nbm: tuple[int, ...], comps: tuple[int, ...], empty: int, start: int, stop: int, limit: int
) -> list[int]:
    """Layers of the 0-1 distance from the spaces ``start`` (those next to a shrine), until a layer meets
    ``stop`` or the distance passes ``limit``. Layer 0 is the own settlements touching the shrine."""
    own0 = 0
    for comp in comps:
        if comp & start:
            own0 |= comp
    reached = own0
    layers = [own0]
    if own0 & stop:
        return layers
    frontier = (start | _adjacent(nbm, own0)) & empty
    d = 0
    while frontier and d < limit:
        d += 1
        seeds = frontier & ~reached
        if not seeds:
            break
        around = _adjacent(nbm, seeds)
        joined = 0
        for comp in comps:
            if comp & around and not comp & reached:
                joined |= comp
        layer = seeds | joined
        reached |= layer
        layers.append(layer)
        if layer & stop:
            break
        frontier = (around | _adjacent(nbm, joined)) & empty & ~reached
    return layers


def _distance_to(layers: list[int], target: int) -> int:
    for d, layer in enumerate(layers):
        if layer & target:
            return d
    return FAR


def analyse(board: Board, occ: int, own: int, comps: tuple[int, ...]) -> ShrineRace:
    """The race of the player owning ``own`` (settlements ``comps``) on ``board`` with ``occ`` built on."""
    adj = board.shrine_adj
    empty = board.full & ~occ
    nbm = board.nbm
    passable = empty | own
    ends = [a & passable for a in adj]
    best = FAR
    pairs: list[tuple[int, int]] = []
    layer_cache: dict[int, list[int]] = {}
    count = len(adj)
    # The shortest link over every pair of shrines: the layers from shrine k run until they meet a later
    # shrine (a pair met further out cannot be shorter) or pass the best distance so far.
    for k in range(count):
        later = 0
        for j in range(k + 1, count):
            later |= ends[j]
        if not ends[k] or not later:
            continue
        layers = layer_cache[k] = _layers(nbm, comps, empty, ends[k], later, min(best, FAR - 1))
        for j in range(k + 1, count):
            if ends[j]:
                d = _distance_to(layers, ends[j])
                if d < best:
                    best, pairs = d, [(k, j)]
                elif d == best < FAR:
                    pairs.append((k, j))
    if best >= FAR:
        return ShrineRace(FAR, 0, 0)
    path = 0
    choke = -1  # cells on every shortest link, over all best pairs
    for k, j in pairs:
        lk = layer_cache[k]
        lj = layer_cache.get(j)
        if lj is None or len(lj) <= best or not lj[best] & ends[k]:  # stopped short of shrine k
            lj = layer_cache[j] = _layers(nbm, comps, empty, ends[j], ends[k], best)
        pair_path = 0
        pair_choke = 0
        for d in range(1, best + 1):
            if d >= len(lk) or best + 1 - d >= len(lj):
                continue
            cells = lk[d] & lj[best + 1 - d] & empty
            pair_path |= cells
            if cells and not cells & (cells - 1):
                pair_choke |= cells
        path |= pair_path
        choke &= pair_choke
    return ShrineRace(best, path, max(choke, 0))


# Hex distances inside a board tile: 0 is the centre, 1-6 the ring in direction order.
_FLOWER = tuple(
    tuple(0 if x == y else 1 if x == 0 or y == 0 or (x - y) % 6 in (1, 5) else 2 for y in range(7))
    for x in range(7)
)


class Fields(NamedTuple):
    """A player's distances from each shrine, for the expansion tile choice (:func:`distance_with_tile`)."""

    current: int  # the player's link distance now (capped)
    layers: list[list[int]]  # per shrine: the spaces at each distance (``_layers``), up to ``current``
    dist: list[list[int]]  # per shrine: each space's distance (FAR beyond ``current`` or walled off)
    useful: int  # spaces close enough to a shrine (``current - 2``) for a link through a tile to beat it


def distance_fields(board: Board, occ: int, own: int, comps: tuple[int, ...], limit: int) -> Fields:
    """The player's :class:`Fields` with the link distance capped at ``limit``."""
    empty = board.full & ~occ
    passable = empty | own
    all_layers = []
    dists = []
    useful = 0
    for a in board.shrine_adj:
        dist = [FAR] * board.size
        start = a & passable
        layers = _layers(board.nbm, comps, empty, start, 0, limit) if start else []
        for d, layer in enumerate(layers):
            if d <= limit - 2:
                useful |= layer
            cells = layer
            while cells:
                low = cells & -cells
                dist[low.bit_length() - 1] = d
                cells ^= low
        all_layers.append(layers)
        dists.append(dist)
    return Fields(limit, all_layers, dists, useful)


def _ring2() -> tuple[tuple[Hex, tuple[int, ...]], ...]:
    """The 12 hexes at distance 2 from a tile's centre, each with the tile hexes (0 centre, 1-6 ring) next
    to it: the only hexes outside a tile that can touch it."""
    tile = footprint((0, 0))
    out = []
    for q in range(-2, 3):
        for r in range(-2, 3):
            if max(abs(q), abs(r), abs(q + r)) != 2:
                continue
            near = tuple(
                i for i, (a, b) in enumerate(tile) if max(abs(q - a), abs(r - b), abs(q + r - a - b)) == 1
            )
            out.append(((q, r), near))
    return tuple(out)


_RING2 = _ring2()


def tile_contacts(board: Board, centre: Hex) -> tuple[list[list[int]], list[list[int]], int, int]:
    """For each hex of a board tile laid on ``centre``: the board spaces next to it, and the shrines; then
    all those spaces as a mask, and the shrines the tile touches as a mask (bit k: shrine k)."""
    get = board.index.get
    shrines = board.shrines
    q0, r0 = centre
    spaces: list[list[int]] = [[] for _ in range(7)]
    touching: list[list[int]] = [[] for _ in range(7)]
    contact = 0
    shrine_mask = 0
    for (dq, dr), near in _RING2:
        h = (q0 + dq, r0 + dr)
        j = get(h)
        if j is not None:
            contact |= 1 << j
            for i in near:
                spaces[i].append(j)
        elif h in shrines:
            k = shrines.index(h)
            shrine_mask |= 1 << k
            for i in near:
                touching[i].append(k)
    return spaces, touching, contact, shrine_mask


def distance_with_tile(
    fields: Fields, spaces: list[list[int]], touching: list[list[int]], contact: int, shrine_mask: int
) -> int:
    """A player's link distance once a tile is laid (``tile_contacts``): the current one, or a link that
    runs through the tile's empty hexes from one shrine's side to another's, whichever is shorter. Such a
    link from tile hex x to tile hex y costs the distance to x's board neighbour (0 if x touches the shrine),
    the tile hexes from x to y, and the distance from y's neighbour. An upper bound of the exact distance
    (the two halves might share spaces), and exact in practice."""
    best = fields.current
    if not (contact & fields.useful or shrine_mask & (shrine_mask - 1)):
        return best  # nothing next to the tile is near enough a shrine (see ``Fields.useful``)
    count = len(fields.layers)
    lows = []
    for k in range(count):
        low = FAR
        if shrine_mask >> k & 1:
            low = 0
        else:
            for d, layer in enumerate(fields.layers[k]):
                if layer & contact:
                    low = d
                    break
        lows.append(low)
    entries: dict[int, list[int]] = {}
    for a in range(count):
        for b in range(a + 1, count):
            if lows[a] + lows[b] + 1 >= best:
                continue
            ea = entries.get(a) or entries.setdefault(a, _entries(fields.dist[a], spaces, touching, a))
            eb = entries.get(b) or entries.setdefault(b, _entries(fields.dist[b], spaces, touching, b))
            low_b = lows[b]
            for x in range(7):
                if ea[x] + low_b + 1 >= best:
                    continue
                row = _FLOWER[x]
                for y in range(7):
                    best = min(best, ea[x] + eb[y] + row[y] + 1)
    return best


def _entries(dist: list[int], spaces: list[list[int]], touching: list[list[int]], k: int) -> list[int]:
    """Per tile hex: the distance from shrine k to reach it (0 next to the shrine), the hex excluded."""
    out = []
    for x in range(7):
        if k in touching[x]:
            out.append(0)
            continue
        m = FAR
        for c in spaces[x]:
            m = min(m, dist[c])
        out.append(m)
    return out


_CACHE: dict[tuple[int, int, int], tuple[Board, ShrineRace]] = {}
_CACHE_LIMIT = 50_000


def race(s: AttikaState, p: int) -> ShrineRace:
    """Player p's shrine race in state ``s`` (cached; see the module docstring)."""
    return cached(s.board, s.occ, s.own[p], s.comps[p])


def race_after(s: AttikaState, p: int, c: int) -> ShrineRace:
    """Player p's race once the acting player's building stands on space ``c`` (not yet placed: a
    building being paid for)."""
    bit = 1 << c
    if p != s.actor:
        return cached(s.board, s.occ | bit, s.own[p], s.comps[p])
    around = s.board.nbm[c]
    merged = bit
    rest = []
    for comp in s.comps[p]:
        if comp & around:
            merged |= comp
        else:
            rest.append(comp)
    rest.append(merged)
    return cached(s.board, s.occ | bit, s.own[p] | bit, tuple(rest))


def cached(board: Board, occ: int, own: int, comps: tuple[int, ...]) -> ShrineRace:
    """:func:`analyse`, remembered on (board, occupied spaces, the player's spaces)."""
    key = (id(board), occ, own)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    result = analyse(board, occ, own, comps)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (board, result)
    return result
