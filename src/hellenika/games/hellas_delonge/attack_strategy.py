"""How the Hellas heuristic player attacks (spec §6): what attacking an enemy city is worth
(:func:`_attack_score`: the swing in cities after his best reply, weighed by the chance that his Ares cards
cannot undo the margin; his last city and our tenth above all), how many Greeks each source sends
(:func:`plan_attack`, Forced March's unlinked city included), and the steps of an attack: the commitments,
Forced March's source, the combat cards (Battle Fury and Beachhead to win, Stand Firm and Rocky Coast to
defend), resolving or calling off, the retreat, the fleet and Second Strike's target.

The rules of thumb, and why, are in :mod:`strategy`'s docstring ("Take a city...", "Commit enough...",
"Resolve only a winning attack..." and the combat cards under "God cards"); its choice of the action weighs
the best attack (:func:`_best_attack`) against a voyage and a Burst.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge.components import CITY_CAP
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.reading import Reading, _offered
from hellenika.games.hellas_delonge.tactics import ARES, ares_in_hand, danger, hold_need, margin
from hellenika.games.hellas_delonge.turn import VICTORY_CITIES

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

# A change of one in who holds more temples, in cities (the evaluation's fit says about two).
TEMPLE_LEAD = 0.5


# ---------------------------------------------------------------------- valuing an attack (spec §6)


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


# ---------------------------------------------------------------------- the steps of an attack (spec §6)


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
