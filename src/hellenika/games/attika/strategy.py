"""The heuristic player of Attika (``AttikaGame.heuristic_action``): rules of thumb, no search.

It drives the ``heuristic`` bot and the playouts of tree search, so every decision is a handful of bitmask
operations over the board (the engine's own representation) and one shallow look at the spaces a building
could go to; the shrine analysis it leans on (``shrine_paths``) is cached per board position.

Attika is a race (spec §8): the first to have all 30 buildings on the board, or to link two shrines with one
settlement, wins. The rules of thumb, each used where noted:

1. **Win now** (placing): the 30th building, or the building that completes a shrine link, goes down
   whatever it costs.
2. **Race for the shrines** (placing): a space on my shortest link between two shrines (``shrine_paths``)
   is worth more the closer the link is; a space on *every* shortest link of mine is taken before an
   opponent walls it off.
3. **Block the opponents' links** (placing): a space on an opponent's shortest link is worth taking, one on
   all of them (a choke) much more, and both count more the closer that opponent is (an opponent one
   building away must be stopped now).
4. **Free buildings** (placing, storing, drawing): a building next to its own predecessor (the arrows:
   Quarry → Fortress → Tower, Agora → Temple → Oracle, a street next to a street...) costs nothing. So:
   place a predecessor where its successors will fit; keep the last free spaces around such a building for
   them (and take an opponent's); build a predecessor before its successors, then them for free; store a
   drawn building whose predecessor is still to come rather than pay for it; draw a main building when
   buildings on the storage board wait for it.
5. **Cheap placements** (placing): a building costs its symbols less the matching landscape on and around
   the space; next to my own buildings there is no surcharge, and joining two settlements saves later
   ones; next to its own group it keeps the group connected for an amphora.
6. **The turn** (phase A): take three cards when the hand is too short to pay for what a draw brings;
   build from storage when those builds are worth more than a draw turn (free or cheap ones, links,
   blocks); otherwise draw. Cards are worth less the more the hand already covers the buildings to come.
7. **Amphorae** buy one more draw or build when it is worth more than a card; in phase B they are kept
   for that, unless there are many or nothing is left to draw.
8. **Paying**: cards that match a symbol first (one card instead of two), of the type I have most to
   spare after what my stored buildings will need.
9. **Expansion tiles**: where they shorten my link or fail to open one for an opponent (a tile next to a
   shrine or across a wall opens new links), near my buildings; turned so that landscape symbols lie
   next to my buildings (cheaper building there).

Values are in landscape cards (the currency of the game): a building placed is worth ``BUILDING`` cards,
a card ``card_value`` (1 while the hand is short, less once it covers the buildings to come).

Placing (rules 1-5) is priced in :mod:`place_strategy`: its ``Outlook`` values a building on each space
and ``card_value`` says what one more card is worth; it also holds the catalogue tables and the placing
values. The turn (rules 6 and 7), paying (rule 8), the expansion tiles (rule 9) and the dispatch by phase
are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.rng import Rng
from hellenika.games.attika.actions import BuildFromStorage, DrawBuilding, PlaceTile, RotateTile
from hellenika.games.attika.catalogue import BLANK, LANDSCAPES
from hellenika.games.attika.hexes import footprint, neighbours, rotated_symbols
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARDS,
    DRAW_MODE,
    DRAWN,
    PAY,
    PLACE,
    TILE_PLACE,
    TILE_ROTATE,
)
from hellenika.games.attika.place_strategy import (
    _CAT,
    _COST,
    _PRED,
    _SUCCESSORS,
    _TYPES,
    BUILDING,
    Outlook,
    _best_place,
    card_value,
    future_cost,
)
from hellenika.games.attika.shrine_paths import distance_fields, distance_with_tile, race, tile_contacts

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

# ---------------------------------------------------------------------------------------------- values
# All in landscape cards; the placing values are place_strategy's.
DRAW = 2.4  # rule 6: a building drawn, placed at once or stored for later
MIN_HAND_TO_DRAW = 3  # rule 6: with fewer cards a drawn building could rarely be paid for
MAIN_WAITING = 0.5  # rule 4: a main building's draw value per stored building it would make free
MAIN_COMING = 0.15  # ... per building still in the stacks it would make free
TILE_CAP = 12  # rule 9: link distances are compared up to this


def _drawn(s: AttikaState, legal: list[Action]) -> Action:
    """Build the building just drawn where it is worth it, else store it (rule 4: a building whose
    predecessor is still to come is worth keeping for a free place later)."""
    p = s.actor
    outlook = Outlook(s, p)
    value, action = _best_place(s, legal, outlook)
    keep = BUILDING - outlook.vcard * (1.0 + future_cost(s, p, s.pending))
    if action is not None and value >= keep:
        return action
    return s.g.store


def _phase_a(s: AttikaState, legal: list[Action]) -> Action:
    """Rules 6 and 7: the turn's mode, each further draw or build, amphorae, and when to stop."""
    p = s.actor
    g = s.g
    builds = [a for a in legal if type(a) is BuildFromStorage]
    draws = [a for a in legal if type(a) is DrawBuilding]
    amphora = g.amphora if g.amphora in legal else None
    outlook = Outlook(s, p) if builds else None
    vcard = outlook.vcard if outlook is not None else card_value(s, p)
    values = []
    if outlook is not None:
        by_id = _CAT.by_id
        for a in builds:
            values.append((outlook.best_build(by_id[a.building]), a))
        values.sort(key=lambda x: -x[0])
    good = [a for v, a in values if v > vcard]  # worth more than the card a forgone build brings
    if s.mode == BUILD_MODE:
        if good:
            if s.actions_left() > 0:
                return good[0]
            if amphora is not None and values[0][0] > vcard + 0.5:
                return amphora
        return g.end_actions
    if s.mode == DRAW_MODE:
        if draws:
            return _choose_draw(s, draws)
        return amphora if amphora is not None else g.end_actions
    # No mode yet: a build turn (its best three builds, a card for each forgone), a draw turn, or cards.
    build_turn = sum(v for v, _ in values[:3] if v > vcard) + vcard * max(0, 3 - len(good))
    pass_turn = 3 * vcard
    draw_turn = 2 * DRAW if draws else float("-inf")
    if good and build_turn >= max(pass_turn, draw_turn):
        return good[0]
    if draw_turn > pass_turn and sum(s.hands[p]) >= MIN_HAND_TO_DRAW:
        return _choose_draw(s, draws)
    return g.end_actions


def _choose_draw(s: AttikaState, draws: list[DrawBuilding]) -> Action:
    """Rule 4: the stack whose next building helps most on average: a normal building that can go free
    next to its placed predecessor, or a main building that unlocks buildings waiting for it."""
    p = s.actor
    unseen = s.unseen[p]
    storage = s.storage[p]
    tm = s.tmask
    base = p * _TYPES
    empty = s.board.full & ~s.occ
    adjacent = s.board.adjacent
    best = draws[0]
    best_v = float("-inf")
    for a in draws:
        k = a.stack
        total = 0
        good = 0.0
        if k == 0:
            for b in _CAT.mains:
                n = unseen[b]
                if n:
                    total += n
                    waiting = coming = 0
                    for x in _SUCCESSORS[b]:
                        waiting += storage[x]
                        coming += unseen[x]
                    good += n * (1.0 + MAIN_WAITING * waiting + MAIN_COMING * coming)
        else:
            for b in _CAT.normals:
                n = unseen[b]
                if n:
                    total += n
                    cells = tm[base + _PRED[b]]
                    if not cells:
                        good += n
                    elif adjacent(cells) & empty:
                        good += 2.0 * n
                    else:
                        good += 0.6 * n
        v = good / total if total else -1.0
        if v > best_v:
            best_v, best = v, a
    return best


def _pay(s: AttikaState, legal: list[Action]) -> Action:
    """Rule 8: a card matching an open symbol (it pays two points), of the type I have most to spare
    after what my stored buildings need."""
    p = s.actor
    hand = s.hands[p]
    c = s.pay_c
    need = [0, 0, 0, 0]
    storage = s.storage[p]
    for b in range(_TYPES):
        if storage[b]:
            cost = _COST[b]
            for t in range(4):
                need[t] += cost[t] * storage[b]
    best = legal[0]
    best_v = float("-inf")
    for a in legal:
        t = LANDSCAPES.index(a.card)  # type: ignore[attr-defined]
        v = hand[t] - need[t] + (100 if c[t] else 0)
        if v > best_v:
            best_v, best = v, a
    return best


def _tile_place(s: AttikaState, legal: list[Action]) -> Action:
    """Rule 9: the centre where the tile shortens my link most and an opponent's least (a link through
    the new hexes, ``shrine_paths.distance_with_tile``), then the one touching most of my buildings."""
    p = s.actor
    board = s.board
    players = []
    for q in range(s.n):
        limit = min(race(s, q).distance, TILE_CAP)
        players.append((q, distance_fields(board, s.occ, s.own[q], s.comps[q], limit)))
    own = s.own[p]
    best = legal[0]
    best_v = float("-inf")
    for a in legal:
        if type(a) is not PlaceTile:
            continue
        spaces, touching, contact, shrines = tile_contacts(board, (a.q, a.r))
        v = 0.0
        opp = TILE_CAP
        for q, fields in players:
            d = distance_with_tile(fields, spaces, touching, contact, shrines)
            if q == p:
                v -= d
            elif d < opp:
                opp = d
        v += opp + 0.05 * min((contact & own).bit_count(), 4)
        if v > best_v:
            best_v, best = v, a
    return best


def _tile_rotate(s: AttikaState, legal: list[Action]) -> Action:
    """Rule 9: the turn that puts most landscape symbols next to my buildings, those my stored buildings
    need counting double (they make building there cheaper)."""
    p = s.actor
    board = s.board
    own = s.own[p]
    index = board.index
    hexes = footprint(s.tile_centre)
    mine = []
    for i, h in enumerate(hexes):
        for n in neighbours(h):
            j = index.get(n)
            if j is not None and own >> j & 1:
                mine.append(i)
                break
    if not mine:
        return legal[0]
    storage = s.storage[p]
    need = [0, 0, 0, 0]
    for b in range(_TYPES):
        if storage[b]:
            for t in range(4):
                need[t] += _COST[b][t]
    symbols = s.cat.tiles[s.tile].symbols
    best = legal[0]
    best_v = -1.0
    for a in legal:
        if type(a) is not RotateTile:
            continue
        picture = rotated_symbols(symbols, a.rotation)
        v = 0.0
        for i in mine:
            t = picture[i]
            if t != BLANK:
                v += 1.0 + (1.0 if need[t] else 0.0)
        if v > best_v:
            best_v, best = v, a
    return best


def heuristic_action(s: AttikaState, rng: Rng) -> Action:
    """The heuristic choice for the player deciding at ``s`` (a decision node); deterministic: ``rng`` is
    used only where no rule applies."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = s.phase
    if phase == ACTIONS:
        return _phase_a(s, legal)
    if phase == PAY:
        return _pay(s, legal)
    if phase == DRAWN:
        return _drawn(s, legal)
    if phase == PLACE:
        _, action = _best_place(s, legal, Outlook(s, s.actor))
        if action is not None:
            return action
    elif phase == CARDS:
        p = s.actor
        if s.amph[p] >= 3 or (s.amph[p] >= 2 and not any(s.stacks[p])):
            return s.g.amphora
        return s.g.pass_turn
    elif phase == TILE_PLACE:
        return _tile_place(s, legal)
    elif phase == TILE_ROTATE:
        return _tile_rotate(s, legal)
    return legal[rng.randbelow(len(legal))]


__all__ = ["heuristic_action"]
