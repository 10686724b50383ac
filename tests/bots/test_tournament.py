"""Tournament scheduling and statistics on small fixed examples."""

from __future__ import annotations

import pytest

from hellenika.bots.batch import wilson
from hellenika.bots.tournament import schedule, summarise, tournament_specs


def test_schedule_covers_pairs_and_rotations():
    lineups = [lineup.bots for lineup in schedule(3, 2)]
    assert lineups == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]


def test_schedule_one_against_the_field():
    lineups = [lineup.bots for lineup in schedule(2, 3)]
    assert lineups == [(0, 1, 1), (1, 1, 0), (1, 0, 1), (1, 0, 0), (0, 0, 1), (0, 1, 0)]


def test_rotations_of_a_lineup_share_a_seed():
    specs = tournament_specs("hercules", 2, ["a", "b", "c"], (), seed=1, games_count=12)
    assert [s.seats for s in specs[:2]] == [("a", "b"), ("b", "a")]
    assert specs[0].seed == specs[1].seed != specs[2].seed
    assert specs[6].seats == specs[0].seats and specs[6].seed != specs[0].seed


def test_statistics_on_a_tiny_fixed_example():
    results = [
        {"index": 0, "seats": ["a", "b"], "places": [1, 2], "scores": [10, 5]},
        {"index": 1, "seats": ["b", "a"], "places": [2, 1], "scores": [4, 12]},
        {"index": 2, "seats": ["a", "b"], "places": [1, 1], "scores": [7, 7]},
        {"index": 3, "seats": ["b", "a"], "places": [1, 2], "scores": [9, 3]},
    ]
    report = summarise(["a", "b"], 2, results)
    a, b = report["bots"]
    assert a["seats_played"] == b["seats_played"] == 4
    assert a["wins"] == 2.5 and b["wins"] == 1.5  # the shared first place counts half
    assert a["win_rate"] == 0.625
    assert a["score_mean"] == pytest.approx((10 + 12 + 7 + 3) / 4)
    assert report["head_to_head"] == [[None, 0.625], [0.375, None]]
    assert a["win_rate_ci95"] == pytest.approx(list(wilson(2.5, 4)))
    assert a["rating_mu"] > 25 > b["rating_mu"]
    assert a["rating_ordinal"] == pytest.approx(a["rating_mu"] - 3 * a["rating_sigma"])


def test_wilson_interval():
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.9 and 0.97 < high < 0.99
    assert wilson(0, 0) == (0.0, 0.0)
