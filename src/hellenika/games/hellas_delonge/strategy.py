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

This module holds the choice of the action (``_main``: an attack, a voyage or a Burst, Double Action, the
exploring voyage), the Burst, the regroup and the dispatch by phase (:func:`heuristic_action`). What a
decision reads in the position is :mod:`reading`'s; the attacks (valuing, planning, committing, the combat
cards, the retreat) are :mod:`attack_strategy`'s, the setup tile and the voyages :mod:`voyage_strategy`'s,
the other god cards :mod:`card_strategy`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hellenika.engine.actions import Action
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.attack_strategy import (
    _best_attack,
    _calloff,
    _combat,
    _commit,
    _fleet,
    _forced_source,
    _retreat,
    _retreat_window,
    _second_attack,
)
from hellenika.games.hellas_delonge.card_strategy import _discard, _end, _launch, _levy, _oracle, _respond
from hellenika.games.hellas_delonge.components import CITY_CAP, GODS, HAND_LIMIT
from hellenika.games.hellas_delonge.hexmap import iter_bits
from hellenika.games.hellas_delonge.reading import LONG_GAME, Reading, _offered
from hellenika.games.hellas_delonge.tactics import (
    ARES,
    POSEIDON,
    ZEUS,
    fit_chance,
    force,
    margin,
    useful_sites,
)
from hellenika.games.hellas_delonge.voyage_strategy import (
    _choose_tile,
    _pay,
    _prep,
    _rotation,
    _settle,
    _setup_site,
    _storm,
    _voyage_site,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from hellenika.games.hellas_delonge.state import HellasState

# Double Action is played for its voyage when the next tile fits a majority site at least this often.
VOYAGE_CHANCE = 0.35
# How often a voyage with poor odds is tried when nothing is in danger (see _main).
EXPLORE = 0.08
# Past LONG_GAME turns (reading.py: a stalemate) the exploration grows by LATE_EXPLORE a turn and ignores
# the danger (see _main).
LATE_EXPLORE = 0.01
# ... and, when a city of ours is in danger, by LATE_DANGER a turn (no more: expanding then costs a city).
LATE_DANGER = 0.002
# What a Burst is worth when nothing is in danger, in cities (pieces and cards for later).
BURST_VALUE = 0.1
# ... and per Greek it can add to a garrison with room (in cities).
BURST_GREEK = 0.33
# Regroup moves must gain at least this much (and a regroup makes at most MAX_MOVES moves).
MOVE_GAIN = 0.75
MAX_MOVES = 8

# Tie-break between the decks for a draw, by god index (Zeus, Poseidon, Ares): Ares first.
GOD_ORDER = {ZEUS: 0.1, POSEIDON: 0.2, ARES: 0.0}


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


# ---------------------------------------------------------------------- choosing the action (spec §4)


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
        if _offered(legal, g.end_turn):
            return g.end_turn
        # It must be taken when it can be: a voyage whose tile fits nowhere ends by itself, and an attack
        # that would fail is called off after the combat window.
        if can_voyage:
            return g.voyage
        if attack is not None:
            return attack
        senders = s._senders(p)  # an attack without a Forced March: the linked cities can send Greeks
        return next(x for x in legal if isinstance(x, a.ChooseAttack) and s.board.linked[x.city] & senders)
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
