"""The card catalogue (spec §2, §8) and torch filtering (spec §3, §10 case 26)."""

from __future__ import annotations

from collections import Counter

import pytest

from hellenika.games.hercules.cards import SYMBOLS, load_catalogue
from tests.games.hercules.builders import DECKS, GAME

CAT = load_catalogue()

# Spec §8.1: id -> (ability, extra symbol, VP, torches[, black-die number])
DEMIGODS = {
    "HES-01": ("PLUS1", "", 0, 0),
    "HES-02": ("PLUS1", "", 0, 0),
    "HES-03": ("PLUS1", "", 0, 0),
    "HES-04": ("PLUS1", "", 0, 3),
    "HES-05": ("PLUS1", "", 0, 4),
    "HES-06": ("WHITE", "", 0, 0),
    "HES-07": ("BONUS", "DIVIDE", 0, 0),
    "HES-08": ("BONUS", "MINUS", 0, 3),
    "HES-09": ("BONUS", "DIE", 0, 4),
    "HES-10": ("VP2", "", 2, 0),
    "HES-11": ("VP2", "", 2, 0),
    "HES-12": ("VP2", "", 2, 0),
    "PAN-01": ("WHITE", "", 0, 0),
    "PAN-02": ("WHITE", "", 0, 0),
    "PAN-03": ("WHITE", "", 0, 3),
    "PAN-04": ("WHITE", "", 0, 4),
    "PAN-05": ("REROLL", "", 0, 0),
    "PAN-06": ("BONUS", "DIVIDE", 0, 0),
    "PAN-07": ("BONUS", "MINUS", 0, 3),
    "PAN-08": ("VP2", "", 2, 0),
    "PAN-09": ("VP2", "", 2, 0),
    "PAN-10": ("VP2", "", 2, 4),
    "AEO-01": ("FLIP", "", 0, 0),
    "AEO-02": ("FLIP", "", 0, 0),
    "AEO-03": ("FLIP", "", 0, 3),
    "AEO-04": ("BONUS", "TIMES", 0, 0),
    "AEO-05": ("VP2", "", 2, 0),
    "AEO-06": ("VP2", "", 2, 4),
    "HEC-01": ("MINUS1", "", 0, 0),
    "HEC-02": ("MINUS1", "", 0, 0),
    "HEC-03": ("MINUS1", "", 0, 3),
    "HEC-04": ("BONUS", "PLUS", 0, 0),
    "HEC-05": ("VP2", "", 2, 4),
    "TYC-01": ("REROLL", "", 0, 0, 1),
    "TYC-02": ("REROLL", "", 0, 0, 2),
    "TYC-03": ("REROLL", "", 0, 0, 3),
    "TYC-04": ("REROLL", "", 0, 3, 1),
    "TYC-05": ("BONUS", "DIVIDE", 0, 0, 2),
    "TYC-06": ("BONUS", "MINUS", 0, 4, 3),
    "TYC-07": ("VP2", "", 2, 4, 1),
    "TYC-08": ("VP2", "", 2, 3, 2),
    "MOR-01": ("COPY", "", 0, 0, 4),
    "MOR-02": ("COPY", "", 0, 0, 5),
    "MOR-03": ("COPY", "", 0, 3, 6),
    "MOR-04": ("BONUS", "TIMES", 0, 0, 5),
    "MOR-05": ("BONUS", "PLUS", 0, 4, 6),
    "MOR-06": ("VP2", "", 2, 0, 4),
    "MOR-07": ("VP2", "", 2, 4, 5),
}
DECK_OF_PREFIX = {
    "HES": "hestia",
    "PAN": "pan",
    "AEO": "aeolus",
    "HEC": "hecate",
    "TYC": "tyche",
    "MOR": "morpheus",
}
DECK_SYMBOL = {
    "hestia": "PLUS",
    "pan": "TIMES",
    "aeolus": "DIVIDE",
    "hecate": "MINUS",
    "tyche": "DIE",
    "morpheus": "DIE",
}
# Spec §8.2: id -> (name, ability, symbol, VP)
GODS = {
    "GOD-ZEU": ("Zeus", "", "", 5),
    "GOD-HER": ("Hera", "MINUS1", "DIE", 3),
    "GOD-POS": ("Poseidon", "FLIP", "DIVIDE", 3),
    "GOD-DEM": ("Demeter", "PLUS1", "PLUS", 2),
    "GOD-ATH": ("Athena", "FLIP", "DIVIDE", 3),
    "GOD-APO": ("Apollo", "REROLL", "DIE", 3),
    "GOD-ART": ("Artemis", "MINUS1", "MINUS", 2),
    "GOD-ARE": ("Ares", "WHITE", "TIMES", 2),
    "GOD-APH": ("Aphrodite", "COPY", "DIE", 4),
    "GOD-HEP": ("Hephaestus", "PLUS1", "TIMES", 2),
    "GOD-HRM": ("Hermes", "WHITE", "PLUS", 2),
    "GOD-DIO": ("Dionysus", "REROLL", "MINUS", 3),
}
# Spec §8.3: id -> (stack, VP, torches)
VASES = {
    "VAS-3A": (3, 6, 0),
    "VAS-3B": (3, 4, 3),
    "VAS-4A": (4, 8, 0),
    "VAS-4B": (4, 6, 3),
    "VAS-5A": (5, 10, 0),
    "VAS-5B": (5, 8, 3),
    "VAS-6A": (6, 12, 0),
    "VAS-6B": (6, 10, 3),
    "VAS-7A": (7, 14, 0),
    "VAS-7B": (7, 12, 3),
}
PANTHEON = {"PTH-A": 0, "PTH-B": 3, "PTH-C": 4}


def vector(*symbols: str) -> tuple[int, ...]:
    counts = Counter(s for s in symbols if s)
    return tuple(counts[name] for name in SYMBOLS)


def kinds() -> Counter[str]:
    return Counter(c.kind for c in CAT.cards)


def test_catalogue_totals_match_the_rulebook():
    assert kinds() == Counter({"demigod": 48, "god": 12, "vase": 10, "pantheon": 3, "hades": 1})
    per_deck = Counter(CAT.decks[c.deck].id for c in CAT.cards if c.kind == "demigod")
    assert per_deck == {"hestia": 12, "pan": 10, "aeolus": 6, "hecate": 5, "tyche": 8, "morpheus": 7}
    assert CAT.cards[CAT.zeus].id == "GOD-ZEU"
    assert len(CAT.gods) == 11 and CAT.zeus not in CAT.gods
    assert CAT.cards[CAT.hades].id == "HADES" and CAT.cards[CAT.hades].vp == 0
    assert not any(CAT.cards[CAT.hades].symbols) and not CAT.cards[CAT.hades].ability


def test_symbol_types_are_exactly_five():
    assert SYMBOLS == ("PLUS", "MINUS", "TIMES", "DIVIDE", "DIE")


def test_decks_in_solo_order_with_their_symbols_and_operations():
    assert [d.id for d in CAT.decks] == list(DECKS)
    assert [d.solo_number for d in CAT.decks] == [1, 2, 3, 4, 5, 6]
    assert [d.symbol for d in CAT.decks] == ["PLUS", "TIMES", "DIVIDE", "MINUS", "DIE", "DIE"]
    assert [d.operation for d in CAT.decks] == ["+", "x", "/", "-", "", ""]


@pytest.mark.parametrize("card_id", sorted(DEMIGODS))
def test_demigod_card_contents(card_id):
    ability, extra, vp, torches, *number = DEMIGODS[card_id]
    card = CAT.card(card_id)
    deck = DECK_OF_PREFIX[card_id[:3]]
    assert card.kind == "demigod"
    assert CAT.decks[card.deck].id == deck
    assert card.ability == ability
    assert card.bonus == extra
    assert card.vp == vp
    assert card.torches == torches
    assert card.number == (number[0] if number else 0)
    # the deck's symbol plus the bonus symbol, nothing else (spec §8 design logic)
    assert card.symbols == vector(DECK_SYMBOL[deck], extra)


def test_black_die_numbers():
    assert {CAT.card(i).number for i in DEMIGODS if i.startswith("TYC")} == {1, 2, 3}
    assert {CAT.card(i).number for i in DEMIGODS if i.startswith("MOR")} == {4, 5, 6}


def test_torch_totals():
    marks = Counter(CAT.card(i).torches for i in DEMIGODS)
    assert marks == {0: 29, 3: 9, 4: 10}


@pytest.mark.parametrize("card_id", sorted(GODS))
def test_god_card_contents(card_id):
    name, ability, symbol, vp = GODS[card_id]
    card = CAT.card(card_id)
    assert (card.kind, card.name, card.ability, card.vp) == ("god", name, ability, vp)
    assert card.symbols == vector(symbol)


@pytest.mark.parametrize("card_id", sorted(VASES))
def test_vase_card_contents(card_id):
    spaces, vp, torches = VASES[card_id]
    card = CAT.card(card_id)
    assert (card.kind, card.spaces, card.vp, card.torches) == ("vase", spaces, vp, torches)
    assert not any(card.symbols) and not card.ability


def test_six_space_vase_top_is_worth_12():  # seed: Charlotte's vase
    assert CAT.card("VAS-6A").vp == 12


@pytest.mark.parametrize("card_id", sorted(PANTHEON))
def test_pantheon_card_contents(card_id):
    card = CAT.card(card_id)
    assert (card.kind, card.vp, card.torches) == ("pantheon", 5, PANTHEON[card_id])
    assert not any(card.symbols) and not card.ability


def in_play(players: int) -> dict[str, object]:
    """What a fresh game puts on the table, read from the state before any chance node is resolved."""
    st = GAME.new_state(players, {"variant": "standard"}).to_json()["state"]
    per_deck = [len(rest) + (top is not None) for top, rest in zip(st["tops"], st["rests"], strict=True)]
    return {
        "demigods": per_deck,
        "vases": [card for stack in st["vases"] for card in stack],
        "column12": st["column12"],
    }


def test_case_26_player_count_filtering():
    two = in_play(2)
    assert two["demigods"] == [8, 6, 4, 3, 4, 4] and sum(two["demigods"]) == 29
    assert two["vases"] == ["VAS-3A", "VAS-4A", "VAS-5A", "VAS-6A", "VAS-7A"]
    assert two["column12"] == ["GOD-ZEU", "PTH-A"]

    three = in_play(3)
    assert sum(three["demigods"]) == 38
    assert len(three["vases"]) == 10
    assert three["column12"] == ["GOD-ZEU", "PTH-A", "PTH-B"]


def test_torch_filtering_four_players_and_solo():
    four = in_play(4)
    assert four["demigods"] == [12, 10, 6, 5, 8, 7] and sum(four["demigods"]) == 48
    assert len(four["vases"]) == 10
    assert four["column12"] == ["GOD-ZEU", "PTH-A", "PTH-B", "PTH-C"]

    solo = in_play(1)  # solo plays with the 2-player set (spec §3, §7)
    assert solo == in_play(2)


@pytest.mark.parametrize(("players", "removed"), [(2, {3, 4}), (3, {4}), (4, set()), (1, {3, 4})])
def test_filtered_demigods_are_exactly_the_torch_marked_ones(players, removed):
    st = GAME.new_state(players, {"variant": "standard"}).to_json()["state"]
    present = {c for rest in st["rests"] for c in rest}
    expected = {i for i, row in DEMIGODS.items() if row[3] not in removed}
    assert present == expected


def test_pantheon_in_play_is_players_minus_one():
    for players in (2, 3, 4):
        assert len(in_play(players)["column12"]) - 1 == players - 1
