"""Where the Hellas heuristic player lays a tile and how it turns it, in the setup (spec §3) and on a voyage
(spec §5), and the voyage's other steps: the site next to our own cities and away from his spare Greeks
(:func:`_site_value`), land edges toward our cities and sea edges toward his (a land attack needs one Greek
fewer), Sea Chart's tile that fits our ship-majority sites, Free Passage or the ship that costs our voyages
least, the settler from the city that misses it least, Winds when no site is left, and Storm on every enemy
voyage.

Whether to voyage at all is :mod:`strategy`'s choice of the action; the rules of thumb, and why, are in its
docstring ("Voyage where the ships say so...").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import rotate
from hellenika.games.hellas_delonge.hexmap import DELTA, iter_bits
from hellenika.games.hellas_delonge.reading import Reading, _offered
from hellenika.games.hellas_delonge.tactics import majority_cells, tile_fits

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

# ---------------------------------------------------------------------- voyages (spec §5)


def _site_value(s: HellasState, cell: int, p: int) -> float:
    """An empty cell for our new city: next to our cities (support, ships), away from his spare Greeks."""
    site = s.board.site_at[cell]
    mine = s.owned[p]
    theirs = s.owned[1 - p]
    greeks = s.greeks
    value = 2.0 * (site.slots & mine).bit_count() - 0.5 * (site.slots & theirs).bit_count()
    for c in iter_bits(site.slots & theirs):
        value -= 0.7 * max(greeks[c] - 1, 0)
    if site.slots & 1:
        value -= 0.5  # next to the dolphin: sea-linked to every city around it
    return value


def _voyage_site(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    p = s.active
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if isinstance(action, a.PlaceAt):
            value = _site_value(s, _cell_of(action), p)
            if value > best_value:
                best, best_value = action, value
    if best is not None:
        return best
    winds = g.play[g.p_winds]
    if _offered(legal, winds):
        return winds
    return g.give_up


def _cell_of(action: a.PlaceAt) -> int:
    from hellenika.games.hellas_delonge.hexmap import cell

    return cell(action.q, action.r)


def _rotation(s: HellasState, legal: list[Action]) -> Action | None:
    """Lay the tile with land edges toward our cities and sea edges toward his (land attacks are easier)."""
    p = s.active
    setup = s.phase == ph.SETUP_TURN
    tile = s.cat.tiles[s.drawn[0] if setup else s.v_tile]
    c = s.v_site
    slot_at = s.board.slot_at
    neighbours = []
    for d in range(6):
        j = slot_at.get(c + DELTA[d])
        if j:
            owner = 0 if s.owned[0] >> j & 1 else 1 if s.owned[1] >> j & 1 else -1
            neighbours.append((d, j, owner))
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if not isinstance(action, a.Rotate):
            continue
        land, _ = rotate(tile.edges, tile.regions, action.k)
        value = 0.0
        for d, j, owner in neighbours:
            if not land >> d & 1:
                continue
            if owner == p:
                value += 1.0
            elif owner >= 0:
                value -= 1.0 + 0.5 * max(s.greeks[j] - 1, 0)
        if value > best_value:
            best, best_value = action, value
    return best


def _prep(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    chart = g.play[g.p_chart]
    return chart if _offered(legal, chart) else g.explore


def _choose_tile(s: HellasState, legal: list[Action]) -> Action | None:
    """Sea Chart: keep the tile that fits more of our majority sites (a temple tile on a tie)."""
    p = s.active
    cells = majority_cells(s, p, winds=s.v_winds)
    tiles = s.cat.tiles
    best: Action | None = None
    best_value = -1.0
    for action in legal:
        if not isinstance(action, a.UseTile):
            continue
        t = s.cat.tile_by_id[action.tile]
        value = tile_fits(s, t, cells) + (0.5 if tiles[t].temple else 0.0)
        if value > best_value:
            best, best_value = action, value
    return best


def _pay(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    free = g.play[g.p_free]
    if _offered(legal, free):
        return free
    p = s.active
    r = Reading(s, p)
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if isinstance(action, a.PayShip):
            value = r.ship_gain(action.city, -1) + 0.1 * s.ships[action.city]
            if value > best_value:
                best, best_value = action, value
    return best


def _settle(s: HellasState, legal: list[Action]) -> Action | None:
    """The settler comes from the city that misses it least."""
    r = Reading(s, s.active)
    best: Action | None = None
    best_value = 1e9
    for action in legal:
        if isinstance(action, a.SettleFrom):
            cost = r.greek_loss(action.city)
            if cost < best_value:
                best, best_value = action, cost
    return best


def _storm(s: HellasState, legal: list[Action]) -> Action | None:
    """Every enemy city founded is one more he has: Storm whenever we hold it."""
    return legal[0]


# ---------------------------------------------------------------------- setup (spec §3)


def _setup_site(s: HellasState, legal: list[Action]) -> Action | None:
    """Lay the setup tile next to our own cities (support and ship majorities for the first voyages)."""
    p = s.active
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if isinstance(action, a.PlaceAt):
            value = _site_value(s, _cell_of(action), p)
            if value > best_value:
                best, best_value = action, value
    return best
