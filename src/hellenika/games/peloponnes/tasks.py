"""The steps of a Peloponnes game, as small ints: the vocabulary of the state's task stack.

A Peloponnes round nests steps inside steps (a supply round inside the tile reveal, a disaster inside the chit
draw, mercenaries inside a Persian attack), so the state does not keep one "phase" but a stack of pending
tasks, each an immutable tuple ``(KIND, args...)`` of ints. The top task is what happens next: an automatic
step runs by itself and replaces itself with the steps it implies; a chance step waits for an outcome; a
decision waits for the seat in ``task[1]``. Tuples of ints are cheap to copy and to write as JSON.
"""

from __future__ import annotations

# Automatic steps.
START_VALUES = 0  # (kind,) apply civilization and hero start values, first turn order (spec §3)
ROUND = 1  # (kind, r) start round r: phases 1-7 (spec §4)
AFTER_REVEAL = 2  # (kind,) a supply symbol among the tiles calls a supply round (spec §4 phase 1)
BIDDING = 3  # (kind,) phase 2 begins
RESOLVE_BIDS = 4  # (kind,) tiles to their bidders, the rest out; phase 3 turn order
ADD_TILE = 5  # (kind, p) phase 4 for one player
POPULATION = 6  # (kind,) phase 5
INCOME = 7  # (kind,) phase 6
INCOME_FINISH = 8  # (kind,) Sikyon, flipped heroes, storage limits
CHITS = 9  # (kind,) phase 7 begins
DRAW_CHIT = 10  # (kind,) draw the next chit (chance, or the known chits under the second stack)
DISASTER = 11  # (kind, d) a disaster strikes every player
DISASTER_PLAYER = 12  # (kind, p, d)
PERSIANS = 13  # (kind, attack)
PERSIAN_LOSS = 14  # (kind, p, attack)
END_ROUND = 15  # (kind,)
SUPPLY = 16  # (kind,) a supply round (spec §5)
CONFLICT = 17  # (kind,) internal conflict (spec §5 step 3)
GAME_END = 18  # (kind,) cloverleaf assignments, then the end
FINISHED = 19  # (kind,) the last task: log the result
NEGOTIATION_COINS = 20  # (kind,) negotiation variant: the civilizations' coins only, before the offers

# Chance steps.
DEAL_CIV = 25  # (kind, p)
DEAL_HERO = 26  # (kind, p)
DEAL_COLONY = 27  # (kind, p)
REVEAL = 28  # (kind,) phase 1: one tile per outcome until five are out
CHIT = 29  # (kind,) one chit from the face-down stacks

# Decisions: task[1] is always the deciding seat.
OFFER = 30  # (kind, p, what) negotiation: offer for a colony (what 0) or hero (what 1)?
OFFER_COINS = 31  # (kind, p, what, target)
ANSWER = 32  # (kind, target, what, offerer, coins)
BID = 33  # (kind, p, i) the i-th bidder in turn order
AMOUNT = 34  # (kind, p, tile)
DISPLACED = 35  # (kind, q) an outbid player moves his bid or withdraws
SOLO_TAKE = 36  # (kind, p)
BUILD = 37  # (kind, p, tile)
STRENGTH = 38  # (kind, p, tile)
INCOME_CHOICE = 39  # (kind, p, left)
ARIADNE = 40  # (kind, p)
ODYSSEUS = 41  # (kind, p, event) event: a disaster, or 10 + Persian attack
SAVE = 42  # (kind, p, d, tile) earthquake / tempest
PERSIAN_REMOVE = 43  # (kind, p)
HIRE = 44  # (kind, p, why) why 0: Persians repelled (up to PP); 1: Tantalus (up to strength)
FINISH = 45  # (kind, p, tile) supply round: finish a reserved building
CLOVERS = 46  # (kind, p)

FIRST_CHANCE = 25
FIRST_DECISION = 30
PERSIAN_EVENT = 10  # ODYSSEUS events >= this are Persian defeats (10 + attack number)

NAMES = {
    START_VALUES: "setting up",
    ROUND: "starting a round",
    AFTER_REVEAL: "revealing tiles",
    BIDDING: "bidding",
    RESOLVE_BIDS: "turn order",
    ADD_TILE: "adding tiles",
    POPULATION: "population",
    INCOME: "income",
    INCOME_FINISH: "income",
    CHITS: "disaster chits",
    DRAW_CHIT: "disaster chits",
    DISASTER: "a disaster",
    DISASTER_PLAYER: "a disaster",
    PERSIANS: "the Persians",
    PERSIAN_LOSS: "the Persians",
    END_ROUND: "end of round",
    SUPPLY: "supply round",
    CONFLICT: "internal conflict",
    GAME_END: "final scoring",
    FINISHED: "game over",
    NEGOTIATION_COINS: "negotiation",
    DEAL_CIV: "dealing civilizations",
    DEAL_HERO: "dealing heroes",
    DEAL_COLONY: "dealing colonies",
    REVEAL: "revealing tiles",
    CHIT: "drawing a disaster chit",
    OFFER: "negotiation: making an offer",
    OFFER_COINS: "negotiation: naming the coins",
    ANSWER: "negotiation: answering an offer",
    BID: "bidding",
    AMOUNT: "bidding: naming the coins",
    DISPLACED: "bidding: outbid",
    SOLO_TAKE: "buying a tile",
    BUILD: "adding tiles: building",
    STRENGTH: "adding tiles: strength",
    INCOME_CHOICE: "income: choosing a good",
    ARIADNE: "Ariadne's chit",
    ODYSSEUS: "Odysseus' coin",
    SAVE: "disaster: saving tiles",
    PERSIAN_REMOVE: "Persians: losing a tile",
    HIRE: "hiring mercenaries",
    FINISH: "supply round: finishing buildings",
    CLOVERS: "assigning cloverleaves",
}
