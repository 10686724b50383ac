"""A quick evaluation of a Hellas position for one seat, used by the greedy bot (and later search cut-offs).

Cities decide the game (spec §9), so they dominate; temples add a Burst action (§4.1); Greeks and ships on the
map are strength, pieces in the supply potential, cards options. Each side also scores its *opportunities*:
enemy cities its linked Greeks could take now (land needs as many, sea one more, §6.2), which is also what
makes a weakly held city a liability. While an attack is being declared or fought, the position is valued as
if it were resolved with the forces as they stand, so the greedy bot attacks when it can win and commits
enough to do it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.hexmap import iter_bits

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

WIN = 1000.0
CITY = 10.0
TEMPLE = 2.0
GREEK = 1.0
SHIP = 0.5
SUPPLY = 0.15
CARD = 0.7
OPPORTUNITY = 3.0
ATTACK_PHASES = frozenset({ph.A_COMMIT, ph.COMBAT, ph.CALLOFF})


def _opportunities(s: HellasState, p: int) -> int:
    board = s.board
    mine = s.owned[p]
    spare = s._spare
    count = 0
    for x in iter_bits(s.owned[1 - p]):
        land = sum(max(spare(c), 0) for c in iter_bits(board.landlink[x] & mine))
        sea = sum(max(spare(c), 0) for c in iter_bits(board.sealink[x] & mine))
        need = s.greeks[x]
        if (sea and land + sea >= need + 1) or (not sea and land and land >= need):
            count += 1
    return count


def material(s: HellasState, p: int) -> float:
    return (
        CITY * s.cities(p)
        + TEMPLE * s.temples_of(p)
        + GREEK * s.greeks_on_map(p)
        + SHIP * s.ships_on_map(p)
        + SUPPLY * (s.gsup[p] + s.ssup[p])
        + CARD * s.hand_size(p)
        + OPPORTUNITY * _opportunities(s, p)
    )


def _attack_swing(s: HellasState) -> float:
    """Value, for the attacker, of the attack under way if resolved with the forces as they stand."""
    committed = sum(s.commits)
    if s.phase == ph.A_COMMIT:
        # The best the declaration can still become: land sources alone (if no sea Greek is in yet), or all.
        sea_links = s.board.sealink[s.target]
        land = sea = 0
        sea_in = False
        for i, c in enumerate(s.sources):
            k = s.commits[i] if i < len(s.commits) else max(s._spare(c), 0)
            if sea_links >> c & 1 or c == s.fm_city:
                sea += k
                sea_in = sea_in or (i < len(s.commits) and k > 0)
            else:
                land += k
        defenders = s.greeks[s.target]
        if (not sea_in and land >= defenders) or land + sea >= defenders + 1:
            return CITY
        return -GREEK * committed - 1.0  # a hopeless attack wastes the turn
    if s.attack_would_win():
        return 2 * CITY
    return -GREEK * committed


def evaluate(s: HellasState, seat: int) -> float:
    if s.is_terminal():
        return 0.0 if s.winner < 0 else (WIN if s.winner == seat else -WIN)
    value = material(s, seat) - material(s, 1 - seat)
    if s.phase in ATTACK_PHASES and s.target > 0:
        swing = _attack_swing(s)
        value += swing if s.active == seat else -swing
    return value
