"""Places and utilities shared by every game."""

from hellenika.engine.results import pairwise_utilities, places_from_keys


def test_competition_places_share_and_skip():
    assert places_from_keys([(10,), (12,), (10,), (3,)]) == [2, 1, 2, 4]


def test_tie_breaks_separate_equal_scores():
    assert places_from_keys([(40, 12), (40, 11)]) == [1, 2]


def test_utilities_are_zero_sum_and_bounded():
    utilities = pairwise_utilities([1, 2, 2, 4], 4)
    assert utilities == [1.0, 0.0, 0.0, -1.0]
    assert abs(sum(utilities)) < 1e-12


def test_solo_against_an_automaton():
    assert pairwise_utilities([1, 2], 1) == [1.0]
    assert pairwise_utilities([2, 1], 1) == [-1.0]
    assert pairwise_utilities([1, 1], 1) == [0.0]
