"""The heuristic player of Attika: rules of thumb, no search (``AttikaGame.heuristic_action``).

Draft.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.rng import Rng
from hellenika.games.attika import costs
from hellenika.games.attika.actions import BuildFromStorage, DrawBuilding, PlaceBuilding, SpendAmphora
from hellenika.games.attika.catalogue import load_catalogue
from hellenika.games.attika.phases import (
    ACTIONS,
    BUILD_MODE,
    CARDS,
    DRAW_MODE,
    DRAWN,
    NO_MODE,
    PAY,
    PLACE,
    TILE_PLACE,
    TILE_ROTATE,
)
from hellenika.games.attika.shrine_paths import FAR, race

if TYPE_CHECKING:
    from hellenika.games.attika.state import AttikaState

_CAT = load_catalogue()
_BUILDINGS = _CAT.buildings
#: successors[b]: building types whose arrow comes from b (free next to it)
_SUCCESSORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(x.index for x in _BUILDINGS if x.pred == b.index and x.index != b.index) for b in _BUILDINGS
)
_STREET = _CAT.street
_COPIES = _CAT.copies
TYPICAL = 2.5  # cards a building costs on an ordinary space
UNLOCK = 1.5  # per stored successor that becomes free next to the new building (in cards)
WAIT = 1.5  # paying for a building whose predecessor waits on the storage board (in cards)
URGENCY = 6.0  # blocking counts (1 + URGENCY / D) times more when an opponent is D buildings from a link
RESERVE = 1.0  # taking the last free space next to a building of mine with successors to come

# values, in landscape cards
BUILDING = 2.5  # any building on the board: one nearer 30
PATH = 4.0  # on my shortest shrine link
BLOCK = 1.5  # on an opponent's shortest link
CHOKE = 4.0  # on every shortest link of an opponent
LINK = 0.6  # next to my own buildings
MERGE = 1.5  # joins two of my settlements
ROOM = 0.4  # per empty neighbour kept for a successor still to come
GROUP = 0.8  # next to a building of its own group (amphora later)
CARD = 1.0
SECURE = 3.0  # on every shortest link of mine: take it before an opponent walls it
WIN = 1000.0


def _cards_for(hand: tuple[int, int, int, int], r: tuple[int, int, int, int], generic: int) -> int:
    matched = min(r[0], hand[0]) + min(r[1], hand[1]) + min(r[2], hand[2]) + min(r[3], hand[3])
    return matched + 2 * (r[0] + r[1] + r[2] + r[3] - matched) + generic


def _free_mask(s: AttikaState, p: int, b: int) -> int:
    return costs.predecessor_cells(s, p, b)


def _successors_left(s: AttikaState, p: int, b: int) -> int:
    """Buildings still to come that would be free next to p's b (a street: the other streets)."""
    base = p * s.types
    tm = s.tmask
    if b == _STREET:
        return _COPIES[b] - 1 - tm[base + b].bit_count()
    left = 0
    for x in _SUCCESSORS[b]:
        left += _COPIES[x] - tm[base + x].bit_count()
    return left


def future_cost(s: AttikaState, p: int, b: int) -> float:
    """Cards p can expect to pay for b if it waits on the storage board: nothing when it can be built free
    next to its predecessor (placed with room, or still to come), a typical price otherwise."""
    pred = _BUILDINGS[b].pred
    if pred < 0:
        return TYPICAL
    base = p * s.types
    cells = s.tmask[base + pred]
    if cells:
        if s.board.adjacent(cells) & s.board.full & ~s.occ:
            return 0.0
        return TYPICAL
    if b == _STREET:
        return TYPICAL  # no street of mine yet: the first one is paid
    if s.storage[p][pred] or s.unseen[p][pred]:
        return 0.4 * TYPICAL
    return TYPICAL


def _reserved(s: AttikaState, p: int, b: int) -> int:
    """Empty spaces p should keep for buildings still to come that would be free there: the last free
    neighbours of p's buildings with successors left (b's own free spaces excepted)."""
    board = s.board
    empty = board.full & ~s.occ
    nbm = board.nbm
    tm = s.tmask
    base = p * s.types
    out = 0
    for x in range(s.types):
        cells = tm[base + x]
        if not cells or x == _BUILDINGS[b].pred:
            continue
        left = _successors_left(s, p, x)
        if left <= 0:
            continue
        while cells:
            low = cells & -cells
            room = nbm[low.bit_length() - 1] & empty
            if room.bit_count() <= left:
                out |= room
            cells ^= low
    return out


def place_scores(s: AttikaState, p: int, b: int, cells: list[int]) -> list[float]:
    board = s.board
    nbm = board.nbm
    empty = board.full & ~s.occ
    me = race(s, p)
    block = 0
    choke = 0
    threat = FAR
    for q in range(s.n):
        if q != p:
            other = race(s, q)
            if other.distance < FAR:
                block |= other.path
                choke |= other.choke
                threat = min(threat, other.distance)
    urgency = 1.0 + URGENCY / threat if threat < FAR else 1.0
    block_value = BLOCK * urgency
    choke_value = CHOKE * urgency
    free = _free_mask(s, p, b)
    hand = s.hands[p]
    own = s.own[p]
    comps = s.comps[p]
    succ_left = _successors_left(s, p, b)
    group_cells = 0
    grp = _CAT.groups[_BUILDINGS[b].group]
    for m in grp.members:
        group_cells |= s.tmask[p * s.types + m]
    vcard = card_value(s, p)
    # successors of b waiting on the storage board become free next to it
    waiting = 0
    if b != _STREET:
        for x in _SUCCESSORS[b]:
            waiting += s.storage[p][x]
    elif not s.tmask[p * s.types + b]:
        waiting = s.storage[p][b] - (1 if s.phase == ACTIONS else 0)
    # b's own predecessor is waiting on the storage board: better built first, then b for free
    pred = _BUILDINGS[b].pred
    wait = pred >= 0 and pred != b and s.storage[p][pred] > 0 and not s.tmask[p * s.types + pred]
    reserved = _reserved(s, p, b)
    path_value = PATH * (1.0 + 4.0 / (1 + me.distance)) if me.distance < FAR else 0.0
    if me.distance == 1:
        path_value = WIN
    base_value = WIN if s.placed[p] + 1 >= _CAT.constants.buildings_to_win else BUILDING
    out = []
    for c in cells:
        bit = 1 << c
        if free & bit:
            cards = 0
        else:
            _, r, generic = costs.requirement(s, p, b, c)
            cards = _cards_for(hand, r, generic)
        v = base_value - vcard * cards
        if me.path & bit:
            v += path_value
        if me.choke & bit:
            v += SECURE
        if block & bit:
            v += block_value
        if choke & bit:
            v += choke_value
        around = nbm[c]
        if around & own:
            v += LINK
            touching = 0
            for comp in comps:
                if comp & around:
                    touching += 1
            if touching > 1:
                v += MERGE * (touching - 1)
        if succ_left:
            room = (around & empty).bit_count()
            v += ROOM * min(succ_left, room)
            if waiting:
                v += UNLOCK * vcard * min(waiting, room)
        if wait and not free & bit:
            v -= WAIT * vcard
        if reserved & bit and not free & bit:
            v -= RESERVE * vcard
        if around & group_cells:
            v += GROUP
        out.append(v)
    return out


def _best_place(s: AttikaState, p: int, b: int, legal: list[Action]) -> tuple[float, Action | None]:
    index = s.board.index
    places = [a for a in legal if type(a) is PlaceBuilding]
    if not places:
        return float("-inf"), None
    cells = [index[(a.q, a.r)] for a in places]  # type: ignore[attr-defined]
    scores = place_scores(s, p, b, cells)
    best = max(range(len(scores)), key=scores.__getitem__)
    return scores[best], places[best]


def _best_build_value(s: AttikaState, p: int, b: int) -> float:
    mask = costs.buildable(s, p, b)
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    if not cells:
        return float("-inf")
    return max(place_scores(s, p, b, cells))


def card_value(s: AttikaState, p: int) -> float:
    """What one more landscape card is worth to p, in the units of place_scores: full while the hand is
    short of what the buildings still to come will cost, little once it covers them."""
    h = sum(s.hands[p])
    left = _CAT.constants.buildings_to_win - s.placed[p]
    d = race(s, p).distance
    need = 2.0 * min(left, d + 2) if d < FAR else 2.0 * left
    need = max(need, 2.0)
    if h <= 0.5 * need:
        return 1.0
    if h >= need:
        return 0.15
    return 1.0 - 0.85 * (h - 0.5 * need) / (0.5 * need)


def _phase_a(s: AttikaState, legal: list[Action], rng: Rng) -> Action:
    p = s.actor
    g = s.g
    builds = [a for a in legal if type(a) is BuildFromStorage]
    draws = [a for a in legal if type(a) is DrawBuilding]
    amphora = g.amphora if g.amphora in legal else None
    vcard = card_value(s, p)
    values = []
    for a in builds:
        v = _best_build_value(s, p, _CAT.by_id[a.building])  # type: ignore[attr-defined]
        values.append((v, a))
    values.sort(key=lambda x: -x[0])
    good = [a for v, a in values if v > vcard]
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
        if amphora is not None:
            return amphora
        return g.end_actions
    # no mode yet: compare a build turn, a draw turn and taking three cards
    build_turn = sum(v for v, _ in values[:3] if v > vcard) + vcard * max(0, 3 - len(good))
    pass_turn = 3 * vcard
    draw_turn = 2 * DRAW if draws else float("-inf")
    if good and build_turn >= max(pass_turn, draw_turn):
        return good[0]
    if draw_turn > pass_turn and sum(s.hands[p]) >= MIN_HAND_TO_DRAW:
        return _choose_draw(s, draws)
    return g.end_actions


DRAW = 2.4  # a building drawn, placed at once or stored for later (in cards)
MIN_HAND_TO_DRAW = 3  # with fewer cards, take cards: a drawn building could not be paid for


def _choose_draw(s: AttikaState, draws: list[Action]) -> Action:
    """The stack whose next building helps most: a building that can go free next to its placed
    predecessor, or a main building that unlocks buildings waiting for it."""
    p = s.actor
    unseen = s.unseen[p]
    storage = s.storage[p]
    tm = s.tmask
    base = p * s.types
    empty = s.board.full & ~s.occ
    adjacent = s.board.adjacent
    room = [False] * len(_BUILDINGS)
    for b in range(len(_BUILDINGS)):
        cells = tm[base + b]
        if cells and adjacent(cells) & empty:
            room[b] = True
    best = draws[0]
    best_v = float("-inf")
    for a in draws:
        k = a.stack  # type: ignore[attr-defined]
        pool = _CAT.mains if k == 0 else _CAT.normals
        total = 0
        good = 0.0
        for b in pool:
            n = unseen[b]
            if not n:
                continue
            total += n
            if k == 0:
                waiting = 0
                coming = 0
                for x in _SUCCESSORS[b]:
                    waiting += storage[x]
                    coming += unseen[x]
                good += n * (1.0 + MAIN_WAITING * waiting + MAIN_COMING * coming)
            else:
                pred = _BUILDINGS[b].pred
                if room[pred]:
                    good += n * 2.0
                elif tm[base + pred]:
                    good += n * 0.6
                else:
                    good += n
        v = good / total if total else -1
        if v > best_v:
            best_v, best = v, a
    return best


MAIN_WAITING = 0.5  # per stored building a main building would make free
MAIN_COMING = 0.15  # per building still in the stacks it would make free


def _pay(s: AttikaState, legal: list[Action]) -> Action:
    p = s.actor
    hand = s.hands[p]
    c = s.pay_c
    best = legal[0]
    best_v = float("-inf")
    for a in legal:
        t = "WMFH".index(a.card)  # type: ignore[attr-defined]
        v = hand[t] + (10 if c[t] else 0)
        if v > best_v:
            best_v, best = v, a
    return best


CAP = 12


def _tile_place(s: AttikaState, legal: list[Action]) -> Action:
    """Lay an expansion tile where it shortens my shrine link most, or lengthens no opponent's: a tile
    touching a shrine or bridging a wall opens new links for whoever is near it."""
    from hellenika.games.attika.shrine_paths import distance_fields, distance_with_tile, tile_contacts

    p = s.actor
    board = s.board
    players = []
    for q in range(s.n):
        current = min(race(s, q).distance, CAP)
        fields = distance_fields(board, s.occ, s.own[q], s.comps[q], current)
        players.append((q, current, fields))
    own = s.own[p]
    best = legal[0]
    best_v = float("-inf")
    for a in legal:
        spaces, touching = tile_contacts(board, (a.q, a.r))  # type: ignore[attr-defined]
        v = 0.0
        opp = CAP
        for q, current, fields in players:
            d = distance_with_tile(fields, spaces, touching, current)
            if q == p:
                v -= d
            elif d < opp:
                opp = d
        v += opp
        near = 0
        for cells in spaces:
            for c in cells:
                if own >> c & 1:
                    near += 1
        v += 0.05 * min(near, 4)
        if v > best_v:
            best_v, best = v, a
    return best


def heuristic_action(s: AttikaState, rng: Rng) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = s.phase
    if phase == ACTIONS:
        return _phase_a(s, legal, rng)
    if phase == PAY:
        return _pay(s, legal)
    if phase == DRAWN:
        p = s.actor
        value, action = _best_place(s, p, s.pending, legal)
        vcard = card_value(s, p)
        keep = BUILDING - vcard * (1.0 + future_cost(s, p, s.pending))
        if action is not None and value >= keep:
            return action
        return s.g.store
    if phase == PLACE:
        _, action = _best_place(s, s.actor, s.pending, legal)
        assert action is not None
        return action
    if phase == CARDS:
        p = s.actor
        if s.amph[p] >= 3 or (s.amph[p] >= 2 and not any(s.stacks[p])):
            return s.g.amphora
        return s.g.pass_turn
    if phase == TILE_PLACE:
        return _tile_place(s, legal)
    if phase == TILE_ROTATE:
        return legal[0]
    return legal[rng.randbelow(len(legal))]


_ = (SpendAmphora,)
