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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.rng import Rng
from hellenika.games.attika import costs
from hellenika.games.attika.actions import (
    BuildFromStorage,
    DrawBuilding,
    PlaceBuilding,
    PlaceTile,
    RotateTile,
)
from hellenika.games.attika.catalogue import BLANK, LANDSCAPES, load_catalogue
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
from hellenika.games.attika.shrine_paths import FAR, distance_fields, distance_with_tile, race, tile_contacts

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

_CAT = load_catalogue()
_BUILDINGS = _CAT.buildings
_TYPES = len(_BUILDINGS)
_STREET = _CAT.street
_COPIES = _CAT.copies
_TO_WIN = _CAT.constants.buildings_to_win
_STREET_COST = _BUILDINGS[_STREET].generic
#: successors[b]: the building types whose arrow comes from b (free next to it); a street's are streets
_SUCCESSORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(x.index for x in _BUILDINGS if x.pred == b.index and x.index != b.index) for b in _BUILDINGS
)
_PRED = tuple(b.pred for b in _BUILDINGS)
_GROUP_OF = tuple(b.group for b in _BUILDINGS)
_GROUP_MEMBERS = tuple(g.members for g in _CAT.groups)
_COST = tuple(b.cost for b in _BUILDINGS)

# ---------------------------------------------------------------------------------------------- values
# All in landscape cards.
WIN = 1000.0  # rule 1
BUILDING = 2.5  # a building on the board: one step of the 30-building race
PATH = 4.0  # rule 2: on my shortest link, times (1 + 4 / (1 + distance))
SECURE = 3.0  # rule 2: on every shortest link of mine
BLOCK = 1.5  # rule 3: on an opponent's shortest link ...
CHOKE = 4.0  # ... on all of them; both times (1 + URGENCY / that opponent's distance)
URGENCY = 6.0
LINK = 0.6  # rule 5: next to my own buildings
MERGE = 1.5  # rule 5: per extra settlement joined
GROUP = 0.8  # rule 5: next to a building of its own group
ROOM = 0.4  # rule 4: per free neighbour for a successor still to come
UNLOCK = 1.5  # rule 4: per stored successor it makes free (times the card value)
WAIT = 1.5  # rule 4: paying for a building whose predecessor waits in storage (times the card value)
RESERVE = 1.0  # rule 4: taking the last room of one of my buildings (times the card value)
DENY = 0.5  # rule 4: taking the last room of an opponent's building
TYPICAL = 2.5  # rule 4: what a building costs on an ordinary space
DRAW = 2.4  # rule 6: a building drawn, placed at once or stored for later
MIN_HAND_TO_DRAW = 3  # rule 6: with fewer cards a drawn building could rarely be paid for
NEED = 2.0  # rule 6: cards each building still to come needs (for the card value)
CARD_FLOOR = 0.15  # what a card is still worth once the hand covers everything
MAIN_WAITING = 0.5  # rule 4: a main building's draw value per stored building it would make free
MAIN_COMING = 0.15  # ... per building still in the stacks it would make free
TILE_CAP = 12  # rule 9: link distances are compared up to this


def card_value(s: AttikaState, p: int, d: int | None = None) -> float:
    """What one more landscape card is worth to p (rule 6): full while the hand holds less than half of
    what the buildings still needed will cost, ``CARD_FLOOR`` once it covers them all. ``d``: p's link
    distance, if known."""
    h = sum(s.hands[p])
    left = _TO_WIN - s.placed[p]
    if d is None:
        d = race(s, p).distance
    need = max(NEED * (min(left, d + 2) if d < FAR else left), 2.0)
    if h <= 0.5 * need:
        return 1.0
    if h >= need:
        return CARD_FLOOR
    return 1.0 - (1.0 - CARD_FLOOR) * (h - 0.5 * need) / (0.5 * need)


def successors_left(s: AttikaState, p: int, b: int) -> int:
    """p's buildings still to come (storage or stacks) that would be free next to p's b."""
    base = p * _TYPES
    tm = s.tmask
    if b == _STREET:
        return _COPIES[b] - 1 - tm[base + b].bit_count()
    left = 0
    for x in _SUCCESSORS[b]:
        left += _COPIES[x] - tm[base + x].bit_count()
    return left


def future_cost(s: AttikaState, p: int, b: int) -> float:
    """Cards p can expect to pay for b if it waits on the storage board (rule 4): nothing when it can go
    free next to its placed predecessor, little when the predecessor is still to come, else a typical
    price."""
    pred = _PRED[b]
    if pred < 0:
        return TYPICAL
    cells = s.tmask[p * _TYPES + pred]
    if cells:
        return 0.0 if s.board.adjacent(cells) & s.board.full & ~s.occ else TYPICAL
    if b == _STREET:
        return TYPICAL  # no street of mine yet: the first one is paid
    if s.storage[p][pred] or s.unseen[p][pred]:
        return 0.4 * TYPICAL
    return TYPICAL


_ROOMS: dict[tuple[int, int, int], tuple[object, list[tuple[int, int]]]] = {}


def _rooms(s: AttikaState, p: int) -> list[tuple[int, int]]:
    """(building type, empty neighbours) for each of p's buildings whose free neighbours are no more than
    the successors still to come: the spaces to keep for them (rule 4). Remembered like the shrine races:
    the board, the occupied spaces and p's spaces (each with its building for good) determine it."""
    board = s.board
    key = (id(board), s.occ, s.own[p])
    hit = _ROOMS.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_ROOMS) >= 50_000:
        _ROOMS.clear()
    out = _ROOMS[key] = (board, _compute_rooms(s, p))
    return out[1]


def _compute_rooms(s: AttikaState, p: int) -> list[tuple[int, int]]:
    board = s.board
    empty = board.full & ~s.occ
    nbm = board.nbm
    tm = s.tmask
    base = p * _TYPES
    out = []
    for x in range(_TYPES):
        cells = tm[base + x]
        if not cells:
            continue
        left = successors_left(s, p, x)
        if left <= 0:
            continue
        while cells:
            low = cells & -cells
            room = nbm[low.bit_length() - 1] & empty
            if room and room.bit_count() <= left:
                out.append((x, room))
            cells ^= low
    return out


class Outlook:
    """What p's placements are judged by in one position: computed once per decision, shared by every
    building and space considered."""

    __slots__ = (
        "base_value",
        "block",
        "block_value",
        "choke",
        "choke_value",
        "deny",
        "empty",
        "me",
        "p",
        "path_value",
        "rooms",
        "s",
        "sites",
        "vcard",
    )

    def __init__(self, s: AttikaState, p: int) -> None:
        self.s = s
        self.p = p
        self.empty = s.board.full & ~s.occ
        me = self.me = race(s, p)
        self.vcard = card_value(s, p, me.distance)
        block = choke = 0
        threat = FAR
        deny = 0
        for q in range(s.n):
            if q == p:
                continue
            other = race(s, q)
            if other.distance < FAR:
                block |= other.path
                choke |= other.choke
                threat = min(threat, other.distance)
            if DENY:
                for _, room in _rooms(s, q):
                    deny |= room
        urgency = 1.0 + URGENCY / threat if threat < FAR else 1.0
        self.block, self.choke, self.deny = block, choke, deny
        self.block_value = BLOCK * urgency
        self.choke_value = CHOKE * urgency
        if me.distance == 1:
            self.path_value = WIN
        elif me.distance < FAR:
            self.path_value = PATH * (1.0 + 4.0 / (1 + me.distance))
        else:
            self.path_value = 0.0
        self.base_value = WIN if s.placed[p] + 1 >= _TO_WIN else BUILDING
        self.rooms = _rooms(s, p)
        self.sites: dict[int, tuple[float, int, int, int, int, int, int, int]] = {}

    def _site(self, c: int) -> tuple[float, int, int, int, int, int, int, int]:
        """What space c is worth whatever goes there (rules 2, 3 and 5: links, blocks, neighbours), and
        what lowers a cost there: symbols of each type and in all around it, the surcharge, free
        neighbours."""
        s = self.s
        p = self.p
        board = s.board
        bit = 1 << c
        around = board.nbm[c]
        v = 0.0
        me = self.me
        if me.path & bit:
            v += self.path_value
        if me.choke & bit:
            v += SECURE
        if self.block & bit:
            v += self.block_value
        if self.choke & bit:
            v += self.choke_value
        if around & s.own[p]:
            v += LINK
            touching = 0
            for comp in s.comps[p]:
                if comp & around:
                    touching += 1
            if touching > 1:
                v += MERGE * (touching - 1)
        if self.deny & bit:
            v += DENY
        near = around & self.empty
        sym = board.symbol[c]
        symm = board.symm
        site = (
            v,
            (near & symm[0]).bit_count() + (sym == 0),
            (near & symm[1]).bit_count() + (sym == 1),
            (near & symm[2]).bit_count() + (sym == 2),
            (near & symm[3]).bit_count() + (sym == 3),
            (near & board.anysym).bit_count() + (sym != BLANK),
            0 if s.ownadj[p] & bit else len(s.comps[p]),
            near.bit_count(),
        )
        self.sites[c] = site
        return site

    def scores(self, b: int, cells: list[int], in_storage: bool) -> list[float]:
        """The value of p's building b on each of ``cells`` (rules 1-5); ``in_storage``: b is still on the
        storage board (phase A), not in hand."""
        s = self.s
        p = self.p
        nbm = s.board.nbm
        base = p * _TYPES
        tm = s.tmask
        storage = s.storage[p]
        hand = s.hands[p]
        h0, h1, h2, h3 = hand
        vcard = self.vcard
        base_value = self.base_value
        pred = _PRED[b]
        free = costs.predecessor_cells(s, p, b)
        succ_left = successors_left(s, p, b)
        group_cells = 0
        for m in _GROUP_MEMBERS[_GROUP_OF[b]]:
            group_cells |= tm[base + m]
        # successors waiting on the storage board become free next to b
        waiting = 0
        if b != _STREET:
            for x in _SUCCESSORS[b]:
                waiting += storage[x]
        elif not tm[base + b]:
            waiting = storage[b] - (1 if in_storage else 0)
        # b's predecessor waits on the storage board: build it first, then b for free
        waits = pred >= 0 and pred != b and storage[pred] > 0 and not tm[base + pred]
        penalty = WAIT * vcard if waits else 0.0
        reserved = 0
        for x, room in self.rooms:
            if x != pred:
                reserved |= room
        reserve = RESERVE * vcard
        street = b == _STREET
        cw, cm, cf, ch = _COST[b]
        sites = self.sites
        out = []
        for c in cells:
            site = sites.get(c) or self._site(c)
            bit = 1 << c
            v = site[0]
            if free & bit:
                v += base_value
            else:
                # the cost after reductions (spec §5.2-§5.6), paid with matching cards or two of any
                if street:
                    cards = (_STREET_COST - site[5] if site[5] < _STREET_COST else 0) + site[6]
                else:
                    rw = cw - site[1] if cw > site[1] else 0
                    rm = cm - site[2] if cm > site[2] else 0
                    rf = cf - site[3] if cf > site[3] else 0
                    rh = ch - site[4] if ch > site[4] else 0
                    matched = (
                        (rw if rw < h0 else h0)
                        + (rm if rm < h1 else h1)
                        + (rf if rf < h2 else h2)
                        + (rh if rh < h3 else h3)
                    )
                    cards = 2 * (rw + rm + rf + rh) - matched + site[6]
                v += base_value - vcard * cards - penalty
                if reserved & bit:
                    v -= reserve
            if succ_left:
                room = site[7]
                v += ROOM * (succ_left if succ_left < room else room)
                if waiting:
                    v += UNLOCK * vcard * (waiting if waiting < room else room)
            if nbm[c] & group_cells:
                v += GROUP
            out.append(v)
        return out

    def best_build(self, b: int) -> float:
        """The value of building b from storage at its best space (phase A)."""
        mask = costs.buildable(self.s, self.p, b)
        cells = []
        while mask:
            low = mask & -mask
            cells.append(low.bit_length() - 1)
            mask ^= low
        if not cells:
            return float("-inf")
        return max(self.scores(b, cells, True))


def _best_place(s: AttikaState, legal: list[Action], outlook: Outlook) -> tuple[float, Action | None]:
    """The best space for the building in hand, and its value."""
    index = s.board.index
    places = [a for a in legal if type(a) is PlaceBuilding]
    if not places:
        return float("-inf"), None
    cells = [index[(a.q, a.r)] for a in places]
    scores = outlook.scores(s.pending, cells, False)
    best = max(range(len(scores)), key=scores.__getitem__)
    return scores[best], places[best]


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


__all__ = ["Outlook", "card_value", "future_cost", "heuristic_action", "successors_left"]
