"""Plain-words labels for Hellas actions, as the terminal and the web show them to the deciding seat.

Labels name participants with ``{p0}``-style placeholders. A label is shown only to the seat deciding, so it
may speak of that seat's own cards; it never mentions the opponent's hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hellenika.engine.actions import Action
from hellenika.engine.events import plural, who
from hellenika.games.hellas_delonge import actions as a
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import A_GOD_CARD, DIRECTION_NAMES, GODS, rotate
from hellenika.games.hellas_delonge.hexmap import cell, iter_bits, qr

if TYPE_CHECKING:
    from hellenika.games.hellas_delonge.state import HellasState

SHORT_EFFECTS = {
    "double_action": "Burst of Strength, then a Voyage or an Attack this turn",
    "thunderbolt": "cancel the card just played",
    "levy": "place up to 2 Greeks",
    "favour": "+1 Burst action",
    "theft": "take a random card from the opponent",
    "oracle": "look at the top 3 tiles and reorder them",
    "migration": "regroup freely",
    "winds": "a tie in ships is enough for this voyage",
    "sea_chart": "draw 2 tiles and use one",
    "second_voyage": "one more Voyage",
    "free_passage": "this voyage costs no ship",
    "storm": "the voyage fails",
    "shipwrights": "place up to 2 ships",
    "fury": "attacker +1",
    "stand_firm": "defender +1",
    "forced_march": "add an unlinked city as a source",
    "beachhead": "resolve as a land attack",
    "rocky_coast": "resolve as a sea attack",
    "orderly_retreat": "your Greeks withdraw to your other cities",
    "second_strike": "one more Attack",
}


def where(s: HellasState, c: int) -> str:
    q, r = qr(s.board.cells[c])
    return f"city {c} ({q},{r})"


def land_text(land: int) -> str:
    faces = [DIRECTION_NAMES[d] for d in range(6) if land >> d & 1]
    return "island (all sea)" if not faces else "land to " + ", ".join(faces)


def label(s: HellasState, action: Action) -> str:
    handler = _LABELS.get(type(action))
    if handler is None:
        return action.notation()
    return handler(s, action)


def _burst(s: HellasState, action: Action) -> str:
    p = s.active
    n = 4 if s.temples_of(p) > s.temples_of(1 - p) else 3
    more = ", more temples" if n == 4 else ""
    return f"Burst of Strength: {n} actions (recruit, build ships, draw cards{more})"


def _voyage(s: HellasState, action: Action) -> str:
    return f"Voyage: draw a tile and lay it ({plural(s.stack_size(), 'tile')} in the stack)"


def _attack(s: HellasState, action: a.ChooseAttack) -> str:
    x = action.city
    p = s.active
    spare = sum(s._spare(c) for c in iter_bits(s.board.links(x) & s.owned[p]) if s._spare(c) > 0)
    extra = f"up to {spare} of yours linked" if spare else "only with Forced March"
    return f"Attack {where(s, x)}: {plural(s.greeks[x], 'Greek')}, {plural(s.ships[x], 'ship')} ({extra})"


def _end_turn(s: HellasState, action: Action) -> str:
    if s.phase == ph.MAIN:
        return "End the turn without the second action"
    return "End the turn"


def _recruit(s: HellasState, action: a.Recruit) -> str:
    c = action.city
    return f"Recruit a Greek in {where(s, c)} ({s.greeks[c]} -> {s.greeks[c] + 1})"


def _build(s: HellasState, action: a.BuildShip) -> str:
    c = action.city
    return f"Build a ship at {where(s, c)} ({s.ships[c]} -> {s.ships[c] + 1})"


def _draw(s: HellasState, action: a.DrawCard) -> str:
    god = GODS.index(action.god)
    r = s.cat.god_ranges[god]
    left = sum(s.pile[r.start : r.stop])
    note = f"{left} in the deck" if left else "the discards are reshuffled"
    when = "usable at once" if s.da_stage == 1 else "usable from your next turn"
    return f"Draw {A_GOD_CARD[action.god]} ({note}; {when})"


def _stop(s: HellasState, action: Action) -> str:
    return f"Stop the Burst (forgo {plural(s.burst_left, 'action')})"


def _march(s: HellasState, action: a.MoveGreek) -> str:
    b, c = action.source, action.city
    return f"Move a Greek from city {b} ({s.greeks[b]}) to city {c} ({s.greeks[c]})"


def _sail(s: HellasState, action: a.MoveShip) -> str:
    b, c = action.source, action.city
    return f"Move a ship from city {b} ({s.ships[b]}) to city {c} ({s.ships[c]})"


def _done(s: HellasState, action: Action) -> str:
    if s.phase == ph.LEVY:
        return "Place no more Greeks"
    if s.phase == ph.LAUNCH:
        return "Place no more ships"
    return "Finish regrouping"


def _place_at(s: HellasState, action: a.PlaceAt) -> str:
    c = cell(action.q, action.r)
    site = s.board.site_at.get(c)
    setup = s.phase == ph.SETUP_SITE
    tile = s.cat.tiles[s.drawn[0] if setup else s.v_tile]
    text = f"Lay {tile.id} at ({action.q},{action.r})"
    if site is None:
        return text
    nbrs = ["the dolphin" if j == 0 else f"city {j}" for j in iter_bits(site.slots)]
    text += " next to " + ", ".join(nbrs)
    if not setup:
        mine, theirs = s._ship_counts(s.active, site.slots)
        text += f" (ships {mine} v {theirs})"
    ks = s._rotations_at(c)
    if len(ks) == 1:
        land, _ = rotate(tile.edges, tile.regions, ks[0])
        text += f": {land_text(land)}"
    else:
        text += f": {len(ks)} ways to turn it"
    return text


def _rotate(s: HellasState, action: a.Rotate) -> str:
    t = s.drawn[0] if s.phase == ph.SETUP_TURN else s.v_tile
    tile = s.cat.tiles[t]
    land, regions = rotate(tile.edges, tile.regions, action.k)
    text = f"Turn {tile.id} by {action.k}: {land_text(land)}"
    if len(regions) > 1:
        seas = " | ".join(",".join(DIRECTION_NAMES[d] for d in range(6) if m >> d & 1) for m in regions)
        text += f" (waters: {seas})"
    return text


def _explore(s: HellasState, action: Action) -> str:
    return "Draw the voyage tile"


def _use_tile(s: HellasState, action: a.UseTile) -> str:
    tile = s.cat.tile(action.tile)
    other = [t for t in s.drawn if s.cat.tiles[t].id != action.tile]
    rest = s.cat.tiles[other[0]].id if other else "the other"
    return f"Use {tile.describe()}; {rest} goes under the stack"


def _give_up(s: HellasState, action: Action) -> str:
    tile = s.cat.tiles[s.v_tile]
    return f"Give up the voyage ({tile.id} goes under the stack; the turn ends)"


def _pay(s: HellasState, action: a.PayShip) -> str:
    c = action.city
    return f"Pay the voyage with a ship from {where(s, c)} ({s.ships[c]} -> {s.ships[c] - 1})"


def _settle(s: HellasState, action: a.SettleFrom) -> str:
    c = action.city
    return f"Take the settler from {where(s, c)} ({s.greeks[c]} Greeks)"


def _commit(s: HellasState, action: a.Commit) -> str:
    c = s.sources[len(s.commits)]
    link = "Forced March" if c == s.fm_city else "land" if s.board.landlink[s.target] >> c & 1 else "sea"
    return f"Send {plural(action.count, 'Greek')} from {where(s, c)} ({link}; {s._spare(c)} can go)"


def _forced(s: HellasState, action: a.ForcedSource) -> str:
    c = action.city
    return f"Force-march from {where(s, c)} ({s._spare(c)} can go)"


def _resolve(s: HellasState, action: Action) -> str:
    a_str, d_str = s.strengths()
    kind = "sea" if s.is_sea_attack() else "land"
    verdict = "you win" if s.attack_would_win() else "you lose the attackers"
    need = "more than" if kind == "sea" else "at least"
    return f"Resolve: {a_str} against {d_str} by {kind} (needs {need} the defence): {verdict}"


def _call_off(s: HellasState, action: Action) -> str:
    return "Call the attack off (nothing is lost; the turn ends)"


def _retreat(s: HellasState, action: a.Retreat) -> str:
    c = action.city
    return f"Withdraw a Greek to {where(s, c)} ({s.greeks[c]} -> {s.greeks[c] + 1})"


def _fleet(s: HellasState, action: a.Fleet) -> str:
    return f"Place {plural(action.count, 'ship')} from your supply at city {s.target}"


def _play(s: HellasState, action: a.PlayCard) -> str:
    card = s.cat.card(action.card)
    if card.effect == "thunderbolt" and s.chain:
        p, t = s.chain[-1]
        return f"Play Thunderbolt: cancel {who(p)}'s {s.cat.cards[t].name}"
    return f"Play {card.name}: {SHORT_EFFECTS.get(card.effect, card.text)}"


def _pass(s: HellasState, action: Action) -> str:
    phase = s.phase
    if phase == ph.STORM:
        return "Let the voyage go ahead"
    if phase == ph.RESPOND and s.chain:
        p, t = s.chain[-1]
        return f"Let {who(p)}'s {s.cat.cards[t].name} stand"
    if phase == ph.RETREAT_WINDOW:
        return "Let the defenders go to the supply"
    return "Pass (play no card now)"


def _levy(s: HellasState, action: a.LevyGreek) -> str:
    source = "the supply" if action.source < 0 else f"city {action.source}"
    return f"Levy a Greek into {where(s, action.city)} from {source}"


def _launch(s: HellasState, action: a.LaunchShip) -> str:
    source = "the supply" if action.source < 0 else f"city {action.source}"
    return f"Launch a ship at {where(s, action.city)} from {source}"


def _order(s: HellasState, action: a.OrderTile) -> str:
    n = len(s.oracle_done)
    place = "on top" if n == 0 else f"in place {n + 1} from the top"
    return f"Put {s.cat.tile(action.tile).describe()} {place}"


def _discard(s: HellasState, action: a.Discard) -> str:
    return f"Discard {s.cat.card(action.card).describe()}"


def _card_drawn(s: HellasState, action: a.CardDrawn) -> str:
    return f"The card drawn is {s.cat.card(action.card).describe()}"


def _tile_drawn(s: HellasState, action: a.TileDrawn) -> str:
    return f"The tile drawn is {s.cat.tile(action.tile).describe()}"


def _card_stolen(s: HellasState, action: a.CardStolen) -> str:
    return f"The card taken is {s.cat.card(action.card).describe()}"


def _tile_peeked(s: HellasState, action: a.TilePeeked) -> str:
    return f"The tile seen is {s.cat.tile(action.tile).describe()}"


# Each labeller takes the action type it is filed under.
_LABELS: dict[type[Action], Callable[[HellasState, Any], str]] = {
    a.ChooseBurst: _burst,
    a.ChooseVoyage: _voyage,
    a.ChooseAttack: _attack,
    a.EndTurn: _end_turn,
    a.Recruit: _recruit,
    a.BuildShip: _build,
    a.DrawCard: _draw,
    a.StopBurst: _stop,
    a.MoveGreek: _march,
    a.MoveShip: _sail,
    a.Done: _done,
    a.PlaceAt: _place_at,
    a.Rotate: _rotate,
    a.Explore: _explore,
    a.UseTile: _use_tile,
    a.GiveUp: _give_up,
    a.PayShip: _pay,
    a.SettleFrom: _settle,
    a.Commit: _commit,
    a.ForcedSource: _forced,
    a.Resolve: _resolve,
    a.CallOff: _call_off,
    a.Retreat: _retreat,
    a.Fleet: _fleet,
    a.PlayCard: _play,
    a.Pass: _pass,
    a.LevyGreek: _levy,
    a.LaunchShip: _launch,
    a.OrderTile: _order,
    a.Discard: _discard,
    a.CardDrawn: _card_drawn,
    a.TileDrawn: _tile_drawn,
    a.CardStolen: _card_stolen,
    a.TilePeeked: _tile_peeked,
}
