"""The data against the spec's tables (§2.2 tiles, §8.3 cards), the invariants of §2.3 along whole games, and
every illegal action of every kind raising an error that names the rule while changing nothing (issue 5)."""

from __future__ import annotations

import json

import pytest

from hellenika.engine.errors import IllegalAction
from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import phases as ph
from hellenika.games.hellas_delonge.components import GODS, load_catalogue
from hellenika.games.hellas_delonge.hexmap import qr
from hellenika.games.hellas_delonge.state import HellasState

from .builders import GAME

CAT = load_catalogue()

# Spec §2.2, verbatim: id | edges e0..e5 | temple | bridge | sea regions (edge indices).
SPEC_TILES = """
T01 | SSSSSS | no  | no  | {0,1,2,3,4,5}
T02 | SSSSSS | no  | no  | {0,1,2,3,4,5}
T03 | SSSSSS | no  | no  | {0,1,2,3,4,5}
T04 | LSSSSS | no  | no  | {1,2,3,4,5}
T05 | LSSSSS | no  | no  | {1,2,3,4,5}
T06 | LSSSSS | no  | no  | {1,2,3,4,5}
T07 | LSSSSS | no  | no  | {1,2,3,4,5}
T08 | LLSSSS | no  | no  | {2,3,4,5}
T09 | LLSSSS | no  | no  | {2,3,4,5}
T10 | LLSSSS | no  | no  | {2,3,4,5}
T11 | LLSSSS | no  | no  | {2,3,4,5}
T12 | LLLSSS | no  | no  | {3,4,5}
T13 | LLLSSS | no  | no  | {3,4,5}
T14 | LLLSSS | no  | no  | {3,4,5}
T15 | LLLLSS | no  | no  | {4,5}
T16 | LLLLSS | no  | no  | {4,5}
T17 | LSSLSS | no  | yes | {1,2,4,5}
T18 | SSSSSS | YES | no  | {0,1,2,3,4,5}
T19 | LLSSSS | YES | no  | {2,3,4,5}
T20 | LSLSSS | YES | no  | {1} {3,4,5}
T21 | LSSLSS | YES | no  | {1,2} {4,5}
T22 | LLSLSS | YES | no  | {2} {4,5}
T23 | LLLSLS | YES | no  | {3} {5}
"""

# Spec §8.3: id, god, name, count, timing class.
SPEC_CARDS = [
    ("Z1", "zeus", "Double Action", 3, "own"),
    ("Z2", "zeus", "Thunderbolt", 4, "any"),
    ("Z3", "zeus", "Levy", 2, "own"),
    ("Z4", "zeus", "Favour of Olympus", 2, "own"),
    ("Z5", "zeus", "Hermes' Theft", 2, "own"),
    ("Z6", "zeus", "Oracle", 1, "own"),
    ("Z7", "zeus", "Migration", 2, "own"),
    ("P1", "poseidon", "Favourable Winds", 4, "own"),
    ("P2", "poseidon", "Sea Chart", 3, "own"),
    ("P3", "poseidon", "Second Voyage", 2, "own"),
    ("P4", "poseidon", "Free Passage", 2, "own"),
    ("P5", "poseidon", "Storm", 3, "opp"),
    ("P6", "poseidon", "Shipwrights", 2, "own"),
    ("A1", "ares", "Battle Fury", 4, "own"),
    ("A2", "ares", "Stand Firm", 4, "opp"),
    ("A3", "ares", "Forced March", 2, "own"),
    ("A4", "ares", "Beachhead", 2, "own"),
    ("A5", "ares", "Rocky Coast", 2, "opp"),
    ("A6", "ares", "Orderly Retreat", 1, "opp"),
    ("A7", "ares", "Second Strike", 1, "own"),
]


def _regions(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(i) for i in part.strip("{} ").split(",")) for part in text.split("} {"))


def test_every_tile_is_the_spec_table():
    rows = [[field.strip() for field in line.split("|")] for line in SPEC_TILES.strip().splitlines()]
    assert [t.id for t in CAT.tiles] == [row[0] for row in rows]
    for tile, (_, edges, temple, bridge, regions) in zip(CAT.tiles, rows, strict=True):
        assert tile.edges == edges, tile.id
        assert tile.temple == (temple == "YES"), tile.id
        assert tile.bridge == (bridge == "yes"), tile.id
        assert tile.regions == _regions(regions), tile.id


def test_every_card_is_the_spec_table():
    got = [(c.id, GODS[c.god], c.name, c.count, c.timing) for c in CAT.cards]
    assert got == SPEC_CARDS
    # Deck sizes as the spec adds them up: Zeus 3+4+2+2+2+1+2, Poseidon 4+3+2+2+3+2, Ares 4+4+2+2+2+1+1.
    assert CAT.deck_sizes == (16, 16, 16) and sum(CAT.full_deck()) == 48


# ---------------------------------------------------------------------- invariants along whole games


def check_invariants(s: HellasState) -> None:
    """Spec §2.3 and the totals of §2: what must hold after every action."""
    board = s.board
    assert not s.owned[0] & s.owned[1] and not (s.owned[0] | s.owned[1]) & 1  # the dolphin has no city
    for p in (0, 1):
        # Greeks withdrawing under Orderly Retreat are between their fallen city and their new ones.
        moving = s.retreat_left if s.phase == ph.RETREAT and p != s.active else 0
        assert s.greeks_on_map(p) + s.gsup[p] + moving == 15 and s.gsup[p] >= 0
        assert s.ships_on_map(p) + s.ssup[p] == 10 and s.ssup[p] >= 0
    for slot in range(24):
        if s.owner(slot) >= 0:
            assert 1 <= s.greeks[slot] <= 3 and 0 <= s.ships[slot] <= 3, slot
        else:
            assert s.greeks[slot] == 0 and s.ships[slot] == 0, slot
    cards = list(s.pile)
    for vector in (s.discards, *s.hand, *s.fresh):
        cards = [a + b for a, b in zip(cards, vector, strict=True)]
    assert tuple(cards) == CAT.full_deck()
    if s.phase != ph.DISCARD:
        for p in (0, 1):
            assert s.hand_size(p) <= 7 and all(s.held_of_god(p, g) <= 3 for g in range(3))
    tiles = (board.size - 1) + s.pool.bit_count() + len(s.top) + len(s.bottom) + s.aside.bit_count()
    assert tiles + len(s.drawn) == 23


@pytest.mark.parametrize("seed", range(12))
def test_invariants_hold_after_every_action(seed):
    """Random play with a heuristic player now and then, so that the god cards come into play."""
    s = GAME.new_state(2, log=False)
    rng = Rng(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            action = s.sample_chance(rng)
        elif seed % 2 and rng.randbelow(3):
            action = GAME.heuristic_action(s, rng)
        else:
            action = rng.choice(s.legal_actions())
        s.apply(action)
        check_invariants(s)
    assert s.winner >= 0 or s.reason == "stall"


# ---------------------------------------------------------------------- illegal actions (issue 5, brief 3)


def candidates(s: HellasState) -> list:
    """Actions of every kind, around what is on the map now (legal or not)."""
    g = GAME
    n = s.board.size
    cities = range(min(n + 1, 24))
    out = [g.burst, g.voyage, g.end_turn, g.stop, g.done, g.explore, g.give_up, g.resolve, g.call_off]
    out.append(g.pass_)
    for table in (g.attack, g.recruit, g.build, g.pay, g.settle, g.forced, g.retreat):
        out.extend(table[c] for c in cities)
    out.extend(g.march[a][b] for a in cities for b in cities)
    out.extend(g.sail[a][b] for a in cities for b in cities)
    out.extend(g.levy[c][f + 1] for c in cities for f in (-1, 1, 2))
    out.extend(g.launch[c][f + 1] for c in cities for f in (-1, 1, 2))
    out.extend(g.commit[k] for k in range(7))
    out.extend(g.fleet)
    out.extend(g.rotate)
    out.extend(g.place_at[site.cell] for site in s.board.frontier)
    out.extend(g.place_at[c] for c in s.board.cells[:3])
    out.extend(g.draw)
    out.extend(g.play)
    out.extend(g.discard)
    out.extend(g.use_tile)
    out.extend(g.order_tile)
    out.extend(g.card_drawn[:3])
    out.extend(g.tile_drawn[:3])
    out.extend(g.card_stolen[:2])
    out.extend(g.tile_peeked[:2])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_every_illegal_action_names_its_rule_and_changes_nothing(seed):
    s = GAME.new_state(2, log=True)
    rng = Rng(seed)
    checked = phases = twins = 0
    seen = set()
    step = 0
    while not s.is_terminal():
        if step % 5 == 0 or s.phase not in seen:
            seen.add(s.phase)
            legal = set(s.legal_actions())
            before = json.dumps(s.to_json(), sort_keys=True)
            digest = s.digest()
            log = len(list(s.iter_log()))
            for action in candidates(s):
                if action in legal:
                    continue
                try:  # a twin of an offered action (test_twins.py) is played as it: not illegal
                    played = s.check(action)
                except IllegalAction:
                    pass
                else:
                    assert played in legal and played != action, action.notation()
                    twins += 1
                    continue
                with pytest.raises(IllegalAction) as info:
                    s.apply(action)
                assert info.value.rule.startswith("hellas_delonge §"), (action.notation(), str(info.value))
                assert info.value.reason
                checked += 1
            assert json.dumps(s.to_json(), sort_keys=True) == before and s.digest() == digest
            assert len(list(s.iter_log())) == log
            phases += 1
        action = s.sample_chance(rng) if s.is_chance_node() else GAME.heuristic_action(s, rng)
        s.apply(action)
        step += 1
    assert checked > 10_000 and len(seen) > 15


def test_an_illegal_placement_names_the_condition_it_breaks():
    s = GAME.new_state(2)
    for card in ("Z1", "P1", "A1", "Z2", "P2", "A2"):
        s.apply(GAME.parse_action(f"card {card}"))
    s.apply(GAME.parse_action("tile T12"))
    reasons = {}
    for text in ("at 0 0", "at 2 0", "at 5 5", "at 40 0"):
        with pytest.raises(IllegalAction) as info:
            s.apply(GAME.parse_action(text))
        reasons[text] = str(info.value)
    assert "§5.1 P1" in reasons["at 0 0"]
    assert "§5.1 P2" in reasons["at 2 0"] and "§5.1 P2" in reasons["at 5 5"]
    assert "off the table" in reasons["at 40 0"]
    assert {qr(site.cell) for site in s.board.frontier if site.anchored} == {
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (1, -1),
    }
