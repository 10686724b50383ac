"""BuiltOnce: one build per object, by identity, for unhashable data too."""

from __future__ import annotations

from hellenika.engine.memo import BuiltOnce


def test_builds_once_per_object_and_tells_equal_objects_apart() -> None:
    calls: list[list[int]] = []

    def build(key: list[int]) -> int:
        calls.append(key)
        return sum(key)

    memo = BuiltOnce(build)
    first, twin = [1, 2], [1, 2]  # equal but distinct, and unhashable
    assert memo(first) == 3 and memo(first) == 3
    assert memo(twin) == 3
    assert len(calls) == 2 and calls[0] is first and calls[1] is twin
