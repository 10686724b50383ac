"""Hidden information (spec §3, §8): views show hand sizes by god, never the opponent's cards; determinize
redeals exactly what a seat cannot see and keeps what it saw."""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellenika.engine.rng import Rng
from hellenika.games.hellas_delonge import phases as ph

from .builders import DARK, GAME, LIGHT, legal, play, position, random_playout

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


def test_determinize_resamples_the_oracle_order_being_chosen():
    s = play(
        position(TILES, hands=(("Z6",), ()), stack=["T05", "T12", "T18", "T20"]),
        "play Z6",
        "peek T12",
        "peek T18",
        "peek T05",
        "order T18",
    )
    assert s.phase == ph.ORACLE
    firsts = set()
    for seed in range(30):
        d = s.determinize(DARK, Rng(seed))
        # Dark knows Light put one tile back, not which: one tile of the sampled top, and one step left.
        assert len(d.oracle_done) == 1 and d.oracle_done[0] in d.top
        assert d.phase == ph.ORACLE and 1 <= len(d.legal_actions()) <= 2  # alike tiles share an action
        d.apply(d.legal_actions()[0])
        assert d.phase != ph.ORACLE and d.oracle_done == ()
        firsts.add(s.determinize(DARK, Rng(seed)).oracle_done[0])
    assert len(firsts) > 1
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


# ---------------------------------------------------------------------- being asked gives no card away


class Case(NamedTuple):
    """Light holds ``card``, or instead ``other`` (same god, no use at that step), plus ``rest``; both
    players take ``actions`` alike; at the last step Light is offered ``offered`` with the card, the same
    less the card without it."""

    tiles: list
    card: str
    other: str
    actions: tuple[str, ...]
    offered: list[str]
    rest: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()  # in the discard pile: nobody holds these


_VOYAGE = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", -1, 0, 0, DARK, 1, 0)]
_TWO_CITIES = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", 0, 1, 0, LIGHT, 2, 0), ("T03", -1, 0, 0, DARK, 1, 0)]
# Light's only sites for T03 are 1-1 ties in ships: only Favourable Winds could open them.
_TIES = [("T01", 1, 0, 0, LIGHT, 1, 1), ("T02", 1, -1, 0, DARK, 1, 1), ("T04", 0, 1, 0, DARK, 1, 1)]
# Light can neither voyage (no ship) nor attack (no Greek to spare): Burst is his only action.
_BURST_ONLY = [("T01", 1, 0, 0, LIGHT, 1, 0), ("T02", -1, 0, 0, DARK, 1, 0)]
# City 1 (linked to Dark's city 2) has one Greek to spare; city 3 (unlinked) could force-march.
_FORCED = [("T12", 1, 0, 0, LIGHT, 2, 1), ("T08", 0, 1, 5, DARK, 2, 1), ("T03", 3, -2, 0, LIGHT, 3, 1)]
# A full hand (no draw) and empty supplies (no recruit, no ship built, see _state): a Burst can only stop,
# or Levy.
_FULL_HAND = ("Z2", "Z2", "P1", "P1", "P5", "A1")
# Every Sea Chart is spent, so a voyage starts with the draw whatever Light holds.
_NO_CHART = ("P2", "P2", "P2")

ASKED_WITHOUT_THE_CARD = {
    "sea chart": Case(_VOYAGE, "P2", "P1", ("voyage",), ["play P2", "explore"]),
    "migration": Case(_TWO_CITIES, "Z7", "Z2", ("voyage", "tile T04", "giveup"), ["play Z7", "end"]),
    "levy in a burst": Case(_TWO_CITIES, "Z3", "Z2", ("burst",), ["play Z3", "stop"], rest=_FULL_HAND),
    "free passage": Case(
        _VOYAGE, "P4", "P1", ("voyage", "tile T03", "at 0 1"), ["pay 1", "play P4"], discarded=_NO_CHART
    ),
    "favourable winds": Case(
        _TIES, "P1", "P4", ("voyage", "tile T03"), ["play P1", "giveup"], discarded=_NO_CHART
    ),
    "shipwrights": Case(_BURST_ONLY, "P6", "P1", (), ["burst", "play P6"]),
    "forced march": Case(_FORCED, "A3", "A1", ("attack 2",), ["play A3", "commit 1"]),
}


def _state(case: Case, held: str):
    s = position(case.tiles, hands=((held, *case.rest), ()))
    if case.rest:
        s.gsup[LIGHT] = s.ssup[LIGHT] = 0
    for card_id in case.discarded:
        t = s.cat.card_by_id[card_id]
        s.pile = tuple(n - (i == t) for i, n in enumerate(s.pile))
        s.discards = tuple(n + (i == t) for i, n in enumerate(s.discards))
    s._legal = None
    s._auto()
    return s


@pytest.mark.parametrize("name", sorted(ASKED_WITHOUT_THE_CARD))
def test_a_step_stops_alike_whether_or_not_the_player_holds_the_card(name):
    case = ASKED_WITHOUT_THE_CARD[name]
    holder, other = _state(case, case.card), _state(case, case.other)
    for step in (None, *case.actions):
        if step is not None:
            play(holder, step)
            play(other, step)
        assert holder.current_player() == other.current_player()
        for seat in (DARK, None):
            assert holder.view(seat) == other.view(seat), f"{seat} can tell after {step}"
    assert holder.current_player() == LIGHT
    assert legal(holder) == case.offered
    assert legal(other) == [option for option in case.offered if option != f"play {case.card}"]
    # Dark may imagine either hand: in every sample he could draw, the step stops for Light all the same.
    for seed in range(5):
        sample = holder.determinize(DARK, Rng(seed))
        assert sample._asked(sample.legal_actions())


def test_a_decision_that_is_no_choice_whatever_the_hand_is_still_taken_by_itself():
    # Light holds only Ares cards: he cannot hold a Sea Chart or a Free Passage, so the tile is drawn at once
    # and the single ship is paid at once.
    s = play(position(_VOYAGE, hands=(("A1",), ()), stack=["T03"]), "voyage")
    assert s.phase == ph.C_TILE
    play(s, "tile T03", "at 0 1")
    assert s.phase != ph.V_PAY and s.ships[1] == 0
    # Every Sea Chart is in the discard pile: nobody can hold one, so nobody is asked.
    s = position(_VOYAGE, hands=(("P1",), ()), stack=["T03"])
    s.discards = tuple(c.count if c.effect == "sea_chart" else 0 for c in s.cat.cards)
    s.pile = tuple(n - d for n, d in zip(s.pile, s.discards, strict=True))
    play(s, "voyage")
    assert s.phase == ph.C_TILE


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600), resample=st.integers(0, 10_000))
def test_every_sample_the_other_seat_may_draw_is_asked_where_the_player_is(seed, steps, resample):
    s = GAME.new_state(2, log=False)
    random_playout(s, seed, steps)
    p = s.current_player()
    if p < 0 or s.phase == ph.ORACLE:  # the Oracle order being chosen is restarted in a sample
        return
    sample = s.determinize(1 - p, Rng(resample))
    assert sample._asked(sample.legal_actions())


def test_the_hand_limit_discard_is_asked_even_with_a_single_kind_to_discard():
    # Light steals Dark's Favourable Winds and holds four Poseidon cards: one must go. All Winds or not, Dark
    # cannot tell, so Light is asked either way.
    states = []
    for poseidon in (("P1", "P1", "P1"), ("P1", "P1", "P4")):
        s = play(position(TILES, hands=(("Z5", *poseidon), ("P1",))), "play Z5", "steal P1")
        assert s.phase == ph.DISCARD and s.current_player() == LIGHT
        states.append(s)
    assert states[0].view(DARK) == states[1].view(DARK)
    assert legal(states[0]) == ["discard P1"]
    assert legal(states[1]) == ["discard P1", "discard P4"]


def test_the_oracle_order_is_asked_even_when_the_tiles_are_alike():
    # Alike (three tiles of one shape) or not, Light puts two tiles in order, then the last one follows.
    states = []
    for peeks in (("T05", "T06", "T07"), ("T05", "T12", "T18")):
        s = position(TILES, hands=(("Z6",), ()), stack=["T05", "T06", "T07", "T12", "T18", "T20"])
        play(s, "play Z6", *(f"peek {t}" for t in peeks))
        states.append(s)
    for _ in range(2):
        assert [s.phase for s in states] == [ph.ORACLE, ph.ORACLE]
        assert [s.current_player() for s in states] == [LIGHT, LIGHT]
        assert states[0].view(DARK) == states[1].view(DARK)
        assert len(legal(states[0])) == 1
        for s in states:
            play(s, legal(s)[0])
    assert [s.phase for s in states] == [ph.MAIN, ph.MAIN]
    assert states[0].view(DARK) == states[1].view(DARK)
