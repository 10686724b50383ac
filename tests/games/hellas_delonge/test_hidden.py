"""Hidden information (spec §3, §8): views show hand sizes by god, never the opponent's cards; determinize
redeals exactly what a seat cannot see and keeps what it saw."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, GAME, LIGHT, play, position, random_playout

TILES = [("T01", 1, 0, 0, LIGHT, 2, 1), ("T02", -1, 0, 0, DARK, 2, 1)]


def test_views_show_counts_by_god_not_the_cards():
    s = position(TILES, hands=(("Z2", "P5", "A1"), ("Z3", "Z5", "A6")))
    light = s.view(LIGHT)
    assert light["hand"] == {"playable": {"Z2": 1, "P5": 1, "A1": 1}, "drawn_this_turn": {}}
    assert light["players"][DARK]["cards_by_god"] == {"zeus": 2, "poseidon": 0, "ares": 1}
    text = json.dumps(light)
    assert "Z3" not in text and "A6" not in text and "Hermes" not in text
    spectator = s.view(None)
    assert "hand" not in spectator and "known_opponent_cards" not in spectator
    assert "Z2" not in json.dumps(spectator)


def test_determinize_keeps_the_own_hand_and_redeals_the_opponent_by_god():
    s = position(TILES, hands=(("Z2", "P5", "A1"), ("Z3", "Z5", "A6")), fresh=((), ("P2",)))
    seen_dark_hands = set()
    for seed in range(30):
        d = s.determinize(LIGHT, Rng(seed))
        assert d.hand[LIGHT] == s.hand[LIGHT]
        assert [d.god_count(d.hand[DARK], g) for g in range(3)] == [2, 0, 1]
        assert [d.god_count(d.fresh[DARK], g) for g in range(3)] == [0, 1, 0]
        # Every card is somewhere: the deck plus Dark's hand hold what Light cannot see.
        total = [
            a + b + c + e + f
            for a, b, c, e, f in zip(d.pile, d.hand[0], d.hand[1], d.fresh[1], d.discards, strict=True)
        ]
        assert tuple(total) == s.cat.full_deck()
        assert d.view(LIGHT) == s.view(LIGHT)
        seen_dark_hands.add(d.hand[DARK])
    assert len(seen_dark_hands) > 1  # really resampled
    assert (
        s.hand[DARK] == position(TILES, hands=((), ("Z3", "Z5", "A6"))).hand[DARK]
    )  # the original untouched


def test_a_card_taken_from_you_stays_known_in_every_sample():
    s = play(position(TILES, hands=(("Z5",), ("A6", "Z3"))), "play Z5", "pass", "steal A6")
    a6 = s.cat.card_by_id["A6"]
    assert s.known[DARK][a6] == 1
    for seed in range(10):
        d = s.determinize(DARK, Rng(seed))
        assert d.fresh[LIGHT][a6] == 1
        assert d.view(DARK) == s.view(DARK)
    assert s.view(DARK)["known_opponent_cards"] == {"A6": 1}
    assert "known_opponent_cards" not in s.view(None)


def test_oracle_tiles_are_kept_for_the_seer_and_redrawn_for_the_other():
    s = play(
        position(TILES, hands=(("Z6", "Z3"), ()), stack=["T05", "T12", "T18", "T20", "T22", "T23"]),
        "play Z6",
        "peek T12",
        "peek T18",
        "peek T05",
        "order T18",
        "order T05",
    )
    for seed in range(10):
        mine = s.determinize(LIGHT, Rng(seed))
        assert mine.top == s.top
    others = {s.determinize(DARK, Rng(seed)).top for seed in range(30)}
    assert len(others) > 1
    for top in others:
        assert len(top) == 3


def test_determinize_forgets_the_oracle_order_being_chosen():
    s = play(
        position(TILES, hands=(("Z6",), ()), stack=["T05", "T12", "T18", "T20"]),
        "play Z6",
        "peek T12",
        "peek T18",
        "peek T05",
        "order T18",
    )
    assert s.phase == ph.ORACLE
    d = s.determinize(DARK, Rng(1))
    assert d.oracle_done == ()
    assert len(d.legal_actions()) == 3  # Light's choice, as Dark may imagine it
    assert s.determinize(LIGHT, Rng(1)).oracle_done == s.oracle_done


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600), resample=st.integers(0, 10_000))
def test_views_are_unchanged_by_determinize_along_random_games(seed, steps, resample):
    s = GAME.new_state(2, log=False)
    random_playout(s, seed, steps)
    for seat in (LIGHT, DARK, None):
        view = s.view(seat)
        sample = s.determinize(seat, Rng(resample))
        assert sample.view(seat) == view
        if s.cp == seat:
            assert sample.legal_actions() == s.legal_actions()
        # A sample is a playable game: it goes on to the end.
        random_playout(sample, resample)
        assert sample.is_terminal()
