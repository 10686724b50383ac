"""The command line as a user drives it: piped play, simulation totals, replays, bench, errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hellenika.cli.app import app
from hellenika.engine.record import Record

runner = CliRunner()


def test_games_lists_hercules_with_players_and_variants():
    result = runner.invoke(app, ["games"], terminal_width=200)
    assert result.exit_code == 0
    assert "hercules" in result.output and "1-4" in result.output and "simplified" in result.output


def test_games_writes_every_option_as_it_is_typed_in_a_narrow_terminal():
    result = runner.invoke(app, ["games"], terminal_width=80)
    assert result.exit_code == 0
    for needle in (
        "--option variant=standard|simplified",
        "--option stall=0..1000",
        "--option expansion=true|false",
        "(default false)",
    ):
        assert needle in result.output
    assert "…" not in result.output  # nothing cut short


def test_rules_prints_the_summary():
    result = runner.invoke(app, ["rules", "hercules"])
    assert result.exit_code == 0
    assert "Solo against Hades" in result.output


def test_unknown_game_is_a_clear_error():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "Traceback" not in result.output


def test_play_driven_by_piped_input_finishes_and_saves_a_record(tmp_path):
    record_path = tmp_path / "game.json"
    # Nonsense, an out-of-range number and an illegal notation first: each answered, then always choice 1.
    lines = ["hello", "0", "42", "labour 0 1 x", "?"] + ["1"] * 400
    result = runner.invoke(
        app,
        [
            "play",
            "hercules",
            "--players",
            "3",
            "--seat",
            "human",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "7",
            "--record",
            str(record_path),
        ],
        input="\n".join(lines) + "\n",
        terminal_width=120,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "unknown action kind 'hello'" in out
    assert "There is no choice 0" in out and "There is no choice 42" in out
    assert "hercules §4.3" in out  # the illegal labour names its rule
    assert "Final scores" in out and "Winner:" in out
    assert "Traceback" not in out
    record = Record.load(record_path)
    assert record.seats == ["human", "greedy", "random"] and record.seed == 7
    assert record.result is not None


def test_play_stops_cleanly_when_input_ends(tmp_path):
    result = runner.invoke(
        app,
        ["play", "hercules", "--players", "2", "--seed", "1", "--record", str(tmp_path / "partial.json")],
        input="1\n",
    )
    assert result.exit_code == 1
    assert "Game stopped" in result.output and "Traceback" not in result.output
    record = Record.load(tmp_path / "partial.json")
    assert record.result is None and record.actions
    assert record.seats == ["human", "medium"]  # the seat not given: the game's heuristic player
    assert "P2 medium" in result.output


def test_text_in_square_brackets_is_printed_as_typed_not_read_as_markup():
    result = runner.invoke(app, ["play", "hercules", "--seed", "1"], input="[red]oops[/red]\nq\n")
    assert result.exit_code == 0
    assert "unknown action kind '[red]oops[/red]'" in result.output


def test_quitting_at_the_prompt_is_not_an_error():
    result = runner.invoke(app, ["play", "hercules", "--seed", "1"], input="q\n")
    assert result.exit_code == 0 and "Game stopped (quit at the prompt)" in result.output


def test_play_solo_and_simplified_variant():
    solo = runner.invoke(app, ["play", "hercules", "--players", "1", "--seat", "greedy", "--seed", "2"])
    assert solo.exit_code == 0 and "Hades" in solo.output and "Final scores" in solo.output
    simple = runner.invoke(
        app,
        [
            "play",
            "hercules",
            "--players",
            "2",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--option",
            "variant=simplified",
            "--seed",
            "2",
        ],
    )
    assert simple.exit_code == 0 and "Final scores" in simple.output


def test_bad_option_and_player_count_are_clear_errors():
    result = runner.invoke(app, ["play", "hercules", "--option", "variant=hard"])
    assert result.exit_code == 2 and "must be one of standard, simplified" in result.output
    result = runner.invoke(app, ["simulate", "hercules", "--players", "6"])
    assert result.exit_code == 2 and "1 to 4 players" in result.output
    result = runner.invoke(app, ["simulate", "hercules", "--seat", "wizard"])
    assert result.exit_code == 2 and "unknown bot 'wizard'" in result.output


def test_simulate_totals_add_up_and_repeat_exactly(tmp_path):
    args = [
        "simulate",
        "hercules",
        "--games",
        "24",
        "--players",
        "3",
        "--seat",
        "greedy",
        "--seat",
        "random",
        "--seed",
        "5",
    ]
    first = runner.invoke(app, [*args, "--json", str(tmp_path / "a.json")], terminal_width=150)
    assert first.exit_code == 0, first.output
    report = json.loads((tmp_path / "a.json").read_text())
    assert report["games"] == 24
    assert sum(p["wins"] for p in report["participants"]) == 24
    assert sum(r["games"] for r in report["turn_order"]) == 24 * 3
    assert [p["agent"] for p in report["participants"]] == ["greedy", "random", "random"]
    for p in report["participants"]:
        assert p["score_min"] <= p["score_mean"] <= p["score_max"]
    parallel = runner.invoke(
        app, [*args, "--workers", "2", "--json", str(tmp_path / "b.json")], terminal_width=150
    )
    assert parallel.stdout == first.stdout
    assert json.loads((tmp_path / "b.json").read_text()) == report


def test_replay_reproduces_a_recorded_game(tmp_path):
    path = tmp_path / "g.json"
    played = runner.invoke(
        app,
        [
            "play",
            "hercules",
            "--players",
            "2",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "9",
            "--record",
            str(path),
        ],
    )
    assert played.exit_code == 0
    result = runner.invoke(app, ["replay", str(path), "--to-end", "--log"], terminal_width=150)
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    assert f"final state {record.final_digest} matches" in result.output
    stepping = runner.invoke(app, ["replay", str(path)], input="\n\nb\n5\ne\nq\n", terminal_width=150)
    assert stepping.exit_code == 0 and "step 5 of" in stepping.output


def test_replay_rejects_a_tampered_record(tmp_path):
    path = tmp_path / "g.json"
    runner.invoke(
        app,
        [
            "play",
            "hercules",
            "--players",
            "2",
            "--seat",
            "random",
            "--seat",
            "random",
            "--seed",
            "4",
            "--record",
            str(path),
        ],
    )
    data = json.loads(path.read_text())
    rolls = [i for i, a in enumerate(data["actions"]) if a["kind"] == "roll"]
    data["actions"][rolls[0]]["values"] = [9, 9]
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path), "--to-end"])
    assert result.exit_code == 2 and "does not replay" in result.output and "Traceback" not in result.output


def test_bench_reports_its_measures():
    result = runner.invoke(app, ["bench", "hercules", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["games_per_second"] > 0 and data["clone_microseconds"] > 0
    assert data["actions_per_game"] > 50


def test_transcript_is_deterministic():
    a = runner.invoke(app, ["transcript", "hercules", "--seat", "greedy", "--seed", "3"])
    b = runner.invoke(app, ["transcript", "hercules", "--seat", "greedy", "--seed", "3"])
    assert a.exit_code == 0 and a.output == b.output and "# digest" in a.output


def test_tournament_reports_ratings_and_plots(tmp_path):
    result = runner.invoke(
        app,
        [
            "tournament",
            "hercules",
            "--bot",
            "random",
            "--bot",
            "greedy",
            "--games",
            "8",
            "--seed",
            "2",
            "--json",
            str(tmp_path / "t.json"),
            "--plot",
            str(tmp_path / "t.png"),
        ],
        terminal_width=150,
    )
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "t.json").read_text())
    assert report["games"] == 8 and sum(b["wins"] for b in report["bots"]) == 8
    assert "Head to head" in result.output and (tmp_path / "t.png").stat().st_size > 1000
    again = runner.invoke(
        app,
        ["tournament", "hercules", "--bot", "random", "--bot", "greedy", "--games", "8", "--seed", "2"],
        terminal_width=150,
    )
    assert again.stdout == result.stdout[: result.stdout.index("Plot saved to")]


def test_tournament_table_reads_whole_in_80_columns():
    """Bot names are the point of the table: in a standard terminal they are not cut or folded."""
    bots = ["random", "ismcts:iterations=1000", "greedy:epsilon=0.5"]
    args = ["tournament", "hercules", "--games", "3", *(x for b in bots for x in ("--bot", b))]
    result = runner.invoke(app, args, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for number, bot in enumerate(bots, 1):
        row = next(line for line in lines if line.startswith(f"{bot} "))  # the ratings table, whole
        assert "%" in row and "±" in row
        assert any(line.startswith(f"{number} {bot} ") for line in lines)  # the head-to-head matrix
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_tournament_needs_distinct_bots():
    result = runner.invoke(app, ["tournament", "hercules", "--bot", "random", "--bot", "random"])
    assert result.exit_code == 2 and "each --bot once" in result.output


def test_analyze_reviews_every_decision_of_a_seat(tmp_path):
    path = tmp_path / "g.json"
    runner.invoke(
        app,
        [
            "play",
            "hercules",
            "--players",
            "2",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "6",
            "--record",
            str(path),
        ],
    )
    result = runner.invoke(
        app,
        ["analyze", str(path), "--iterations", "30", "--seat", "2", "--json", str(tmp_path / "a.json")],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    reviews = json.loads((tmp_path / "a.json").read_text())
    assert reviews and {r["seat"] for r in reviews} == {1}
    assert all(r["loss"] >= 0 for r in reviews)
    assert "P2 random:" in result.output and "decisions" in result.output


def test_bench_search_speed():
    result = runner.invoke(
        app, ["bench", "hercules", "--bot", "ismcts:iterations=50", "--seconds", "0.3", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["iterations_per_second"] > 0
