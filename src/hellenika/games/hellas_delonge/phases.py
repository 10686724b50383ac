"""The phases of a Hellas game, as small ints for speed: chance nodes first, then decisions.

``NAMES`` is what a view shows. It is deliberately coarse where a finer name would depend on a player's
hidden hand (the attacker is offered Forced March only if he holds one, but every declaration step is
"attack: declaring"), so a view never tells a seat what the other seat holds.

``WINDOWS`` are the reaction and combat windows: they open on public information only (the owner's count of
cards of that god, which the differently backed decks make public) and are never skipped because of what the
hand actually holds, so being prompted, or not, reveals nothing (spec §8). Any other decision is
taken automatically only when it would have a single option whatever the player may hold (for all the other
seat can tell): ``HellasState._asked`` is that rule.
"""

from __future__ import annotations

C_DEAL, C_SETUP_TILE, C_DRAW_CARD, C_TILE, C_STEAL, C_PEEK = range(6)
(
    SETUP_SITE,
    SETUP_TURN,
    MAIN,
    BURST,
    REGROUP,
    V_PREP,
    V_CHOOSE,
    V_SITE,
    V_TURN,
    V_PAY,
    V_SETTLE,
    STORM,
    RESPOND,
    A_COMMIT,
    A_FORCED,
    COMBAT,
    CALLOFF,
    RETREAT_WINDOW,
    RETREAT,
    FLEET,
    LEVY,
    LAUNCH,
    ORACLE,
    DISCARD,
    SECOND_ATTACK,
    END,
) = range(6, 32)
OVER = 32

CHANCE_PHASES = frozenset(range(6))
WINDOWS = frozenset({STORM, RESPOND, COMBAT, RETREAT_WINDOW})
#: Decisions whose options never depend on the cards held (no card can be played there): a single option is
#: one whatever the hand, so ``HellasState._asked`` need not work them out again with the hand widened.
CARD_FREE = frozenset(
    {REGROUP, SETUP_SITE, SETUP_TURN, V_TURN, V_CHOOSE, V_SETTLE, A_FORCED, CALLOFF, RETREAT, FLEET}
    | {LEVY, LAUNCH}
)

#: How ``HellasState._asked`` settles a decision with a single option, by phase (the sets above, as one
#: lookup): ASK put to the player all the same, SKIP taken for him, ORACLE_RULE while two tiles or more are
#: left to order, WIDEN asked when the hand he may hold for all the other seat can tell opens another option.
ASK, SKIP, ORACLE_RULE, WIDEN = range(4)
SINGLE_OPTION = tuple(
    ASK
    if phase in WINDOWS or phase == DISCARD
    else ORACLE_RULE
    if phase == ORACLE
    else SKIP
    if phase in CARD_FREE
    else WIDEN
    for phase in range(OVER + 1)
)

NAMES = (
    "setup: dealing cards",
    "setup: drawing a tile",
    "drawing a card",
    "drawing a tile",
    "Hermes' Theft",
    "Oracle",
    "setup: placing a tile",
    "setup: placing a tile",
    "choosing an action",
    "burst of strength",
    "regrouping",
    "voyage",
    "voyage",
    "voyage",
    "voyage",
    "voyage",
    "voyage",
    "voyage: storm window",
    "cancel window",
    "attack: declaring",
    "attack: declaring",
    "attack: card window",
    "attack: resolve or call off",
    "attack: city fallen",
    "attack: orderly retreat",
    "attack: conquest",
    "Levy",
    "Shipwrights",
    "Oracle",
    "discarding",
    "attack: second strike",
    "end of turn",
    "game over",
)
