"""When and how the Hellas heuristic player plays its god cards (spec §8), the combat cards of an attack and
the cards played before the action or in a Burst apart: Thunderbolt against the card that decides something
(:data:`DECISIVE`, or a combat card that flips the fight), where Levy's Greeks and Shipwrights' ships go, the
Oracle's order of tiles, the card discarded (:data:`CARD_KEEP`), and the cards played at the end of the turn
(Levy, Shipwrights, Theft, Second Strike, Second Voyage, Migration).

The combat cards are :mod:`attack_strategy`'s, the cards played before the action or in a Burst
:mod:`strategy`'s; its docstring says why each card is played when it is ("God cards at the decisive
moment").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge.attack import effective_sea
from hellenika.games.hellas_delonge.attack_strategy import _attack_score
from hellenika.games.hellas_delonge.components import HAND_LIMIT
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.reading import Reading, _offered
from hellenika.games.hellas_delonge.tactics import fit_chance, majority_cells, majority_fits, tile_fits
from hellenika.games.hellas_delonge.turn import END_AFTER_BURST

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

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

# Cards worth a Thunderbolt whatever the situation (combat cards are judged by whether they flip the fight).
DECISIVE = frozenset(
    {"double_action", "storm", "second_strike", "second_voyage", "levy", "winds", "forced_march", "favour"}
)
COMBAT_EFFECTS = frozenset({"fury", "stand_firm", "beachhead", "rocky_coast"})


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
