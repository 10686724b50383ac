"""The Hellas heuristic player: rules of thumb from the game's strategy, one small rule per decision.

It drives the ``heuristic`` bot and the playouts of search, so it never searches: each decision reads the
position with :mod:`tactics` (attack margins, dangers, ship majorities, tiles that fit) and picks by a short
list of rules. The action itself is chosen by the swing in cities it promises over our action and his reply.
The rules, and why they are there:

- **Take a city when the odds allow and it can be held** (spec §6.2: land needs as many Greeks as the
  defenders, sea one more). An attack moves two cities at once (+1 for us, -1 for him) and sends the
  defenders to the supply, but a city he retakes at once (or one of ours he then takes) is worth nothing:
  the attack is valued after his best reply. The chance that his Ares cards undo a bare margin comes from the
  Ares cards we have not seen. Also: his last city (the game), our tenth, a temple that changes who holds
  more (the fourth Burst action).
- **Commit enough to win and to hold, no more**: the defenders, one more if he holds Ares cards (a Stand
  Firm), up to what keeps the conquered city out of his reach; land sources alone while they suffice (a
  sea Greek makes it a sea attack, one Greek dearer); each Greek from the source left safest.
- **Resolve only a winning attack, otherwise call it off** (nothing is lost by calling off, spec §6.2-3).
- **Defend before expanding**: when he can take a city next turn, a Burst that puts every city out of reach
  (recruits, then a regroup from the safe cities, temples first) beats a voyage.
- **Garrison while there is room**: a Burst is worth the Greeks it can still add to cities holding fewer
  than three (a garrison Greek wins games in the long run, the evaluation's fit agrees); a full one is
  worth little, and then the voyage comes first.
- **Voyage where the ships say so, and only to a city that can be held**: the chance that the next tile fits
  a site with our ship majority, counted against us where the new city would fall at once; ships are built
  and sailed to the coasts where tiles left in the stack fit and one more ship makes a majority, and a first
  ship when none is left; the tile goes next to our own cities, land edges to friends and sea edges to
  enemies (a land attack needs one Greek fewer).
- **Break stalemates**: two careful players trade one city back and forth for ever (the stall rule waits
  until no tile left can be laid, and then counts only new records of cities), or wait on a known top tile
  nobody can use. Now and then, more often as
  the game drags on, a voyage with poor odds is tried anyway (the only use of ``rng``).
- **God cards at the decisive moment**: Double Action when its second action has a target; Battle Fury or
  Beachhead only when they turn a losing attack into a winning one, Stand Firm or Rocky Coast only when they
  turn a winning attack against us into a losing one; Thunderbolt against the cards that decide something;
  Storm on every enemy voyage; Levy, Shipwrights, Favour, Free Passage, Sea Chart and Orderly Retreat as soon
  as they are free pieces or free choices; Forced March when it alone makes the attack win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.attack import effective_sea
from hellenika.games.hellas_delonge.components import CITY_CAP, GODS, HAND_LIMIT, rotate
from hellenika.games.hellas_delonge.hexmap import DELTA, iter_bits
from hellenika.games.hellas_delonge.tactics import (
    ARES,
    NO_ATTACK,
    POSEIDON,
    ZEUS,
    ares_in_hand,
    danger,
    fit_chance,
    force,
    forces,
    frontier_ships,
    hold_need,
    majority_cells,
    majority_fits,
    margin,
    tile_fits,
    useful_sites,
)
from hellenika.games.hellas_delonge.turn import END_AFTER_BURST, VICTORY_CITIES

if TYPE_CHECKING:
    from collections.abc import Callable

    from hellenika.games.hellas_delonge.state import HellasState

# Double Action is played for its voyage when the next tile fits a majority site at least this often.
VOYAGE_CHANCE = 0.35
# How often a voyage with poor odds is tried when nothing is in danger (see _main).
EXPLORE = 0.08
# Past this many turns the exploration grows by LATE_EXPLORE a turn and ignores the danger (see _main).
LONG_GAME = 40
LATE_EXPLORE = 0.01
# ... and, when a city of ours is in danger, by LATE_DANGER a turn (no more: expanding then costs a city).
LATE_DANGER = 0.002
# What a Burst is worth when nothing is in danger, in cities (pieces and cards for later).
BURST_VALUE = 0.1
# ... and per Greek it can add to a garrison with room (in cities).
BURST_GREEK = 0.33
# A change of one in who holds more temples, in cities (the evaluation's fit says about two).
TEMPLE_LEAD = 0.5
# Regroup moves must gain at least this much (and a regroup makes at most MAX_MOVES moves).
MOVE_GAIN = 0.75
MAX_MOVES = 8

# How much each card is worth keeping (discards and draws): combat cards decide the most games.
CARD_KEEP = {
    "double_action": 9,
    "thunderbolt": 6,
    "levy": 7,
    "favour": 4,
    "theft": 3,
    "oracle": 1,
    "migration": 3,
    "winds": 4,
    "sea_chart": 3,
    "second_voyage": 4,
    "free_passage": 2,
    "storm": 6,
    "shipwrights": 4,
    "fury": 8,
    "stand_firm": 8,
    "forced_march": 5,
    "beachhead": 5,
    "rocky_coast": 5,
    "orderly_retreat": 3,
    "second_strike": 6,
}

# Tie-break between the decks for a draw, by god index (Zeus, Poseidon, Ares): Ares first.
GOD_ORDER = {ZEUS: 0.1, POSEIDON: 0.2, ARES: 0.0}

# Cards worth a Thunderbolt whatever the situation (combat cards are judged by whether they flip the fight).
DECISIVE = frozenset(
    {"double_action", "storm", "second_strike", "second_voyage", "levy", "winds", "forced_march", "favour"}
)
COMBAT_EFFECTS = frozenset({"fury", "stand_firm", "beachhead", "rocky_coast"})


def heuristic_action(s: HellasState, rng: Rng) -> Action:
    """The rule-of-thumb choice for the seat deciding at ``s`` (always one of ``s.legal_actions()``)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.phase == ph.MAIN:
        return _main(s, legal, rng)
    handler = _HANDLERS.get(s.phase)
    choice = handler(s, legal) if handler is not None else None
    if choice is None:
        return legal[0]
    return choice


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


# ---------------------------------------------------------------------- choosing the action (spec §4)


def _attack_sources(s: HellasState, p: int, x: int) -> tuple[int, ...]:
    """The cities an attack on ``x`` may draw on (as the engine lists them at the declaration)."""
    return tuple(c for c in iter_bits(s.board.links(x) & s.owned[p]) if s._spare(c) >= 1)


def _best_unlinked(s: HellasState, p: int, x: int) -> int:
    """Forced March's city: the unlinked one with most Greeks to spare (-1 if none)."""
    best, most = -1, 0
    for c in iter_bits(s.owned[p] & ~s.board.links(x)):
        k = s._spare(c)
        if k > most:
            best, most = c, k
    return best


def plan_attack(
    s: HellasState, p: int, x: int, sources: tuple[int, ...], fm: int = -1, r: Reading | None = None
) -> tuple[list[int], int, bool]:
    """Greeks to send from each of ``sources`` against ``x``, the margin it wins by (< 0: hopeless), and
    whether it is a land attack.

    Enough to win with a margin against a Stand Firm when he holds Ares cards, and enough to hold the
    conquered city against his linked Greeks when our cities can spare them; land sources alone while they
    suffice (a sea Greek makes it a sea attack, one Greek dearer); each Greek is taken from the source left
    safest. ``fm`` is the Forced March city among the sources, if any (it does not set the attack type).
    ``r``, a :class:`Reading` for ``p``, saves recomputing his forces.
    """
    o = 1 - p
    if r is None:
        r = Reading(s, p)
    d = s.greeks[x]
    sealink = s.board.sealink[x]
    spare = [max(s._spare(c), 0) for c in sources]
    sea_src = [c != fm and bool(sealink >> c & 1) for c in sources]
    land_pool = sum(k for k, sea in zip(spare, sea_src, strict=True) if not sea)
    any_land = any(k and not sea and c != fm for c, k, sea in zip(sources, spare, sea_src, strict=True))
    total = sum(spare)
    buffer = 1 if ares_in_hand(s, o) else 0
    o_land, o_sea = r.threat(x)  # his Greeks around x: who would retake it
    hold = hold_need(o_land, o_sea)
    if any_land and land_pool >= d and not (land_pool < d + buffer <= total - 1):
        allowed = [not sea for sea in sea_src]
        need, pool = d, land_pool
    else:
        allowed = [True] * len(sources)
        need, pool = d + 1, total
    land = need == d
    take = [0] * len(sources)
    if pool < need:
        return take, pool - need, land
    want = min(pool, max(need + buffer, hold))
    threat = [r.threat(c) for c in sources]
    greeks = s.greeks
    for _ in range(want):
        best = -1
        best_key = (0, 0)
        for i, c in enumerate(sources):
            if not allowed[i] or take[i] >= spare[i]:
                continue
            left = greeks[c] - take[i] - 1
            key = (-margin(threat[i][0], threat[i][1], left), left)
            if best < 0 or key > best_key:
                best, best_key = i, key
        if best < 0:
            break
        take[best] += 1
    return take, want - need, land


def _win_chance(s: HellasState, p: int, m: int, land: bool) -> float:
    """The chance that his Ares cards cannot undo an attack winning by ``m``: each Stand Firm takes one
    from the margin, a Rocky Coast one from a land attack, each Battle Fury of ours gives one back. His hand
    is unknown; the chance that a card of his blocks is the share of blockers among the Ares cards we have
    not seen (a public count)."""
    o = 1 - p
    k = ares_in_hand(s, o)
    g = s.g
    absorb = m + s.hand[p][g.a_fury]
    if k <= absorb:
        return 1.0
    cards = s.cat.cards
    mine, fresh, discards = s.hand[p], s.fresh[p], s.discards

    def unseen(t: int) -> int:
        return cards[t].count - discards[t] - mine[t] - fresh[t]

    total = sum(unseen(t) for t in s.cat.god_ranges[ARES])
    if total <= 0:
        return 1.0
    q = (unseen(g.a_firm) + (unseen(g.a_rocky) if land else 0)) / total
    # P(at most `absorb` blockers among his k cards), binomial.
    chance = 0.0
    term = (1.0 - q) ** k
    for j in range(absorb + 1):
        chance += term
        if q >= 1.0:
            break
        term *= (k - j) / (j + 1) * q / (1.0 - q)
    return min(chance, 1.0)


def _reply_after_conquest(r: Reading, x: int, sources: tuple[int, ...], take: list[int]) -> int:
    """His best margin against any of our cities once our Greeks have taken ``x``: the sources are lighter,
    ``x`` holds what moved in, and his Greeks in ``x`` no longer threaten its neighbours."""
    s = r.s
    greeks = s.greeks
    board = s.board
    lost = greeks[x] - 1 if greeks[x] > 1 else 0
    landlink = board.landlink[x]
    linked = board.links(x)
    o_land, o_sea = r.threat(x)
    best = margin(o_land, o_sea, min(CITY_CAP, sum(take)))
    taken = dict(zip(sources, take, strict=True))
    for c in iter_bits(s.owned[r.p]):
        land, sea = r.threat(c)
        if lost and linked >> c & 1:
            if landlink >> c & 1:
                land -= lost
            else:
                sea -= lost
        m = margin(land, sea, greeks[c] - taken.get(c, 0))
        best = max(best, m)
    return best


def _attack_score(r: Reading, x: int, idle: float) -> float:
    """The expected swing in cities (ours minus his, over our action and his reply) of attacking ``x``;
    ``idle`` is that of not acting (his reply to the position as it is), what a called-off attack leaves."""
    s, p = r.s, r.p
    sources = _attack_sources(s, p, x)
    take, m, land = plan_attack(s, p, x, sources, -1, r)
    if m < 0 and not s.barred(p) and s.hand[p][s.g.a_forced]:
        fm = _best_unlinked(s, p, x)
        if fm >= 0:
            sources = (*sources, fm)
            take, m, land = plan_attack(s, p, x, sources, fm, r)
    if m < 0:
        return -100.0
    o = 1 - p
    if s.owned[o] == 1 << x:
        return 1000.0  # his last city: the game
    if s.cities(p) + 1 >= VICTORY_CITIES:
        return 500.0  # the tenth city, counted at the end of our turn
    win = _win_chance(s, p, m, land)
    reply = _reply_after_conquest(r, x, sources, take)
    value = 2.0 - (2.0 if reply >= 0 else 0.0)
    # A temple that changes who holds more (the fourth Burst action) is worth most of another city.
    if s.board.temples >> x & 1:
        mine, his = s.temples_of(p), s.temples_of(o)
        lead_before = (mine > his) - (his > mine)
        lead_after = (mine + 1 > his - 1) - (his - 1 > mine + 1)
        value += TEMPLE_LEAD * (lead_after - lead_before) + 0.2
    # Tie-breaks: his Greeks sent to the supply, a safe margin.
    value += 0.05 * s.greeks[x] + 0.05 * min(m, 2)
    return win * value + (1.0 - win) * idle


def _best_attack(r: Reading, legal: list[Action], idle: float) -> tuple[Action | None, float]:
    s = r.s
    forced = not s.barred(r.p) and s.hand[r.p][s.g.a_forced]
    greeks = s.greeks
    best: Action | None = None
    best_value = -100.0
    for action in legal:
        if isinstance(action, a.ChooseAttack):
            x = action.city
            if not forced:
                land, sea = r.force(x)
                if margin(land, sea, greeks[x]) < 0:
                    continue  # out of reach: no need to plan it
            value = _attack_score(r, x, idle)
            if value > best_value:
                best, best_value = action, value
    return best, best_value


def _burst_value(r: Reading) -> float:
    """A Burst's worth in cities when nothing is in danger: the Greeks it can still add to thin garrisons
    (a garrison Greek is worth most of a city in the long run, and a city cannot take more than three)."""
    s, p = r.s, r.p
    room = 0
    for c in iter_bits(s.owned[p]):
        room += CITY_CAP - s.greeks[c]
    actions = 4 if s.temples_of(p) > s.temples_of(1 - p) else 3
    return BURST_GREEK * min(actions, s.gsup[p], room) + BURST_VALUE


def _burst_defends(r: Reading) -> bool:
    """Can a Burst (recruits, then a regroup from the safe cities) put every endangered city out of reach?"""
    s, p = r.s, r.p
    greeks = s.greeks
    need = 0
    donors = 0
    for c in iter_bits(s.owned[p]):
        safe = r.min_safe(c)
        if r.danger(c, safe) >= 0:
            return False
        if safe > greeks[c]:
            need += safe - greeks[c]
        else:
            donors += greeks[c] - safe
    bonus = 1 if s.temples_of(p) > s.temples_of(1 - p) else 0
    return need <= min(3 + bonus, s.gsup[p]) + donors


def _main(s: HellasState, legal: list[Action], rng: Rng) -> Action:
    """Choose the action by the swing in cities it promises over our action and his reply: an attack +2
    (0 if he retakes something at once), a voyage its chance of fitting, a Burst 0 but it may save the
    cities he threatens; not acting leaves -2 when he can take a city.

    Now and then (``EXPLORE``), when nothing is in danger, a voyage with poor odds is taken all the same:
    it sends a tile nobody can use under the stack (an Oracle may have left one on top for good) and
    breaks the cycles two careful players fall into, trading one city back and forth."""
    g = s.g
    p = s.active
    play = g.play
    # Free pieces are best on the map before the action: Levy's Greeks may attack at once.
    if s.gsup[p] and _offered(legal, play[g.z_levy]):
        return play[g.z_levy]
    if s.ssup[p] and _offered(legal, play[g.p_shipwrights]):
        return play[g.p_shipwrights]
    if _offered(legal, play[g.z_theft]) and s.hand_size(p) < HAND_LIMIT:
        return play[g.z_theft]
    da = s.da_stage
    r = Reading(s, p)
    idle = -2.0 if r.reply() >= 0 else 0.0
    attack, attack_value = _best_attack(r, legal, idle) if da != 1 else (None, -100.0)
    can_voyage = _offered(legal, g.voyage)
    chance = safe = 0.0
    if can_voyage:
        fits, safe_fits = _voyage_fits(r)
        chance = fit_chance(s, fits)
        safe = fit_chance(s, safe_fits)
    # A new city he takes at once is a city for him: it counts against us unless he has a target anyway.
    voyage_value = idle + chance if idle else safe - (chance - safe)
    burst_value = _burst_value(r) + (0.0 if idle == 0.0 or _burst_defends(r) else idle)
    # Double Action pays when its second action has something to do: a city to take or a coast to reach;
    # its Burst first reinforces the attack or the cities in danger.
    if (
        da == 0
        and _offered(legal, play[g.z_double])
        and (attack_value > burst_value or chance >= VOYAGE_CHANCE or _near_attack(s, p))
    ):
        return play[g.z_double]
    if da == 1:
        return g.burst
    if da == 2:
        # The second action of Double Action: a failed voyage costs nothing now.
        if attack is not None and attack_value > voyage_value:
            return attack
        if can_voyage and chance > 0:
            return _oracle_or(s, legal, g.voyage)
        return g.end_turn
    if attack is not None and attack_value >= max(burst_value, voyage_value):
        return attack
    if can_voyage and voyage_value > burst_value:
        return _oracle_or(s, legal, g.voyage)
    # A known top tile that fits none of our sites blocks every voyage until someone clears it; a game that
    # drags on is a stalemate of traded cities that only new cities can break.
    blocked = bool(s.top) and chance == 0.0
    late = max(0, s.turn - LONG_GAME)
    explore = EXPLORE + LATE_EXPLORE * late if idle == 0.0 or blocked else LATE_DANGER * late
    if can_voyage and rng.random() < explore:
        return g.voyage
    return g.burst


def _voyage_fits(r: Reading) -> tuple[int, int]:
    """The tiles a voyage could lay now (bitmasks): at any site with our ship majority, and at one where the
    new city (one Greek, plus what our safe cities can send in the regroup) is out of his reach."""
    s, p = r.s, r.p
    greeks = s.greeks
    free = 0
    for c in iter_bits(s.owned[p]):
        free += max(0, greeks[c] - max(r.min_safe(c), 1))
    theirs = s.owned[1 - p]
    ships = s.ships
    mine_mask = s.owned[p]
    fits = safe = 0
    for _, slots, site_fits in useful_sites(s):
        mine = 0
        for c in iter_bits(slots & mine_mask):
            mine += ships[c]
        if not mine:
            continue
        other = 0
        for c in iter_bits(slots & theirs):
            other += ships[c]
        if mine <= other:
            continue
        fits |= site_fits
        enemy = 0
        for c in iter_bits(slots & theirs):
            if greeks[c] > 1:
                enemy += greeks[c] - 1
        if enemy == 0 or (enemy <= free and enemy < CITY_CAP):
            safe |= site_fits
    return fits, safe


def _near_attack(s: HellasState, p: int) -> bool:
    """An enemy city a Burst of recruits could bring within reach (margin -1 or -2)."""
    for x in iter_bits(s.owned[1 - p]):
        land, sea = force(s, p, x)
        if land + sea and margin(land, sea, s.greeks[x]) >= -2:
            return True
    return False


def _oracle_or(s: HellasState, legal: list[Action], action: Action) -> Action:
    """Before a voyage, the Oracle lets us put a tile that fits on top."""
    g = s.g
    oracle = g.play[g.z_oracle]
    if _offered(legal, oracle) and s.stack_size() >= 2:
        return oracle
    return action


# ---------------------------------------------------------------------- Burst of Strength (spec §4.1)


def _burst(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    p = s.active
    play = g.play
    if _offered(legal, play[g.z_favour]):
        return play[g.z_favour]  # one more Burst action, free
    if s.gsup[p] and _offered(legal, play[g.z_levy]):
        return play[g.z_levy]
    if s.ssup[p] and _offered(legal, play[g.p_shipwrights]):
        return play[g.p_shipwrights]
    r = Reading(s, p)
    best: Action = g.stop
    best_value = 0.0
    draw_value = _draw_value(s, p)
    for action in legal:
        if isinstance(action, a.Recruit):
            value = r.greek_gain(action.city)
        elif isinstance(action, a.BuildShip):
            value = 0.4 + r.ship_gain(action.city, +1)
        elif isinstance(action, a.DrawCard):
            value = draw_value - 0.2 * _god_rank(s, p, GODS.index(action.god))
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


def _draw_value(s: HellasState, p: int) -> float:
    """Cards are options for later; worth most while the hand is short."""
    n = s.hand_size(p)
    return 1.4 if n <= 2 else 1.0 if n <= 4 else 0.5


def _god_rank(s: HellasState, p: int, god: int) -> float:
    """Draw the god we hold fewest of; on a tie Ares (combat decides most games), then Zeus, then Poseidon."""
    return s.held_of_god(p, god) + GOD_ORDER[god]


# ---------------------------------------------------------------------- regrouping (spec §7)


def _regroup(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    p = s.active
    moved = (s.rg_gave_g | s.rg_recv_g | s.rg_gave_s | s.rg_recv_s).bit_count()
    if moved >= MAX_MOVES:
        return g.done
    r = Reading(s, p)
    best: Action = g.done
    best_value = MOVE_GAIN
    for action in legal:
        if isinstance(action, a.MoveGreek):
            gain = r.greek_gain(action.city)
            if gain <= best_value:
                continue
            value = gain - r.greek_loss(action.source)
        elif isinstance(action, a.MoveShip):
            value = r.ship_gain(action.city, +1) + r.ship_gain(action.source, -1)
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    return best


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


# ---------------------------------------------------------------------- attacks (spec §6)


def _commit(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    p = s.active
    x = s.target
    forced = g.play[g.a_forced]
    r = Reading(s, p)
    if _offered(legal, forced) and plan_attack(s, p, x, s.sources, -1, r)[1] < 0:
        # Forced March when the linked cities cannot win alone but our best unlinked city tips it.
        fm = _best_unlinked(s, p, x)
        if fm >= 0 and plan_attack(s, p, x, (*s.sources, fm), fm, r)[1] >= 0:
            return forced
    i = len(s.commits)
    if i >= len(s.sources):
        return None
    want = plan_attack(s, p, x, s.sources, s.fm_city, r)[0][i]
    low = 1 if i == len(s.sources) - 1 and not any(s.commits) else 0
    k = min(max(want, low), s._spare(s.sources[i]))
    return g.commit[k]


def _forced_source(s: HellasState, legal: list[Action]) -> Action | None:
    p = s.active
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if isinstance(action, a.ForcedSource):
            c = action.city
            value = s._spare(c) - 0.5 * max(danger(s, c, 2), -2)
            if value > best_value:
                best, best_value = action, value
    del p
    return best


def _combat(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    q = s.cp
    play = g.play
    a_str, d_str = s.strengths()
    sea = s.is_sea_attack()
    lead = a_str - d_str - (1 if sea else 0)  # >= 0: the attack wins as it stands
    if q == s.active:
        if lead >= 0:
            return g.pass_
        beach = play[g.a_beach]
        if _offered(legal, beach) and sea and lead + 1 >= 0:
            return beach
        fury = play[g.a_fury]
        if _offered(legal, fury) and lead + s.hand[q][g.a_fury] >= 0:
            return fury
        return g.pass_
    if lead < 0:
        return g.pass_
    rocky = play[g.a_rocky]
    if _offered(legal, rocky) and not sea and lead - 1 < 0:
        return rocky
    firm = play[g.a_firm]
    if _offered(legal, firm) and lead - s.hand[q][g.a_firm] < 0:
        return firm
    if _offered(legal, rocky) and not sea and _offered(legal, firm):
        return rocky
    return g.pass_


def _calloff(s: HellasState, legal: list[Action]) -> Action | None:
    return s.g.resolve if s.attack_would_win() else s.g.call_off


def _retreat_window(s: HellasState, legal: list[Action]) -> Action | None:
    """Orderly Retreat keeps the defenders on the map."""
    return legal[0]


def _retreat(s: HellasState, legal: list[Action]) -> Action | None:
    """Each withdrawing Greek goes where a Greek is worth most (a city in danger first)."""
    r = Reading(s, 1 - s.active)
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if isinstance(action, a.Retreat):
            value = r.greek_gain(action.city)
            if value > best_value:
                best, best_value = action, value
    return best


def _fleet(s: HellasState, legal: list[Action]) -> Action | None:
    """Bring every ship the defender had there: ships on the map are voyages later."""
    return legal[0]


def _second_attack(s: HellasState, legal: list[Action]) -> Action | None:
    attack, _ = _best_attack(Reading(s, s.active), legal, 0.0)
    return attack if attack is not None else legal[0]


# ---------------------------------------------------------------------- god cards (spec §8)


def _respond(s: HellasState, legal: list[Action]) -> Action | None:
    """Thunderbolt: cancel his card when it decides something, or save ours when he cancelled it."""
    g = s.g
    bolt = g.play[g.z_thunderbolt]
    if not _offered(legal, bolt):
        return g.pass_
    q = s.cp
    base_player, t = s.chain[0]
    effective = (len(s.chain) - 1) % 2 == 0
    ours = base_player == q
    if ours == effective:
        return g.pass_  # it already goes our way
    effect = s.cat.cards[t].effect
    if effect in COMBAT_EFFECTS:
        return bolt if _combat_card_flips(s, effect) else g.pass_
    if effect == "theft" and not ours:
        return bolt if s.hand_size(q) >= 3 else g.pass_
    return bolt if effect in DECISIVE else g.pass_


def _combat_card_flips(s: HellasState, effect: str) -> bool:
    a_str, d_str = s.strengths()
    beach, rocky = s.beach, s.rocky
    a_after = a_str + 1 if effect == "fury" else a_str
    d_after = d_str + 1 if effect == "stand_firm" else d_str
    if effect == "beachhead":
        beach = True
    elif effect == "rocky_coast":
        rocky = True
    before = a_str >= d_str + (1 if s.is_sea_attack() else 0)
    after = a_after >= d_after + (1 if effective_sea(s.nat_sea, beach, rocky) else 0)
    return before != after


def _levy(s: HellasState, legal: list[Action]) -> Action | None:
    """Levy: each Greek where it saves a city or opens an attack (from the supply when it has any)."""
    r = Reading(s, s.active)
    best: Action = s.g.done
    best_value = 0.0
    for action in legal:
        if isinstance(action, a.LevyGreek):
            value = r.greek_gain(action.city)
            if action.source >= 0:
                value -= r.greek_loss(action.source)
            if value > best_value:
                best, best_value = action, value
    return best


def _launch(s: HellasState, legal: list[Action]) -> Action | None:
    """Shipwrights: each ship where it makes a ship majority for a voyage."""
    r = Reading(s, s.active)
    best: Action = s.g.done
    best_value = 0.0
    for action in legal:
        if isinstance(action, a.LaunchShip):
            value = 0.3 + r.ship_gain(action.city, +1)
            if action.source >= 0:
                value += r.ship_gain(action.source, -1) - 0.3
            if value > best_value:
                best, best_value = action, value
    return best


def _oracle(s: HellasState, legal: list[Action]) -> Action | None:
    """Put on top the tile that fits our majority sites best; below it, the ones that suit him least."""
    p = s.active
    first = not s.oracle_done
    cells = majority_cells(s, p) if first else majority_cells(s, 1 - p)
    best: Action | None = None
    best_value = -1e9
    for action in legal:
        if not isinstance(action, a.OrderTile):
            continue
        fits = tile_fits(s, s.cat.tile_by_id[action.tile], cells)
        value = fits if first else -fits
        if value > best_value:
            best, best_value = action, value
    return best


def _discard(s: HellasState, legal: list[Action]) -> Action | None:
    cards = s.cat.cards
    best: Action | None = None
    best_value = 1e9
    for action in legal:
        if isinstance(action, a.Discard):
            value = CARD_KEEP.get(cards[s.cat.card_by_id[action.card]].effect, 0)
            if value < best_value:
                best, best_value = action, value
    return best


def _end(s: HellasState, legal: list[Action]) -> Action | None:
    g = s.g
    p = s.active
    play = g.play
    if s.gsup[p] and _offered(legal, play[g.z_levy]):
        return play[g.z_levy]
    if s.ssup[p] and _offered(legal, play[g.p_shipwrights]):
        return play[g.p_shipwrights]
    if _offered(legal, play[g.z_theft]) and s.hand_size(p) < HAND_LIMIT:
        return play[g.z_theft]
    strike = play[g.a_second]
    if _offered(legal, strike) and _best_attack_anywhere(s, p) > 0:
        return strike
    voyage = play[g.p_second]
    if _offered(legal, voyage) and fit_chance(s, majority_fits(s, p)) > 0.2:
        return voyage
    migration = play[g.z_migration]
    if _offered(legal, migration) and s.end_mode != END_AFTER_BURST and _migration_helps(s, p):
        return migration
    return g.end_turn


def _best_attack_anywhere(s: HellasState, p: int) -> float:
    r = Reading(s, p)
    idle = -2.0 if r.reply() >= 0 else 0.0
    best = -100.0
    for x in s._attack_targets(p):
        best = max(best, _attack_score(r, x, idle) - idle)
    return best


def _migration_helps(s: HellasState, p: int) -> bool:
    """A free regroup is worth the card when an endangered city can be saved from a safe one."""
    r = Reading(s, p)
    if r.reply() < 0:
        return False
    return any(s.greeks[c] >= 2 and r.danger(c, s.greeks[c] - 1) < 0 for c in iter_bits(s.owned[p]))


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


_HANDLERS: dict[int, Callable[[HellasState, list[Action]], Action | None]] = {
    ph.SETUP_SITE: _setup_site,
    ph.SETUP_TURN: _rotation,
    ph.BURST: _burst,
    ph.REGROUP: _regroup,
    ph.V_PREP: _prep,
    ph.V_CHOOSE: _choose_tile,
    ph.V_SITE: _voyage_site,
    ph.V_TURN: _rotation,
    ph.V_PAY: _pay,
    ph.V_SETTLE: _settle,
    ph.STORM: _storm,
    ph.RESPOND: _respond,
    ph.A_COMMIT: _commit,
    ph.A_FORCED: _forced_source,
    ph.COMBAT: _combat,
    ph.CALLOFF: _calloff,
    ph.RETREAT_WINDOW: _retreat_window,
    ph.RETREAT: _retreat,
    ph.FLEET: _fleet,
    ph.LEVY: _levy,
    ph.LAUNCH: _launch,
    ph.ORACLE: _oracle,
    ph.DISCARD: _discard,
    ph.SECOND_ATTACK: _second_attack,
    ph.END: _end,
}
