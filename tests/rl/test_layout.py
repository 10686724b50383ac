"""Laid-out observation vectors: each game's encoder reads only the view, reads all of it, is documented."""

from __future__ import annotations

import importlib
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hellenika import games
from hellenika.engine import Rng
from hellenika.rl.layout import (
    ENCODER_MODULES,
    ArrayMemo,
    Block,
    Layout,
    PartMemo,
    encode,
    encode_state,
    encoder_of,
    flat_vector,
    markdown,
    seat_order,
)
from tests.rl.conftest import CONFIGS, random_states

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


class RecordingView(dict[str, Any]):
    """A view that remembers which top-level keys the encoder read."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


def test_every_game_has_an_encoder() -> None:
    assert set(ENCODER_MODULES) == set(games.names())


def test_layout_offsets_and_named_views_share_memory() -> None:
    layout = Layout([Block("a", (2,), "two"), Block("b", (2, 3), "six")])
    assert layout.size == 8 and layout.offsets == {"a": 0, "b": 2}
    vector = np.zeros(8, np.float32)
    layout.views(vector)["b"][1, 2] = 5.0
    assert vector[7] == 5.0
    with pytest.raises(ValueError, match="repeat"):
        Layout([Block("a", (1,), ""), Block("a", (1,), "")])


def test_seat_order_puts_the_observer_first() -> None:
    assert seat_order({"seat": 2}, 4) == [2, 3, 0, 1]
    assert seat_order({"seat": None}, 3) == [0, 1, 2]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_vector_is_a_function_of_the_view_and_reads_all_of_it(
    name: str, players: int, options: dict[str, object]
) -> None:
    """Same vector whatever the seat cannot see; every view key is read or listed as left out."""
    encoder = encoder_of(name, players, options)
    module = importlib.import_module(ENCODER_MODULES[name])
    rng = Rng(17)
    read: set[str] = set()
    keys: set[str] = set()
    for state in random_states(name, players, options, seed=5, every=29):
        for seat in [*range(players), None]:
            view = RecordingView(state.view(seat))
            vector = encode(encoder, view)
            assert vector.shape == (encoder.layout.size,) and vector.dtype == np.float32
            assert np.isfinite(vector).all()
            read |= view.read
            keys |= set(view)
            if seat is not None:
                other = state.determinize(seat, rng)
                assert np.array_equal(encode(encoder, other.view(seat)), vector), f"seat {seat} sees a secret"
    unread = keys - read - set(module.NOT_ENCODED)
    assert not unread, f"view keys neither encoded nor listed in NOT_ENCODED: {sorted(unread)}"


@pytest.mark.parametrize("name", sorted(ENCODER_MODULES))
def test_every_block_carries_information(name: str) -> None:
    """Each block is set somewhere in random games of the game's configurations, two seeded games each (none
    is dead weight)."""
    module = importlib.import_module(ENCODER_MODULES[name])
    exempt = set(getattr(module, "MAY_STAY_ZERO", {}))
    seen: dict[str, bool] = defaultdict(bool)
    for players, options in games.get(name).configurations():
        encoder = encoder_of(name, players, options)
        snapshots = [
            s for seed in (3, 4) for s in random_states(name, players, dict(options), seed=seed, every=11)
        ]
        for state in snapshots:
            for seat in range(players):
                blocks = encoder.layout.views(encode(encoder, state.view(seat)))
                for block, values in blocks.items():
                    seen[block] = seen[block] or bool(values.any())
    dead = {block for block, set_ in seen.items() if not set_} - exempt
    assert not dead, f"blocks never set in random games: {sorted(dead)}"


@pytest.mark.parametrize("name", sorted(ENCODER_MODULES))
def test_vectors_tell_positions_apart(name: str) -> None:
    game = games.get(name)
    players, options = game.configurations()[0]
    encoder = encoder_of(name, players, options)
    states = random_states(name, players, dict(options), seed=9, every=3)
    vectors = {encode(encoder, s.view(0)).tobytes() for s in states}
    assert len(vectors) > len(states) // 2


@pytest.mark.parametrize("name", sorted(ENCODER_MODULES))
def test_docs_show_the_layout(name: str) -> None:
    """docs/rl.md holds the table of each game's 2-player layout (or its only player count), as generated."""
    game = games.get(name)
    counts = sorted({p for p, _ in game.configurations()})
    players = 2 if 2 in counts else counts[0]
    regenerate = f"regenerate with: python -m hellenika.rl.layout {name}"
    text = DOCS.read_text()
    assert text.count(markdown(name, players)) == 1, regenerate
    assert text.count(f"**{name}**, {players} player") == 1, "one table per game: " + regenerate
    assert text.count("\nNot encoded: ") == len(ENCODER_MODULES), "one 'Not encoded' line per game"


def test_hercules_reads_its_state_directly() -> None:
    """The encoder that skips the view exists (so the test below checks something)."""
    assert hasattr(encoder_of("hercules", 2), "fill_state")


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_encoding_straight_from_the_state_equals_encoding_the_view(
    name: str, players: int, options: dict[str, object]
) -> None:
    """Where a game's encoder reads the state directly (``fill_state``), it must write exactly what it writes
    from the view, for every seat and the spectator, at every step of seeded random games (the final states
    included): the view, with its hidden parts already absent, stays the definition of an observation."""
    encoder = encoder_of(name, players, options)
    if not hasattr(encoder, "fill_state"):
        pytest.skip(f"{name} encodes from the view only")
    compared = 0
    for seed in (1, 2, 3):
        for state in random_states(name, players, options, seed):
            for seat in [*range(players), None]:
                expected = encode(encoder, state.view(seat))
                direct = encode_state(encoder, state, seat)
                if not np.array_equal(direct, expected):
                    differs = direct != expected
                    blocks = sorted(b for b, v in encoder.layout.views(differs).items() if v.any())
                    raise AssertionError(f"{name} seat {seat}: {differs.sum()} entries differ in {blocks}")
                compared += 1
    assert compared > 100


def test_part_memo_writes_what_its_part_fills_in_any_row() -> None:
    """A remembered part writes the same entries as filling it, in whichever row it is asked for, keyed by
    value; a memo past its limit starts over."""
    layout = Layout([Block("rows", (3, 4), "per player"), Block("other", (2,), "not the part's")])
    calls: list[tuple[int, tuple[int, ...]]] = []

    def fill(blocks: dict[str, np.ndarray], row: int, cells: tuple[int, ...]) -> None:
        calls.append((row, cells))
        for c in cells:
            blocks["rows"][row, c] = c + 1.0
        blocks["other"][0] = 9.0  # outside the part's blocks: never written by the memo

    memo = PartMemo(layout, ("rows",), rows=True, limit=2)
    for row in (0, 2, 1, 2):
        vector = np.zeros(layout.size, np.float32)
        memo.write(vector, fill, ((1, 3),), row)
        expected = np.zeros((3, 4), np.float32)
        expected[row, 1], expected[row, 3] = 2.0, 4.0
        assert np.array_equal(layout.views(vector)["rows"], expected)
        assert layout.views(vector)["other"][0] == 0.0
    assert len(calls) == 1  # filled once, whatever the row; an equal key built anew finds it too
    memo.write(np.zeros(layout.size, np.float32), fill, (tuple([1, 3]),), 1)
    assert len(calls) == 1
    memo.write(np.zeros(layout.size, np.float32), fill, ((0,),))
    memo.write(np.zeros(layout.size, np.float32), fill, ((2,),))  # a third key: the memo starts over
    memo.write(np.zeros(layout.size, np.float32), fill, ((1, 3),))
    assert len(calls) == 4


def test_flat_vector_is_the_one_the_blocks_share() -> None:
    layout = Layout([Block("a", (2,), ""), Block("b", (2, 2), "")])
    vector = np.zeros(layout.size, np.float32)
    assert flat_vector(layout.views(vector), layout.size) is vector
    with pytest.raises(ValueError, match="flat vector"):
        flat_vector({"a": np.zeros(2, np.float32)}, layout.size)


@pytest.mark.parametrize("name", sorted(ENCODER_MODULES))
def test_threads_encoding_at_once_get_the_vectors_of_one_thread(name: str) -> None:
    """The server runs bots (a trained policy encodes its view) on worker threads: encoders, their scratch
    vectors and their memos are shared by a process, so threads encoding at once must each get exactly the
    vector one thread alone gets. Thread switches are forced every microsecond to make overlaps likely."""
    players, options = games.get(name).configurations()[0]
    encoder = encoder_of(name, players, options)
    states = random_states(name, players, dict(options), seed=4, every=3)[:120]
    jobs = [(state, seat) for state in states for seat in range(players)]
    expected = [(encode(encoder, s.view(seat)), encode_state(encoder, s, seat)) for s, seat in jobs]
    views = [s.view(seat) for s, seat in jobs]

    def work(offset: int) -> list[int]:
        wrong = []
        for k in range(len(jobs)):
            i = (k + offset) % len(jobs)
            state, seat = jobs[i]
            by_view, by_state = expected[i]
            if not np.array_equal(encode(encoder, views[i]), by_view):
                wrong.append(i)
            if not np.array_equal(encode_state(encoder, state, seat), by_state):
                wrong.append(i)
        return wrong

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(work, [0, 7, 19, 31]))
    finally:
        sys.setswitchinterval(interval)
    assert all(not wrong for wrong in results), f"{sum(map(len, results))} vectors differ on threads"


def test_array_memo_makes_each_key_once_and_starts_over_past_its_limit() -> None:
    made: list[tuple[int, ...]] = []

    def make(*key: int) -> np.ndarray:
        made.append(key)
        return np.array(key, np.float32)

    memo = ArrayMemo(limit=2)
    assert np.array_equal(memo.get(make, (1, 2)), [1, 2])
    assert memo.get(make, (1, 2)) is memo.get(make, tuple([1, 2]))  # equal keys find the same entry
    memo.get(make, (3,))
    memo.get(make, (4,))  # a third key: the memo starts over
    memo.get(make, (1, 2))
    assert made == [(1, 2), (3,), (4,), (1, 2)]
