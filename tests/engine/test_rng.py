"""The seeded generator: golden outputs (a Python upgrade must never change a seeded game), ranges, forks."""

from hypothesis import given
from hypothesis import strategies as st

from hellenika.engine.rng import Rng


def test_golden_sequence_is_pinned():
    # Seed 0 mixes to state 0, so the outputs are SplitMix64's published reference sequence for seed 0.
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        16294208416658607535,
        7960286522194355700,
        487617019471545679,
    ]


def test_golden_dice_are_pinned():
    # Changing these changes every seeded game ever recorded.
    rng = Rng(12345)
    assert [rng.randint(1, 6) for _ in range(10)] == [3, 3, 3, 2, 4, 3, 3, 2, 5, 6]


def test_state_round_trips():
    rng = Rng(7)
    rng.next_u64()
    saved = rng.getstate()
    a = [rng.randbelow(100) for _ in range(20)]
    other = Rng()
    other.setstate(saved)
    assert [other.randbelow(100) for _ in range(20)] == a


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**9))
def test_randbelow_in_range(seed, n):
    rng = Rng(seed)
    for _ in range(5):
        assert 0 <= rng.randbelow(n) < n


def test_randbelow_is_roughly_uniform():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_forks_are_independent_and_deterministic():
    a, b = Rng(5).fork("chance"), Rng(5).fork("seat-0")
    assert [a.next_u64() for _ in range(3)] != [b.next_u64() for _ in range(3)]
    assert Rng(5).fork("x").next_u64() == Rng(5).fork("x").next_u64()


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(30))
    x, y = items[:], items[:]
    Rng(9).shuffle(x)
    Rng(9).shuffle(y)
    assert x == y and sorted(x) == items and x != items


def test_weighted_index_respects_weights():
    rng = Rng(11)
    picks = [rng.weighted_index([0.0, 1.0, 0.0]) for _ in range(100)]
    assert set(picks) == {1}
