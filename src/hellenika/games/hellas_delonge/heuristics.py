"""The evaluation of a Hellas position for one seat: the greedy bot's judge and search's cut-off.

It estimates the final standing, not the score of the moment (the city count alone predicts the winner of a
game between heuristic players barely better than a coin). The value is a weighted sum of features of the
position, each the seat's figure minus the opponent's, in units of one city:

- **cities** (what wins, spec §9), and **progress**: the cities beyond the sixth count for more;
- **holding more temples** (the fourth Burst action, §4.1), worth more than a city;
- **garrisons**, the Greeks on the map beyond the one each city needs (what attacks and defends, §6), with
  the actions left in a Burst under way counted as Greeks to come, and **ships on the map**;
- **threats**: the enemy cities the player about to act could take with linked Greeks as they stand (the
  other player's reach counts for little: he must parry first), and the enemy **temples within reach** of
  either player;
- **voyage chances**: the share of the tiles left in the stack that fit a site where the player has the ship
  majority (§5.1);
- **cards** in hand, the **Ares** cards among them counted again (combat).

While an attack is being declared or fought it is valued as resolved with the forces as they stand (a
winning attack as a conquest, a losing one as called off), a voyage whose tile has a site as the city it
will found, and a voyage about to draw its tile (the step where a Sea Chart may be played) as that city
times the chance that the tile fits, so the greedy bot sees what its declaration leads to.

The weights were fitted by logistic regression on the final result to 140,000 positions sampled from 5,000
games between heuristic players (with and without random moves mixed in, both seats alike). On held-out games
its log-loss is 0.527 and it names the eventual winner 72% of the time (the previous evaluation, at its best
scale: 0.563 and 68%; the city count alone: 0.582 and 56%).
``EVALUATION_SCALE`` is the matching scale: ``tanh(value / scale)`` is the expected result (wins minus
losses) of the position, as ``Game.estimate_returns`` computes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import CITY_CAP
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.tactics import ARES, force, majority_fits, margin, stack_mask

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

WIN = 100.0  # a finished game, in cities: beyond any position still in play

FEATURES = (
    "cities",
    "progress",
    "temple_lead",
    "garrison",
    "ships",
    "cards",
    "ares",
    "reach_next",
    "temple_reach",
    "voyage",
)

ATTACK_PHASES = frozenset({ph.A_COMMIT, ph.A_FORCED, ph.COMBAT, ph.CALLOFF})
VOYAGE_PENDING = frozenset({ph.V_TURN, ph.STORM, ph.V_SETTLE})


def next_actor(s: HellasState) -> int:
    """The player whose main action (Burst, Voyage or Attack) comes next: the active player before his
    action (or before the second one of a Double Action), the other player once it is under way."""
    p = s.active
    if s.phase == ph.MAIN or s.da_stage == 1:
        return p
    if s.phase == ph.REGROUP and s.rg_then == ph.MAIN:
        return p
    return 1 - p


def _attack_outcome(s: HellasState) -> HellasState | None:
    """For an attack being declared or fought: a copy of the state with the city taken, if the attack wins
    with the forces as they stand (declaring: every source still to commit sends all it can); else None."""
    x = s.target
    if x <= 0 or not s.owned[1 - s.active] >> x & 1:
        return None
    p = s.active
    commits: list[int] = list(s.commits)
    if s.phase in (ph.A_COMMIT, ph.A_FORCED):
        sealink = s.board.sealink[x]
        land = sea = 0
        for i, c in enumerate(s.sources):
            if i >= len(commits):
                commits.append(max(s._spare(c), 0))
            k = commits[i]
            if c == s.fm_city or not (sealink >> c & 1):
                land += k
            else:
                sea += k
        if margin(land, sea, s.greeks[x]) < 0:
            return None
        # Land sources alone when they suffice: the plan the declaration would take.
        if land >= s.greeks[x]:
            commits = [
                k if (c == s.fm_city or not sealink >> c & 1) else 0
                for c, k in zip(s.sources, commits, strict=True)
            ]
    elif not s.attack_would_win():
        return None
    after = s.clone()
    d = 1 - p
    greeks = after.greeks
    moved = 0
    for src, k in zip(s.sources, commits, strict=False):
        greeks[src] -= k
        moved += k
    after.gsup[d] += greeks[x]
    after.ssup[d] += after.ships[x]
    after.ships[x] = 0
    inside = min(CITY_CAP, moved)
    greeks[x] = inside
    after.gsup[p] += moved - inside
    after.owned[d] &= ~(1 << x)
    after.owned[p] |= 1 << x
    return after


def _voyage_pending(s: HellasState) -> bool:
    """A voyage whose tile has a site (declared, or to be chosen among legal ones): its city is as good as
    founded (the opponent's Storm aside)."""
    phase = s.phase
    if phase in VOYAGE_PENDING:
        return True
    if phase == ph.V_SITE:
        return any(a.KIND == "at" for a in s.legal_actions())
    return False


def in_reach(s: HellasState, q: int) -> tuple[int, int]:
    """(cities, temples): the enemy cities ``q`` could take with linked Greeks as they stand, and how many of
    them have a temple (spec §6.1-6.2)."""
    count = temples = 0
    greeks = s.greeks
    temple_mask = s.board.temples
    for x in iter_bits(s.owned[1 - q]):
        land, sea = force(s, q, x)
        if land + sea and margin(land, sea, greeks[x]) >= 0:
            count += 1
            if temple_mask >> x & 1:
                temples += 1
    return count, temples


def _progress(cities: float) -> float:
    """The cities beyond the sixth weigh more: the tenth wins."""
    extra = cities - 6
    return extra * extra if extra > 0 else 0.0


def features(s: HellasState, seat: int) -> list[float]:
    """The evaluation's features for ``seat``, each the seat's figure minus the opponent's (see above)."""
    nxt = next_actor(s)
    if s.phase in ATTACK_PHASES:
        outcome = _attack_outcome(s)
        if outcome is not None:
            s = outcome
            nxt = 1 - s.active
    o = 1 - seat
    stack = stack_mask(s)
    total = stack.bit_count()
    voyage = [0.0, 0.0]
    if total:
        for q in (0, 1):
            voyage[q] = (majority_fits(s, q) & stack).bit_count() / total
    cities: list[float] = [s.cities(0), s.cities(1)]
    if _voyage_pending(s):
        cities[s.active] += 1
    elif s.phase == ph.V_PREP:
        # The voyage tile is about to be drawn: the new city is as likely as the tile is to fit.
        cities[s.active] += voyage[s.active]
    garrison = [s.greeks_on_map(0) - cities[0], s.greeks_on_map(1) - cities[1]]
    temples = [s.temples_of(0), s.temples_of(1)]
    lead = (temples[seat] > temples[o]) - (temples[o] > temples[seat])
    reach_seat, temples_seat = in_reach(s, seat)
    reach_o, temples_o = in_reach(s, o)
    # Burst actions (and Levy's Greeks) not yet taken are Greeks still to come; Shipwrights' are ships.
    ships = [s.ships_on_map(0), s.ships_on_map(1)]
    phase = s.phase
    if phase == ph.BURST:
        garrison[s.active] += s.burst_left
    elif phase == ph.LEVY:
        garrison[s.active] += s.effect_left
    elif phase == ph.LAUNCH:
        ships[s.active] += s.effect_left
    return [
        float(cities[seat] - cities[o]),
        _progress(cities[seat]) - _progress(cities[o]),
        float(lead),
        float(garrison[seat] - garrison[o]),
        float(ships[seat] - ships[o]),
        float(s.hand_size(seat) - s.hand_size(o)),
        float(s.held_of_god(seat, ARES) - s.held_of_god(o, ARES)),
        float(reach_seat if nxt == seat else -reach_o),
        float(temples_seat - temples_o),
        voyage[seat] - voyage[o],
    ]


# The fitted weights, one per feature of FEATURES, in cities (the logistic weights divided by the city's).
WEIGHTS = (1.0, 0.43, 2.09, 0.49, 0.15, 0.10, 0.65, 0.42, 1.27, 0.29)
# 2 / (the city's logistic weight): tanh(value / scale) = 2 P(win) - 1 for the fitted P.
EVALUATION_SCALE = 5.3


def evaluate(s: HellasState, seat: int) -> float:
    """The value of ``s`` for ``seat`` in cities (higher is better); +/- ``WIN`` once the game is over."""
    if s.is_terminal():
        return 0.0 if s.winner < 0 else (WIN if s.winner == seat else -WIN)
    return sum(w * f for w, f in zip(WEIGHTS, features(s, seat), strict=True))
