"""How the heuristic Attika player values a building on a space (spec §5: what it costs there; §8: what it
does for the race): the :class:`Outlook` of one position, computed once per decision and shared by every
building and space considered (rules 1-5 of :mod:`strategy`'s docstring: win now, the shrine links, blocks,
free buildings, cheap placements), what it prices in (``card_value``, rule 6: what one more card is worth;
``successors_left`` and ``future_cost``, rule 4; the spaces kept free for successors) and ``_best_place``,
the best space for the building in hand.

The rules of thumb, and why, are in :mod:`strategy`'s docstring; this is the placing part of that player,
with the catalogue tables and the values (in landscape cards) that its other decisions read too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.attika import costs
from hellenika.games.attika.actions import PlaceBuilding
from hellenika.games.attika.catalogue import BLANK, load_catalogue
from hellenika.games.attika.shrine_paths import FAR, race

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
NEED = 2.0  # rule 6: cards each building still to come needs (for the card value)
CARD_FLOOR = 0.15  # what a card is still worth once the hand covers everything


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


__all__ = ["Outlook", "card_value", "future_cost", "successors_left"]
