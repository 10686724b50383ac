"""The balance report: seat rotation, the generic component finder, the statistics, the page."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from hellenika.bots.balance import (
    balance_specs,
    held_components,
    mean_interval,
    parse_bots,
    play_balance,
    summarise,
)
from hellenika.bots.balance_report import write_html
from hellenika.cli.app import app

runner = CliRunner()


def test_bots_are_split_on_commas_but_keep_their_parameters():
    assert parse_bots(["heuristic,random"]) == ["heuristic", "random"]
    assert parse_bots(["ismcts:iterations=50,horizon=2,random", "greedy"]) == [
        "ismcts:iterations=50,horizon=2",
        "random",
        "greedy",
    ]


def test_rotations_share_a_seed_and_identical_seats_do_not():
    specs = balance_specs("hercules", 3, ["a", "b"], (), 1, 7)
    assert [s.seats for s in specs[:3]] == [("a", "b", "a"), ("b", "a", "a"), ("a", "a", "b")]
    assert specs[0].seed == specs[1].seed == specs[2].seed != specs[3].seed
    assert specs[3].seats == specs[0].seats
    same = balance_specs("hercules", 3, ["heuristic"], (), 1, 3)
    assert len({s.seed for s in same}) == 3  # one rotation only: every game its own deal


def test_components_are_found_in_any_view_by_their_shape():
    view = {
        "players": [
            {
                "name": "Ann",
                "colour": "red",
                "hero": "ODYSSEUS",
                "gods": ["ZEUS", "HERA"],
                "cards": [{"id": "C1", "kind": "god", "name": "Zeus"}, {"id": "C2", "name": "C2"}],
                "nested": {"deep": [{"id": "T9"}]},
                "score": 3,
            },
            {"name": "Bob", "hero": None},
        ],
        "board": [
            {"q": 0, "owner": 1, "building": "ODEON", "symbol": "W"},
            {"q": 1, "owner": None, "building": "SHIP"},
            {"q": 2, "owner": True, "building": "NOT-AN-OWNER"},
        ],
    }
    held, labels = held_components(view, 2)
    assert held[0] == {
        "held:hero ODYSSEUS",
        "held:gods ZEUS",
        "held:gods HERA",
        "held:god C1",
        "held:cards C2",
        "held:deep T9",
    }
    assert held[1] == {"held:building ODEON"}
    assert labels == {"held:god C1": "Zeus"}


@pytest.mark.parametrize(
    ("game", "players", "options", "expected"),
    [
        ("hercules", 2, (), "held:demigod "),
        ("peloponnes", 3, (("expansion", True),), "held:civilization "),
        ("attika", 2, (), "held:building "),
        ("hellas", 2, (), "chose:choose "),
        ("hellas_delonge", 2, (), "held:tile "),
    ],
)
def test_every_game_exposes_components(game, players, options, expected):
    spec = balance_specs(game, players, ["random"], options, 4, 1)[0]
    result = play_balance(spec, 0)
    assert "cpu_seconds" not in result  # the report is the same on every machine
    seats = result["components"][:players]
    assert any(key.startswith(expected) for key in seats[0] + seats[1])
    assert all(key.startswith(("held:", "chose:")) for keys in result["components"] for key in keys)


def test_mean_interval():
    assert mean_interval([]) == {"n": 0, "mean": None, "sd": None, "ci95": None}
    assert mean_interval([2.0])["ci95"] is None
    stats = mean_interval([1.0, 2.0, 3.0, 2.0])
    assert stats["mean"] == 2.0
    half = 1.959964 * math.sqrt(2 / 3) / 2
    assert stats["ci95"] == pytest.approx([2 - half, 2 + half])


def test_statistics_on_a_tiny_fixed_example():
    specs = balance_specs("hercules", 2, ["a", "b"], (), 1, 4)
    results = [
        {"index": 0, "seats": ["a", "b"], "places": [1, 2], "scores": [9, 5], "first": 0},
        {"index": 1, "seats": ["b", "a"], "places": [2, 1], "scores": [4, 8], "first": 0},
        {"index": 2, "seats": ["a", "b"], "places": [1, 1], "scores": [6, 6], "first": 1},
        {"index": 3, "seats": ["b", "a"], "places": [1, 2], "scores": [7, 3], "first": 1},
    ]
    held = [[["held:x X"], []], [[], ["held:x X"]], [["held:x X"], ["held:x X"]], [[], []]]
    for r, components in zip(results, held, strict=True):
        r.update({"actions": 10, "decisions": 5, "components": components, "labels": {}})
    report = summarise(specs, ["a", "b"], 1, list(reversed(results)), ["Seat 1", "Seat 2"])
    assert report["games"] == 4
    assert [s["wins"] for s in report["seats"]] == [2.5, 1.5]
    assert [b["wins"] for b in report["by_bot"]] == [2.5, 1.5]
    # Position 1 (first in turn order): seat 1 in games 0-1, seat 2 in games 2-3.
    assert [r["wins"] for r in report["turn_order"]] == [1.5, 2.5]
    assert report["first_seat"]["advantage"] == pytest.approx(1.5 / 4 - 0.5)
    (x,) = report["components"]
    assert (x["component"], x["source"], x["games_with"], x["seat_games"]) == ("x X", "held", 3, 4)
    assert x["takers_place"]["mean"] == 1.0  # places 1, 1, 1, 1
    assert x["others_place"]["mean"] == 1.75  # places 2, 2, 1, 2 of the seats without it
    assert report["length"]["actions"]["histogram"] == [[10, 4]]


def test_a_small_run_writes_json_and_page(tmp_path):
    out = tmp_path / "report"
    args = ["balance", "hercules", "--players", "2", "--games", "20", "--bots", "heuristic,random"]
    result = runner.invoke(app, [*args, "--out", str(out)], terminal_width=150)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "balance.json").read_text())
    assert report["games"] == 20 and report["players"] == 2
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(20)
    assert [s["games"] for s in report["seats"]] == [20, 20]
    assert sum(r["games"] for r in report["turn_order"]) == 40
    assert [(b["bot"], b["games"]) for b in report["by_bot"]] == [("heuristic", 20), ("random", 20)]
    assert report["by_bot"][0]["win_rate"] > report["by_bot"][1]["win_rate"]
    assert sum(c for _, c in report["length"]["actions"]["histogram"]) == 20
    assert all(sum(c for _, c in h) == 20 for h in report["scores"]["by_participant"])
    components = report["components"]
    assert components and any(c["source"] == "held" for c in components)
    assert any(c["source"] == "chose" for c in components)
    for c in components:
        assert 1 <= c["seat_games"] <= 40 and c["games_with"] <= 20
        assert c["takers_place"]["n"] + c["others_place"]["n"] == 40
        assert c["take_rate"] == pytest.approx(c["seat_games"] / 40)
    page = (out / "balance.html").read_text()
    assert page.count('<img src="data:image/png;base64,') == 3
    assert "What this cannot show" in page and "confounding" in page
    assert {p.name for p in out.iterdir()} >= {"balance.json", "balance.html", "seats.png", "scores.png"}
    parallel = runner.invoke(app, [*args, "--workers", "2", "--out", str(tmp_path / "two")])
    assert parallel.exit_code == 0, parallel.output
    assert (tmp_path / "two" / "balance.json").read_bytes() == (out / "balance.json").read_bytes()


def test_the_page_escapes_everything(tmp_path):
    specs = balance_specs("hercules", 2, ["<b>bot</b>"], (("x", "<i>"),), 1, 2)
    results = [
        {
            "index": i,
            "seats": list(s.seats),
            "places": [1, 2],
            "scores": [1, 0],
            "first": 0,
            "actions": 3,
            "decisions": 2,
            "components": [["chose:<script>alert(1)</script>"], []],
            "labels": {"chose:<script>alert(1)</script>": "A & B"},
        }
        for i, s in enumerate(specs)
    ]
    report = summarise(specs, ["<b>bot</b>"], 1, results, ["Seat 1", "Seat 2"])
    report.update({"title": "T <&>", "rules_version": "1", "hellenika": "0"})
    path = tmp_path / "p.html"
    write_html(report, {}, path)
    page = path.read_text()
    assert "<script>" not in page and "<b>bot" not in page and "<i>" not in page
    assert (
        "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "A &amp; B" in page and "T &lt;&amp;&gt;" in page
    )
