"""A fixed-length float vector per seat, built only from what that seat may see (``state.view(seat)``).

Layout (the same for every game, player count and option set): :data:`OBSERVATION_SIZE` floats filled by
*feature hashing* (the "hashing trick" of Weinberger et al., 2009) of the seat's view. The view is a JSON
tree; every leaf becomes one named feature:

- a number at path ``p`` (e.g. ``participants.1.score``) adds its value under the name ``p``;
- a boolean adds 1.0 under ``p`` when true;
- a string ``s`` adds 1.0 under ``p=s`` (a one-hot of the categorical value, e.g. ``phase=bidding``);
- ``null`` adds nothing; list items are named by their position (``hand.0``), dict items by their key.

Each name is hashed with BLAKE2b (stable across processes and Python versions, unlike ``hash()``) to a bin in
``range(OBSERVATION_SIZE)`` and a sign of +1 or -1, and the signed value is added to that bin; the signs make
collisions cancel out on average instead of piling up. Because the vector is a function of the view alone,
two states that differ only in what a seat cannot see give that seat the same vector, by construction.

:func:`feature_names` lists the named features of a view, for a researcher who wants to know which bins a
feature lands in (:func:`feature_bin`). Views that hold the game's static catalogue repeat it every step; the
keys in :data:`STATIC_KEYS` are skipped because they never change within a game and cost time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import numpy as np

OBSERVATION_SIZE = 2048
#: Top-level view keys holding static component data (the same at every step of every game).
STATIC_KEYS = frozenset({"catalogue", "card_info", "tile_info", "board_title", "board_rows", "costs"})

_BINS: dict[str, tuple[int, float]] = {}


def feature_bin(name: str) -> tuple[int, float]:
    """The bin and sign of a feature name (memoised: views repeat the same names every step)."""
    found = _BINS.get(name)
    if found is None:
        digest = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")
        found = _BINS[name] = (digest % OBSERVATION_SIZE, 1.0 if (digest >> 63) & 1 else -1.0)
    return found


def iter_features(view: dict[str, Any]) -> Iterator[tuple[str, float]]:
    """The (name, value) features of a view, in the view's own order (see the module docstring)."""
    stack: list[tuple[str, Any]] = [(k, v) for k, v in view.items() if k not in STATIC_KEYS]
    stack.reverse()
    while stack:
        path, value = stack.pop()
        if value is None:
            continue
        if isinstance(value, bool):
            if value:
                yield path, 1.0
        elif isinstance(value, int | float):
            if value:
                yield path, float(value)
        elif isinstance(value, str):
            yield f"{path}={value}", 1.0
        elif isinstance(value, dict):
            stack.extend((f"{path}.{k}", v) for k, v in reversed(value.items()))
        elif isinstance(value, list | tuple):
            stack.extend((f"{path}.{i}", v) for i, v in reversed(list(enumerate(value))))
        else:
            yield f"{path}={value}", 1.0


def feature_names(view: dict[str, Any]) -> list[str]:
    return [name for name, _ in iter_features(view)]


# Fast path: a view's paths repeat from step to step, so each path gets a small integer id once (built from
# its parent's id and its key, without formatting the path string again) and its bin is looked up by id.
_CHILD: dict[tuple[int, str | int], int] = {}
_PATH: list[str] = [""]
_NODE_BIN: list[tuple[int, float]] = [(0, 0.0)]  # the bin of each path as a numeric or boolean feature
_CATEGORY: dict[tuple[int, str], tuple[int, float]] = {}


def _child(node: int, key: str | int) -> int:
    found = _CHILD.get((node, key))
    if found is None:
        found = _CHILD[(node, key)] = len(_PATH)
        path = f"{_PATH[node]}.{key}" if node else str(key)
        _PATH.append(path)
        _NODE_BIN.append(feature_bin(path))
    return found


def _fill(out: list[float], node: int, value: Any) -> None:
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            _fill(out, _CHILD.get((node, key)) or _child(node, key), item)
    elif kind is list or kind is tuple:
        for key, item in enumerate(value):
            _fill(out, _CHILD.get((node, key)) or _child(node, key), item)
    elif kind is str:
        found = _CATEGORY.get((node, value))
        if found is None:
            found = _CATEGORY[(node, value)] = feature_bin(f"{_PATH[node]}={value}")
        out[found[0]] += found[1]
    elif kind is bool:
        if value:
            index, sign = _NODE_BIN[node]
            out[index] += sign
    elif kind is int or kind is float:
        if value:
            index, sign = _NODE_BIN[node]
            out[index] += sign * value
    elif value is not None:
        index, sign = feature_bin(f"{_PATH[node]}={value}")
        out[index] += sign


def encode_view(view: dict[str, Any]) -> np.ndarray:
    """The float32 observation vector of a view: the signed sum of its hashed features."""
    out = [0.0] * OBSERVATION_SIZE
    for key, value in view.items():
        if key not in STATIC_KEYS:
            _fill(out, _CHILD.get((0, key)) or _child(0, key), value)
    return np.array(out, dtype=np.float32)


def encode_view_reference(view: dict[str, Any]) -> np.ndarray:
    """:func:`encode_view` written plainly from :func:`iter_features` (the tests check they agree)."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float64)
    for name, value in iter_features(view):
        index, sign = feature_bin(name)
        out[index] += sign * value
    return out.astype(np.float32)
