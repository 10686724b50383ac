"""Golden playthroughs: regenerate every transcript listed in tests/golden/games.toml and diff."""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

import pytest

from hellenika.cli.transcript import transcript

GOLDEN = Path(__file__).parent / "golden"
CASES = tomllib.loads((GOLDEN / "games.toml").read_text())


def render(case: dict) -> str:
    return transcript(case["game"], case["players"], case["seats"], case["seed"], case["options"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript_is_unchanged(name):
    expected_path = GOLDEN / f"{name}.txt"
    assert expected_path.exists(), f"missing {expected_path}; run `make golden`"
    actual = render(CASES[name])
    expected = expected_path.read_text()
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now", n=2)
        )
        pytest.fail(
            f"{name} differs from its golden transcript (regenerate with `make golden` if intended):\n"
            + diff[:4000]
        )


if __name__ == "__main__":  # `python tests/test_golden.py` regenerates every transcript
    for case_name, case in CASES.items():
        (GOLDEN / f"{case_name}.txt").write_text(render(case))
        print(f"wrote {case_name}.txt")
