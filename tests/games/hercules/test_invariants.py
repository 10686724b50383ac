"""Whole-game invariants over seeded random games: the §2 Apprentice invariant, cube and card conservation
(§2 counts, §3 filtering), at most one card of each type per turn (§4.6), Hades never spending (§7)."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from hellenika.engine import Rng
from tests.games.hercules.builders import GAME, invariant_pos, state_of

CONFIGS = [(1, "standard"), (2, "standard"), (3, "simplified"), (4, "standard")]


def kind(card: str) -> str:
    if card.startswith("VAS"):
        return "vase"
    if card in ("GOD-ZEU", "PTH-A", "PTH-B", "PTH-C"):
        return "column12"
    if card.startswith("GOD"):
        return "god"
    if card == "HADES":
        return "hades"
    return "demigod"


def table_cards(st: dict) -> Counter[str]:
    cards: Counter[str] = Counter()
    for top in st["tops"]:
        if top:
            cards[top] += 1
    for rest in st["rests"]:
        cards.update(rest)
    cards.update(g for g in st["gods"] if g)
    cards.update(st["column12"])
    for stack in st["vases"]:
        cards.update(stack)
    for owned in st["owned"]:
        cards.update(owned)
    return cards


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_invariants(players, variant, seed):
    s = GAME.new_state(players, {"variant": variant})
    rng = Rng(seed)
    solo = players == 1
    n = 2 if solo else players
    start_cards = None
    gains: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)  # (round, participant) -> kinds
    while not s.is_terminal():
        before = state_of(s)
        view = s.view(None)
        active = view["active"]
        s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
        st = state_of(s)
        for p in range(n):
            new = [c for c in st["owned"][p] if c not in before["owned"][p]]
            assert set(before["owned"][p]) <= set(st["owned"][p])  # cards are never lost
            gains[view["round"], p].update(kind(c) for c in new)
            if new and not solo:  # in solo Hades' turn runs inside the hero's last action
                assert p == active, f"participant {p} gained {new} on the turn of {active}"
            # §2 invariant for players (Hades jumps, so only players follow it); never moving left
            if not (solo and p == 1):
                assert st["pos"][p] == invariant_pos(st["cubes"][p])
                assert st["pos"][p] >= before["pos"][p]
            # cubes: board + supply + on Demigod cards = 12
            on_cards = sum(1 for c in st["spent"][p] if kind(c) == "demigod")
            assert bin(st["cubes"][p]).count("1") + st["supply"][p] + on_cards == 12
        if solo:
            assert st["spent"][1] == []  # Hades never uses abilities
        cards = table_cards(st)
        assert max(cards.values()) == 1  # every card is in exactly one place
        if st["phase"] >= 4 and start_cards is None:  # once setup is over
            start_cards = set(cards)
        if start_cards is not None:
            assert set(cards) == start_cards
    # one turn per participant and round: at most one card of each type (spec §4.6)
    for got in gains.values():
        assert all(count <= 1 for k, count in got.items() if k != "hades"), got
    assert s.ranking() and min(s.ranking()) == 1
